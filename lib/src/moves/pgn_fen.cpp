#include "moves/pgn_fen.hpp"

#include <algorithm>
#include <cstring>

// A rank is drawn with one byte shuffle (SSSE3) on x86-64: chosen at run time unless the target has it.
#if defined(__GNUC__) && defined(__x86_64__)
#include <emmintrin.h>
#if defined(__SSSE3__)
#include <tmmintrin.h>
#endif
#define FEN960_RANK_SHUFFLE 1
#endif

#include "core/legal_en_passant.hpp"
#include "records/fen_text.hpp"

namespace fen960::detail {

namespace {

// An empty square's letter in the writer's mailbox: only an empty rank's text shows it, and shows it
// as its '8'.
constexpr char empty_letter = '8';

// How the writer draws a rank, by its occupancy: rank_shapes' sources, taken from the rank's letters
// and "1234567/" (a run of 8 empty squares is an empty rank, whose a-file letter is its '8'), then
// the '/'; byte 15 holds the length with the '/', its high bit set (so that the shuffle writes a zero
// there, for the length to go in before the rank text is stored: see draw_ranks).
struct alignas(16) SlashShape {
    std::array<std::uint8_t, 16> source{};
};

constexpr char rank_sources_high[] = "1234567/";
constexpr std::uint8_t slash_source = 15;

// A rank text's length with its '/', from its shape.
constexpr std::uint8_t slash_length(const SlashShape& shape)
{
    return shape.source[15] & 0x7f;
}

constexpr std::array<SlashShape, 256> slash_shapes = [] {
    std::array<SlashShape, 256> shapes{};
    for (std::size_t occupancy = 0; occupancy < 256; ++occupancy) {
        RankShape const& plain = rank_shapes[occupancy];
        SlashShape& shape = shapes[occupancy];
        for (std::size_t i = 0; i < plain.length; ++i)
            shape.source[i] = plain.source[i] == 15 ? std::uint8_t{0} : plain.source[i];
        shape.source[plain.length] = slash_source;
        shape.source[15] = static_cast<std::uint8_t>(0x80 | (plain.length + 1));
    }
    return shapes;
}();

// What the castling text depends on besides the rights: each side's king and rooks on its own back rank
// (write_castling's outermost rooks), of the sides whose back ranks `ranks` holds: those with rights.
Bitboard castling_pieces(const Board& board, Bitboard ranks)
{
    Bitboard const own = (board.by_color(Color::white) & rank_mask(Rank(0))) |
                         (board.by_color(Color::black) & rank_mask(Rank(7)));
    return (board.by_role(Role::king) | board.by_role(Role::rook)) & own & ranks;
}

// The back ranks of the sides that have a right among `rights`.
Bitboard castling_ranks(Bitboard rights)
{
    Bitboard const white = rank_mask(Rank(0));
    Bitboard const black = rank_mask(Rank(7));
    return ((rights & white) ? white : 0) | ((rights & black) ? black : 0);
}

#if defined(FEN960_RANK_SHUFFLE)
#if defined(__SSSE3__)
__m128i shuffle_bytes(__m128i source, __m128i order)
{
    return _mm_shuffle_epi8(source, order);
}

constexpr bool has_ssse3 = true;
#else
// PSHUFB (SSSE3), written out: the baseline x86-64 target has no intrinsic for it, and a function of
// another target would be a call for each rank. Used only where the processor has it.
inline __m128i shuffle_bytes(__m128i source, __m128i order)
{
    asm("pshufb %1, %0" : "+x"(source) : "x"(order));
    return source;
}

bool const has_ssse3 = [] {
    __builtin_cpu_init(); // needed before main
    return __builtin_cpu_supports("ssse3") != 0;
}();
#endif
#endif

} // namespace

FenWriter::FenWriter(const EmitOptions& options)
    : options_(options), en_passant_(options.en_passant.value_or(default_en_passant(options.dialect)))
{
}

// Rank `rank`'s text and '/' from its letters, a byte at a time: the twin of the byte shuffle below,
// for a processor without it.
[[gnu::noinline]] void FenWriter::draw_rank_plain(unsigned rank)
{
    SlashShape const& shape = slash_shapes[(occupied_ >> (8 * rank)) & 0xff];
    char source[16];
    std::memcpy(source, mailbox_.data() + 8 * rank, 8);
    std::memcpy(source + 8, rank_sources_high, 8);
    char* const text = rank_texts_.data() + 16 * rank;
    for (std::size_t i = 0; i < 9; ++i)
        text[i] = source[shape.source[i]];
    text[15] = static_cast<char>(slash_length(shape));
}

// Ranks `a` and `b` (the same or two) redrawn from the mailbox and occupied_.
[[gnu::always_inline]] inline void FenWriter::draw_ranks(unsigned a, unsigned b)
{
#if defined(FEN960_RANK_SHUFFLE)
    if (has_ssse3) [[likely]] {
        // The occupancy of rank r is byte r of occupied_ (x86 is little-endian).
        auto const* const occupancy = reinterpret_cast<unsigned char const*>(&occupied_);
        __m128i const high = _mm_loadl_epi64(reinterpret_cast<__m128i const*>(rank_sources_high));
        for (unsigned const rank : {a, b}) {
            SlashShape const& shape = slash_shapes[occupancy[rank]];
            __m128i const letters = _mm_loadl_epi64(reinterpret_cast<__m128i const*>(mailbox_.data() + 8 * rank));
            __m128i const order = _mm_load_si128(reinterpret_cast<__m128i const*>(shape.source.data()));
            // The length goes into byte 15 (the shuffle's zero) before the text is stored: stored
            // after, it would keep write_fields' 16-byte load from reading the two stores out of the
            // store buffer (a stall of tens of cycles a line).
            __m128i const drawn = shuffle_bytes(_mm_unpacklo_epi64(letters, high), order);
            char* const text = rank_texts_.data() + 16 * rank;
            _mm_store_si128(reinterpret_cast<__m128i*>(text), _mm_insert_epi16(drawn, slash_length(shape) << 8, 7));
        }
        return;
    }
#endif
    draw_rank_plain(a);
    draw_rank_plain(b);
}

void FenWriter::redraw(const Board& board)
{
    board_letters(board, mailbox_.data(), empty_letter);
    occupied_ = board.occupied();
    for (unsigned rank = 0; rank < 8; rank += 2)
        draw_ranks(rank, rank + 1);
}

// The mailbox after a move other than a plain one.
[[gnu::noinline]] void FenWriter::play_letters(const Position& before, const Move& m)
{
    auto letter = [this](Square s) -> char& { return mailbox_[static_cast<std::size_t>(s.index())]; };
    char const moving = letter(m.from);
    letter(m.from) = empty_letter;
    switch (m.kind) {
    case MoveKind::normal: letter(m.to) = moving; break;
    case MoveKind::castling: {
        char const rook = letter(m.to);
        letter(m.to) = empty_letter;
        letter(Position::castling_king_target(m.from, m.to)) = moving;
        letter(Position::castling_rook_target(m.from, m.to)) = rook;
        break;
    }
    case MoveKind::en_passant:
        letter(Square(m.to.file(), m.from.rank())) = empty_letter;
        letter(m.to) = moving;
        break;
    case MoveKind::promotion: letter(m.to) = Piece{before.turn(), m.promotion}.letter(); break;
    }
}

char* FenWriter::write(const Position& pos, char* out)
{
    redraw(pos.board());
    return write_fields(pos, out);
}

char* FenWriter::write(const Position& before, const Move& move, const Position& pos, char* out)
{
    // The caller's promise that the last line was `before`'s, checked as far as it is cheap (no
    // board has every square occupied, as occupied_ says before the first line).
    if (before.board().occupied() != occupied_) [[unlikely]]
        return write(pos, out);
    if (move.kind != MoveKind::normal) [[unlikely]]
        return write_after_special(before, move, pos, out);
    auto const from = static_cast<std::size_t>(move.from.index());
    mailbox_[static_cast<std::size_t>(move.to.index())] = mailbox_[from];
    mailbox_[from] = empty_letter;
    return write_after(move, pos, out);
}

// Castling, en passant and promotion: off the quick path, which then calls nothing.
[[gnu::noinline]] char* FenWriter::write_after_special(const Position& before, const Move& move, const Position& pos,
                                                       char* out)
{
    play_letters(before, move);
    return write_after(move, pos, out);
}

// The line after the mailbox has played `move`.
[[gnu::always_inline]] inline char* FenWriter::write_after(const Move& move, const Position& pos, char* out)
{
    // Every square a move changes is on the rank it leaves or the one it reaches.
    occupied_ = pos.board().occupied();
    draw_ranks(static_cast<unsigned>(move.from.index()) / 8, static_cast<unsigned>(move.to.index()) / 8);
    return write_fields(pos, out);
}

// Whether the castling text is still pos's: its rights, and the kings and rooks (castling_pieces) it
// was written for.
bool FenWriter::castling_text_holds(const Position& pos) const
{
    return pos.castling_rooks() == castling_rooks_ && castling_pieces(pos.board(), castling_ranks_) == castling_key_;
}

// The castling text for pos's rights written again; false where the dialect cannot write them.
bool FenWriter::update_castling(const Position& pos)
{
    const Board& board = pos.board();
    char* p = castling_text_.data();
    castling_written_ = write_castling(board, pos.castling_rooks(), options_.dialect, p);
    if (!castling_written_) {
        castling_rooks_ = 0; // no text kept: rights that cannot be written fail each time they come
        return false;
    }
    castling_length_ = static_cast<std::uint8_t>(p - castling_text_.data());
    castling_rooks_ = pos.castling_rooks();
    castling_ranks_ = castling_ranks(castling_rooks_);
    castling_key_ = castling_pieces(board, castling_ranks_);
    return true;
}

// The en-passant field after a double push: '-' at once where no pawn could take.
char* FenWriter::write_en_passant(const Position& pos, char* p) const
{
    if (en_passant_ != EnPassantMode::keep && !en_passant_capturers(pos.board(), pos.turn(), *pos.ep_square())) {
        *p++ = '-';
        return p;
    }
    return detail::write_en_passant(pos.setup(), en_passant_, p);
}

[[gnu::always_inline]] inline char* FenWriter::write_fields(const Position& pos, char* out)
{
    // 1. Placement: the rank texts, each with its '/' (the last one's becomes the space after it).
    char* p = out;
    for (std::size_t first = 56; first < 64; first -= 8) {
        char const* const text = rank_texts_.data() + 2 * first;
        std::memcpy(p, text, 16);
        p += static_cast<unsigned char>(text[15]);
    }
    // Most lines have the castling text of the line before or none, no en-passant square and small
    // clocks: theirs calls nothing.
    bool const quick = (!pos.castling_rooks() || castling_text_holds(pos)) && !pos.has_ep_square() &&
                       std::max(pos.halfmove_clock(), pos.fullmove_number()) < small_numbers;
    if (quick) [[likely]]
        return write_after_placement<true>(pos, p);
    return write_after_placement_slowly(pos, p);
}

[[gnu::noinline]] char* FenWriter::write_after_placement_slowly(const Position& pos, char* p)
{
    return write_after_placement<false>(pos, p);
}

// 2.-6. The fields after the placement, at `p` (past the last rank's '/'), and the newline; returns
// the end (nullptr where the castling field cannot be written). `quick` as write_fields says.
template <bool quick>
[[gnu::always_inline]] inline char* FenWriter::write_after_placement(const Position& pos, char* p)
{
    bool const white = pos.turn() == Color::white;
    if (quick && !pos.castling_rooks()) {
        // 2, 3, 4 at once: the side, no castling, no en passant.
        std::memcpy(p - 1, white ? " w - -  " : " b - -  ", 8);
        p += 5;
    } else {
        // 2. Side to move.
        std::memcpy(p - 1, white ? " w " : " b ", 4);
        p += 2;
        // 3. Castling: the text kept while the rights, kings and back-rank rooks stay as they are.
        if (!pos.castling_rooks()) {
            *p++ = '-';
        } else {
            if (!quick && !castling_text_holds(pos) && !update_castling(pos))
                return nullptr;
            std::memcpy(p, castling_text_.data(), 16);
            p += castling_length_;
        }
        // 4. En passant: only after a double push.
        *p++ = ' ';
        if (!quick && pos.has_ep_square())
            p = write_en_passant(pos, p);
        else
            *p++ = '-';
    }
    // 5, 6. Clocks.
    if (options_.clocks) {
        p = quick ? write_small_number(pos.halfmove_clock(), p) : write_number(pos.halfmove_clock(), p);
        p = quick ? write_small_number(pos.fullmove_number(), p) : write_number(pos.fullmove_number(), p);
    }
    *p++ = '\n';
    return p;
}

} // namespace fen960::detail
