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

// ' ' and the number in decimal (a clock) at `p`; returns the end. Clocks are mostly small.
inline char* write_number(std::uint32_t n, char* p)
{
    *p++ = ' ';
    if (n < 10) {
        *p++ = static_cast<char>('0' + n);
        return p;
    }
    if (n < 100) {
        *p++ = static_cast<char>('0' + n / 10);
        *p++ = static_cast<char>('0' + n % 10);
        return p;
    }
    char digits[10];
    std::size_t k = 0;
    do {
        digits[k++] = static_cast<char>('0' + n % 10);
        n /= 10;
    } while (n);
    while (k)
        *p++ = digits[--k];
    return p;
}

// The letters of a board by square (a1 = 0 ... h8 = 63) into 64 bytes, 0 for an empty square.
void board_letters(const Board& board, char* letters);

// The en-passant field as emit_en_passant writes it, at `p`; returns the end.
char* write_en_passant(const Setup& setup, EnPassantMode mode, char* p);

} // namespace fen960::detail
