// How an error message shows the byte a grammar stopped at; shared by every grammar's error handler.
#pragma once

#include <string>
#include <string_view>

namespace fen960::grammars {

// The character at the start of `rest`: 'x' when printable, a UTF-8 character with its code point
// ('é' (U+00E9)), a name for white space and NUL, else the byte's value (byte 0xFF).
std::string describe(std::string_view rest);

} // namespace fen960::grammars
