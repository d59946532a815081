// The start-position check: compares a setup with the start position its back ranks would make and
// names every difference, so that one look at the reasons says what to fix.
#include "fen960/startpos.hpp"

#include <cassert>
#include <utility>

namespace fen960 {

namespace {

std::string piece_name(Piece p)
{
    return std::string(name(p.color)) + " " + name(p.role);
}

// "b1 empty" or "black queen on b1": what stands on a square where something else belongs.
std::string occupant(const Board& board, Square s)
{
    auto const piece = board.piece_at(s);
    return piece ? piece_name(*piece) + " on " + s.name() : s.name() + " empty";
}

std::string joined(const std::vector<std::string>& parts, const char* separator = ", ")
{
    std::string out;
    for (const std::string& part : parts)
        out += (out.empty() ? "" : separator) + part;
    return out;
}

std::string square_list(Bitboard squares)
{
    std::vector<std::string> names;
    for (Bitboard b = squares; b; b &= b - 1)
        names.push_back(lsb(b).name());
    return joined(names);
}

std::string rank_letters(const BackRank& roles, Color color)
{
    std::string letters;
    for (Role r : roles)
        letters.push_back(Piece{color, r}.letter());
    return letters;
}

// 1. Piece placement, a back rank: its Chess960 number, or the reasons it has none.
std::optional<std::uint32_t> read_back_rank(const Board& board, Color color, BackRank& roles,
                                            std::vector<StartProblem>& problems)
{
    Rank const rank = Rank::back(color);
    std::string const what = std::string(name(color)) + " back rank: ";
    std::vector<std::string> foreign; // squares not holding a piece of `color` other than a pawn
    std::array<int, 6> count{};
    for (int f = 0; f < 8; ++f) {
        Square const s(File(f), rank);
        auto const piece = board.piece_at(s);
        auto& role = roles[static_cast<std::size_t>(f)];
        role = Role::pawn; // a placeholder that no arrangement contains
        if (!piece || piece->color != color || piece->role == Role::pawn) {
            foreign.push_back(occupant(board, s));
            continue;
        }
        role = piece->role;
        ++count[static_cast<std::size_t>(index(role))];
    }
    ArrangementFaults const faults = arrangement_faults(roles);
    if (faults.wrong_piece_set) {
        constexpr std::array<std::pair<Role, int>, 5> expected{
            {{Role::king, 1}, {Role::queen, 1}, {Role::rook, 2}, {Role::bishop, 2}, {Role::knight, 2}}};
        for (auto [role, wanted] : expected) {
            int const n = count[static_cast<std::size_t>(index(role))];
            std::string const piece = std::string(name(color)) + " " + name(role);
            if (n == 0)
                foreign.push_back("no " + piece);
            else if (n != wanted)
                foreign.push_back(std::to_string(n) + " " + piece + (n == 1 ? "" : "s") + " instead of " +
                                  std::to_string(wanted));
        }
        problems.push_back({StartReason::wrong_piece_set, what + "wrong piece set (" + joined(foreign) + ")"});
        return std::nullopt;
    }
    Bitboard const own = board.by_color(color) & rank_mask(rank);
    if (faults.bishops_one_colour)
        problems.push_back({StartReason::bishops_one_colour,
                            what + "bishops on squares of one colour (" +
                                square_list(own & board.by_role(Role::bishop)) + ")"});
    if (faults.king_not_between_rooks)
        problems.push_back({StartReason::king_not_between_rooks,
                            what + "king on " + lsb(own & board.by_role(Role::king)).name() +
                                " not between the rooks (" + square_list(own & board.by_role(Role::rook)) + ")"});
    return chess960_number(roles);
}

} // namespace

Bitboard back_rank_rooks(const Board& board)
{
    return (board.pieces(Color::white, Role::rook) & rank_mask(Rank::back(Color::white))) |
           (board.pieces(Color::black, Role::rook) & rank_mask(Rank::back(Color::black)));
}

StartCheck check_start_position(const Setup& setup)
{
    const Board& board = setup.board;
    std::vector<StartProblem> problems;

    // 1. Piece placement: the back ranks, each on its own and against each other.
    BackRank white_rank{};
    BackRank black_rank{};
    auto const white = read_back_rank(board, Color::white, white_rank, problems);
    auto const black = read_back_rank(board, Color::black, black_rank, problems);
    if (white && black && *white != *black)
        problems.push_back({StartReason::not_mirrored, "black back rank " + rank_letters(black_rank, Color::black) +
                                                           " (" + std::to_string(*black) + ") does not mirror white's " +
                                                           rank_letters(white_rank, Color::white) + " (" +
                                                           std::to_string(*white) + ")"});
    // The pawns, then whatever stands on ranks 3 to 6.
    for (Color const color : both_colors) {
        Rank const rank = Rank::relative(color, 1);
        std::vector<std::string> gaps;
        for (int f = 0; f < 8; ++f) {
            Square const s(File(f), rank);
            if (!contains(board.pieces(color, Role::pawn), s))
                gaps.push_back(occupant(board, s));
        }
        if (!gaps.empty())
            problems.push_back({StartReason::pawns, std::string(name(color)) + " pawns do not fill rank " +
                                                        rank.digit() + " (" + joined(gaps) + ")"});
    }
    std::vector<std::string> others;
    for (int s = 16; s < 48; ++s)
        if (contains(board.occupied(), Square(s)))
            others.push_back(occupant(board, Square(s)));
    if (!others.empty())
        problems.push_back({StartReason::other_pieces, "other pieces on the board (" + joined(others) + ")"});

    // 2. Side to move.
    if (setup.turn == Color::black)
        problems.push_back({StartReason::black_to_move, "black to move (white moves first in a start position)"});

    // 3. Castling rights: exactly the rooks on the back ranks, however the record spelled them.
    Bitboard const rooks = back_rank_rooks(board);
    if (setup.castling_rooks != rooks) {
        std::vector<std::string> parts;
        if (Bitboard const missing = rooks & ~setup.castling_rooks)
            parts.push_back("missing " + square_list(missing));
        if (Bitboard const extra = setup.castling_rooks & ~rooks)
            parts.push_back("extra " + square_list(extra));
        problems.push_back({StartReason::castling_rights,
                            "castling rights are not exactly the four rooks (" + joined(parts, "; ") + ")"});
    }

    // 4. En-passant square.
    if (setup.ep_square)
        problems.push_back({StartReason::en_passant,
                            "en-passant square " + setup.ep_square->name() + " (a start position has none)"});

    // 5, 6. Clocks.
    if (setup.halfmove_clock != 0 || setup.fullmove_number != 1)
        problems.push_back({StartReason::clocks, "clocks " + std::to_string(setup.halfmove_clock) + " " +
                                                     std::to_string(setup.fullmove_number) +
                                                     " (a start position has 0 1)"});

    StartCheck check;
    if (problems.empty()) {
        assert(white && "a back rank that is no Chess960 start is a problem of its own");
        check.kind = StartKind::chess960;
        check.number = *white;
    } else if (problems.size() == 1 && problems.front().reason == StartReason::not_mirrored) {
        assert(white && black && "not_mirrored is found only between two Chess960 back ranks");
        auto const number = dfrc_number(*white, *black);
        assert(number && "two Chess960 numbers make a DFRC number");
        check.kind = StartKind::dfrc;
        check.number = *number;
    } else {
        check.problems = std::move(problems);
    }
    return check;
}

} // namespace fen960
