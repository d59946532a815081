#pragma once

#include <boost/spirit/home/x3.hpp>

#include "ast.hpp"

namespace fen960::pgn_grammar {

namespace x3 = boost::spirit::x3;

// A game is read in steps: the tags first, so that lib/ can judge them (an unsupported variant is
// skipped) before it reads the moves; then the movetext, part by part (a few dozen elements each), and
// at last its end, where anything that stopped it is reported.
struct tag_section_class;
using tag_section_type = x3::rule<tag_section_class, pgn_ast::Tags>;
struct movetext_part_class;
using movetext_part_type = x3::rule<movetext_part_class, pgn_ast::Movetext>;
struct movetext_end_class;
using movetext_end_type = x3::rule<movetext_end_class>;
BOOST_SPIRIT_DECLARE(tag_section_type, movetext_part_type, movetext_end_type)

} // namespace fen960::pgn_grammar

namespace fen960 {
pgn_grammar::tag_section_type const& pgn_tag_section();
pgn_grammar::movetext_part_type const& pgn_movetext_part();
pgn_grammar::movetext_end_type const& pgn_movetext_end();
} // namespace fen960
