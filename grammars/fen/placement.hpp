// The placement field's fast pass, Spirit-free so that tests can hold it against a plain reading:
// record_def.hpp's board parser tries it first and falls back to its exact pass, which reports
// every fault with its column.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "ast.hpp"

namespace fen960::fen_grammar::detail {

// What a byte is in the placement field: 0-11 a piece letter (its index in
// fen_ast::placement_letters), 12-19 the digits 1-8, then the other kinds below.
enum : std::uint8_t { first_digit = 12, slash = 20, field_end = 21, bad_digit = 22, other_byte = 23 };

inline constexpr auto placement_kind = [] {
    std::array<std::uint8_t, 256> kind{};
    kind.fill(other_byte);
    for (std::uint8_t i = 0; i < 12; ++i)
        kind[static_cast<unsigned char>(fen_ast::placement_letters[i])] = i;
    for (std::uint8_t d = 1; d <= 8; ++d)
        kind[static_cast<unsigned char>('0' + d)] = static_cast<std::uint8_t>(first_digit + d - 1);
    kind['/'] = slash;
    kind[' '] = field_end;
    kind['\t'] = field_end;
    kind['0'] = bad_digit;
    kind['9'] = bad_digit;
    return kind;
}();

// The fast pass writes each byte of the placement field into the mailbox below, at the position
// reached so far, and moves on by the squares it covers: a rank takes nine positions, the ninth for
// its '/'. A digit's other squares stay as the mailbox was cleared, empty. A byte the field cannot
// have moves on by more than a whole field, so the count cannot come out right. The steps are words,
// so that each is added as it is read.
inline constexpr std::size_t field_max = 71;   // 64 letters and 7 '/'
inline constexpr std::uint8_t bad_advance = 72; // > field_max

inline constexpr auto placement_steps = [] {
    std::array<std::size_t, 256> steps{};
    for (std::size_t c = 0; c < 256; ++c) {
        std::uint8_t const kind = placement_kind[c];
        steps[c] = kind < first_digit ? 1
                   : kind < slash     ? static_cast<std::size_t>(kind - first_digit + 1)
                   : kind == slash    ? 1
                                      : bad_advance;
    }
    return steps;
}();

// The placement field's length: up to its first space, else to the text's end (`available` bytes
// on), looked for in the first 80 bytes at most (a field is at most 71). With SSE2, 16 bytes at a
// time, the last 16 of the text where fewer are left, read again from where they start.
inline std::size_t field_length(unsigned char const* bytes, std::size_t available)
{
    constexpr std::size_t window = 80;
    std::size_t const end = std::min(available, window);
#if defined(__SSE2__)
    if (available >= 16) {
        __m128i const space = _mm_set1_epi8(' ');
        for (std::size_t at = 0; at < end; at += 16) {
            std::size_t const from = std::min(at, available - 16);
            __m128i const chunk = _mm_loadu_si128(reinterpret_cast<__m128i const*>(bytes + from));
            auto const spaces = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, space)));
            std::uint32_t const found = spaces >> (at - from); // from `at` on
            if (found)
                return at + static_cast<std::size_t>(std::countr_zero(found));
        }
        return end;
    }
#endif
    for (std::size_t i = 0; i < end; ++i)
        if (bytes[i] == ' ')
            return i;
    return end;
}

// Bit p set where byte p of 64 bytes is `c`.
inline std::uint64_t byte_mask(unsigned char const* bytes, char c)
{
#if defined(__SSE2__)
    __m128i const wanted = _mm_set1_epi8(c);
    std::uint64_t mask = 0;
    for (int i = 0; i < 4; ++i) {
        __m128i const chunk = _mm_load_si128(reinterpret_cast<__m128i const*>(bytes + 16 * i));
        mask |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, wanted))))
                << (16 * i);
    }
    return mask;
#else
    std::uint64_t mask = 0;
    for (int p = 0; p < 64; ++p)
        mask |= static_cast<std::uint64_t>(bytes[p] == static_cast<unsigned char>(c)) << p;
    return mask;
#endif
}

