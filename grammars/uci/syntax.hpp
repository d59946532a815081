// Spirit-free entry point of the position-line grammar, for lib/.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace fen960::uci_syntax {

struct PositionLine {
    std::string_view fen;                // the FEN's text; empty for `startpos`
    std::vector<std::string_view> moves; // the move tokens, pointing into the line
};

struct Error {
    std::size_t offset = 0; // byte offset in the line
    std::string message;
};

// Reads one line (a trailing carriage return is dropped). False, with `error`, when it is no
// position command. `line` keeps its moves' capacity from call to call.
bool parse(std::string_view text, PositionLine& line, Error& error);

// The same reading by the grammar alone, without the fast pass (position_fast.hpp) that `parse`
// tries first (for tests that hold the two equal).
bool parse_exact(std::string_view text, PositionLine& line, Error& error);

} // namespace fen960::uci_syntax
