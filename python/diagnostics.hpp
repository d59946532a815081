// Messages as the fen960 command prints them, for the Python module's exceptions and warnings.
//
// This duplicates cli/io.cpp (format_diagnostic, write_error_line's joined line, too_long_diagnostic)
// and cli/pgn.cpp (line_of): the module must print exactly what the command prints, and the command's
// formatter is not in lib/ yet. When it moves there, these go.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/pgn.hpp"

namespace fen960::python {

// Where a record came from: `NAME:LINE:COL` in messages ("argument" for a record given alone, as
// the command names a record given on its command line).
struct Origin {
    std::string_view name;
    std::uint64_t line = 1;
};

enum class Severity { error, warning };

// `NAME:LINE:COL: [warning: ]MESSAGE`, the record (a window of it when long) and a caret under the
// column, each line ending in '\n' (cli/io.cpp format_diagnostic).
void format_diagnostic(const Origin& origin, const Diagnostic& d, std::string_view record, Severity severity,
                       std::string& out);

// `prefix`, then the messages joined by "; ": what follows `error: ` in a failed record's slot.
std::string joined_messages(const std::vector<Diagnostic>& errors, std::string_view prefix = {});

// The same diagnostics one after the other, each with its caret and `prefix` before its message:
// what the command writes to standard error for a failed record.
std::string error_text(const Origin& origin, std::string_view record, const std::vector<Diagnostic>& errors,
                       std::string_view prefix = {});

// The error for a record over the length limit; the record is read no further.
Diagnostic too_long_diagnostic(std::size_t limit);

// The line of a game's text that a game-relative diagnostic points at, with the bytes before the game
// on its first line as blanks, so that the caret stands under the column (cli/pgn.cpp line_of).
std::string line_of(const GameText& game, const Diagnostic& relative);

} // namespace fen960::python
