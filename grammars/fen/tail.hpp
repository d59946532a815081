// The fast pass over the fields after the placement, Spirit-free so that tests can hold it against
// a plain reading: record_def.hpp tries it first and falls back to the named rules, which report
// every fault with its column. It accepts only the common shape, a subset of what the rules accept:
// " w|b CASTLING EP" and then either the end or " HALFMOVE FULLMOVE" and the end, single spaces, no
// trailing white space or carriage return, clocks in range. Anything else gives false.
#pragma once

#include <array>
#include <cstdint>

#include "ast.hpp"

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

inline bool parse_tail_fast(char const*& first, char const* last, fen_ast::Tail& tail)
{
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
    if (it == last) {
        tail.clocks.reset();
    } else {
        fen_ast::Clocks clocks;
        if (*it != ' ' || !fast_clock(++it, last, 0, clocks.halfmove) || it == last || *it != ' ' ||
            !fast_clock(++it, last, 1, clocks.fullmove) || it != last)
            return false;
        tail.clocks = clocks;
    }
    first = it;
    return true;
}

} // namespace fen960::fen_grammar::detail
