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

#include <cstdint>

#include "fen960/setup.hpp"

namespace fen960 {

std::uint64_t polyglot_key(const Setup& setup);

// The key as books and tools print it: 16 lower-case hexadecimal digits, at `out` (room for 16).
char* write_key(std::uint64_t key, char* out);

} // namespace fen960
