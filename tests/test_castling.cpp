// The castling judge (castling.hpp): the standard-castling test on every pair of squares, each reason
// a claimed right can fail for, in a record's words and a setup's, standard against Chess960 rules;
// what --repair keeps (the judge's rights, and with independent data the rights other projects keep);
// and the fast path against the claim-by-claim judgement on many records with mutated castling fields.
#define BOOST_TEST_MODULE castling
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "fen960/castling.hpp"
#include "fen960/convert.hpp"
#include "fen960/fen.hpp"
#include "fen960/validate.hpp"
#include "test_data.hpp"

using namespace fen960;
using fen960::test::Table;

namespace {

Square sq(const char* name)
{
    return Square(*File::from_letter(name[0]), Rank(name[1] - '1'));
}

Bitboard squares(std::initializer_list<const char*> names)
{
    Bitboard b = 0;
    for (const char* n : names)
        b |= bit(sq(n));
    return b;
}

FenRecord record_of(const std::string& fen, InputDialect from = InputDialect::automatic)
{
    auto record = parse_fen(fen, from);
    if (!record)
        BOOST_FAIL(fen << ": " << record.error().message);
    return *record;
}

// The 1-based column of the castling field's letter `i` in a record.
std::uint32_t letter_column(const std::string& fen, std::size_t i)
{
    return static_cast<std::uint32_t>(fen.find(' ', fen.find(' ') + 1) + 2 + i);
}

// The record with another castling field.
std::string with_castling(const std::string& fen, const std::string& field)
{
    std::size_t const start = fen.find(' ', fen.find(' ') + 1) + 1;
    std::size_t const end = fen.find(' ', start);
    return fen.substr(0, start) + field + (end == std::string::npos ? "" : fen.substr(end));
}

using Problems = std::vector<Problem>;

} // namespace

BOOST_AUTO_TEST_SUITE(standard_castling)

