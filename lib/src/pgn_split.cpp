// The game splitter: a byte scanner, resumable at any byte, that finds where games end without
// parsing them (grammars/pgn parses each game once it is whole). Its notion of comments, variations
// and results is the grammar's (grammars/pgn/game_def.hpp); where the two could disagree, on input
// the grammar rejects, the game fails with the grammar's message and the next game is still found.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "fen960/pgn.hpp"

namespace fen960 {

std::size_t StringSource::read(char* buffer, std::size_t size)
{
    std::size_t const n = std::min({size, block_, text_.size()});
    std::memcpy(buffer, text_.data(), n);
    text_.remove_prefix(n);
    return n;
}

namespace {

constexpr std::size_t read_block = std::size_t{1} << 20;
constexpr std::string_view bom = "\xEF\xBB\xBF";

enum class Mode : std::uint8_t {
    between,      // no game yet: white space, % lines, byte-order marks
    tags,         // the tag section, between tag pairs
    tag,          // inside [ ], outside the quotes
    tag_value,    // inside the quotes of a tag value
    movetext,     // outside comments
    after_blank,  // blank lines inside the movetext: the game ends there, unless it goes on after them
    comment,      // inside { } (nested braces counted)
    line_comment, // ; to the end of the line
    escape_line,  // % to the end of the line
};

constexpr bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

constexpr bool is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

constexpr bool is_alnum(char c)
{
    return is_alpha(c) || (c >= '0' && c <= '9');
}

// Bytes that end a result token (the grammar's `delimiter`).
constexpr bool is_delimiter(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '(' || c == ')' || c == '{' || c == ';' ||
           c == '[';
}

// Bytes after which a token starts: a result glued to a move or a number is part of that token.
constexpr std::array<bool, 256> make_token_ends()
{
    std::array<bool, 256> t{};
    for (int i = 0; i < 256; ++i) {
        char const c = static_cast<char>(i);
        t[static_cast<std::size_t>(i)] = !(is_alnum(c) || c == '-' || c == '+' || c == '#' || c == '=' || c == ':' ||
                                           c == '@' || c == '.' || c == '/' || c == '!' || c == '?' || c == '$' ||
                                           i >= 0x80);
    }
    return t;
}

constexpr std::array<bool, 256> token_ends = make_token_ends();

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

constexpr std::array<ByteClass, 256> make_classes()
{
    std::array<ByteClass, 256> t{};
    for (int c = 'a'; c <= 'z'; ++c)
        t[static_cast<std::size_t>(c)] = ByteClass::word;
    for (int c = 'A'; c <= 'Z'; ++c)
        t[static_cast<std::size_t>(c)] = ByteClass::word;
    for (int c = '0'; c <= '9'; ++c)
        t[static_cast<std::size_t>(c)] = ByteClass::digit;
    t['\n'] = ByteClass::newline;
    t['{'] = ByteClass::open_brace;
    t[';'] = ByteClass::semicolon;
    t['('] = ByteClass::open_paren;
    t[')'] = ByteClass::close_paren;
    t['*'] = ByteClass::result_only;
    t['+'] = ByteClass::result_only;
    t['-'] = ByteClass::result_only;
    t[0xC2] = ByteClass::result_only;
    return t;
}

constexpr std::array<ByteClass, 256> byte_classes = make_classes();

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
    for (; pos + 17 <= end; pos += 16) {
        __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + pos));
        __m128i const before = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + pos - 1));
        __m128i const after = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + pos + 1));
        __m128i const always = _mm_or_si128(
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, set('\n')), _mm_cmpeq_epi8(v, set('{'))),
                         _mm_or_si128(_mm_cmpeq_epi8(v, set(';')), _mm_cmpeq_epi8(v, set('(')))),
            _mm_cmpeq_epi8(v, set(')')));
        __m128i const digits = in_range(v, '0', '9');
        __m128i const starts = _mm_or_si128(
            _mm_or_si128(digits, _mm_cmpeq_epi8(v, set('*'))),
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, set('+')), _mm_cmpeq_epi8(v, set('-'))),
                         _mm_cmpeq_epi8(v, set('\xC2'))));
        __m128i const inside = _mm_or_si128(
            _mm_or_si128(in_range(before, '0', '9'), _mm_cmpeq_epi8(before, set('.'))),
            in_range(_mm_or_si128(before, set(0x20)), 'a', 'z'));
        // Move numbers after a space: no result can start there.
        __m128i const may_be_result =
            _mm_and_si128(in_range(v, '0', '1'),
                          _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(after, set('-')), _mm_cmpeq_epi8(after, set('/'))),
                                       _mm_cmpeq_epi8(after, set('\xE2'))));
        __m128i const numbers =
            _mm_andnot_si128(may_be_result, _mm_and_si128(digits, _mm_cmpeq_epi8(before, set(' '))));
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

