// Grammar of an EPD record's operations (PGN standard 16.2.4), the text after its last field, in the
// shapes real files have: `opcode operand...;` items (`bm Nf3 Ne5; id "WAC.001";`), `;`-led items
// (`;D1 20 ;D2 400`), free text between separators (`; 1. e4 wins, see the game`). Syntax only:
// which opcodes are clocks or perft counts is decided in lib/ (epd.cpp).
//
// Tolerated, on purpose:
// - any white space (spaces, tabs) around items and between words, empty items (`;;`, a leading
//   or trailing ';'), a last item without its ';';
// - any opcode (PGN 16.2.4: a letter, then at most 14 letters, digits or '_'): unknown ones are
//   kept; after a ';', an item whose first word is no opcode is free text;
// - a quoted operand anywhere a word begins, a ';' inside it separating nothing, an escape ('\')
//   keeping the next byte inside it; bytes glued to a word's closing quote stay in that word.
// Errors, at their column: a list that begins with neither a ';' nor an operation (`0 1 0`, text
// that is no opcode, an opcode over 15 characters); a quote that begins a word and is never closed.
//
// operations_fast.hpp tells quickly when a list parses; tests/test_fen_fast.cpp holds it to this
// grammar.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

#include <boost/spirit/home/x3.hpp>

#include "ast.hpp"
#include "ast_adapted.hpp"
#include "error_handler.hpp"
#include "operations.hpp"
#include "vocabulary.hpp"

namespace fen960::fen_grammar {

namespace x3 = boost::spirit::x3;

namespace detail {

// An opcode: a letter, then letters, digits and '_' up to a word's end, at most 15 bytes. At the
// opening of a list (`strict`) anything else fails, naming the word.
struct opcode_parser : x3::parser<opcode_parser> {
    using attribute_type = fen_ast::Range;
    static bool const has_attribute = true;

    bool strict;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext const&, Attribute& attr) const
    {
        namespace v = vocabulary;
        Iterator it = first;
        while (it != last && v::is_opcode_byte(*it))
            ++it;
        bool const ok = first != last && v::is_opcode_start(*first) && (it == last || v::ends_word(*it)) &&
                        static_cast<std::size_t>(it - first) <= v::max_opcode_length;
        if (!ok && strict)
            throw x3::expectation_failure<Iterator>(first, std::string(1, full_message_marker) + opening_message(first, last));
        if (!ok)
            return false;
        x3::traits::move_to(fen_ast::Range(first, it), attr);
        first = it;
        return true;
    }

    template <typename Iterator>
    static std::string opening_message(Iterator first, Iterator last)
    {
        Iterator end = first;
        while (end != last && !vocabulary::ends_word(*end))
            ++end;
        std::string_view const word(&*first, static_cast<std::size_t>(end - first));
        bool const printable = std::all_of(word.begin(), word.end(), [](char c) { return c > ' ' && c < 127; });
        std::string message = "operations begin with an opcode (a letter, then at most 14 letters, digits or '_') "
                              "or a ';', found ";
        if (!printable) {
            message += describe(std::string_view(&*first, static_cast<std::size_t>(last - first)));
            return message;
        }
        message += '\'';
        message.append(word.substr(0, 20));
        message += word.size() > 20 ? "...'" : "'";
        return message;
    }
};

// A quoted word: a quote, the bytes up to the next quote that no escape keeps, that quote, and any
// word bytes glued to it. At a quote that is never closed it fails with the quote's column.
struct quoted_parser : x3::parser<quoted_parser> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext const&, Attribute&) const
    {
        namespace v = vocabulary;
        if (first == last || *first != v::quote)
            return false;
        Iterator it = first;
        for (++it; it != last && *it != v::quote; ++it)
            if (*it == v::escape && it + 1 != last)
                ++it;
        if (it == last)
            throw x3::expectation_failure<Iterator>(
                first, std::string(1, full_message_marker) + "unterminated quote in the operations (no closing '\"')");
        for (++it; it != last && !v::ends_word(*it); ++it) {
        }
        first = it;
        return true;
    }
};

} // namespace detail

using fen_ast::Range;

x3::rule<class word_class, Range> const word = "word";
x3::rule<class operation_class, fen_ast::Operation> const operation = "operation";
x3::rule<class opening_class, fen_ast::Operation> const opening = "opening operation";
x3::rule<class free_text_class, fen_ast::Operation> const free_text = "free text";
x3::rule<class item_class, fen_ast::Operation> const item = "item";
x3::rule<class items_class, std::vector<fen_ast::Operation>> const items = "items";
operations_type const operations = "operations";

namespace ops {
namespace v = vocabulary;
auto const blank = x3::omit[x3::char_(v::blank_chars)];
auto const separator = x3::lit(v::separator);
auto const word_byte = x3::char_ - x3::char_(v::word_end_chars);
// Separators between items, with the white space around them; empty items are nothing.
auto const separators = x3::omit[*blank >> +(separator >> *blank)];
auto const leading_separators = x3::omit[*blank >> *(separator >> *blank)];
} // namespace ops

auto const word_def = x3::raw[detail::quoted_parser{} | +ops::word_byte];
auto const operation_def = detail::opcode_parser{{}, false} >> *(x3::omit[+ops::blank] >> word);
auto const opening_def = detail::opcode_parser{{}, true} >> *(x3::omit[+ops::blank] >> word);
auto const free_text_def = x3::attr(Range()) >> x3::repeat(1)[x3::raw[word % +ops::blank]];
auto const item_def = operation | free_text;
auto const items_def = ops::leading_separators >> -(item % ops::separators) >> ops::leading_separators;
// Free text only after a ';': a list that does not begin with one begins with an operation.
auto const operations_def =
    (x3::omit[*ops::blank] >> (x3::eoi | (&ops::separator >> items) | (x3::eps > opening > items))) > x3::eoi;

BOOST_SPIRIT_DEFINE(word, operation, opening, free_text, item, items, operations)

struct operations_class : error_handler {};

} // namespace fen960::fen_grammar

namespace fen960 {
fen_grammar::operations_type const& epd_operations()
{
    return fen_grammar::operations;
}
} // namespace fen960
