// Attack sets for reading SAN without generating every legal move: which pieces of a role can reach a
// square, and whether a king stands attacked after a move. Classical ray masks (a blocker's own ray
// is cut off), built at compile time; PGN import asks these questions once or twice per move.
#pragma once

#include <array>

#include "fen960/setup.hpp"
#include "fen960/types.hpp"

namespace fen960::san_attack {

// The eight directions: the first four go up the board (to higher square numbers).
enum Direction : int { north, east, north_east, north_west, south, west, south_west, south_east };

struct AttackTables {
    std::array<Bitboard, 64> knight{};
    std::array<Bitboard, 64> king{};
    std::array<std::array<Bitboard, 64>, 2> pawn{}; // squares a pawn of each colour on a square attacks
    std::array<std::array<Bitboard, 64>, 8> ray{};  // the squares from a square to the edge, one direction
};

constexpr AttackTables make_attack_tables()
{
    AttackTables t;
    constexpr std::array<std::array<int, 2>, 8> steps{{{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}}};
    constexpr std::array<std::array<int, 2>, 8> jumps{{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
    auto on_board = [](int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; };
    auto square_bit = [](int f, int r) { return Bitboard{1} << (r * 8 + f); };
    for (int s = 0; s < 64; ++s) {
        int const f = s % 8;
        int const r = s / 8;
        auto const i = static_cast<std::size_t>(s);
        for (auto [df, dr] : jumps)
            if (on_board(f + df, r + dr))
                t.knight[i] |= square_bit(f + df, r + dr);
        for (std::size_t d = 0; d < 8; ++d) {
            auto const [df, dr] = steps[d];
            if (on_board(f + df, r + dr))
                t.king[i] |= square_bit(f + df, r + dr);
            for (int k = 1; on_board(f + k * df, r + k * dr); ++k)
                t.ray[d][i] |= square_bit(f + k * df, r + k * dr);
        }
        for (int df : {-1, 1}) {
            if (on_board(f + df, r + 1))
                t.pawn[0][i] |= square_bit(f + df, r + 1);
            if (on_board(f + df, r - 1))
                t.pawn[1][i] |= square_bit(f + df, r - 1);
        }
    }
    return t;
}

inline constexpr AttackTables attack_tables = make_attack_tables();

// The squares a slider on `s` reaches in direction `d` over `occupied`, its first blocker included.
inline Bitboard ray_attacks(int d, int s, Bitboard occupied)
{
    Bitboard const ray = attack_tables.ray[static_cast<std::size_t>(d)][static_cast<std::size_t>(s)];
    Bitboard const blockers = ray & occupied;
    if (!blockers)
        return ray;
    int const first = d < 4 ? lsb(blockers).index() : msb(blockers).index();
    return ray ^ attack_tables.ray[static_cast<std::size_t>(d)][static_cast<std::size_t>(first)];
}

inline Bitboard rook_attacks(int s, Bitboard occupied)
{
    return ray_attacks(north, s, occupied) | ray_attacks(east, s, occupied) | ray_attacks(south, s, occupied) |
           ray_attacks(west, s, occupied);
}

inline Bitboard bishop_attacks(int s, Bitboard occupied)
{
    return ray_attacks(north_east, s, occupied) | ray_attacks(north_west, s, occupied) |
           ray_attacks(south_west, s, occupied) | ray_attacks(south_east, s, occupied);
}

// Whether a piece of `by` attacks `s` on `board` changed by a move: the squares in `occupied` hold
// pieces, and the pieces of `by` on `taken` are gone (a move is judged without copying the board).
inline bool attacked(const Board& board, Square s, Color by, Bitboard occupied, Bitboard taken)
{
    auto const i = static_cast<std::size_t>(s.index());
    Bitboard const theirs = board.by_color(by) & ~taken;
    if (attack_tables.knight[i] & theirs & board.by_role(Role::knight))
        return true;
    if (attack_tables.king[i] & theirs & board.by_role(Role::king))
        return true;
    // A pawn of `by` attacks s from where a pawn of the other colour on s would attack.
    if (attack_tables.pawn[static_cast<std::size_t>(index(~by))][i] & theirs & board.by_role(Role::pawn))
        return true;
    Bitboard const queens = board.by_role(Role::queen);
    Bitboard const straight = theirs & (board.by_role(Role::rook) | queens);
    if (straight && (rook_attacks(s.index(), occupied) & straight))
        return true;
    Bitboard const diagonal = theirs & (board.by_role(Role::bishop) | queens);
    return diagonal && (bishop_attacks(s.index(), occupied) & diagonal);
}

} // namespace fen960::san_attack
