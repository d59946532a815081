// JSON Lines output (--format jsonl): one object per input line, or per game. Each command's object
// is written here, in json.cpp, the one file that includes nlohmann-json. Bytes that are not UTF-8
// (the input may hold anything) become U+FFFD rather than making the line unwritable.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/epd.hpp"
#include "fen960/fen.hpp"
#include "fen960/pgn_reader.hpp"
#include "fen960/play.hpp"
#include "fen960/startpos.hpp"
#include "fen960/validate.hpp"
#include "io.hpp"

namespace fen960::cli {

// convert: the record, the dialect, the converted record (none when it failed), errors, warnings and
// the EPD operations in input order, each as [opcode, operand...] with quoted operands' values
// (free text: ["", text]); with `with_key` (convert --key) also `key`, its Polyglot key (null when
// empty).
void append_convert_json(const Origin& origin, std::string_view record, Dialect to,
                         std::optional<std::string_view> converted, const std::vector<Diagnostic>& errors,
                         const std::vector<Diagnostic>& warnings, const std::vector<EpdOperation>& operations,
                         std::string& out, bool with_key = false, std::string_view key = {});

// A line that is no record (blank, a '#' comment), in any record command: the source, line, input and
// "record": false.
void append_other_line_json(const Origin& origin, std::string_view line, std::string& out);

// validate: the record, the rules, the verdict, its reasons and errors.
void append_validate_json(const Origin& origin, std::string_view record, Rules rules, const Validation& v,
                          std::string& out);

// identify: the record, the start position's label and numbers, or why it is none.
void append_identify_json(const Origin& origin, std::string_view record, const Identification& found,
                          std::string& out);

// play: the line (or the arguments), the dialect, what was written (`written`: one position a line;
// with `all`, the list `positions`, else the one `output`), the moves played, the bad move's number
// and the warnings (a start no game reaches).
void append_play_json(const Origin& origin, std::string_view input, Dialect dialect, bool all,
                      std::string_view written, const PlayResult& r, const std::vector<Diagnostic>& warnings,
                      std::string& out);

// pgn --positions: where the game starts, how it ended, its positions (`positions`, one a line) and
// why it stopped.
void append_game_json(std::string_view file, const ReadGame& g, Dialect dialect, std::string_view positions,
                      std::string& out);

} // namespace fen960::cli
