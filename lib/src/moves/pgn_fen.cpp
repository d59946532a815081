#include "moves/pgn_fen.hpp"

#include <cstring>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <tmmintrin.h>
#define FEN960_RANK_SHUFFLE 1
#endif

#include "records/fen_text.hpp"

namespace fen960::detail {

namespace {

#if defined(FEN960_RANK_SHUFFLE)
// write_rank with one byte shuffle (SSSE3, chosen at run time) instead of eight byte copies.
__attribute__((target("ssse3"))) std::size_t write_rank_shuffled(char const* letters, unsigned occupancy, char* out)
{
    RankShape const& shape = rank_shapes[occupancy & 0xff];
    __m128i const source = _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<__m128i const*>(letters)),
                                              _mm_loadl_epi64(reinterpret_cast<__m128i const*>("12345678")));
    __m128i const order = _mm_loadl_epi64(reinterpret_cast<__m128i const*>(shape.source.data()));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out), _mm_shuffle_epi8(source, order));
    return shape.length;
}

bool const has_ssse3 = [] {
    __builtin_cpu_init(); // needed before main
    return __builtin_cpu_supports("ssse3") != 0;
}();
#endif

} // namespace

FenWriter::FenWriter(const EmitOptions& options)
    : options_(options), en_passant_(options.en_passant.value_or(default_en_passant(options.dialect)))
{
}

void FenWriter::draw_rank(int rank, Bitboard occupied)
{
    auto const r = static_cast<std::size_t>(rank);
    char const* const letters = mailbox_.data() + 8 * r;
    auto const occupancy = static_cast<unsigned>(occupied >> (8 * rank));
#if defined(FEN960_RANK_SHUFFLE)
    if (has_ssse3) {
        rank_length_[r] = static_cast<std::uint8_t>(write_rank_shuffled(letters, occupancy, rank_text_[r].data()));
        return;
    }
#endif
    rank_length_[r] = static_cast<std::uint8_t>(write_rank(letters, occupancy, rank_text_[r].data()));
}

void FenWriter::redraw(const Board& board)
{
    board_letters(board, mailbox_.data());
    for (int rank = 0; rank < 8; ++rank)
        draw_rank(rank, board.occupied());
    occupied_ = board.occupied();
    have_board_ = true;
}

void FenWriter::redraw(const Position& before, const Move& m, const Board& board)
{
    // The caller's promise that the last line was `before`'s, checked as far as it is cheap.
    if (!have_board_ || before.board().occupied() != occupied_) {
        redraw(board);
        return;
    }
    auto letter = [this](Square s) -> char& { return mailbox_[static_cast<std::size_t>(s.index())]; };
    char const moving = letter(m.from);
    letter(m.from) = 0;
    switch (m.kind) {
    case MoveKind::castling: {
        char const rook = letter(m.to);
        letter(m.to) = 0;
        letter(Position::castling_king_target(m.from, m.to)) = moving;
        letter(Position::castling_rook_target(m.from, m.to)) = rook;
        break;
    }
    case MoveKind::en_passant:
        letter(Square(m.to.file(), m.from.rank())) = 0;
        letter(m.to) = moving;
        break;
    case MoveKind::promotion: letter(m.to) = Piece{before.turn(), m.promotion}.letter(); break;
    case MoveKind::normal: letter(m.to) = moving; break;
    }
    draw_rank(m.from.rank().index(), board.occupied());
    if (m.to.rank() != m.from.rank())
        draw_rank(m.to.rank().index(), board.occupied());
    occupied_ = board.occupied();
}

Expected<void> FenWriter::write_line(const Position& pos, char*& end)
{
    redraw(pos.board());
    return write_fields(pos, end);
}

Expected<void> FenWriter::write_line(const Position& before, const Move& move, const Position& pos, char*& end)
{
    redraw(before, move, pos.board());
    return write_fields(pos, end);
}

Expected<void> FenWriter::write_fields(const Position& pos, char*& end)
{
    const Board& board = pos.board();
    // 1. Placement, from the rank texts.
    char* p = end;
    for (int rank = 7; rank >= 0; --rank) {
        auto const r = static_cast<std::size_t>(rank);
        std::memcpy(p, rank_text_[r].data(), 8);
        p += rank_length_[r];
        *p++ = '/';
    }
    p[-1] = ' ';
    // 2. Side to move.
    *p++ = pos.turn() == Color::white ? 'w' : 'b';
    *p++ = ' ';
    // 3. Castling: the library's writer, whenever what it looks at changed.
    Bitboard const rights = pos.castling_rooks();
    if (!rights) {
        *p++ = '-';
    } else {
        Bitboard const back_ranks = rank_mask(Rank(0)) | rank_mask(Rank(7));
        Bitboard const key = (board.by_role(Role::king) | board.by_role(Role::rook)) & back_ranks;
        Bitboard const black = key & board.by_color(Color::black);
        if (!have_castling_ || rights != castling_rooks_ || key != castling_key_ || black != castling_black_) {
            Setup setup;
            setup.board = board;
            setup.turn = pos.turn();
            setup.castling_rooks = rights;
            castling_text_.clear();
            castling_written_ = emit_castling(setup, options_.dialect, castling_text_);
            castling_rooks_ = rights;
            castling_key_ = key;
            castling_black_ = black;
            have_castling_ = true;
        }
        if (!castling_written_)
            return castling_written_;
        std::memcpy(p, castling_text_.data(), castling_text_.size());
        p += castling_text_.size();
    }
    *p++ = ' ';
    // 4. En passant: only after a double push, and then the library judges it.
    if (pos.has_ep_square())
        p = write_en_passant(pos.setup(), en_passant_, p);
    else
        *p++ = '-';
    // 5, 6. Clocks.
    if (options_.clocks) {
        p = write_number(pos.halfmove_clock(), p);
        p = write_number(pos.fullmove_number(), p);
    }
    *p++ = '\n';
    end = p;
    return {};
}

} // namespace fen960::detail
