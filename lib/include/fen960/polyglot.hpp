// The Polyglot opening-book key of a position (the Zobrist hash of the Polyglot book format, which
// engines, GUIs and book tools use to look positions up), extended to Chess960 the way python-chess's
// chess.polyglot.zobrist_hash extends it:
//   - a piece on a square, the castling rights, the en-passant file and white to move each XOR one of
//     the format's 781 random numbers;
//   - a castling right whose rook stands on the h-side of its king is hashed as that colour's king-side
//     right, one on the a-side as its queen-side right, so the Shredder-FEN and X-FEN spellings of one
//     position (HAha, KQkq; HFhf, KQkq) get one key;
//   - the en-passant file only when a pawn of the side to move stands ready to capture on the square,
//     whether or not the capture is legal (the format's rule; legal_en_passant.hpp's pseudo capturers).
//
//   auto record = fen960::parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//   fen960::polyglot_key(record->setup);             // 0x463b96181691fc9c
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "fen960/setup.hpp"

namespace fen960 {

std::uint64_t polyglot_key(const Setup& setup);

// The key as books and tools print it: 16 lower-case hexadecimal digits, at `out` (room for 16);
// returns the end. Sixteen nibbles at once: each spread to a byte (the most significant first in
// memory), then '0' + n, or 'a' + n - 10 where n > 9. Inline: `fen960 key` writes one a record.
inline char* write_key(std::uint64_t key, char* out)
{
    auto const spread = [](std::uint64_t half) {
        std::uint64_t x = half & 0xffffffff;
        x = (x | x << 16) & 0x0000ffff0000ffffull;
        x = (x | x << 8) & 0x00ff00ff00ff00ffull;
        x = (x | x << 4) & 0x0f0f0f0f0f0f0f0full;
        if constexpr (std::endian::native == std::endian::little)
            x = __builtin_bswap64(x); // the first byte in memory = the highest nibble
        std::uint64_t const letters = ((x + 0x0606060606060606ull) >> 4) & 0x0101010101010101ull;
        return x + 0x3030303030303030ull + letters * ('a' - '0' - 10);
    };
    std::uint64_t const high = spread(key >> 32);
    std::uint64_t const low = spread(key);
    std::memcpy(out, &high, 8);
    std::memcpy(out + 8, &low, 8);
    return out + 16;
}

} // namespace fen960
