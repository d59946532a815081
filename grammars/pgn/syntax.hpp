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

// How the grammar reads: `fast` tries its fast paths (grammars/pgn/fast_paths.hpp) before the rules
// that read the same text; `exact` reads by the rules alone, for tests that hold the two equal.
enum class Reading : std::uint8_t { fast, exact };

// Reads the tag section at the start of a game's text into `tags` (cleared first) and sets
// `movetext_offset` to where the movetext begins. False, with `error`, on a malformed tag.
bool parse_tags(std::string_view game, std::vector<Tag>& tags, std::size_t& movetext_offset, Error& error,
                Reading reading = Reading::fast);

// Reads the movetext, game[movetext_offset...], part by part, so that the tokens of a long game are
// never all held at once.
class MovetextReader {
public:
    MovetextReader(std::string_view game, std::size_t movetext_offset, Reading reading = Reading::fast)
        : game_(game), start_(game.data() + movetext_offset), position_(start_), reading_(reading)
    {
    }

    // The next tokens in text order (`tokens` is cleared first); false when the movetext is done. A
    // malformed movetext ends with failed() and error() (offset in the game); the tokens before the
    // error come first.
    bool next(std::vector<Token>& tokens);

    bool failed() const { return failed_; }
    const Error& error() const { return error_; }

    // Where the next part starts. A caller that reads the commonest elements itself (lib's game loop
    // reads runs of move numbers and a move from its cache of move readings, else with fast_paths.hpp's
    // quick_move_run or move_run, as the grammar's first alternative does) moves the reader past them
    // with skip_to, then has it read what follows.
    char const* position() const { return position_; }
    void skip_to(char const* p) { position_ = p; }

private:
    std::string_view game_;
    char const* start_;
    char const* position_;
    Reading reading_;
    bool done_ = false;
    bool failed_ = false;
    Error error_;
};

} // namespace fen960::pgn_syntax
