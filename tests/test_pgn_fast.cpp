// The PGN grammar's custom parsers against plain readings written here, as regular expressions over
// bytes (std::regex reads chars) and a plain tokenizer that tries them in the grammar's order:
// - each token class of grammars/pgn/vocabulary.hpp, which the grammar's parsers wrap and the game
//   splitter calls, on every short text over an alphabet of its bytes: the same tokens, of the same
//   length; the splitter's three-way answers (need_more while the bytes run out) agree with the answer
//   on the whole text at every cut;
// - the fast paths of grammars/pgn/fast_paths.hpp (a run of numbers and a move; a plain tag pair);
// - whole movetexts: every test game and many one-byte changes of them read by the grammar (with its
//   fast paths and without) to the plain tokenizer's tokens, and the two readings of the grammar
//   agree on tags, tokens and errors.
#define BOOST_TEST_MODULE pgn_fast
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fen960/pgn.hpp"
#include "pgn/fast_paths.hpp"
#include "pgn/movetext_skip.hpp"
#include "pgn/syntax.hpp"
#include "pgn/vocabulary.hpp"
#include "test_data.hpp"

namespace {

namespace vocab = fen960::pgn_vocabulary;
using vocab::Match;

// --- Plain readings ------------------------------------------------------------------------------------

std::regex regex(const std::string& pattern)
{
    return std::regex(pattern, std::regex::ECMAScript);
}

// The length of the match of `r` at the start of `text`, if any.
std::optional<std::size_t> match_at(const std::regex& r, std::string_view text)
{
    std::match_results<std::string_view::const_iterator> m;
    if (!std::regex_search(text.begin(), text.end(), m, r, std::regex_constants::match_continuous))
        return std::nullopt;
    return static_cast<std::size_t>(m.length(0));
}

namespace plain {

std::string const unicode_dash = "\xE2\x80\x90|\xE2\x80\x91|\xE2\x80\x92|\xE2\x80\x93|\xE2\x80\x94|\xE2\x88\x92";
std::string const dash = "(?:-|" + unicode_dash + ")";
std::string const delimiter_ahead = "(?=[ \\t\\r\\n(){;\\[]|$)";
std::string const half = "(?:1/2|\xC2\xBD)";
std::string const blank = "[ \\t\\r\\f\\v]";

std::regex const dash_re = regex(dash);
// Results as the grammar reads them, as the splitter reads them (any dash everywhere), and as the
// move token leaves them (hyphens only).
std::regex const result_re = regex("(?:1" + dash + "0|0" + dash + "1|" + half + dash + half + "|\\*|\\+--|--\\+)" +
                                   delimiter_ahead);
// What each spelling means, in the standard's spelling.
std::vector<std::pair<std::regex, std::string>> const result_meanings{
    {regex("1" + dash + "0$"), "1-0"}, {regex("0" + dash + "1$"), "0-1"}, {regex(half + dash + half + "$"), "1/2-1/2"},
    {regex("\\*$"), "*"},              {regex("\\+--$"), "1-0"},        {regex("--\\+$"), "0-1"}};
std::regex const move_number_re = regex("(?:[0-9]*\\.+|[0-9]+(?=[ \\t\\r\\f\\v\\n]|$))");
std::regex const nag_re = regex("(?:\\$[0-9]+|[!?]+" + delimiter_ahead + "|(?!--" + delimiter_ahead +
                                ")[-+=/\\x80-\\xff]+" + delimiter_ahead + ")");
std::regex const ep_marker_re = regex("(?:e\\.p\\.|ep)" + delimiter_ahead);
std::regex const line_comment_re = regex(";[^\\n]*");
std::regex const gap_re = regex("(?:" + blank + "|\\n(?:%[^\\n]*\\n?)*)+");
std::regex const tag_name_re = regex("[a-zA-Z0-9_+#=:\\-]+");
std::regex const tag_value_text_re = regex("(?:\\\\[^\\n]|(?!\\]" + blank + "*(?:\\n|$))[^\"\\n])*");
// The value's text is read as far as it goes, as the grammar reads it (a lookahead's capture stands
// for the atomic group ECMAScript lacks: no shorter reading is tried when the quote does not follow).
std::regex const plain_tag_re = regex("\\[" + blank + "*([a-zA-Z0-9_+#=:\\-]+)" + blank + "*\"(?=((?:\\\\[^\\n]|(?!\\]" +
                                      blank + "*(?:\\n|$))[^\"\\n])*))\\2\"" + blank + "*\\]");
std::regex const move_word_re = regex("[a-zA-Z0\\-](?:[a-df-zA-Z0-9+#=:@\\-]|" + unicode_dash + "|e(?!\\.p\\.))*");
std::regex const move_suffix_re = regex("(?:e\\.p\\.)?[!?]*");
std::regex const wrapper_re = regex("\\[/?pgn\\]");

// A move token: the word, unless it is something else, then its suffixes.
std::optional<std::size_t> move(std::string_view text)
{
    auto const word_length = match_at(move_word_re, text);
    if (!word_length)
        return std::nullopt;
    std::string_view const word = text.substr(0, *word_length);
    std::string_view const rest = text.substr(*word_length);
    if (word == "0-1" || word == "--+" || word == "ep" || (word[0] == '-' && word != "--") ||
        (word == "e" && rest.substr(0, 3) == ".p."))
        return std::nullopt;
    return *word_length + *match_at(move_suffix_re, rest);
}

// A `{}` comment read as nested braces: its length, or nothing if it is never closed.
std::optional<std::size_t> comment(std::string_view text)
{
    if (text.empty() || text[0] != '{')
        return std::nullopt;
    std::size_t i = 1;
    while (i < text.size()) {
        if (text[i] == '}')
            return i + 1;
        if (text[i] == '{') {
            auto const inner = comment(text.substr(i));
            if (!inner)
                return std::nullopt;
            i += *inner;
        } else {
            ++i;
        }
    }
    return std::nullopt;
}

} // namespace plain

// A vocabulary matcher's answer as a length.
std::optional<std::size_t> length_of(char const* (*end)(char const*, char const*), std::string_view text)
{
    char const* const e = end(text.data(), text.data() + text.size());
    if (!e)
        return std::nullopt;
    return static_cast<std::size_t>(e - text.data());
}

// Every text of up to `length` pieces.
void for_each_text(const std::vector<std::string>& pieces, std::size_t length,
                   const std::function<void(const std::string&)>& check)
{
    std::vector<std::size_t> at;
    for (;;) {
        std::string text;
        for (std::size_t i : at)
            text += pieces[i];
        check(text);
        std::size_t k = 0;
        while (k < at.size() && at[k] + 1 == pieces.size())
            at[k++] = 0;
        if (k == at.size()) {
            if (at.size() == length)
                return;
            at.push_back(0);
        } else {
            ++at[k];
        }
    }
}

struct Counts {
    std::size_t checked = 0;
    std::size_t accepted = 0;
};

// One matcher against its plain reading on every text of the pieces.
void compare_class(const std::vector<std::string>& pieces, std::size_t length,
                   char const* (*fast)(char const*, char const*),
                   const std::function<std::optional<std::size_t>(std::string_view)>& plain_reading, Counts& counts)
{
    for_each_text(pieces, length, [&](const std::string& text) {
        auto const f = length_of(fast, text);
        auto const p = plain_reading(text);
        ++counts.checked;
        counts.accepted += p ? 1 : 0;
        BOOST_TEST_INFO("text: '" << text << "'");
        BOOST_TEST((f == p));
    });
}

std::function<std::optional<std::size_t>(std::string_view)> by(const std::regex& r)
{
    return [&r](std::string_view text) { return match_at(r, text); };
}

// A three-way matcher on bytes that arrive in pieces: at every cut of `text` it answers need_more or
// what it answers on the whole, and once it has answered it keeps to it.
void check_cuts(std::string_view text, const std::function<Match(std::string_view, bool, std::string&)>& match)
{
    std::string whole;
    Match const final = match(text, true, whole);
    bool decided = false;
    for (std::size_t k = 0; k <= text.size(); ++k) {
        std::string answer;
        Match const m = match(text.substr(0, k), false, answer);
        bool const agrees = m == Match::need_more ? !decided : m == final && answer == whole;
        if (!agrees) {
            BOOST_TEST_INFO("text: '" << text << "', cut at " << k);
            BOOST_TEST(agrees);
        }
        decided = decided || m != Match::need_more;
    }
}

// The text of every PGN file of the test data, in the order of their names.
std::vector<std::string> const& pgn_texts()
{
    static std::vector<std::string> const texts = [] {
        std::vector<std::string> files;
        for (std::string folder : {"pgn", "oracle"})
            for (const auto& e : std::filesystem::recursive_directory_iterator(fen960::test::data_path(folder)))
                if (e.is_regular_file() && e.path().extension() == ".pgn")
                    files.push_back(std::filesystem::relative(e.path(), fen960::test::data_path("")).string());
        std::sort(files.begin(), files.end());
        std::vector<std::string> t;
        for (const std::string& file : files)
            t.push_back(fen960::test::read_file(file));
        return t;
    }();
    return texts;
}

} // namespace

