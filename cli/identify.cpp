// fen960 identify: one line per record, naming the start position it holds.
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "fen960/startpos.hpp"
#include "io.hpp"
#include "json.hpp"
#include "records.hpp"

namespace fen960::cli {

namespace {

struct IdentifyArgs {
    bool explain = false;
    unsigned jobs = 0;
    bool jsonl = false;
    std::vector<std::string> arguments;
};

int run_identify(const IdentifyArgs& args)
{
    bool const explain = args.explain;
    bool const jsonl = args.jsonl;
    bool const all_judged = process_records(
        "identify", classify_arguments(args.arguments), args.jobs,
        [explain, jsonl](const Origin& origin, std::string_view record, bool too_long, std::string& out, std::string& err) {
            Identification found = too_long ? Identification{Verdict::error, {too_long_diagnostic(record.size())}, {}}
                                            : identify_record(record);
            if (jsonl) {
                nlohmann::ordered_json line = json_record(origin, record);
                bool const judged = found.verdict == Verdict::valid;
                line["ok"] = judged;
                line["result"] = judged ? nlohmann::ordered_json(start_label(found.check)) : nullptr;
                line["chess960"] = judged && found.check.kind == StartKind::chess960
                                       ? nlohmann::ordered_json(found.check.number)
                                       : nullptr;
                line["dfrc"] = judged && found.check.kind == StartKind::dfrc ? nlohmann::ordered_json(found.check.number)
                                                                             : nullptr;
                nlohmann::ordered_json reasons = nlohmann::ordered_json::array();
                if (judged && found.check.kind == StartKind::none)
                    for (const StartProblem& p : found.check.problems)
                        reasons.push_back(p.message);
                line["reasons"] = reasons;
                line["invalid_position"] = found.verdict == Verdict::invalid;
                line["errors"] = json_diagnostics(found.errors);
                append_json_line(line, out);
                for (const Diagnostic& d : found.errors)
                    format_diagnostic(origin, d, record, Severity::error, err);
                return judged;
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
        });
    return all_judged ? exit_ok : exit_invalid;
}

} // namespace

void add_identify(CLI::App& app, Run& run)
{
    auto args = std::make_shared<IdentifyArgs>();
    CLI::App* cmd = app.add_subcommand("identify", "Name the Chess960 or Double Fischer Random start position of records.");
    cmd->description(
        "Name the start position each record holds, one line per input line: its Chess960 number (518 for the\n"
        "standard start), 'dfrc:N' for a Double Fischer Random start that is no Chess960 one (N = white * 960 +\n"
        "black), '-' for a position that is no start position, 'error: MESSAGE' for a record that does not parse\n"
        "or is no valid position (the message, with file, line, column and a caret, also goes to standard error).\n"
        "A start position has white to move, exactly the four rooks' castling rights (in any dialect), no\n"
        "en-passant square and clocks 0 1. Reads the records given as arguments, the files given as arguments\n"
        "('-' = standard input), or standard input.");
    cmd->add_flag("--explain", args->explain, "After '-', a tab and every reason the record is no start position");
    add_jobs_option(*cmd, args->jobs);
    add_format_option(*cmd, args->jsonl);
    cmd->add_option("inputs", args->arguments, "Records (quote each one) or files")->type_name("FEN|FILE");
    cmd->footer(
        "Examples:\n"
        "  fen960 identify 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'\n"
        "      518\n"
        "  fen960 identify 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n"
        "      dfrc:497280\n"
        "  fen960 identify --explain 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'\n"
        "      -<TAB>white pawns do not fill rank 2 (e2 empty); other pieces on the board (white pawn on e4);\n"
        "      black to move (white moves first in a start position)\n"
        "  fen960 startpos --all | cut -f2 | fen960 identify\n"
        "  fen960 identify games.fen -\n"
        "Exit status: 0 every record judged, 1 some records did not parse or were no valid position (the\n"
        "others still judged), 2 usage error, 3 a file could not be read or the output could not be written.\n");
    cmd->callback([args, &run] { run = [args] { return run_identify(*args); }; });
}

} // namespace fen960::cli
