// Writes seeded random games as PGN for the `fen960 pgn` benchmark: Chess960 games (FEN tags in
// X-FEN and Shredder-FEN by turns, the Variant tag spelled as the exporters spell it) or standard
// games from the standard start. Moves are random legal moves, castling taken whenever it is legal
// half of the time so that every game file holds plenty of it; SAN written by the library.
//   pgn_gen COUNT SEED chess960|standard > games.pgn
// The number of plies written goes to standard error ("plies N").
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "fen960/fen.hpp"
#include "fen960/position.hpp"
#include "fen960/san.hpp"
#include "fen960/startpos.hpp"
#include "random_move.hpp"

using namespace fen960;

int main(int argc, char** argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: pgn_gen COUNT SEED chess960|standard\n");
        return 2;
    }
    long const count = std::atol(argv[1]);
    std::mt19937_64 rng(std::strtoull(argv[2], nullptr, 10));
    bool const chess960 = std::string(argv[3]) == "chess960";
    const char* const variants[] = {"Chess960", "chess 960", "Fischerandom", "fischerandom"};
    std::uint64_t plies = 0;
    std::string out;
    out.reserve(1 << 20);
    for (long g = 1; g <= count; ++g) {
        std::uint32_t const number = chess960 ? static_cast<std::uint32_t>(rng() % chess960_count) : 518;
        Setup const setup = *chess960_setup(number);
        Position pos = *Position::from_setup(setup, chess960 ? Rules::chess960 : Rules::standard);
        out += "[Event \"bench game " + std::to_string(g) + "\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"" +
               std::to_string(g) + "\"]\n[White \"random\"]\n[Black \"random\"]\n";
        std::string moves;
        std::size_t line_start = 0;
        int const length = 40 + static_cast<int>(rng() % 121); // 40..160 plies
        std::string result = "*";
        for (int ply = 0; ply < length; ++ply) {
            MoveList const legal = pos.legal_moves();
            if (legal.empty())
                break;
            const Move* move = &bench::random_move(legal, rng);
            std::string token;
            if (pos.turn() == Color::white)
                token = std::to_string(pos.fullmove_number()) + ". ";
            else if (ply == 0)
                token = std::to_string(pos.fullmove_number()) + "... ";
            token += to_san(pos, *move);
            if (moves.size() - line_start + token.size() + 1 > 79) {
                moves += '\n';
                line_start = moves.size();
            } else if (!moves.empty()) {
                moves += ' ';
            }
            moves += token;
            pos.play(*move);
            ++plies;
        }
        if (pos.legal_moves().empty())
            result = pos.is_check() ? (pos.turn() == Color::white ? "0-1" : "1-0") : "1/2-1/2";
        out += "[Result \"" + result + "\"]\n";
        if (chess960) {
            EmitOptions options;
            options.dialect = g % 2 ? Dialect::xfen : Dialect::shredder;
            out += std::string("[Variant \"") + variants[g % 4] + "\"]\n[SetUp \"1\"]\n[FEN \"" +
                   *emit_fen(setup, options) + "\"]\n";
        }
        out += "\n" + moves + (moves.size() - line_start + result.size() + 1 > 79 ? "\n" : " ") + result + "\n\n";
        if (out.size() > (1 << 20) - 4096) {
            std::fwrite(out.data(), 1, out.size(), stdout);
            out.clear();
        }
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fprintf(stderr, "plies %llu\n", static_cast<unsigned long long>(plies));
    return 0;
}
