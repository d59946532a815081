// fen960 perft: the number of leaf nodes of the legal move tree, optionally per root move.
#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include "commands.hpp"
#include "fen960/fen.hpp"
#include "fen960/position.hpp"
#include "fen960/validate.hpp"
#include "io.hpp"

namespace fen960::cli {

namespace {

constexpr const char* standard_start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

struct PerftArgs {
    int depth = 0;
    std::string fen = standard_start;
    bool divide = false;
    bool standard_castling = false;
};

int run_perft(const PerftArgs& args)
{
    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    Origin const origin{"argument", 1};
    auto record = parse_fen(args.fen);
    if (!record) {
        format_diagnostic(origin, record.error(), args.fen, Severity::error, err.buffer());
        err.flush();
        return exit_invalid;
    }
    // Positions no game reaches but the generator can play (perft suites have some) are counted,
    // with a warning; anything else is refused.
    auto pos = Position::from_setup(record->setup, Rules::chess960, Strictness::playable);
    if (!pos) {
        Diagnostic d = pos.error();
        d.message.insert(0, "invalid position: ");
        format_diagnostic(origin, d, args.fen, Severity::error, err.buffer());
        err.flush();
        return exit_invalid;
    }
    std::vector<std::string> const problems = position_problems(*record, Rules::chess960);
    if (!problems.empty()) {
        std::string message = "not a position of a legal game (";
        for (std::size_t i = 0; i < problems.size(); ++i)
            message += (i ? "; " : "") + problems[i];
        message += "); counting anyway";
        format_diagnostic(origin, Diagnostic{1, 1, message}, args.fen, Severity::warning, err.buffer());
        err.flush();
    }

    std::string& text = out.buffer();
    if (args.divide && args.depth > 0) {
        std::vector<std::pair<std::string, std::uint64_t>> rows;
        std::uint64_t total = 0;
        for (const Move& m : pos->legal_moves()) {
            Position child = *pos;
            child.play(m);
            std::uint64_t const nodes = perft(child, args.depth - 1);
            total += nodes;
            rows.emplace_back(to_uci(*pos, m, !args.standard_castling), nodes);
        }
        std::sort(rows.begin(), rows.end());
        for (const auto& [uci, nodes] : rows) {
            text += uci + ": " + std::to_string(nodes);
            out.line_done();
        }
        text += std::to_string(total);
    } else {
        text += std::to_string(perft(*pos, args.depth));
    }
    out.line_done();
    out.flush();
    return exit_ok;
}

} // namespace

void add_perft(CLI::App& app, Run& run)
{
    auto args = std::make_shared<PerftArgs>();
    CLI::App* cmd = app.add_subcommand("perft", "Count the leaf nodes of the legal move tree of a position.");
    cmd->description(
        "Count the leaf nodes of the legal move tree DEPTH plies deep from FEN (default: the standard start),\n"
        "with Chess960 castling (from the castling rooks' squares; standard castling is the special case).\n"
        "Prints the count alone; with --divide first each root move in UCI with its count ('e2e4: 20'),\n"
        "sorted, then the total. Castling is written king-takes-rook (e1h1), as UCI_Chess960 engines do.\n"
        "A position no game can reach is still counted when the move generator can play it (one king each,\n"
        "the side not to move not in check, sound castling rights and en-passant square), with a warning.");
    cmd->add_option("depth", args->depth, "Plies to look ahead")->required()->check(CLI::Range(0, 64));
    cmd->add_option("fen", args->fen, "The position (quote it; any dialect)")->type_name("FEN");
    cmd->add_flag("--divide", args->divide, "Print the count of each root move before the total");
    cmd->add_flag("--standard-castling", args->standard_castling,
                  "In --divide, write castling with the king on e1/e8 and the rook on a/h as the king's "
                  "two-square move (e1g1)");
    cmd->footer(
        "Examples:\n"
        "  fen960 perft 5\n"
        "      4865609\n"
        "  fen960 perft 4 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'\n"
        "      201143\n"
        "  fen960 perft --divide 2 '1rk3r1/8/8/8/8/8/8/1RK1R3 w EBgb - 0 1'\n"
        "      b1a1: 24          (the rook on b1 to a1)\n"
        "      ...\n"
        "      c1b1: 22          (castling: the king on c1 takes its rook on b1, ends on c1, the rook on d1)\n"
        "      ...\n"
        "      464\n"
        "Exit status: 0 counted, 1 the record does not parse or is no playable position, 2 usage error.\n");
    cmd->callback([args, &run] { run = [args] { return run_perft(*args); }; });
}

} // namespace fen960::cli