// --- Token classes -------------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(token_classes)

BOOST_AUTO_TEST_CASE(dashes)
{
    std::vector<std::string> pieces{"-", "x", "\xE2", "\x80", "\x88", "\x92", "\x93", "\x95", "\xE2\x80", "\xE2\x80\x93"};
    for (std::string_view d : vocab::dashes)
        pieces.emplace_back(d);
    Counts counts;
    compare_class(pieces, 3, &vocab::dash_end, by(plain::dash_re), counts);
    BOOST_TEST(counts.accepted > 1000u);
    for_each_text(pieces, 3, [](const std::string& text) {
        check_cuts(text, [](std::string_view t, bool at_eof, std::string& answer) {
            std::size_t length = 0;
            Match const m = vocab::match_dash(t.data(), t.data() + t.size(), at_eof, length);
            answer = m == Match::yes ? std::to_string(length) : "";
            return m;
        });
    });
}

BOOST_AUTO_TEST_CASE(results)
{
    std::vector<std::string> const pieces{"1", "0", "1/2", "\xC2\xBD", "/", "-", "\xE2\x80\x93", "\xE2\x88\x92",
                                          "\xC2", "*", "+", " ", "\xE2"};
    Counts counts;
    compare_class(pieces, 4, &vocab::result_end, by(plain::result_re), counts);
    BOOST_TEST(counts.accepted > 200u);
    // Each spelling the grammar reads has one meaning; the standard spellings are the four.
    for_each_text(pieces, 3, [](const std::string& text) {
        if (match_at(plain::result_re, text) != text.size())
            return;
        std::string meaning;
        for (auto const& [re, m] : plain::result_meanings)
            if (std::regex_search(text, re, std::regex_constants::match_continuous))
                meaning = m;
        BOOST_TEST_INFO("text: '" << text << "'");
        BOOST_TEST(vocab::standard_result(text) == meaning);
        BOOST_TEST(vocab::is_standard_result(text) == (text == meaning));
    });
    // The splitter's answers at every cut.
    for_each_text(pieces, 4, [](const std::string& text) {
        check_cuts(text, [](std::string_view t, bool at_eof, std::string& answer) {
            std::size_t length = 0;
            Match const m = vocab::match_result(t.data(), t.data() + t.size(), at_eof, length);
            answer = m == Match::yes ? std::to_string(length) : "";
            return m;
        });
    });
}

