// Attack tables for the move generator and the validator: leapers by table, sliders by magic
// multiplication ("fancy" magic bitboards: one table slice per square, sized by its relevant
// occupancy bits). Portable: multiplication and shift only, no BMI2.
//
// Squares are plain ints 0..63 here (a1 = 0, h8 = 63), the hot loops' currency.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "fen960/setup.hpp"
#include "fen960/types.hpp"

namespace fen960::detail {

struct Magic {
    Bitboard mask;            // relevant occupancy: the rays without their last square
    Bitboard magic;           // maps every subset of `mask` to a distinct slot (or one with equal attacks)
    const Bitboard* attacks;  // this square's slice of the shared table
    unsigned shift;           // 64 - popcount(mask)

    Bitboard operator()(Bitboard occupied) const
    {
        return attacks[((occupied & mask) * magic) >> shift];
    }
};

struct AttackTables {
    std::array<Magic, 64> rook;
    std::array<Magic, 64> bishop;
    std::array<Bitboard, 64> rook_ray;   // rook attacks on an empty board
    std::array<Bitboard, 64> bishop_ray; // bishop attacks on an empty board
    std::array<Bitboard, 64> knight;
    std::array<Bitboard, 64> king;
    std::array<std::array<Bitboard, 64>, 2> pawn; // [colour of the pawn][its square]: squares it attacks
    // [role][square]: the squares a piece of that role reaches on an empty board (a pawn's row empty)
    std::array<std::array<Bitboard, 64>, 6> reach;
    std::array<std::array<Bitboard, 64>, 64> between; // squares strictly between two aligned squares, else 0
    std::array<std::array<Bitboard, 64>, 64> line;    // the whole line through two aligned squares, else 0
};

// The sliders' tables: every square's slice, one after another.
constexpr std::size_t rook_table_size = 102400;
constexpr std::size_t bishop_table_size = 5248;

// The tables are constants (attack_tables.cpp, written by scripts/gen_attack_tables.py): a program
// has nothing to compute or clear when it starts (0.75 ms, a quarter of a one-record command's time
// when it was done at each start). The WebAssembly build computes them instead, in init_attacks()'s
// first call (thread-safe, cheap afterwards): a module carrying them would be twice the size to
// download. Every entry point that can run before a Position exists calls init_attacks();
// Position::from_setup does, so a Position's methods need not.
#if defined(__EMSCRIPTEN__)
extern AttackTables attack_tables;
void init_attacks();
#else
extern const AttackTables attack_tables;
inline void init_attacks() {}
#endif

// The tables computed into `t`, and the sliders' into `rook` and `bishop` (rook_table_size and
// bishop_table_size entries), which t's Magics read: the WebAssembly build's tables, and the twin of
// the constants in tests.
void compute_attack_tables(AttackTables& t, Bitboard* rook, Bitboard* bishop);

inline Bitboard rook_attacks(int s, Bitboard occupied)
{
    return attack_tables.rook[static_cast<std::size_t>(s)](occupied);
}
inline Bitboard bishop_attacks(int s, Bitboard occupied)
{
    return attack_tables.bishop[static_cast<std::size_t>(s)](occupied);
}
inline Bitboard queen_attacks(int s, Bitboard occupied)
{
    return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
inline Bitboard rook_rays(int s)
{
    return attack_tables.rook_ray[static_cast<std::size_t>(s)];
}
inline Bitboard bishop_rays(int s)
{
    return attack_tables.bishop_ray[static_cast<std::size_t>(s)];
}
inline Bitboard knight_attacks(int s)
{
    return attack_tables.knight[static_cast<std::size_t>(s)];
}
inline Bitboard king_attacks(int s)
{
    return attack_tables.king[static_cast<std::size_t>(s)];
}
inline Bitboard pawn_attacks(Color c, int s)
{
    return attack_tables.pawn[static_cast<std::size_t>(index(c))][static_cast<std::size_t>(s)];
}
inline Bitboard piece_reach(Role r, int s)
{
    return attack_tables.reach[static_cast<std::size_t>(index(r))][static_cast<std::size_t>(s)];
}
inline Bitboard between(int a, int b)
{
    return attack_tables.between[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
}
inline Bitboard line(int a, int b)
{
    return attack_tables.line[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
}

inline int first_square(Bitboard b)
{
    return std::countr_zero(b);
}

// Removes and returns the lowest square of a non-empty board.
inline int pop_square(Bitboard& b)
{
    int const s = std::countr_zero(b);
    b &= b - 1;
    return s;
}

// The other side's sliders on the king's lines (its rays on an empty board), judged in one pass:
// one with nothing between it and the king gives check; a lone piece of the king's side between them
// is pinned, and may move only along that line. (A king does not give check in a playable position,
// and pawns and knights give no pins: `checkers` holds the sliders' checks only.)
struct SliderLines {
    Bitboard checkers;
    Bitboard pinned;
};
inline SliderLines slider_lines(const Board& board, int king, Bitboard ours, Bitboard theirs)
{
    Bitboard const occupied = ours | theirs;
    Bitboard const rooks = board.by_role(Role::rook) | board.by_role(Role::queen);
    Bitboard const bishops = board.by_role(Role::bishop) | board.by_role(Role::queen);
    SliderLines lines{0, 0};
    for (Bitboard snipers = ((rook_rays(king) & rooks) | (bishop_rays(king) & bishops)) & theirs; snipers;) {
        int const s = pop_square(snipers);
        Bitboard const blockers = between(king, s) & occupied;
        if (!blockers)
            lines.checkers |= Bitboard{1} << s;
        else if (!(blockers & (blockers - 1)))
            lines.pinned |= blockers & ours;
    }
    return lines;
}

// Every piece of either colour that attacks `s` when the board is occupied as `occupied`.
inline Bitboard attackers_to(const Board& board, int s, Bitboard occupied)
{
    Bitboard const rooks = board.by_role(Role::rook) | board.by_role(Role::queen);
    Bitboard const bishops = board.by_role(Role::bishop) | board.by_role(Role::queen);
    return (pawn_attacks(Color::white, s) & board.pieces(Color::black, Role::pawn)) |
           (pawn_attacks(Color::black, s) & board.pieces(Color::white, Role::pawn)) |
           (knight_attacks(s) & board.by_role(Role::knight)) | (king_attacks(s) & board.by_role(Role::king)) |
           (rook_attacks(s, occupied) & rooks) | (bishop_attacks(s, occupied) & bishops);
}

// The pieces of colour `by` that attack `s` with the board occupied as `occupied`. Sliders come from
// the empty-board rays and the squares between, no magic lookup: quicker when few sliders are aligned.
inline Bitboard attackers_by(const Board& board, int s, Bitboard occupied, Color by)
{
    Bitboard const theirs = board.by_color(by);
    Bitboard attackers = (pawn_attacks(~by, s) & board.by_role(Role::pawn)) |
                         (knight_attacks(s) & board.by_role(Role::knight)) | (king_attacks(s) & board.by_role(Role::king));
    Bitboard const rooks = board.by_role(Role::rook) | board.by_role(Role::queen);
    Bitboard const bishops = board.by_role(Role::bishop) | board.by_role(Role::queen);
    for (Bitboard sliders = ((rook_rays(s) & rooks) | (bishop_rays(s) & bishops)) & theirs; sliders;) {
        int const from = pop_square(sliders);
        if (!(between(s, from) & occupied))
            attackers |= Bitboard{1} << from;
    }
    return attackers & theirs;
}

} // namespace fen960::detail
