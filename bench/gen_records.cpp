// Writes N Chess960 position records reached by seeded random play, one per line, for the benchmarks:
//   gen_records N SEED [fen|shredder|xfen]
// Each game starts from a uniformly drawn Chess960 start and plays uniformly drawn legal moves until
// mate, stalemate or 120 plies; every position after a move is written (en-passant square kept).
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "fen960/fen.hpp"
#include "fen960/position.hpp"
#include "fen960/startpos.hpp"

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: gen_records N SEED [fen|shredder|xfen]\n");
        return 2;
    }
    unsigned long long const count = std::strtoull(argv[1], nullptr, 10);
    std::mt19937_64 rng(std::strtoull(argv[2], nullptr, 10));
    std::string const dialect = argc > 3 ? argv[3] : "shredder";
    fen960::EmitOptions options{fen960::Dialect::shredder, fen960::EnPassantMode::keep};
    if (dialect == "xfen")
        options.dialect = fen960::Dialect::xfen;
    else if (dialect == "fen")
        options.dialect = fen960::Dialect::fen;

    std::string out;
    unsigned long long written = 0;
    while (written < count) {
        auto const number = static_cast<std::uint32_t>(fen960::draw_uniform(rng, 960));
        auto pos = fen960::Position::from_setup(*fen960::chess960_setup(number));
        for (int ply = 0; ply < 120 && written < count; ++ply) {
            auto const moves = pos->legal_moves();
            if (moves.empty())
                break;
            pos->play(moves[fen960::draw_uniform(rng, moves.size())]);
            if (!fen960::append_fen(pos->setup(), options, out))
                continue; // standard FEN cannot write this one; skip it
            out.push_back('\n');
            ++written;
            if (out.size() > (1 << 16)) {
                std::fwrite(out.data(), 1, out.size(), stdout);
                out.clear();
            }
        }
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
