// The tokens of PGN (PGN standard, sections 5 to 8) as fen960 reads them, each defined here once, byte
// by byte, for every reader of PGN text: the X3 grammars (game_def.hpp and san/move_def.hpp wrap these
// matchers in parsers), the game splitter (lib/src/pgn/pgn_split.cpp, whose movetext skip,
// movetext_skip.hpp, derives its byte classes from the ones here) and the importer (lib/src/pgn/pgn.cpp, which writes results in their
// standard spelling). Spirit-free, so that lib/ can include it and tests can hold it against plain
// readings (tests/test_pgn_fast.cpp).
//
// To change what counts as one kind of token, change it here:
//   white space, `%` escape lines, BOM    blank, newline, blanks_end, gap_end, escape_mark,
//                                         escape_lines_end, bom
//   comments `{}` and `;`                 comment_open/close, comment_body, line_comment_end
//   variations                            variation_open, variation_close
//   tag pairs                             tag_open/close, tag_quote, tag_name_end, standard_tag_name_end,
//                                         tag_value_text_end, tag_escape, escape_length
//   move numbers                          move_number_end, read_move_number
//   dashes (U+2010..U+2014, U+2212)       dashes, match_dash
//   results (`½-½`, forfeits, dashes)     result_spellings, match_result, standard_result
//   NAGs and glyphs                       nag_mark, nag_end, annotation_glyphs_end, glyph_end
//   `e.p.` marks                          ep_marks, ep_mark_end, ep_marker_end
//   null moves                            null_moves, null_move_end
//   move tokens                           move_token_end (the SAN grammar reads what they hold)
//   `[pgn]` wrappers                      wrappers, wrapper_end
//   what may follow a lone token          delimiter, delimited
//
// Matchers that the grammar calls take the whole text ([first, last)) and return the token's end, or
// nullptr when there is none. Those that the splitter calls on bytes still arriving take `at_eof`
// and answer Match::need_more when the bytes run out before they can decide.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace fen960::pgn_vocabulary {

// --- Bytes ------------------------------------------------------------------------------------------

// Classes a byte may be in (several at once: '-' is a move sign and an evaluation glyph byte).
enum ByteClass : std::uint16_t {
    blank = 1u << 0,         // ' ' \t \r \f \v
    newline = 1u << 1,       // \n
    digit = 1u << 2,         // 0-9
    letter = 1u << 3,        // a-z A-Z (spelt out: X3's alpha asks the C locale)
    move_sign = 1u << 4,     // + # = : @ - : check, promotion, capture, drop, the hyphen of LAN and castling
    annotation = 1u << 5,    // ! ?: move quality glyphs (standard 8.2.4)
    evaluation = 1u << 6,    // + = / - and every non-ASCII byte: evaluation glyphs (`+/-`, `±`, `⩲`, `∞`)
    delimiter = 1u << 7,     // may follow a token that stands alone: ' ' \t \r \n ( ) { ; [
    tag_name_sign = 1u << 8, // _ + # = : - : tolerated in tag names
};

inline constexpr std::array<std::uint16_t, 256> byte_classes = [] {
    std::array<std::uint16_t, 256> t{};
    auto add = [&t](std::string_view bytes, ByteClass k) {
        for (char c : bytes)
            t[static_cast<unsigned char>(c)] |= k;
    };
    add(" \t\r\f\v", blank);
    add("\n", newline);
    add("0123456789", digit);
    add("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", letter);
    add("+#=:@-", move_sign);
    add("!?", annotation);
    add("+=/-", evaluation);
    for (std::size_t c = 0x80; c < 256; ++c)
        t[c] |= evaluation;
    add(" \t\r\n(){;[", delimiter);
    add("_+#=:-", tag_name_sign);
    return t;
}();

constexpr bool is(char c, std::uint16_t classes)
{
    return (byte_classes[static_cast<unsigned char>(c)] & classes) != 0;
}

// The first of `bytes` (a few) in [first, last), or last: what the readers of comments and tag pairs
// look for, sixteen bytes at a time with SSE2 (part of every x86-64 processor).
template <typename... Bytes>
inline char const* first_of(char const* first, char const* last, Bytes... bytes)
{
    static_assert(sizeof...(bytes) > 0 && (std::is_same_v<Bytes, char> && ...));
#if defined(__SSE2__)
    for (; last - first >= 16; first += 16) {
        __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(first));
        __m128i hit = _mm_setzero_si128();
        ((hit = _mm_or_si128(hit, _mm_cmpeq_epi8(v, _mm_set1_epi8(bytes)))), ...);
        if (int const mask = _mm_movemask_epi8(hit))
            return first + std::countr_zero(static_cast<unsigned>(mask));
    }
