#pragma once

#include <functional>

#include <boost/spirit/home/x3.hpp>

#include "error_handler.hpp"

namespace fen960::fen_grammar {

namespace x3 = boost::spirit::x3;

using iterator_type = char const*;
// Must match the calls in syntax.cpp exactly: x3::with<reporter_tag>(std::ref(r))[...] under x3::parse.
using context_type = x3::context<reporter_tag, std::reference_wrapper<Reporter>, x3::unused_type>;

} // namespace fen960::fen_grammar
