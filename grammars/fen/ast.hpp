// Attributes of the FEN record grammar: what the text says, field by field, before any chess meaning.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

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

// The fields after the placement, and where the text after the last field is: the operations of an
// EPD record (or other text after a ';'), the white space before them included; empty when none.
struct Tail {
    char side = 'w';
    Range castling;   // "-" or the letters as written
    Range en_passant; // "-" or a square
    boost::optional<Clocks> clocks;
    Range rest;
};

struct Record {
    Placement board;
    Tail tail;
};

// One item of an operation list (PGN standard 16.2.4): an EPD operation, its opcode and operands as
// written (a quoted operand with its quotes), or free text (`opcode` empty, the text as the one
// operand). Items are separated by ';'.
struct Operation {
    Range opcode;
    std::vector<Range> operands;
};

} // namespace fen960::fen_ast
