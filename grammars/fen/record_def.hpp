// Grammar of one FEN record (PGN standard 16.1) with the castling letters of all three dialects:
// standard `KQkq`, Shredder-FEN rook files `A-Ha-h`, and X-FEN, which mixes both. Syntax only: which
// rook a letter names, and whether a square makes sense, is decided in lib/.
//
// Tolerated, on purpose:
// - white space (spaces, tabs) before and after the record, and a trailing carriage return;
// - four fields (EPD style): the clocks are then absent and the caller defaults them to `0 1`;
// - castling letters in any order, and any number of them (lib/ judges them);
// - leading zeros in the clocks.
// Everything else is an error at the first offending column: two digits in a row inside a rank,
// ranks of more or fewer than eight squares, tabs or doubled spaces between fields, clocks with a sign
// or out of range (halfmove 0..2^31-1, fullmove 1..2^31-1), anything after the last field.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <boost/spirit/home/x3.hpp>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "ast.hpp"
#include "ast_adapted.hpp"
#include "error_handler.hpp"
#include "record.hpp"

namespace fen960::fen_grammar {

namespace x3 = boost::spirit::x3;

namespace detail {

template <typename Iterator>
[[noreturn]] void fail(Iterator where, std::string const& message)
{
    throw x3::expectation_failure<Iterator>(where, full_message_marker + message);
}

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
    kind['0'] = bad_digit;
    kind['9'] = bad_digit;
    return kind;
}();

// One byte of the placement field for the fast pass, packed: bits 0-7 the byte itself for a piece
// letter (0 otherwise), bits 8-11 how many squares it covers, bit 12 a '/', bit 13 a digit, bit 14
// the end of the field (or a byte the exact pass must look at).
inline constexpr unsigned step_advance_shift = 8;
inline constexpr std::uint32_t step_slash = 1u << 12;
inline constexpr std::uint32_t step_digit = 1u << 13;
inline constexpr std::uint32_t step_stop = 1u << 14;

inline constexpr auto placement_steps = [] {
    std::array<std::uint32_t, 256> steps{};
    for (std::size_t c = 0; c < 256; ++c) {
        std::uint32_t const kind = placement_kind[c];
        std::uint32_t const advance = kind < first_digit ? 1u : kind < slash ? kind - first_digit + 1u : 0u;
        steps[c] = (kind < first_digit ? static_cast<std::uint32_t>(c) : 0u) | advance << step_advance_shift |
                   (kind >= first_digit && kind < slash ? step_digit : 0u) | (kind == slash ? step_slash : 0u) |
                   (kind > slash ? step_stop : 0u);
    }
    return steps;
}();

// The squares of each piece letter from 64 bytes in reading order (a8 ... h8, a7 ... h1; 0 for an
// empty square): one comparison per letter, and a byte swap puts rank 8 on top.
inline void squares_from_mailbox(unsigned char const* squares, fen_ast::Placement& placement)
{
#if defined(__SSE2__)
    __m128i const chunk[4] = {_mm_load_si128(reinterpret_cast<__m128i const*>(squares)),
                              _mm_load_si128(reinterpret_cast<__m128i const*>(squares + 16)),
                              _mm_load_si128(reinterpret_cast<__m128i const*>(squares + 32)),
                              _mm_load_si128(reinterpret_cast<__m128i const*>(squares + 48))};
    for (std::size_t k = 0; k < 12; ++k) {
        __m128i const letter = _mm_set1_epi8(fen_ast::placement_letters[k]);
        std::uint64_t mask = 0;
        for (int i = 0; i < 4; ++i)
            mask |= static_cast<std::uint64_t>(static_cast<std::uint32_t>(
                        _mm_movemask_epi8(_mm_cmpeq_epi8(chunk[i], letter))))
                    << (16 * i);
        placement.squares_of[k] = __builtin_bswap64(mask);
    }
#else
    for (int p = 0; p < 64; ++p)
        if (squares[p])
            placement.squares_of[placement_kind[squares[p]]] |= std::uint64_t{1} << (p ^ 56);
#endif
}

// The common case, with no branch per byte but the loop's own: each byte writes eight bytes of a
// mailbox (a letter and seven empty squares, or eight empty squares) and advances by the squares it
// covers; each '/' notes where its rank ended. A well-formed field gives its squares and true;
// anything else gives false, and the exact pass below finds and reports the fault.
template <typename Iterator>
bool parse_placement_fast(Iterator& first, Iterator const& last, fen_ast::Placement& placement)
{
    alignas(16) unsigned char squares[64 + 8];
    std::array<std::uint32_t, 16> rank_ends{}; // the square count at each '/'
    std::uint32_t square = 0;                  // squares written so far
    std::uint32_t slashes = 0;
    std::uint32_t previous = 0;
    std::uint32_t adjacent_digits = 0;
    Iterator it = first;
    for (; it != last; ++it) {
        std::uint32_t const step = placement_steps[static_cast<unsigned char>(*it)];
        if (step & step_stop)
            break;
        std::uint64_t word = step & 0xff;
        if constexpr (std::endian::native == std::endian::big)
            word <<= 56;
        std::memcpy(squares + square, &word, 8);
        square += (step >> step_advance_shift) & 15;
        if (square > 64) // no room for the next write: the exact pass reports the long rank
            return false;
        rank_ends[slashes & 15] = square;
        slashes += (step & step_slash) >> 12;
        adjacent_digits |= previous & step;
        previous = step;
    }
    if ((adjacent_digits & step_digit) || square != 64 || slashes != 7 || (it != last && *it != ' '))
        return false;
    for (std::uint32_t r = 0; r < 7; ++r)
        if (rank_ends[r] != 8 * (r + 1))
            return false;
    squares_from_mailbox(squares, placement);
    first = it;
    return true;
}

// The placement field: eight ranks, rank 8 first, separated by '/', each of exactly eight squares
// written as piece letters and digits 1-8 (never two digits in a row). A custom parser because the
// square count of a rank is not a context-free property a rule can state without semantic actions;
// one pass over the bytes, since this field is most of a record.
struct board_parser : x3::parser<board_parser> {
    using attribute_type = fen_ast::Placement;
    static bool const has_attribute = true;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext const&, Attribute& attr) const
    {
        fen_ast::Placement placement;
        if (parse_placement_fast(first, last, placement)) {
            x3::traits::move_to(placement, attr);
            return true;
        }
        Iterator it = first;
        if (it == last || *it == '\r')
            fail(it, "empty record");
        int rank = 7;
        int file = 0;
        bool after_digit = false;
        auto rank_name = [&rank] { return "rank " + std::to_string(rank + 1); };
        for (; it != last; ++it) {
            std::uint8_t const kind = placement_kind[static_cast<unsigned char>(*it)];
            if (kind < first_digit) {
                if (file == 8)
                    fail(it, rank_name() + " has more than 8 squares");
                placement.squares_of[kind] |= std::uint64_t{1} << (rank * 8 + file);
                ++file;
                after_digit = false;
            } else if (kind < slash) {
                if (after_digit)
                    fail(it, "two digits in a row in " + rank_name());
                file += kind - first_digit + 1;
                if (file > 8)
                    fail(it, rank_name() + " has more than 8 squares");
                after_digit = true;
            } else if (kind == slash) {
                if (file < 8)
                    break; // reported below
                if (rank == 0)
                    fail(it, "board has more than 8 ranks");
                --rank;
                file = 0;
                after_digit = false;
            } else if (kind == bad_digit) {
                fail(it, "invalid empty-square count '" + std::string(1, *it) + "' in " + rank_name() +
                             " (expected 1 to 8)");
            } else if (kind == field_end || (rank == 0 && file == 8)) {
                break; // the field separator reports what follows a complete board
            } else {
                fail(it, "invalid piece letter " + describe(std::string_view(it, static_cast<std::size_t>(last - it))) +
                             " in " + rank_name());
            }
        }
        if (file < 8)
            fail(it, rank_name() + " has " + std::to_string(file) + (file == 1 ? " square" : " squares") +
                         ", expected 8");
        if (rank > 0)
            fail(it, "board has " + std::to_string(8 - rank) + " ranks, expected 8");
        first = it;
        x3::traits::move_to(placement, attr);
        return true;
    }
};

