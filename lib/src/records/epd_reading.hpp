// parse_fen's use of the EPD module (fen.cpp calls it, epd.cpp defines it).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/epd.hpp"
#include "fen960/fen.hpp"

namespace fen960::detail {

// Reads the operations of `record` (read from `text`) as far as reading the record needs: whether
// they parse, and their clocks, which become the record's when it has no clock fields and must
// agree with them when it has. `out`, when given, gets the list.
Expected<void> read_operations(std::string_view text, FenRecord& record, std::vector<EpdOperation>* out);

// A number in an operation or a suite line: plain decimal digits (leading zeros allowed), at most
// `limit`; nothing for an empty text, another byte or a larger value.
std::optional<std::uint64_t> decimal(std::string_view digits, std::uint64_t limit);

} // namespace fen960::detail
