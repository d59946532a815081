// SAN internals shared by parse_san and the PGN importer, which already holds the parsed fields
// and the legal moves of the position.
#pragma once

#include <string>
#include <string_view>

#include "fen960/diagnostic.hpp"
#include "fen960/position.hpp"
#include "san/syntax.hpp"

namespace fen960::detail {

// The legal move the fields name; otherwise why none or several do (the message without the token).
Expected<Move> resolve_san(const Position& pos, const MoveList& legal, const san_syntax::Fields& fields);

// SAN of a legal move without its check mark; `legal` is pos.legal_moves().
void append_san_body(const Position& pos, const MoveList& legal, const Move& move, std::string& out);

// '+' or '#' after the move, or nothing, judged on the position after it.
void append_check_mark(const Position& after, std::string& out);

} // namespace fen960::detail