// A clock: plain decimal digits (no sign), at least `min`, at most 2^31-1.
struct clock_parser : x3::parser<clock_parser> {
    using attribute_type = std::uint32_t;
    static bool const has_attribute = true;

    std::uint32_t min;
    char const* field;

    template <typename Iterator, typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext const&, Attribute& attr) const
    {
        constexpr std::uint64_t max = 0x7fffffff;
        Iterator it = first;
        std::uint64_t value = 0;
        for (; it != last && *it >= '0' && *it <= '9'; ++it)
            value = std::min<std::uint64_t>(value * 10 + static_cast<std::uint64_t>(*it - '0'), max + 1);
        if (it == first)
            return false;
        if (value < min || value > max) {
            std::string digits(first, it);
            if (digits.size() > 24)
                digits = digits.substr(0, 20) + "...";
            fail(first, std::string(field) + " " + digits + " out of range (" + std::to_string(min) + " to " +
                            std::to_string(max) + ")");
        }
        first = it;
        x3::traits::move_to(static_cast<std::uint32_t>(value), attr);
        return true;
    }
};

} // namespace detail

using fen_ast::Range;

// Named rules; their names select the message in error_handler.cpp.
x3::rule<class space_after_board_class> const space_after_board = "space after board";
x3::rule<class side_class, char> const side = "side to move";
x3::rule<class space_after_side_class> const space_after_side = "space after side to move";
x3::rule<class castling_class, Range> const castling = "castling field";
x3::rule<class castling_letter_class> const castling_letter_end = "castling letter";
x3::rule<class space_after_castling_class> const space_after_castling = "space after castling field";
x3::rule<class en_passant_class, Range> const en_passant = "en-passant field";
x3::rule<class en_passant_rank_class> const en_passant_rank = "en-passant rank";
x3::rule<class end_after_en_passant_class> const end_after_en_passant = "end after en-passant field";
x3::rule<class halfmove_class, std::uint32_t> const halfmove = "halfmove clock";
x3::rule<class space_after_halfmove_class> const space_after_halfmove = "space after halfmove clock";
x3::rule<class fullmove_class, std::uint32_t> const fullmove = "fullmove number";
x3::rule<class end_after_fullmove_class> const end_after_fullmove = "end after fullmove number";
x3::rule<class clocks_class, fen_ast::Clocks> const clocks = "clocks";
record_type const record = "FEN record";

