// Legality of an en-passant capture, with the move generator's attack tables: the capture is legal
// when, with both pawns moved, no enemy piece attacks our king. That one test covers a pin along the
// capturing pawn's line, the rank pin through both pawns and a check the capture does not answer.
#include "legal_en_passant.hpp"

#include "attacks.hpp"

namespace fen960 {

bool legal_en_passant_exists(const Setup& setup)
{
    using namespace detail;
    if (!setup.ep_square)
        return false;
    init_attacks();
    const Board& board = setup.board;
    Color const us = setup.turn;
    int const ep = setup.ep_square->index();
    int const pushed = us == Color::white ? ep - 8 : ep + 8;
    auto const king = board.king(us);
    if (!king || pushed < 0 || pushed > 63 || !(board.pieces(~us, Role::pawn) & (Bitboard{1} << pushed)))
        return false;
    Bitboard const captured = Bitboard{1} << pushed;
    for (Bitboard from = pawn_attacks(~us, ep) & board.pieces(us, Role::pawn); from;) {
        Bitboard const mover = Bitboard{1} << pop_square(from);
        Bitboard const after = (board.occupied() ^ mover ^ captured) | (Bitboard{1} << ep);
        if (!(attackers_to(board, king->index(), after) & board.by_color(~us) & ~captured))
            return true;
    }
    return false;
}

} // namespace fen960
