// Reading and writing position records in the three FEN dialects. Spirit-free: the grammar lives in
// grammars/fen and is compiled once, in its own unit.
//
//   auto record = fen960::parse_fen("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1");
//   if (!record) { report(record.error().column, record.error().message); }
//   auto xfen = fen960::emit_fen(record->setup, {fen960::Dialect::xfen});   // "... w KQkq - 0 1"
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/modes.hpp"
#include "fen960/limits.hpp" // max_record_length
#include "fen960/rules.hpp" // Rules, which check_rights and repair_rights take
#include "fen960/setup.hpp"
#include "fen960/types.hpp"

namespace fen960 {

struct EpdOperation; // epd.hpp

// The reader of records a writer in `d` writes.
constexpr InputDialect input_dialect(Dialect d)
{
    return d == Dialect::fen ? InputDialect::fen : d == Dialect::shredder ? InputDialect::shredder : InputDialect::xfen;
}

constexpr EnPassantMode default_en_passant(Dialect d)
{
    return d == Dialect::xfen ? EnPassantMode::pseudo : EnPassantMode::keep;
}

const char* name(Dialect d);
const char* name(EnPassantMode m);

// One letter of the castling field and the square of the rook it names (a claim; checked later).
struct CastlingToken {
    char letter = 0;
    Square rook{0};
    std::uint16_t column = 0; // 1-based (records are at most max_record_length bytes)
};

// Whose right a castling letter claims, in every dialect: upper case white, lower case black.
constexpr Color color_of_castling_letter(char letter)
{
    return (letter >= 'A' && letter <= 'Z') ? Color::white : Color::black;
}

// A parsed record: the model plus what is needed to point at the text again.
struct FenRecord {
    static constexpr std::size_t max_castling_letters = 16;

    Setup setup;
    bool has_clocks = true; // false for a four-field (EPD style) record
    // The setup's clocks come (at least in part) from `hmvc`/`fmvn` operations: the record has no
    // clock fields (EPD style) but states them as operations (see epd.hpp).
    bool clocks_from_operations = false;
    // Column of a fullmove number 0 (field or `fmvn` operand), which is read as 1; 0 when none.
    std::uint32_t fullmove_zero_column = 0;
    // The text after the last field, the white space before it included: the operations of an EPD
    // record (epd.hpp), or other text after a ';'. Where it is in the parsed text; length 0: none.
    std::uint32_t rest_offset = 0;
    std::uint32_t rest_length = 0;
    std::uint32_t castling_column = 0;
    std::uint32_t en_passant_column = 0;
    // Where the placement field is in the parsed text. A valid placement has one spelling only (no
    // two digits in a row, eight squares a rank), so these bytes are what emit_board writes.
    std::uint32_t board_offset = 0;
    std::uint32_t board_length = 0;
    std::array<CastlingToken, max_castling_letters> tokens{};
    std::uint8_t token_count = 0;

    const CastlingToken* begin_tokens() const { return tokens.data(); }
    const CastlingToken* end_tokens() const { return tokens.data() + token_count; }
    // The rest in `text`, the text this record was read from.
    std::string_view rest(std::string_view text) const { return text.substr(rest_offset, rest_length); }
};

// What a line of a record file is. A blank line or one whose first non-blank byte is '#' is no
// record: record commands copy it or leave its output line empty, and count it neither valid nor
// invalid.
enum class LineKind : std::uint8_t { record, blank, comment };
namespace detail {
LineKind line_kind_scan(std::string_view line);
} // namespace detail
inline LineKind line_kind(std::string_view line)
{
    // Nearly every line is a record, its first byte a piece letter or a digit: told without a call.
    if (!line.empty() && line[0] > ' ' && line[0] != '#')
        return LineKind::record;
    return detail::line_kind_scan(line);
}

// Reads one record: a FEN record, or an EPD record (four fields, then operations; see epd.hpp),
// the clocks then from its `hmvc`/`fmvn` operations, else `0 1`. Syntax errors, an unterminated
// quote in the operations, clocks the operations contradict and castling letters foreign to `from`
// are diagnostics.
Expected<FenRecord> parse_fen(std::string_view text, InputDialect from = InputDialect::automatic);

// The same into a record the caller owns (no copy of the result): done, or the diagnostic.
Expected<void> parse_fen(std::string_view text, InputDialect from, FenRecord& record);

// The same, giving the record's operations too (`operations`, cleared first; see epd.hpp).
Expected<void> parse_fen(std::string_view text, InputDialect from, FenRecord& record,
                         std::vector<EpdOperation>& operations);

// What reading the record tolerated and says so: a fullmove number 0 read as 1.
void reading_warnings(const FenRecord& record, std::vector<Diagnostic>& warnings);

struct EmitOptions {
    Dialect dialect = Dialect::xfen;
    std::optional<EnPassantMode> en_passant; // default_en_passant(dialect) when empty
    bool clocks = true;                      // false: four fields
};

// Appends the record to `out`; when the dialect cannot express the setup returns why (column 0:
// the caller knows where the castling field was) and appends nothing.
Expected<void> append_fen(const Setup& setup, const EmitOptions& options, std::string& out);

// The same with the board's placement field given, when the caller holds it already (a parsed
// record's, see FenRecord::board_offset): copied instead of written again from the board. (A valid
// field has at most 71 bytes; for an empty or longer one the board is written.)
Expected<void> append_fen(const Setup& setup, const EmitOptions& options, std::string& out,
                          std::string_view board_text);

Expected<std::string> emit_fen(const Setup& setup, const EmitOptions& options = {});

// Field by field, for callers that assemble records themselves.
void emit_board(const Board& board, std::string& out);
Expected<void> emit_castling(const Setup& setup, Dialect dialect, std::string& out); // as append_fen
void emit_en_passant(const Setup& setup, EnPassantMode mode, std::string& out);

// The en-passant square a writer in `mode` would write.
std::optional<Square> effective_en_passant(const Setup& setup, EnPassantMode mode);

} // namespace fen960
