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

// The text of a rank by its occupancy (bit f: file f holds a piece): for each byte of the text, where
// it comes from in a rank's letters followed by "12345678" (a run of empty squares), and the length.
struct RankShape {
    std::array<std::uint8_t, 8> source{};
    std::uint8_t length = 0;
};

constexpr std::array<RankShape, 256> make_rank_shapes()
{
    std::array<RankShape, 256> shapes{};
    for (unsigned occupancy = 0; occupancy < 256; ++occupancy) {
        RankShape& shape = shapes[occupancy];
        std::uint8_t empty = 0;
        for (std::uint8_t file = 0; file < 8; ++file) {
            if (!(occupancy >> file & 1)) {
                ++empty;
                continue;
            }
            if (empty)
                shape.source[shape.length++] = static_cast<std::uint8_t>(7 + empty);
            empty = 0;
            shape.source[shape.length++] = file;
        }
        if (empty)
            shape.source[shape.length++] = static_cast<std::uint8_t>(7 + empty);
    }
    return shapes;
}

constexpr std::array<RankShape, 256> rank_shapes = make_rank_shapes();

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
    // Branch-free: all eight bytes are written from the table, the length says how many count.
    RankShape const& shape = rank_shapes[(occupied >> (8 * rank)) & 0xff];
    char source[16];
    std::memcpy(source, mailbox_.data() + 8 * rank, 8);
    std::memcpy(source + 8, "12345678", 8);
    auto& text = rank_text_[static_cast<std::size_t>(rank)];
    for (std::size_t i = 0; i < 8; ++i)
        text[i] = source[shape.source[i]];
    rank_length_[static_cast<std::size_t>(rank)] = shape.length;
}

void FenWriter::redraw(const Board& board)
{
    // The squares whose piece changed, then their ranks.
    Bitboard const changed = have_board_ ? changed_squares(board, board_) : ~Bitboard{0};
    if (!changed)
        return;
    if (popcount(changed) > 16) {
        // A new game's start: the letters piece kind by piece kind, not square by square.
        mailbox_.fill(0);
        for (Color c : {Color::white, Color::black})
            for (int r = 0; r < 6; ++r) {
                char const l = Piece{c, static_cast<Role>(r)}.letter();
                for (Bitboard b = board.pieces(c, static_cast<Role>(r)); b; b &= b - 1)
                    mailbox_[static_cast<std::size_t>(lsb(b).index())] = l;
            }
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
    if (pos.has_ep_square()) {
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
    *p++ = '\n';
    end = p;
    return std::nullopt;
}

} // namespace fen960::detail
