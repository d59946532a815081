// Grammar of one FEN record (PGN standard 16.1) with the castling letters of all three dialects:
// standard `KQkq`, Shredder-FEN rook files `A-Ha-h`, and X-FEN, which mixes both; and of an EPD
// record (PGN standard 16.2): the same fields without the clocks, then operations. Syntax only: which
// rook a letter names, whether a square makes sense and what an operation means is decided in lib/.
//
// Tolerated, on purpose:
// - white space (spaces, tabs) before and after the record, and carriage returns at its end (one of
//   CRLF, or more: `\r\r\n` from a file whose CRLF lines got a CR added), which end it as its end does;
// - one or more spaces or tabs between fields;
// - no clocks (four fields, EPD style): the caller defaults them (to `0 1`, or to the record's
//   `hmvc`/`fmvn` operations);
// - text after the last field, kept as the record's operations (`rest`, the white space before it
//   included): it begins at the first token that is no clock, or at a ';', also glued to the last
//   field (`0 1;`, `- ;D1 20`); operations_def.hpp reads it;
// - castling letters in any order, and any number of them (lib/ judges them);
// - leading zeros in the clocks, and a fullmove number 0 (lib/ reads it as 1, with a warning).
// Everything else is an error at the first offending column: two digits in a row inside a rank,
// ranks of more or fewer than eight squares, clocks with a sign or out of range (halfmove
// 0..2^31-1, fullmove 0..2^31-1), a token where the clocks are that is no number (`- x 1`, `- 1.5 2`,
// `- -1 1`: a token that begins like a number, or the last two of six tokens when the sixth is one),
// other text glued to a field (`0 1x`).
//
// This grammar is the definition and the error reporter. Records in the common shape are read
// before it by the fast passes (placement.hpp, tail.hpp; see syntax.cpp), which accept a subset of
// what it accepts with the same fields; tests/test_fen_fast.cpp holds the two readings equal.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include <boost/spirit/home/x3.hpp>

#include "ast.hpp"
#include "ast_adapted.hpp"
#include "error_handler.hpp"
#include "placement.hpp"
#include "record.hpp"
#include "vocabulary.hpp"

namespace fen960::fen_grammar {

namespace x3 = boost::spirit::x3;

namespace detail {

template <typename Iterator>
[[noreturn]] void fail(Iterator where, std::string const& message)
{
    throw x3::expectation_failure<Iterator>(where, full_message_marker + message);
}

// The placement field: eight ranks, rank 8 first, separated by '/', each of exactly eight squares
// written as piece letters and digits 1-8 (never two digits in a row). A custom parser because the
// square count of a rank is not a context-free property a rule can state without semantic actions;
// one pass over the bytes, since this field is most of a record.
struct board_parser : x3::parser<board_parser> {
    using attribute_type = fen_ast::Placement;
    static bool const has_attribute = true;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext const&, Attribute& attr) const
    {
        fen_ast::Placement placement;
        Iterator const start = first;
        Iterator it = first;
        if (it == last || *it == '\r')
            fail(it, "empty record");
        int rank = 7;
        int file = 0;
        bool after_digit = false;
        auto rank_name = [&rank] { return "rank " + std::to_string(rank + 1); };
        for (; it != last; ++it) {
            std::uint8_t const kind = placement_kind[static_cast<unsigned char>(*it)];
            if (kind < first_digit) {
                if (file == 8)
                    fail(it, rank_name() + " has more than 8 squares");
                placement.add(kind, std::uint64_t{1} << (rank * 8 + file));
                ++file;
                after_digit = false;
            } else if (kind < slash) {
                if (after_digit)
                    fail(it, "two digits in a row in " + rank_name());
                file += kind - first_digit + 1;
                if (file > 8)
                    fail(it, rank_name() + " has more than 8 squares");
                after_digit = true;
            } else if (kind == slash) {
                if (file < 8)
                    break; // reported below
                if (rank == 0)
                    fail(it, "board has more than 8 ranks");
                --rank;
                file = 0;
                after_digit = false;
            } else if (kind == bad_digit) {
                fail(it, "invalid empty-square count '" + std::string(1, *it) + "' in " + rank_name() +
                             " (expected 1 to 8)");
            } else if (kind == field_end || (rank == 0 && file == 8)) {
                break; // the field separator reports what follows a complete board
            } else {
                // 'x' is a letter that names no piece; a NUL byte, a tab, byte 0x80 are no letter at all.
                std::string const found = describe(std::string_view(it, static_cast<std::size_t>(last - it)));
                fail(it, (found.front() == '\'' ? "invalid piece letter " + found : found + " instead of a piece letter") +
                             " in " + rank_name());
            }
        }
        if (file < 8)
            fail(it, rank_name() + " has " + grammars::count_of(file, "square", "squares") + ", expected 8");
        if (rank > 0)
            fail(it, "board has " + grammars::count_of(8 - rank, "rank", "ranks") + ", expected 8");
        first = it;
        placement.text = fen_ast::Range(start, first);
        x3::traits::move_to(placement, attr);
        return true;
    }
};

// A clock: plain decimal digits (no sign), at least `min`, at most 2^31-1.
struct clock_parser : x3::parser<clock_parser> {
    using attribute_type = std::uint32_t;
    static bool const has_attribute = true;

