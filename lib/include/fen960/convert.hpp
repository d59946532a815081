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
};

// Appends the converted record to `out` and returns true; or returns false, appends nothing and
// adds every reason to `errors`. Warnings (for what --repair dropped) go to `warnings`.
bool convert_record(std::string_view text, const ConvertOptions& options, std::string& out,
                    std::vector<Diagnostic>& errors, std::vector<Diagnostic>& warnings);

} // namespace fen960
