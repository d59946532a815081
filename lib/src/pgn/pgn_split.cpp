// The game splitter: a byte scanner, resumable at any byte, that finds where games end without
// parsing them (grammars/pgn parses each game once it is whole). It reads the grammar's tokens
// (grammars/pgn/vocabulary.hpp: comments, results, move numbers, escapes); where the two could
// disagree, on input the grammar rejects, the game fails with the grammar's message and the next game
// is still found. One function per mode (Mode), each reading from `pos` until its mode changes, the
// bytes run out or the game ends.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "fen960/pgn.hpp"
#include "pgn/vocabulary.hpp"

namespace fen960 {

namespace {

namespace vocab = pgn_vocabulary;
using vocab::Match;

constexpr std::size_t read_block = std::size_t{1} << 20;

enum class Mode : std::uint8_t {
    between,      // no game yet: white space, % lines, byte-order marks
    tags,         // the tag section, between tag pairs
    tag,          // inside [ ], outside the quotes
    tag_value,    // inside the quotes of a tag value
    movetext,     // outside comments
    after_blank,  // blank lines inside the movetext: the game ends there, unless it goes on after them
    comment,      // inside { } (nested braces counted)
    rest_of_line, // a ; comment or a % line, to the end of the line; then the mode in `resume`
};

// What a mode function leaves the scanner to do.
enum class Scan : std::uint8_t {
    on,       // scan on from `pos`, in `mode`
    wait,     // the bytes ran out, or a look-ahead needs more of them
    game_end, // the game ends at game_end
};

// Bytes after which a token starts: a result glued to a move or a number is part of that token.
constexpr std::array<bool, 256> token_ends = [] {
    std::array<bool, 256> t{};
    for (std::size_t i = 0; i < 256; ++i) {
        char const c = static_cast<char>(i);
        t[i] = !(vocab::is(c, vocab::letter | vocab::digit | vocab::move_sign | vocab::annotation | vocab::evaluation) ||
                 c == vocab::nag_mark || c == vocab::number_dot);
    }
    return t;
}();

inline bool ends_token(char c)
{
    return token_ends[static_cast<unsigned char>(c)];
}

// What the movetext scanner does with a byte.
enum class ByteClass : std::uint8_t {
    plain,      // nothing to note
    word,       // a letter: the moves have begun
    newline,
    open_brace,
    semicolon,
    open_paren,
    close_paren,
    digit,      // a move number or a result may start here
    result_only // * + - and the first byte of '½': a result may start here
};

constexpr std::array<ByteClass, 256> byte_classes = [] {
    std::array<ByteClass, 256> t{};
    for (std::size_t i = 0; i < 256; ++i) {
        char const c = static_cast<char>(i);
        t[i] = vocab::is(c, vocab::letter)          ? ByteClass::word
               : vocab::is(c, vocab::digit)         ? ByteClass::digit
               : c == '\n'                          ? ByteClass::newline
               : c == vocab::comment_open           ? ByteClass::open_brace
               : c == vocab::line_comment_mark      ? ByteClass::semicolon
               : c == vocab::variation_open         ? ByteClass::open_paren
               : c == vocab::variation_close        ? ByteClass::close_paren
               : vocab::may_start_result[i]         ? ByteClass::result_only
                                                    : ByteClass::plain;
    }
    return t;
}();

ByteClass class_of(char c)
{
    return byte_classes[static_cast<unsigned char>(c)];
}

// The bytes the sixteen-byte skips compare with, taken from the tables above: a change there that the
// skips would have to follow does not compile until they do.
template <typename Pred>
constexpr std::size_t count_bytes(Pred pred)
{
    std::size_t n = 0;
    for (std::size_t i = 0; i < 256; ++i)
        n += pred(i) ? 1 : 0;
    return n;
}

template <std::size_t N, typename Pred>
constexpr std::array<char, N> bytes_where(Pred pred)
{
    static_assert(N > 0);
    std::array<char, N> out{};
    std::size_t n = 0;
    for (std::size_t i = 0; i < 256 && n < N; ++i)
        if (pred(i))
            out[n++] = static_cast<char>(i);
    return out;
}

// Bytes that stop the skip wherever they stand: a newline, a comment, a variation.
constexpr auto stops_skip = [](std::size_t i) {
    ByteClass const k = byte_classes[i];
    return k == ByteClass::newline || k == ByteClass::open_brace || k == ByteClass::semicolon ||
           k == ByteClass::open_paren || k == ByteClass::close_paren;
};
static_assert(count_bytes(stops_skip) == 5);
constexpr auto skip_stops = bytes_where<5>(stops_skip);
// The signs a result may start with, and what may follow a result's digit (a dash, '/').
constexpr auto is_result_sign = [](std::size_t i) { return byte_classes[i] == ByteClass::result_only; };
static_assert(count_bytes(is_result_sign) == 4);
constexpr auto result_signs = bytes_where<4>(is_result_sign);
constexpr auto follows_result_digit = [](std::size_t i) { return vocab::may_follow_result_digit[i]; };
static_assert(count_bytes(follows_result_digit) == 3);
constexpr auto result_digit_followers = bytes_where<3>(follows_result_digit);
// The digits a result may start with: 0 and 1, which the skip takes as a range.
static_assert([] {
    for (std::size_t i = '0'; i <= '9'; ++i)
        if (vocab::may_start_result[i] != (i <= '1'))
            return false;
    return true;
}());

// The index of the first of the bytes a, b, c in [pos, end), or end: tag pairs are skipped to their
// quotes, brackets and newlines (sixteen bytes at a time with SSE2, part of every x86-64 processor).
std::size_t find_any(char const* p, std::size_t pos, std::size_t end, char a, char b, char c)
{
#if defined(__SSE2__)
    __m128i const va = _mm_set1_epi8(a);
    __m128i const vb = _mm_set1_epi8(b);
    __m128i const vc = _mm_set1_epi8(c);
    for (; pos + 16 <= end; pos += 16) {
        __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + pos));
        __m128i const hit =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)), _mm_cmpeq_epi8(v, vc));
        if (int const mask = _mm_movemask_epi8(hit))
            return pos + static_cast<std::size_t>(std::countr_zero(static_cast<unsigned>(mask)));
    }
