// Diagnostics as text, as both front ends show them (the fen960 command on standard error, the Python
// module in its exceptions and warnings): one format, written once.
//
//   std::string err;
//   fen960::format_diagnostic({"games.fen", 12}, record.error(), line, fen960::Severity::error, err);
//   // games.fen:12:9: bad piece placement...\n  <the record>\n          ^\n
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp" // Diagnostic, Origin
#include "fen960/pgn.hpp"

namespace fen960 {

enum class Severity { error, warning };

// `NAME:LINE:COL: [warning: ]MESSAGE`, the record (a window of 120 bytes around the column when it is
// longer, control characters other than tab shown as '?') and a caret under the column, each line
// ending in '\n', appended to `out`.
void format_diagnostic(const Origin& origin, const Diagnostic& d, std::string_view record, Severity severity,
                       std::string& out);

// A failed record's diagnostics: `prefix` and their messages joined by "; " on `messages`, and each
// one with its caret (and `prefix` before its message) on `text`.
void format_errors(const Origin& origin, std::string_view record, const std::vector<Diagnostic>& errors,
                   std::string_view prefix, std::string& messages, std::string& text);

// The error for a record cut at `limit` bytes: it is read no further.
Diagnostic too_long_diagnostic(std::size_t limit);

// The line of a game's text that a game-relative diagnostic points at, with the bytes before the game
// on its first line as blanks, so that the caret stands under the column; empty when the game has no
// such line.
std::string line_of(const GameText& game, const Diagnostic& relative);

} // namespace fen960
