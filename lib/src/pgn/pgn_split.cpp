// The game splitter: a byte scanner, resumable at any byte, that finds where games end without
// parsing them (grammars/pgn parses each game once it is whole). It reads the grammar's tokens
// (grammars/pgn/vocabulary.hpp: comments, results, move numbers, escapes); where the two could
// disagree, on input the grammar rejects, the game fails with the grammar's message and the next game
// is still found. One function per mode (Mode), each reading from `pos` until its mode changes, the
// bytes run out or the game ends. Two fast paths, when the bytes are in hand: most movetext is skipped
// a block at a time (movetext_skip.hpp), its move numbers looked for only when a blank line asks for
// them (settle_numbers); tag pairs in their commonest shape are read a line at a time
// (quick_tag_lines). Tests hold the splitter to itself fed one byte at a time (tests/test_pgn.cpp).
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <memory>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "fen960/pgn.hpp"
#include "pgn/movetext_skip.hpp"
#include "pgn/vocabulary.hpp"

namespace fen960 {

namespace {

namespace vocab = pgn_vocabulary;
using vocab::Match;

// Bytes read at a time, and the buffer's size (at least the longest game and one byte more). Reads of
// 64 KiB are split and imported while they are in the core's cache: pgn --positions --jobs 1 took
// 2.5 % less time than with reads of 1 MiB, and the first games are split (and a worker has them)
// sooner. The buffer is not cleared first: a byte is looked at only once read into it, and its pages
// are taken as reads reach them (a buffer cleared whole took 0.4 ms, and with --max-game-size 1G a
// gigabyte of memory, before the first game).
constexpr std::size_t read_size = std::size_t{1} << 16;
constexpr std::size_t buffer_size = std::size_t{1} << 20;

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

using vocab::skip::ends_token;

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

// The index of the first of the bytes a, b, c in [pos, end), or end.
std::size_t find_any(char const* p, std::size_t pos, std::size_t end, char a, char b, char c)
{
    return static_cast<std::size_t>(vocab::first_of(p + pos, p + end, a, b, c) - p);
}

// Where a tag pair's value closes when the pair has its commonest shape: from `pos`, after the `[`, the
// first two of `"`, `]`, `\` and newline are quotes; the index of the second, or 0 when they are not
// (or the bytes run out first). Sixteen bytes at a time with SSE2, `]` and `\` one bit apart.
std::size_t tag_value_close(char const* p, std::size_t pos, std::size_t end)
{
    static_assert((vocab::tag_close & 0xFE) == vocab::tag_escape && (vocab::tag_escape | 1) == vocab::tag_close);
    std::size_t open = 0; // the opening quote's index + 1, once found
#if defined(__SSE2__)
    for (; pos + 16 <= end; pos += 16) {
        __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + pos));
        __m128i const hit = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(vocab::tag_quote)),
                         _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8(static_cast<char>(0xFE))),
                                        _mm_set1_epi8(vocab::tag_escape))),
            _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));
        for (auto mask = static_cast<unsigned>(_mm_movemask_epi8(hit)); mask != 0; mask &= mask - 1) {
            std::size_t const at = pos + static_cast<unsigned>(std::countr_zero(mask));
            if (p[at] != vocab::tag_quote)
                return 0;
            if (open)
                return at;
            open = at + 1;
        }
    }
#endif
    for (; pos < end; ++pos) {
        char const c = p[pos];
        if (c == vocab::tag_close || c == vocab::tag_escape || c == '\n')
            return 0;
        if (c == vocab::tag_quote) {
            if (open)
                return pos;
            open = pos + 1;
        }
    }
    return 0;
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

    std::size_t capacity;
    std::unique_ptr<char[]> buffer; // capacity bytes, not cleared
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
    // Input offset + 1 where skipped movetext starts whose move numbers are not yet in last_number_at
    // (settle_numbers), or 0: movetext outside comments and variations, up to `pos`.
    std::uint64_t numbers_from = 0;
    std::uint64_t blank_end = 0;    // input offset where the game ends if nothing goes on after blank lines
    int comment_depth = 0;
    std::size_t tag_count = 0;
    bool blank_line_in_tags = false;
    std::uint64_t bom_line = 0;     // the line that starts with a byte-order mark, if any
    vocab::skip::Skip const skip = vocab::skip::fastest();

    // The game being scanned.
    bool in_game = false;
    std::size_t game_begin = 0; // buffer index of its first byte
    std::size_t game_end = 0;   // buffer index just past it, once found
    std::uint64_t game_line = 1;
    std::uint32_t game_column = 1;
    bool too_long = false;
    bool ended_by_result = false;

    Impl(ByteSource& s, std::size_t max, Overflow o)
        : source(s), max_game(max), overflow(std::move(o)), capacity(std::max(buffer_size, max + 1)),
          buffer(new char[capacity])
    {
    }

    char const* data() const { return buffer.get(); }
    char const* stop() const { return buffer.get() + end; }

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
        numbers_from = 0;
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
    void quick_tag_lines();
    Scan tag_pair();
    Scan tag_value();
    Scan movetext();
    Scan movetext_line_start();
    Scan movetext_tokens();
    void skip_movetext();
    void settle_numbers();
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
        settle_numbers();
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
    quick_tag_lines();
    return Scan::on;
}