#endif
    for (; pos < end; ++pos)
        if (p[pos] == a || p[pos] == b || p[pos] == c)
            return pos;
    return end;
}

// In the movetext, once the moves have begun, most bytes (letters, the digits and signs inside moves,
// dots, blanks) change nothing; this skips them sixteen at a time and returns the first byte that
// may matter: a newline, { ; ( ), or a byte that can start a result or a move number (a digit,
// * + - or the first byte of '½') after a byte that is no letter, digit or dot. That is a superset of
// what the scanner acts on (ends_token() is stricter), so the scanner still judges each byte it is
// given. One kind is settled here instead, being the commonest: a digit after a space that cannot
// start a result (2-9, or 0 or 1 without a dash or '/' after it) is a move number, whose place
// (input offset + 1, as the scanner keeps it) goes to `last_number_at` outside variations
// (`outside`); inside them the scanner would do nothing with it. Stops where fewer than seventeen
// bytes are left; p[pos - 1] must exist.
std::size_t skip_movetext(char const* p, std::size_t pos, std::size_t end, bool outside, std::uint64_t base,
                          std::uint64_t& last_number_at)
{
#if defined(__SSE2__)
    auto const set = [](char c) { return _mm_set1_epi8(c); };
    // Signed byte comparisons: bytes from 0x80 up are negative, so none is taken for a letter or digit.
    auto const in_range = [](__m128i v, char low, char high) {
        return _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(static_cast<char>(low - 1))),
                             _mm_cmplt_epi8(v, _mm_set1_epi8(static_cast<char>(high + 1))));
    };
    auto const is = [&set](__m128i v, char c) { return _mm_cmpeq_epi8(v, set(c)); };
    for (; pos + 17 <= end; pos += 16) {
        __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + pos));
        __m128i const before = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + pos - 1));
        __m128i const after = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + pos + 1));
        __m128i const always =
            _mm_or_si128(_mm_or_si128(_mm_or_si128(is(v, skip_stops[0]), is(v, skip_stops[1])),
                                      _mm_or_si128(is(v, skip_stops[2]), is(v, skip_stops[3]))),
                         is(v, skip_stops[4]));
        __m128i const digits = in_range(v, '0', '9');
        __m128i const starts =
            _mm_or_si128(_mm_or_si128(digits, is(v, result_signs[0])),
                         _mm_or_si128(_mm_or_si128(is(v, result_signs[1]), is(v, result_signs[2])),
                                      is(v, result_signs[3])));
        __m128i const inside = _mm_or_si128(_mm_or_si128(in_range(before, '0', '9'), is(before, vocab::number_dot)),
                                            in_range(_mm_or_si128(before, set(0x20)), 'a', 'z'));
        // Move numbers after a space: no result can start there.
        __m128i const may_be_result = _mm_and_si128(
            in_range(v, '0', '1'),
            _mm_or_si128(_mm_or_si128(is(after, result_digit_followers[0]), is(after, result_digit_followers[1])),
                         is(after, result_digit_followers[2])));
        __m128i const numbers = _mm_andnot_si128(may_be_result, _mm_and_si128(digits, is(before, ' ')));
        __m128i const hit = _mm_or_si128(always, _mm_andnot_si128(_mm_or_si128(inside, numbers), starts));
        auto const number_lanes = static_cast<unsigned>(_mm_movemask_epi8(numbers));
        if (int const mask = _mm_movemask_epi8(hit)) {
            auto const stop = static_cast<unsigned>(std::countr_zero(static_cast<unsigned>(mask)));
            if (unsigned const before_stop = number_lanes & ((1u << stop) - 1); before_stop && outside)
                last_number_at = base + pos + static_cast<unsigned>(31 - std::countl_zero(before_stop)) + 1;
            return pos + stop;
        }
        if (number_lanes && outside)
            last_number_at = base + pos + static_cast<unsigned>(31 - std::countl_zero(number_lanes)) + 1;
    }