// A three-way answer for look-aheads that may run past the bytes read so far.
enum class Match : std::uint8_t { no, yes, need_more };

// Matches `pattern` at p, where '-' stands for any dash the grammar accepts; sets `length`.
Match match_pattern(char const* p, char const* end, bool at_eof, std::string_view pattern, std::size_t& length)
{
    static constexpr std::array<std::string_view, 6> unicode_dashes{
        "\xE2\x80\x90", "\xE2\x80\x91", "\xE2\x80\x92", "\xE2\x80\x93", "\xE2\x80\x94", "\xE2\x88\x92"};
    char const* const start = p;
    for (char want : pattern) {
        if (p == end)
            return at_eof ? Match::no : Match::need_more;
        if (want == '-' && static_cast<unsigned char>(*p) >= 0x80) {
            bool matched = false;
            for (std::string_view d : unicode_dashes) {
                std::size_t const have = static_cast<std::size_t>(end - p);
                if (have < d.size() && std::string_view(p, have) == d.substr(0, have))
                    return at_eof ? Match::no : Match::need_more;
                if (have >= d.size() && std::string_view(p, d.size()) == d) {
                    p += d.size();
                    matched = true;
                    break;
                }
            }
            if (!matched)
                return Match::no;
            continue;
        }
        if (want == '\xBD') { // '½' stands for "1/2" or U+00BD
            if (*p == '1') {
                for (char h : std::string_view("1/2")) {
                    if (p == end)
                        return at_eof ? Match::no : Match::need_more;
                    if (*p++ != h)
                        return Match::no;
                }
                continue;
            }
            if (*p != '\xC2')
                return Match::no;
            if (++p == end)
                return at_eof ? Match::no : Match::need_more;
            if (*p++ != '\xBD')
                return Match::no;
            continue;
        }
        if (*p != want)
            return Match::no;
        ++p;
    }
    if (p == end && !at_eof)
        return Match::need_more;
    if (p != end && !is_delimiter(*p))
        return Match::no;
    length = static_cast<std::size_t>(p - start);
    return Match::yes;
}

// A result token at p (its first byte is one of 1 0 * + - and the byte 0xC2 of '½').
Match match_result(char const* p, char const* end, bool at_eof, std::size_t& length)
{
    static constexpr std::array<std::string_view, 6> results{"1-0", "0-1", "\xBD-\xBD", "*", "+--", "--+"};
    bool need_more = false;
    for (std::string_view r : results) {
        Match const m = match_pattern(p, end, at_eof, r, length);
        if (m == Match::yes)
            return m;
        need_more |= m == Match::need_more;
    }
    return need_more ? Match::need_more : Match::no;
}

// A move number at p (digits, then a dot): sets `number`, and `black` when more dots follow (`8...`,
// `8. ...`: black's move comes next).
Match match_move_number(char const* p, char const* end, bool at_eof, std::uint32_t& number, bool& black)
{
    std::uint32_t n = 0;
    char const* q = p;
    for (; q != end && *q >= '0' && *q <= '9'; ++q)
        n = n < 100000 ? n * 10 + static_cast<std::uint32_t>(*q - '0') : n;
    if (q == end)
        return at_eof ? Match::no : Match::need_more;
    if (q == p || *q != '.')
        return Match::no;
    for (++q; q != end && *q == ' '; ++q) {
    }
    if (q == end && !at_eof)
        return Match::need_more;
    number = n;
    black = q != end && *q == '.';
    return Match::yes;
}

