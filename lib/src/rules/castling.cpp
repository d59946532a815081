// The castling judge (castling.hpp): a fast path that settles the common case in a few bit operations,
// and a claim-by-claim judgement, with a message for each claim at fault, for the rest.
#include "fen960/castling.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace fen960 {

namespace {

// The fast path, inlined into both callers (it is most of what convert spends on castling): every
// colour's claims (`named`, from `count` letters or squares) name distinct own rooks, at most one on
// each side of a castling king (and, in standard chess, standard ones). Then every claim is a right;
// else judge_claims looks at each to say which is not and why.
[[gnu::always_inline]] inline bool plain_claims(const Board& board, const std::array<Bitboard, 2>& named,
                                                const std::array<int, 2>& count, Rules rules)
{
    for (Color const color : both_colors) {
        auto const c = index(color);
        if (!count[c])
            continue;
        auto const king = castling_king(board, color);
        if (!king || popcount(named[c]) != count[c] || count[c] > 2 || (named[c] & ~board.pieces(color, Role::rook)))
            return false;
        Bitboard const a_side = named[c] & side_of(*king, false);
        Bitboard const h_side = named[c] & side_of(*king, true);
        if ((a_side & (a_side - 1)) || (h_side & (h_side - 1)))
            return false;
        if (rules == Rules::standard && !is_standard_castling(*king, named[c]))
            return false;
    }
    return true;
}

// The letters' rooks by colour, and how many letters each colour has.
[[gnu::always_inline]] inline bool plain_letters(const FenRecord& record, Rules rules, Bitboard& rooks)
{
    std::array<Bitboard, 2> named{};
    std::array<int, 2> count{};
    for (const CastlingToken* t = record.begin_tokens(); t != record.end_tokens(); ++t) {
        auto const c = index(color_of_castling_letter(t->letter));
        named[c] |= bit(t->rook);
        ++count[c];
    }
    rooks = named[0] | named[1];
    return plain_claims(record.setup.board, named, count, rules);
}

Bitboard back_ranks()
{
    return rank_mask(Rank(0)) | rank_mask(Rank(7));
}

bool plain_squares(const Setup& setup, Rules rules)
{
    if (setup.castling_rooks & ~back_ranks())
        return false;
    std::array<Bitboard, 2> const named{setup.castling_rooks & rank_mask(Rank(0)),
                                        setup.castling_rooks & rank_mask(Rank(7))};
    return plain_claims(setup.board, named, {popcount(named[0]), popcount(named[1])}, rules);
}

// One claimed right: a record's letter, or a setup's square (letter 0, column 1).
struct Claim {
    Color color = Color::white;
    Square rook{0};
    char letter = 0;
    std::uint32_t column = 1;
};

// Why a claim is no right, in the words of its field.
std::string no_rook(const Claim& claim, Rules rules)
{
    char const lower = static_cast<char>(claim.letter | 0x20);
    if (!claim.letter)
        return std::string("no ") + name(claim.color) + " rook there";
    if ((lower == 'k' || lower == 'q') && rules == Rules::chess960)
        return std::string("no ") + name(claim.color) + " rook on the " + castling_side_name(lower == 'k') + " of the king";
    return std::string("no ") + name(claim.color) + " rook on " + claim.rook.name();
}

// The claims one at a time, in order. `letters`: the claims are a record's letters, whose field
// allows two a colour.
void judge_claims(const Board& board, Rules rules, const Claim* claims, std::size_t n, bool letters,
                  CastlingJudgement& out)
{
    std::array<int, 2> seen{};
    for (std::size_t i = 0; i < n; ++i) {
        const Claim& claim = claims[i];
        Color const color = claim.color;
        Square const rook = claim.rook;
        auto fault = [&](ProblemKind kind, const std::string& reason) {
            std::string const what = claim.letter ? std::string("castling letter '") + claim.letter + "': "
                                                  : "castling right of the rook on " + rook.name() + ": ";
            out.problems.push_back(Problem{kind, claim.column, what + reason});
        };
        ++seen[index(color)];
        if (std::any_of(claims, claims + i, [&](const Claim& earlier) { return earlier.rook == rook; })) {
            fault(ProblemKind::duplicate_right, "repeats the castling right of the rook on " + rook.name());
            continue;
        }
        if (letters && seen[index(color)] > 2) {
            fault(ProblemKind::too_many_rights, std::string("more than two castling rights for ") + name(color));
            continue;
        }
        auto const king = castling_king(board, color);
        if (!king) {
            fault(ProblemKind::king_off_back_rank,
                  board.pieces(color, Role::king)
                      ? std::string("the ") + name(color) + " king is not on rank " + Rank::back(color).digit()
                      : std::string("there is no ") + name(color) + " king");
            continue;
        }
        Bitboard const own_rooks = board.pieces(color, Role::rook);
        if (!contains(own_rooks, rook)) {
            fault(ProblemKind::no_rook, no_rook(claim, rules));
            continue;
        }
        bool const h_side = rook.file() > king->file();
        // An own rook claimed further out on this side is the right; this inner one is at fault.
        bool const outer_claimed = std::any_of(claims, claims + n, [&](const Claim& other) {
            return other.color == color && contains(own_rooks, other.rook) &&
                   (h_side ? other.rook.file() > rook.file() : other.rook.file() < rook.file());
        });
        if (outer_claimed) {
            fault(ProblemKind::same_side,
                  std::string("a second castling right on the ") + castling_side_name(h_side) + " of the " +
                      name(color) + " king");
            continue;
        }
        if (rules == Rules::standard && !is_standard_castling(*king, rook)) {
            fault(ProblemKind::not_standard, "standard chess castles only with " + standard_castling_squares(color, h_side));
            continue;
        }
        out.rooks |= bit(rook);
        out.letters |= letters ? std::uint32_t{1} << i : 0;
    }
}

} // namespace

