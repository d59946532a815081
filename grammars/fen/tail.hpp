// The fast pass over the fields after the placement, Spirit-free so that tests can hold it against
// a plain reading: syntax.cpp tries it first and falls back to the named rules of record_def.hpp,
// which report every fault with its column. It accepts only the common shapes, a subset of what the
// rules accept: " w|b CASTLING EP", then optionally " HALFMOVE FULLMOVE" (clocks in range, the
// fullmove number not 0), then the end or operations: a ';' or a single space and a byte that is no
// white space, up to the end, which is no carriage return. Single spaces between the fields, no
// white space before the end. Four fields and a token that is no clock are taken as operations
// only when the token is not followed by a space and a number that ends there or in white space
// (`- x 1` and `- hmvc 0 ` are left to the rules). Anything else gives false.
#pragma once

#include <array>
#include <cstdint>

#include "ast.hpp"
#include "vocabulary.hpp"

namespace fen960::fen_grammar::detail {

inline constexpr auto castling_letter_table = [] {
    std::array<bool, 256> is{};
    for (char const c : {'K', 'Q', 'k', 'q'})
        is[static_cast<unsigned char>(c)] = true;
    for (int f = 0; f < 8; ++f) {
        is[static_cast<unsigned char>('A' + f)] = true;
        is[static_cast<unsigned char>('a' + f)] = true;
    }
    return is;
}();

// Digits of a clock from `it`, as the clock rule reads them (any number of digits, at least one);
// false when there are none or the value is not in min..2^31-1.
inline bool fast_clock(char const*& it, char const* last, std::uint32_t min, std::uint32_t& value)
{
    constexpr std::uint64_t max = 0x7fffffff;
    char const* const begin = it;
    std::uint64_t v = 0;
    for (; it != last && *it >= '0' && *it <= '9'; ++it) {
        v = v * 10 + static_cast<std::uint64_t>(*it - '0');
        if (v > max)
            return false;
    }
    if (it == begin || v < min)
        return false;
    value = static_cast<std::uint32_t>(v);
    return true;
}

// The operations from `it` (at a ';' or a space) to `last`, when they are in the fast shape.
inline bool fast_rest(char const* it, char const* last, fen_ast::Range& rest)
{
    namespace v = vocabulary;
    if (*it != v::separator && (*it != ' ' || last - it < 2 || v::is_blank(it[1]) || it[1] == '\r'))
        return false;
    if (last[-1] == '\r')
        return false;
    rest = fen_ast::Range(it, last);
    return true;
}

inline bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

// After four fields and a space, a token that is no clock: false when it might be the record's
// halfmove clock after all (white space and a number may follow it, then the end or white space).
inline bool fast_token_not_clock(char const* it, char const* last)
{
    namespace v = vocabulary;
    while (it != last && !v::ends_word(*it))
        ++it;
    if (it == last || *it == v::separator)
        return true;
    if (*it != ' ' || ++it == last || v::is_blank(*it))
        return false;
    char const* const digits = it;
    while (it != last && is_digit(*it))
        ++it;
    return it == digits || (it != last && !v::is_blank(*it) && *it != '\r');
}

inline bool parse_tail_fast(char const*& first, char const* last, fen_ast::Tail& tail)
{
    namespace v = vocabulary;
    char const* it = first;
    if (last - it < 6 || it[0] != ' ' || (it[1] != 'w' && it[1] != 'b') || it[2] != ' ')
        return false;
    tail.side = it[1];
    it += 3;
    char const* const castling = it;
    if (*it == '-')
        ++it;
    else
        while (it != last && castling_letter_table[static_cast<unsigned char>(*it)])
            ++it;
    if (it == castling || it == last || *it != ' ')
        return false;
    tail.castling = fen_ast::Range(castling, it);
    ++it;
    char const* const en_passant = it;
    if (it != last && *it == '-')
        ++it;
    else if (last - it >= 2 && it[0] >= 'a' && it[0] <= 'h' && it[1] >= '1' && it[1] <= '8')
        it += 2;
    else
        return false;
    tail.en_passant = fen_ast::Range(en_passant, it);
    tail.rest = fen_ast::Range(last, last);
    tail.clocks.reset();
    if (it == last) {
        first = it;
        return true;
    }
    if (*it == ' ') {
        char const* const token = ++it;
        fen_ast::Clocks clocks;
        if (fast_clock(it, last, 0, clocks.halfmove)) {
            if (it == last || *it != ' ' || !fast_clock(++it, last, 1, clocks.fullmove))
                return false;
            tail.clocks = clocks;
            if (it == last) {
                first = it;
                return true;
            }
        } else if (it != token || token == last || *token == '+' || *token == '-' ||
                   (*token != v::separator && !fast_token_not_clock(token, last))) {
            return false; // a clock out of range, or a token that might be a clock
        } else {
            it = token - 1; // four fields, then a token that is no clock
        }
    }
    if (!fast_rest(it, last, tail.rest))
        return false;
    first = last;
    return true;
}

} // namespace fen960::fen_grammar::detail
