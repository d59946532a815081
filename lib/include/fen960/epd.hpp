// EPD operations (PGN standard 16.2): the text after a record's last field, as test suites, opening
// books and perft suites write it (`bm Nf3; id "WAC.001";`, `;D1 20 ;D2 400`, `; free text`). They
// are read once, here, for every reader: parse_fen takes its clocks from `hmvc`/`fmvn` operations,
// perft suites their counts from `D<depth> <nodes>`, `convert --format jsonl` the list.
//
//   std::vector<fen960::EpdOperation> ops;
//   auto read = fen960::parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66", fen960::InputDialect::automatic,
//                                 record, ops);                      // ops: {"D1", {"15"}}, {"D2", {"66"}}
//   std::vector<fen960::PerftCount> counts;
//   auto counted = fen960::perft_counts(ops, counts);                // {1, 15}, {2, 66}
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/fen.hpp"
#include "fen960/modes.hpp"

namespace fen960 {

// One item of the operations, in input order: an operation (opcode and operands) or free text.
struct EpdOperation {
    std::string_view opcode;                // empty for free text
    std::vector<std::string_view> operands; // as written (a quoted one with its quotes); free text: the text
    std::uint32_t column = 0;               // 1-based column of its first byte in the record

    // The whole item as written, from its first byte to its last (no separator).
    std::string_view text() const;
};

// An operand's value: without its quotes and escapes when it is quoted, else as written.
std::string operand_value(std::string_view operand);

// The operations of a record read by parse_fen from `text`, in order (`out` is cleared first). An
// unterminated quote is a diagnostic at its column.
Expected<void> parse_operations(std::string_view text, const FenRecord& record, std::vector<EpdOperation>& out);

// The clock operations: `hmvc N` (the halfmove clock) and `fmvn N` (the fullmove number).
bool is_clock_operation(const EpdOperation& op);

// A perft count: `D<depth> <nodes>`, as perft suites (Ethereal's, pychess's) write them.
struct PerftCount {
    int depth = 0;
    std::uint64_t nodes = 0;
    std::uint32_t column = 0; // of the operation
};

// The perft counts among the operations, in order (appended to `out`); an operation `D<n>` whose
// operand is no count is a diagnostic at its column. Other operations are ignored.
Expected<void> perft_counts(const std::vector<EpdOperation>& operations, std::vector<PerftCount>& out);

const char* name(Shape s);

// Appends what follows the four fields of `record` (read from `text`, with its `operations`) in
// `shape`: the clocks as fields or operations, and the rest as read (white space before it included).
void append_after_fields(std::string_view text, const FenRecord& record, const std::vector<EpdOperation>& operations,
                         Shape shape, std::string& out);

} // namespace fen960
