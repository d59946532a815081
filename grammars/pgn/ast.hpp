// Attributes of the PGN grammar: a game's tag pairs and its movetext as a flat list of tokens, each
// with the text it was read from. Syntax only: what a move means is decided in lib/.
#pragma once

#include <cstdint>
#include <vector>

#include <boost/range/iterator_range.hpp>

namespace fen960::pgn_ast {

using Range = boost::iterator_range<char const*>;

// A tag pair. The value is the text between the quotes, escapes (\" and \\) as written; the tokens'
// ranges are where diagnostics point (they play the part of x3::position_tagged, at no cost).
struct Tag {
    Range name;
    Range value;
};

enum class TokenKind : std::uint8_t {
    move,            // SAN, LAN or UCI with its suffixes (+, #, !?, e.p.); the SAN grammar reads it
    nag,             // $12, or glyphs standing alone (!, ?!)
    comment,         // {...}, braces included
    line_comment,    // ; to the end of the line
    open_variation,  // (
    close_variation, // )
    result,          // 1-0, 0-1, 1/2-1/2, *, and the spellings tolerated (see game_def.hpp)
    ep_marker,       // "e.p." or "ep" written apart from its move
    wrapper,         // [pgn] or [/pgn] around a game
};

struct Token {
    TokenKind kind;
    Range text;
};

// Move numbers, white space and % escape lines carry nothing and are not kept; variations are
// flattened into the token list between their parentheses.
using Movetext = std::vector<Token>;
using Tags = std::vector<Tag>;

} // namespace fen960::pgn_ast