namespace detail {

bool plain_castling(const FenRecord& record, Rules rules)
{
    Bitboard rooks = 0;
    return plain_letters(record, rules, rooks);
}

bool plain_castling(const Setup& setup, Rules rules)
{
    return plain_squares(setup, rules);
}

CastlingJudgement judge_each_claim(const FenRecord& record, Rules rules)
{
    std::array<Claim, FenRecord::max_castling_letters> claims{};
    std::size_t n = 0;
    for (const CastlingToken* t = record.begin_tokens(); t != record.end_tokens(); ++t)
        claims[n++] = Claim{color_of_castling_letter(t->letter), t->rook, t->letter, t->column};
    CastlingJudgement out;
    judge_claims(record.setup.board, rules, claims.data(), n, true, out);
    return out;
}

CastlingJudgement judge_each_claim(const Setup& setup, Rules rules)
{
    CastlingJudgement out;
    for (Bitboard off = setup.castling_rooks & ~back_ranks(); off; off &= off - 1)
        out.problems.push_back(Problem{ProblemKind::rook_off_back_rank, 1,
                                       "castling right of the rook on " + lsb(off).name() + ": not on a back rank"});
    std::array<Claim, 16> claims{};
    std::size_t n = 0;
    for (Color const color : both_colors)
        for (Bitboard b = setup.castling_rooks & rank_mask(Rank::back(color)); b; b &= b - 1)
            claims[n++] = Claim{color, lsb(b), 0, 1};
    judge_claims(setup.board, rules, claims.data(), n, false, out);
    return out;
}

} // namespace detail

CastlingJudgement judge_castling(const FenRecord& record, Rules rules)
{
    Bitboard rooks = 0;
    if (!plain_letters(record, rules, rooks))
        return detail::judge_each_claim(record, rules);
    return CastlingJudgement{rooks, (std::uint32_t{1} << record.token_count) - 1, {}};
}

CastlingJudgement judge_castling(const Setup& setup, Rules rules)
{
    if (!plain_squares(setup, rules))
        return detail::judge_each_claim(setup, rules);
    CastlingJudgement out;
    out.rooks = setup.castling_rooks;
    return out;
}

bool castles_as_chess960(const Setup& setup)
{
    std::vector<Problem> const problems = judge_castling(setup, Rules::standard).problems;
    return std::any_of(problems.begin(), problems.end(),
                       [](const Problem& p) { return p.kind == ProblemKind::not_standard; });
}

void keep_rights(FenRecord& record, const CastlingJudgement& judgement)
{
    std::uint8_t kept = 0;
    for (std::uint8_t i = 0; i < record.token_count; ++i)
        if (judgement.letters >> i & 1)
            record.tokens[kept++] = record.tokens[i];
    record.token_count = kept;
    record.setup.castling_rooks = judgement.rooks;
}

} // namespace fen960
