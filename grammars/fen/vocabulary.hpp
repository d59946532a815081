// The characters a record's text is made of between its fields and in its operations, defined once:
// the grammar's rules (record_def.hpp, operations_def.hpp) and the fast passes (tail.hpp,
// operations_fast.hpp) read them from here. Spirit-free.
#pragma once

#include <cstddef>

namespace fen960::fen_grammar::vocabulary {

// White space between fields, and between an operation's opcode and operands.
inline constexpr char blank_chars[] = " \t";
constexpr bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

// Ends an operation (EPD, PGN standard 16.2.4); outside quotes only.
inline constexpr char separator = ';';

// A quoted operand: from a quote that begins a word to the next quote not after an escape.
inline constexpr char quote = '"';
inline constexpr char escape = '\\';

// A word (opcode or operand) is a run of bytes other than these.
inline constexpr char word_end_chars[] = " \t;";
constexpr bool ends_word(char c)
{
    return is_blank(c) || c == separator;
}

// An opcode (PGN standard 16.2.4): a letter, then at most 14 letters, digits or '_'.
inline constexpr std::size_t max_opcode_length = 15;
constexpr bool is_opcode_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
constexpr bool is_opcode_byte(char c)
{
    return is_opcode_start(c) || (c >= '0' && c <= '9') || c == '_';
}

} // namespace fen960::fen_grammar::vocabulary
