#include "pgn_fen.hpp"

#include <cstring>

#include "fen_text.hpp"

namespace fen960::detail {

namespace {

char letter_at(const Board& board, Square s)
{
    constexpr char letters[2][6] = {{'P', 'N', 'B', 'R', 'Q', 'K'}, {'p', 'n', 'b', 'r', 'q', 'k'}};
    Bitboard const b = bit(s);
    if (!(board.occupied() & b))
        return 0;
    std::size_t r = 0;
    while (!(board.by_role(static_cast<Role>(r)) & b))
        ++r;
    return letters[(board.by_color(Color::black) & b) ? 1 : 0][r];
}

// The squares whose piece differs between two boards (a word at a time: no memcmp call).
Bitboard changed_squares(const Board& a, const Board& b)
{
    Bitboard changed = (a.by_color(Color::white) ^ b.by_color(Color::white)) |
                       (a.by_color(Color::black) ^ b.by_color(Color::black));
    for (int r = 0; r < 6; ++r)
        changed |= a.by_role(static_cast<Role>(r)) ^ b.by_role(static_cast<Role>(r));
    return changed;
}

} // namespace

FenWriter::FenWriter(const EmitOptions& options)
    : options_(options), en_passant_(options.en_passant.value_or(default_en_passant(options.dialect)))
{
}

void FenWriter::draw_rank(int rank, Bitboard occupied)
{
    auto const r = static_cast<std::size_t>(rank);
    rank_length_[r] = static_cast<std::uint8_t>(
        write_rank(mailbox_.data() + 8 * r, static_cast<unsigned>(occupied >> (8 * rank)), rank_text_[r].data()));
}

void FenWriter::redraw(const Board& board)
{
    // The squares whose piece changed, then their ranks.
    Bitboard const changed = have_board_ ? changed_squares(board, board_) : ~Bitboard{0};
    if (!changed)
        return;
    if (popcount(changed) > 16) {
        // A new game's start: the letters piece kind by piece kind, not square by square.
        board_letters(board, mailbox_.data());
    } else {
        for (Bitboard b = changed; b; b &= b - 1) {
            Square const s = lsb(b);
            mailbox_[static_cast<std::size_t>(s.index())] = letter_at(board, s);
        }
    }
    // One bit per changed rank (on the rank's a-file square), then those ranks only.
    Bitboard ranks = changed;
    ranks |= ranks >> 4;
    ranks |= ranks >> 2;
    ranks |= ranks >> 1;
    for (ranks &= file_mask(File(0)); ranks; ranks &= ranks - 1)
        draw_rank(lsb(ranks).rank().index(), board.occupied());
    board_ = board;
    have_board_ = true;
}

void FenWriter::redraw(const Position& before, const Move& m, const Board& board)
{
    if (!have_board_ || changed_squares(before.board(), board_)) {
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
    board_ = board;
}

std::optional<Diagnostic> FenWriter::write_line(const Position& pos, char*& end)
{
    redraw(pos.board());
    return write_fields(pos, end);
}

std::optional<Diagnostic> FenWriter::write_line(const Position& before, const Move& move, const Position& pos,
                                                char*& end)
{
    redraw(before, move, pos.board());
    return write_fields(pos, end);
}

std::optional<Diagnostic> FenWriter::write_fields(const Position& pos, char*& end)
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
            castling_error_ = emit_castling(setup, options_.dialect, castling_text_);
            castling_rooks_ = rights;
            castling_key_ = key;
            castling_black_ = black;
            have_castling_ = true;
        }
        if (castling_error_)
            return castling_error_;
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
    return std::nullopt;
}

} // namespace fen960::detail
