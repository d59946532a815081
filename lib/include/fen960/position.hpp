// A legal position and its legal moves, for standard chess and Chess960 alike: castling is defined
// by the castling rooks' squares, so one generator serves both.
//
//   auto record = fen960::parse_fen("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"); // fen.hpp
//   auto pos = fen960::Position::from_setup(record->setup);      // Expected<Position>
//   for (const fen960::Move& m : pos->legal_moves())
//       std::cout << fen960::to_uci(*pos, m, true) << '\n';
//   std::uint64_t nodes = fen960::perft(*pos, 4);
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/problem.hpp"
#include "fen960/rules.hpp"
#include "fen960/setup.hpp"
#include "fen960/types.hpp"

namespace fen960 {

enum class MoveKind : std::uint8_t { normal, promotion, en_passant, castling };

// A move as the generator sees it. Castling is "king takes own rook": `to` is the castling rook's
// square, which names the side without ambiguity in Chess960.
struct Move {
    Square from{0};
    Square to{0};                 // castling: the castling rook's square
    MoveKind kind = MoveKind::normal;
    Role promotion = Role::queen; // meaningful only for MoveKind::promotion

    friend constexpr bool operator==(const Move&, const Move&) = default;
};

// The legal moves of a position. No position of a game has more than 218, but the acceptance rule
// (validate.hpp) lets through boards no game reaches, fifteen queens or forty men a side: the
// capacity holds any board's. A side with N men has at most 27(N - 1) + 10 moves (a queen's 27 at
// most, a pawn's 12 with promotions, the king's 8 and two castlings), and at most 16(63 - N) + 74
// (each square it can move to is reached along 8 lines and from 8 knight squares; promotions 4 ways
// on 8 squares from 3 pawns each; two castlings): both bounds together stay under 700.
class MoveList {
public:
    static constexpr std::size_t capacity = 1024;

    MoveList() {} // the storage is left uninitialised: only what push_back wrote is read
    const Move* begin() const { return data(); }
    const Move* end() const { return data() + size_; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move& operator[](std::size_t i) const { return data()[i]; }

    void push_back(const Move& m) { data()[size_++] = m; }
    void clear() { size_ = 0; }

private:
    // Bytes, which create the Moves written into them (C++20 implicit object creation).
    const Move* data() const { return std::launder(reinterpret_cast<const Move*>(storage_)); }
    Move* data() { return std::launder(reinterpret_cast<Move*>(storage_)); }

    alignas(Move) std::byte storage_[capacity * sizeof(Move)];
    std::size_t size_ = 0;
};

// How much of validate.hpp's judgement from_setup insists on.
enum class Strictness : std::uint8_t {
    legal,    // every problem is an error: the position can arise in a game of the rules
    playable, // the acceptance rule (validate.hpp's is_unreachable): only what move generation relies
              // on, one king each, the side not to move not in check, sound castling rights and
              // en-passant square. Checks no move can give, too many pieces or pawns, a pawn on the
              // first or eighth rank or a stale clock are let through (perft suites use such positions).
};

class Position {
public:
    // The position a setup describes; fails (column 1, every reason joined by "; ") when it is not a
    // position of `rules` (see validate.hpp for the reasons).
    static Expected<Position> from_setup(const Setup& setup, Rules rules = Rules::chess960,
                                         Strictness strictness = Strictness::legal);

    // The same with each reason kept apart (its kind, column 1, its message): the position, or the
    // problems that refuse it.
    static Expected<Position, std::vector<Problem>> from_setup_problems(const Setup& setup, Rules rules,
                                                                        Strictness strictness);

    // The current state as a record's fields. After a double pawn push the en-passant square is set
    // whether or not a capture is possible (the FEN standard's rule); the clocks are kept up to date.
    Setup setup() const;

    const Board& board() const { return board_; }
    Color turn() const { return turn_; }
    Bitboard castling_rooks() const { return castling_rooks_; }
    std::optional<Square> ep_square() const;
    bool has_ep_square() const { return ep_square_ != no_square; }
    std::uint32_t halfmove_clock() const { return halfmove_clock_; }
    std::uint32_t fullmove_number() const { return fullmove_number_; }
    Square king(Color c) const { return lsb(board_.pieces(c, Role::king)); }

    MoveList legal_moves() const;
    bool is_check() const { return checkers() != 0; }
    // The pieces giving check to the side to move.
    Bitboard checkers() const;
    bool is_checkmate() const { return is_check() && legal_moves().empty(); }
    bool is_stalemate() const { return !is_check() && legal_moves().empty(); }
    bool is_legal(const Move& m) const;

