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

} // namespace fen960
