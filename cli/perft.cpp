// fen960 perft: the number of leaf nodes of the legal move tree, optionally per root move, after
// moves; the perftree debugger's protocol; and perft suites checked count by count.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#include "command.hpp"
#include "fen960/divide.hpp"
#include "fen960/fen.hpp"
#include "fen960/limits.hpp"
#include "fen960/ordered_pipeline.hpp"
#include "fen960/perft_suite.hpp"
#include "fen960/play.hpp"
#include "fen960/position.hpp"
#include "fen960/san.hpp"
#include "io.hpp"
#include "json.hpp"
#include "options.hpp"
#include "progress.hpp"

namespace fen960::cli {

namespace {

struct PerftArgs {
    int depth = -1; // -1: not given
    std::string fen{"startpos"};
    InputDialect from = InputDialect::automatic;
    std::vector<std::string> moves; // each may hold several, separated by spaces (perftree's one argument)
    bool divide = false;
    bool perftree = false;
    bool standard_castling = false; // the old spelling of --castling king
    CastlingNotation castling = CastlingNotation::automatic;
    std::vector<std::string> suites;
    int max_depth = 99;
    unsigned jobs = 0;
    bool strict = false; // --strict: a position no game reaches is refused
    Format format = Format::text;
};

// Plays `moves` (SAN or UCI, castling either way) on `pos`; false, with the message on `err`, for a
// move that is not legal there.
bool play_moves(Position& pos, const std::vector<std::string>& moves, std::string& err)
{
    std::uint64_t argument = 0;
    for (const std::string& group : moves) {
        ++argument;
        for (std::size_t at = 0; at < group.size();) {
            std::size_t const end = std::min(group.find(' ', at), group.size());
            std::string_view const token(group.data() + at, end - at);
            at = end + 1;
            if (token.empty())
                continue;
            Expected<Move> const move = parse_san(pos, token);
            if (!move) {
                Diagnostic d = move.error();
                d.column += static_cast<std::uint32_t>(token.data() - group.data());
                format_diagnostic(Origin{"move argument", argument}, d, group, Severity::error, err);
                return false;
            }
            pos.play(*move);
        }
    }
    return true;
}

// --castling: whether root moves are written king takes rook (auto: castling_notation's rule, the
// Python module's too).
bool castling_as_kxr(const PerftArgs& args, const Setup& start)
{
    return castling_notation(args.castling, start) == CastlingNotation::kxr;
}

// perft(pos, depth); at depth 6 and more, on a terminal, root move by root move with a progress line
// (the same count: perft of each move's position at depth - 1, summed).
std::uint64_t count_nodes(const Position& pos, int depth)
{
    constexpr int long_depth = 6;
    MoveList const moves = depth >= long_depth ? pos.legal_moves() : MoveList{};
    Progress progress = Progress::steps("perft", "depth " + std::to_string(depth), moves.size(), "root moves");
    if (!progress.enabled())
        return perft(pos, depth);
    std::uint64_t nodes = 0;
    std::uint64_t done = 0;
    for (const Move& m : moves) {
        Position next = pos;
        next.play(m);
        nodes += perft(next, depth - 1);
        ++done;
        progress.update(done, done);
    }
    progress.clear();
    return nodes;
}

Strictness strictness(bool strict)
{
    return strict ? Strictness::legal : Strictness::playable;
}

int run_perft(const PerftArgs& args)
{
    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    // A record by the argument rule (io.hpp), else the first line of the file it names.
    OneRecord const one = one_record(args.fen);
    if (one.damaged) {
        err.write(damage_message("perft", *one.damaged));
        return exit_io;
    }
    std::string_view const fen = one.text;
    Origin const origin{one.source, 1};
    auto record = one.too_long ? Expected<FenRecord>(too_long_diagnostic(max_record_length)) : parse_fen(fen, args.from);
    if (!record) {
        format_diagnostic(origin, record.error(), fen, Severity::error, err.buffer());
        err.flush();
        return exit_invalid;
    }
    // Positions no game reaches but the generator can play (perft suites have some) are counted,
    // with a warning (refused with --strict); anything else is refused.
    auto pos = Position::from_setup(record->setup, Rules::chess960, strictness(args.strict));
    if (!pos) {
        Diagnostic d = pos.error();
        d.message.insert(0, "invalid position: ");
        format_diagnostic(origin, d, fen, Severity::error, err.buffer());
        err.flush();
        return exit_invalid;
    }
    std::vector<Diagnostic> warnings;
    perft_warning(*record, warnings);
    for (const Diagnostic& w : warnings)
        format_diagnostic(origin, w, fen, Severity::warning, err.buffer());
    if (!warnings.empty())
        err.flush();
    if (!play_moves(*pos, args.moves, err.buffer())) {
        err.flush();
        return exit_invalid;
    }

    std::string& text = out.buffer();
    if (args.format == Format::jsonl) {
        bool const kxr = castling_as_kxr(args, record->setup);
        std::vector<DivideRow> rows;
        std::uint64_t total = 0;
        if (args.divide && args.depth > 0) {
            rows = perft_divide(*pos, args.depth, kxr);
            for (const DivideRow& row : rows)
                total += row.nodes;
        } else {
            total = perft(*pos, args.depth);
        }
        append_perft_json(fen, args.moves, args.depth, total, args.divide ? &rows : nullptr, text);
        out.flush();
        return exit_ok;
    }
    if ((args.divide || args.perftree) && args.depth > 0) {
        // perftree reads 'move count' lines, an empty line and the total; castling as UCI engines
        // without UCI_Chess960 write it where they can (e1g1).
        char const* const separator = args.perftree ? " " : ": ";
        std::uint64_t total = 0;
        bool const kxr = castling_as_kxr(args, record->setup);
        for (const DivideRow& row : perft_divide(*pos, args.depth, kxr && !args.perftree)) {
            text += row.uci + separator + std::to_string(row.nodes);
            out.line_done();
            total += row.nodes;
        }
        if (args.perftree)
            out.line_done();
        text += std::to_string(total);
    } else {
        text += std::to_string(count_nodes(*pos, args.depth));
    }
    out.line_done();
    out.flush();
    return exit_ok;
}

// `FAIL FILE:LINE: D4 expected 962591, got 962590; ...` (the line of the first count that differs),
// `FAIL FILE:LINE:COLUMN: MESSAGE` for a position that cannot be counted, else `ok FILE:LINE`.
// `text` is the suite's, for the line an error stands on.
// Line `number` (1-based) of `text`, without its line end.
std::string_view line_of_text(std::string_view text, std::uint64_t number)
{
    std::string_view line = text;
    for (std::uint64_t n = 1; n < number && !line.empty(); ++n)
        line.remove_prefix(std::min(line.find('\n'), line.size() - 1) + 1);
    line = line.substr(0, line.find('\n'));
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    return line;
}

void write_check(std::string_view file, std::string_view text, const SuitePosition& p, const PositionCheck& c,
                 std::string& out, std::string& err)
{
    Origin const origin{file, p.line};
    for (const Diagnostic& w : p.warnings)
        format_diagnostic(Origin{file, w.line}, w, line_of_text(text, w.line), Severity::warning, err);
    if (c.error) {
        std::string_view const line = line_of_text(text, c.error->line);
        out += "FAIL " + std::string(file) + ":" + std::to_string(c.error->line) + ":" +
               std::to_string(c.error->column) + ": " + c.error->message + "\n";
        format_diagnostic(Origin{file, c.error->line}, *c.error, line, Severity::error, err);
        return;
    }
    std::vector<Diagnostic> warnings;
    perft_warning(c.problems, warnings);
    for (const Diagnostic& w : warnings)
        format_diagnostic(origin, w, p.text, Severity::warning, err);
    std::string failures;
    std::uint64_t line = p.line;
    for (const CountCheck& k : c.counts)
        if (!k.ok()) {
            if (failures.empty())
                line = k.expected.line;
            failures += (failures.empty() ? "" : "; ") + std::string("D") + std::to_string(k.expected.depth) +
                        " expected " + std::to_string(k.expected.nodes) + ", got " + std::to_string(k.nodes);
        }
    out += (failures.empty() ? "ok " : "FAIL ") + std::string(file) + ":" + std::to_string(line);
    out += failures.empty() ? "\n" : ": " + failures + "\n";
}

struct SuiteJob {
    const SuitePosition* position;
    PositionCheck check;
};

// Every position of every suite, on `jobs` threads, one line each in order, then the summary.
int run_suites(const PerftArgs& args)
{
    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    std::size_t positions = 0, failed = 0, counts = 0, skipped = 0;
    std::vector<std::string> without_counts; // files that are no perft suite (a bm/id suite, a list of positions)
    unsigned const jobs = args.jobs ? args.jobs : default_jobs();
    for (const std::string& file : args.suites) {
        std::string text;
        {
            std::unique_ptr<InputFile> const input = open_input(file);
            BlockReader reader(*input, 1 << 20);
            std::string_view block;
            while (reader.next(block)) {
                text.append(block);
                if (reader.cut())
                    text.push_back('\n');
            }
        }
        std::vector<SuitePosition> const suite = read_perft_suite(text);
        if (count_total(suite) == 0) {
            err.buffer() += "fen960 perft: no perft counts in " + file +
                            " (EPD records with D<depth> <count> operations, or 'perft DEPTH COUNT' lines)\n";
            err.flush();
            without_counts.push_back(file);
            continue;
        }
        OrderedPipeline<SuiteJob> pipeline(
            jobs, [max = args.max_depth, strictness = strictness(args.strict)](SuiteJob& job, unsigned) {
                job.check = check_suite_position(*job.position, max, strictness);
            });
        for (const SuitePosition& p : suite)
            pipeline.submit(SuiteJob{&p, {}});
        // A line when the results go to a file (on a terminal they show the progress themselves).
        Progress progress =
            ::isatty(STDOUT_FILENO) ? Progress{} : Progress::steps("perft", file, suite.size(), "positions");
        std::uint64_t done = 0;
        while (pipeline.in_flight()) {
            SuiteJob const job = pipeline.take();
            if (args.format == Format::jsonl)
                append_suite_json(file, *job.position, job.check, out.buffer());
            else
                write_check(file, text, *job.position, job.check, out.buffer(), err.buffer());
            out.flush();
            if (!err.buffer().empty())
                progress.clear();
            err.flush();
            ++done;
            progress.update(done, done);
            ++positions;
            failed += job.check.ok() ? 0 : 1;
            counts += job.check.counts.size();
            skipped += job.check.skipped;
        }
        progress.clear();
    }
    if (args.format == Format::jsonl) {
        append_suite_summary_json(positions, counts, failed, skipped, out.buffer());
        out.flush();
        return failed ? exit_invalid : exit_ok;
    }
    std::string& summary = out.buffer();
    auto const n = [](std::size_t k) { return static_cast<std::int64_t>(k); };
    summary += count_of(n(positions), "position", "positions") + ", " + count_of(n(counts), "count", "counts") +
               " checked: ";
    summary += failed ? count_of(n(failed), "position", "positions") + " failed" : std::string("all match");
    if (!without_counts.empty())
        summary += "; no perft counts in " + count_of(n(without_counts.size()), "file", "files");
    if (skipped)
        summary += "; " + count_of(n(skipped), "count", "counts") + " deeper than " + std::to_string(args.max_depth) +
                   " skipped (--max-depth)";
    out.line_done();
    out.flush();
    return failed || !without_counts.empty() ? exit_invalid : exit_ok;
}

int run_perft_command(const PerftArgs& args)
{
    return args.suites.empty() ? run_perft(args) : run_suites(args);
}

std::optional<std::string> check_perft(PerftArgs& args)
{
    if (!args.suites.empty()) {
        if (args.depth >= 0 || !args.moves.empty() || args.divide || args.perftree)
            return "--suite takes the positions and depths from its files: no DEPTH, FEN, MOVE, --divide or "
                   "--perftree";
        // `perft --suite FILE 3` reads 3 as a second file: say what was meant rather than fail to open it.
        for (const std::string& file : args.suites)
            if (!file.empty() && file.size() <= 2 && file.find_first_not_of("0123456789") == std::string::npos &&
                ::access(file.c_str(), F_OK) != 0)
                return "--suite '" + file + "': no such file; the suites give their own depths (--max-depth " +
                       file + " stops at depth " + file + ")";
        return std::nullopt;
    }
    if (args.standard_castling) {
        if (args.castling == CastlingNotation::kxr)
            return "--standard-castling is --castling king: not with --castling kxr";
        args.castling = CastlingNotation::king;
    }
    if (args.depth < 0)
        return "DEPTH is required (or --suite FILE)";
    if (args.divide && args.perftree)
        return "--divide and --perftree write the root moves two ways: give one";
    if (args.perftree && args.format == Format::jsonl)
        return "--perftree speaks perftree's protocol: not with --format jsonl";
    return std::nullopt;
}

std::vector<Option> perft_options(PerftArgs& args)
{
    return {
        Option{.names = "depth", .help = "Plies to look ahead (not with --suite)", .target = &args.depth,
               .value_name = "DEPTH", .range = std::pair<std::int64_t, std::int64_t>{0, 64}},
        Option{.names = "fen",
               .help = std::string("The position (default startpos), or a file's first line. ") + argument_rule,
               .target = &args.fen,
               .value_name = "FEN|FILE"},
        Option{.names = "moves",
               .help = "Moves to play first, SAN or UCI; one argument may hold several",
               .target = &args.moves, .value_name = "MOVE"},
        flag("--divide", args.divide, "Print each root move's count before the total"),
        flag("--perftree", args.perftree,
             "Speak perftree's protocol: 'MOVE COUNT' lines, an empty line, the total"),
        castling_option(args.castling,
                        "How --divide writes castling: kxr (e1h1), king (e1g1) or auto (default: kxr for "
                        "Chess960 rights)"),
        Option{.names = "--standard-castling", .help = "--castling king", .target = &args.standard_castling,
               .hidden = true},
        from_option(args.from),
        Option{.names = "--suite",
               .help = "Check every count of perft suites (EPD 'D<depth> <count>' or .perft blocks): 'ok' or "
                       "'FAIL' per position, then a summary",
               .target = &args.suites, .value_name = "FILE", .many = true},
        Option{.names = "--max-depth", .help = "With --suite, skip counts deeper than N (default 99)",
               .target = &args.max_depth, .value_name = "N", .range = std::pair<std::int64_t, std::int64_t>{1, 99},
               .needs = "--suite"},
        strict_option(args.strict),
        jobs_option(args.jobs),
        Option{.names = "--format",
               .help = "text (default) or jsonl: one object (with --suite, one a position)",
               .target = &args.format},
    };
}

} // namespace

const Command perft_command{
    .name = "perft",
    .summary = "Count the leaf nodes of the legal move tree of a position.",
    .description =
        R"(Count the leaf nodes of the legal move tree DEPTH plies deep from FEN after MOVEs, with Chess960 castling; a position no game reaches is counted with a warning (--strict refuses it). With --suite, check every count of suite files instead. 'man fen960' has the details.)",
    .footer =
        R"(Exit status: 0 counted (every suite count matches), 1 a bad record or move, or a suite count differs, 2 usage error, 3 input/output error.
Examples:
  fen960 perft 5
      4865609
  fen960 perft 4 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'
      201143
  fen960 perft --divide 2 '1rk3r1/8/8/8/8/8/8/1RK1R3 w EBgb - 0 1'
      b1a1: 24          (the rook on b1 to a1)
      ...
      c1b1: 22          (castling: the king on c1 takes its rook on b1)
      ...
      464
  fen960 perft 3 startpos e4 e5 Nf3
  fen960 perft --perftree 3 startpos 'e2e4 e7e5'
  fen960 perft --suite chess960.perft --max-depth 5
      ok chess960.perft:5
      ...
      960 positions, 4800 counts checked: all match; 960 counts deeper than 5 ...
)",
    .line = [] { return command_line(perft_options, run_perft_command, check_perft); },
};

} // namespace fen960::cli