#endif
    for (; first != last; ++first)
        if (((*first == bytes) || ...))
            return first;
    return last;
}

// A three-way answer for bytes that may still be arriving.
enum class Match : std::uint8_t { no, yes, need_more };

constexpr Match out_of_bytes(bool at_eof)
{
    return at_eof ? Match::no : Match::need_more;
}

// Whether `word` is spelt at p (the whole of it before last).
inline bool spelt_at(char const* p, char const* last, std::string_view word)
{
    return static_cast<std::size_t>(last - p) >= word.size() && std::memcmp(p, word.data(), word.size()) == 0;
}

// One of `words` at first: the end of the first spelt there, or nullptr.
template <std::size_t N>
char const* one_of_end(char const* first, char const* last, std::array<std::string_view, N> const& words)
{
    for (std::string_view w : words)
        if (spelt_at(first, last, w))
            return first + w.size();
    return nullptr;
}

// A token that must stand alone ends at `end`: the text ends there or a delimiter follows.
inline char const* delimited(char const* end, char const* last)
{
    return end == last || is(*end, delimiter) ? end : nullptr;
}

// --- White space and escapes (standard 6, 8.2.1) -----------------------------------------------------

inline constexpr std::string_view bom = "\xEF\xBB\xBF"; // UTF-8's byte-order mark, before the first tag
inline constexpr char escape_mark = '%';                // at the start of a line: the line is skipped

inline char const* bom_end(char const* first, char const* last)
{
    return spelt_at(first, last, bom) ? first + bom.size() : nullptr;
}

// The newline that ends the line p is in, or last.
inline char const* line_end(char const* p, char const* last)
{
    auto const* nl = static_cast<char const*>(std::memchr(p, '\n', static_cast<std::size_t>(last - p)));
    return nl ? nl : last;
}

// `%` lines from p on, p at the start of a line, each with its newline (p when there are none).
inline char const* escape_lines_end(char const* p, char const* last)
{
    while (p != last && *p == escape_mark) {
        p = line_end(p, last);
        if (p != last)
            ++p;
    }
    return p;
}

// Blanks from first on (first when there are none).
inline char const* blanks_end(char const* first, char const* last)
{
    while (first != last && is(*first, blank))
        ++first;
    return first;
}

// White space between tokens: blanks, newlines, and the `%` lines that start after a newline. Its
// end, or nullptr.
inline char const* gap_end(char const* first, char const* last)
{
    char const* it = first;
    while (it != last) {
        if (is(*it, blank))
            ++it;
        else if (*it == '\n')
            it = escape_lines_end(it + 1, last);
        else
            break;
    }
    return it == first ? nullptr : it;
}

// --- Comments and variations (standard 5, 8.2.5) -----------------------------------------------------

inline constexpr char comment_open = '{';
inline constexpr char comment_close = '}';
inline constexpr char line_comment_mark = ';'; // to the end of the line
inline constexpr char variation_open = '(';
inline constexpr char variation_close = ')';

// The bytes of a `{}` comment from p, with `depth` braces open (nested braces are counted): where
// the comment closes (just past its last '}', depth 0), or the first newline in it (depth > 0), or last.
inline char const* comment_body(char const* p, char const* last, int& depth)
{
    for (; (p = first_of(p, last, comment_open, comment_close, '\n')) != last; ++p) {
        if (*p == comment_open) {
            ++depth;
        } else if (*p == comment_close) {
            if (--depth == 0)
                return p + 1;
        } else {
            return p; // a newline
        }
    }
    return p;
}

// A `;` comment: its end (the newline is not part of it), or nullptr.
inline char const* line_comment_end(char const* first, char const* last)
{
    return first != last && *first == line_comment_mark ? line_end(first, last) : nullptr;
}

// --- Tag pairs (standard 8.1) ------------------------------------------------------------------------

inline constexpr char tag_open = '[';
inline constexpr char tag_close = ']';
inline constexpr char tag_quote = '"';
inline constexpr char tag_escape = '\\'; // in a value, takes the next byte with it (but a newline)

