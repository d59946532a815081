#pragma once

#include <boost/spirit/home/x3.hpp>

#include "ast.hpp"

namespace fen960::san_grammar {

namespace x3 = boost::spirit::x3;

struct move_class;
using move_type = x3::rule<move_class, san_ast::Move>;
BOOST_SPIRIT_DECLARE(move_type)

} // namespace fen960::san_grammar

namespace fen960 {
san_grammar::move_type const& san_move();
}