BOOST_AUTO_TEST_CASE(move_numbers)
{
    std::vector<std::string> const pieces{"1", "2", "0", ".", "..", " ", "\t", "\n", "\f", "x", "-", "e"};
    Counts counts;
    compare_class(pieces, 4, &vocab::move_number_end, by(plain::move_number_re), counts);
    BOOST_TEST(counts.accepted > 1000u);
    // The splitter reads a number and whose move follows it: digits, a dot, spaces, then a dot for black.
    std::regex const numbered("([0-9]+)\\. *(\\.)?");
    for_each_text(pieces, 4, [&numbered](const std::string& text) {
        std::uint32_t number = 0;
        bool black = false;
        Match const m = vocab::read_move_number(text.data(), text.data() + text.size(), true, number, black);
        std::smatch p;
        bool const plain = std::regex_search(text, p, numbered, std::regex_constants::match_continuous);
        BOOST_TEST_INFO("text: '" << text << "'");
        BOOST_TEST((m == Match::yes) == plain);
        if (m == Match::yes && plain) {
            BOOST_TEST(number == std::stoul(p[1].str()));
            BOOST_TEST(black == p[2].matched);
        }
        check_cuts(text, [](std::string_view t, bool at_eof, std::string& answer) {
            std::uint32_t n = 0;
            bool b = false;
            Match const r = vocab::read_move_number(t.data(), t.data() + t.size(), at_eof, n, b);
            answer = r == Match::yes ? std::to_string(n) + (b ? "b" : "w") : "";
            return r;
        });
    });
}

