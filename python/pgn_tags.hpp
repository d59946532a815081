// A game's tag pairs, read by the PGN grammar's own tag reader (grammars/pgn/syntax.hpp), values
// without their escapes (the library's unescape_pgn_tag_value). Kept here until lib/ hands a game's tags to its
// callers.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fen960::python {

using Tags = std::vector<std::pair<std::string, std::string>>;

// The tags of a game's text in order (a name given twice, twice); none when the tag section is
// malformed (the importer then fails the game at the bad tag).
Tags game_tags(std::string_view game);

} // namespace fen960::python
