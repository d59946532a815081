// Grammar of one UCI `position` command as engines receive it and GUIs and logs write it (UCI protocol:
// "position [fen <fenstring> | startpos] moves <move1> ... <movei>"). Syntax only: the FEN's text is
// read by the FEN grammar and each move token against the position in lib/.
//
// Read, on purpose:
// - the word `position` or none (a line of a log or a file of position lines);
// - any run of spaces and tabs between words, before and after the line (the caller drops a trailing
//   carriage return);
// - `moves` with no move after it.
// The FEN is every word after `fen` up to `moves` or the end, as Stockfish reads it. Anything else is
// an error at its first byte: a line that starts with neither `startpos` nor `fen`, `fen` without a
// FEN, a word after `startpos` other than `moves`.
//
// This grammar is the definition and the error reporter; lines are read before it by the fast pass
// (position_fast.hpp), which gives the same fields for every line it accepts and leaves the rest here
// (tests/test_play.cpp holds the two readings equal).
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "ast.hpp"
#include "ast_adapted.hpp"
#include "error_handler.hpp"
#include "position.hpp"
#include "vocabulary.hpp"

namespace fen960::uci_grammar {

namespace x3 = boost::spirit::x3;

using uci_ast::Range;
namespace words = uci_vocabulary;

auto const blank = x3::char_(words::blanks);
auto const word_char = ~x3::char_(words::blanks);
auto const gap = x3::omit[+blank];

// A keyword as a whole word: `startposx` is none.
template <std::size_t N>
auto keyword(char const (&word)[N])
{
    return x3::lit(word) >> !word_char;
}

x3::rule<class start_class, Range> const start = "'startpos' or 'fen'";
x3::rule<class fen_text_class, Range> const fen_text = "a FEN after 'fen'";
x3::rule<class moves_class, Range> const moves = "moves";
x3::rule<class end_of_line_class> const end_of_line = "'moves' or the end of the line";
position_line_type const position_line = "position line";

auto const fen_word = !keyword(words::moves_word) >> +word_char;
auto const fen_text_def = x3::raw[fen_word >> *(gap >> fen_word)];
auto const start_def =
    (keyword(words::startpos_word) >> x3::attr(Range())) | ((keyword(words::fen_word) >> x3::omit[*blank]) > fen_text);
// The moves as one range: a vector of ranges filled word by word costs an allocation a word in X3.
auto const moves_def = x3::omit[gap >> keyword(words::moves_word) >> *blank] >> x3::raw[-(+word_char % gap)];
auto const end_of_line_def = x3::eoi;
// (`>` binds more loosely than `>>`: the parentheses keep each expectation to its rule.)
auto const position_line_def = (((x3::omit[*blank] >> x3::omit[-(keyword(words::position_word) >> *blank)]) > start) >>
                                -moves >> x3::omit[*blank]) > end_of_line;

BOOST_SPIRIT_DEFINE(start, fen_text, moves, end_of_line, position_line)

struct position_line_class : error_handler {};

} // namespace fen960::uci_grammar

namespace fen960 {
uci_grammar::position_line_type const& uci_position_line()
{
    return uci_grammar::position_line;
}
} // namespace fen960
