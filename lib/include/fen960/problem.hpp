// The one taxonomy of what makes a record's position impossible: the board, the checks, the castling
// rights, the en-passant square and the clocks. The castling judge (castling.hpp), the checks of a
// record's fields (check_rights) and validation (validate.hpp) all report in it, so a problem keeps
// its kind, its column and its message from where it is found to whoever prints it.
#pragma once

#include <cstdint>
#include <string>

namespace fen960 {

// In the order problems are reported (the FEN fields' order): a caller may compare kinds.
enum class ProblemKind : std::uint8_t {
    // 1. The board.
    no_king,           // a colour has no king
    too_many_kings,    // a colour has more than one king
    pawn_on_back_rank, // a pawn on the first or eighth rank
    too_many_pawns,    // more than 8 pawns of a colour
    too_many_pieces,   // more than 16 men of a colour
    too_many_promoted, // more pieces beyond the starting set than missing pawns could have become
    // 2. The checks.
    opposite_check,    // the side not to move is in check
    too_many_checkers, // more than two pieces give check
    impossible_check,  // two checks no single move can give
    // 3. Castling: a right the position cannot have (judge_castling). The first two say the field
    // itself is malformed.
    too_many_rights,    // a third letter for one colour
    duplicate_right,    // a letter naming a rook an earlier letter named
    rook_off_back_rank, // a setup's right for a square off the back ranks (a record cannot say that)
    king_off_back_rank, // no king of that colour on its back rank (or more than one king)
    no_rook,            // no own rook on the named square
    same_side,          // a right on one side of the king with another own rook's right beyond it
    not_standard,       // standard rules: not the king on e1/e8 and the rook on a/h (is_standard_castling)
    // 4. The en-passant square: first the field (rank, pushed pawn, empty squares), then the board.
    ep_wrong_rank,    // not on rank 6 (white to move) or 3 (black to move)
    ep_no_pawn,       // no enemy pawn in front of it that could just have moved two squares
    ep_occupied,      // the square or the one behind it is occupied
    en_passant_check, // the check on the board cannot follow the double push
    // 5. The clocks.
    en_passant_clock, // halfmove clock not 0 right after a double push
};

// One reason a position is invalid.
struct Problem {
    using Kind = ProblemKind;
    Kind kind;
    std::uint32_t column = 1; // 1-based column of the field concerned (1 for the board, the checks and a setup)
    std::string message;      // lower case, names the squares (and a record's castling letter)

    friend bool operator==(const Problem&, const Problem&) = default;
};

// A third right for a colour or a repeated right: the castling field is malformed, which validate and
// identify call an error of the record rather than a problem of the position.
constexpr bool is_malformed_castling(ProblemKind k)
{
    return k == ProblemKind::too_many_rights || k == ProblemKind::duplicate_right;
}

// A castling right the position cannot have (any reason, the malformed field's included).
constexpr bool is_castling(ProblemKind k)
{
    return k >= ProblemKind::too_many_rights && k <= ProblemKind::not_standard;
}

// The en-passant field itself is at fault (as opposed to the board around a possible square).
constexpr bool is_en_passant_field(ProblemKind k)
{
    return k >= ProblemKind::ep_wrong_rank && k <= ProblemKind::ep_occupied;
}

// Castling rights and en-passant squares are what `--repair` may drop; the rest it cannot fix.
constexpr bool is_repairable(ProblemKind k)
{
    return k >= ProblemKind::too_many_rights;
}

} // namespace fen960
