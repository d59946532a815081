#include "config.hpp"
#include "operations_def.hpp"
#include "record_def.hpp"

namespace fen960::fen_grammar {
BOOST_SPIRIT_INSTANTIATE(record_type, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(operations_type, iterator_type, context_type)
}
