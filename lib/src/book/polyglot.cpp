// The Polyglot key: the format's numbering of pieces, castling rights and files over its table
// (polyglot_random.hpp), the castling rights read as rook squares on either side of the king.
#include "fen960/polyglot.hpp"

#include <array>
#include <bit>

#include "fen960/castling.hpp"
#include "core/legal_en_passant.hpp"
#include "book/polyglot_random.hpp"

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

// The pawns of a colour a rank at a time: for each rank 2..7 and each set of files, the XOR of the
// numbers of those pawns, so that a colour's pawns cost six look-ups instead of one per pawn.
using PawnRanks = std::array<std::array<std::uint64_t, 256>, 6>;

constexpr PawnRanks pawn_ranks(Color c)
{
    PawnRanks table{};
    std::size_t const base = 64 * kind(c, Role::pawn);
    for (std::size_t rank = 0; rank < 6; ++rank)
        for (std::size_t files = 1; files < 256; ++files) {
            std::size_t const file = static_cast<std::size_t>(std::countr_zero(files));
            table[rank][files] = table[rank][files & (files - 1)] ^ detail::polyglot_random[base + 8 * (rank + 1) + file];
        }
    return table;
}

constexpr std::array<PawnRanks, 2> pawn_tables{pawn_ranks(Color::white), pawn_ranks(Color::black)};

// The numbers of the pieces of one kind on `pieces` (`table`: the kind's 64).
[[gnu::always_inline]] inline std::uint64_t kind_key(Bitboard pieces, const std::uint64_t* table)
{
    std::uint64_t key = 0;
    for (; pieces; pieces &= pieces - 1)
        key ^= table[static_cast<unsigned>(std::countr_zero(pieces))];
    return key;
}

// Those of one role, both colours. Inlined into each of polyglot_key's five calls with the role a
// constant, so that each kind's numbers are one displacement from one base register: no loop over
// colours or roles around the loop over pieces.
[[gnu::always_inline]] inline std::uint64_t role_key(const Board& board, Role r, const std::uint64_t* random)
{
    return kind_key(board.pieces(Color::white, r), random + 64 * kind(Color::white, r)) ^
           kind_key(board.pieces(Color::black, r), random + 64 * kind(Color::black, r));
}

} // namespace

std::uint64_t polyglot_key(const Setup& setup)
{
    const Board& board = setup.board;
    std::uint64_t key = 0;
    // 1. Pieces: the square's index is the format's 8 * rank + file; pawns (never on ranks 1 and 8) by rank.
    std::uint64_t const* const random = detail::polyglot_random.data();
    Bitboard const pawns = board.by_role(Role::pawn);
    for (Color const c : both_colors) {
        Bitboard const own_pawns = board.by_color(c) & pawns;
        const PawnRanks& ranks = pawn_tables[index(c)];
        for (std::size_t rank = 0; rank < 6; ++rank)
            key ^= ranks[rank][(own_pawns >> (8 * (rank + 1))) & 0xff];
    }
    key ^= role_key(board, Role::knight, random) ^ role_key(board, Role::bishop, random) ^
           role_key(board, Role::rook, random) ^ role_key(board, Role::queen, random) ^
           role_key(board, Role::king, random);
    // 3. Castling: king side = a rook on the h-side of the king, queen side = on its a-side.
    for (Color const c : both_colors) {
        Bitboard const rooks = setup.castling_rooks & rank_mask(Rank::back(c));
        if (!rooks)
            continue;
        auto const king = castling_king(board, c);
        if (!king)
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

} // namespace fen960
