// Opening books for engine testing: the colour-flipped position (convert --mirror).
#pragma once

#include "fen960/setup.hpp"
#include "fen960/types.hpp"

namespace fen960 {

// The board upside down: a1 <-> a8, ..., h1 <-> h8.
constexpr Bitboard flip_vertical(Bitboard b)
{
    return __builtin_bswap64(b);
}

// The colour-flipped position (python-chess's Board.mirror()): the board flipped top to bottom, each
// piece's colour and the side to move swapped, the castling rooks and the en-passant square moved to
// the other colour's ranks; the clocks stay. Mirroring twice gives the setup back.
Setup mirrored(const Setup& setup);

} // namespace fen960
