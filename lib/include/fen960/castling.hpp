// The castling judge: which of the castling rights a record or a setup claims the position has, and
// why each other one is not a right. Everything that asks (convert and its --repair, validate,
// identify, show, the PGN importer's FEN tag, Position::from_setup) asks this one judge, as
// shakmaty's `Castles::from_setup` returns the repaired rights as its error
// (niklasf/shakmaty:shakmaty/src/setup.rs).
//
//   auto record = fen960::parse_fen("4k3/8/8/8/8/8/8/R3K2R w KQkqB - 0 1");
//   fen960::CastlingJudgement j = fen960::judge_castling(*record, fen960::Rules::chess960);
//   // j.rooks: a1, h1; j.problems: 'k', 'q' (no black rook), 'B' (a third right for white)
//
// A right is a claim on the castling rook's square (setup.hpp). It is a right of the position when
//   - the king of its colour is the only one and stands on its back rank, with an own rook on the square;
//   - no claim of that colour for a rook further out on the same side of the king names an own rook
//     (the outermost one is the right; the inner one is at fault);
//   - under standard rules, the king is on e1/e8 and the rook on a/h (is_standard_castling, rules.hpp).
// A record's field adds two rules of its own: no letter repeats a rook an earlier one named, and no
// colour has more than two letters (the third and later are at fault, the repeated ones counted).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "fen960/fen.hpp"
#include "fen960/problem.hpp"
#include "fen960/rules.hpp"
#include "fen960/setup.hpp"
#include "fen960/types.hpp"

namespace fen960 {

// What the judge says: the rights the position has, and one problem (its kind, the column of its
// letter, or 1 for a setup, and its message) for every other claim, in the field's order. The rights
// are what `--repair` keeps: the outermost valid right on each side of each king.
struct CastlingJudgement {
    Bitboard rooks = 0;            // the squares of the rights the position has
    std::uint32_t letters = 0;     // a record's: bit i set when tokens[i] names one of them
    std::vector<Problem> problems; // why each other claim is no right; empty for almost every record

    bool ok() const { return problems.empty(); }
    friend bool operator==(const CastlingJudgement&, const CastlingJudgement&) = default;
};

// A record's letters under `rules`; messages name the letter ("castling letter 'K': ...").
CastlingJudgement judge_castling(const FenRecord& record, Rules rules);

// A setup's claims (setup.castling_rooks) under `rules`: first those off the back ranks, then white's
// and black's, each from a1 (a8) on; messages name the square ("castling right of the rook on g1: ...").
CastlingJudgement judge_castling(const Setup& setup, Rules rules);

// Whether the setup's castling rights need Chess960 rules: the judge finds a right of it not standard
// (ProblemKind::not_standard) under Rules::standard. The PGN importer names a game with such a FEN tag
// Chess960, convert --format pgn gives such a game its Variant tag, and UCI castling notation `auto`
// writes king takes rook for such a position (play.hpp); all ask this.
bool castles_as_chess960(const Setup& setup);

// Keeps only what the judgement of `record` says are rights: its letters and their rooks.
void keep_rights(FenRecord& record, const CastlingJudgement& judgement);

namespace detail {

// The two halves of judge_castling, for tests: whether the fast path settles every claim (then all are
// rights), and the claim-by-claim judgement it stands in for.
bool plain_castling(const FenRecord& record, Rules rules);
bool plain_castling(const Setup& setup, Rules rules);
CastlingJudgement judge_each_claim(const FenRecord& record, Rules rules);
CastlingJudgement judge_each_claim(const Setup& setup, Rules rules);

} // namespace detail

} // namespace fen960
