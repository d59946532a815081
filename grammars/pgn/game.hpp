#pragma once

#include <boost/spirit/home/x3.hpp>

#include "ast.hpp"

namespace fen960::pgn_grammar {

namespace x3 = boost::spirit::x3;

// A game is read in two steps, so that lib/ can judge the tags (an unsupported variant is skipped)
// before it reads the moves.
struct tag_section_class;
using tag_section_type = x3::rule<tag_section_class, pgn_ast::Tags>;
struct movetext_class;
using movetext_type = x3::rule<movetext_class, pgn_ast::Movetext>;
BOOST_SPIRIT_DECLARE(tag_section_type, movetext_type)

} // namespace fen960::pgn_grammar

namespace fen960 {
pgn_grammar::tag_section_type const& pgn_tag_section();
pgn_grammar::movetext_type const& pgn_movetext();
} // namespace fen960
