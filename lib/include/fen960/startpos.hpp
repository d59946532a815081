// Chess960 and Double Fischer Random start positions: numbering, the start setup of a number, and a
// check that names the start position a record holds or gives every reason it holds none.
//
// Chess960 numbers are Reinhard Scharnagl's (0..959; 518 = RNBQKBNR, 0 = BBQNNRKR, 959 = RKRNNQBB).
// White's back rank for number n, filled in this order:
//   n % 4        the light-squared bishop on b, d, f or h
//   n / 4 % 4    the dark-squared bishop on a, c, e or g
//   n / 16 % 6   the queen on the 1st..6th square still free (counting from a)
//   n / 96       0..9: the two knights on two of the five free squares, in the order
//                NN---, N-N--, N--N-, N---N, -NN--, -N-N-, -N--N, --NN-, --N-N, ---NN
//   and rook, king, rook on the three squares left. Black mirrors white.
//
// Double Fischer Random Chess (DFRC): white's and black's back ranks are chosen independently
// among the 960. No other tool numbers these positions; this project's convention is
//   dfrc number = white * 960 + black        (0..921,599)
// with `white` and `black` the Chess960 numbers of the two back ranks (black's read a8..h8). The
// mirrored positions are the numbers n * 961; they are the Chess960 starts n.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/setup.hpp"
#include "fen960/types.hpp"
#include "fen960/validate.hpp"

namespace fen960 {

inline constexpr std::uint32_t chess960_count = 960;
inline constexpr std::uint32_t dfrc_count = chess960_count * chess960_count;

// The roles on a back rank, file a to h.
using BackRank = std::array<Role, 8>;

namespace detail {

// The knight pairs among five free squares in Scharnagl's order (index = n / 96).
inline constexpr std::array<std::array<int, 2>, 10> knight_pairs{
    {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};

constexpr std::size_t slot(Role r) { return static_cast<std::size_t>(index(r)); }

} // namespace detail

// White's back rank of a Chess960 number; none outside 0..959.
constexpr std::optional<BackRank> chess960_back_rank(std::uint32_t number)
{
    if (number >= chess960_count)
        return std::nullopt;
    std::array<std::optional<Role>, 8> rank{};
    // Puts `role` on the `nth` (0-based) free square from the a-file.
    auto place_on_free = [&rank](int nth, Role role) {
        for (auto& square : rank)
            if (!square && nth-- == 0) {
                square = role;
                return;
            }
    };
    std::uint32_t n = number;
    rank[2 * (n % 4) + 1] = Role::bishop; // b, d, f, h are light
    n /= 4;
    rank[2 * (n % 4)] = Role::bishop; // a, c, e, g are dark
    n /= 4;
    place_on_free(static_cast<int>(n % 6), Role::queen);
    n /= 6;
    auto const [first, second] = detail::knight_pairs[n];
    place_on_free(second, Role::knight); // the later one first, so that `first` still counts right
    place_on_free(first, Role::knight);
    place_on_free(0, Role::rook);
    place_on_free(0, Role::king);
    place_on_free(0, Role::rook);
    BackRank roles{};
    for (std::size_t f = 0; f < 8; ++f)
        roles[f] = *rank[f];
    return roles;
}

// Why a back rank is not one of the 960 arrangements; more than one can hold.
struct ArrangementFaults {
    bool wrong_piece_set = false;        // not one king, one queen, two rooks, two bishops, two knights
    bool bishops_one_colour = false;     // both bishops on light or both on dark squares
    bool king_not_between_rooks = false; // judged only when the piece set is right

