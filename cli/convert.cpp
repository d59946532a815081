// fen960 convert: one output line per input line, in order.
#include <cstddef>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

#include "command.hpp"
#include "fen960/book.hpp"
#include "fen960/convert.hpp"
#include "fen960/diagnostic.hpp"
#include "fen960/pgn_book.hpp"
#include "fen960/polyglot.hpp"
#include "io.hpp"
#include "json.hpp"
#include "options.hpp"
#include "records.hpp"

namespace fen960::cli {

namespace {

struct ConvertArgs {
    ConvertOptions options;
    RecordInputs inputs;
    unsigned jobs = 0;
    Format format = Format::text;
    bool unique = false;
    bool stats = false;
    bool key = false; // --format jsonl: each object's Polyglot key
    std::optional<Shape> shape; // options.shape when given (check_convert)
    std::string variant_name;   // --format pgn: every game's Variant tag
    bool strict = false;        // --strict: options.acceptance (check_convert)
};

// --unique and --stats: each valid record's BookKey, made where the record is read, waits for the
// InOrder step of its block here. The step runs on the same thread, after the block (records.hpp), and
// takes the keys in the order of the block's valid records.
std::vector<BookKey>& block_keys()
{
    thread_local std::vector<BookKey> keys;
    return keys;
}

// The book index and what the InOrder step says about it.
class Books {
public:
    explicit Books(bool unique) : unique_(unique) {}

    // A block of lines in order (their outputs `out`'s bytes from `begin` on): each record's key into
    // the index; with --unique, a duplicate's output erased and the duplicate named on standard error.
    void lines(std::span<const InOrder::Line> lines, std::string& out, std::size_t begin, std::string& err)
    {
        std::vector<BookKey>& keys = block_keys();
        // The table slots of the records a little ahead are asked for before each add, so that their
        // cache misses overlap with the adds before them.
        constexpr std::size_t ahead = 12;
        for (std::size_t k = 0; k < ahead && k < keys.size(); ++k)
            index_.prefetch(keys[k].hash);
        std::size_t next = 0; // the key of the next valid record
        // The kept lines move down over the erased ones: those from `kept` on go to `to`.
        char* const base = out.data();
        std::size_t to = begin;
        std::size_t kept = begin;
        for (const InOrder::Line& line : lines) {
            if (!line.messages.empty())
                err.append(line.messages);
            if (!line.valid) {
                invalid_ += line.record ? 1 : 0;
                continue;
            }
            if (next + ahead < keys.size())
                index_.prefetch(keys[next + ahead].hash);
            BookPlace const place{input(line.origin.name), line.origin.line};
            auto const first = index_.add(keys[next++], place);
            if (first && unique_) {
                auto const at = static_cast<std::size_t>(line.written.data() - base);
                if (to != kept)
                    std::memmove(base + to, base + kept, at - kept);
                to += at - kept;
                kept = at + line.written.size();
                write_duplicate(line.origin, place, *first, err);
            }
        }
        if (next != keys.size())
            throw std::logic_error("convert --unique: the block's keys do not match its valid records");
        keys.clear();
        if (to != kept) {
            std::memmove(base + to, base + kept, out.size() - kept);
            out.resize(to + (out.size() - kept));
        }
    }

    void write_stats(std::string& err) const
    {
        const BookCounts& c = index_.counts();
        // "1 record", "2 records": each line's noun in the number of its count.
        auto const line = [&err](std::uint64_t n, std::string_view noun, std::string_view rest) {
            std::string const what = count_of(static_cast<std::int64_t>(n), noun, std::string(noun) + "s");
            err.append("fen960 convert: ").append(what).append(rest).append("\n");
        };
        std::string const invalid = invalid_ ? " (and " + std::to_string(invalid_) + " invalid)" : "";
        line(c.records, "record", invalid);
        line(c.with_clocks, "distinct position", " with clocks");
        line(c.without_clocks, "distinct position", " without clocks");
        line(c.positions, "distinct position", " without superfluous en-passant squares (as --unique tells them)");
        line(c.board_side_castling, "distinct board", " with side to move and castling rights");
        line(c.boards, "distinct board", "");
    }

private:
    void write_duplicate(const Origin& origin, BookPlace place, BookPlace first, std::string& err) const
    {
        err.append(origin.name).append(":").append(std::to_string(origin.line)).append(": duplicate of ");
        if (first.input != place.input)
            err.append(names_[first.input]).append(":");
        else
            err.append("line ");
        err.append(std::to_string(first.line)).append("\n");
    }

