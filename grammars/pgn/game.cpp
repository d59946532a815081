#include "config.hpp"
#include "game_def.hpp"

namespace fen960::pgn_grammar {
BOOST_SPIRIT_INSTANTIATE(tag_section_type, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(movetext_part_type, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(movetext_end_type, iterator_type, context_type)
} // namespace fen960::pgn_grammar