#else
    (void)p;
    (void)end;
    (void)outside;
    (void)base;
    (void)last_number_at;
#endif
    return pos;
}

// Whether a line starting at p ('[') holds a tag pair: `[`, blanks, a name as the standard spells it,
// blanks, `"`. With `name`, only that tag name matches.
Match match_tag_start(char const* p, char const* end, bool at_eof, std::string_view name = {})
{
    constexpr std::size_t max_name = 64;
    char const* q = vocab::blanks_end(p + 1, end);
    if (q == end)
        return vocab::out_of_bytes(at_eof);
    if (!vocab::is(*q, vocab::letter))
        return Match::no;
    char const* const name_start = q;
    q = vocab::standard_tag_name_end(q, end, max_name);
    if (q == end)
        return vocab::out_of_bytes(at_eof);
    if (!name.empty() && std::string_view(name_start, static_cast<std::size_t>(q - name_start)) != name)
        return Match::no;
    q = vocab::blanks_end(q, end);
    if (q == end)
        return vocab::out_of_bytes(at_eof);
    return *q == vocab::tag_quote ? Match::yes : Match::no;
}

} // namespace

struct GameSplitter::Impl {
    ByteSource& source;
    std::size_t max_game;
    Overflow overflow;

    std::vector<char> buffer;
    std::size_t end = 0;       // bytes [0, end) hold input
    std::uint64_t base = 0;    // input offset of buffer[0]
    std::uint64_t bytes = 0;   // bytes read from the source
    bool eof = false;

