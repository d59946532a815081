#include "config.hpp"
#include "move_def.hpp"

namespace fen960::san_grammar {
BOOST_SPIRIT_INSTANTIATE(move_type, iterator_type, context_type)
}
