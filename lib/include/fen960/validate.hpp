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

#include "fen960/castling.hpp"
#include "fen960/diagnostic.hpp"
#include "fen960/fen.hpp"
#include "fen960/problem.hpp"
#include "fen960/setup.hpp"

namespace fen960 {

// Problems (problem.hpp) come in a fixed order: the board, the checks, the castling rights (in the
// order of their letters), the en-passant square, the clocks.

// Every problem of a record's castling rights (judge_castling's) and its en-passant field (rank,
// pushed pawn, empty squares), in field order, each at its field's column.
void check_rights(const FenRecord& record, Rules rules, std::vector<Problem>& problems);

// Drops what check_rights finds: keeps the rights the castling judge keeps (keep_rights) and drops an
// en-passant square at fault; one warning per dropped item ("...; dropped", at its column).
std::vector<Diagnostic> repair_rights(FenRecord& record, Rules rules);

// `convert --repair`'s whole judgement: repair_rights, then the position's problems
// (find_position_problems) less those of an en-passant square the board contradicts (the check it
// implies, the clock: is_repairable), for which the square is dropped too, with one warning. Warnings
// are appended to `warnings` in field order; returns the problems no repair removes.
std::vector<Problem> repair_record(FenRecord& record, Rules rules, std::vector<Diagnostic>& warnings);

// Every problem of a parsed record under `rules` (castling messages name the letters).
std::vector<Problem> find_problems(const FenRecord& record, Rules rules);

// Every problem of a setup under `rules` (castling messages name the rooks' squares).
std::vector<Problem> find_problems(const Setup& setup, Rules rules);

// The problems beyond the castling and en-passant fields (board, checks, the en-passant square against
// the board), for a caller that has found no problem with check_rights (or repaired them) already.
void find_position_problems(const FenRecord& record, std::vector<Problem>& out);

// The messages alone, in the same order; empty when the position is valid.
std::vector<std::string> position_problems(const FenRecord& record, Rules rules);
std::vector<std::string> position_problems(const Setup& setup, Rules rules);

// The acceptance rule of every command but validate (convert, key, perft, pgn's FEN tag, Position's
// Strictness::playable): a record whose fields parse, whose castling rights and en-passant field are
// sound (check_rights) and which the move generator can play (one king each, the side not to move not
// in check) is accepted; when no game reaches it besides (is_unreachable: a check no move gives, too
// many pieces, pawns or promoted pieces, a pawn on the first or eighth rank, an en-passant square the
// board's check or the clock contradicts) it is accepted with a warning saying why, and refused
// under Acceptance::strict. validate judges reachability itself: every problem makes a record invalid.
enum class Acceptance : std::uint8_t {
    playable, // what the move generator plays: unreachable positions with a warning (the default)
    strict,   // only positions a game can reach (`--strict`)
};

// Whether a position with this problem is still one the move generator plays: no game reaches it,
// but it has one king each, the side not to move is not in check, and its fields are sound.
bool is_unreachable(ProblemKind kind);

// The rule applied to the problems find_position_problems (or repair_record) left: nothing, or every
// problem is unreachable and `mode` is playable, and the position is accepted (with
// unreachable_warning in `warnings` when there are any); otherwise refused with every reason,
// "invalid position: REASON; REASON" at column 1.
Expected<void, Diagnostics> accept_position(const std::vector<Problem>& problems, Acceptance mode,
                                            std::vector<Diagnostic>& warnings);

// The warning of an accepted position no game reaches: "not a position of a legal game (REASON;
// REASON)" at column 1.
Diagnostic unreachable_warning(const std::vector<std::string>& reasons);
Diagnostic unreachable_warning(const std::vector<Problem>& problems);

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
// does not parse and a malformed castling field (is_malformed_castling), a castling field with a black
// letter before a white one is an error here: readers take any order, a record should not.
Validation validate_record(std::string_view text, Rules rules);

namespace detail {

// The first step of validate_record and of identify_record (startpos.hpp): `text` read in any dialect
// (as convert --from auto) into `record` and judged under `rules`. A text that does not read has
// verdict error and the reason in `errors`; one that reads has every problem in `problems`, those of a
// malformed castling field (is_malformed_castling) in `errors` too, and verdict valid for the caller
// to decide.
Validation read_and_judge(std::string_view text, Rules rules, FenRecord& record);

} // namespace detail

} // namespace fen960
