// What the files of the WebAssembly module share (bindings.cpp holds the failure and the module's table).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/convert.hpp"
#include "fen960/diagnostic.hpp"
#include "fen960/position.hpp"

namespace fen960::web {

// Why the last call failed, for lastError().
struct Failure {
    std::string message;      // the command's `error:` slot: the reasons joined by "; "
    std::uint32_t column = 0; // 1-based byte column of the first reason; 0: no record concerned
    std::string text;         // the command's standard-error text, caret included, no last line end
};

void fail(std::string message, std::uint32_t column, std::string text);
// A record's reasons, as the command writes them for a record given as an argument.
void fail_record(std::string_view record, const std::vector<Diagnostic>& errors, std::string_view prefix);

// A record read into a Position (`strict`: one a game can reach), or nothing, the reason failed.
std::optional<Position> read_position(std::string_view record, bool chess960, bool strict);

// The input buffer of the C entry points (fen960_input) and the output fen960_output gives.
// The options of convert and convertLines, as the JavaScript side passes them (-1: the default).
ConvertOptions convert_options(int to, int from, int en_passant, bool repair);

extern std::string fast_input;
extern const std::string* fast_output;

void add_position();
void add_pgn();
void add_lines();

} // namespace fen960::web
