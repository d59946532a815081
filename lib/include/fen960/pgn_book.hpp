// A record as a PGN game, so that tools that read opening books only as PGN (Cute Chess, fastchess,
// python-chess) take an EPD or FEN book: `fen960 convert --format pgn`. Each game is the seven tag
// roster with unknown values (PGN standard 8.1.1), its Variant tag where needed, SetUp and FEN
// (standard 9.7), the record's c0 comment (standard 5) and the result `*`, then an empty line:
//
//   [Event "WAC.001"]            <- the EPD `id` operation's value, escaped (\" and \\); else (or empty) "?"
//   [Site "?"] [Date "????.??.??"] [Round "?"] [White "?"] [Black "?"] [Result "*"]   (one a line)
//   [Variant "Chess960"]         <- only where castles_as_chess960 (castling.hpp), or every game's NAME
//   [SetUp "1"]
//   [FEN "..."]                  <- six fields in the chosen dialect and en-passant mode
//
//   {c0 text}                    <- `;c0 text` instead where it holds a brace
//   *
//
// An operation's value is its operands' values (operand_value), joined by a space when there are
// several; the first `id` and the first `c0` count. Other operations are dropped.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/convert.hpp"
#include "fen960/diagnostic.hpp"
#include "fen960/epd.hpp"
#include "fen960/fen.hpp"
#include "fen960/pgn_tags.hpp" // append_pgn_tag, pgn_tag_value_problem: the tag vocabulary

namespace fen960 {

// Appends the game of a record judge_record took from `text`, with its `operations` (from the same
// call); or appends nothing and returns the reason when options.to cannot write the position (as
// write_record). The FEN tag has the record's clocks, from its fields, else from hmvc/fmvn, else 0 1
// (Shape::fen); options.shape is not read. `variant`, when not empty, is the Variant tag of the game
// whatever its castling.
Expected<void> append_pgn_game(std::string_view text, const FenRecord& record,
                               const std::vector<EpdOperation>& operations, const ConvertOptions& options,
                               std::string_view variant, std::string& out);

} // namespace fen960
