// Grammar of one PGN game (PGN standard, sections 8 and 16) as exporters actually write it: the tag
// section, then the movetext. Syntax only: which move a token names, and whether the tags make sense,
// is decided in lib/. The text of one game comes from lib/'s game splitter, which uses the same
// notion of comments, variations and results to find where a game ends.
//
// Tolerated, on purpose:
// - a UTF-8 byte-order mark before the first tag; CRLF line ends; tabs, form feeds;
// - `%` escape lines (standard 6) at the start of any line, anywhere in the game;
// - any number of tag pairs per line, in any order, with blanks inside the brackets; tag values
//   with the escapes \" and \\ (and a backslash before any other character, kept as written);
//   a value whose closing quote is missing when `]` ends the line (`[Event "Lille]`);
// - `[pgn]` and `[/pgn]` around a game (a web forum convention);
// - no tags at all, and no result at the end;
// - move numbers as `1.`, `1...`, `2..`, `1. ..`, or without dots before a blank;
// - `{}` comments anywhere, nested braces inside them balanced (`{ a { b } c }`); `;` comments;
// - NAGs `$n` and glyphs standing alone (`e4 !?`, `+-`, `⩲`); `e.p.`/`ep` after an en-passant capture;
// - nested variations, also right after a comment or at the start of the movetext;
// - results `1-0`, `0-1`, `1/2-1/2`, `*`, `½-½`, with any Unicode dash (U+2010..U+2014, U+2212)
//   for the hyphen, and the forfeit marks `+--` and `--+`; a result at the end of a variation.
// Move tokens are taken whole here (letters, digits and `-+#=:@`, the Unicode dashes, then `e.p.`
// and `!?` glyphs) and read by the SAN grammar (grammars/san), which reports what is wrong in one.
// Everything else is an error at the first offending byte: a stray `)`, `}` or `]`, a tag pair after
// the first move, an unterminated comment (reported at its `{`), a variation never closed (at its `(`).
//
// Each token class is vocabulary.hpp's, which the game splitter reads too; the rules here say where
// each may stand. fast_paths.hpp reads the commonest elements ahead of the rules.
#pragma once

#include <string>
#include <string_view>

#include <boost/spirit/home/x3.hpp>

#include "../common/token_parser.hpp"
#include "ast.hpp"
#include "ast_adapted.hpp"
#include "error_handler.hpp"
#include "fast_paths.hpp"
#include "game.hpp"
#include "vocabulary.hpp"

namespace fen960::pgn_grammar {

namespace x3 = boost::spirit::x3;
namespace vocab = pgn_vocabulary;

namespace detail {

// Variations nest by recursion; past this depth a game is refused rather than allowed to exhaust the
// stack (a file of 100,000 opening parentheses is hostile, not chess).
inline constexpr int max_variation_depth = 256;

// Counts the depth in the reporter around its subject, and fails cleanly past max_variation_depth.
template <typename Subject>
struct nesting_directive : x3::unary_parser<Subject, nesting_directive<Subject>> {
    using base_type = x3::unary_parser<Subject, nesting_directive<Subject>>;
    static bool const is_pass_through_unary = true;
    constexpr explicit nesting_directive(Subject const& inner) : base_type(inner) {}

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext& rcontext,
               Attribute& attr) const
    {
        Reporter& reporter = x3::get<reporter_tag>(context).get();
        if (reporter.depth >= max_variation_depth)
            throw x3::expectation_failure<Iterator>(first, full_message_marker +
                                                               std::string("variations nested more than ") +
                                                               std::to_string(max_variation_depth) + " deep");
        ++reporter.depth;
        struct Leave {
            Reporter& reporter;
            ~Leave() { --reporter.depth; }
        } const leave{reporter};
        return this->subject.parse(first, last, context, rcontext, attr);
    }
};

struct nesting_gen {
    template <typename Subject>
    constexpr nesting_directive<typename x3::extension::as_parser<Subject>::value_type>
    operator[](Subject const& subject) const
    {
        return nesting_directive<typename x3::extension::as_parser<Subject>::value_type>(x3::as_parser(subject));
    }
};
inline constexpr nesting_gen nested{};

template <typename Iterator>
[[noreturn]] void fail(Iterator where, std::string const& message)
{
    throw x3::expectation_failure<Iterator>(where, full_message_marker + message);
}

// A `{}` comment, braces included. A custom parser because the error of an unterminated comment
// belongs at its opening brace.
struct comment_parser : x3::parser<comment_parser> {
    using attribute_type = pgn_ast::Range;
    static bool const has_attribute = true;

