// The game splitter's skip over movetext (lib/src/pgn/pgn_split.cpp): most movetext bytes (moves,
// move numbers, dots, blanks, line ends) change nothing for the splitter but the line count, and
// skip_blocks passes over them sixty-four at a time to the first byte that the splitter must judge.
// Each block is read into four bitmasks (Masks, bit i for byte i) of the classes the skip acts on,
// each a superset or a subset of a class of vocabulary.hpp as the skip needs it (checked at compile
// time below). Three readings of a block give the same masks: the portable one, byte by byte from a
// table; SSE2 (every x86-64 processor), sixteen bytes an instruction; AVX2, thirty-two, where the
// processor has it (chosen at run time). Tests hold the three together, on every byte value in every
// lane and on skips from every place of the test games (tests/test_pgn_fast.cpp).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "pgn/vocabulary.hpp"

// AVX2 is used where the compiler can build it for one function and ask the processor for it.
#if defined(__SSE2__) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define FEN960_PGN_SKIP_AVX2 1
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace fen960::pgn_vocabulary::skip {

// Bytes after which a token starts: a result glued to a move or a number is part of that token.
inline constexpr std::array<bool, 256> token_ends = [] {
    std::array<bool, 256> t{};
    for (std::size_t i = 0; i < 256; ++i) {
        char const c = static_cast<char>(i);
        t[i] = !(is(c, letter | digit | move_sign | annotation | evaluation) || c == nag_mark || c == number_dot);
    }
    return t;
}();

constexpr bool ends_token(char c)
{
    return token_ends[static_cast<unsigned char>(c)];
}

inline constexpr std::size_t block_size = 64;

// The masks of a block.
struct Masks {
    std::uint64_t stops = 0;   // { ; ( ): they change the splitter's state wherever they stand
    std::uint64_t starts = 0;  // may start a result (* + - 0 1 and the first byte of '½', with , . /
                               // between them): the skip stops at one after a token's end
    std::uint64_t ends = 0;    // all but letters, digits, '.', '/' and ':': a token may start after one
    std::uint64_t newline = 0; // \n

    friend bool operator==(Masks const&, Masks const&) = default;
};

enum Bit : std::uint8_t { stop_bit = 1, start_bit = 2, end_bit = 4, newline_bit = 8 };

// The classes, each a union of rectangles of the byte table (a set of high nibbles by a set of low
// nibbles, as 16-bit masks): the AVX2 reading looks them up by nibble; the table below is made from
// them; the SSE2 reading compares with ranges, held to them at compile time.
struct Rectangle {
    std::uint16_t highs;
    std::uint16_t lows;
    Bit bit;
};

inline constexpr std::array<Rectangle, 8> rectangles{{
    {1u << 3 | 1u << 7, 1u << 0xB, stop_bit},         // ; {
    {1u << 2, 1u << 8 | 1u << 9, stop_bit},            // ( )
    {1u << 2, 0xFC00u, start_bit},                     // * + , - . /
    {1u << 3, 0x0003u, start_bit},                     // 0 1
    {1u << 0xC, 1u << 2, start_bit},                   // the first byte of '½'
    {1u << 3 | 1u << 5 | 1u << 7, 0x07FFu, end_bit},   // 0-9 : P-Z p-z: no token end
    {1u << 4 | 1u << 6, 0xFFFEu, end_bit},             // A-O a-o
    {1u << 2, 0xC000u, end_bit},                       // . /
}};

inline constexpr std::array<std::uint8_t, 256> bits = [] {
    std::array<std::uint8_t, 256> t{};
    for (std::size_t i = 0; i < 256; ++i) {
        unsigned in = 0;
        for (Rectangle const& r : rectangles)
            if ((r.highs >> (i >> 4) & 1) && (r.lows >> (i & 15) & 1))
                in |= r.bit;
        t[i] = static_cast<std::uint8_t>((in & ~unsigned{end_bit}) | (in & end_bit ? 0 : end_bit) |
                                         (i == '\n' ? newline_bit : 0));
    }
    return t;
}();

// The classes are the vocabulary's: the stops are { ; ( ); every byte that may start a result is a
// start, and the digits that may start one are the only digits in `starts`; a byte that ends a token
// is in `ends`; letters, digits, '.' and '/' are not.
static_assert([] {
    for (std::size_t i = 0; i < 256; ++i) {
        char const c = static_cast<char>(i);
        bool const stop = c == comment_open || c == line_comment_mark || c == variation_open || c == variation_close;
        if (stop != ((bits[i] & stop_bit) != 0))
            return false;
        if (may_start_result[i] && !(bits[i] & start_bit))
            return false;
        if (is(c, digit) && may_start_result[i] != ((bits[i] & start_bit) != 0))
            return false;
        if (token_ends[i] && !(bits[i] & end_bit))
            return false;
        if ((is(c, letter | digit) || c == number_dot || c == '/') && (bits[i] & end_bit))
            return false;
    }
    return true;
}());

// The portable reading of p[0, block_size).
inline Masks masks_portable(char const* p)
{
    Masks m;
    for (std::size_t i = 0; i < block_size; ++i) {
        std::uint64_t const b = bits[static_cast<unsigned char>(p[i])];
        m.stops |= (b & 1u) << i;
        m.starts |= ((b >> 1) & 1u) << i;
        m.ends |= ((b >> 2) & 1u) << i;
        m.newline |= ((b >> 3) & 1u) << i;
    }
    return m;
}

// The masks of sixteen or thirty-two bytes, in the low bits of each.
struct Part {
    std::uint32_t stops, starts, ends, newline;
};

// The masks of a block from its parts, each of `width` bytes.
template <unsigned width, typename Read>
Masks join(char const* p, Read read)
{
    Masks m;
    for (unsigned i = 0; i < block_size / width; ++i) {
        Part const h = read(p + width * i);
        unsigned const shift = width * i;
        std::uint64_t const low = (std::uint64_t{1} << width) - 1;
        m.stops |= (h.stops & low) << shift;
        m.starts |= (h.starts & low) << shift;
        m.ends |= (h.ends & low) << shift;
        m.newline |= (h.newline & low) << shift;
    }
    return m;
}

#if defined(__SSE2__)
namespace sse2 {

// The ranges the comparisons read: starts, and the letters (with bit 5 set) and . / 0-9 : of no token end.
inline constexpr char starts_low = '*';
inline constexpr char starts_high = '1';
inline constexpr char half_lead = half[0];
inline constexpr char word_low = number_dot; // . / 0-9 :
inline constexpr char word_high = ':';
static_assert([] {
    for (std::size_t i = 0; i < 256; ++i) {
        char const c = static_cast<char>(i);
        bool const start = (c >= starts_low && c <= starts_high) || c == half_lead;
        bool const word = ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= word_low && c <= word_high);
        if (start != ((bits[i] & start_bit) != 0) || word == ((bits[i] & end_bit) != 0))
            return false;
    }
    return true;
}());
// '{' and ';' are one bit apart, '(' and ')' too.
static_assert((comment_open | 0x40) == comment_open && (line_comment_mark | 0x40) == comment_open);
static_assert((variation_open & 0xFE) == variation_open && (variation_open | 1) == variation_close);

// Bytes in [low, high] (both in ASCII), with one addition and one signed comparison: the addition
// takes `high` to the highest signed byte, so the range is what stays above a bound, and the bytes from
// 0x80 up wrap below it.
inline __m128i in_range(__m128i v, char low, char high)
{
    return _mm_cmpgt_epi8(_mm_add_epi8(v, _mm_set1_epi8(static_cast<char>(0x7F - high))),
                          _mm_set1_epi8(static_cast<char>(0x7F - (high - low) - 1)));
}

inline Part masks16(char const* p)
{
    __m128i const v = _mm_loadu_si128(reinterpret_cast<__m128i const*>(p));
    __m128i const stops = _mm_or_si128(
        _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(0x40)), _mm_set1_epi8(comment_open)),
        _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8(static_cast<char>(0xFE))), _mm_set1_epi8(variation_open)));
    __m128i const starts = _mm_or_si128(in_range(v, starts_low, starts_high), _mm_cmpeq_epi8(v, _mm_set1_epi8(half_lead)));
    __m128i const words = _mm_or_si128(in_range(_mm_or_si128(v, _mm_set1_epi8(0x20)), 'a', 'z'), in_range(v, word_low, word_high));
    auto const mask = [](__m128i x) { return static_cast<std::uint32_t>(_mm_movemask_epi8(x)); };
    return {mask(stops), mask(starts), ~mask(words), mask(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')))};
}

inline Masks masks(char const* p)
{
    return join<16>(p, &masks16);
}

} // namespace sse2
#endif