    // The inputs' numbers for BookPlace: consecutive records of one input share its name.
    std::uint32_t input(std::string_view name)
    {
        if (names_.empty() || names_.back() != name)
            names_.emplace_back(name);
        return static_cast<std::uint32_t>(names_.size() - 1);
    }

    bool unique_;
    BookIndex index_;
    std::vector<std::string> names_;
    std::uint64_t invalid_ = 0;
};

// One record's output line (or JSON object, with its Polyglot key under `with_key`) and messages;
// with `judged`, the record is read into it.
[[gnu::always_inline]] inline bool convert_one(const ConvertOptions& options, bool jsonl, bool with_key,
                                               const Origin& origin, std::string_view record, bool too_long,
                                               std::string& out, std::string& err, FenRecord* judged)
{
    std::vector<Diagnostic> errors;
    std::vector<Diagnostic> warnings;
    std::vector<EpdOperation> operations; // read for --format jsonl only
    std::vector<EpdOperation>* const listed = jsonl ? &operations : nullptr;
    std::size_t const start = out.size();
    Expected<void, Diagnostics> done;
    if (too_long) {
        done = Diagnostics{too_long_diagnostic(record.size())};
    } else if (judged) {
        done = judge_record(record, options, *judged, warnings, listed);
        if (done)
            if (auto written = write_record(record, *judged, options, out, listed); !written)
                done = Diagnostics{std::move(written.error())};
    } else {
        done = convert_record(record, options, out, warnings, operations); // jsonl: convert_record_line otherwise
    }
    bool const ok = done.has_value();
    if (!ok)
        errors = std::move(done.error());
    for (const Diagnostic& w : warnings)
        format_diagnostic(origin, w, record, Severity::warning, err);
    if (jsonl) {
        std::string const converted = out.substr(start);
        out.resize(start);
        char digits[16];
        std::string_view const key = ok && with_key ? std::string_view(digits, 16) : std::string_view();
        if (!key.empty())
            write_key(polyglot_key(judged->setup), digits);
        append_convert_json(origin, record, options.to, ok ? std::optional<std::string_view>(converted) : std::nullopt,
                            errors, warnings, operations, out, with_key, key);
        for (const Diagnostic& e : errors)
            format_diagnostic(origin, e, record, Severity::error, err);
        return ok;
    }
    if (!ok) {
        write_error_line(origin, record, errors, out, err);
        return false;
    }
    out.push_back('\n');
    return true;
}

// --format pgn: one record's game (pgn_book.hpp), read into `judged`; for an invalid record no game and
// its messages as text convert writes them.
bool convert_to_game(const ConvertOptions& options, std::string_view variant, const Origin& origin,
                     std::string_view record, bool too_long, std::string& out, std::string& err, FenRecord& judged)
{
    std::vector<Diagnostic> warnings;
    thread_local std::vector<EpdOperation> operations;
    Expected<void, Diagnostics> done;
    if (too_long) {
        done = Diagnostics{too_long_diagnostic(record.size())};
    } else {
        done = judge_record(record, options, judged, warnings, &operations);
        if (done)
            if (auto written = append_pgn_game(record, judged, operations, options, variant, out); !written)
                done = Diagnostics{std::move(written.error())};
    }
    for (const Diagnostic& w : warnings)
        format_diagnostic(origin, w, record, Severity::warning, err);
    if (!done)
        for (const Diagnostic& e : done.error())
            format_diagnostic(origin, e, record, Severity::error, err);
    return done.has_value();
}

int run_convert(const ConvertArgs& args)
{
    Inputs const inputs = args.inputs.inputs();
    bool const keyed = args.unique || args.stats;
    Books books(args.unique);
    InOrder in_order;
    if (keyed) {
        in_order.lines = [&books](std::span<const InOrder::Line> lines, std::string& out, std::size_t begin,
                                  std::string& err) { books.lines(lines, out, begin, err); };
        if (args.stats)
            in_order.finish = [&books](std::string&, std::string& err) { books.write_stats(err); };
    }
    if (args.format == Format::pgn)
        return process_records(
            "convert", inputs, args.jobs,
            [&options = args.options, variant = std::string_view(args.variant_name), keyed](
                const Origin& origin, std::string_view record, bool too_long, std::string& out, std::string& err) {
                thread_local FenRecord judged;
                bool const ok = convert_to_game(options, variant, origin, record, too_long, out, err, judged);
                if (keyed && ok)
                    block_keys().push_back(book_key(judged.setup));
                return ok;
            },
            [](const Origin&, std::string_view, std::string&) {}, keyed ? &in_order : nullptr);
    bool const jsonl = args.format == Format::jsonl;
    if (!keyed && !args.key && !jsonl) // plain convert, a function of its own: nothing to decide a record
        return process_records(
            "convert", inputs, args.jobs,
            [&options = args.options](const Origin& origin, std::string_view record, bool too_long, std::string& out,
                                      std::string& err) {
                return convert_record_line(options, origin, record, too_long, out, err);
            },
            other_line_writer(true, false), nullptr);
    return process_records(
        "convert", inputs, args.jobs,
        [&options = args.options, jsonl, keyed, with_key = args.key,
         plain = !keyed && !args.key](const Origin& origin, std::string_view record, bool too_long, std::string& out,
                                      std::string& err) {
            if (plain) // jsonl (plain text is above): no record kept, no thread-local to reach
                return convert_one(options, true, false, origin, record, too_long, out, err, nullptr);
            thread_local FenRecord judged;
            bool const ok = convert_one(options, jsonl, with_key, origin, record, too_long, out, err, &judged);
            if (keyed && ok)
                block_keys().push_back(book_key(judged.setup));
            return ok;
        },
        other_line_writer(true, jsonl), keyed ? &in_order : nullptr);
}

// --format text|jsonl|pgn.
Option convert_format_option(Format& format)
{
    Option o = format_option(format);
    o.help = "text (default), jsonl (a JSON object per input line) or pgn (each record a PGN game)";
    o.pgn_format = true;
    return o;
}

std::vector<Option> convert_options(ConvertArgs& args)
{
    std::vector<Option> options{
        Option{.names = "--to", .help = "Dialect to write (default xfen)", .target = &args.options.to},
        from_option(args.options.from),
        en_passant_option(args.options.en_passant),
        Option{.names = "--shape",
               .help = "as-read (default), fen (six fields: clocks from hmvc/fmvn, else 0 1) or epd (four)",
               .target = &args.shape},
        flag("--repair", args.options.repair,
             "Drop the castling rights and en-passant square the position cannot have (a warning each)"),
        strict_option(args.strict),
        flag("--mirror", args.options.mirror,
             "Write the colour-flipped position"),
        flag("--unique", args.unique,
             "Write each position's first record only"),
        flag("--stats", args.stats,
             "Count records and positions, on standard error"),
        Option{.names = "--key",
               .help = "With --format jsonl: each object's Polyglot 'key'",
               .target = &args.key},
        Option{.names = "--variant-name",
               .help = "With --format pgn: every game's Variant tag",
               .target = &args.variant_name,
               .value_name = "NAME"},
        jobs_option(args.jobs),
        convert_format_option(args.format),
    };
    add_input_options(options, args.inputs);
    return options;
}

std::optional<std::string> check_convert(ConvertArgs& args)
{
    if (auto const problem = check_record_inputs(args.inputs.inputs()))
        return problem;
    if (args.key && args.format != Format::jsonl)
        return "--key: goes with --format jsonl (fen960 key writes the keys alone)";
    if (args.shape && args.format == Format::pgn)
        return "--shape: goes with --format text or jsonl (a game's FEN tag has six fields)";
    if (!args.variant_name.empty() && args.format != Format::pgn)
        return "--variant-name: goes with --format pgn";
    if (auto const problem = pgn_tag_value_problem(args.variant_name))
        return "--variant-name: " + *problem;
    args.options.shape = args.shape.value_or(Shape::as_read);
    args.options.acceptance = args.strict ? Acceptance::strict : Acceptance::playable;
    return std::nullopt;
}

} // namespace

const Command convert_command{
    .name = "convert",
    .summary = "Convert FEN records between standard FEN, Shredder-FEN and X-FEN.",
    .description =
        R"(Convert FEN records between standard FEN, Shredder-FEN and X-FEN: one line per input line, the record converted (its EPD operations kept) or 'error: MESSAGE' (its file, line and column on standard error). Reads INPUTS, -f's files, else standard input, compressed or not. 'man fen960' has the details.)",
    .footer =
        R"(Exit status: 0 all converted, 1 some records invalid (the rest converted), 2 usage error, 3 input/output error.
Examples:
  fen960 convert --to xfen 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'
      rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1
  fen960 convert --to shredder 'rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11'
      rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11
  fen960 convert --to fen startpos
      rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
  fen960 convert --to shredder < database.xfen > database.shredder
  fen960 convert --unique --stats -f book.epd > book.unique.epd
  fen960 convert --format pgn book.epd > book.pgn
  fen960 convert --format jsonl --key games.fen
)",
    .line = [] { return command_line(convert_options, run_convert, check_convert); },
};

} // namespace fen960::cli