BOOST_AUTO_TEST_CASE(nags_and_glyphs)
{
    std::vector<std::string> const pieces{"$", "1", "!", "?", "+", "-", "--", "=", "/", "\xC2\xB1", "\xE2", " ", "(", "x"};
    Counts counts;
    compare_class(
        pieces, 4, [](char const* first, char const* last) -> char const* {
            char const* const nag = vocab::nag_end(first, last);
            return nag ? nag : vocab::glyph_end(first, last);
        },
        by(plain::nag_re), counts);
    BOOST_TEST(counts.accepted > 1000u);
    // After a move, move quality glyphs alone.
    compare_class(pieces, 3, &vocab::annotation_glyphs_end, by(regex("[!?]*")), counts);
}

BOOST_AUTO_TEST_CASE(move_tokens)
{
    std::vector<std::string> const pieces{"N", "e", "3", "0", "-", "x", "+", "!", ".", "p", "e.p.", "\xE2\x80\x93",
                                          "\xE2", " "};
    Counts counts;
    compare_class(pieces, 4, &vocab::move_token_end, plain::move, counts);
    BOOST_TEST(counts.accepted > 5000u);
    BOOST_TEST(counts.checked - counts.accepted > 5000u);
    // En-passant marks written apart from their move.
    compare_class({"e", ".", "p", "ep", "e.p.", " ", "x", "("}, 4, &vocab::ep_marker_end, by(plain::ep_marker_re), counts);
}

BOOST_AUTO_TEST_CASE(white_space_comments_and_escapes)
{
    Counts counts;
    compare_class({" ", "\t", "\n", "%", "\f", "\r", "x"}, 5, &vocab::gap_end, by(plain::gap_re), counts);
    compare_class({";", "x", "\n", " "}, 4, &vocab::line_comment_end, by(plain::line_comment_re), counts);
    compare_class({"a", "\\", "\"", "\n", "]", " ", "\t"}, 5, &vocab::tag_value_text_end, by(plain::tag_value_text_re),
                  counts);
    // Long enough for the sixteen-byte steps, each special byte at every place of one.
    compare_class({"abcdefghijklmno", "a", "\\", "\"", "\n", "]", " "}, 4, &vocab::tag_value_text_end,
                  by(plain::tag_value_text_re), counts);
    compare_class({"a", "Z", "0", "_", "+", "-", " ", "\"", "\xC3"}, 3, &vocab::tag_name_end, by(plain::tag_name_re),
                  counts);
    compare_class({"[pgn]", "[/pgn]", "[", "pgn", "]", "/"}, 3, &vocab::wrapper_end, by(plain::wrapper_re), counts);
    // The grammar reads a `{}` comment through comment_body, as the splitter does; on longer texts too,
    // which comment_body searches sixteen bytes at a time (first_of).
    auto const check_comment = [](const std::string& text) {
        auto const p = plain::comment(text);
        fen960::pgn_syntax::MovetextReader reader(text, 0);
        std::vector<fen960::pgn_syntax::Token> tokens;
        bool const read = reader.next(tokens);
        BOOST_TEST_INFO("text: '" << text << "'");
        if (text.empty() || text[0] != '{')
            return;
        if (p) {
            BOOST_TEST_REQUIRE(read);
            BOOST_TEST((tokens.at(0).kind == fen960::pgn_syntax::TokenKind::comment));
            BOOST_TEST(tokens.at(0).text.size() == *p);
        } else {
            BOOST_TEST(reader.failed());
            BOOST_TEST(reader.error().offset == 0u);
            BOOST_TEST(reader.error().message == "comment is never closed (missing '}')");
        }
    };
    for_each_text({"{", "}", "x", "\n", " "}, 6, check_comment);
    for_each_text({"{", "}", "\n", std::string(21, 'x'), " "}, 5, check_comment);
}

// first_of, sixteen bytes at a time, finds what a byte loop finds, from every place of every test file.
BOOST_AUTO_TEST_CASE(first_of_finds_as_a_byte_loop)
{
    std::size_t found = 0;
    for (const std::string& text : pgn_texts())
        for (std::size_t at = 0; at < text.size(); ++at) {
            char const* const first = text.data() + at;
            char const* const last = text.data() + text.size();
            char const* const want = std::find_if(first, last, [](char c) { return c == '{' || c == '}' || c == '\n'; });
            BOOST_TEST_REQUIRE(vocab::first_of(first, last, '{', '}', '\n') == want, "at " << at);
            found += want != last ? 1 : 0;
        }
    BOOST_TEST(found > 300000u);
}

