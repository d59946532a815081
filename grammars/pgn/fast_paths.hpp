// The PGN grammar's fast paths, Spirit-free so that tests can hold them against the rules: game_def.hpp
// tries each before the rules that read the same text (a run of numbers and a move before `element`, a
// plain tag pair before `tag`), and where a fast path reads nothing the rules read what is there.
// Both read with the token classes of vocabulary.hpp; tests/test_pgn_fast.cpp compares the grammar's
// readings with and without these (pgn_syntax::Reading) on every test game and many changes of them.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "vocabulary.hpp"

namespace fen960::pgn_grammar::detail {

namespace vocab = pgn_vocabulary;

// What the first byte of a movetext element can start, for the run below.
enum class Lex : std::uint8_t { other, blank, newline, move, number, move_or_number };

inline constexpr std::array<Lex, 256> lex = [] {
    std::array<Lex, 256> t{};
    for (std::size_t i = 0; i < 256; ++i) {
        char const c = static_cast<char>(i);
        bool const move = vocab::may_start_move(c);
        bool const number = vocab::is(c, vocab::digit) || c == vocab::number_dot;
        t[i] = vocab::is(c, vocab::blank) ? Lex::blank
               : c == '\n'                ? Lex::newline
               : move && number           ? Lex::move_or_number
               : move                     ? Lex::move
               : number                   ? Lex::number
                                          : Lex::other;
    }
    return t;
}();

// The common case in one step: white space and move numbers, then a move (most of a movetext is
// `12. Nf3 Nc6 `). At each byte it tries what the grammar's `element` tries first, in the same order
// (white space, a move, a move number; a blank at a time, which comes to the same), so it reads the
// same tokens. On a move, sets `move` to its start and `first` past it; else reads nothing.
inline bool move_run(char const*& first, char const* last, char const*& move)
{
    char const* it = first;
    while (it != last) {
        switch (lex[static_cast<unsigned char>(*it)]) {
        case Lex::blank:
            ++it;
            continue;
        case Lex::newline:
            it = vocab::gap_end(it, last);
            continue;
        case Lex::move:
        case Lex::move_or_number:
            if (char const* const end = vocab::move_token_end(it, last)) {
                move = it;
                first = end;
                return true;
            }
            if (lex[static_cast<unsigned char>(*it)] == Lex::move)
                return false;
            [[fallthrough]];
        case Lex::number:
            if (char const* const end = vocab::move_number_end(it, last)) {
                it = end;
                continue;
            }
            return false;
        case Lex::other:
            return false;
        }
    }
    return false;
}

// The bytes of quick_move_run: what a byte can be there.
enum class QuickLex : std::uint8_t { other, blank, newline, number, letter };

inline constexpr std::array<QuickLex, 256> quick_lex = [] {
    std::array<QuickLex, 256> t{};
    for (std::size_t i = 0; i < 256; ++i) {
        char const c = static_cast<char>(i);
        t[i] = vocab::is(c, vocab::blank)                ? QuickLex::blank
               : c == '\n'                               ? QuickLex::newline
               : c >= '1' && c <= '9'                    ? QuickLex::number
               : vocab::is(c, vocab::letter) && i < 0x80 ? QuickLex::letter
                                                         : QuickLex::other;
    }
    return t;
}();

// The bytes of a move token that quick_move_run takes: ASCII letters (with 'e'), digits, move signs.
inline constexpr std::array<bool, 256> quick_move_byte = [] {
    std::array<bool, 256> t{};
    for (std::size_t c = 0; c < 0x80; ++c)
        t[c] = vocab::is(static_cast<char>(c), vocab::letter | vocab::digit | vocab::move_sign);
    return t;
}();

// move_run for the text nearly every file has, in fewer steps: blanks, newlines not followed by a `%`
// line, move numbers of at most eight digits and their dots (`12.`, `12...`), then a move token of at
// most fifteen bytes that starts with a letter, holds only ASCII letters, digits and move signs, is
// not `ep`, and is followed by a blank or a newline; all of it more than 24 bytes before the text's
// end (so that no step needs to look for the end). Where it reads, it reads what move_run reads
// (tests/test_pgn_fast.cpp holds the two together); anything else (a `0-0`, a glyph, a comment, the
// text's last bytes) it leaves to move_run, reading nothing.
[[gnu::always_inline]] inline bool quick_move_run(char const*& first, char const* last, char const*& move)
{
    constexpr std::ptrdiff_t margin = 24; // an element's longest reading (16) and the byte after it
    char const* it = first;
    for (;;) {
        if (last - it <= margin)
            return false;
        QuickLex const lexeme = quick_lex[static_cast<unsigned char>(*it)];
        if (lexeme == QuickLex::blank) {
            ++it;
        } else if (lexeme == QuickLex::letter) {
            char const* end = it + 1;
            while (quick_move_byte[static_cast<unsigned char>(*end)])
                if (++end - it > 15)
                    return false;
            if (!(vocab::is(*end, vocab::blank) || *end == '\n'))
                return false;
            if (end - it == 2 && *it == vocab::ep_marks[1][0] && it[1] == vocab::ep_marks[1][1])
                return false; // `ep` alone is an en-passant mark
            move = it;
            first = end;
            return true;
        } else if (lexeme == QuickLex::number) {
            char const* const digits = it;
            do
                ++it;
            while (static_cast<unsigned>(*it - '0') < 10u && it - digits < 9);
            if (*it != vocab::number_dot || it - digits > 8)
                return false;
            do
                ++it;
            while (*it == vocab::number_dot && it - digits < 16);
        } else if (lexeme == QuickLex::newline) {
            if (it[1] == vocab::escape_mark)
                return false;
            ++it;
        } else {
            return false;
        }
    }
}

// A tag pair as nearly every exporter writes it, `[Name "value"]` (with blanks where the grammar's
// `tag` rule allows them), read in one pass: sets the name, the value's text between the quotes (as
// written) and `first` past the `]`. Anything else (a closing quote left out, a missing bracket) reads
// nothing; the `tag` rule reads it or says what is wrong.
inline bool plain_tag(char const*& first, char const* last, std::string_view& name, std::string_view& value)
{
    auto const view = [](char const* begin, char const* end) {
        return std::string_view(begin, static_cast<std::size_t>(end - begin));
    };
    char const* it = first;
    if (it == last || *it != vocab::tag_open)
        return false;
    it = vocab::blanks_end(it + 1, last);
    char const* const name_begin = it;
    char const* const name_end = vocab::tag_name_end(it, last);
    if (!name_end)
        return false;
    it = vocab::blanks_end(name_end, last);
    if (it == last || *it != vocab::tag_quote)
        return false;
    char const* const value_begin = ++it;
    char const* const value_end = vocab::tag_value_text_end(it, last);
    it = value_end;
    if (it == last || *it != vocab::tag_quote)
        return false;
    it = vocab::blanks_end(it + 1, last);
    if (it == last || *it != vocab::tag_close)
        return false;
    name = view(name_begin, name_end);
    value = view(value_begin, value_end);
    first = it + 1;
    return true;
}

} // namespace fen960::pgn_grammar::detail