// The king on e1 with a rook on a1 or h1, or on e8 with a8 or h8: four pairs of the 4,096.
BOOST_AUTO_TEST_CASE(every_pair_of_squares)
{
    std::vector<std::pair<Square, Square>> const standard{
        {sq("e1"), sq("a1")}, {sq("e1"), sq("h1")}, {sq("e8"), sq("a8")}, {sq("e8"), sq("h8")}};
    int count = 0;
    for (int k = 0; k < 64; ++k)
        for (int r = 0; r < 64; ++r) {
            bool const expected =
                std::find(standard.begin(), standard.end(), std::pair{Square(k), Square(r)}) != standard.end();
            BOOST_TEST(is_standard_castling(Square(k), Square(r)) == expected, Square(k).name() << Square(r).name());
            count += is_standard_castling(Square(k), Square(r));
        }
    BOOST_TEST(count == 4);
    // A set of rooks: every one standard.
    BOOST_TEST(is_standard_castling(sq("e1"), squares({"a1", "h1"})));
    BOOST_TEST(is_standard_castling(sq("e8"), squares({"a8", "h8"})));
    BOOST_TEST(!is_standard_castling(sq("e1"), squares({"a1", "h8"})));
    BOOST_TEST(!is_standard_castling(sq("e1"), squares({"a1", "g1"})));
    BOOST_TEST(!is_standard_castling(sq("d1"), squares({"a1"})));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(reasons)

// One record under the rules listed: the rights the judge keeps, and the letters at fault (by their
// place in the field) with their reasons.
struct Case {
    const char* fen;
    std::vector<Rules> rules;
    std::vector<const char*> rooks;
    std::vector<std::tuple<std::size_t, ProblemKind, const char*>> faults;
};

// Every reason in a record's words, standard rules against Chess960 rules.
BOOST_AUTO_TEST_CASE(every_reason_in_a_records_words)
{
    using K = ProblemKind;
    std::vector<Rules> const c960{Rules::chess960};
    std::vector<Rules> const standard{Rules::standard};
    std::vector<Rules> const both{Rules::standard, Rules::chess960};
    std::vector<Case> const cases{
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", both, {"a1", "h1", "a8", "h8"}, {}},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", both, {}, {}},
        // The field is malformed: a repeated rook, a third letter for a colour. The repeated letter
        // counts towards the two, so in "AAH" the H is the third.
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", c960, {"a1", "h1", "a8", "h8"},
         {{4, K::duplicate_right, "castling letter 'K': repeats the castling right of the rook on h1"}}},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqB - 0 1", c960, {"a1", "h1", "a8", "h8"},
         {{4, K::too_many_rights, "castling letter 'B': more than two castling rights for white"}}},
        {"4k3/8/8/8/8/8/8/R3K2R w AAH - 0 1", c960, {"a1"},
         {{1, K::duplicate_right, "castling letter 'A': repeats the castling right of the rook on a1"},
          {2, K::too_many_rights, "castling letter 'H': more than two castling rights for white"}}},
        // No king to castle: none, one off the back rank (K and Q then name the standard squares), two.
        {"4k3/8/8/8/8/8/8/R6R w A - 0 1", c960, {},
         {{0, K::king_off_back_rank, "castling letter 'A': there is no white king"}}},
        {"4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", c960, {},
         {{0, K::king_off_back_rank, "castling letter 'K': the white king is not on rank 1"},
          {1, K::king_off_back_rank, "castling letter 'Q': the white king is not on rank 1"}}},
        {"4k3/8/8/8/8/8/8/R2KK2R w A - 0 1", c960, {},
         {{0, K::king_off_back_rank, "castling letter 'A': the white king is not on rank 1"}}},
        // No rook: K/Q under Chess960 rules name a side, so the message names the side; else the square.
        {"4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1", c960, {"a1"},
         {{0, K::no_rook, "castling letter 'K': no white rook on the h-side of the king"}}},
        {"4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1", standard, {"a1"},
         {{0, K::no_rook, "castling letter 'K': no white rook on h1"}}},
        {"4k3/8/8/8/8/8/8/R3K3 w B - 0 1", both, {}, {{0, K::no_rook, "castling letter 'B': no white rook on b1"}}},
        {"r3k3/8/8/8/8/8/8/4K3 w k - 0 1", c960, {},
         {{0, K::no_rook, "castling letter 'k': no black rook on the h-side of the king"}}},
        // Two rights on one side of the king: the inner one is at fault, whatever the letters' order;
        // only an own rook further out makes it wrong (with no rook on a1, b1 or c1 is the right).
        {"4k3/8/8/8/8/8/8/RR2K3 w BA - 0 1", c960, {"a1"},
         {{0, K::same_side, "castling letter 'B': a second castling right on the a-side of the white king"}}},
        {"4k3/8/8/8/8/8/8/4K1RR w HG - 0 1", c960, {"h1"},
         {{1, K::same_side, "castling letter 'G': a second castling right on the h-side of the white king"}}},
        {"4k3/8/8/8/8/8/8/1RR1K3 w ABC - 0 1", c960, {"b1"},
         {{0, K::no_rook, "castling letter 'A': no white rook on a1"},
          {2, K::too_many_rights, "castling letter 'C': more than two castling rights for white"}}},
        {"4k3/8/8/8/8/8/8/1RR1K3 w AC - 0 1", c960, {"c1"},
         {{0, K::no_rook, "castling letter 'A': no white rook on a1"}}},
        // Standard rules: the king on e1/e8 and the rooks on a/h; Chess960 rules take the same rights.
        {"4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", standard, {},
         {{0, K::not_standard, "castling letter 'G': standard chess castles only with the king on e1 and the rook on h1"},
          {1, K::not_standard, "castling letter 'B': standard chess castles only with the king on e1 and the rook on a1"}}},
        {"4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", c960, {"b1", "g1"}, {}},
        {"3k4/8/8/8/8/8/8/R2K3R w HA - 0 1", standard, {},
         {{0, K::not_standard, "castling letter 'H': standard chess castles only with the king on e1 and the rook on h1"},
          {1, K::not_standard, "castling letter 'A': standard chess castles only with the king on e1 and the rook on a1"}}},
        {"3k4/8/8/8/8/8/8/R2K3R w HA - 0 1", c960, {"a1", "h1"}, {}},
        {"r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1", standard, {"a8", "h8"}, {}},
    };
    for (const Case& c : cases)
        for (Rules const rules : c.rules)
            BOOST_TEST_CONTEXT(c.fen << (rules == Rules::chess960 ? " (chess960)" : " (standard)"))
            {
                FenRecord const record = record_of(c.fen);
                CastlingJudgement const j = judge_castling(record, rules);
                Bitboard rooks = 0;
                for (const char* r : c.rooks)
                    rooks |= bit(sq(r));
                BOOST_TEST(j.rooks == rooks);
                Problems expected;
                std::uint32_t letters = (std::uint32_t{1} << record.token_count) - 1;
                for (auto const& [letter, kind, message] : c.faults) {
                    expected.push_back(Problem{kind, letter_column(c.fen, letter), message});
                    letters &= ~(std::uint32_t{1} << letter);
                }
                BOOST_TEST(j.problems == expected);
                BOOST_TEST(j.letters == letters);
                BOOST_TEST(j.ok() == c.faults.empty());
            }
}

