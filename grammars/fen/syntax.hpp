// Spirit-free entry point of the FEN record grammar, for lib/.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fen960::fen_syntax {

// The six fields as written. Views point into the parsed text. `parse` sets every member when it
// succeeds and leaves them unset otherwise (no default values: readers fill a Fields per record, and
// clearing its 130 bytes first cost more than reading most fields).
struct Fields {
    // Squares (bit n = square n, a1 = 0 ... h8 = 63) of each colour (white, black) and of each role
    // (pawn, knight, bishop, rook, queen, king).
    std::array<std::uint64_t, 2> colors;
    std::array<std::uint64_t, 6> roles;
    std::string_view placement_text;
    char side;
    std::string_view castling;   // "-" or letters
    std::string_view en_passant; // "-" or a square
    bool has_clocks;             // false for a four-field (EPD style) record
    std::uint32_t halfmove;
    std::uint32_t fullmove;      // 0 as written (a reader may take it for 1)
    // The text after the last field: the white space before the operations, then the operations,
    // to the end (the carriage returns that end the record excluded); empty when there is none.
    std::string_view rest;
};

struct Error {
    std::size_t offset = 0; // byte offset of the offending character in the text
    std::string message;
};

// Parses one record. Returns false and fills `error` when the text is not a FEN record.
bool parse(std::string_view text, Fields& fields, Error& error);

// One item of an operation list: an EPD operation's opcode and operands as written (a quoted
// operand with its quotes), or free text (opcode empty, the text as its one operand).
struct Operation {
    std::string_view opcode;
    std::vector<std::string_view> operands;
};

// Reads an operation list (a record's rest, see Fields; white space before it allowed) into `items`
// (cleared first), in order. False, with `error` (the offset in `text`), at an unterminated quote.
bool parse_operations(std::string_view text, std::vector<Operation>& items, Error& error);

// True when the list parses for sure (then `parse_operations` needs not be asked, unless one
// wants the items); false when it may not.
bool operations_parse(std::string_view text);

// The same reading by the grammar alone, without the fast passes that `parse` tries first (for
// tests that hold the two equal).
bool parse_exact(std::string_view text, Fields& fields, Error& error);

} // namespace fen960::fen_syntax
