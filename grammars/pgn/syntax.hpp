// Spirit-free entry points of the PGN game grammar, for lib/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fen960::pgn_syntax {

// As pgn_ast::TokenKind (ast.hpp), whose meaning each value has.
enum class TokenKind : std::uint8_t {
    move,
    nag,
    comment,
    line_comment,
    open_variation,
    close_variation,
    result,
    ep_marker,
    wrapper,
};

// Views point into the parsed text.
struct Tag {
    std::string_view name;
    std::string_view value; // between the quotes, escapes as written
};

struct Token {
    TokenKind kind;
    std::string_view text;
};

struct Error {
    std::size_t offset = 0; // byte offset of the offending character in the game's text
    std::string message;
};

// Reads the tag section at the start of a game's text into `tags` (cleared first) and sets
// `movetext_offset` to where the movetext begins. False, with `error`, on a malformed tag.
bool parse_tags(std::string_view game, std::vector<Tag>& tags, std::size_t& movetext_offset, Error& error);

// Reads the movetext, game[movetext_offset...], into `tokens` (cleared first). False, with `error`
// (offset in `game`), when it is malformed; `tokens` then holds those read before the error.
bool parse_movetext(std::string_view game, std::size_t movetext_offset, std::vector<Token>& tokens, Error& error);

} // namespace fen960::pgn_syntax