// A tag name as exporters write them, [a-zA-Z0-9_+#=:-]+: its end, or nullptr.
inline char const* tag_name_end(char const* first, char const* last)
{
    char const* it = first;
    while (it != last && is(*it, letter | digit | tag_name_sign))
        ++it;
    return it == first ? nullptr : it;
}

// A tag name as the standard spells it (a letter, then letters, digits and '_'), read up to `limit`
// bytes past its first: where it stops. The splitter knows a tag line by such a name.
inline char const* standard_tag_name_end(char const* first, char const* last, std::size_t limit)
{
    char const* it = first;
    while (it != last && (is(*it, letter | digit) || *it == '_') && static_cast<std::size_t>(it - first) <= limit)
        ++it;
    return it;
}

// The length of an escape at p (a backslash and the byte it takes), or 0.
inline std::size_t escape_length(char const* p, char const* last)
{
    return *p == tag_escape && last - p >= 2 && p[1] != '\n' ? 2 : 0;
}

// The text of a tag value from after its opening quote: up to the closing quote or a newline, or a
// `]` that ends the line (the closing quote left out: `[Event "Lille]`). Escapes are taken whole.
inline char const* tag_value_text_end(char const* first, char const* last)
{
    char const* it = first;
    // (Its special bytes looked for sixteen at a time: most values take one step.)
    while ((it = first_of(it, last, tag_escape, tag_quote, '\n', tag_close)) != last) {
        char const c = *it;
        if (std::size_t const n = escape_length(it, last)) {
            it += n;
            continue;
        }
        if (c == tag_quote || c == '\n')
            break;
        if (c == tag_close) {
            char const* const after = blanks_end(it + 1, last);
            if (after == last || *after == '\n')
                break;
        }
        ++it;
    }
    return it;
}

// Forum wrappers around a game.
inline constexpr std::array<std::string_view, 2> wrappers{"[pgn]", "[/pgn]"};

inline char const* wrapper_end(char const* first, char const* last)
{
    return one_of_end(first, last, wrappers);
}

// --- Move numbers (standard 8.2.2) -------------------------------------------------------------------

inline constexpr char number_dot = '.';

// A move number: `12.`, `12...`, dots standing alone (`1. ..`), or digits alone before a blank
// (`1 e4`; `0-0` and `1-0` are no move numbers). Its end, or nullptr.
inline char const* move_number_end(char const* first, char const* last)
{
    char const* it = first;
    while (it != last && is(*it, digit))
        ++it;
    char const* const after_digits = it;
    while (it != last && *it == number_dot)
        ++it;
    if (it == after_digits && (it == first || (it != last && !is(*it, blank | newline))))
        return nullptr;
    return it;
}

// A move number with its dot (`8.`) at p, read for its value (capped at 100,000) and whose move
// follows it: black's when more dots follow, in it or after spaces (`8...`, `8. ...`).
inline Match read_move_number(char const* p, char const* end, bool at_eof, std::uint32_t& number, bool& black)
{
    std::uint32_t n = 0;
    char const* q = p;
    for (; q != end && is(*q, digit); ++q)
        n = n < 100000 ? n * 10 + static_cast<std::uint32_t>(*q - '0') : n;
    if (q == end)
        return out_of_bytes(at_eof);
    if (q == p || *q != number_dot)
        return Match::no;
    for (++q; q != end && *q == ' '; ++q) {
    }
    if (q == end && !at_eof)
        return Match::need_more;
    number = n;
    black = q != end && *q == number_dot;
    return Match::yes;
}

// --- Dashes ------------------------------------------------------------------------------------------

// The hyphen, and the Unicode dashes word processors put in its place: U+2010 hyphen, U+2011
// non-breaking hyphen, U+2012 figure dash, U+2013 en dash, U+2014 em dash, U+2212 minus sign.
inline constexpr char hyphen = '-';
inline constexpr std::array<std::string_view, 7> dashes{
    "-", "\xE2\x80\x90", "\xE2\x80\x91", "\xE2\x80\x92", "\xE2\x80\x93", "\xE2\x80\x94", "\xE2\x88\x92"};
