// Moves as a PGN movetext writes them: SAN (PGN standard 8.2.3), and the long algebraic and UCI forms
// some engines and servers write, read against a position's legal moves; SAN written for a move.
//
//   auto move = fen960::parse_san(pos, "O-O");          // Chess960: the king and the h-side rook
//   if (!move) report(move.error().message);            // "O-O: no castling right on the h-side"
//   std::string san = fen960::to_san(pos, *move);       // "O-O", "Nbd2", "exd8=Q+", "Qh4#"
#pragma once

#include <string>
#include <string_view>

#include "fen960/diagnostic.hpp"
#include "fen960/position.hpp"

namespace fen960 {

// The legal move a token names. Castling `O-O` is the h-side rook's and `O-O-O` the a-side rook's,
// wherever king and rook stand; UCI castling may be king-takes-rook (`e1h1`) or the king's two-square
// move (`e1g1`). Check marks and glyphs are read and not checked; a capture mark is not required.
// A null move (`--`) is no move: it is an error here (PgnImporter plays it). The message starts with
// the token; the column is 1-based in it.
Expected<Move> parse_san(const Position& pos, std::string_view token);

// The SAN of a legal move of `pos`: minimal disambiguation, `O-O`/`O-O-O` for castling, `=Q` for a
// promotion, then `+` or `#`.
std::string to_san(const Position& pos, const Move& move);
void append_san(const Position& pos, const Move& move, std::string& out);

} // namespace fen960
