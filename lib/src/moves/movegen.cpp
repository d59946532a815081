// Legal move generation and perft. One generator serves list and count: the checking pieces, the
// pins and the squares that answer a check are worked out once per position, so every move it
// produces is legal and perft can count the last ply by population counts alone.
#include "fen960/position.hpp"

#include "core/attacks.hpp"
#include "core/legal_en_passant.hpp"
#include "moves/san_resolve.hpp"

namespace fen960 {

using namespace detail;

// GCC and Clang on x86 without POPCNT in the target (the portable default): perft also gets a
// variant for CPUs that have it, chosen at run time.
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) && !defined(__POPCNT__)
#define FEN960_X86_DISPATCH 1
#else
#define FEN960_X86_DISPATCH 0
#endif

// The generator must be inlined into each perft variant to be compiled for its instruction set.
#if defined(__GNUC__) || defined(__clang__)
#define FEN960_INLINE [[gnu::always_inline]] inline
#else
#define FEN960_INLINE inline
#endif

namespace {

constexpr Bitboard file_a = 0x0101010101010101ULL;
constexpr Bitboard file_h = file_a << 7;

constexpr Bitboard square_bb(int s)
{
    return Bitboard{1} << s;
}

template <int Delta>
constexpr Bitboard shift(Bitboard b)
{
    return Delta > 0 ? b << Delta : b >> -Delta;
}

Move make_move(int from, int to, MoveKind kind = MoveKind::normal, Role promotion = Role::queen)
{
    return Move{Square(from), Square(to), kind, promotion};
}

// Counts moves: a target set adds its population, a promotion counts once per piece.
struct CountSink {
    std::uint64_t n = 0;
    FEN960_INLINE void piece_moves(int, Bitboard targets) { n += static_cast<std::uint64_t>(popcount(targets)); }
    template <int Delta>
    FEN960_INLINE void pawn_moves(Bitboard targets)
    {
        n += static_cast<std::uint64_t>(popcount(targets));
    }
    template <int Delta>
    FEN960_INLINE void promotions(Bitboard targets)
    {
        n += 4 * static_cast<std::uint64_t>(popcount(targets));
    }
    FEN960_INLINE void add(const Move&) { ++n; }
};

// Writes moves: pawn sources come back from the targets by the push or capture distance.
struct ListSink {
    MoveList& list;
    void piece_moves(int from, Bitboard targets)
    {
        while (targets)
            list.push_back(make_move(from, pop_square(targets)));
    }
    template <int Delta>
    void pawn_moves(Bitboard targets)
    {
        while (targets) {
            int const to = pop_square(targets);
            list.push_back(make_move(to - Delta, to));
        }
    }
    template <int Delta>
    void promotions(Bitboard targets)
    {
        while (targets) {
            int const to = pop_square(targets);
            for (Role r : {Role::queen, Role::rook, Role::bishop, Role::knight})
                list.push_back(make_move(to - Delta, to, MoveKind::promotion, r));
        }
    }
    void add(const Move& m) { list.push_back(m); }
};

} // namespace

// The generator, with access to Position's state.
struct PositionAccess {
    // Whether `them` attacks square `s` with the board occupied as `occupied`.
    template <Color Them>
    FEN960_INLINE static bool attacked(const Board& b, int s, Bitboard occupied)
    {
        constexpr Color Us = ~Them;
        Bitboard const them = b.by_color(Them);
        return (pawn_attacks(Us, s) & b.pieces(Them, Role::pawn)) ||
               (knight_attacks(s) & b.pieces(Them, Role::knight)) || (king_attacks(s) & b.pieces(Them, Role::king)) ||
               (rook_attacks(s, occupied) & them & (b.by_role(Role::rook) | b.by_role(Role::queen))) ||
               (bishop_attacks(s, occupied) & them & (b.by_role(Role::bishop) | b.by_role(Role::queen)));
    }

    // Pushes and captures of a group of pawns whose moves all stay inside `target`.
    template <Color Us, class Sink>
    FEN960_INLINE static void pawn_group(Bitboard pawns, Bitboard empty, Bitboard them, Bitboard target, Sink& sink)
    {
        constexpr int up = Us == Color::white ? 8 : -8;
        constexpr Bitboard last_rank = Us == Color::white ? rank_mask(Rank(7)) : rank_mask(Rank(0));
        constexpr Bitboard third_rank = Us == Color::white ? rank_mask(Rank(2)) : rank_mask(Rank(5));
        Bitboard push = shift<up>(pawns) & empty;
        Bitboard const double_push = shift<up>(push & third_rank) & empty & target;
        push &= target;
        // Captures towards the a-file and towards the h-file.
        Bitboard const west = shift<up - 1>(pawns & ~file_a) & them & target;
        Bitboard const east = shift<up + 1>(pawns & ~file_h) & them & target;
        sink.template pawn_moves<up>(push & ~last_rank);
        sink.template pawn_moves<2 * up>(double_push);
        sink.template pawn_moves<up - 1>(west & ~last_rank);
        sink.template pawn_moves<up + 1>(east & ~last_rank);
        if ((push | west | east) & last_rank) {
            sink.template promotions<up>(push & last_rank);
            sink.template promotions<up - 1>(west & last_rank);
            sink.template promotions<up + 1>(east & last_rank);
        }
    }

