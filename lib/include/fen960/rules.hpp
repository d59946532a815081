// Which chess a position belongs to, for the model's judges: validation, Position::from_setup and the
// castling-field readers and writers all take it. With it, the two board facts every castling rule
// starts from: the standard-castling test and the king that may castle.
#pragma once

#include <cstdint>
#include <optional>

#include "fen960/setup.hpp"
#include "fen960/types.hpp"

namespace fen960 {

// Whose castling rules judge the castling rights.
enum class Rules : std::uint8_t {
    standard, // king on e1/e8, rooks on a1/h1/a8/h8
    chess960, // any own rook on the back rank, the king between the a-side and the h-side rook
};

// Standard chess castling (FIDE Laws 3.8.2; PGN standard 16.1.3.3 writes only these as KQkq): the
// king on e1 or e8 and every rook in a corner of the king's rank.
constexpr bool is_standard_castling(Square king, Bitboard rooks)
{
    Bitboard const corners = bit(Square(File(0), king.rank())) | bit(Square(File(7), king.rank()));
    return king.file() == File(4) && (king.rank() == Rank(0) || king.rank() == Rank(7)) && !(rooks & ~corners);
}

constexpr bool is_standard_castling(Square king, Square rook)
{
    return is_standard_castling(king, bit(rook));
}

// The king of `c` that may castle: the only one of its colour, on its back rank.
constexpr std::optional<Square> castling_king(const Board& board, Color c)
{
    Bitboard const king = board.pieces(c, Role::king);
    if (!(king & rank_mask(Rank::back(c))) || (king & (king - 1)))
        return std::nullopt;
    return lsb(king);
}

} // namespace fen960