// The first byte of every dash but the hyphen.
inline constexpr char unicode_dash_lead = '\xE2';
static_assert([] {
    for (std::size_t i = 1; i < dashes.size(); ++i)
        if (dashes[i][0] != unicode_dash_lead)
            return false;
    return dashes[0].size() == 1 && dashes[0][0] == hyphen;
}());

// A dash at p; sets `length`.
inline Match match_dash(char const* p, char const* end, bool at_eof, std::size_t& length)
{
    if (p == end)
        return out_of_bytes(at_eof);
    if (*p == hyphen) {
        length = 1;
        return Match::yes;
    }
    if (static_cast<unsigned char>(*p) < 0x80)
        return Match::no;
    std::size_t const have = static_cast<std::size_t>(end - p);
    for (std::size_t i = 1; i < dashes.size(); ++i) {
        std::string_view const d = dashes[i];
        if (have < d.size() && std::string_view(p, have) == d.substr(0, have))
            return out_of_bytes(at_eof);
        if (have >= d.size() && std::string_view(p, d.size()) == d) {
            length = d.size();
            return Match::yes;
        }
    }
    return Match::no;
}

// A dash's end, or nullptr.
inline char const* dash_end(char const* first, char const* last)
{
    std::size_t length = 0;
    return match_dash(first, last, true, length) == Match::yes ? first + length : nullptr;
}

// --- Results (standard 8.2.6) ------------------------------------------------------------------------

// How a result's spelling is written. In `pattern`, '-' stands for a dash and "½" for one half,
// written "1/2" or "½" (U+00BD); a result stands alone (a delimiter follows it).
struct ResultSpelling {
    std::string_view pattern;
    std::string_view standard; // the result in the standard's spelling
    bool any_dash;             // each '-' may be any of `dashes`; else the hyphen only
};

inline constexpr std::string_view half = "\xC2\xBD"; // ½
inline constexpr std::string_view half_ascii = "1/2";

// The forfeit marks `+--` and `--+` (ChessBase) are written with hyphens only.
inline constexpr std::array<ResultSpelling, 6> result_spellings{{
    {"1-0", "1-0", true},
    {"0-1", "0-1", true},
    {"\xC2\xBD-\xC2\xBD", "1/2-1/2", true},
    {"*", "*", true},
    {"+--", "1-0", false},
    {"--+", "0-1", false},
}};



// One spelling at p; sets `length`.
inline Match match_spelling(char const* p, char const* end, bool at_eof, ResultSpelling const& spelling,
                            std::size_t& length)
{
    bool const any_dash = spelling.any_dash;
    char const* const start = p;
    std::string_view pattern = spelling.pattern;
    while (!pattern.empty()) {
        if (p == end)
            return out_of_bytes(at_eof);
        if (pattern.substr(0, half.size()) == half) {
            for (char h : *p == half_ascii[0] ? half_ascii : half) {
                if (p == end)
                    return out_of_bytes(at_eof);
                if (*p++ != h)
                    return Match::no;
            }
            pattern.remove_prefix(half.size());
            continue;
        }
        char const want = pattern.front();
        pattern.remove_prefix(1);
        if (want == hyphen && any_dash) {
            std::size_t n = 0;
            if (Match const m = match_dash(p, end, at_eof, n); m != Match::yes)
                return m;
            p += n;
        } else if (*p++ != want) {
            return Match::no;
        }
    }
    if (p == end && !at_eof)
        return Match::need_more;
    if (p != end && !is(*p, delimiter))
        return Match::no;
    length = static_cast<std::size_t>(p - start);
    return Match::yes;
}

// The first bytes of each spelling (a result's first byte tells which spellings to try).
inline constexpr std::array<std::array<bool, 256>, result_spellings.size()> spelling_starts = [] {
    std::array<std::array<bool, 256>, result_spellings.size()> t{};
    for (std::size_t k = 0; k < result_spellings.size(); ++k) {
        ResultSpelling const& s = result_spellings[k];
        if (s.pattern.substr(0, half.size()) == half) {
            t[k][static_cast<unsigned char>(half[0])] = true;
            t[k][static_cast<unsigned char>(half_ascii[0])] = true;
        } else {
            t[k][static_cast<unsigned char>(s.pattern[0])] = true;
            if (s.pattern[0] == hyphen && s.any_dash)
                t[k][static_cast<unsigned char>(unicode_dash_lead)] = true;
        }
    }
    return t;
}();

