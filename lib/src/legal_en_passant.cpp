// Legality of an en-passant capture: the capture is legal when, with both pawns moved, no enemy piece
// attacks our king. That covers pins along the capturing pawn's line, the horizontal pin through both
// pawns and a check the capture does not answer.
#include "legal_en_passant.hpp"

#include <array>

namespace fen960 {

namespace {

// Whether `target` is attacked by `them` on `board` with occupancy `occupied` (rays walk square by square).
bool attacked(const Board& board, Bitboard occupied, Bitboard captured, Square target, Color them)
{
    auto enemy = [&](Role r) { return board.pieces(them, r) & ~captured & occupied; };
    int const tf = target.file().index();
    int const tr = target.rank().index();
    auto on_board = [](int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; };
    auto at = [](int f, int r) { return Square(File(f), Rank(r)); };

    constexpr std::array<std::array<int, 2>, 8> knight{{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
    for (auto [df, dr] : knight)
        if (on_board(tf + df, tr + dr) && contains(enemy(Role::knight), at(tf + df, tr + dr)))
            return true;
    for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr)
            if ((df || dr) && on_board(tf + df, tr + dr) && contains(enemy(Role::king), at(tf + df, tr + dr)))
                return true;
    // Enemy pawns attack towards their forward direction: they stand one rank ahead of the target.
    int const pawn_rank = tr + (them == Color::white ? -1 : 1);
    for (int df : {-1, 1})
        if (on_board(tf + df, pawn_rank) && contains(enemy(Role::pawn), at(tf + df, pawn_rank)))
            return true;
    constexpr std::array<std::array<int, 2>, 8> rays{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
    for (auto [df, dr] : rays) {
        Bitboard const sliders = enemy(Role::queen) | enemy(df && dr ? Role::bishop : Role::rook);
        for (int f = tf + df, r = tr + dr; on_board(f, r); f += df, r += dr) {
            Square const s = at(f, r);
            if (contains(occupied, s)) {
                if (contains(sliders, s))
                    return true;
                break;
            }
        }
    }
    return false;
}

} // namespace

bool legal_en_passant_exists(const Setup& setup)
{
    if (!setup.ep_square)
        return false;
    Color const us = setup.turn;
    Square const ep = *setup.ep_square;
    Square const pushed = ep.up(us == Color::white ? -1 : 1);
    auto const king = setup.board.king(us);
    if (!king)
        return false;
    for (int df : {-1, 1}) {
        int const f = pushed.file().index() + df;
        if (f < 0 || f > 7)
            continue;
        Square const from(File(f), pushed.rank());
        if (!contains(setup.board.pieces(us, Role::pawn), from))
            continue;
        Bitboard const occupied = (setup.board.occupied() & ~bit(from) & ~bit(pushed)) | bit(ep);
        if (!attacked(setup.board, occupied, bit(pushed), *king, ~us))
            return true;
    }
    return false;
}

} // namespace fen960
