// The canonical model: what a position record says, independent of the dialect it was written in.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "fen960/types.hpp"

namespace fen960 {

// Piece placement as bitboards, one per colour and one per role.
class Board {
public:
    constexpr Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
    constexpr Bitboard by_color(Color c) const { return by_color_[index(c)]; }
    constexpr Bitboard by_role(Role r) const { return by_role_[index(r)]; }
    constexpr Bitboard pieces(Color c, Role r) const { return by_color(c) & by_role(r); }

    constexpr std::optional<Piece> piece_at(Square s) const
    {
        Bitboard b = bit(s);
        if (!(occupied() & b))
            return std::nullopt;
        Color c = (by_color_[0] & b) ? Color::white : Color::black;
        for (int r = 0; r < 6; ++r)
            if (by_role_[static_cast<std::size_t>(r)] & b)
                return Piece{c, static_cast<Role>(r)};
        return std::nullopt;
    }

    // The role of the piece on `s`, which must hold one (playing a move asks only that).
    constexpr Role role_at(Square s) const
    {
        Bitboard const b = bit(s);
        std::size_t r = 0;
        while (r < 5 && !(by_role_[r] & b))
            ++r;
        return static_cast<Role>(r);
    }

    // Takes `p`, which stands on `s`, off the board: two bitboards change, not eight.
    constexpr void remove(Square s, Piece p)
    {
        by_color_[index(p.color)] &= ~bit(s);
        by_role_[index(p.role)] &= ~bit(s);
    }

    // Puts a piece on an empty square.
    constexpr void put(Square s, Piece p)
    {
        by_color_[index(p.color)] |= bit(s);
        by_role_[index(p.role)] |= bit(s);
    }

    // Adds the squares of `b` (all empty) to the pieces of one kind.
    constexpr void add(Color c, Role r, Bitboard b)
    {
        by_color_[index(c)] |= b;
        by_role_[index(r)] |= b;
    }

    // Every square at once: the squares of each colour (white, black) and of each role (in Role's order).
    constexpr void assign(const std::array<Bitboard, 2>& colors, const std::array<Bitboard, 6>& roles)
    {
        by_color_ = colors;
        by_role_ = roles;
    }

    constexpr void remove(Square s)
    {
        Bitboard keep = ~bit(s);
        for (auto& b : by_color_)
            b &= keep;
        for (auto& b : by_role_)
            b &= keep;
    }

    // The king of a colour when there is exactly one.
    constexpr std::optional<Square> king(Color c) const
    {
        Bitboard k = pieces(c, Role::king);
        if (!k || (k & (k - 1)))
            return std::nullopt;
        return lsb(k);
    }

    friend constexpr bool operator==(const Board&, const Board&) = default;

private:
    std::array<Bitboard, 2> by_color_{};
    std::array<Bitboard, 6> by_role_{};
};

// A record's six fields. Castling rights are the squares of the castling rooks (never dialect
// letters); a square in `castling_rooks` is a claim the record makes, which validation checks.
struct Setup {
    Board board;
    Color turn = Color::white;
    Bitboard castling_rooks = 0;
    std::optional<Square> ep_square;
    std::uint32_t halfmove_clock = 0;
    std::uint32_t fullmove_number = 1;

    friend constexpr bool operator==(const Setup&, const Setup&) = default;
};

} // namespace fen960