// Whether a line starting at p ('[') holds a tag pair: `[`, blanks, a name, blanks, `"`. With `name`,
// only that tag name matches.
Match match_tag_start(char const* p, char const* end, bool at_eof, std::string_view name = {})
{
    constexpr std::size_t max_name = 64;
    char const* q = p + 1;
    auto more = [&] { return at_eof ? Match::no : Match::need_more; };
    while (q != end && is_blank(*q))
        ++q;
    if (q == end)
        return more();
    if (!is_alpha(*q))
        return Match::no;
    char const* const name_start = q;
    while (q != end && (is_alnum(*q) || *q == '_') && static_cast<std::size_t>(q - name_start) <= max_name)
        ++q;
    if (q == end)
        return more();
    if (!name.empty() && std::string_view(name_start, static_cast<std::size_t>(q - name_start)) != name)
        return Match::no;
    while (q != end && is_blank(*q))
        ++q;
    if (q == end)
        return more();
    return *q == '"' ? Match::yes : Match::no;
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
    Mode escape_return = Mode::between;
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

    Impl(ByteSource& s, std::size_t max, Overflow o)
        : source(s), max_game(max), overflow(std::move(o)), buffer(std::max(read_block, max + 1))
    {
    }

    char const* data() const { return buffer.data(); }

    // The last move number outside variations (0 if none): the game's bytes are still in the buffer.
    std::uint32_t last_number() const
    {
        if (!last_number_at || last_number_at - 1 < base)
            return 0;
        std::uint32_t number = 0;
        bool black = false;
        char const* const at = buffer.data() + (last_number_at - 1 - base);
        if (match_move_number(at, buffer.data() + end, true, number, black) != Match::yes)
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
    }

    // Ends the game at buffer index `at` and leaves the scanner between games.
    bool end_game(std::size_t at)
    {
        game_end = std::max(at, game_begin);
        mode = Mode::between;
        return true;
    }

    // Scans until a game ends (true, game_end set) or the bytes run out (false).
    bool scan();

    // Moves the bytes still needed to the front and reads more; false at the end of the input.
    bool refill();

    bool next(GameText& game);
};

