// The Polyglot key: the format's numbering of pieces, castling rights and files over its table
// (polyglot_random.hpp), the castling rights read as rook squares on either side of the king.
#include "fen960/polyglot.hpp"

#include "fen960/castling.hpp"
#include "legal_en_passant.hpp"
#include "polyglot_random.hpp"

namespace fen960 {

namespace {

constexpr std::size_t castling_offset = 768;
constexpr std::size_t en_passant_offset = 772;
constexpr std::size_t turn_offset = 780;

// The format's kind of a piece: black pawn 0, white pawn 1, black knight 2, ..., white king 11.
constexpr std::size_t kind(Color c, Role r)
{
    return 2 * index(r) + (c == Color::white ? 1 : 0);
}

} // namespace

std::uint64_t polyglot_key(const Setup& setup)
{
    const Board& board = setup.board;
    std::uint64_t key = 0;
    // 1. Pieces: the square's index is the format's 8 * rank + file.
    for (Color const c : both_colors)
        for (std::size_t r = 0; r < 6; ++r) {
            std::uint64_t const* const table = detail::polyglot_random.data() + 64 * kind(c, static_cast<Role>(r));
            for (Bitboard b = board.pieces(c, static_cast<Role>(r)); b; b &= b - 1)
                key ^= table[lsb(b).index()];
        }
    // 3. Castling: king side = a rook on the h-side of the king, queen side = on its a-side.
    for (Color const c : both_colors) {
        Bitboard const rooks = setup.castling_rooks & rank_mask(Rank::back(c));
        auto const king = castling_king(board, c);
        if (!rooks || !king)
            continue;
        std::size_t const base = castling_offset + 2 * index(c);
        if (rooks & side_of(*king, true))
            key ^= detail::polyglot_random[base];
        if (rooks & side_of(*king, false))
            key ^= detail::polyglot_random[base + 1];
    }
    // 4. En passant, when a pawn of the side to move is there to take.
    if (setup.ep_square && detail::en_passant_capturers(setup))
        key ^= detail::polyglot_random[en_passant_offset + static_cast<std::size_t>(setup.ep_square->file().index())];
    // 2. The side to move.
    if (setup.turn == Color::white)
        key ^= detail::polyglot_random[turn_offset];
    return key;
}

char* write_key(std::uint64_t key, char* out)
{
    constexpr char digits[] = "0123456789abcdef";
    for (int i = 15; i >= 0; --i) {
        out[i] = digits[key & 15];
        key >>= 4;
    }
    return out + 16;
}

} // namespace fen960
