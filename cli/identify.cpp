// fen960 identify: one line per record, naming the start position it holds.
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "fen960/startpos.hpp"
#include "io.hpp"
#include "json.hpp"
#include "options.hpp"
#include "records.hpp"

namespace fen960::cli {

namespace {

struct IdentifyArgs {
    bool explain = false;
    InputDialect from = InputDialect::automatic;
    unsigned jobs = 0;
    Format format = Format::text;
    RecordInputs inputs;
};

int run_identify(const IdentifyArgs& args)
{
    bool const explain = args.explain;
    bool const jsonl = args.format == Format::jsonl;
    return process_records(
        "identify", args.inputs.inputs(), args.jobs,
        [explain, jsonl, from = args.from](const Origin& origin, std::string_view record, bool too_long, std::string& out, std::string& err) {
            Identification found = too_long ? Identification{Verdict::error, {too_long_diagnostic(record.size())}, {}}
                                            : identify_record(record, from);
            if (jsonl) {
                append_identify_json(origin, record, found, out);
                for (const Diagnostic& d : found.errors)
                    format_diagnostic(origin, d, record, Severity::error, err);
                return found.verdict == Verdict::valid;
            }
            if (found.verdict == Verdict::valid) {
                out += start_label(found.check);
                if (explain && found.check.kind == StartKind::none) {
                    out.push_back('\t');
                    for (std::size_t i = 0; i < found.check.problems.size(); ++i)
                        out += (i ? "; " : "") + found.check.problems[i].message;
                }
                out.push_back('\n');
                return true;
            }
            // An impossible position says so once on stdout and on each stderr line.
            write_error_line(origin, record, found.errors, out, err,
                             found.verdict == Verdict::invalid ? "invalid position: " : "");
            return false;
        },
        other_line_writer(false, jsonl));
}

std::vector<Option> identify_options(IdentifyArgs& args)
{
    return judge_options({flag("--explain", args.explain,
                               "After '-', a tab and every reason the record is no start position"),
                          from_option(args.from)},
                         args.jobs, args.format, args.inputs);
}

std::optional<std::string> check_identify(IdentifyArgs& args)
{
    return check_record_inputs(args.inputs.inputs());
}

} // namespace

const Command identify_command{
    .name = "identify",
    .summary = "Name the Chess960 or Double Fischer Random start position of records.",
    .description =
        R"(Name the start position each record holds, one line per input line: its Chess960 number (518 the standard start), 'dfrc:N' for a Double Fischer Random start (N = white * 960 + black), '-' for no start position, or 'error: MESSAGE'. A start has white to move, the four rooks' castling rights, no en-passant square and clocks 0 1.
Reads INPUTS, -f's files, else standard input.)",
    .footer =
        R"(Exit status: 0 every record judged, 1 some records unreadable or invalid (the rest judged), 2 usage error, 3 input/output error.
Examples:
  fen960 identify 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'
      518
  fen960 identify 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
      dfrc:497280
  fen960 identify --explain 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
      -<TAB>white pawns do not fill rank 2 (e2 empty); other pieces on the board (white pawn on e4);
      black to move (white moves first in a start position)
  fen960 startpos --all | cut -f2 | fen960 identify
  fen960 identify games.fen -
)",
    .line = [] { return command_line(identify_options, run_identify, check_identify); },
};

} // namespace fen960::cli
