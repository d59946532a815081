// fen960 validate: one verdict line per input line, in order.
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include "commands.hpp"
#include "fen960/validate.hpp"
#include "io.hpp"

namespace fen960::cli {

namespace {

struct ValidateArgs {
    bool chess960 = false;
    std::vector<std::string> arguments;
};

int run_validate(const ValidateArgs& args)
{
    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    Rules const rules = args.chess960 ? Rules::chess960 : Rules::standard;
    bool all_valid = true;
    Validation v;
    for_each_record(classify_arguments(args.arguments), [&](const Origin& origin, std::string_view record,
                                                            bool too_long) {
        if (too_long)
            v = Validation{Verdict::error, {too_long_diagnostic(record.size())}, {}};
        else
            v = validate_record(record, rules);
        std::string& line = out.buffer();
        switch (v.verdict) {
        case Verdict::valid: line += "valid"; break;
        case Verdict::invalid:
            line += "invalid\t";
            for (std::size_t i = 0; i < v.problems.size(); ++i)
                line += (i ? "; " : "") + v.problems[i].message;
            break;
        case Verdict::error:
            line += "error: ";
            for (std::size_t i = 0; i < v.errors.size(); ++i) {
                line += (i ? "; " : "") + v.errors[i].message;
                format_diagnostic(origin, v.errors[i], record, Severity::error, err.buffer());
            }
            err.flush();
            break;
        }
        all_valid = all_valid && v.verdict == Verdict::valid;
        out.line_done();
    });
    out.flush();
    return all_valid ? exit_ok : exit_invalid;
}

} // namespace

void add_validate(CLI::App& app, Run& run)
{
    auto args = std::make_shared<ValidateArgs>();
    CLI::App* cmd = app.add_subcommand("validate", "Check that records describe positions a game can reach.");
    cmd->description(
        "Check that records describe positions a game can reach, one line per input line: 'valid';\n"
        "'invalid<TAB>REASON; REASON; ...' with every reason that applies (kings, pawns on the first or eighth\n"
        "rank, too much material, the side not to move in check, checks no move can give, castling rights,\n"
        "the en-passant square and the halfmove clock after it), in that order; or 'error: MESSAGE' for a\n"
        "record that does not parse (the message, with file, line, column and a caret, also goes to standard\n"
        "error). Without --chess960 the rules are standard chess: a castling right needs the king on e1/e8 and\n"
        "the rook on the a- or h-file. Castling letters are read as by 'convert --from auto'. Reads the records\n"
        "given as arguments, the files given as arguments ('-' = standard input), or standard input.");
    cmd->add_flag("--chess960", args->chess960,
                  "Judge by Chess960 rules: a castling rook is any own rook on the back rank, with the king between "
                  "the a-side and the h-side castling rooks");
    cmd->add_option("inputs", args->arguments, "Records (quote each one) or files")->type_name("FEN|FILE");
    cmd->footer(
        "Examples:\n"
        "  fen960 validate 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n"
        "      valid\n"
        "  fen960 validate 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'\n"
        "      invalid<TAB>castling letter 'C': standard chess castles only with the king on e1 and the rook on h1; ...\n"
        "  fen960 validate --chess960 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'\n"
        "      valid\n"
        "  fen960 validate --chess960 '8/8/8/8/8/8/8/K6k w - - 0 1'\n"
        "      valid\n"
        "  fen960 validate --chess960 '4k3/8/8/8/8/8/8/4K2r b - - 0 1'\n"
        "      invalid<TAB>the side not to move is in check: white king on e1 attacked from h1\n"
        "  fen960 validate --chess960 games.fen - < more.fen\n"
        "Exit status: 0 every record valid, 1 some records invalid or unreadable (the others still judged),\n"
        "2 usage error, 3 a file could not be read or the output could not be written.\n");
    cmd->callback([args, &run] { run = [args] { return run_validate(*args); }; });
}

} // namespace fen960::cli
