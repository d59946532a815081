#pragma once

#include <boost/spirit/home/x3.hpp>

#include "ast.hpp"

namespace fen960::fen_grammar {

namespace x3 = boost::spirit::x3;

struct record_class;
using record_type = x3::rule<record_class, fen_ast::Record>;
BOOST_SPIRIT_DECLARE(record_type)

} // namespace fen960::fen_grammar

namespace fen960 {
fen_grammar::record_type const& fen_record();
}