    template <Color Us, class Sink>
    FEN960_INLINE static void generate(const Position& pos, Sink& sink)
    {
        constexpr Color Them = ~Us;
        const Board& b = pos.board_;
        Bitboard const us = b.by_color(Us);
        Bitboard const them = b.by_color(Them);
        Bitboard const occupied = us | them;
        int const king = first_square(b.pieces(Us, Role::king));
        Bitboard const rooks_queens = b.by_role(Role::rook) | b.by_role(Role::queen);
        Bitboard const bishops_queens = b.by_role(Role::bishop) | b.by_role(Role::queen);
        // 1. Checks and pins: the leapers' checks, then one pass over the enemy sliders on the king's
        // lines (slider_lines). The enemy king cannot give check in a playable position.
        auto const lines = slider_lines(b, king, us, them);
        Bitboard const checkers = (pawn_attacks(Us, king) & b.pieces(Them, Role::pawn)) |
                                  (knight_attacks(king) & b.pieces(Them, Role::knight)) | lines.checkers;
        Bitboard const pinned = lines.pinned;

        // 2. King steps. The king is taken off the board first: a slider's ray through its square goes on.
        Bitboard const without_king = occupied ^ square_bb(king);
        Bitboard king_targets = 0;
        for (Bitboard t = king_attacks(king) & ~us; t;) {
            int const s = pop_square(t);
            if (!attacked<Them>(b, s, without_king))
                king_targets |= square_bb(s);
        }
        sink.piece_moves(king, king_targets);
        if (checkers & (checkers - 1))
            return; // double check: only the king can move

        // 3. Squares that answer a check (take the checker or block it), else anything but our pieces.
        Bitboard const target = checkers ? between(king, first_square(checkers)) | checkers : ~us;
        Bitboard const free = ~pinned;

        // 4. Pieces. A pinned piece moves along its pin line only, and never while in check (the pin
        // line and the check line meet only at the king).
        for (Bitboard p = b.pieces(Us, Role::knight) & free; p;) {
            int const s = pop_square(p);
            sink.piece_moves(s, knight_attacks(s) & target);
        }
        for (Bitboard p = bishops_queens & us & free; p;) {
            int const s = pop_square(p);
            sink.piece_moves(s, bishop_attacks(s, occupied) & target);
        }
        for (Bitboard p = rooks_queens & us & free; p;) {
            int const s = pop_square(p);
            sink.piece_moves(s, rook_attacks(s, occupied) & target);
        }
        Bitboard const pawns = b.pieces(Us, Role::pawn);
        Bitboard const empty = ~occupied;
        pawn_group<Us>(pawns & free, empty, them, target, sink);
        if (!checkers && pinned) {
            for (Bitboard p = bishops_queens & us & pinned; p;) {
                int const s = pop_square(p);
                sink.piece_moves(s, bishop_attacks(s, occupied) & target & line(king, s));
            }
            for (Bitboard p = rooks_queens & us & pinned; p;) {
                int const s = pop_square(p);
                sink.piece_moves(s, rook_attacks(s, occupied) & target & line(king, s));
            }
            for (Bitboard p = pawns & pinned; p;) {
                int const s = pop_square(p);
                pawn_group<Us>(square_bb(s), empty, them, target & line(king, s), sink);
            }
        }

        // 5. En passant: the judge the writers and SAN share (legal_en_passant.hpp). Rare enough to
        // test each capture on the board as it would be afterwards.
        if (pos.ep_square_ != Position::no_square) {
            int const ep = pos.ep_square_;
            for (Bitboard c = legal_en_passant_capturers(b, Us, Square(ep), Square(king)); c;)
                sink.add(make_move(pop_square(c), ep, MoveKind::en_passant));
        }

        if (!checkers)
            castling_moves<Us>(pos, king, occupied, sink);
    }

