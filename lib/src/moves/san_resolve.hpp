// SAN internals shared by parse_san and the PGN importer, which already holds the parsed fields
// and the legal moves of the position.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "fen960/diagnostic.hpp"
#include "fen960/position.hpp"
#include "san/syntax.hpp"

namespace fen960::detail {

// The legal move the fields name; otherwise why none or several do (the message without the token).
Expected<Move> resolve_san(const Position& pos, const MoveList& legal, const san_syntax::Fields& fields);

// The legal move UCI or long algebraic notation names by its two squares (and the promotion's
// letter, 0 for none), or nullptr: exactly that move; else castling whose king stands on `from` and
// whose rook (king takes rook) or king's square is `to`. So a king's move that is also a legal move
// of one square (the king on f1, the rook on h1: f1g1) is that move, and f1h1 castles. The plain
// reading in the legal list, which quicker readers are held to (tests/test_play.cpp).
const Move* find_coordinate_move(const MoveList& legal, Square from, Square to, char promotion);

// Why no legal move of `pos` goes from `from` to `to` (find_coordinate_move found none): the square
// is empty or the other side's, castling is not possible now (the reasons SAN's O-O gets), a promotion
// is missing or wrong, the move would leave the king in check, or no such move at all.
Diagnostic coordinate_move_failure(const Position& pos, const MoveList& legal, Square from, Square to, char promotion);

// SAN of a legal move without its check mark; `legal` is pos.legal_moves().
void append_san_body(const Position& pos, const MoveList& legal, const Move& move, std::string& out);

// '+' or '#' after the move, or nothing, judged on the position after it; returns the pieces that
// give check there (which resolve_san_quick can take for that position).
Bitboard append_check_mark(const Position& after, std::string& out);

// The same mark as a character (0 for none), given the pieces that give check (after.checkers()).
char check_mark(const Position& after, Bitboard checkers);

// A normal SAN move read without the legal move list (PGN import reads millions): the move, and the
// other pieces of its role that could legally go to the same square, which its SAN must tell apart.
struct QuickMove {
    Move move;
    Role role;
    bool capture;
    Bitboard rivals;
};

// The move when the fields name a piece or pawn move (not castling, a null move or UCI) and exactly
// one legal move matches them; otherwise nothing, and resolve_san says which move or why none.
// `checkers`, when the caller knows them, are the pieces giving check in `pos`: with none, a move
// of a piece off every line through its king needs no test for exposing it.
std::optional<QuickMove> resolve_san_quick(const Position& pos, const san_syntax::Fields& fields,
                                           const Bitboard* checkers = nullptr);

// The SAN of a move whose rivals are known, without its check mark, written at `p` (room for
// max_san_quick bytes); returns the end. (append_san_body finds the rivals in the legal move list.)
inline constexpr std::size_t max_san_quick = 8; // "Qa1xb2", "axb8=Q"
char* write_san_quick(const QuickMove& quick, char* p);

} // namespace fen960::detail