// The first bytes of the spellings: a byte outside them starts no result (0 1 * + - and the first
// byte of '½').
inline constexpr std::array<bool, 256> may_start_result = [] {
    std::array<bool, 256> t{};
    for (auto const& starts : spelling_starts)
        for (std::size_t i = 0; i < 256; ++i)
            t[i] = t[i] || starts[i];
    return t;
}();

// The bytes that may follow a result's first byte when that is a digit (a dash, or the '/' of "1/2"):
// a digit followed by anything else starts no result (`10.`, `1.`).
inline constexpr std::array<bool, 256> may_follow_result_digit = [] {
    std::array<bool, 256> t{};
    for (ResultSpelling const& s : result_spellings) {
        std::string_view const forms[2] = {s.pattern, s.pattern.substr(0, half.size()) == half ? half_ascii : ""};
        for (std::string_view f : forms) {
            if (f.size() < 2 || !is(f[0], digit))
                continue;
            t[static_cast<unsigned char>(f[1])] = true;
            if (f[1] == hyphen && s.any_dash)
                t[static_cast<unsigned char>(unicode_dash_lead)] = true;
        }
    }
    return t;
}();

// A result at p (one of result_spellings, then a delimiter or the end); sets `length`.
inline Match match_result(char const* p, char const* end, bool at_eof, std::size_t& length)
{
    if (p == end)
        return out_of_bytes(at_eof);
    if (!may_start_result[static_cast<unsigned char>(*p)])
        return Match::no;
    bool need_more = false;
    for (std::size_t k = 0; k < result_spellings.size(); ++k) {
        if (!spelling_starts[k][static_cast<unsigned char>(*p)])
            continue; // the spelling says no at its first byte
        Match const m = match_spelling(p, end, at_eof, result_spellings[k], length);
        if (m == Match::yes)
            return m;
        need_more |= m == Match::need_more;
    }
    return need_more ? Match::need_more : Match::no;
}

// A result as the grammar reads it: its end, or nullptr.
inline char const* result_end(char const* first, char const* last)
{
    std::size_t length = 0;
    return match_result(first, last, true, length) == Match::yes ? first + length : nullptr;
}

// Whether `text` is, whole, a result (its first byte says no to most words at once).
inline bool is_result(std::string_view text)
{
    if (text.empty() || !may_start_result[static_cast<unsigned char>(text.front())])
        return false;
    std::size_t length = 0;
    return match_result(text.data(), text.data() + text.size(), true, length) == Match::yes &&
           length == text.size();
}

// The standard spelling of a result the grammar read (`½–½` is 1/2-1/2, `+--` is 1-0), or "*" for
// any other text.
inline std::string_view standard_result(std::string_view text)
{
    for (ResultSpelling const& s : result_spellings) {
        std::size_t length = 0;
        if (match_spelling(text.data(), text.data() + text.size(), true, s, length) ==
                Match::yes &&
            length == text.size())
            return s.standard;
    }
    return "*";
}

// Whether `text` is a result as the standard spells it (1-0, 0-1, 1/2-1/2, *).
inline bool is_standard_result(std::string_view text)
{
    for (ResultSpelling const& s : result_spellings)
        if (text == s.standard)
            return true;
    return false;
}

// --- Null moves -------------------------------------------------------------------------------------

// A move that passes the turn: `--` (the move token and the glyphs must tell it apart from a glyph),
// `Z0` (ChessBase), `0000` (UCI).
inline constexpr std::array<std::string_view, 3> null_moves{"--", "Z0", "0000"};
inline constexpr std::string_view null_move = null_moves[0];

inline char const* null_move_end(char const* first, char const* last)
{
    return one_of_end(first, last, null_moves);
}

// --- NAGs and glyphs (standard 8.2.4, 10) -------------------------------------------------------------

inline constexpr char nag_mark = '$';

// A numeric annotation glyph, `$` and digits: its end, or nullptr.
inline char const* nag_end(char const* first, char const* last)
{
    if (first == last || *first != nag_mark)
        return nullptr;
    char const* it = first + 1;
    while (it != last && is(*it, digit))
        ++it;
    return it == first + 1 ? nullptr : it;
}

// Move quality glyphs (`!`, `?!`), as many as there are: their end (first when there are none).
inline char const* annotation_glyphs_end(char const* first, char const* last)
{
    while (first != last && is(*first, annotation))
        ++first;
    return first;
}