    template <typename Context, typename RContext, typename Attribute>
    bool parse(char const*& first, char const* const& last, Context const&, RContext const&, Attribute& attr) const
    {
        if (first == last || *first != vocab::comment_open)
            return false;
        int depth = 0;
        char const* it = vocab::comment_body(first, last, depth);
        while (depth > 0 && it != last) // at a newline inside the comment
            it = vocab::comment_body(it + 1, last, depth);
        if (depth > 0)
            fail(first, "comment is never closed (missing '}')");
        x3::traits::move_to(first, it, attr);
        first = it;
        return true;
    }
};

// A fast path of fast_paths.hpp as an X3 parser: `Read` reads at `first` into the attribute, or reads
// nothing. Off when the reporter says so (tests hold the fast paths against the rules alone).
template <typename Attr, bool (*Read)(char const*&, char const*, Attr&)>
struct fast_path_parser : x3::parser<fast_path_parser<Attr, Read>> {
    using attribute_type = Attr;
    static bool const has_attribute = true;

    template <typename Context, typename RContext>
    bool parse(char const*& first, char const* const& last, Context const& context, RContext const&, Attr& attr) const
    {
        return x3::get<reporter_tag>(context).get().fast_paths && Read(first, last, attr);
    }
};

// The run of white space, numbers and a move, as one element of the movetext.
inline bool read_move_run(char const*& first, char const* last, pgn_ast::Token& token)
{
    char const* move = nullptr;
    if (!move_run(first, last, move))
        return false;
    token = pgn_ast::Token{pgn_ast::TokenKind::move, pgn_ast::Range(move, first)};
    return true;
}

// A plain tag pair, with the attribute of the `tag` rule.
inline bool read_plain_tag(char const*& first, char const* last, pgn_ast::Tag& tag)
{
    std::string_view name;
    std::string_view value;
    if (!plain_tag(first, last, name, value))
        return false;
    tag = pgn_ast::Tag{pgn_ast::Range(name.data(), name.data() + name.size()),
                       pgn_ast::Range(value.data(), value.data() + value.size())};
    return true;
}

using move_run_parser = fast_path_parser<pgn_ast::Token, &read_move_run>;
using plain_tag_parser = fast_path_parser<pgn_ast::Tag, &read_plain_tag>;

// Up to max_part runs of move_run_parser, their moves straight into the token list: a movetext of
// moves and numbers alone is read in this loop, without a trip through the element alternative per
// move. Fails, reading nothing, when no move comes first; the elements then read what is there.
inline constexpr int max_part = 64;

struct move_runs_parser : x3::parser<move_runs_parser> {
    using attribute_type = pgn_ast::Movetext;
    static bool const has_attribute = true;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext const& rcontext,
               Attribute& attr) const
    {
        int count = 0;
        pgn_ast::Token token;
        while (count < max_part && move_run_parser{}.parse(first, last, context, rcontext, token)) {
            x3::traits::push_back(attr, token);
            ++count;
        }
        return count > 0;
    }
};

} // namespace detail

using pgn_ast::TokenKind;

// Named rules; their names select the message in error_handler.cpp.
x3::rule<class tag_class, pgn_ast::Tag> const tag = "tag pair";
x3::rule<class tag_name_class, pgn_ast::Range> const tag_name = "tag name";
x3::rule<class tag_value_class, pgn_ast::Range> const tag_value = "tag value";
x3::rule<class closing_bracket_class> const closing_bracket = "closing bracket";
x3::rule<class gap_class> const gap = "white space";
x3::rule<class move_number_class> const move_number = "move number";
x3::rule<class move_class, pgn_ast::Token> const move = "move";
x3::rule<class result_class, pgn_ast::Token> const result = "result";
x3::rule<class nag_class, pgn_ast::Token> const nag = "NAG";
x3::rule<class comment_class, pgn_ast::Token> const comment = "comment";
x3::rule<class line_comment_class, pgn_ast::Token> const line_comment = "line comment";
x3::rule<class ep_marker_class, pgn_ast::Token> const ep_marker = "en-passant mark";
x3::rule<class wrapper_class, pgn_ast::Token> const wrapper = "[pgn] wrapper";
x3::rule<class open_variation_class, pgn_ast::Token> const open_variation = "opening parenthesis";
x3::rule<class close_variation_class, pgn_ast::Token> const close_variation = "closing parenthesis";
struct variation_class;
x3::rule<variation_class, pgn_ast::Movetext> const variation = "variation";
x3::rule<class end_of_movetext_class> const end_of_movetext = "end of movetext";
tag_section_type const tag_section = "tag section";
movetext_part_type const movetext_part = "movetext";
movetext_end_type const movetext_end = "end of movetext";