BOOST_AUTO_TEST_SUITE_END()

// --- Fast paths ----------------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(fast_paths)

// White space and numbers, then a move: the plain readings in the grammar's order.
BOOST_AUTO_TEST_CASE(move_run_reads_as_gaps_numbers_and_a_move)
{
    std::vector<std::string> const pieces{"1", ".", "...", " ", "\n", "%x\n", "Nf3", "0-0", "0-1", "--", "e.p.", "{", "12"};
    Counts counts;
    for_each_text(pieces, 4, [&counts](const std::string& text) {
        std::optional<std::pair<std::size_t, std::size_t>> plain_move; // its offset and its end
        for (std::size_t at = 0; at < text.size();) {
            std::string_view const rest = std::string_view(text).substr(at);
            if (auto const gap = match_at(plain::gap_re, rest)) {
                at += *gap;
            } else if (auto const move = plain::move(rest)) {
                plain_move = std::pair{at, at + *move};
                break;
            } else if (auto const number = match_at(plain::move_number_re, rest)) {
                at += *number;
            } else {
                break;
            }
        }
        char const* first = text.data();
        char const* move = nullptr;
        bool const fast = fen960::pgn_grammar::detail::move_run(first, text.data() + text.size(), move);
        ++counts.checked;
        BOOST_TEST_INFO("text: '" << text << "'");
        BOOST_TEST(fast == plain_move.has_value());
        if (fast && plain_move) {
            ++counts.accepted;
            BOOST_TEST(static_cast<std::size_t>(move - text.data()) == plain_move->first);
            BOOST_TEST(static_cast<std::size_t>(first - text.data()) == plain_move->second);
        } else {
            BOOST_TEST(first == text.data());
        }
    });
    BOOST_TEST(counts.accepted > 5000u);
    BOOST_TEST(counts.checked - counts.accepted > 5000u);
}

// The game loop's quicker move_run: where it reads, it reads what move_run reads; it reads the text
// nearly every file has; it reads nothing within 24 bytes of the text's end (each text here is followed
// by more closing braces than that, which end any reading).
BOOST_AUTO_TEST_CASE(quick_move_run_reads_as_move_run)
{
    std::vector<std::string> const pieces{" ",    "\n",  "\r\n", "\t",   "%x\n", "12.", "1...",      "7",
                                          "Nf3",  "exd6", "ep",   "e.p.", "Qh4#", "e8=Q+", "O-O",
                                          "0-0",  "1-0",  "!?",   "{",    "--",   "123456789.", "Nbxd7+Nbxd7+Nbxd7+",
                                          "\xC2\xBD"};
    std::string const padding(25, '}');
    namespace detail = fen960::pgn_grammar::detail;
    Counts counts;
    for_each_text(pieces, 4, [&](const std::string& piece_text) {
        std::string const text = piece_text + padding;
        char const* const last = text.data() + text.size();
        char const* quick_first = text.data();
        char const* quick_move = nullptr;
        bool const quick = detail::quick_move_run(quick_first, last, quick_move);
        char const* first = text.data();
        char const* move = nullptr;
        bool const plain = detail::move_run(first, last, move);
        ++counts.checked;
        BOOST_TEST_INFO("text: '" << text << "'");
        if (quick) {
            ++counts.accepted;
            BOOST_TEST(plain);
            BOOST_TEST(quick_move == move);
            BOOST_TEST(quick_first == first);
            // What the importer's cache says of the token it read (its cached_move_run).
            BOOST_TEST(detail::is_quick_move_token(
                std::string_view(quick_move, static_cast<std::size_t>(quick_first - quick_move))));
        } else {
            BOOST_TEST(quick_first == text.data());
        }
    });
    BOOST_TEST(counts.accepted > 20000u);
    BOOST_TEST(counts.checked - counts.accepted > 100000u);
    // Nothing within 24 bytes of the end.
    std::string const near = "Nf3" + std::string(22, ' ');
    for (std::size_t const size : {std::size_t{24}, std::size_t{25}}) {
        char const* near_first = near.data();
        char const* near_move = nullptr;
        BOOST_TEST(detail::quick_move_run(near_first, near.data() + size, near_move) == (size == 25));
    }
    // The commonest text, a move number and two moves, is the quick reading's.
    std::string const common = " 12. Nf3 Nxe5\n13. O-O-O " + padding;
    char const* first = common.data();
    char const* move = nullptr;
    for (std::string_view want : {"Nf3", "Nxe5", "O-O-O"}) {
        BOOST_TEST(detail::quick_move_run(first, common.data() + common.size(), move));
        BOOST_TEST(std::string_view(move, static_cast<std::size_t>(first - move)) == want);
    }
}

