// Which chess a position belongs to, for the model's judges: validation, Position::from_setup and the
// castling-field readers and writers all take it.
#pragma once

#include <cstdint>

namespace fen960 {

// Whose castling rules judge the castling rights.
enum class Rules : std::uint8_t {
    standard, // king on e1/e8, rooks on a1/h1/a8/h8
    chess960, // any own rook on the back rank, the king between the a-side and the h-side rook
};

} // namespace fen960
