// Grammar of one move token of a PGN movetext: SAN (PGN standard 8.2.3) and the other notations
// engines and servers write. Syntax only: which legal move a text names is decided in lib/.
//
// Read, on purpose:
// - SAN with any disambiguation (`Nbd2`, `N1d2`, `Nb1d2`), `x` or `:` for a capture, or none;
//   promotion as `=Q` or `Q` (either case); `P` for a pawn;
// - castling `O-O`, `O-O-O` with letter O, digit zero or lower-case o, and any Unicode dash
//   (U+2010..U+2014, U+2212) for the hyphen;
// - long algebraic notation (`Ng1-f3`, `e2-e4`, `e4xd5`) and UCI (`e2e4`, `e7e8q`, `e1h1`): they fit
//   the SAN fields with both squares given;
// - null moves `--`, `Z0` (ChessBase) and `0000` (UCI);
// - after the move: `e.p.` or `ep`, a check mark (`+`, `++`, `#`), glyphs (`!`, `?`, `!!`, `??`, `!?`,
//   `?!`), in that order, and `e.p.` once more after them.
// Anything else after a move is an error at its first byte; a token that is no move at all fails
// without an expectation (lib/ says "not a move").
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "../common/token_parser.hpp"
#include "../pgn/vocabulary.hpp"
#include "ast.hpp"
#include "ast_adapted.hpp"
#include "error_handler.hpp"
#include "move.hpp"

namespace fen960::san_grammar {

namespace x3 = boost::spirit::x3;
namespace vocab = pgn_vocabulary;
using grammars::token;

using san_ast::Form;
using san_ast::Target;

x3::rule<class square_class, san_ast::Square> const square = "square";
x3::rule<class target_class, Target> const target = "move";
x3::rule<class head_class, san_ast::Head> const head = "move";
x3::rule<class end_of_move_class> const end_of_move = "end of move";
move_type const move = "move";

auto const piece = x3::char_("KQRBNP");
auto const file = x3::char_("a-h");
auto const rank = x3::char_("1-8");
// The hyphen of long algebraic notation is no capture.
auto const capture = x3::char_("x:") | (x3::lit('-') >> x3::attr('\0'));
auto const promotion = -x3::lit('=') >> x3::char_("QRBNqrbn");
// The dashes, e.p. marks, null moves and glyphs of PGN movetext (grammars/pgn/vocabulary.hpp).
auto const dash = token<&vocab::dash_end>;
auto const ep = token<&vocab::ep_mark_end>;
auto const glyphs = token<&vocab::annotation_glyphs_end>;
auto const castle_o = x3::lit('O') | '0' | 'o';

// Left to right, without backtracking: `Nf3` reads as piece, file, rank; `Nbd2` as piece, file, square.
auto const square_def = file >> rank;
auto const target_def = -piece >> -file >> -rank >> -capture >> -square >> -promotion;

auto const castle_a = x3::attr(Form::castle_a) >> x3::attr(Target{}) >>
                      x3::omit[castle_o >> dash >> castle_o >> dash >> castle_o];
auto const castle_h = x3::attr(Form::castle_h) >> x3::attr(Target{}) >> x3::omit[castle_o >> dash >> castle_o];
auto const null_move = x3::attr(Form::null) >> x3::attr(Target{}) >> x3::omit[token<&vocab::null_move_end>];
auto const normal = x3::attr(Form::normal) >> target;
// A normal move first: its first byte says so, and nothing else starts with one of those.
auto const head_def = (&x3::char_("a-hKQRBNP") >> normal) | castle_a | castle_h | null_move;

auto const check = x3::char_("+#") >> x3::omit[*x3::char_("+#")];
auto const end_of_move_def = x3::eoi;
auto const move_def =
    (head >> x3::omit[-ep] >> -check >> x3::raw[glyphs] >> x3::omit[-ep]) > end_of_move;

BOOST_SPIRIT_DEFINE(square, target, head, end_of_move, move)

struct move_class : error_handler {};

} // namespace fen960::san_grammar

namespace fen960 {
san_grammar::move_type const& san_move()
{
    return san_grammar::move;
}
} // namespace fen960