BOOST_AUTO_TEST_CASE(plain_tag_reads_as_the_regular_expression)
{
    Counts counts;
    for_each_text({"[", "[Ev", " ", "\"", "v", "\\", "]", "\n", "\"]"}, 5, [&counts](const std::string& text) {
        std::smatch m;
        bool const plain = std::regex_search(text, m, plain::plain_tag_re, std::regex_constants::match_continuous);
        char const* first = text.data();
        std::string_view name;
        std::string_view value;
        bool const fast = fen960::pgn_grammar::detail::plain_tag(first, text.data() + text.size(), name, value);
        ++counts.checked;
        BOOST_TEST_INFO("text: '" << text << "'");
        BOOST_TEST(fast == plain);
        if (fast && plain) {
            ++counts.accepted;
            BOOST_TEST(name == m[1].str());
            BOOST_TEST(value == m[2].str());
            BOOST_TEST(static_cast<std::size_t>(first - text.data()) == static_cast<std::size_t>(m.length(0)));
        }
    });
    BOOST_TEST(counts.accepted > 10u);
}

BOOST_AUTO_TEST_SUITE_END()

// --- Whole games -------------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(games)

namespace syntax = fen960::pgn_syntax;

struct Reading {
    bool tags_ok = false;
    std::vector<std::pair<std::string, std::string>> tags;
    std::size_t movetext_offset = 0;
    std::vector<std::pair<syntax::TokenKind, std::size_t>> tokens; // kind and offset
    std::vector<std::size_t> lengths;
    bool failed = false;
    std::size_t error_offset = 0;
    std::string message;

    bool operator==(const Reading&) const = default;
};

Reading read(std::string_view game, syntax::Reading how)
{
    Reading r;
    std::vector<syntax::Tag> tags;
    syntax::Error error;
    r.tags_ok = syntax::parse_tags(game, tags, r.movetext_offset, error, how);
    if (!r.tags_ok) {
        r.error_offset = error.offset;
        r.message = error.message;
        return r;
    }
    for (const syntax::Tag& t : tags)
        r.tags.emplace_back(t.name, t.value);
    syntax::MovetextReader reader(game, r.movetext_offset, how);
    std::vector<syntax::Token> tokens;
    while (reader.next(tokens))
        for (const syntax::Token& t : tokens) {
            r.tokens.emplace_back(t.kind, static_cast<std::size_t>(t.text.data() - game.data()));
            r.lengths.push_back(t.text.size());
        }
    r.failed = reader.failed();
    r.error_offset = reader.failed() ? reader.error().offset : 0;
    r.message = reader.failed() ? reader.error().message : "";
    return r;
}

// The movetext read by the plain readings in the grammar's order of elements; false where none reads.
bool plain_movetext(std::string_view text, std::size_t from, std::vector<std::pair<syntax::TokenKind, std::size_t>>& out,
                    std::vector<std::size_t>& lengths)
{
    using K = syntax::TokenKind;
    int depth = 0;
    auto token = [&](K kind, std::size_t at, std::size_t length) {
        out.emplace_back(kind, at);
        lengths.push_back(length);
        return at + length;
    };
    for (std::size_t at = from; at < text.size();) {
        std::string_view const rest = text.substr(at);
        if (auto const gap = match_at(plain::gap_re, rest))
            at += *gap;
        else if (auto const move = plain::move(rest))
            at = token(K::move, at, *move);
        else if (auto const number = match_at(plain::move_number_re, rest))
            at += *number;
        else if (auto const result = match_at(plain::result_re, rest))
            at = token(K::result, at, *result);
        else if (rest[0] == '{')
            if (auto const comment = plain::comment(rest))
                at = token(K::comment, at, *comment);
            else
                return false;
        else if (auto const nag = match_at(plain::nag_re, rest))
            at = token(K::nag, at, *nag);
        else if (rest[0] == '(' && ++depth)
            at = token(K::open_variation, at, 1);
        else if (rest[0] == ')' && depth > 0 && depth--)
            at = token(K::close_variation, at, 1);
        else if (auto const ep = match_at(plain::ep_marker_re, rest))
            at = token(K::ep_marker, at, *ep);
        else if (auto const line_comment = match_at(plain::line_comment_re, rest))
            at = token(K::line_comment, at, *line_comment);
        else if (auto const wrapper = match_at(plain::wrapper_re, rest))
            at = token(K::wrapper, at, *wrapper);
        else
            return false;
    }
    return depth == 0;
}