#if defined(FEN960_PGN_SKIP_AVX2)
namespace avx2 {

// Nibble tables: bit k of lows[n] (highs[n]) when rectangle k holds the low (high) nibble n.
template <bool high>
inline constexpr std::array<char, 16> nibbles = [] {
    std::array<char, 16> t{};
    for (std::size_t n = 0; n < 16; ++n)
        for (std::size_t k = 0; k < rectangles.size(); ++k)
            if ((high ? rectangles[k].highs : rectangles[k].lows) >> n & 1)
                t[n] = static_cast<char>(t[n] | 1 << k);
    return t;
}();

// The rectangle bits of each class.
template <Bit bit>
inline constexpr char class_bits = [] {
    unsigned b = 0;
    for (std::size_t k = 0; k < rectangles.size(); ++k)
        if (rectangles[k].bit == bit)
            b |= 1u << k;
    return static_cast<char>(b);
}();

[[gnu::target("avx2")]] inline __m256i table(std::array<char, 16> const& t)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<__m128i const*>(t.data())));
}

// The bytes whose rectangle bits hold none of `b`.
[[gnu::target("avx2")]] inline std::uint32_t none_of(__m256i in, char b)
{
    return static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(in, _mm256_set1_epi8(b)), _mm256_setzero_si256())));
}

