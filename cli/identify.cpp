// fen960 identify: one line per record, naming the start position it holds.
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "fen960/startpos.hpp"
#include "io.hpp"
#include "records.hpp"

namespace fen960::cli {

namespace {

struct IdentifyArgs {
    bool explain = false;
    unsigned jobs = 0;
    std::vector<std::string> arguments;
};

int run_identify(const IdentifyArgs& args)
{
    bool const explain = args.explain;
    bool const all_judged = process_records(
        classify_arguments(args.arguments), args.jobs,
        [explain](const Origin& origin, std::string_view record, bool too_long, std::string& out, std::string& err) {
            Identification found = too_long ? Identification{Verdict::error, {too_long_diagnostic(record.size())}, {}}
                                            : identify_record(record);
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
            std::string const prefix = found.verdict == Verdict::invalid ? "invalid position: " : "";
            out += "error: " + prefix;
            for (std::size_t i = 0; i < found.errors.size(); ++i) {
                Diagnostic& d = found.errors[i];
                out += (i ? "; " : "") + d.message;
                d.message.insert(0, prefix);
                format_diagnostic(origin, d, record, Severity::error, err);
            }
            out.push_back('\n');
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
