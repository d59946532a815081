// Writes seeded random UCI position lines for the `fen960 play` benchmark: `position fen START moves
// M1 ... Mn` from Chess960 starts (X-FEN and Shredder-FEN by turns) and `position startpos moves ...`
// for one line in ten, each with exactly PLIES random legal moves (castling taken whenever it is legal
// half of the time), in UCI with castling as the king taking its rook, as UCI_Chess960 engines and
// python-chess's chess960 boards read it. A game that ends sooner is drawn again.
//   play_gen COUNT SEED [PLIES] > lines.uci        (PLIES: default 40)
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "fen960/fen.hpp"
#include "fen960/play.hpp"
#include "fen960/position.hpp"
#include "fen960/startpos.hpp"
#include "random_move.hpp"

using namespace fen960;

int main(int argc, char** argv)
{
    if (argc != 3 && argc != 4) {
        std::fprintf(stderr, "usage: play_gen COUNT SEED [PLIES]\n");
        return 2;
    }
    long const count = std::atol(argv[1]);
    std::mt19937_64 rng(std::strtoull(argv[2], nullptr, 10));
    int const plies = argc == 4 ? std::atoi(argv[3]) : 40;
    std::string out;
    out.reserve(1 << 20);
    std::string line;
    for (long n = 1; n <= count;) {
        bool const standard = n % 10 == 0;
        std::uint32_t const number = standard ? 518 : static_cast<std::uint32_t>(rng() % chess960_count);
        Setup const setup = *chess960_setup(number);
        Position pos = *Position::from_setup(setup, Rules::chess960);
        line = standard ? "position startpos"
                        : "position fen " + *emit_fen(setup, {n % 2 ? Dialect::xfen : Dialect::shredder});
        line += " moves";
        int ply = 0;
        for (; ply < plies; ++ply) {
            MoveList const legal = pos.legal_moves();
            if (legal.empty())
                break;
            const Move* move = &bench::random_move(legal, rng);
            line += ' ';
            if (!append_uci(pos, *move, CastlingNotation::kxr, line))
                return 1; // never: king takes rook writes every move
            pos.play(*move);
        }
        if (ply < plies)
            continue; // mate or stalemate before the last ply: another line
        out += line;
        out += '\n';
        ++n;
        if (out.size() > (1 << 20) - 4096) {
            std::fwrite(out.data(), 1, out.size(), stdout);
            out.clear();
        }
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