[[gnu::target("avx2")]] inline Part masks32(char const* p)
{
    __m256i const v = _mm256_loadu_si256(reinterpret_cast<__m256i const*>(p));
    __m256i const low_nibbles = _mm256_and_si256(v, _mm256_set1_epi8(0x0F));
    __m256i const high_nibbles = _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(0x0F));
    __m256i const in = _mm256_and_si256(_mm256_shuffle_epi8(table(nibbles<false>), low_nibbles),
                                        _mm256_shuffle_epi8(table(nibbles<true>), high_nibbles));
    return {~none_of(in, class_bits<stop_bit>), ~none_of(in, class_bits<start_bit>), none_of(in, class_bits<end_bit>),
            static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n'))))};
}

[[gnu::target("avx2"), gnu::flatten]] inline Masks masks(char const* p)
{
    return join<32>(p, &masks32);
}

// Whether this processor has AVX2 (and BMI1, which every AVX2 processor has, for the skip's bit work).
inline bool available()
{
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi");
}

} // namespace avx2
#endif

// Where a skip stopped, the newlines it passed, and whether it stopped at a line's first byte.
struct Skipped {
    std::size_t at = 0;
    std::uint64_t lines = 0;
    // The index after the last newline passed, if one of the last two blocks read holds it; else 0.
    std::size_t line_begin = 0;
    bool line_start = false;
};

// From p[at] (at > 0), once the moves have begun and not at a line's start, the first byte that the
// splitter must judge: { ; ( ), a byte that may start a result after a token's end (but a 0 or a 1
// that no dash or '/' follows: a move number), or a line's first byte that is no letter, digit, '.'
// or '/' (a blank line, a blank, a `%` line, a tag...). Stops where fewer than block_size + 1 bytes
// are left before `end` (a digit's next byte is read).
template <Masks (*Read)(char const*)>
Skipped skip_blocks(char const* p, std::size_t at, std::size_t end)
{
    // In locals, which the bytes read through `p` cannot alias.
    std::uint64_t lines = 0;
    std::uint64_t end_carry = ends_token(p[at - 1]) ? 1 : 0;
    std::uint64_t newline_carry = 0;
    std::uint64_t newlines_read = 0; // of the block before `at`
    for (; at + block_size < end; at += block_size) {
        Masks const m = Read(p + at);
        std::uint64_t const token_starts = m.ends << 1 | end_carry;
        std::uint64_t const line_starts = m.newline << 1 | newline_carry;
        for (std::uint64_t stops = m.stops | (m.starts & token_starts) | (line_starts & m.ends); stops != 0;
             stops &= stops - 1) {
            auto const i = static_cast<unsigned>(std::countr_zero(stops));
            if (is(p[at + i], digit) && !may_follow_result_digit[static_cast<unsigned char>(p[at + i + 1])])
                continue;
            std::uint64_t const newlines = m.newline & ((std::uint64_t{1} << i) - 1);
            Skipped s{at + i, lines + static_cast<unsigned>(std::popcount(newlines)), 0, ((line_starts >> i) & 1) != 0};
            if (newlines)
                s.line_begin = at + block_size - static_cast<unsigned>(std::countl_zero(newlines));
            else if (newlines_read)
                s.line_begin = at - static_cast<unsigned>(std::countl_zero(newlines_read));
            return s;
        }
        lines += static_cast<unsigned>(std::popcount(m.newline));
        end_carry = m.ends >> (block_size - 1);
        newline_carry = m.newline >> (block_size - 1);
        newlines_read = m.newline;
    }
    Skipped s{at, lines, 0, newline_carry != 0};
    if (newlines_read)
        s.line_begin = at - static_cast<unsigned>(std::countl_zero(newlines_read));
    return s;
}

// The skip with the portable reading, and with the vector readings the build has.
inline Skipped skip_portable(char const* p, std::size_t at, std::size_t end)
{
    return skip_blocks<&masks_portable>(p, at, end);
}

#if defined(__SSE2__)
[[gnu::flatten]] inline Skipped skip_sse2(char const* p, std::size_t at, std::size_t end)
{
    return skip_blocks<&sse2::masks>(p, at, end);
}
#endif

#if defined(FEN960_PGN_SKIP_AVX2)
[[gnu::target("avx2,bmi,popcnt"), gnu::flatten]] inline Skipped skip_avx2(char const* p, std::size_t at,
                                                                            std::size_t end)
{
    return skip_blocks<&avx2::masks>(p, at, end);
}
#endif

using Skip = Skipped (*)(char const*, std::size_t, std::size_t);

// The fastest skip this processor runs.
inline Skip fastest()
{
#if defined(FEN960_PGN_SKIP_AVX2)
    if (avx2::available())
        return &skip_avx2;
#endif
#if defined(__SSE2__)
    return &skip_sse2;
#else
    return &skip_portable;
#endif
}

} // namespace fen960::pgn_vocabulary::skip