// A glyph standing alone: move quality glyphs (`!?`), or an evaluation glyph in ASCII (`+-`, `=`,
// `+/-`) or Unicode (`⩲`, `±`, `∞`), which is any run of `+=/-` and non-ASCII bytes but the null
// move. Its end (a delimiter follows it), or nullptr.
inline char const* glyph_end(char const* first, char const* last)
{
    if (char const* const end = annotation_glyphs_end(first, last); end != first)
        return delimited(end, last);
    if (spelt_at(first, last, null_move) && delimited(first + null_move.size(), last))
        return nullptr;
    char const* it = first;
    while (it != last && is(*it, evaluation))
        ++it;
    return it == first ? nullptr : delimited(it, last);
}

// --- En-passant marks --------------------------------------------------------------------------------

// "e.p." may close a move token (`exd6e.p.`); "ep" inside one is the move grammar's to read.
inline constexpr std::array<std::string_view, 2> ep_marks{"e.p.", "ep"};
inline constexpr std::string_view ep_dotted = ep_marks[0];
static_assert(ep_marks[0][0] == ep_marks[1][0]);

// An en-passant mark at first: its end, or nullptr (its first byte says no to most text at once).
inline char const* ep_mark_end(char const* first, char const* last)
{
    return first != last && *first == ep_marks[0][0] ? one_of_end(first, last, ep_marks) : nullptr;
}

// An en-passant mark written apart from its move: its end (a delimiter follows it), or nullptr.
inline char const* ep_marker_end(char const* first, char const* last)
{
    char const* const end = ep_mark_end(first, last);
    return end ? delimited(end, last) : nullptr;
}

// --- Move tokens (standard 8.2.3; grammars/san reads what they hold) ---------------------------------

// The bytes a move token goes on with, but for 'e' (which may start "e.p.") and the Unicode dashes.
inline constexpr std::array<bool, 256> move_word_byte = [] {
    std::array<bool, 256> t{};
    for (std::size_t c = 0; c < 256; ++c)
        t[c] = c != 'e' && is(static_cast<char>(c), letter | digit | move_sign);
    return t;
}();

// Whether a move token may start with c: a letter, '0' (castling with zeros) or the hyphen (a null move).
constexpr bool may_start_move(char c)
{
    return is(c, letter) || c == '0' || c == hyphen;
}

// A move token: a letter, '0' or '-' first, then letters, digits, move signs and dashes, up to an
// `e.p.`, which may close it, then move quality glyphs. Its end, or nullptr for a token that is
// something else: a result (`0-1`, `0–1`), a glyph or anything else that starts with '-'
// but the null move, an en-passant mark standing alone (`ep`, `e.p.`). Always inlined: it is most of
// the grammar's hottest loop (fast_paths.hpp's move_run), a call there costs a few percent of import.
[[gnu::always_inline]] inline char const* move_token_end(char const* first, char const* last)
{
    if (first == last || !may_start_move(*first))
        return nullptr;
    char const* it = first + 1;
    for (;;) {
        while (it != last && move_word_byte[static_cast<unsigned char>(*it)])
            ++it;
        if (it == last)
            break;
        if (*it == 'e') {
            if (spelt_at(it, last, ep_dotted))
                break;
            ++it;
        } else if (char const* const d = dash_end(it, last)) {
            it = d;
        } else {
            break;
        }
    }
    std::string_view const word(first, static_cast<std::size_t>(it - first));
    if (*first == hyphen && word != null_move)
        return nullptr;
    if (is_result(word))
        return nullptr;
    if (char const* const mark = ep_mark_end(first, last); mark && it <= mark)
        return nullptr;
    if (spelt_at(it, last, ep_dotted))
        it += ep_dotted.size();
    return annotation_glyphs_end(it, last);
}

// Whether a move token written just before c would take c in: a letter, digit, move sign or dash.
// A token closed by its `e.p.` may be glued to what follows (`Qd5+e.p.1`, a move number); a writer
// that leaves the mark out puts a space there (`Qd5+1` reads as no move).
inline bool goes_on_move_token(char c)
{
    static_assert(dashes[1][0] == '\xE2' && dashes[6][0] == '\xE2');
    return is(c, letter | digit | move_sign) || c == dashes[1][0];
}

} // namespace fen960::pgn_vocabulary
