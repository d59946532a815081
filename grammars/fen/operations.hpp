#pragma once

#include <vector>

#include <boost/spirit/home/x3.hpp>

#include "ast.hpp"

namespace fen960::fen_grammar {

namespace x3 = boost::spirit::x3;

struct operations_class;
using operations_type = x3::rule<operations_class, std::vector<fen_ast::Operation>>;
BOOST_SPIRIT_DECLARE(operations_type)

} // namespace fen960::fen_grammar

namespace fen960 {
fen_grammar::operations_type const& epd_operations();
}
