// Attributes of the FEN record grammar: what the text says, field by field, before any chess meaning.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <boost/optional.hpp>
#include <boost/range/iterator_range.hpp>

namespace fen960::fen_ast {

using Range = boost::iterator_range<char const*>;

// The piece placement as the squares of each colour (white, black) and of each role (in the order
// of `placement_letters`: pawn, knight, bishop, rook, queen, king), the model's own layout; bit n is
// square n (a1 = 0 ... h8 = 63); and where the field is in the text.
inline constexpr char placement_letters[] = "PNBRQKpnbrqk";

struct Placement {
    std::array<std::uint64_t, 2> colors{};
    std::array<std::uint64_t, 6> roles{};
    Range text;

    void add(std::size_t letter, std::uint64_t squares) // letter: an index into placement_letters
    {
        colors[letter / 6] |= squares;
        roles[letter % 6] |= squares;
    }
};

struct Clocks {
    std::uint32_t halfmove = 0;
    std::uint32_t fullmove = 1;
};

// The fields after the placement.
struct Tail {
    char side = 'w';
    Range castling;   // "-" or the letters as written
    Range en_passant; // "-" or a square
    boost::optional<Clocks> clocks;
};

struct Record {
    Placement board;
    Tail tail;
};

} // namespace fen960::fen_ast