bool GameSplitter::Impl::scan()
{
    char const* const p = buffer.data();
    char const* const stop = p + end;
    while (pos < end) {
        char const c = p[pos];
        switch (mode) {
        case Mode::between:
            if (c == '\n') {
                newline();
                ++pos;
            } else if (is_blank(c)) {
                ++pos;
            } else if (line_start && c == '%') {
                escape_return = Mode::between;
                mode = Mode::escape_line;
                ++pos;
            } else if (c == bom[0]) {
                std::size_t const have = std::min<std::size_t>(end - pos, 3);
                if (have < 3 && !eof && std::string_view(p + pos, have) == bom.substr(0, have))
                    return false;
                if (have == 3 && std::string_view(p + pos, 3) == bom) {
                    if (line_start)
                        bom_line = line;
                    pos += 3;
                }
                else
                    begin_game();
            } else {
                begin_game();
            }
            break;

        case Mode::tags:
            if (c == '\n') {
                if (line_start)
                    blank_line_in_tags = true;
                newline();
                ++pos;
            } else if (is_blank(c)) {
                ++pos;
            } else if (line_start && c == '%') {
                escape_return = Mode::tags;
                mode = Mode::escape_line;
                ++pos;
            } else if (c == '[') {
                if (line_start && blank_line_in_tags && tag_count > 0) {
                    Match const m = match_tag_start(p + pos, stop, eof, "Event");
                    if (m == Match::need_more)
                        return false;
                    if (m == Match::yes)
                        return end_game(line_index());
                }
                ++tag_count;
                substance = true;
                blank_line_in_tags = false;
                line_start = false;
                mode = Mode::tag;
                ++pos;
            } else {
                line_start = false;
                mode = Mode::movetext;
            }
            break;

        case Mode::tag: {
            pos = find_any(p, pos, end, '"', ']', '\n');
            if (pos == end)
                break;
            char const t = p[pos];
            if (t == '"')
                mode = Mode::tag_value;
            else if (t == ']')
                mode = Mode::tags;
            else {
                mode = Mode::tags;
                newline();
            }
            ++pos;
            break;
        }

        case Mode::tag_value: {
            pos = find_any(p, pos, end, '\\', '"', '\n');
            if (pos == end)
                break;
            char const t = p[pos];
            if (t == '\\' && pos + 1 < end && p[pos + 1] != '\n') {
                pos += 2;
                break;
            }
            if (t == '\\' && pos + 1 == end && !eof)
                return false;
            if (t == '"')
                mode = Mode::tag;
            else if (t == '\n') {
                mode = Mode::tags;
                newline();
            }
            ++pos;
            break;
        }

        case Mode::movetext:
            if (line_start) {
                if (is_blank(c)) {
                    ++pos;
                    break;
                }
                if (c == '\n') {
                    if (!moves_begun) {
                        newline();
                        ++pos;
                        break;
                    }
                    // A blank line: the game ends here unless the next token continues it.
                    blank_end = base + line_index();
                    mode = Mode::after_blank;
                    break;
                }
                if (c == '[') {
                    Match const m = match_tag_start(p + pos, stop, eof);
                    if (m == Match::need_more)
                        return false;
                    if (m == Match::yes)
                        return end_game(line_index());
                }
                if (c == '%') {
                    escape_return = Mode::movetext;
                    mode = Mode::escape_line;
                    ++pos;
                    break;
                }
                line_start = false;
            }
            // The hot loop: most bytes are moves, numbers and spaces.
            while (pos < end) {
                if (moves_begun && pos > game_begin) {
                    pos = skip_movetext(p, pos, end, depth == 0, base, last_number_at);
                    if (pos == end)
                        break;
                }
                char const d = p[pos];
                switch (byte_classes[static_cast<unsigned char>(d)]) {
                case ByteClass::plain:
                    break;
                case ByteClass::word:
                    moves_begun = true;
                    break;
                case ByteClass::newline:
                    newline();
                    ++pos;
                    goto next_byte;
                case ByteClass::open_brace:
                    mode = Mode::comment;
                    comment_depth = 1;
                    ++pos;
                    goto next_byte;
                case ByteClass::semicolon:
                    mode = Mode::line_comment;
                    ++pos;
                    goto next_byte;
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
                    if (depth == 0 && (pos == game_begin || ends_token(p[pos - 1]))) {
                        // Only a token that starts with 0 1 * + - or '½' can be a result, and one that
                        // starts with a digit only if a dash or '/' follows (not so in `10.`).
                        bool const digit_then_no_dash = (d == '0' || d == '1') && pos + 1 < end &&
                                                        p[pos + 1] != '-' && p[pos + 1] != '/' &&
                                                        p[pos + 1] != '\xE2';
                        if ((d < '2' || d > '9') && !digit_then_no_dash) {
                            std::size_t length = 0;
                            Match const m = match_result(p + pos, stop, eof, length);
                            if (m == Match::need_more)
                                return false;
                            if (m == Match::yes) {
                                pos += length;
                                line_start = false;
                                substance = true;
                                return end_game(pos);
                            }
                        }
                        // A number outside variations: read only if a blank line asks for it.
                        if (byte_classes[static_cast<unsigned char>(d)] == ByteClass::digit) {
                            last_number_at = base + pos + 1;
                            moves_begun = true;
                        }
                    }
                    break;
                }
                ++pos;
            }
        next_byte:
            break;

        case Mode::after_blank:
            if (c == '\n') {
                newline();
                ++pos;
            } else if (is_blank(c)) {
                ++pos;
            } else if (line_start && c == '%') {
                escape_return = Mode::after_blank;
                mode = Mode::escape_line;
                ++pos;
            } else {
                // The game goes on after blank lines only with its next move number (annotators such as
                // Crafty set the moves apart this way) or with its result; anything else starts a game.
                bool goes_on = false;
                std::size_t length = 0;
                Match const r = match_result(p + pos, stop, eof, length);
                if (r == Match::need_more)
                    return false;
                std::uint32_t number = 0;
                bool black = false;
                Match const n = match_move_number(p + pos, stop, eof, number, black);
                if (n == Match::need_more)
                    return false;
                if (r == Match::yes)
                    goes_on = true;
                else if (n == Match::yes)
                    if (std::uint32_t const last = last_number())
                        goes_on = number == (black ? last : last + 1);
                if (!goes_on) // the buffer may have moved since: the offset is the input's
                    return end_game(blank_end > base ? static_cast<std::size_t>(blank_end - base) : 0);
                mode = Mode::movetext;
                line_start = false;
            }
            break;

        case Mode::comment:
            if (c == '\n') {
                newline();
            } else if (line_start && c == '[') {
                // A tag pair at the start of a line: the comment was never closed, and a new game begins.
                Match const m = match_tag_start(p + pos, stop, eof);
                if (m == Match::need_more)
                    return false;
                if (m == Match::yes)
                    return end_game(line_index());
                line_start = false;
            } else if (c == '{') {
                ++comment_depth;
                line_start = false;
            } else if (c == '}') {
                if (--comment_depth == 0)
                    mode = Mode::movetext;
                line_start = false;
            } else if (!is_blank(c)) {
                line_start = false;
            }
            ++pos;
            break;

        case Mode::line_comment:
        case Mode::escape_line: {
            // The newline itself is left to the mode that follows.
            auto const* nl = static_cast<char const*>(std::memchr(p + pos, '\n', end - pos));
            if (!nl) {
                pos = end;
                return false;
            }
            pos = static_cast<std::size_t>(nl - p);
            mode = mode == Mode::line_comment ? Mode::movetext : escape_return;
            line_start = false;
            break;
        }
        }
    }
    return false;
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
