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
#pragma once

#include <array>
#include <string>
#include <string_view>

#include <boost/spirit/home/x3.hpp>

#include "ast.hpp"
#include "ast_adapted.hpp"
#include "error_handler.hpp"
#include "game.hpp"

namespace fen960::pgn_grammar {

namespace x3 = boost::spirit::x3;

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
// belongs at its opening brace, and because nested braces are counted (as the splitter counts them).
struct comment_parser : x3::parser<comment_parser> {
    using attribute_type = pgn_ast::Range;
    static bool const has_attribute = true;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext const&, Attribute& attr) const
    {
        if (first == last || *first != '{')
            return false;
        int depth = 0;
        for (Iterator it = first; it != last; ++it) {
            if (*it == '{') {
                ++depth;
            } else if (*it == '}' && --depth == 0) {
                ++it;
                x3::traits::move_to(first, it, attr);
                first = it;
                return true;
            }
        }
        fail(first, "comment is never closed (missing '}')");
    }
};

// Byte classes of the movetext's hot lexemes (most of a PGN file is moves, numbers and spaces).
enum class Lex : unsigned char { other, blank, newline, digit, head, body };

constexpr std::array<Lex, 256> make_lex_table()
{
    std::array<Lex, 256> t{};
    for (char c : std::string_view(" \t\r\f\v"))
        t[static_cast<unsigned char>(c)] = Lex::blank;
    t['\n'] = Lex::newline;
    for (int c = '0'; c <= '9'; ++c)
        t[static_cast<std::size_t>(c)] = Lex::digit;
    for (int c = 'a'; c <= 'z'; ++c)
        t[static_cast<std::size_t>(c)] = Lex::head;
    for (int c = 'A'; c <= 'Z'; ++c)
        t[static_cast<std::size_t>(c)] = Lex::head;
    for (char c : std::string_view("+#=:@-"))
        t[static_cast<unsigned char>(c)] = Lex::body;
    return t;
}

inline constexpr std::array<Lex, 256> lex = make_lex_table();

inline Lex lex_of(char c)
{
    return lex[static_cast<unsigned char>(c)];
}

// The bytes a move token goes on with, but for 'e' (which may start "e.p.") and the Unicode dashes.
constexpr std::array<bool, 256> make_word_bytes()
{
    std::array<bool, 256> t{};
    for (std::size_t c = 0; c < 256; ++c)
        t[c] = c != 'e' && (lex[c] == Lex::head || lex[c] == Lex::digit || lex[c] == Lex::body);
    return t;
}

inline constexpr std::array<bool, 256> word_byte = make_word_bytes();

// The length of a Unicode dash (U+2010..U+2014, U+2212) at p, or 0.
template <typename Iterator>
std::size_t unicode_dash(Iterator p, Iterator last)
{
    if (last - p < 3 || p[0] != '\xE2')
        return 0;
    if (p[1] == '\x80' && p[2] >= '\x90' && p[2] <= '\x94')
        return 3;
    return p[1] == '\x88' && p[2] == '\x92' ? 3 : 0;
}

// White space between tokens, and the `%` lines that start after a newline.
struct gap_parser : x3::parser<gap_parser> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext const&, Attribute&) const
    {
        Iterator it = first;
        while (it != last) {
            Lex const l = lex_of(*it);
            if (l == Lex::blank) {
                ++it;
            } else if (l == Lex::newline) {
                ++it;
                while (it != last && *it == '%')
                    while (it != last && *it++ != '\n') {
                    }
            } else {
                break;
            }
        }
        if (it == first)
            return false;
        first = it;
        return true;
    }
};

// A move number (`12.`, `12...`, `12` before a blank) or dots standing alone (`1. ..`).
struct move_number_parser : x3::parser<move_number_parser> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext const&, Attribute&) const
    {
        Iterator it = first;
        while (it != last && lex_of(*it) == Lex::digit)
            ++it;
        bool const digits = it != first;
        Iterator const after_digits = it;
        while (it != last && *it == '.')
            ++it;
        if (it == after_digits) {
            // Digits without dots count only before a blank (`1 e4`); `0-0` and `1-0` are no numbers.
            if (!digits || (it != last && lex_of(*it) != Lex::blank && lex_of(*it) != Lex::newline))
                return false;
        }
        first = it;
        return true;
    }
};

