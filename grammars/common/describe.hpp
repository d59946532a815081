// How an error message shows the byte a grammar stopped at; shared by every grammar's error handler.
#pragma once

#include <string>
#include <string_view>

namespace fen960::grammars {

// The character at the start of `rest`: 'x' when printable, a UTF-8 character with its code point
// ('é' (U+00E9)), a name for white space and NUL, else the byte's value (byte 0xFF).
std::string describe(std::string_view rest);

// "1 rank", "7 ranks": a count and its noun in the grammars' messages (the library's is
// fen960/diagnostic.hpp's count_of, which the grammars cannot include).
inline std::string count_of(long long n, std::string_view singular, std::string_view plural)
{
    return std::to_string(n) + " " + std::string(n == 1 ? singular : plural);
}

} // namespace fen960::grammars
