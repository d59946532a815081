// Validation against independent verdicts: every record of the oracle's invalid.jsonl in both modes,
// the oracle's conversion inputs, and the positions of the perft suites that come from real play;
// then the reasons themselves (order, squares named) and what convert does with an invalid position.
#define BOOST_TEST_MODULE validate
#include <boost/test/unit_test.hpp>

#include <map>
#include <string>
#include <vector>

#include "fen960/convert.hpp"
#include "fen960/fen.hpp"
#include "fen960/position.hpp"
#include "fen960/validate.hpp"
#include "test_data.hpp"
#include "test_json.hpp"

using namespace fen960;

namespace {

const char* class_name(Verdict v)
{
    switch (v) {
    case Verdict::valid: return "valid";
    case Verdict::invalid: return "invalid";
    case Verdict::error: return "error";
    }
    return "?";
}

// `classes`: the verdict classes the reference accepts, a JSON array of names.
bool accepted(const nlohmann::json& classes, Verdict v)
{
    for (const auto& c : classes)
        if (c == class_name(v))
            return true;
    return false;
}

std::vector<std::string> reasons(const std::string& fen, Rules rules)
{
    auto record = parse_fen(fen);
    if (!record)
        BOOST_FAIL(fen << ": " << record.error().message);
    return position_problems(*record, rules);
}

std::vector<std::string> perft_positions(const std::string& relative)
{
    std::vector<std::string> fens;
    for (const std::string& line : test::read_lines(relative))
        if (line.rfind("epd ", 0) == 0)
            fens.push_back(line.substr(4));
    return fens;
}

using Reasons = std::vector<std::string>;

} // namespace

BOOST_AUTO_TEST_SUITE(independent_verdicts)

// Every record with a verdict class the reference accepts, in Chess960 and in standard mode; a valid
// Chess960 record also converts to the reference's Shredder-FEN.
BOOST_AUTO_TEST_CASE(oracle_invalid_jsonl)
{
    std::size_t rows = 0;
    std::map<std::string, int> seen;
    for (const nlohmann::json& row : test::read_jsonl("oracle/invalid.jsonl")) {
        std::string const record = row.at("record");
        BOOST_TEST_CONTEXT("id " << row.at("id") << " (" << row.at("category").get<std::string>() << "): " << record)
        {
            Validation const c960 = validate_record(record, Rules::chess960);
            Validation const standard = validate_record(record, Rules::standard);
            BOOST_TEST(accepted(row.at("accept960"), c960.verdict), "--chess960 says " << class_name(c960.verdict));
            BOOST_TEST(accepted(row.at("accept_std"), standard.verdict), "standard says " << class_name(standard.verdict));
            for (const Validation* v : {&c960, &standard}) {
                BOOST_TEST((v->verdict == Verdict::invalid) == !v->problems.empty());
                BOOST_TEST((v->verdict == Verdict::error) == !v->errors.empty());
            }
            ++seen[class_name(c960.verdict)];
            if (row.contains("shredder") && row.at("shredder").is_string()) {
                std::string out;
                std::vector<Diagnostic> warnings;
                BOOST_TEST(convert_record(record, ConvertOptions{Dialect::shredder, InputDialect::automatic, std::nullopt, false}, out, warnings).has_value());
                BOOST_TEST(out == row.at("shredder").get<std::string>());
            }
        }
        ++rows;
    }
    BOOST_TEST(rows == 200u);
    // All three verdicts occur (the table is not one-sided).
    BOOST_TEST(seen["valid"] > 20);
    BOOST_TEST(seen["invalid"] > 30);
    BOOST_TEST(seen["error"] > 60);
}

// The oracle's conversion inputs come from play: all valid Chess960 positions; under standard rules
// valid exactly when standard FEN can write their castling rights.
BOOST_AUTO_TEST_CASE(oracle_convert_inputs)
{
    test::Table const table("oracle/convert.tsv");
    for (std::size_t i = 0; i < table.size(); ++i) {
        std::string const& fen = table.at(i, "input_fen");
        BOOST_TEST(reasons(fen, Rules::chess960) == Reasons{}, fen);
        bool const needs960 = table.at(i, "needs960") == "1";
        BOOST_TEST(reasons(fen, Rules::standard).empty() == !needs960, fen);
    }
}

