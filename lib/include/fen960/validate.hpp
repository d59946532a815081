// Whether a record describes a position that can arise in a game, and every reason it cannot.
//
//   auto record = fen960::parse_fen(text);
//   for (const std::string& reason : fen960::position_problems(*record, fen960::Rules::chess960))
//       std::cout << reason << '\n';        // e.g. "the side not to move is in check: ..."
//
//   fen960::Validation v = fen960::validate_record(text, fen960::Rules::standard);
//   // v.verdict: valid, invalid (v.problems), or error (v.errors: the record does not parse)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/fen.hpp"
#include "fen960/setup.hpp"

namespace fen960 {

// One reason a position is invalid. Problems come in a fixed order: the board, the checks, the
// castling rights (in the order of their letters), the en-passant square, the clocks.
struct Problem {
    enum class Kind : std::uint8_t {
        no_king,             // a colour has no king
        too_many_kings,      // a colour has more than one king
        pawn_on_back_rank,   // a pawn on the first or eighth rank
        too_many_pawns,      // more than 8 pawns of a colour
        too_many_pieces,     // more than 16 men of a colour
        too_many_promoted,   // more pieces beyond the starting set than missing pawns could have become
        opposite_check,      // the side not to move is in check
        too_many_checkers,   // more than two pieces give check
        impossible_check,    // two checks no single move can give
        castling_letters,    // a third right for a colour or a repeated right: the field itself is malformed
        castling,            // a castling right the position cannot have
        en_passant,          // an en-passant square that cannot be (rank, pushed pawn, occupied squares)
        en_passant_check,    // the check on the board cannot follow the double push
        en_passant_clock,    // halfmove clock not 0 right after a double push
    };
    Kind kind;
    std::uint32_t column = 1; // 1-based column of the field concerned (1 for the board and the checks)
    std::string message;      // lower case, names the squares
};

// Castling rights and en-passant squares are what `--repair` may drop; the rest it cannot fix.
constexpr bool is_repairable(Problem::Kind k)
{
    return k == Problem::Kind::castling || k == Problem::Kind::en_passant || k == Problem::Kind::en_passant_check ||
           k == Problem::Kind::en_passant_clock;
}

// Every problem of a parsed record under `rules` (castling messages name the letters).
std::vector<Problem> find_problems(const FenRecord& record, Rules rules);

// Every problem of a setup under `rules` (castling messages name the rooks' squares).
std::vector<Problem> find_problems(const Setup& setup, Rules rules);

// The problems beyond the castling and en-passant fields (board, checks, the en-passant square against
// the board), for a caller that has found no issue with check_rights (or repaired them) already.
void find_position_problems(const FenRecord& record, std::vector<Problem>& out);

// The messages alone, in the same order; empty when the position is valid.
std::vector<std::string> position_problems(const FenRecord& record, Rules rules);
std::vector<std::string> position_problems(const Setup& setup, Rules rules);

// What `fen960 validate` says about a line.
enum class Verdict : std::uint8_t {
    valid,
    invalid, // parses, but `problems` says why it is no position
    error,   // does not parse; `errors` says where (a malformed castling field counts here)
};

struct Validation {
    Verdict verdict = Verdict::valid;
    std::vector<Diagnostic> errors;
    std::vector<Problem> problems;
};

// Reads a record (any dialect, as `convert --from auto`) and judges it under `rules`. Besides what
// does not parse and a malformed castling field (castling_letters), a castling field with a black
// letter before a white one is an error here: readers take any order, a record should not.
Validation validate_record(std::string_view text, Rules rules);

} // namespace fen960
