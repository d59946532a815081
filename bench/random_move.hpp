// The random moves of the benchmarks' game writers (pgn_gen, play_gen): any legal move, but castling
// whenever it is legal half of the time, so that every file holds plenty of it.
#pragma once

#include <random>

#include "fen960/position.hpp"

namespace fen960::bench {

// `legal` must not be empty.
inline const Move& random_move(const MoveList& legal, std::mt19937_64& rng)
{
    const Move* move = &legal[rng() % legal.size()];
    if (rng() % 2)
        for (const Move& m : legal)
            if (m.kind == MoveKind::castling)
                move = &m;
    return *move;
}

} // namespace fen960::bench
