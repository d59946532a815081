// One record from any dialect to another: parse, check the castling rights and en-passant square
// (or repair them), check the position, emit.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/fen.hpp"

namespace fen960 {

struct ConvertOptions {
    Dialect to = Dialect::xfen;
    InputDialect from = InputDialect::automatic;
    std::optional<EnPassantMode> en_passant; // default_en_passant(to) when empty
    bool repair = false;                     // drop bad castling rights and en-passant squares, with warnings
    bool mirror = false;                     // write the colour-flipped position (book.hpp's mirrored)
};

// Appends the converted record to `out` and returns true; or returns false, appends nothing and
// adds every reason to `errors`. Warnings (for what --repair dropped) go to `warnings`.
bool convert_record(std::string_view text, const ConvertOptions& options, std::string& out,
                    std::vector<Diagnostic>& errors, std::vector<Diagnostic>& warnings);

// convert_record's two steps, for a caller that wants more of the record than its output (its key, the
// position): first the record read into `record` and judged (checked, or repaired under
// options.repair; mirrored under options.mirror), false with every reason in `errors`; then a record
// judge_record took written, false with the reason when the dialect cannot express it (`text` is the
// one judge_record read).
// convert_record is judge_record then write_record.
bool judge_record(std::string_view text, const ConvertOptions& options, FenRecord& record,
                  std::vector<Diagnostic>& errors, std::vector<Diagnostic>& warnings);
bool write_record(std::string_view text, const FenRecord& record, const ConvertOptions& options, std::string& out,
                  std::vector<Diagnostic>& errors);

} // namespace fen960
