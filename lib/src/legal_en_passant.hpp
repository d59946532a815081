// Whether the side to move has a legal en-passant capture (used by EnPassantMode::legal).
#pragma once

#include "fen960/setup.hpp"

namespace fen960 {

bool legal_en_passant_exists(const Setup& setup);

} // namespace fen960
