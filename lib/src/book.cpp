// The mirror.
#include "fen960/book.hpp"

namespace fen960 {

Setup mirrored(const Setup& setup)
{
    const Board& board = setup.board;
    std::array<Bitboard, 6> roles{};
    for (std::size_t r = 0; r < roles.size(); ++r)
        roles[r] = flip_vertical(board.by_role(static_cast<Role>(r)));
    Setup m = setup;
    m.board.assign({flip_vertical(board.by_color(Color::black)), flip_vertical(board.by_color(Color::white))}, roles);
    m.turn = ~setup.turn;
    m.castling_rooks = flip_vertical(setup.castling_rooks);
    if (setup.ep_square)
        m.ep_square = Square(setup.ep_square->index() ^ 56);
    return m;
}

} // namespace fen960
