#pragma once

#include <boost/spirit/home/x3.hpp>

#include "ast.hpp"

namespace fen960::uci_grammar {

namespace x3 = boost::spirit::x3;

struct position_line_class;
using position_line_type = x3::rule<position_line_class, uci_ast::PositionLine>;
BOOST_SPIRIT_DECLARE(position_line_type)

} // namespace fen960::uci_grammar

namespace fen960 {
uci_grammar::position_line_type const& uci_position_line();
}