// A move token: a letter, `0` or `-` first, then letters, digits, `+#=:@-` and Unicode dashes, up to
// `e.p.`, which may close it, then glyphs. Tokens that are something else are left alone: results
// (`0-1`, `--+`), glyphs (`-+`), en-passant marks standing alone (`ep`, `e.p.`).
struct move_parser : x3::parser<move_parser> {
    using attribute_type = pgn_ast::Range;
    static bool const has_attribute = true;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext const&, Attribute& attr) const
    {
        if (first == last)
            return false;
        char const c = *first;
        if (lex_of(c) != Lex::head && c != '0' && c != '-')
            return false;
        Iterator it = first + 1;
        for (;;) {
            while (it != last && word_byte[static_cast<unsigned char>(*it)])
                ++it;
            if (it == last)
                break;
            if (*it == 'e') {
                if (last - it >= 4 && it[1] == '.' && it[2] == 'p' && it[3] == '.')
                    break;
                ++it;
            } else if (std::size_t const n = unicode_dash(it, last)) {
                it += static_cast<std::ptrdiff_t>(n);
            } else {
                break;
            }
        }
        std::string_view const word(&*first, static_cast<std::size_t>(it - first));
        if (word == "0-1" || word == "--+" || word == "ep" || (c == '-' && word != "--") ||
            (word == "e" && last - it >= 3 && it[0] == '.' && it[1] == 'p' && it[2] == '.'))
            return false;
        if (last - it >= 4 && it[0] == 'e' && it[1] == '.' && it[2] == 'p' && it[3] == '.')
            it += 4;
        while (it != last && (*it == '!' || *it == '?'))
            ++it;
        x3::traits::move_to(first, it, attr);
        first = it;
        return true;
    }
};

// The common case in one step: white space and move numbers, then a move (most of a movetext is
// `12. Nf3 Nc6 `). At each byte it tries what `element` tries first, in the same order (white space,
// a move, a move number; a blank at a time, which comes to the same), so it reads the same tokens;
// when no move follows, it reads nothing and the other elements read what is there.
struct move_run_parser : x3::parser<move_run_parser> {
    using attribute_type = pgn_ast::Token;
    static bool const has_attribute = true;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext const& rcontext,
               Attribute& attr) const
    {
        // The first byte tells which can match: only '0' starts both a move and a move number.
        x3::unused_type skipped;
        Iterator it = first;
        while (it != last) {
            char const c = *it;
            Lex const l = lex_of(c);
            if (l == Lex::blank) {
                ++it;
                continue;
            }
            if (l == Lex::newline) {
                gap_parser{}.parse(it, last, context, rcontext, skipped);
                continue;
            }
            if (l == Lex::head || c == '0' || c == '-') {
                pgn_ast::Range text;
                if (move_parser{}.parse(it, last, context, rcontext, text)) {
                    attr = pgn_ast::Token{pgn_ast::TokenKind::move, text};
                    first = it;
                    return true;
                }
            }
            if ((l == Lex::digit || c == '.') && move_number_parser{}.parse(it, last, context, rcontext, skipped))
                continue;
            return false;
        }
        return false;
    }
};

// The text of a tag value between its quotes, as the grammar's value_char rule reads it, a byte at a
// time without trying alternatives: a backslash takes the next byte with it (unless a newline), and a
// quote, a newline or a `]` that ends the line (a closing quote left out) ends the text.
struct tag_value_text_parser : x3::parser<tag_value_text_parser> {
    using attribute_type = pgn_ast::Range;
    static bool const has_attribute = true;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext const&, Attribute& attr) const
    {
        Iterator it = first;
        while (it != last) {
            char const c = *it;
            if (c == '\\' && last - it >= 2 && it[1] != '\n') {
                it += 2;
                continue;
            }
            if (c == '"' || c == '\n')
                break;
            if (c == ']') {
                Iterator after = it + 1;
                while (after != last && lex_of(*after) == Lex::blank)
                    ++after;
                if (after == last || *after == '\n')
                    break;
            }
            ++it;
        }
        x3::traits::move_to(first, it, attr);
        first = it;
        return true;
    }
};

// One or more bytes of a tag name, [a-zA-Z0-9_+#=:-], by one table.
constexpr std::array<bool, 256> make_tag_name_bytes()
{
    std::array<bool, 256> t{};
    for (std::size_t c = 0; c < 256; ++c)
        t[c] = lex[c] == Lex::head || lex[c] == Lex::digit;
    for (char c : std::string_view("_+#=:-"))
        t[static_cast<unsigned char>(c)] = true;
    return t;
}

inline constexpr std::array<bool, 256> tag_name_byte = make_tag_name_bytes();

struct tag_name_parser : x3::parser<tag_name_parser> {
    using attribute_type = pgn_ast::Range;
    static bool const has_attribute = true;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext const&, Attribute& attr) const
    {
        Iterator it = first;
        while (it != last && tag_name_byte[static_cast<unsigned char>(*it)])
            ++it;
        if (it == first)
            return false;
        x3::traits::move_to(first, it, attr);
        first = it;
        return true;
    }
};

