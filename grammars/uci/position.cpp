#include "config.hpp"
#include "position_def.hpp"

namespace fen960::uci_grammar {
BOOST_SPIRIT_INSTANTIATE(position_line_type, iterator_type, context_type)
}
