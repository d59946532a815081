// convertLines: waits for the library's per-line conversion (the record reader moving from cli into lib).
#include <emscripten/bind.h>

#include "web.hpp"

namespace fen960::web {

void add_lines() {}

} // namespace fen960::web
