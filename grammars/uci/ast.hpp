// Attributes of the position-line grammar: the start and the move tokens as written.
#pragma once

#include <boost/range/iterator_range.hpp>

namespace fen960::uci_ast {

using Range = boost::iterator_range<char const*>;

struct PositionLine {
    Range fen;   // the FEN's text after `fen`; empty for `startpos`
    Range moves; // the words after `moves`, blanks between them (syntax.cpp splits them)
};

} // namespace fen960::uci_ast