// The games of every PGN file of the test data, as the splitter cuts them.
std::vector<std::string> test_games()
{
    std::vector<std::string> games;
    for (const std::string& text : pgn_texts()) {
        fen960::StringSource source(text);
        fen960::GameSplitter splitter(source);
        for (fen960::GameText g; splitter.next(g);)
            if (!g.too_long && !g.stray)
                games.emplace_back(g.text);
    }
    return games;
}

std::vector<std::string> const& games()
{
    static std::vector<std::string> const g = test_games();
    return g;
}

// The game through both readings of the grammar, and its movetext through the plain tokenizer when
// `plain` (the regular expressions are slow).
void compare_game(const std::string& game, bool plain, Counts& counts)
{
    Reading const fast = read(game, syntax::Reading::fast);
    Reading const exact = read(game, syntax::Reading::exact);
    ++counts.checked;
    BOOST_TEST_INFO("game: '" << game << "'");
    BOOST_TEST((fast == exact));
    if (!plain || !exact.tags_ok)
        return;
    std::vector<std::pair<syntax::TokenKind, std::size_t>> tokens;
    std::vector<std::size_t> lengths;
    bool const ok = plain_movetext(game, exact.movetext_offset, tokens, lengths);
    BOOST_TEST(ok == !exact.failed);
    if (ok && !exact.failed) {
        ++counts.accepted;
        BOOST_TEST((tokens == exact.tokens));
        BOOST_TEST((lengths == exact.lengths));
    }
}

BOOST_AUTO_TEST_CASE(every_test_game_reads_as_the_plain_tokenizer)
{
    Counts counts;
    for (const std::string& game : games())
        compare_game(game, true, counts);
    BOOST_TEST(counts.checked > 300u);
    BOOST_TEST(counts.accepted > 290u);
}

// Every byte of the first 160 of a game removed, doubled, or replaced by one of `alphabet` (in the
// game's first 480 bytes, so that a check reads little beyond the change).
void for_each_change(const std::string& whole, std::string_view alphabet, const std::function<void(const std::string&)>& check)
{
    std::string const game = whole.substr(0, 480);
    for (std::size_t i = 0; i < std::min<std::size_t>(game.size(), 160); ++i) {
        check(game.substr(0, i) + game.substr(i + 1));
        check(game.substr(0, i + 1) + game.substr(i));
        for (char c : alphabet) {
            std::string changed = game;
            changed[i] = c;
            check(changed);
        }
    }
}

BOOST_AUTO_TEST_CASE(one_byte_changes_read_alike)
{
    std::string_view const alphabet = "{}()[]\";%$!-10.\n \\";
    Counts fast_exact;
    Counts plain;
    for (std::size_t i = 0; i < games().size(); i += 17) {
        for_each_change(games()[i], alphabet, [&](const std::string& changed) { compare_game(changed, false, fast_exact); });
        // The plain tokenizer is slow: a few games.
        if (i % 102 == 0)
            for_each_change(games()[i], alphabet, [&](const std::string& changed) { compare_game(changed, true, plain); });
    }
    BOOST_TEST(fast_exact.checked > 40000u);
    BOOST_TEST(plain.accepted > 1000u);
    BOOST_TEST(plain.checked - plain.accepted > 1000u);
}

BOOST_AUTO_TEST_SUITE_END()

// --- The splitter's movetext skip ---------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(movetext_skip)

namespace skip = vocab::skip;

// The readings of a block this build and processor have: the portable one first.
std::vector<std::pair<std::string, skip::Masks (*)(char const*)>> readings()
{
    std::vector<std::pair<std::string, skip::Masks (*)(char const*)>> r{{"portable", &skip::masks_portable}};
#if defined(__SSE2__)
    r.emplace_back("sse2", &skip::sse2::masks);
#endif
#if defined(FEN960_PGN_SKIP_AVX2)
    if (skip::avx2::available())
        r.emplace_back("avx2", &skip::avx2::masks);
#endif
    return r;
}