    // Scanner state.
    std::size_t pos = 0;            // next byte to scan
    Mode mode = Mode::between;
    Mode resume = Mode::between;    // the mode after Mode::rest_of_line
    bool line_start = true;         // only blanks since the last newline (or the input's start)
    std::uint64_t line = 1;         // line of `pos`
    std::uint64_t line_begin = 0;   // input offset of the current line's first byte
    int depth = 0;                  // open variations
    bool moves_begun = false;       // a letter or a move number outside comments
    bool substance = false;         // a tag, a move, a result or a variation: more than comments
    std::uint64_t last_number_at = 0; // input offset + 1 of the last number token outside variations, or 0
    std::uint64_t blank_end = 0;    // input offset where the game ends if nothing goes on after blank lines
    int comment_depth = 0;
    std::size_t tag_count = 0;
    bool blank_line_in_tags = false;
    std::uint64_t bom_line = 0;     // the line that starts with a byte-order mark, if any

    // The game being scanned.
    bool in_game = false;
    std::size_t game_begin = 0; // buffer index of its first byte
    std::size_t game_end = 0;   // buffer index just past it, once found
    std::uint64_t game_line = 1;
    std::uint32_t game_column = 1;
    bool too_long = false;
    bool ended_by_result = false;

    Impl(ByteSource& s, std::size_t max, Overflow o)
        : source(s), max_game(max), overflow(std::move(o)), buffer(std::max(read_block, max + 1))
    {
    }

    char const* data() const { return buffer.data(); }
    char const* stop() const { return buffer.data() + end; }

    // The last move number outside variations (0 if none): the game's bytes are still in the buffer.
    std::uint32_t last_number() const
    {
        if (!last_number_at || last_number_at - 1 < base)
            return 0;
        std::uint32_t number = 0;
        bool black = false;
        char const* const at = data() + (last_number_at - 1 - base);
        if (vocab::read_move_number(at, stop(), true, number, black) != Match::yes)
            return 0;
        return number;
    }

    // Buffer index of the current line's first byte (or of the buffer's start, if it was let go).
    std::size_t line_index() const { return line_begin > base ? static_cast<std::size_t>(line_begin - base) : 0; }

    void newline()
    {
        ++line;
        line_begin = base + pos + 1;
        line_start = true;
    }

    // The game starts at `pos`. Its column does not count a byte-order mark at the line's start.
    void begin_game()
    {
        in_game = true;
        game_begin = pos;
        game_line = line;
        std::uint64_t column = base + pos - line_begin + 1;
        if (bom_line == line && column > 3)
            column -= 3;
        game_column = static_cast<std::uint32_t>(std::min<std::uint64_t>(column, UINT32_MAX));
        mode = Mode::tags;
        depth = 0;
        moves_begun = false;
        substance = false;
        last_number_at = 0;
        comment_depth = 0;
        tag_count = 0;
        blank_line_in_tags = false;
        too_long = false;
        ended_by_result = false;
    }

    // Ends the game at buffer index `at` and leaves the scanner between games.
    Scan end_game(std::size_t at)
    {
        game_end = std::max(at, game_begin);
        mode = Mode::between;
        return Scan::game_end;
    }

    // Scans until a game ends (true, game_end set) or the bytes run out (false).
    bool scan();

    // The modes, each from p[pos] on.
    Scan between_games();
    Scan tag_section();
    Scan tag_pair();
    Scan tag_value();
    Scan movetext();
    Scan movetext_line_start();
    Scan movetext_tokens();
    Scan token_start(char c);
    Scan after_blank_line();
    Scan comment();
    Scan rest_of_line();

    // White space between tokens: a newline, a blank, the start of a `%` line (whose end returns to
    // this mode). False, reading nothing, for any other byte.
    bool white_space(char c);

    // At the end of the input (which the buffer then holds to its end), nothing but white space
    // follows the game just ended.
    bool is_last_game() const
    {
        return std::all_of(data() + game_end, stop(),
                           [](char c) { return vocab::is(c, vocab::blank | vocab::newline); });
    }

    // Moves the bytes still needed to the front and reads more; false at the end of the input.
    bool refill();

    bool next(GameText& game);
};