    std::uint32_t min;
    char const* field;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext const&, Attribute& attr) const
    {
        constexpr std::uint64_t max = 0x7fffffff;
        Iterator it = first;
        std::uint64_t value = 0;
        for (; it != last && *it >= '0' && *it <= '9'; ++it)
            value = std::min<std::uint64_t>(value * 10 + static_cast<std::uint64_t>(*it - '0'), max + 1);
        if (it == first)
            return false;
        if (value < min || value > max) {
            std::string digits(first, it);
            if (digits.size() > 24)
                digits = digits.substr(0, 20) + "...";
            fail(first, std::string(field) + " " + digits + " out of range (" + std::to_string(min) + " to " +
                            std::to_string(max) + ")");
        }
        first = it;
        x3::traits::move_to(static_cast<std::uint32_t>(value), attr);
        return true;
    }
};

} // namespace detail

using fen_ast::Range;

// Named rules; their names select the message in error_handler.cpp.
x3::rule<class space_after_board_class> const space_after_board = "space after board";
x3::rule<class side_class, char> const side = "side to move";
x3::rule<class space_after_side_class> const space_after_side = "space after side to move";
x3::rule<class castling_class, Range> const castling = "castling field";
x3::rule<class castling_letter_class> const castling_letter_end = "castling letter";
x3::rule<class space_after_castling_class> const space_after_castling = "space after castling field";
x3::rule<class en_passant_class, Range> const en_passant = "en-passant field";
x3::rule<class en_passant_rank_class> const en_passant_rank = "en-passant rank";
x3::rule<class end_after_en_passant_class> const end_after_en_passant = "end after en-passant field";
x3::rule<class halfmove_class, std::uint32_t> const halfmove = "halfmove clock";
x3::rule<class space_after_halfmove_class> const space_after_halfmove = "space after halfmove clock";
x3::rule<class fullmove_class, std::uint32_t> const fullmove = "fullmove number";
x3::rule<class end_after_fullmove_class> const end_after_fullmove = "end after fullmove number";
x3::rule<class clocks_class, fen_ast::Clocks> const clocks = "clocks";
x3::rule<class rest_class, Range> const rest = "operations";
x3::rule<class end_of_record_class> const end_of_record = "end of record";
x3::rule<class tail_class, fen_ast::Tail> const tail = "fields after the board";
record_type const record = "FEN record";

namespace v = vocabulary;
auto const blank = x3::omit[x3::char_(v::blank_chars)];
auto const end_of_text = *x3::lit('\r') >> x3::eoi;
// White space, then any carriage returns, to the end of the input.
auto const trailing = *blank >> end_of_text;
auto const field_end = blank | x3::lit(v::separator) | end_of_text;
auto const castling_letters = x3::char_("KQkqA-Ha-h");
auto const word_byte = x3::char_ - x3::char_(v::word_end_chars);
auto const rest_byte = x3::char_ - (+x3::lit('\r') >> x3::eoi);
// Where the clocks are: a token that begins like a number (a sign too, so that `-1` is a bad clock,
// not an operation), or the last two tokens of six when the sixth is a number (`- x 1`: a FEN record
// with a bad halfmove clock, not an operation `x 1` without its ';').
auto const clocks_ahead =
    &(x3::digit | x3::lit('+') | x3::lit('-') | (+word_byte >> +blank >> +x3::digit >> trailing));

auto const space_after_board_def = +blank;
auto const side_def = x3::char_("wb");
auto const space_after_side_def = +blank;
auto const castling_def = x3::raw[x3::lit('-') | +castling_letters] > castling_letter_end;
auto const castling_letter_end_def = &(blank | trailing);
auto const space_after_castling_def = +blank;
auto const en_passant_def = x3::raw[x3::lit('-') | (x3::char_("a-h") > en_passant_rank)];
auto const en_passant_rank_def = x3::char_("1-8");
auto const end_after_en_passant_def = &field_end;
auto const halfmove_def = detail::clock_parser{{}, 0, "halfmove clock"};
auto const space_after_halfmove_def = +blank;
auto const fullmove_def = detail::clock_parser{{}, 0, "fullmove number"};
auto const end_after_fullmove_def = &field_end;
auto const clocks_def = x3::eps > halfmove > space_after_halfmove > fullmove > end_after_fullmove;
// The operations begin at a ';' (white space before it kept) or at the first token after white space.
auto const rest_def = x3::raw[-((*blank >> x3::lit(v::separator) >> *rest_byte) |
                                (+blank >> !end_of_text >> *rest_byte))];
auto const end_of_record_def = trailing;

// eps: every field is expected, the first too, so that its rule reports a fault (a failing first
// element would only make the record fail, with no message). Once a token stands where the clocks
// are, they are expected.
auto const tail_def = (((x3::eps > space_after_board > side > space_after_side > castling > space_after_castling >
                         en_passant > end_after_en_passant) >>
                        -((+blank >> clocks_ahead) > clocks) >> rest) > end_of_record);

// The board parser either reads a board or reports why not.
auto const record_def = (x3::omit[*blank] >> detail::board_parser{}) >> tail;

BOOST_SPIRIT_DEFINE(space_after_board, side, space_after_side, castling, castling_letter_end, space_after_castling,
                    en_passant, en_passant_rank, end_after_en_passant, halfmove, space_after_halfmove, fullmove,
                    end_after_fullmove, clocks, rest, end_of_record, tail, record)

struct record_class : error_handler {};

} // namespace fen960::fen_grammar

namespace fen960 {
fen_grammar::record_type const& fen_record()
{
    return fen_grammar::record;
}
} // namespace fen960
