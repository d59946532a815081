// Pieces of a record's text written at a char pointer, shared by the record writer (append_fen in
// fen.cpp) and the PGN importer's incremental FEN writer (pgn_fen.cpp), so that both write the same
// bytes the same way.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fen960/fen.hpp"
#include "fen960/setup.hpp"

namespace fen960::detail {

// How a rank is written, by its occupancy (bit f: file f holds a piece): for each byte of the text,
// where it comes from in the rank's eight letters followed by "12345678" (a run of empty squares);
// and the text's length.
struct RankShape {
    std::array<std::uint8_t, 8> source{};
    std::uint8_t length = 0;
};

inline constexpr std::array<RankShape, 256> rank_shapes = [] {
    std::array<RankShape, 256> shapes{};
    for (unsigned occupancy = 0; occupancy < 256; ++occupancy) {
        RankShape& shape = shapes[occupancy];
        std::uint8_t empty = 0;
        for (std::uint8_t file = 0; file < 8; ++file) {
            if (!(occupancy >> file & 1)) {
                ++empty;
                continue;
            }
            if (empty)
                shape.source[shape.length++] = static_cast<std::uint8_t>(7 + empty);
            empty = 0;
            shape.source[shape.length++] = file;
        }
        if (empty)
            shape.source[shape.length++] = static_cast<std::uint8_t>(7 + empty);
    }
    return shapes;
}();

// A rank's text at `out` from its letters by file (0 for an empty square) and its occupancy.
// Branch-free: all eight bytes are written; the result says how many count.
inline std::size_t write_rank(char const* letters, unsigned occupancy, char* out)
{
    RankShape const& shape = rank_shapes[occupancy & 0xff];
    char source[16];
    std::memcpy(source, letters, 8);
    std::memcpy(source + 8, "12345678", 8);
    for (std::size_t i = 0; i < 8; ++i)
        out[i] = source[shape.source[i]];
    return shape.length;
}

// ' ' and the numbers under 1000 in decimal, four bytes each (what follows a shorter one is left
// over), and how many count: clocks are mostly small.
struct alignas(8) NumberText {
    std::array<char, 4> text{};
    std::uint8_t length = 0;
};

inline constexpr std::size_t small_numbers = 1000;

inline constexpr std::array<NumberText, small_numbers> number_texts = [] {
    std::array<NumberText, small_numbers> texts{};
    for (std::size_t n = 0; n < small_numbers; ++n) {
        NumberText& t = texts[n];
        t.text[t.length++] = ' ';
        if (n >= 100)
            t.text[t.length++] = static_cast<char>('0' + n / 100);
        if (n >= 10)
            t.text[t.length++] = static_cast<char>('0' + n / 10 % 10);
        t.text[t.length++] = static_cast<char>('0' + n % 10);
    }
    return texts;
}();

// ' ' and the number in decimal at `p`, digit by digit (for 1000 and more); returns the end.
char* write_large_number(std::uint32_t n, char* p);

// ' ' and a number under small_numbers at `p`, which has room for 4 bytes; returns the end.
inline char* write_small_number(std::uint32_t n, char* p)
{
    NumberText const& t = number_texts[n];
    std::memcpy(p, t.text.data(), 4);
    return p + t.length;
}

// ' ' and the number in decimal (a clock) at `p`, which has room for 11 bytes; returns the end.
inline char* write_number(std::uint32_t n, char* p)
{
    if (n < small_numbers) [[likely]]
        return write_small_number(n, p);
    return write_large_number(n, p);
}

// The letters of a board by square (a1 = 0 ... h8 = 63) into 64 bytes, `empty` for an empty square.
void board_letters(const Board& board, char* letters, char empty = 0);

// The castling field of `rights` on `board` (at most 16 letters: one per back-rank square) at `p`, which
// moves past it; on a right the dialect cannot write, gives why (and `p` has moved by what was written
// so far).
Expected<void> write_castling(const Board& board, Bitboard rights, Dialect dialect, char*& p);

// The en-passant field as emit_en_passant writes it, at `p`; returns the end.
char* write_en_passant(const Setup& setup, EnPassantMode mode, char* p);

} // namespace fen960::detail
