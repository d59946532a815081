#include "pgn_fen.hpp"

#include <cstring>

namespace fen960::detail {

namespace {

// ' ' and a number in decimal, as append_fen writes the clocks; returns the end. Clocks are small.
char* put_clock(std::uint32_t n, char* p)
{
    *p++ = ' ';
    if (n < 10) {
        *p++ = static_cast<char>('0' + n);
        return p;
    }
    if (n < 100) {
        *p++ = static_cast<char>('0' + n / 10);
        *p++ = static_cast<char>('0' + n % 10);
        return p;
    }
    char digits[10];
    std::size_t k = 0;
    do {
        digits[k++] = static_cast<char>('0' + n % 10);
        n /= 10;
    } while (n);
    while (k)
        *p++ = digits[--k];
    return p;
}

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

} // namespace

FenWriter::FenWriter(const EmitOptions& options)
    : options_(options), en_passant_(options.en_passant.value_or(default_en_passant(options.dialect)))
{
}

void FenWriter::draw_rank(int rank)
{
    auto& text = rank_text_[static_cast<std::size_t>(rank)];
    char const* squares = mailbox_.data() + 8 * rank;
    std::size_t n = 0;
    char empty = 0;
    for (int file = 0; file < 8; ++file) {
        char const c = squares[file];
        if (!c) {
            ++empty;
            continue;
        }
        if (empty) {
            text[n++] = static_cast<char>('0' + empty);
            empty = 0;
        }
        text[n++] = c;
    }
    if (empty)
        text[n++] = static_cast<char>('0' + empty);
    rank_length_[static_cast<std::size_t>(rank)] = static_cast<std::uint8_t>(n);
}

std::optional<Diagnostic> FenWriter::append(const Position& pos, std::string& out)
{
    const Board& board = pos.board();
    // 1. Placement: the squares whose piece changed, then their ranks.
    Bitboard changed = ~Bitboard{0};
    if (have_board_) {
        changed = (board.by_color(Color::white) ^ board_.by_color(Color::white)) |
                  (board.by_color(Color::black) ^ board_.by_color(Color::black));
        for (int r = 0; r < 6; ++r)
            changed |= board.by_role(static_cast<Role>(r)) ^ board_.by_role(static_cast<Role>(r));
    }
    if (changed) {
        for (Bitboard b = changed; b; b &= b - 1) {
            Square const s = lsb(b);
            mailbox_[static_cast<std::size_t>(s.index())] = letter_at(board, s);
        }
        // One bit per changed rank (on the rank's a-file square), then those ranks only.
        Bitboard ranks = changed;
        ranks |= ranks >> 4;
        ranks |= ranks >> 2;
        ranks |= ranks >> 1;
        for (ranks &= file_mask(File(0)); ranks; ranks &= ranks - 1)
            draw_rank(lsb(ranks).rank().index());
        board_ = board;
        have_board_ = true;
    }
    // The whole record goes into `line`, then into `out` at once: 8 ranks of at most 8 bytes and
    // their separators, the side, castling (at most 16 letters), en passant and two clocks fit.
    char line[160];
    char* p = line;
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
    if (pos.ep_square()) {
        std::string ep;
        emit_en_passant(pos.setup(), en_passant_, ep);
        std::memcpy(p, ep.data(), ep.size());
        p += ep.size();
    } else {
        *p++ = '-';
    }
    // 5, 6. Clocks.
    if (options_.clocks) {
        p = put_clock(pos.halfmove_clock(), p);
        p = put_clock(pos.fullmove_number(), p);
    }
    out.append(line, static_cast<std::size_t>(p - line));
    return std::nullopt;
}

} // namespace fen960::detail
