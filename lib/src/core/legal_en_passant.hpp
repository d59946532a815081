// En passant, judged once for every reader and writer (shakmaty's pseudo_legal_ep_square and
// legal_ep_square, shakmaty/src/position.rs):
//   - pseudo: the pawns of the side to move beside the pawn that moved two squares, which attack
//     the square behind it (EnPassantMode::pseudo);
//   - legal: those of them that may take, which are the move generator's en-passant moves (its
//     step 5 calls legal_en_passant_capturers), SAN's quick reader's and EnPassantMode::legal's.
#pragma once

#include "core/attacks.hpp"
#include "fen960/setup.hpp"
#include "fen960/types.hpp"

namespace fen960::detail {

// The double push an en-passant square `ep` (for `us` to take) says was just played: the other
// side's pawn went from `origin` over `ep` to `pushed`. As boards, so that any `ep` has them: one is
// empty when `ep` is on an edge rank.
struct DoublePush {
    Bitboard pushed;
    Bitboard origin;
};

constexpr DoublePush double_push(Color us, Square ep)
{
    return us == Color::white ? DoublePush{bit(ep) >> 8, bit(ep) << 8} : DoublePush{bit(ep) << 8, bit(ep) >> 8};
}

// The square of the pawn that moved two squares past `ep`, as a board (double_push's `pushed`).
constexpr Bitboard en_passant_pushed(Color us, Square ep)
{
    return double_push(us, ep).pushed;
}

// The pawns of `us` that stand beside the pushed pawn: those that attack `ep`.
inline Bitboard en_passant_capturers(const Board& board, Color us, Square ep)
{
    return pawn_attacks(~us, ep.index()) & board.pieces(us, Role::pawn);
}

// Those whose capture leaves the king of `us`, on `king`, unattacked: with both pawns moved, no
// enemy piece attacks it. The one test covers a pin along any line through the capturer, the rank
// pin through both pawns and a check the capture does not answer (a check by the pushed pawn it
// answers). The pushed pawn must be on the board and the attack tables filled (a Position's are).
inline Bitboard legal_en_passant_capturers(const Board& board, Color us, Square ep, Square king)
{
    Bitboard const capturers = en_passant_capturers(board, us, ep);
    if (!capturers)
        return 0;
    int const k = king.index();
    Bitboard const captured = en_passant_pushed(us, ep);
    Bitboard const them = board.by_color(~us) & ~captured;
    // A piece that leaps attacks the king whatever the capture opens or closes.
    Bitboard const leapers = (pawn_attacks(us, k) & board.by_role(Role::pawn)) |
                             (knight_attacks(k) & board.by_role(Role::knight)) |
                             (king_attacks(k) & board.by_role(Role::king));
    if (leapers & them)
        return 0;
    Bitboard const rooks = (board.by_role(Role::rook) | board.by_role(Role::queen)) & them;
    Bitboard const bishops = (board.by_role(Role::bishop) | board.by_role(Role::queen)) & them;
    Bitboard legal = 0;
    for (Bitboard c = capturers; c;) {
        Bitboard const from = Bitboard{1} << pop_square(c);
        Bitboard const after = (board.occupied() ^ from ^ captured) | bit(ep);
        if (!((rook_attacks(k, after) & rooks) | (bishop_attacks(k, after) & bishops)))
            legal |= from;
    }
    return legal;
}

// Both for a record's setup, which need not be a position: none without an en-passant square, and
// no legal one without a single king of the side to move or without the pushed pawn. These fill the
// attack tables when nothing did yet.
Bitboard en_passant_capturers(const Setup& setup);
Bitboard legal_en_passant_capturers(const Setup& setup);

} // namespace fen960::detail