// The rest of a tag pair in its commonest shape, `[Name "value"]` and a newline with no escape in the
// value, and the tag pairs in that shape on the lines after it, read at once (one search a line):
// what tag_pair, tag_value and tag_section would do with them. Leaves the first line out of that
// shape (or not whole in the buffer) to them.
void GameSplitter::Impl::quick_tag_lines()
{
    char const* const p = data();
    std::size_t at = pos;
    std::size_t lines = 0;
    std::size_t tags = 0;
    for (;;) {
        std::size_t const close = tag_value_close(p, at, end);
        if (close == 0 || close + 2 >= end || p[close + 1] != vocab::tag_close || p[close + 2] != '\n')
            break;
        ++lines;
        at = close + 3;
        if (at == end || p[at] != vocab::tag_open)
            break;
        ++tags;
        ++at;
    }
    if (lines == 0)
        return;
    // As newline() after the last line, and tag_section() at each `[` after one.
    line += lines;
    tag_count += tags;
    bool const in_pair = tags == lines;
    line_begin = base + at - (in_pair ? 1 : 0);
    line_start = !in_pair;
    mode = in_pair ? Mode::tag : Mode::tags;
    pos = at;
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
        settle_numbers();
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

// The hot loop: most bytes are moves, numbers and spaces, skipped a block at a time once the moves
// have begun (skip_movetext). Runs to the end of the line, a comment, or a result.
Scan GameSplitter::Impl::movetext_tokens()
{
    char const* const p = data();
    while (pos < end) {
        if (moves_begun && pos > game_begin) {
            if (depth == 0 && numbers_from == 0)
                numbers_from = base + pos + 1;
            skip_movetext();
            if (line_start)
                return Scan::on;
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
            settle_numbers();
            mode = Mode::comment;
            comment_depth = 1;
            ++pos;
            return Scan::on;
        case ByteClass::semicolon:
            settle_numbers();
            resume = Mode::movetext;
            mode = Mode::rest_of_line;
            ++pos;
            return Scan::on;
        case ByteClass::open_paren:
            settle_numbers();
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

// Skips movetext from `pos` (the moves begun, not at a line's start) to the first byte the scan must
// judge (vocab::skip::skip_blocks). The bytes skipped change nothing but the line, counted here, and
// the last move number, found when it is asked for (settle_numbers).
void GameSplitter::Impl::skip_movetext()
{
    vocab::skip::Skipped const s = skip(data(), pos, end);
    if (s.lines) {
        line += s.lines;
        std::size_t const begin =
            s.line_begin ? s.line_begin : pos + std::string_view(data() + pos, s.at - pos).rfind('\n') + 1;
        line_begin = base + begin;
    }
    pos = s.at;
    line_start = s.line_start;
}

// The last move number in the movetext skipped since numbers_from, if any, into last_number_at: the
// last digit after a token's end (no result started there, or the game would have ended).
void GameSplitter::Impl::settle_numbers()
{
    if (numbers_from == 0)
        return;
    char const* const p = data();
    auto const from = static_cast<std::size_t>(numbers_from - 1 - base);
    numbers_from = 0;
    for (std::size_t q = pos; q > from;) {
        --q;
        if (vocab::is(p[q], vocab::digit) && ends_token(p[q - 1])) {
            last_number_at = base + q + 1;
            return;
        }
    }
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
    settle_numbers();
    // Keep the game scanned so far (or, between games, nothing before `pos`).
    std::size_t keep_from = in_game ? game_begin : pos;
    if (in_game && pos - game_begin > max_game) {
        // Too long to hold: hand what was scanned to the overflow and keep scanning.
        too_long = true;
        if (overflow)
            overflow(std::string_view(buffer.get() + game_begin, pos - game_begin));
        game_begin = pos;
        keep_from = pos;
    }
    if (keep_from > 0) {
        std::memmove(buffer.get(), buffer.get() + keep_from, end - keep_from);
        end -= keep_from;
        pos -= keep_from;
        base += keep_from;
        if (in_game)
            game_begin -= keep_from;
    }
    if (end == capacity) {
        std::unique_ptr<char[]> larger(new char[2 * capacity]);
        std::memcpy(larger.get(), buffer.get(), end);
        buffer = std::move(larger);
        capacity *= 2;
    }
    std::size_t const n = source.read(buffer.get() + end, std::min(capacity - end, read_size));
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
            overflow(std::string_view(buffer.get() + game_begin, game_end - game_begin));
        game.text = {};
    } else {
        game.text = std::string_view(buffer.get() + game_begin, game_end - game_begin);
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
