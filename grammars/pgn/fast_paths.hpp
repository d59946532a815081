// The PGN grammar's fast paths, Spirit-free so that tests can hold them against the rules: game_def.hpp
// tries each before the rules that read the same text (a run of numbers and a move before `element`, a
// plain tag pair before `tag`), and where a fast path reads nothing the rules read what is there. Some
// are read outside the grammar: plain_tag_section by syntax.cpp's parse_tags, and quick_gap_end,
// quick_move_run and is_quick_move_token by lib's game loop (pgn.cpp, pgn_game.hpp) before move_run.
// Both read with the token classes of vocabulary.hpp; tests/test_pgn_fast.cpp compares the grammar's
// readings with and without these (pgn_syntax::Reading) on every test game and many changes of them.
#pragma once

#include <array>
#include <cstddef>
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

// How near the text's end the quick readings below stop: each element they read (a move number, a
// token) is at most 16 bytes long, so that no step needs to look for the end.
inline constexpr std::ptrdiff_t quick_margin = 24;

// The white space and move numbers before a move token, as quick_move_run reads them: blanks, newlines
// not followed by a `%` line, move numbers of at most eight digits and their dots (`12.`, `12...`),
// each starting more than quick_margin bytes before the text's end. Where they end at a letter, that
// letter; otherwise (anything else there, or the text's end too near) nullptr.
[[gnu::always_inline]] inline char const* quick_gap_end(char const* it, char const* last)
{
    for (;;) {
        if (last - it <= quick_margin)
            return nullptr;
        QuickLex const lexeme = quick_lex[static_cast<unsigned char>(*it)];
        if (lexeme == QuickLex::blank) {
            ++it;
        } else if (lexeme == QuickLex::letter) {
            return it;
        } else if (lexeme == QuickLex::number) {
            char const* const digits = it;
            do
                ++it;
            while (static_cast<unsigned>(*it - '0') < 10u && it - digits < 9);
            if (*it != vocab::number_dot || it - digits > 8)
                return nullptr;
            do
                ++it;
            while (*it == vocab::number_dot && it - digits < 16);
        } else if (lexeme == QuickLex::newline) {
            if (it[1] == vocab::escape_mark)
                return nullptr;
            ++it;
        } else {
            return nullptr;
        }
    }
}

// Whether a byte may end a move token that quick_move_run reads: a blank or a newline.
inline bool quick_token_end(char c)
{
    return vocab::is(c, vocab::blank | vocab::newline);
}

// Whether `token` is a move token as quick_move_run reads one (when a blank or a newline follows it): a
// letter first, then only ASCII letters, digits and move signs, at most fifteen bytes, not `ep` (an
// en-passant mark).
inline bool is_quick_move_token(std::string_view token)
{
    if (token.empty() || token.size() > 15 || quick_lex[static_cast<unsigned char>(token[0])] != QuickLex::letter ||
        token == vocab::ep_marks[1])
        return false;
    for (char const c : token)
        if (!quick_move_byte[static_cast<unsigned char>(c)])
            return false;
    return true;
}

// move_run for the text nearly every file has, in fewer steps: quick_gap_end's white space and numbers,
// then a quick move token followed by a blank or a newline. Where it reads, it reads what move_run
// reads (tests/test_pgn_fast.cpp holds the two together); anything else (a `0-0`, a glyph, a comment,
// the text's last bytes) it leaves to move_run, reading nothing.
[[gnu::always_inline]] inline bool quick_move_run(char const*& first, char const* last, char const*& move)
{
    char const* const start = quick_gap_end(first, last);
    if (!start)
        return false;
    char const* end = start + 1;
    while (quick_move_byte[static_cast<unsigned char>(*end)])
        if (++end - start > 15)
            return false;
    if (!quick_token_end(*end))
        return false;
    if (end - start == 2 && start[0] == vocab::ep_marks[1][0] && start[1] == vocab::ep_marks[1][1])
        return false; // `ep` alone is an en-passant mark
    move = start;
    first = end;
    return true;
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

// A tag section of plain tag pairs alone, as nearly every game has (pgn_syntax::parse_tags reads it
// here, without the rules): what the grammar's `tag_section` reads first (a byte-order mark, `%`
// lines), then white space and plain_tag pairs, each handed to `add(name, value)`, up to the first
// byte that starts neither (the movetext), where `first` is set. Where a `[` starts no plain pair (a
// wrapper, a value with its quote left out, a malformed pair) returns false, having handed over the
// pairs before it: the grammar reads the section again.
template <typename Add>
inline bool plain_tag_section(char const*& first, char const* last, Add&& add)
{
    char const* it = first;
    if (char const* const bom = vocab::bom_end(it, last))
        it = bom;
    it = vocab::escape_lines_end(it, last);
    for (;;) {
        if (char const* const gap = vocab::gap_end(it, last))
            it = gap;
        if (it == last || *it != vocab::tag_open)
            break;
        std::string_view name;
        std::string_view value;
        if (!plain_tag(it, last, name, value))
            return false;
        add(name, value);
    }
    first = it;
    return true;
}

} // namespace fen960::pgn_grammar::detail
