// Attributes of the position-line grammar: the start and the move tokens as written.
#pragma once

#include <vector>

#include <boost/range/iterator_range.hpp>

namespace fen960::uci_ast {

using Range = boost::iterator_range<char const*>;

struct PositionLine {
    Range fen;                // the FEN's text after `fen`; empty for `startpos`
    std::vector<Range> moves; // each token after `moves`, as written
};

} // namespace fen960::uci_ast
