// One record from any dialect to another: parse, check the castling rights and en-passant square
// (or repair them), check the position, emit.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/epd.hpp"
#include "fen960/fen.hpp"
#include "fen960/validate.hpp"

namespace fen960 {

struct ConvertOptions {
    Dialect to = Dialect::xfen;
    InputDialect from = InputDialect::automatic;
    std::optional<EnPassantMode> en_passant; // default_en_passant(to) when empty
    bool repair = false;                     // drop bad castling rights and en-passant squares, with warnings
    bool mirror = false;                     // write the colour-flipped position (book.hpp's mirrored)
    Shape shape = Shape::as_read;            // the fields and operations written (epd.hpp)
    Acceptance acceptance = Acceptance::playable; // a position no game reaches: a warning, or (strict) refused
};

// Appends the converted record to `out`; or appends nothing and returns every reason it failed.
// Warnings (for what --repair dropped, a fullmove number 0 read as 1, a position no game reaches but
// the move generator plays: accept_position in validate.hpp) go to `warnings`, on either
// outcome. The record's operations (EPD) follow the position as read, in `options.shape`.
Expected<void, Diagnostics> convert_record(std::string_view text, const ConvertOptions& options, std::string& out,
                                           std::vector<Diagnostic>& warnings);

// The same, giving the record's operations too (views into `text`; cleared first).
Expected<void, Diagnostics> convert_record(std::string_view text, const ConvertOptions& options, std::string& out,
                                           std::vector<Diagnostic>& warnings, std::vector<EpdOperation>& operations);

// convert_record's two steps, for a caller that wants more of the record than its output (its key, the
// position): first the record read into `record` and judged (checked, or repaired under
// options.repair; mirrored under options.mirror), or every reason it is refused; then a record
// judge_record took written in options.shape, or the reason the dialect cannot express it (`text` is
// the one judge_record read). `operations` receives the record's operations; a shape other than
// as-read needs them, and without a list of the caller's both steps use one of the calling thread's
// own (so the two must run on the same thread). convert_record is judge_record then write_record.
Expected<void, Diagnostics> judge_record(std::string_view text, const ConvertOptions& options, FenRecord& record,
                                         std::vector<Diagnostic>& warnings,
                                         std::vector<EpdOperation>* operations = nullptr);
Expected<void> write_record(std::string_view text, const FenRecord& record, const ConvertOptions& options,
                            std::string& out, const std::vector<EpdOperation>* operations = nullptr);

} // namespace fen960