// The squares of each colour and role from 64 bytes in reading order (a8 ... h8, a7 ... h1; a letter
// of placement_letters, else an empty square: 0, or a digit where the field has one). With SSE2, one
// comparison per role on the bytes with case folded away; black's squares are the occupied ones
// whose byte has bit 5 set (lower case); a byte swap puts rank 8 on top. Returns where, in reading
// order, a digit follows no letter and starts no rank: in ranks of eight squares, where a digit
// follows another.
inline std::uint64_t squares_from_mailbox(unsigned char const* squares, fen_ast::Placement& placement)
{
    std::uint64_t bit_5 = 0; // lower-case letters, digits
    std::uint64_t occupied = 0;
#if defined(__SSE2__)
    __m128i chunks[4];
    for (std::size_t i = 0; i < 4; ++i) {
        __m128i const chunk = _mm_load_si128(reinterpret_cast<__m128i const*>(squares + 16 * i));
        // Bit 5 of each byte to its bit 7: a 16-bit shift by two keeps every byte's own bit there.
        bit_5 |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_slli_epi16(chunk, 2))))
                 << (16 * i);
        chunks[i] = _mm_or_si128(chunk, _mm_set1_epi8(0x20));
    }
    for (std::size_t k = 0; k < 6; ++k) {
        __m128i const letter = _mm_set1_epi8(fen_ast::placement_letters[k + 6]); // lower case
        std::uint64_t kind = 0;
        for (std::size_t i = 0; i < 4; ++i)
            kind |= static_cast<std::uint64_t>(
                        static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunks[i], letter))))
                    << (16 * i);
        placement.roles[k] = __builtin_bswap64(kind);
        occupied |= kind;
    }
#else
    for (std::size_t k = 0; k < 6; ++k) {
        std::uint64_t const black = byte_mask(squares, fen_ast::placement_letters[k + 6]);
        std::uint64_t const kind = byte_mask(squares, fen_ast::placement_letters[k]) | black;
        placement.roles[k] = __builtin_bswap64(kind);
        occupied |= kind;
        bit_5 |= black;
    }
    for (std::size_t p = 0; p < 64; ++p)
        bit_5 |= static_cast<std::uint64_t>(squares[p] >= '1' && squares[p] <= '8') << p;
#endif
    std::uint64_t const lower = bit_5 & occupied;
    std::uint64_t const digits = bit_5 & ~occupied;
    constexpr std::uint64_t rank_starts = 0x0101010101010101; // file a of each rank
    placement.colors[0] = __builtin_bswap64(occupied & ~lower);
    placement.colors[1] = __builtin_bswap64(lower);
    return digits & ~rank_starts & ~(occupied << 1);
}

// The common case, with no branch per byte but the loop's own. The field ends at the first space
// (field_length) or at the text's end. Each byte is written at the mailbox position reached so
// far and moves on by the squares it covers, a rank taking nine positions, the ninth for its '/'.
// Positions only grow, so every byte stays where it was written: the field is well-formed exactly
// when it ends at position 71 with the seven '/' in the ninth columns and nowhere else (a bad byte
// overshoots), and no digit follows another. Then it gives the squares and true; anything else
// gives false, and the board parser's exact pass in record_def.hpp finds and reports the fault.
template <typename Iterator>
bool parse_placement_fast(Iterator& first, Iterator const& last, fen_ast::Placement& placement)
{
    unsigned char const* const bytes = reinterpret_cast<unsigned char const*>(std::to_address(first));
    std::size_t const length = field_length(bytes, static_cast<std::size_t>(last - first));
    if (length > field_max)
        return false;

    // Each byte moves at most bad_advance positions. The field's 72 positions start empty.
    alignas(16) unsigned char mailbox[field_max * bad_advance + 1];
    std::memset(mailbox, 0, field_max + 1);
    std::size_t position = 0;
    auto const put = [&](unsigned char c) {
        mailbox[position] = c;
        position += placement_steps[c];
    };
    std::size_t i = 0;
    for (; i + 4 <= length; i += 4) { // one test of the count for four bytes
        put(bytes[i]);
        put(bytes[i + 1]);
        put(bytes[i + 2]);
        put(bytes[i + 3]);
    }
    for (; i < length; ++i)
        put(bytes[i]);
    if (position != field_max)
        return false;
    // The '/' must be at 8, 17, ..., 62 and nowhere else in 0-70 (71, past the field, is clear).
    constexpr std::uint64_t slash_columns = 0x4020100804020100; // bits 8, 17, 26, 35, 44, 53, 62
    std::uint64_t tail; // positions 64-71
    std::memcpy(&tail, mailbox + 64, 8);
    std::uint64_t const t = tail ^ 0x2f2f2f2f2f2f2f2f;
    bool const slash_in_tail = ((t - 0x0101010101010101) & ~t & 0x8080808080808080) != 0;
    if (byte_mask(mailbox, '/') != slash_columns || slash_in_tail)
        return false;
    alignas(16) unsigned char squares[64];
    for (std::size_t r = 0; r < 8; ++r)
        std::memcpy(squares + 8 * r, mailbox + 9 * r, 8);
    if (squares_from_mailbox(squares, placement))
        return false;
    placement.text = fen_ast::Range(std::to_address(first), std::to_address(first) + length);
    first += static_cast<std::ptrdiff_t>(length);
    return true;
}

} // namespace fen960::fen_grammar::detail
