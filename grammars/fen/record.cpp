#include "config.hpp"
#include "record_def.hpp"

namespace fen960::fen_grammar {
BOOST_SPIRIT_INSTANTIATE(record_type, iterator_type, context_type)
}