    // 6. Castling, king takes own rook. Every square either piece crosses or lands on must be empty but
    // for the two of them; the king may not stand in, cross or land in check, judged with the castling
    // rook off the board (it may be what shields a square). Not in check: the caller knows.
    template <Color Us, class Sink>
    FEN960_INLINE static void castling_moves(const Position& pos, int king, Bitboard occupied, Sink& sink)
    {
        constexpr Color Them = ~Us;
        const Board& b = pos.board_;
        for (Bitboard r = pos.castling_rooks_ & b.by_color(Us); r;) {
            int const rook = pop_square(r);
            int const king_to = Position::castling_king_target(Square(king), Square(rook)).index();
            int const rook_to = Position::castling_rook_target(Square(king), Square(rook)).index();
            Bitboard const king_path = between(king, king_to) | square_bb(king_to);
            Bitboard const rook_path = between(rook, rook_to) | square_bb(rook_to);
            if ((king_path | rook_path) & occupied & ~square_bb(king) & ~square_bb(rook))
                continue;
            Bitboard const without_rook = occupied ^ square_bb(rook);
            bool safe = true;
            for (Bitboard p = king_path; p && safe;)
                safe = !attacked<Them>(b, pop_square(p), without_rook);
            if (safe)
                sink.add(make_move(king, rook, MoveKind::castling));
        }
    }

    // The castlings alone, out of check (the caller knows), as generate adds them.
    template <class Sink>
    static void castlings(const Position& pos, Sink& sink)
    {
        const Board& b = pos.board_;
        if (pos.turn_ == Color::white)
            castling_moves<Color::white>(pos, first_square(b.pieces(Color::white, Role::king)), b.occupied(), sink);
        else
            castling_moves<Color::black>(pos, first_square(b.pieces(Color::black, Role::king)), b.occupied(), sink);
    }

    template <class Sink>
    static void generate(const Position& pos, Sink& sink)
    {
        if (pos.turn_ == Color::white)
            generate<Color::white>(pos, sink);
        else
            generate<Color::black>(pos, sink);
    }

    // Perft, depth >= 1: the last ply is counted, not played. The body is one inline function so
    // that each variant below compiles all of it (generator included) for its own instruction set.
    template <Color Us, std::uint64_t (*Recurse)(const Position&, int)>
    FEN960_INLINE static std::uint64_t perft_body(const Position& pos, int depth)
    {
        if (depth == 1) {
            CountSink count;
            generate<Us>(pos, count);
            return count.n;
        }
        MoveList moves;
        ListSink list{moves};
        generate<Us>(pos, list);
        std::uint64_t nodes = 0;
        for (const Move& m : moves) {
            Position child = pos;
            child.play(m);
            nodes += Recurse(child, depth - 1);
        }
        return nodes;
    }

    template <Color Us>
    static std::uint64_t perft_portable(const Position& pos, int depth)
    {
        return perft_body<Us, &perft_portable<~Us>>(pos, depth);
    }

#if FEN960_X86_DISPATCH
    // The same with the POPCNT instruction, which the baseline x86-64 target lacks (without it every
    // population count is a library call, and the last ply is all population counts).
    template <Color Us>
    [[gnu::target("popcnt")]] static std::uint64_t perft_popcnt(const Position& pos, int depth)
    {
        return perft_body<Us, &perft_popcnt<~Us>>(pos, depth);
    }
#endif
};

MoveList Position::legal_moves() const
{
    MoveList moves;
    ListSink sink{moves};
    PositionAccess::generate(*this, sink);
    return moves;
}

MoveList detail::legal_castlings(const Position& pos)
{
    MoveList moves;
    ListSink sink{moves};
    if (!pos.is_check())
        PositionAccess::castlings(pos, sink);
    return moves;
}

bool Position::is_legal(const Move& m) const
{
    for (const Move& legal : legal_moves())
        if (legal == m)
            return true;
    return false;
}

std::uint64_t perft_portable(const Position& pos, int depth)
{
    if (depth <= 0)
        return 1;
    return pos.turn() == Color::white ? PositionAccess::perft_portable<Color::white>(pos, depth)
                                      : PositionAccess::perft_portable<Color::black>(pos, depth);
}

std::uint64_t perft(const Position& pos, int depth)
{
#if FEN960_X86_DISPATCH
    static bool const has_popcnt = __builtin_cpu_supports("popcnt");
    if (has_popcnt) {
        if (depth <= 0)
            return 1;
        return pos.turn() == Color::white ? PositionAccess::perft_popcnt<Color::white>(pos, depth)
                                          : PositionAccess::perft_popcnt<Color::black>(pos, depth);
    }
#endif
    return perft_portable(pos, depth);
}

} // namespace fen960