std::vector<std::pair<std::string, skip::Skip>> skips()
{
    std::vector<std::pair<std::string, skip::Skip>> r{{"portable", &skip::skip_portable}};
#if defined(__SSE2__)
    r.emplace_back("sse2", &skip::skip_sse2);
#endif
#if defined(FEN960_PGN_SKIP_AVX2)
    if (skip::avx2::available())
        r.emplace_back("avx2", &skip::skip_avx2);
#endif
    return r;
}

// The skip as its comment defines it, byte by byte from the class table: from `at`, the first byte
// that is a stop, a start after a byte of `ends` (after a byte that ends a token, at `at`) but for a
// digit that no dash or '/' follows, or a byte of `ends` first on its line (not at `at`); else the
// first block start with fewer than block_size + 1 bytes after it. The newlines before it, and where
// the last line begins (if any).
skip::Skipped plain_skip(std::string_view text, std::size_t at)
{
    auto const bits = [&text](std::size_t i) { return skip::bits[static_cast<unsigned char>(text[i])]; };
    std::size_t const limit = at + (text.size() - 1 - at) / skip::block_size * skip::block_size;
    std::size_t i = at;
    for (; i < limit; ++i) {
        bool const digit_number =
            vocab::is(text[i], vocab::digit) && !vocab::may_follow_result_digit[static_cast<unsigned char>(text[i + 1])];
        bool const after_end = i == at ? skip::ends_token(text[i - 1]) : (bits(i - 1) & skip::end_bit) != 0;
        if ((bits(i) & skip::stop_bit) || ((bits(i) & skip::start_bit) && after_end && !digit_number) ||
            (i > at && text[i - 1] == '\n' && (bits(i) & skip::end_bit)))
            break;
    }
    skip::Skipped s;
    s.at = i;
    s.lines = static_cast<std::uint64_t>(std::count(text.begin() + static_cast<std::ptrdiff_t>(at),
                                                    text.begin() + static_cast<std::ptrdiff_t>(i), '\n'));
    s.line_begin = s.lines ? text.rfind('\n', i - 1) + 1 : 0;
    s.line_start = i > at && text[i - 1] == '\n';
    return s;
}

// Every byte value in every lane of a block reads alike, whatever the reading; so does every block
// of the test data.
BOOST_AUTO_TEST_CASE(readings_agree)
{
    auto const r = readings();
    for (unsigned value = 0; value < 256; ++value) {
        std::string const block(skip::block_size, static_cast<char>(value));
        skip::Masks const want = skip::masks_portable(block.data());
        BOOST_TEST((want.stops == 0 || want.stops == ~std::uint64_t{0}));
        for (auto const& [name, read] : r)
            BOOST_TEST((read(block.data()) == want), name << " on byte " << value);
    }
    std::size_t blocks = 0;
    for (const std::string& text : pgn_texts())
        for (std::size_t at = 0; at + skip::block_size <= text.size(); ++at, ++blocks) {
            skip::Masks const want = skip::masks_portable(text.data() + at);
            for (auto const& [name, read] : r)
                BOOST_TEST_REQUIRE((read(text.data() + at) == want), name << " at " << at);
        }
    BOOST_TEST(blocks > 300000u);
}

// From every place of every test file, each skip stops where the plain reading does, having passed
// the same newlines.
BOOST_AUTO_TEST_CASE(skips_stop_as_the_plain_reading)
{
    auto const s = skips();
    std::size_t stops_inside = 0;
    for (const std::string& text : pgn_texts())
        for (std::size_t at = 1; at + 1 < text.size(); ++at) {
            skip::Skipped const want = plain_skip(text, at);
            stops_inside += want.at + skip::block_size + 1 < text.size() ? 1 : 0;
            for (auto const& [name, run] : s) {
                skip::Skipped const got = run(text.data(), at, text.size());
                BOOST_TEST_INFO(name << " from " << at);
                BOOST_TEST_REQUIRE(got.at == want.at);
                BOOST_TEST_REQUIRE(got.lines == want.lines);
                BOOST_TEST_REQUIRE(got.line_start == want.line_start);
                BOOST_TEST_REQUIRE((got.line_begin == 0 || got.line_begin == want.line_begin));
            }
        }
    BOOST_TEST(stops_inside > 300000u);
}

BOOST_AUTO_TEST_SUITE_END()