// Positions from real games are valid; Chess960 starts are valid Chess960 positions, and only 518 is
// a standard one.
BOOST_AUTO_TEST_CASE(perft_positions_from_play)
{
    auto const random = perft_positions("perft/python-chess-random.perft");
    BOOST_TEST(random.size() == 6838u);
    for (const std::string& fen : random) {
        BOOST_TEST(reasons(fen, Rules::standard) == Reasons{}, fen);
        BOOST_TEST(reasons(fen, Rules::chess960) == Reasons{}, fen);
    }
    auto const c960 = perft_positions("perft/python-chess-chess960.perft");
    BOOST_TEST(c960.size() == 960u);
    for (const std::string& fen : c960)
        BOOST_TEST(reasons(fen, Rules::chess960) == Reasons{}, fen);
    // Under standard rules a start is valid when its castling rooks are on a/h and its king on e.
    auto const starts = perft_positions("perft/chess960-startpos.perft");
    BOOST_TEST(starts.size() == 960u);
    int standard = 0;
    for (std::size_t n = 0; n < starts.size(); ++n) {
        BOOST_TEST(reasons(starts[n], Rules::chess960) == Reasons{}, starts[n]);
        std::string const back_rank = starts[n].substr(0, 8);
        bool const standard_squares = back_rank[0] == 'r' && back_rank[4] == 'k' && back_rank[7] == 'r';
        BOOST_TEST(reasons(starts[n], Rules::standard).empty() == standard_squares, starts[n]);
        standard += standard_squares;
    }
    BOOST_TEST(standard == 18); // R...K..R: 2 dark times 3 light squares for the bishops, 3 for the queen
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(reasons_named)

BOOST_AUTO_TEST_CASE(board)
{
    BOOST_TEST(reasons("8/8/8/8/8/8/8/8 w - - 0 1", Rules::chess960) == (Reasons{"no white king", "no black king"}));
    BOOST_TEST(reasons("k7/8/8/8/8/8/8/K3K3 w - - 0 1", Rules::chess960) ==
               Reasons{"more than one white king: a1, e1"});
    BOOST_TEST(reasons("k6P/8/8/8/8/8/8/K6p w - - 0 1", Rules::chess960) ==
               Reasons{"pawns on the first or eighth rank: h1, h8"});
    BOOST_TEST(reasons("k7/8/8/8/8/P7/PPPPPPPP/K7 w - - 0 1", Rules::chess960) == Reasons{"9 white pawns (at most 8)"});
    BOOST_TEST(reasons("k7/8/8/8/8/NNNNNNNN/PPPPPPPP/KQ6 w - - 0 1", Rules::chess960) ==
               (Reasons{"18 white pieces (at most 16)",
                        "white has 8 knights: 6 promoted pieces but only 0 missing pawns"}));
    BOOST_TEST(reasons("8/7k/8/8/8/8/QQPPPPPP/KQBBB3 w - - 0 1", Rules::chess960) ==
               (Reasons{"white has 3 queens, 3 bishops: 3 promoted pieces but only 2 missing pawns"}));
}

BOOST_AUTO_TEST_CASE(checks)
{
    BOOST_TEST(reasons("4k3/8/8/8/8/8/8/4K2r b - - 0 1", Rules::chess960) ==
               Reasons{"the side not to move is in check: white king on e1 attacked from h1"});
    BOOST_TEST(reasons("1K2q3/3k4/8/8/8/1q4q1/8/8 w - - 0 1", Rules::chess960) ==
               Reasons{"3 pieces give check to the white king on b8 (from b3, g3, e8); one move gives at most "
                       "two checks"});
    BOOST_TEST(reasons("5k2/8/4n3/2K5/4b3/1n6/8/8 w - - 0 1", Rules::chess960) ==
               Reasons{"impossible check: the knight on b3 and the knight on e6 both give check to the white king "
                       "on c5, but one move can give only one check that is not along a line"});
    BOOST_TEST(reasons("5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1", Rules::chess960) ==
               Reasons{"impossible check: the rook on d3 and the rook on h3 give check to the white king on e3 from "
                       "both sides of one line"});
    // A pawn's check is no exception: no move puts a pawn and a bishop on the two sides of the king.
    BOOST_TEST(reasons("k7/8/8/3p4/4K3/8/6b1/8 w - - 0 1", Rules::chess960) ==
               Reasons{"impossible check: the bishop on g2 and the pawn on d5 give check to the white king on e4 "
                       "from both sides of one line"});
    // A double check that one move gives: a knight moves and uncovers a rook.
    BOOST_TEST(reasons("4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1", Rules::chess960) == Reasons{});
}

BOOST_AUTO_TEST_CASE(castling_and_en_passant)
{
    // Standard rules name the standard squares; Chess960 rules accept the same rights.
    BOOST_TEST(reasons("4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", Rules::standard) ==
               (Reasons{"castling letter 'G': standard chess castles only with the king on e1 and the rook on h1",
                        "castling letter 'B': standard chess castles only with the king on e1 and the rook on a1"}));
    BOOST_TEST(reasons("4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", Rules::chess960) == Reasons{});
    BOOST_TEST(reasons("4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", Rules::chess960) ==
               (Reasons{"castling letter 'K': the white king is not on rank 1",
                        "castling letter 'Q': the white king is not on rank 1"}));
    // En passant: the square must fit the check on the board and the clock.
    BOOST_TEST(reasons("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1", Rules::chess960) ==
               Reasons{"en-passant square d3: the check from f1 was there before the pawn moved from d2 to d4"});
    // The push uncovers the bishop on c1, but it also blocks the rook on a4, which attacked the king before.
    BOOST_TEST(reasons("8/8/8/8/R2P1k2/8/8/2B4K b - d3 0 1", Rules::chess960) ==
               Reasons{"en-passant square d3: the check from a4 was there before the pawn moved from d2 to d4"});
    BOOST_TEST(reasons("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", Rules::chess960) == Reasons{}); // the pawn checks
    BOOST_TEST(reasons("8/8/8/k7/3Pp3/8/8/4B1K1 b - d3 0 1", Rules::chess960) == Reasons{}); // the push uncovers e1
    BOOST_TEST(reasons("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 5 1", Rules::chess960) ==
               Reasons{"en-passant square d3: the halfmove clock is 5, but the double push that allows en passant "
                       "resets it to 0"});
    BOOST_TEST(reasons("4k3/8/8/8/4p3/8/8/4K3 b - d3 0 1", Rules::chess960) ==
               Reasons{"en-passant square d3: no white pawn on d4 that could just have moved two squares"});
}

// Two facts of a double push that each alone refuse an en-passant square (issue 26 found a mutant of
// each that the suite let live): the pawn came from its origin square, so that square is empty now
// (a knight on d2: no pawn moved d2-d4, and perft must not play e4xd3); and the push reset the
// halfmove clock, so even 1 is one too many.
BOOST_AUTO_TEST_CASE(en_passant_needs_an_empty_origin_and_a_fresh_clock)
{
    std::string const knight_on_origin = "4k3/8/8/8/3Pp3/8/3N4/4K3 b - d3 0 1";
    BOOST_TEST(reasons(knight_on_origin, Rules::chess960) ==
               Reasons{"en-passant square d3: d2 is occupied, so no pawn can have moved from there"});
    auto record = parse_fen(knight_on_origin);
    BOOST_REQUIRE(record);
    BOOST_TEST(!Position::from_setup(record->setup, Rules::chess960, Strictness::playable));
    // The same board with the knight elsewhere: the square is one.
    BOOST_TEST(reasons("4k3/8/8/8/3Pp3/8/8/3NK3 b - d3 0 1", Rules::chess960) == Reasons{});

    BOOST_TEST(reasons("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 1 1", Rules::standard) ==
               Reasons{"en-passant square e3: the halfmove clock is 1, but the double push that allows en passant "
                       "resets it to 0"});
    BOOST_TEST(reasons("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", Rules::standard) == Reasons{});
}

// A double push gives at most one check (scripts/mutants.tsv's ep_double_check): the pushed pawn's own
// check, or one slider's along the one line through the square the pawn left; never both, since no
// line runs from d7 to c4 or e4, the squares d5 attacks. So a double check beside an en-passant square
// is named as such. The rook e8 and the knight d3 check e1 together (a knight move that uncovers the
// rook gives that), which without the en-passant square is no problem at all.
BOOST_AUTO_TEST_CASE(en_passant_after_a_double_check)
{
    BOOST_TEST(reasons("4r1k1/8/8/3p4/8/3n4/8/4K3 w - - 0 1", Rules::chess960) == Reasons{});
    BOOST_TEST(reasons("4r1k1/8/8/3p4/8/3n4/8/4K3 w - d6 0 1", Rules::chess960) ==
               Reasons{"en-passant square d6: a double pawn push gives at most one check, here d3, e8 give check"});
}

// Without a record's letters (a Setup built in code), castling problems name the rooks' squares.
BOOST_AUTO_TEST_CASE(setup_castling_names_squares)
{
    auto record = parse_fen("4k3/8/8/8/8/8/8/R3K1NR w - - 0 1");
    BOOST_REQUIRE(record);
    Setup setup = record->setup;
    setup.castling_rooks = bit(Square(File(7), Rank(0))) | bit(Square(File(6), Rank(0))) |
                           bit(Square(File(0), Rank(7))) | bit(Square(File(3), Rank(3)));
    BOOST_TEST(position_problems(setup, Rules::chess960) ==
               (Reasons{"castling right of the rook on d4: not on a back rank",
                        "castling right of the rook on g1: no white rook there",
                        "castling right of the rook on a8: no black rook there"}));
    auto pos = Position::from_setup(setup);
    BOOST_REQUIRE(!pos);
    BOOST_TEST(pos.error().message ==
               "castling right of the rook on d4: not on a back rank; castling right of the rook on g1: no white rook "
               "there; castling right of the rook on a8: no black rook there");
}

// Position::from_setup can keep each reason apart: its kind, column 1 (a setup has no text) and its
// message; what Strictness::playable lets through is not among them.
BOOST_AUTO_TEST_CASE(from_setup_lists_each_problem)
{
    auto record = parse_fen("4k3/8/8/8/8/8/8/R3K1NR w - - 0 1");
    BOOST_REQUIRE(record);
    Setup setup = record->setup;
    setup.castling_rooks = bit(Square(File(6), Rank(0))) | bit(Square(File(3), Rank(3)));
    auto const refused = Position::from_setup_problems(setup, Rules::chess960, Strictness::legal);
    BOOST_REQUIRE(!refused);
    BOOST_TEST(refused.error() ==
               (std::vector<Problem>{
                   {Problem::Kind::rook_off_back_rank, 1, "castling right of the rook on d4: not on a back rank"},
                   {Problem::Kind::no_rook, 1, "castling right of the rook on g1: no white rook there"}}));

    auto check = parse_fen("4k2P/8/8/8/8/8/8/4K2r b - - 0 1");
    BOOST_REQUIRE(check);
    auto const refused_legal = Position::from_setup_problems(check->setup, Rules::chess960, Strictness::legal);
    BOOST_REQUIRE(!refused_legal);
    const std::vector<Problem>& legal = refused_legal.error();
    BOOST_REQUIRE_EQUAL(legal.size(), 2u);
    BOOST_TEST((legal[0].kind == Problem::Kind::pawn_on_back_rank));
    BOOST_TEST((legal[1].kind == Problem::Kind::opposite_check));
    auto const refused_playable = Position::from_setup_problems(check->setup, Rules::chess960, Strictness::playable);
    BOOST_REQUIRE(!refused_playable);
    const std::vector<Problem>& playable = refused_playable.error();
    BOOST_REQUIRE_EQUAL(playable.size(), 1u);
    BOOST_TEST(playable[0].message == legal[1].message);
    auto const joined = Position::from_setup(check->setup, Rules::chess960, Strictness::playable);
    BOOST_REQUIRE(!joined);
    BOOST_TEST(joined.error().column == 1u);
    BOOST_TEST(joined.error().message == legal[1].message);

    auto pawn = parse_fen("4k2P/8/8/8/8/8/8/4K3 w - - 0 1");
    BOOST_REQUIRE(pawn);
    BOOST_TEST(Position::from_setup_problems(pawn->setup, Rules::chess960, Strictness::playable).has_value());
}

// The record checks and validation speak one taxonomy: a record's problems keep the castling judge's
// kinds and the en-passant field's, each at its field's column.
BOOST_AUTO_TEST_CASE(kinds_and_columns_of_a_record)
{
    std::string const fen = "4k3/8/8/8/8/8/8/1R2K1R1 w GBq e3 0 1";
    auto record = parse_fen(fen);
    BOOST_REQUIRE(record);
    std::vector<Problem> const problems = find_problems(*record, Rules::standard);
    BOOST_REQUIRE_EQUAL(problems.size(), 4u);
    BOOST_TEST((problems[0].kind == Problem::Kind::not_standard));
    BOOST_TEST(problems[0].column == 27u);
    BOOST_TEST((problems[1].kind == Problem::Kind::not_standard));
    BOOST_TEST(problems[1].column == 28u);
    BOOST_TEST((problems[2].kind == Problem::Kind::no_rook));
    BOOST_TEST(problems[2].column == 29u);
    BOOST_TEST((problems[3].kind == Problem::Kind::ep_wrong_rank));
    BOOST_TEST(problems[3].column == 31u);
    BOOST_TEST(problems[3].message == "en-passant square e3: wrong rank with white to move (expected rank 6)");
    for (const Problem& p : problems)
        BOOST_TEST(is_repairable(p.kind));
    BOOST_TEST(problems[2].message == "castling letter 'q': no black rook on a8");
    // Nothing else is wrong: the record checks (castling and en-passant fields) find the same.
    std::vector<Problem> checked;
    check_rights(*record, Rules::standard, checked);
    BOOST_TEST((checked == problems));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(validate_record_verdicts)

BOOST_AUTO_TEST_CASE(malformed_castling_field_is_an_error)
{
    Validation const v = validate_record("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqb - 0 1", Rules::chess960);
    BOOST_TEST((v.verdict == Verdict::error));
    BOOST_REQUIRE(v.errors.size() == 1u);
    BOOST_TEST(v.errors[0].column == 51u);
    BOOST_TEST(v.errors[0].message == "castling letter 'b': more than two castling rights for black");
    Validation const g = validate_record("qnrnbrkb/pp2p3/3p1pp1/2p4p/P1P4P/5P2/1P1PP1P1/QNRNBRKB b G a3 0 7",
                                         Rules::chess960);
    BOOST_TEST((g.verdict == Verdict::invalid));
    // Black's letters before white's: readers take it, validate calls the field malformed.
    Validation const order = validate_record("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qKkQ - 0 1", Rules::standard);
    BOOST_TEST((order.verdict == Verdict::error));
    BOOST_REQUIRE(order.errors.size() == 1u);
    BOOST_TEST(order.errors[0].column == 48u);
    BOOST_TEST(order.errors[0].message == "castling letter 'K': white's castling letters come before black's (as in KQkq)");
    BOOST_TEST((validate_record("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qk - 0 1", Rules::standard).verdict ==
                Verdict::valid));
    Validation const bad = validate_record("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", Rules::chess960);
    BOOST_TEST((bad.verdict == Verdict::error));
    BOOST_REQUIRE(bad.errors.size() == 1u);
    BOOST_TEST(bad.errors[0].message == "invalid castling letter 'x'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(convert_checks_the_position)

struct Converted {
    bool ok = false;
    std::string text;
    std::vector<Diagnostic> warnings;
};

Converted convert(const std::string& input, bool repair = false, InputDialect from = InputDialect::automatic)
{
    Converted c;
    auto const converted =
        convert_record(input, ConvertOptions{Dialect::shredder, from, std::nullopt, repair}, c.text, c.warnings);
    c.ok = converted.has_value();
    if (!converted)
        for (const Diagnostic& e : converted.error())
            c.text += (c.text.empty() ? "" : "; ") + e.message;
    return c;
}

Converted convert_strict(const std::string& input)
{
    Converted c;
    ConvertOptions options{Dialect::shredder, InputDialect::automatic, std::nullopt, false};
    options.acceptance = Acceptance::strict;
    auto const converted = convert_record(input, options, c.text, c.warnings);
    c.ok = converted.has_value();
    if (!converted)
        for (const Diagnostic& e : converted.error())
            c.text += (c.text.empty() ? "" : "; ") + e.message;
    return c;
}

// The acceptance rule: what the move generator plays is converted; when no game reaches it, with one
// warning naming every reason; --strict (Acceptance::strict) refuses it.
BOOST_AUTO_TEST_CASE(unreachable_positions_convert_with_a_warning)
{
    // Ethereal's standard perft suite: the black king on f3 in check from the bishops on a8 and h1.
    Converted const check = convert("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1");
    BOOST_TEST(check.ok);
    BOOST_TEST(check.text == "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1");
    BOOST_REQUIRE(check.warnings.size() == 1u);
    BOOST_TEST(check.warnings[0].column == 1u);
    BOOST_TEST(check.warnings[0].message.starts_with("not a position of a legal game (impossible check: "),
               check.warnings[0].message);
    Converted const strict = convert_strict("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1");
    BOOST_TEST(!strict.ok);
    BOOST_TEST(strict.text.starts_with("invalid position: impossible check: "), strict.text);
    BOOST_TEST(strict.warnings.empty());

    // Two queens beside eight pawns; nine pawns; a pawn on the first rank: each reason named.
    Converted const queens = convert("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ w - - 0 1");
    BOOST_TEST(queens.ok);
    BOOST_REQUIRE(queens.warnings.size() == 1u);
    BOOST_TEST(queens.warnings[0].message.find("white") != std::string::npos, queens.warnings[0].message);
    Converted const pawns = convert("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1");
    BOOST_TEST(pawns.ok);
    BOOST_REQUIRE(pawns.warnings.size() == 1u);
    BOOST_TEST(pawns.warnings[0].message.find("9 ") != std::string::npos, pawns.warnings[0].message);
    Converted const back = convert("4k3/8/8/8/8/8/8/P3K3 w - - 0 1");
    BOOST_TEST(back.ok);
    BOOST_TEST(back.warnings.size() == 1u);
    BOOST_TEST(!convert_strict("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").ok);
    // The standard start is no warning, strict or not.
    Converted const start = convert_strict("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    BOOST_TEST(start.ok);
    BOOST_TEST(start.warnings.empty());

    // What the generator cannot play stays refused: no king, two kings, the side not to move in check.
    for (const char* refused : {"4k3/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
                                "4k3/8/8/8/8/8/8/4K2r b - - 0 1"}) {
        Converted const c = convert(refused);
        BOOST_TEST(!c.ok, refused);
        BOOST_TEST(c.text.starts_with("invalid position: "), c.text);
    }
    // A refusing problem beside an unreachable one: refused, with both reasons.
    Converted const both = convert("4k3/8/8/8/8/8/8/P3K2r b - - 0 1");
    BOOST_TEST(!both.ok);
    BOOST_TEST(both.text.find("pawn") != std::string::npos, both.text);
    BOOST_TEST(both.text.find("not to move is in check") != std::string::npos, both.text);
}

// Which problems the rule lets through, kind by kind (problem.hpp's list).
BOOST_AUTO_TEST_CASE(the_unreachable_kinds)
{
    using K = ProblemKind;
    for (K k : {K::pawn_on_back_rank, K::too_many_pawns, K::too_many_pieces, K::too_many_promoted,
                K::too_many_checkers, K::impossible_check, K::en_passant_check, K::en_passant_clock})
        BOOST_TEST(is_unreachable(k), static_cast<int>(k));
    for (K k : {K::no_king, K::too_many_kings, K::opposite_check, K::too_many_rights, K::duplicate_right,
                K::rook_off_back_rank, K::king_off_back_rank, K::no_rook, K::same_side, K::not_standard,
                K::ep_wrong_rank, K::ep_no_pawn, K::ep_occupied})
        BOOST_TEST(!is_unreachable(k), static_cast<int>(k));
}

BOOST_AUTO_TEST_CASE(invalid_positions_are_errors)
{
    Converted const c = convert("4k3/8/8/8/8/8/8/4K2r b - - 0 1");
    BOOST_TEST(!c.ok);
    BOOST_TEST(c.text == "invalid position: the side not to move is in check: white king on e1 attacked from h1");
    // --repair drops only castling rights and en-passant squares: this stays an error.
    Converted const r = convert("4k3/8/8/8/8/8/8/4K2r b - - 0 1", true);
    BOOST_TEST(!r.ok);
    // An en-passant square the check on the board contradicts: no game reaches the position, which the
    // move generator plays all the same (the acceptance rule): converted with a warning, the square
    // kept; --repair drops it, with a warning.
    Converted const ep = convert("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1");
    BOOST_TEST(ep.ok);
    BOOST_TEST(ep.text == "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1");
    BOOST_REQUIRE(ep.warnings.size() == 1u);
    BOOST_TEST(ep.warnings[0].message == "not a position of a legal game (en-passant square d3: the check from f1 was "
                                         "there before the pawn moved from d2 to d4)");
    Converted const ep_repaired = convert("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1", true);
    BOOST_TEST(ep_repaired.ok);
    BOOST_TEST(ep_repaired.text == "8/8/8/1k6/3Pp3/8/8/4KQ2 b - - 0 1");
    BOOST_REQUIRE(ep_repaired.warnings.size() == 1u);
    BOOST_TEST(ep_repaired.warnings[0].message ==
               "en-passant square d3: the check from f1 was there before the pawn moved from d2 to d4; dropped");
    // Standard rules when reading standard FEN.
    Converted const std960 = convert("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, InputDialect::fen);
    BOOST_TEST(std960.ok);
}

BOOST_AUTO_TEST_SUITE_END()
