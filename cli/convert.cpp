// fen960 convert: one output line per input line, in order.
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#include "command.hpp"
#include "fen960/convert.hpp"
#include "io.hpp"
#include "json.hpp"
#include "options.hpp"
#include "records.hpp"

namespace fen960::cli {

namespace {

struct ConvertArgs {
    ConvertOptions options;
    std::vector<std::string> records;
    std::vector<std::string> files;
    unsigned jobs = 0;
    Format format = Format::text;
};

int run_convert(const ConvertArgs& args)
{
    Inputs const inputs{args.records, args.files};
    bool const all_valid = process_records(
    "convert", inputs, args.jobs,
        [&options = args.options, jsonl = args.format == Format::jsonl](
            const Origin& origin, std::string_view record, bool too_long, std::string& out, std::string& err) {
            std::vector<Diagnostic> errors;
            std::vector<Diagnostic> warnings;
            bool ok = false;
            std::size_t const start = out.size();
            if (too_long)
                errors.push_back(too_long_diagnostic(record.size()));
            else
                ok = convert_record(record, options, out, errors, warnings);
            for (const Diagnostic& w : warnings)
                format_diagnostic(origin, w, record, Severity::warning, err);
            if (jsonl) {
                std::string const converted = out.substr(start);
                out.resize(start);
                append_convert_json(origin, record, options.to,
                                    ok ? std::optional<std::string_view>(converted) : std::nullopt, errors, warnings,
                                    out);
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
        });
    return all_valid ? exit_ok : exit_invalid;
}

std::vector<Option> convert_options(ConvertArgs& args)
{
    return {
        Option{.names = "--to", .help = "Dialect to write", .target = &args.options.to, .required = true},
        Option{.names = "--from",
               .help = "How to read castling letters: auto (default: KQkq = the outermost rook on that side of "
                       "the king, a file letter = the rook on that file), fen (KQkq only, king on e1/e8, rooks "
                       "on a/h), shredder (file letters only), xfen (both forms)",
               .target = &args.options.from},
        en_passant_option(args.options.en_passant),
        flag("--repair", args.options.repair,
             "Drop castling rights and en-passant squares the position cannot have (keeping the outermost "
             "valid right on each side of the king) and warn on standard error for each, instead of "
             "rejecting the record"),
        Option{.names = "-f,--file",
               .help = "Read records from FILE, one per line ('-' = standard input)",
               .target = &args.files,
               .value_name = "FILE",
               .many = true},
        jobs_option(args.jobs),
        format_option(args.format),
        Option{.names = "records", .help = "Records to convert (quote each one)", .target = &args.records,
               .value_name = "FEN"},
    };
}

std::optional<std::string> check_convert(ConvertArgs& args)
{
    if (!args.records.empty() && !args.files.empty())
        return "give records as arguments or files with -f, not both";
    return std::nullopt;
}

} // namespace

const Command convert_command{
    .name = "convert",
    .summary = "Convert FEN records between standard FEN, Shredder-FEN and X-FEN.",
    .description =
        R"(Convert FEN records between standard FEN, Shredder-FEN and X-FEN.
Reads the records given as arguments, else the files given with -f, else standard input, one record per
line, and writes exactly one line per input line: the converted record, or 'error: MESSAGE' (the
message, with file, line, column and a caret, also goes to standard error).)",
    .footer =
        R"(Examples:
  fen960 convert --to xfen 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'
      rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1
  fen960 convert --to shredder 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
      rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1
  fen960 convert --to fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'
      rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
  fen960 convert --to shredder 'rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11'
      rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11   (X-FEN G: the inner rook on g1)
  fen960 convert --to shredder < database.xfen > database.shredder
  fen960 convert --to xfen --en-passant keep -f games.fen
  fen960 convert --to shredder --format jsonl -f games.fen     (one JSON object per line)
Exit status: 0 every record converted, 1 some records invalid (the others still converted),
2 usage error, 3 a file could not be read or the output could not be written.
)",
    .line = [] { return command_line(convert_options, run_convert, check_convert); },
};

} // namespace fen960::cli
