// Which chess a position belongs to, for the model's judges: validation, Position::from_setup and the
// castling-field readers and writers all take it. With it, the board facts every castling rule starts
// from: the standard-castling test and the king that may castle, and how messages name the sides and
// the standard squares.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

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

// What is_standard_castling asks, as messages say it: "the king on e1 and the rook on h1" for the
// h-side (`h_side` true) or the a-side, "the king on e1 and the rook on the a- or h-file" for either.
inline std::string standard_castling_squares(Color c, std::optional<bool> h_side)
{
    Rank const back = Rank::back(c);
    std::string const rook = h_side ? Square(File(*h_side ? 7 : 0), back).name() : std::string("the a- or h-file");
    return "the king on " + Square(File(4), back).name() + " and the rook on " + rook;
}

// The two sides of a castling king, as messages name them (the castling rook's file beyond the king's:
// the h-side).
constexpr const char* castling_side_name(bool h_side)
{
    return h_side ? "h-side" : "a-side";
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
