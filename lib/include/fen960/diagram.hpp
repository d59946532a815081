// Board diagrams of a record: text for a terminal (Unicode pieces, optional ANSI colours) and an SVG
// drawing (pieces as vector shapes, no fonts needed for them). Both mark the castling rooks, the
// en-passant square and the squares the position's problems concern, and list the problems.
//
//   auto record = fen960::parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
//   fen960::Diagram d = fen960::make_diagram(*record, fen960::Rules::standard);
//   std::string text = fen960::render_text(d, {});   // "8 [♜] ·  ·  ·  ♚ ..."
//   std::string svg = fen960::render_svg(d, {});     // "<?xml ...><svg ...>"
#pragma once

#include <string>
#include <vector>

#include "fen960/fen.hpp"
#include "fen960/setup.hpp"
#include "fen960/types.hpp"
#include "fen960/validate.hpp"

namespace fen960 {

// What a diagram shows: the position as the record gives it and what validation found.
struct Diagram {
    Setup setup;
    Rules rules = Rules::standard;
    std::vector<Problem> problems; // every reason the position is invalid; empty when it is valid
    Bitboard problem_squares = 0;  // the squares those reasons are about (bad castling rooks, checked kings, ...)
    bool chess960_hint = false;    // invalid under standard rules only for Chess960 castling (validate.hpp)
};

// Judges a record under `rules` (as `fen960 validate` does) and finds the squares to mark.
Diagram make_diagram(const FenRecord& record, Rules rules);

// The squares one problem of `record` is about; empty for counts (too many pieces) and missing kings.
Bitboard problem_squares(const FenRecord& record, const Problem& problem);

struct DiagramOptions {
    bool color = false; // ANSI colours in render_text (render_svg always draws in colour)
    bool flip = false;  // black at the bottom
};

// The board with coordinates, a status line (side to move, castling rooks, en-passant square, clocks),
// a legend of the marks and, for an invalid position, every reason; lines end with '\n'. Marks:
// [♖] castling rook, (·) en-passant square, !♔! a square a problem concerns. They are drawn with
// and without colour, so the diagram reads the same in a pipe.
std::string render_text(const Diagram& diagram, const DiagramOptions& options);

// The same as a standalone SVG 1.1 document (UTF-8): 64 squares, a <use class="piece ..."> per piece
// referring to shapes in <defs>, marks, coordinates and the text lines below the board.
std::string render_svg(const Diagram& diagram, const DiagramOptions& options);

// Whether terminal output gets colours: only on a terminal, and not when the NO_COLOR environment
// variable is set to anything but the empty string (https://no-color.org).
constexpr bool want_color(bool is_terminal, const char* no_color_variable)
{
    return is_terminal && (no_color_variable == nullptr || *no_color_variable == '\0');
}

} // namespace fen960