    constexpr bool any() const { return wrong_piece_set || bishops_one_colour || king_not_between_rooks; }
    friend constexpr bool operator==(const ArrangementFaults&, const ArrangementFaults&) = default;
};

constexpr ArrangementFaults arrangement_faults(const BackRank& rank)
{
    std::array<int, 6> count{};
    for (Role r : rank)
        ++count[detail::slot(r)];
    ArrangementFaults faults;
    using detail::slot;
    faults.wrong_piece_set = count[slot(Role::pawn)] != 0 || count[slot(Role::knight)] != 2 ||
                             count[slot(Role::bishop)] != 2 || count[slot(Role::rook)] != 2 ||
                             count[slot(Role::queen)] != 1 || count[slot(Role::king)] != 1;
    if (faults.wrong_piece_set)
        return faults;
    int bishop_parity = 0; // sum of the bishops' file parities: 1 when they stand on both colours
    int rooks_before_king = 0;
    bool king_seen = false;
    for (std::size_t f = 0; f < 8; ++f) {
        if (rank[f] == Role::bishop)
            bishop_parity += static_cast<int>(f % 2);
        if (rank[f] == Role::king)
            king_seen = true;
        if (rank[f] == Role::rook && !king_seen)
            ++rooks_before_king;
    }
    faults.bishops_one_colour = bishop_parity != 1;
    faults.king_not_between_rooks = rooks_before_king != 1;
    return faults;
}

// The Chess960 number of a back rank; none when it is not one of the 960 arrangements.
constexpr std::optional<std::uint32_t> chess960_number(const BackRank& rank)
{
    if (arrangement_faults(rank).any())
        return std::nullopt;
    std::uint32_t light = 0;
    std::uint32_t dark = 0;
    std::array<int, 8> free_index{}; // index among the squares left free by the bishops (queen step)
    int free_squares = 0;
    for (std::size_t f = 0; f < 8; ++f) {
        if (rank[f] == Role::bishop)
            (f % 2 ? light : dark) = static_cast<std::uint32_t>(f / 2);
        else
            free_index[f] = free_squares++;
    }
    std::uint32_t queen = 0;
    std::array<int, 2> knights{};
    int knights_found = 0;
    int after_queen = 0; // index among the squares left free by the bishops and the queen
    for (std::size_t f = 0; f < 8; ++f) {
        if (rank[f] == Role::bishop)
            continue;
        if (rank[f] == Role::queen) {
            queen = static_cast<std::uint32_t>(free_index[f]);
            continue;
        }
        if (rank[f] == Role::knight)
            knights[static_cast<std::size_t>(knights_found++)] = after_queen;
        ++after_queen;
    }
    std::uint32_t pair = 0;
    while (detail::knight_pairs[pair] != knights)
        ++pair;
    return light + 4 * (dark + 4 * (queen + 6 * pair));
}

// Double Fischer Random numbers from and to the two Chess960 numbers; none out of range.
constexpr std::optional<std::uint32_t> dfrc_number(std::uint32_t white, std::uint32_t black)
{
    if (white >= chess960_count || black >= chess960_count)
        return std::nullopt;
    return white * chess960_count + black;
}

struct DfrcPair {
    std::uint32_t white = 0; // Chess960 number of white's back rank
    std::uint32_t black = 0; // Chess960 number of black's back rank (read a8..h8)
    friend constexpr bool operator==(const DfrcPair&, const DfrcPair&) = default;
};

constexpr std::optional<DfrcPair> dfrc_pair(std::uint32_t number)
{
    if (number >= dfrc_count)
        return std::nullopt;
    return DfrcPair{number / chess960_count, number % chess960_count};
}

// The start position with these back ranks: pawns on ranks 2 and 7, white to move, the four rooks'
// castling rights, no en-passant square, clocks 0 1.
constexpr Setup start_setup(const BackRank& white, const BackRank& black)
{
    Setup setup;
    for (int f = 0; f < 8; ++f) {
        auto const file = static_cast<std::size_t>(f);
        setup.board.put(Square(File(f), Rank(0)), Piece{Color::white, white[file]});
        setup.board.put(Square(File(f), Rank(1)), Piece{Color::white, Role::pawn});
        setup.board.put(Square(File(f), Rank(6)), Piece{Color::black, Role::pawn});
        setup.board.put(Square(File(f), Rank(7)), Piece{Color::black, black[file]});
    }
    setup.castling_rooks = setup.board.pieces(Color::white, Role::rook) & rank_mask(Rank(0));
    setup.castling_rooks |= setup.board.pieces(Color::black, Role::rook) & rank_mask(Rank(7));
    return setup;
}

// The start setup of a Chess960 number (0..959) or of a DFRC number (0..921,599); none out of range.
constexpr std::optional<Setup> chess960_setup(std::uint32_t number)
{
    auto const rank = chess960_back_rank(number);
    if (!rank)
        return std::nullopt;
    return start_setup(*rank, *rank);
}

constexpr std::optional<Setup> dfrc_setup(std::uint32_t number)
{
    auto const pair = dfrc_pair(number);
    if (!pair)
        return std::nullopt;
    auto const white = chess960_back_rank(pair->white);
    auto const black = chess960_back_rank(pair->black);
    assert(white && black && "a DFRC pair is two Chess960 numbers");
    return start_setup(*white, *black);
}

// A number drawn uniformly from 0..count-1 (count >= 1). The generator's sequence is fixed by the
// C++ standard and the reduction is ours (rejection of the biased top), so a seed gives the same
// number with every compiler and standard library; std::uniform_int_distribution would not.
inline std::uint64_t draw_uniform(std::mt19937_64& generator, std::uint64_t count)
{
    std::uint64_t const limit = UINT64_MAX - UINT64_MAX % count; // a multiple of count
    for (;;) {
        std::uint64_t const x = generator();
        if (x < limit)
            return x % count;
    }
}

// What a record is as a start position.
enum class StartKind : std::uint8_t {
    chess960, // a Chess960 start (the standard one is 518)
    dfrc,     // a Double Fischer Random start whose back ranks do not mirror each other
    none,
};

// A way a record differs from a Chess960 start position.
enum class StartReason : std::uint8_t {
    wrong_piece_set,        // a back rank does not hold K, Q, 2 R, 2 B, 2 N of its colour
    bishops_one_colour,     // a back rank's bishops stand on squares of one colour
    king_not_between_rooks, // a back rank's king is not between its rooks
    not_mirrored,           // both back ranks are arrangements of the 960, but different ones
    pawns,                  // a colour's pawns do not fill its second rank
    other_pieces,           // pieces on ranks 3 to 6
    black_to_move,
    castling_rights, // the castling rights are not exactly those of the four back-rank rooks
    en_passant,      // an en-passant square
    clocks,          // halfmove clock and fullmove number not 0 and 1
};

struct StartProblem {
    StartReason reason;
    std::string message; // lower case, e.g. "white back rank: bishops on squares of one colour (c1, e1)"
};

struct StartCheck {
    StartKind kind = StartKind::none;
    std::uint32_t number = 0;           // the Chess960 number, or the DFRC number; 0 for none
    std::vector<StartProblem> problems; // when none: every reason, in the order of the record's fields
};

// Names the start position a setup holds. Castling rights are compared as rook squares, so they count
// in whichever dialect the record was written. A setup whose only departure from a Chess960 start is
// `not_mirrored` is a DFRC start. The setup need not be a valid position (nothing here needs that).
StartCheck check_start_position(const Setup& setup);

// The rooks on each colour's back rank: a start position's castling rights.
Bitboard back_rank_rooks(const Board& board);

// A setup that is a start position (a Chess960 or Double Fischer Random one, as identify judges it) in
// all but its castling rights, which are not exactly the four rooks' (lichess's 2023-11 dump has
// `rkrnnbbq/pppppppp/8/8/8/8/PPPPPPPP/RKRNNBBQ w HEhe - 0 1` for start 958): that start, with the
// rooks' rights. Nothing for any other setup, a start as it stands among them.
struct RestoredStart {
    StartCheck check;        // kind chess960 or dfrc, and the number
    Bitboard castling_rooks; // the four rooks
};
std::optional<RestoredStart> restore_start_rights(const Setup& setup);

// `518`, `dfrc:497280` or `-`: how `fen960 identify` names a check's verdict.
std::string start_label(const StartCheck& check);

// What `fen960 identify` finds in a record.
struct Identification {
    // valid: `check` holds the answer; invalid: the record parses but its position cannot arise in a
    // Chess960 game (`errors` has every reason, at the column of its field); error: the record does
    // not parse, or its castling field is malformed (`errors` says where, as convert does).
    Verdict verdict = Verdict::valid;
    std::vector<Diagnostic> errors;
    StartCheck check;
};

// Reads a record in any dialect and judges it by Chess960 rules (so that castling rights count in
// every dialect), then, when it is a valid position, checks it as a start position.
Identification identify_record(std::string_view text, InputDialect from = InputDialect::automatic);

} // namespace fen960
