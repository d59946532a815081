// Spirit-free entry point of the move grammar, for lib/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace fen960::san_syntax {

enum class Form : std::uint8_t { normal, castle_h, castle_a, null };

// The fields as written; 0 where the text says nothing (see san_ast::Target). `Written` is all but
// the glyphs, which point into the text (the PGN importer caches Written by token).
struct Written {
    Form form = Form::normal;
    char piece = 0;
    char from_file = 0;
    char from_rank = 0;
    char capture = 0;
    char to_file = 0;
    char to_rank = 0;
    char promotion = 0;
    char check = 0;
};

struct Fields : Written {
    std::string_view glyphs; // points into the parsed text
};

struct Error {
    std::size_t offset = 0; // byte offset in the token
    std::string message;    // without the token itself
};

// Reads one move token. False, with `error`, when it is no move.
bool parse(std::string_view token, Fields& fields, Error& error);

} // namespace fen960::san_syntax