bool GameSplitter::Impl::scan()
{
    while (pos < end) {
        Scan s = Scan::on;
        switch (mode) {
        case Mode::between: s = between_games(); break;
        case Mode::tags: s = tag_section(); break;
        case Mode::tag: s = tag_pair(); break;
        case Mode::tag_value: s = tag_value(); break;
        case Mode::movetext: s = movetext(); break;
        case Mode::after_blank: s = after_blank_line(); break;
        case Mode::comment: s = comment(); break;
        case Mode::rest_of_line: s = rest_of_line(); break;
        }
        if (s != Scan::on)
            return s == Scan::game_end;
    }
    return false;
}

bool GameSplitter::Impl::white_space(char c)
{
    if (c == '\n') {
        newline();
    } else if (line_start && c == vocab::escape_mark) {
        resume = mode;
        mode = Mode::rest_of_line;
    } else if (!vocab::is(c, vocab::blank)) {
        return false;
    }
    ++pos;
    return true;
}

// White space, `%` lines and byte-order marks, up to the first byte of a game.
Scan GameSplitter::Impl::between_games()
{
    char const* const p = data();
    char const c = p[pos];
    if (white_space(c))
        return Scan::on;
    if (c == vocab::bom[0]) {
        std::size_t const have = std::min<std::size_t>(end - pos, vocab::bom.size());
        if (have < vocab::bom.size() && !eof && std::string_view(p + pos, have) == vocab::bom.substr(0, have))
            return Scan::wait;
        if (vocab::bom_end(p + pos, stop())) {
            if (line_start)
                bom_line = line;
            pos += vocab::bom.size();
            return Scan::on;
        }
    }
    begin_game();
    return Scan::on;
}

// Between tag pairs: a tag pair, or the first byte of the movetext. A tag section with a blank line in
// it ends before a line that starts with `[Event` (the next game's; the game had no moves).
Scan GameSplitter::Impl::tag_section()
{
    char const c = data()[pos];
    if (c == '\n' && line_start)
        blank_line_in_tags = true;
    if (white_space(c))
        return Scan::on;
    if (c != vocab::tag_open) {
        line_start = false;
        mode = Mode::movetext;
        return Scan::on;
    }
    if (line_start && blank_line_in_tags && tag_count > 0) {
        Match const m = match_tag_start(data() + pos, stop(), eof, pgn_tag::event);
        if (m == Match::need_more)
            return Scan::wait;
        if (m == Match::yes)
            return end_game(line_index());
    }
    ++tag_count;
    substance = true;
    blank_line_in_tags = false;
    line_start = false;
    mode = Mode::tag;
    ++pos;
    return Scan::on;
}

// Inside [ ], outside the quotes: to the value's quote, the closing bracket or the end of the line.
Scan GameSplitter::Impl::tag_pair()
{
    pos = find_any(data(), pos, end, vocab::tag_quote, vocab::tag_close, '\n');
    if (pos == end)
        return Scan::on;
    char const t = data()[pos];
    mode = t == vocab::tag_quote ? Mode::tag_value : Mode::tags;
    if (t == '\n')
        newline();
    ++pos;
    return Scan::on;
}

// Inside a tag value's quotes: escapes are taken whole; a quote or the end of the line ends it.
Scan GameSplitter::Impl::tag_value()
{
    char const* const p = data();
    pos = find_any(p, pos, end, vocab::tag_escape, vocab::tag_quote, '\n');
    if (pos == end)
        return Scan::on;
    char const t = p[pos];
    if (t == vocab::tag_escape) {
        if (std::size_t const n = vocab::escape_length(p + pos, stop())) {
            pos += n;
            return Scan::on;
        }
        if (pos + 1 == end && !eof)
            return Scan::wait;
    } else if (t == vocab::tag_quote) {
        mode = Mode::tag;
    } else {
        mode = Mode::tags;
        newline();
    }
    ++pos;
    return Scan::on;
}

Scan GameSplitter::Impl::movetext()
{
    return line_start ? movetext_line_start() : movetext_tokens();
}