using grammars::token;

// Bytes and tokens as vocabulary.hpp defines them.
auto const blanks = token<&vocab::blanks_end>;

auto const tag_name_def = x3::raw[token<&vocab::tag_name_end>];
// A `]` that ends the line closes a value whose closing quote is missing.
auto const tag_value_def =
    x3::lit(vocab::tag_quote) >> x3::raw[token<&vocab::tag_value_text_end>] >>
    (x3::lit(vocab::tag_quote) | &x3::lit(vocab::tag_close));
auto const closing_bracket_def = x3::lit(vocab::tag_close);
auto const tag_def = (x3::lit(vocab::tag_open) >> blanks) > tag_name > blanks > tag_value > blanks > closing_bracket;

auto const gap_def = token<&vocab::gap_end>;
auto const pgn_wrapper = token<&vocab::wrapper_end>;

// Plain tag pairs first (neither wrapper is one), then the rule that reads the others or says why not.
auto const tag_section_def = x3::omit[-token<&vocab::bom_end> >> token<&vocab::escape_lines_end>] >>
                             *(x3::omit[gap] | detail::plain_tag_parser{} | x3::omit[pgn_wrapper] | tag);

auto const move_number_def = token<&vocab::move_number_end>;
auto const result_def = x3::attr(TokenKind::result) >> x3::raw[token<&vocab::result_end>];
auto const move_def = x3::attr(TokenKind::move) >> x3::raw[token<&vocab::move_token_end>];
auto const nag_def = x3::attr(TokenKind::nag) >> x3::raw[token<&vocab::nag_end> | token<&vocab::glyph_end>];
auto const comment_def = x3::attr(TokenKind::comment) >> detail::comment_parser{};
auto const line_comment_def = x3::attr(TokenKind::line_comment) >> x3::raw[token<&vocab::line_comment_end>];
auto const ep_marker_def = x3::attr(TokenKind::ep_marker) >> x3::raw[token<&vocab::ep_marker_end>];
auto const wrapper_def = x3::attr(TokenKind::wrapper) >> x3::raw[pgn_wrapper];
auto const open_variation_def = x3::attr(TokenKind::open_variation) >> x3::raw[x3::lit(vocab::variation_open)];
auto const close_variation_def = x3::attr(TokenKind::close_variation) >> x3::raw[x3::lit(vocab::variation_close)];
// Ordered by frequency; the move token leaves results, glyphs and en-passant marks to the rules after it.
// A run of white space, move numbers and a move comes first, as one element.
auto const element = detail::move_run_parser{} | x3::omit[gap] | move | x3::omit[move_number] | result | comment |
                     nag | variation | ep_marker | line_comment | wrapper;
auto const variation_def = detail::nested[(open_variation >> *element) > close_variation];
auto const end_of_movetext_def = x3::eoi;
// The movetext is read a few dozen elements at a time (a variation counts as one), so that the tokens of
// a long game need not be held at once; what stops it is then reported at its end. Moves and their
// numbers, most of any movetext, are read by the first alternative, 64 moves at a time.
auto const movetext_part_def = detail::move_runs_parser{} | x3::repeat(1, detail::max_part)[element];
auto const movetext_end_def = x3::eps > end_of_movetext;

BOOST_SPIRIT_DEFINE(tag, tag_name, tag_value, closing_bracket, gap, move_number, move, result, nag, comment,
                    line_comment, ep_marker, wrapper, open_variation, close_variation, variation, end_of_movetext,
                    tag_section, movetext_part, movetext_end)

struct tag_section_class : error_handler {};
struct movetext_part_class : error_handler {};
struct movetext_end_class : error_handler {};
struct variation_class : error_handler {};

} // namespace fen960::pgn_grammar

namespace fen960 {
pgn_grammar::tag_section_type const& pgn_tag_section()
{
    return pgn_grammar::tag_section;
}
pgn_grammar::movetext_part_type const& pgn_movetext_part()
{
    return pgn_grammar::movetext_part;
}
pgn_grammar::movetext_end_type const& pgn_movetext_end()
{
    return pgn_grammar::movetext_end;
}
} // namespace fen960
