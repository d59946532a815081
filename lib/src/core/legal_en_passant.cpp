// The en-passant capturers of a record's setup, which comes unchecked: what a legal capture needs is
// looked for first.
#include "core/legal_en_passant.hpp"

namespace fen960::detail {

Bitboard en_passant_capturers(const Setup& setup)
{
    if (!setup.ep_square)
        return 0;
    init_attacks();
    return en_passant_capturers(setup.board, setup.turn, *setup.ep_square);
}

Bitboard legal_en_passant_capturers(const Setup& setup)
{
    if (!setup.ep_square)
        return 0;
    Square const ep = *setup.ep_square;
    Color const us = setup.turn;
    auto const king = setup.board.king(us);
    if (!king || !(en_passant_pushed(us, ep) & setup.board.pieces(~us, Role::pawn)))
        return 0;
    init_attacks();
    return legal_en_passant_capturers(setup.board, us, ep, *king);
}

} // namespace fen960::detail