// The first bytes of a line of movetext: a blank line once the moves have begun (the game may end
// there), a tag line (a new game), a `%` line; on any other byte the line's tokens begin.
Scan GameSplitter::Impl::movetext_line_start()
{
    char const c = data()[pos];
    if (c == '\n') {
        if (!moves_begun) {
            newline();
            ++pos;
            return Scan::on;
        }
        blank_end = base + line_index();
        mode = Mode::after_blank;
        return Scan::on;
    }
    if (white_space(c))
        return Scan::on;
    if (c == vocab::tag_open) {
        Match const m = match_tag_start(data() + pos, stop(), eof);
        if (m == Match::need_more)
            return Scan::wait;
        if (m == Match::yes)
            return end_game(line_index());
    }
    line_start = false;
    return Scan::on;
}

// The hot loop: most bytes are moves, numbers and spaces, skipped sixteen at a time once the moves
// have begun. Runs to the end of the line, a comment, or a result.
Scan GameSplitter::Impl::movetext_tokens()
{
    char const* const p = data();
    while (pos < end) {
        if (moves_begun && pos > game_begin) {
            pos = skip_movetext(p, pos, end, depth == 0, base, last_number_at);
            if (pos == end)
                break;
        }
        char const c = p[pos];
        switch (class_of(c)) {
        case ByteClass::plain:
            break;
        case ByteClass::word:
            moves_begun = true;
            break;
        case ByteClass::newline:
            newline();
            ++pos;
            return Scan::on;
        case ByteClass::open_brace:
            mode = Mode::comment;
            comment_depth = 1;
            ++pos;
            return Scan::on;
        case ByteClass::semicolon:
            resume = Mode::movetext;
            mode = Mode::rest_of_line;
            ++pos;
            return Scan::on;
        case ByteClass::open_paren:
            ++depth;
            substance = true;
            break;
        case ByteClass::close_paren:
            if (depth > 0)
                --depth;
            break;
        case ByteClass::digit:
        case ByteClass::result_only:
            if (depth == 0 && (pos == game_begin || ends_token(p[pos - 1])))
                if (Scan const s = token_start(c); s != Scan::on)
                    return s;
            break;
        }
        ++pos;
    }
    return Scan::on;
}

// A token that starts with a digit or a result's sign, outside variations: a result ends the game; a
// number is kept for the blank-line rule (read only if a blank line asks for it). A digit starts a
// result only if a dash or '/' follows it (not so in `10.`).
Scan GameSplitter::Impl::token_start(char c)
{
    char const* const p = data();
    bool const digit = class_of(c) == ByteClass::digit;
    if (vocab::may_start_result[static_cast<unsigned char>(c)] &&
        (!digit || pos + 1 == end || vocab::may_follow_result_digit[static_cast<unsigned char>(p[pos + 1])])) {
        std::size_t length = 0;
        Match const m = vocab::match_result(p + pos, stop(), eof, length);
        if (m == Match::need_more)
            return Scan::wait;
        if (m == Match::yes) {
            pos += length;
            line_start = false;
            substance = true;
            ended_by_result = true;
            return end_game(pos);
        }
    }
    if (digit) {
        last_number_at = base + pos + 1;
        moves_begun = true;
    }
    return Scan::on;
}

// After blank lines in the movetext, the game goes on only with its next move number (annotators such
// as Crafty set the moves apart this way) or with its result; anything else starts a game.
Scan GameSplitter::Impl::after_blank_line()
{
    char const* const p = data();
    if (white_space(p[pos]))
        return Scan::on;
    std::size_t length = 0;
    Match const r = vocab::match_result(p + pos, stop(), eof, length);
    if (r == Match::need_more)
        return Scan::wait;
    std::uint32_t number = 0;
    bool black = false;
    Match const n = vocab::read_move_number(p + pos, stop(), eof, number, black);
    if (n == Match::need_more)
        return Scan::wait;
    bool goes_on = r == Match::yes;
    if (!goes_on && n == Match::yes)
        if (std::uint32_t const last = last_number())
            goes_on = number == (black ? last : last + 1);
    if (!goes_on) // the buffer may have moved since: the offset is the input's
        return end_game(blank_end > base ? static_cast<std::size_t>(blank_end - base) : 0);
    mode = Mode::movetext;
    line_start = false;
    return Scan::on;
}

