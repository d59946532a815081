// fen960 perft: the number of leaf nodes of the legal move tree, optionally per root move.
#include <string>
#include <vector>

#include <unistd.h>

#include "command.hpp"
#include "fen960/divide.hpp"
#include "fen960/fen.hpp"
#include "fen960/limits.hpp"
#include "fen960/position.hpp"
#include "io.hpp"
#include "options.hpp"

namespace fen960::cli {

namespace {

struct PerftArgs {
    int depth = 0;
    std::string fen{standard_start_fen};
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
    if (auto const warning = perft_warning(*record)) {
        format_diagnostic(origin, *warning, args.fen, Severity::warning, err.buffer());
        err.flush();
    }

    std::string& text = out.buffer();
    if (args.divide && args.depth > 0) {
        std::uint64_t total = 0;
        for (const DivideRow& row : perft_divide(*pos, args.depth, !args.standard_castling)) {
            text += row.uci + ": " + std::to_string(row.nodes);
            out.line_done();
            total += row.nodes;
        }
        text += std::to_string(total);
    } else {
        text += std::to_string(perft(*pos, args.depth));
    }
    out.line_done();
    out.flush();
    return exit_ok;
}

std::vector<Option> perft_options(PerftArgs& args)
{
    return {
        Option{.names = "depth", .help = "Plies to look ahead", .target = &args.depth, .required = true,
               .range = std::pair<std::int64_t, std::int64_t>{0, 64}},
        Option{.names = "fen", .help = "The position (quote it; any dialect)", .target = &args.fen,
               .value_name = "FEN"},
        flag("--divide", args.divide, "Print the count of each root move before the total"),
        flag("--standard-castling", args.standard_castling,
             "In --divide, write castling with the king on e1/e8 and the rook on a/h as the king's "
             "two-square move (e1g1)"),
    };
}

} // namespace

const Command perft_command{
    .name = "perft",
    .summary = "Count the leaf nodes of the legal move tree of a position.",
    .description =
        R"(Count the leaf nodes of the legal move tree DEPTH plies deep from FEN (default: the standard start),
with Chess960 castling (from the castling rooks' squares; standard castling is the special case).
Prints the count alone; with --divide first each root move in UCI with its count ('e2e4: 20'),
sorted, then the total. Castling is written king-takes-rook (e1h1), as UCI_Chess960 engines do.
A position no game can reach is still counted when the move generator can play it (one king each,
the side not to move not in check, sound castling rights and en-passant square), with a warning.)",
    .footer =
        R"(Examples:
  fen960 perft 5
      4865609
  fen960 perft 4 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'
      201143
  fen960 perft --divide 2 '1rk3r1/8/8/8/8/8/8/1RK1R3 w EBgb - 0 1'
      b1a1: 24          (the rook on b1 to a1)
      ...
      c1b1: 22          (castling: the king on c1 takes its rook on b1, ends on c1, the rook on d1)
      ...
      464
Exit status: 0 counted, 1 the record does not parse or is no playable position, 2 usage error.
)",
    .line = [] { return command_line(perft_options, run_perft); },
};

} // namespace fen960::cli