// A setup has squares, not letters: the messages name the square, and a square off the back ranks
// is a claim of its own kind. Claims off the back ranks come first, then white's and black's from the
// a-file on.
BOOST_AUTO_TEST_CASE(setup_wording)
{
    Setup setup = record_of("4k3/8/8/8/8/8/8/R3K1NR w - - 0 1").setup;
    setup.castling_rooks = squares({"h1", "g1", "a8", "d4"});
    CastlingJudgement const j = judge_castling(setup, Rules::chess960);
    BOOST_TEST(j.problems ==
               (Problems{{ProblemKind::rook_off_back_rank, 1, "castling right of the rook on d4: not on a back rank"},
                         {ProblemKind::no_rook, 1, "castling right of the rook on g1: no white rook there"},
                         {ProblemKind::no_rook, 1, "castling right of the rook on a8: no black rook there"}}));
    BOOST_TEST(j.rooks == squares({"h1"}));
    BOOST_TEST(j.letters == 0u);

    Setup two = record_of("4k3/8/8/8/8/8/8/1R2K1R1 w - - 0 1").setup;
    two.castling_rooks = squares({"b1", "g1"});
    BOOST_TEST(judge_castling(two, Rules::chess960).ok());
    BOOST_TEST(
        judge_castling(two, Rules::standard).problems ==
        (Problems{
            {ProblemKind::not_standard, 1,
             "castling right of the rook on b1: standard chess castles only with the king on e1 and the rook on a1"},
            {ProblemKind::not_standard, 1,
             "castling right of the rook on g1: standard chess castles only with the king on e1 and the rook on h1"}}));
    Setup inner = record_of("4k3/8/8/8/8/8/8/RR2K3 w - - 0 1").setup;
    inner.castling_rooks = squares({"a1", "b1"});
    BOOST_TEST(
        judge_castling(inner, Rules::chess960).problems ==
        (Problems{{ProblemKind::same_side, 1,
                   "castling right of the rook on b1: a second castling right on the a-side of the white king"}}));
    Setup kingless = record_of("4k3/8/8/8/8/8/8/R7 w - - 0 1").setup;
    kingless.castling_rooks = squares({"a1"});
    BOOST_TEST(
        judge_castling(kingless, Rules::chess960).problems ==
        (Problems{{ProblemKind::king_off_back_rank, 1, "castling right of the rook on a1: there is no white king"}}));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(repair)

// --repair keeps the judge's rights: its letters, in their order, and their rooks.
BOOST_AUTO_TEST_CASE(keeps_the_judges_rights)
{
    std::string const fen = "4k2r/8/8/8/8/8/8/RR2K2R w BAHKkq - 0 1";
    FenRecord record = record_of(fen);
    CastlingJudgement const j = judge_castling(record, Rules::chess960);
    BOOST_TEST(j.rooks == squares({"a1", "h8"}));
    std::vector<Diagnostic> const warnings = repair_rights(record, Rules::chess960);
    BOOST_REQUIRE_EQUAL(warnings.size(), j.problems.size());
    for (std::size_t i = 0; i < warnings.size(); ++i) {
        BOOST_TEST(warnings[i].column == j.problems[i].column);
        BOOST_TEST(warnings[i].message == j.problems[i].message + "; dropped");
    }
    BOOST_TEST(record.setup.castling_rooks == j.rooks);
    std::string kept;
    for (const CastlingToken* t = record.begin_tokens(); t != record.end_tokens(); ++t)
        kept += t->letter;
    BOOST_TEST(kept == "Ak"); // B: inner; H: white's third letter; K: repeats h1; q: no rook
    BOOST_TEST(judge_castling(record, Rules::chess960).ok());
    BOOST_TEST(*emit_fen(record.setup, {Dialect::shredder, std::nullopt, true}) ==
               "4k2r/8/8/8/8/8/8/RR2K2R w Ah - 0 1");
}

// The castling vectors' expected Shredder-FEN (other projects' readers, which drop rights without a
// rook) names exactly the rooks the judge keeps.
BOOST_AUTO_TEST_CASE(castling_vectors_keep_what_other_projects_keep)
{
    Table const table("fen/castling-vectors.tsv");
    int rows = 0;
    for (std::size_t i = 0; i < table.size(); ++i) {
        std::string const& expected = table.at(i, "expected_shredder");
        auto record = parse_fen(table.at(i, "input"));
        if (expected == "ERROR" || !record)
            continue;
        BOOST_TEST_CONTEXT("row " << i + 1 << ": " << table.at(i, "input"))
        {
            BOOST_TEST(judge_castling(*record, Rules::chess960).rooks ==
                       record_of(expected, InputDialect::shredder).setup.castling_rooks);
            ++rows;
        }
    }
    BOOST_TEST(rows == 52);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(fast_path)

// Castling fields for the records: the mutation list of bench/mutate.py, some more, and random strings
// of castling letters (a fixed seed; mt19937's raw output is the same everywhere).
std::vector<std::string> castling_fields()
{
    std::vector<std::string> fields{
        "-",    "KQkq", "HAha",  "Kkq",  "Qq",    "GAha",     "BFbf",     "HFhf",   "KQ", "kq", "Hh",
        "Aa",   "CAca", "KQkqK", "kqKQ", "HAhaB", "EEee",     "K-",       "Gkq",    "Ah", "hH", "KQkqHAha",
        "BbKk", "K",    "Q",     "k",    "q",     "ABCDEFGH", "abcdefgh", "KQBkqg", "QK", "AH", "HA"};
    std::mt19937 random(960);
    std::string const letters = "KQkqABCDEFGHabcdefgh";
    for (int n = 0; n < 40; ++n) {
        std::string field;
        for (auto const length = static_cast<std::size_t>(1 + random() % 6); field.size() < length;)
            field += letters[random() % letters.size()];
        fields.push_back(field);
    }
    return fields;
}

std::vector<std::string> base_records()
{
    std::vector<std::string> records;
    Table const convert("oracle/convert.tsv");
    for (std::size_t i = 0; i < convert.size(); ++i)
        records.push_back(convert.at(i, "input_fen"));
    Table const vectors("fen/castling-vectors.tsv");
    for (std::size_t i = 0; i < vectors.size(); ++i)
        if (vectors.at(i, "expected_shredder") != "ERROR")
            records.push_back(vectors.at(i, "input"));
    return records;
}

std::string letters_of(const FenRecord& record, std::uint32_t mask)
{
    std::string out;
    for (std::uint8_t i = 0; i < record.token_count; ++i)
        if (mask >> i & 1)
            out += record.tokens[i].letter;
    return out;
}

// One record under one rules: the fast path says the same as the claim-by-claim judgement and takes
// every record it can (every valid one); a setup's claims are judged alike; repair keeps the rights,
// and castles_as_chess960 says of them what the letters and the squares say.
void check(const FenRecord& record, Rules rules, int& slow, int& needs_chess960)
{
    CastlingJudgement const each = detail::judge_each_claim(record, rules);
    CastlingJudgement const j = judge_castling(record, rules);
    BOOST_TEST((j == each));
    BOOST_TEST(detail::plain_castling(record, rules) == each.ok());
    slow += !each.ok();
    BOOST_TEST((each.rooks & ~record.setup.castling_rooks) == 0u);

    CastlingJudgement const setup = judge_castling(record.setup, rules);
    BOOST_TEST((setup == detail::judge_each_claim(record.setup, rules)));
    BOOST_TEST(detail::plain_castling(record.setup, rules) == setup.ok());
    bool const malformed = std::any_of(j.problems.begin(), j.problems.end(),
                                       [](const Problem& p) { return is_malformed_castling(p.kind); });
    if (!malformed) {
        // The same claims as squares: the same rights, and as many faults.
        BOOST_TEST(setup.rooks == j.rooks);
        BOOST_TEST(setup.problems.size() == j.problems.size());
    }

    FenRecord repaired = record;
    std::vector<Diagnostic> const warnings = repair_rights(repaired, rules);
    BOOST_TEST(repaired.setup.castling_rooks == j.rooks);
    BOOST_TEST(letters_of(repaired, 0xffffu) == letters_of(record, j.letters));
    BOOST_REQUIRE(warnings.size() >= j.problems.size());
    for (std::size_t i = 0; i < j.problems.size(); ++i)
        BOOST_TEST(warnings[i].message == j.problems[i].message + "; dropped");
    CastlingJudgement const again = judge_castling(repaired, rules);
    BOOST_TEST(again.ok());
    BOOST_TEST(again.rooks == j.rooks);
    if (rules == Rules::chess960) {
        // Whether the rights need Chess960 (the PGN importer's FEN tag, convert --format pgn's Variant):
        // as the judge of the repaired record's letters says under standard rules, and as the squares
        // say, a right whose king is off e1/e8 or whose rook is off a/h.
        std::vector<Problem> const standard = judge_castling(repaired, Rules::standard).problems;
        bool const letters_say = std::any_of(standard.begin(), standard.end(),
                                             [](const Problem& p) { return p.kind == ProblemKind::not_standard; });
        bool squares_say = false;
        for (Bitboard b = repaired.setup.castling_rooks; b; b &= b - 1) {
            Square const rook = lsb(b);
            std::optional<Square> const king =
                castling_king(repaired.setup.board, rook.rank() == Rank(0) ? Color::white : Color::black);
            BOOST_REQUIRE(king);
            squares_say = squares_say || king->file() != File(4) || (rook.file() != File(0) && rook.file() != File(7));
        }
        BOOST_TEST(castles_as_chess960(repaired.setup) == letters_say);
        BOOST_TEST(castles_as_chess960(repaired.setup) == squares_say);
        needs_chess960 += squares_say;
    }
}

BOOST_AUTO_TEST_CASE(against_each_claim_on_mutated_records)
{
    std::vector<std::string> const fields = castling_fields();
    int records = 0;
    int slow = 0;
    int converted = 0;
    int needs_chess960 = 0;
    std::vector<std::string> const bases = base_records();
    // Each record with twelve of the fields, a different twelve from one record to the next.
    for (std::size_t i = 0; i < bases.size(); ++i)
        for (std::size_t k = 0; k < 12; ++k) {
            std::string const fen = with_castling(bases[i], fields[(7 * i + k) % fields.size()]);
            for (InputDialect from : {InputDialect::automatic, InputDialect::fen, InputDialect::shredder}) {
                auto record = parse_fen(fen, from);
                if (!record)
                    continue;
                BOOST_TEST_CONTEXT(fen << " (from " << static_cast<int>(from) << ")")
                {
                    ++records;
                    for (Rules rules : {Rules::standard, Rules::chess960})
                        check(*record, rules, slow, needs_chess960);
                    // convert --repair writes the judge's rights (under the rules convert takes).
                    Rules const rules = from == InputDialect::fen ? Rules::standard : Rules::chess960;
                    std::string out;
                    std::vector<Diagnostic> warnings;
                    if (convert_record(fen, ConvertOptions{Dialect::shredder, from, EnPassantMode::keep, true}, out,
                                       warnings)) {
                        BOOST_TEST(record_of(out, InputDialect::shredder).setup.castling_rooks ==
                                   judge_castling(*record, rules).rooks);
                        ++converted;
                    }
                }
            }
        }
    // Enough of each: records, judgements on either path (two a record) and repaired conversions.
    BOOST_TEST(records > 40000);
    BOOST_TEST(slow > 70000);
    BOOST_TEST(2 * records - slow > 6000);
    BOOST_TEST(converted > 40000);
    BOOST_TEST_MESSAGE(needs_chess960 << " records whose repaired rights need Chess960");
    BOOST_TEST(needs_chess960 > 5000);
    BOOST_TEST(records - needs_chess960 > 5000);
}

BOOST_AUTO_TEST_SUITE_END()