// Inside { }, to its closing brace or the end of the line. A tag pair at the start of a line means the
// comment was never closed: the game ends there (and fails), and a new one begins.
Scan GameSplitter::Impl::comment()
{
    char const* const p = data();
    char const c = p[pos];
    if (c == '\n') {
        newline();
        ++pos;
        return Scan::on;
    }
    if (line_start) {
        if (vocab::is(c, vocab::blank)) {
            ++pos;
            return Scan::on;
        }
        if (c == vocab::tag_open) {
            Match const m = match_tag_start(p + pos, stop(), eof);
            if (m == Match::need_more)
                return Scan::wait;
            if (m == Match::yes)
                return end_game(line_index());
        }
        line_start = false;
    }
    pos = static_cast<std::size_t>(vocab::comment_body(p + pos, stop(), comment_depth) - p);
    if (comment_depth == 0)
        mode = Mode::movetext;
    return Scan::on;
}

// A `;` comment or a `%` line: to the end of the line; its newline is left to the mode that follows.
Scan GameSplitter::Impl::rest_of_line()
{
    char const* const p = data();
    pos = static_cast<std::size_t>(vocab::line_end(p + pos, stop()) - p);
    if (pos == end)
        return Scan::wait;
    mode = resume;
    line_start = false;
    return Scan::on;
}

bool GameSplitter::Impl::refill()
{
    if (eof)
        return false;
    // Keep the game scanned so far (or, between games, nothing before `pos`).
    std::size_t keep_from = in_game ? game_begin : pos;
    if (in_game && pos - game_begin > max_game) {
        // Too long to hold: hand what was scanned to the overflow and keep scanning.
        too_long = true;
        if (overflow)
            overflow(std::string_view(buffer.data() + game_begin, pos - game_begin));
        game_begin = pos;
        keep_from = pos;
    }
    if (keep_from > 0) {
        std::memmove(buffer.data(), buffer.data() + keep_from, end - keep_from);
        end -= keep_from;
        pos -= keep_from;
        base += keep_from;
        if (in_game)
            game_begin -= keep_from;
    }
    if (end == buffer.size())
        buffer.resize(buffer.size() * 2);
    std::size_t const n = source.read(buffer.data() + end, buffer.size() - end);
    if (n == 0) {
        eof = true;
        return false;
    }
    end += n;
    bytes += n;
    return true;
}

bool GameSplitter::Impl::next(GameText& game)
{
    for (;;) {
        if (scan())
            break;
        if (!refill()) {
            // The end of the input ends the game; the scan may still hold look-aheads to finish.
            if (pos < end && scan())
                break;
            if (!in_game)
                return false;
            game_end = end;
            mode = Mode::between;
            break;
        }
    }
    in_game = false;
    game.line = game_line;
    game.column = game_column;
    game.stray = !substance && !moves_begun;
    game.too_long = too_long || game_end - game_begin > max_game;
    game.cut = eof && !ended_by_result && !game.stray && is_last_game() && source.damage();
    if (game.too_long) {
        if (overflow)
            overflow(std::string_view(buffer.data() + game_begin, game_end - game_begin));
        game.text = {};
    } else {
        game.text = std::string_view(buffer.data() + game_begin, game_end - game_begin);
    }
    too_long = false;
    return true;
}

GameSplitter::GameSplitter(ByteSource& source, std::size_t max_game, Overflow overflow)
    : impl_(std::make_unique<Impl>(source, max_game, std::move(overflow)))
{
}

GameSplitter::~GameSplitter() = default;

bool GameSplitter::next(GameText& game)
{
    return impl_->next(game);
}

std::uint64_t GameSplitter::bytes_read() const
{
    return impl_->bytes;
}

} // namespace fen960