// A tag pair as nearly every exporter writes it, `[Name "value"]` (with blanks where the `tag` rule
// allows them), read in one pass with the same attribute; anything else (a closing quote left out, a
// missing bracket) is left to the `tag` rule, which reads it or says what is wrong.
struct plain_tag_parser : x3::parser<plain_tag_parser> {
    using attribute_type = pgn_ast::Tag;
    static bool const has_attribute = true;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext const& rcontext,
               Attribute& attr) const
    {
        auto const blanks = [&last](Iterator& it) {
            while (it != last && lex_of(*it) == Lex::blank)
                ++it;
        };
        Iterator it = first;
        if (it == last || *it != '[')
            return false;
        ++it;
        blanks(it);
        pgn_ast::Range name;
        if (!tag_name_parser{}.parse(it, last, context, rcontext, name))
            return false;
        blanks(it);
        if (it == last || *it != '"')
            return false;
        ++it;
        pgn_ast::Range value;
        tag_value_text_parser{}.parse(it, last, context, rcontext, value);
        if (it == last || *it != '"')
            return false;
        ++it;
        blanks(it);
        if (it == last || *it != ']')
            return false;
        ++it;
        attr = pgn_ast::Tag{name, value};
        first = it;
        return true;
    }
};

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

// Character sets spelt out: X3's alnum and friends ask the C locale, byte by byte.
auto const blank = x3::lit(' ') | '\t' | '\r' | '\f' | '\v';
auto const digit = x3::char_('0', '9');
auto const bom = x3::lit("\xEF\xBB\xBF");
// A `%` line: only at the start of a line (the caller has just read the newline).
auto const escape_lines = *(x3::lit('%') >> *(x3::char_ - '\n') >> -x3::lit('\n'));
// The hyphen, and the Unicode dashes that word processors put in its place.
auto const dash = x3::lit('-') | "\xE2\x80\x90" | "\xE2\x80\x91" | "\xE2\x80\x92" | "\xE2\x80\x93" |
                  "\xE2\x80\x94" | "\xE2\x88\x92";
// What may follow a token that must stand alone (a result, a lone glyph, a move number without dots).
auto const delimiter = x3::eoi | x3::lit(' ') | '\t' | '\r' | '\n' | '(' | ')' | '{' | ';' | '[';

// raw[+char_("a-zA-Z0-9_+#=:-")], by a table.
auto const tag_name_def = detail::tag_name_parser{};
// A `]` that ends the line closes a value whose closing quote is missing. The value's text is
//   *((lit('\\') >> (char_ - '\n')) | (char_ - '"' - '\n' - (']' >> *blank >> ('\n' | eoi))))
// read by a custom parser (the same bytes, fewer instructions).
auto const tag_value_def = x3::lit('"') >> detail::tag_value_text_parser{} >> (x3::lit('"') | &x3::lit(']'));
auto const closing_bracket_def = x3::lit(']');
auto const tag_def = (x3::lit('[') >> *blank) > tag_name > *blank > tag_value > *blank > closing_bracket;

auto const gap_def = detail::gap_parser{};
auto const pgn_wrapper = x3::lit("[pgn]") | "[/pgn]";

// Plain tag pairs first (neither wrapper is one), then the rule that reads the others or says why not.
auto const tag_section_def =
    x3::omit[-bom >> escape_lines] >> *(x3::omit[gap] | detail::plain_tag_parser{} | x3::omit[pgn_wrapper] | tag);

auto const move_number_def = detail::move_number_parser{};
auto const half = x3::lit("1/2") | "\xC2\xBD";
auto const result_def =
    x3::attr(TokenKind::result) >>
    x3::raw[((x3::lit('1') >> dash >> '0') | (x3::lit('0') >> dash >> '1') | (half >> dash >> half) | '*' |
             "+--" | "--+") >>
            &delimiter];
auto const move_def = x3::attr(TokenKind::move) >> detail::move_parser{};
// Glyphs standing alone: `!?`, and evaluation signs in ASCII (`+-`, `=`, `+/-`) or Unicode (`⩲`, `±`,
// `∞`): any run of `+-=/` and non-ASCII bytes, but not a null move `--`.
auto const non_ascii = x3::char_('\x80', '\xFF');
auto const nag_def = x3::attr(TokenKind::nag) >>
                     x3::raw[(x3::lit('$') >> +digit) | (+x3::char_("!?") >> &delimiter) |
                             (!(x3::lit("--") >> &delimiter) >> +(x3::char_("+=/-") | non_ascii) >> &delimiter)];
auto const comment_def = x3::attr(TokenKind::comment) >> detail::comment_parser{};
auto const line_comment_def = x3::attr(TokenKind::line_comment) >> x3::raw[x3::lit(';') >> *(x3::char_ - '\n')];
auto const ep_marker_def = x3::attr(TokenKind::ep_marker) >> x3::raw[(x3::lit("e.p.") | "ep") >> &delimiter];
auto const wrapper_def = x3::attr(TokenKind::wrapper) >> x3::raw[pgn_wrapper];
auto const open_variation_def = x3::attr(TokenKind::open_variation) >> x3::raw[x3::lit('(')];
auto const close_variation_def = x3::attr(TokenKind::close_variation) >> x3::raw[x3::lit(')')];
// Ordered by frequency; the move lexer leaves results, glyphs and en-passant marks to the rules after it.
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
