// A position: set up from a record (checked), its state as a record again, playing moves. The legal
// moves and perft are movegen.cpp's; UCI notation (to_uci, parse_uci) is play.cpp's.
#include "fen960/position.hpp"

#include <string>

#include "core/attacks.hpp"
#include "fen960/validate.hpp"

namespace fen960 {

using namespace detail;

Expected<Position> Position::from_setup(const Setup& setup, Rules rules, Strictness strictness)
{
    auto pos = from_setup_problems(setup, rules, strictness);
    if (pos)
        return std::move(*pos);
    std::string message;
    for (const Problem& p : pos.error())
        message += (message.empty() ? "" : "; ") + p.message;
    return Diagnostic{1, 1, std::move(message)};
}

Expected<Position, std::vector<Problem>> Position::from_setup_problems(const Setup& setup, Rules rules,
                                                                       Strictness strictness)
{
    init_attacks();
    std::vector<Problem> problems;
    for (Problem& p : find_problems(setup, rules))
        if (strictness == Strictness::legal || !is_unreachable(p.kind))
            problems.push_back(std::move(p));
    if (!problems.empty())
        return problems;
    Position pos;
    pos.board_ = setup.board;
    pos.turn_ = setup.turn;
    pos.castling_rooks_ = setup.castling_rooks;
    pos.ep_square_ = setup.ep_square ? static_cast<std::uint8_t>(setup.ep_square->index()) : no_square;
    pos.halfmove_clock_ = setup.halfmove_clock;
    pos.fullmove_number_ = setup.fullmove_number;
    return pos;
}

Setup Position::setup() const
{
    Setup s;
    s.board = board_;
    s.turn = turn_;
    s.castling_rooks = castling_rooks_;
    s.ep_square = ep_square();
    s.halfmove_clock = halfmove_clock_;
    s.fullmove_number = fullmove_number_;
    return s;
}

std::optional<Square> Position::ep_square() const
{
    if (ep_square_ == no_square)
        return std::nullopt;
    return Square(ep_square_);
}

Bitboard Position::checkers() const
{
    return attackers_to(board_, king(turn_).index(), board_.occupied()) & board_.by_color(~turn_);
}

void Position::play(const Move& m, Role role)
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
    if (us == Color::black)
        ++fullmove_number_;
    turn_ = ~us;
}

} // namespace fen960