auto const blank = x3::char_(" \t");
// White space, then an optional carriage return, to the end of the input.
auto const trailing = *blank >> -x3::lit('\r') >> x3::eoi;
auto const castling_letters = x3::char_("KQkqA-Ha-h");

auto const space_after_board_def = x3::lit(' ');
auto const side_def = x3::char_("wb");
auto const space_after_side_def = x3::lit(' ');
auto const castling_def = x3::raw[x3::lit('-') | +castling_letters] > castling_letter_end;
auto const castling_letter_end_def = &(x3::lit(' ') | trailing);
auto const space_after_castling_def = x3::lit(' ');
auto const en_passant_def = x3::raw[x3::lit('-') | (x3::char_("a-h") > en_passant_rank)];
auto const en_passant_rank_def = x3::char_("1-8");
auto const end_after_en_passant_def = x3::eoi;
auto const halfmove_def = detail::clock_parser{{}, 0, "halfmove clock"};
auto const space_after_halfmove_def = x3::lit(' ');
auto const fullmove_def = detail::clock_parser{{}, 1, "fullmove number"};
auto const end_after_fullmove_def = x3::eoi;
// A space followed by more than trailing white space commits to the clocks.
auto const clocks_def = (x3::lit(' ') >> !trailing) > halfmove > space_after_halfmove > fullmove >
                        ((x3::omit[*blank] >> -x3::lit('\r')) > end_after_fullmove);

auto const record_def = (x3::omit[*blank] >> detail::board_parser{}) > space_after_board > side > space_after_side >
                        castling > space_after_castling > en_passant >
                        (clocks | ((x3::omit[*blank] >> -x3::lit('\r')) > end_after_en_passant));

BOOST_SPIRIT_DEFINE(space_after_board, side, space_after_side, castling, castling_letter_end, space_after_castling,
                    en_passant, en_passant_rank, end_after_en_passant, halfmove, space_after_halfmove, fullmove,
                    end_after_fullmove, clocks, record)

struct record_class : error_handler {};

} // namespace fen960::fen_grammar

namespace fen960 {
fen_grammar::record_type const& fen_record()
{
    return fen_grammar::record;
}
} // namespace fen960