    // Plays a move; `m` must be one of legal_moves() (anything else is a bug, not checked here).
    void play(const Move& m) { play(m, board_.role_at(m.from)); }
    // The same for a caller that knows the role of the piece on m.from (`mover`), which saves
    // looking it up.
    void play(const Move& m, Role mover);

    // The squares castling puts the king and rook on: g/f (h-side) or c/d (a-side) of the back rank.
    static constexpr Square castling_king_target(Square king, Square rook)
    {
        return Square(File(rook.file() > king.file() ? 6 : 2), king.rank());
    }
    static constexpr Square castling_rook_target(Square king, Square rook)
    {
        return Square(File(rook.file() > king.file() ? 5 : 3), king.rank());
    }

    friend bool operator==(const Position&, const Position&) = default;

private:
    Position() = default;
    friend struct PositionAccess; // the generator in movegen.cpp

    Board board_;
    Bitboard castling_rooks_ = 0;
    Color turn_ = Color::white;
    std::uint8_t ep_square_ = no_square; // square behind the last double push, or no_square
    std::uint32_t halfmove_clock_ = 0;
    std::uint32_t fullmove_number_ = 1;

    static constexpr std::uint8_t no_square = 64;
};

// Inline: the PGN importer and perft play millions of moves.
[[gnu::always_inline]] inline void Position::play(const Move& m, Role role)
{
    Color const us = turn_;
    Bitboard const back_rank = rank_mask(Rank::back(us));
    // A legal move's pieces are known: each change touches only the bitboards of the pieces it moves.
    ep_square_ = no_square;
    ++halfmove_clock_;
    switch (m.kind) {
    case MoveKind::castling: {
        Square const king_to = castling_king_target(m.from, m.to);
        Square const rook_to = castling_rook_target(m.from, m.to);
        board_.remove(m.from, Piece{us, Role::king});
        board_.remove(m.to, Piece{us, Role::rook});
        board_.put(king_to, Piece{us, Role::king});
        board_.put(rook_to, Piece{us, Role::rook});
        castling_rooks_ &= ~back_rank;
        break;
    }
    case MoveKind::en_passant:
        board_.remove(m.from, Piece{us, Role::pawn});
        board_.remove(Square(m.to.file(), m.from.rank()), Piece{~us, Role::pawn});
        board_.put(m.to, Piece{us, Role::pawn});
        halfmove_clock_ = 0;
        break;
    case MoveKind::normal:
    case MoveKind::promotion:
        if (contains(board_.by_color(~us), m.to)) {
            board_.remove(m.to, Piece{~us, board_.role_at(m.to)});
            halfmove_clock_ = 0;
        }
        board_.remove(m.from, Piece{us, role});
        board_.put(m.to, Piece{us, m.kind == MoveKind::promotion ? m.promotion : role});
        if (role == Role::pawn) {
            halfmove_clock_ = 0;
            if (m.to.index() - m.from.index() == 16 || m.from.index() - m.to.index() == 16)
                ep_square_ = static_cast<std::uint8_t>((m.from.index() + m.to.index()) / 2);
        } else if (role == Role::king) {
            castling_rooks_ &= ~back_rank;
        }
        break;
    }
    // A rook that moves or is taken loses its right.
    castling_rooks_ &= ~bit(m.from) & ~bit(m.to);
    fullmove_number_ += static_cast<std::uint32_t>(index(us)); // black's move: no branch (turns predict badly)
    turn_ = ~us;
}

// UCI notation (defined in play.cpp; fen960/play.hpp has UCI's other readers and writers). Castling is
// written king-takes-rook (`e1h1`, `b1a1`) when `chess960`; otherwise as the king's two-square move
// (`e1g1`) when the king is on e1/e8 and the rook on a/h, else still as king-takes-rook, the only
// unambiguous form left.
std::string to_uci(const Position& pos, const Move& m, bool chess960);

// The legal move a UCI token (`e2e4`, `e7e8q`) names, or nothing. Castling may be given either way:
// king-takes-rook (`e1h1`) always, the king's move to its castling square (`e1g1`) when that is not
// also a legal move of the king (read_move in play.hpp gives the reason when there is no move).
std::optional<Move> parse_uci(const Position& pos, std::string_view uci);

// The number of leaf nodes of the legal move tree `depth` plies deep (1 at depth 0). On x86 CPUs with
// POPCNT a variant compiled for it runs (chosen at run time; the build itself stays portable).
std::uint64_t perft(const Position& pos, int depth);

// The same count by the portable code only, whatever the CPU (for tests and comparisons).
std::uint64_t perft_portable(const Position& pos, int depth);

} // namespace fen960
