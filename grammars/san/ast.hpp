// Attributes of the move grammar: one move token of a PGN movetext as written, before any chess meaning.
#pragma once

#include <cstdint>

#include <boost/range/iterator_range.hpp>

namespace fen960::san_ast {

using Range = boost::iterator_range<char const*>;

enum class Form : std::uint8_t {
    normal,      // [piece][from file][from rank][capture][to square][promotion]
    castle_h,    // O-O
    castle_a,    // O-O-O
    null,        // --
};

struct Square {
    char file = 0;
    char rank = 0;
};

// The fields of a normal move as read left to right; 0 where the text says nothing. SAN (`Nbd2`), long
// algebraic (`Ng1-f3`) and UCI (`e7e8q`) all fit: which one a text is, lib/ decides. A move that names
// one square (`Nf3`, `e4`) has it in from_file and from_rank and no `to`; syntax.cpp moves it over.
struct Target {
    char piece = 0;     // K Q R B N P
    char from_file = 0; // a-h
    char from_rank = 0; // 1-8
    char capture = 0;   // x or :
    Square to;
    char promotion = 0; // Q R B N, or lower case
};

struct Head {
    Form form = Form::normal;
    Target target;
};

struct Move {
    Head head;
    char check = 0; // + or #
    Range glyphs;   // !, ?, !!, ??, !?, ?! as written
};

} // namespace fen960::san_ast
