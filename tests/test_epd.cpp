// EPD records: the operations after the position (epd.hpp), as the issue's examples and the oracle's
// EPD table (tests/data/oracle/epd.tsv, expectations of independent implementations) have them: the
// position converts, the operations stay byte for byte, their list, clocks and perft counts read as
// written; blank and comment lines are no records; the shapes fen and epd.
#define BOOST_TEST_MODULE epd
#include <boost/test/unit_test.hpp>

#include <string>
#include <utility>
#include <vector>

#include "fen960/convert.hpp"
#include "fen960/epd.hpp"
#include "fen960/fen.hpp"
#include "test_data.hpp"

using namespace fen960;

namespace {

struct Converted {
    bool ok = false;
    std::string text;
    std::vector<Diagnostic> errors;
    std::vector<Diagnostic> warnings;
};

Converted convert(const std::string& input, Dialect to, Shape shape = Shape::as_read)
{
    Converted c;
    ConvertOptions options{to, InputDialect::automatic, std::nullopt, false};
    options.shape = shape;
    auto converted = convert_record(input, options, c.text, c.warnings);
    c.ok = converted.has_value();
    if (!converted)
        c.errors = std::move(converted.error());
    return c;
}

// The items as [opcode, operand values...], free text as ["", text].
std::vector<std::vector<std::string>> items(const std::string& record)
{
    FenRecord r;
    std::vector<EpdOperation> ops;
    auto const read = parse_fen(record, InputDialect::automatic, r, ops);
    BOOST_REQUIRE_MESSAGE(read.has_value(), record << ": " << (read ? "" : read.error().message));
    std::vector<std::vector<std::string>> list;
    for (const EpdOperation& op : ops) {
        std::vector<std::string>& item = list.emplace_back();
        item.emplace_back(op.opcode);
        for (std::string_view operand : op.operands)
            item.push_back(op.opcode.empty() ? std::string(operand) : operand_value(operand));
    }
    return list;
}

using Items = std::vector<std::vector<std::string>>;

} // namespace

// The issue's examples: the position converts in each dialect, the rest of the line follows as read
// (standard FEN cannot write the three Chess960 rights: an error there).
BOOST_AUTO_TEST_CASE(examples_of_the_issue)
{
    struct Example {
        std::string input;
        std::string xfen;
        std::string shredder;
        bool chess960 = false;
    };
    std::vector<Example> const examples{
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528 ;D3 12189",
         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9 ;D1 21 ;D2 528 ;D3 12189",
         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528 ;D3 12189", true},
        {"4r3/5b2/p3Pn2/P1kP4/2p4p/7N/2BK2P1/3N2R1 w - - 0 1; D1 28; D2 725; D3 19458; D4 491554",
         "4r3/5b2/p3Pn2/P1kP4/2p4p/7N/2BK2P1/3N2R1 w - - 0 1; D1 28; D2 725; D3 19458; D4 491554",
         "4r3/5b2/p3Pn2/P1kP4/2p4p/7N/2BK2P1/3N2R1 w - - 0 1; D1 28; D2 725; D3 19458; D4 491554"},
        {"rq2r1k1/5pp1/p7/4bNP1/1p2P2P/5Q2/PP4K1/5R1R w - - bm Nxg7; id \"test 1\";",
         "rq2r1k1/5pp1/p7/4bNP1/1p2P2P/5Q2/PP4K1/5R1R w - - bm Nxg7; id \"test 1\";",
         "rq2r1k1/5pp1/p7/4bNP1/1p2P2P/5Q2/PP4K1/5R1R w - - bm Nxg7; id \"test 1\";"},
        {"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - ; bm Qd1 + ; id BK.01",
         "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - ; bm Qd1 + ; id BK.01",
         "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - ; bm Qd1 + ; id BK.01"},
        {"r3r1k1/5p2/pQ1b2pB/1p6/4p3/6P1/Pq2BP1P/2R3K1 b - - bm Ba3 Be5 Bf8 e3; c0 \"All win but e3 is best.\"; id "
         "\"WAC.150\";",
         "r3r1k1/5p2/pQ1b2pB/1p6/4p3/6P1/Pq2BP1P/2R3K1 b - - bm Ba3 Be5 Bf8 e3; c0 \"All win but e3 is best.\"; id "
         "\"WAC.150\";",
         "r3r1k1/5p2/pQ1b2pB/1p6/4p3/6P1/Pq2BP1P/2R3K1 b - - bm Ba3 Be5 Bf8 e3; c0 \"All win but e3 is best.\"; id "
         "\"WAC.150\";"},
        {"r2qk2r/ppp1b1pp/2n1p3/3pP1n1/3P2b1/2PB1NN1/PP4PP/R1BQK2R w KQkq - bm Nxg5; c0 \"ERET.095; Queen sacrifice\";",
         "r2qk2r/ppp1b1pp/2n1p3/3pP1n1/3P2b1/2PB1NN1/PP4PP/R1BQK2R w KQkq - bm Nxg5; c0 \"ERET.095; Queen sacrifice\";",
         "r2qk2r/ppp1b1pp/2n1p3/3pP1n1/3P2b1/2PB1NN1/PP4PP/R1BQK2R w HAha - bm Nxg5; c0 \"ERET.095; Queen sacrifice\";"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1;",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1;",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - hmvc 0; fmvn 1;"},
        {"8/5kpp/8/8/1p3P2/6PP/r3KP2/1R1q4 w - -  0 1; D4 23441", "8/5kpp/8/8/1p3P2/6PP/r3KP2/1R1q4 w - - 0 1; D4 23441",
         "8/5kpp/8/8/1p3P2/6PP/r3KP2/1R1q4 w - - 0 1; D4 23441"},
        {"bnnrqbkr/pppppppp/8/8/8/8/PPPPPPPP/BNNRQBKR w KQkq - 0 0", "bnnrqbkr/pppppppp/8/8/8/8/PPPPPPPP/BNNRQBKR w KQkq - 0 1",
         "bnnrqbkr/pppppppp/8/8/8/8/PPPPPPPP/BNNRQBKR w HDhd - 0 1", true},
        {"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1;", "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1;",
         "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1;", true},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - eco A00a  Start position;",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - eco A00a  Start position;",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - eco A00a  Start position;"},
    };
    for (const Example& e : examples) {
        BOOST_TEST_CONTEXT(e.input)
        {
            BOOST_TEST(convert(e.input, Dialect::xfen).text == e.xfen);
            BOOST_TEST(convert(e.input, Dialect::shredder).text == e.shredder);
            Converted const fen = convert(e.input, Dialect::fen);
            BOOST_TEST(fen.ok == !e.chess960);
            if (!e.chess960)
                BOOST_TEST(fen.text == e.xfen); // all standard: X-FEN is standard FEN there
        }
    }
}

// The oracle's EPD table, every row in both columns: the converted position, then the rest byte for
// byte; '!' rows are errors. Blank and comment rows are no records (the command copies them; see
// test_cli_oracle), so here they are neither converted nor rejected: line_kind says so.
BOOST_AUTO_TEST_CASE(oracle_epd_table)
{
    test::Table const table("oracle/epd.tsv", test::Comments::none);
    BOOST_REQUIRE_EQUAL(table.size(), 150u);
    std::size_t records = 0;
    std::size_t not_records = 0;
    std::size_t errors = 0;
    std::size_t warned = 0;
    for (std::size_t i = 0; i < table.size(); ++i) {
        std::string const& input = table.at(i, "input");
        BOOST_TEST_CONTEXT("row " << i + 1 << ": " << input)
        {
            if (line_kind(input) != LineKind::record) {
                BOOST_TEST(table.at(i, "expected_xfen") == input);
                ++not_records;
                continue;
            }
            ++records;
            for (auto [dialect, column] : {std::pair{Dialect::xfen, "expected_xfen"}, std::pair{Dialect::shredder, "expected_shredder"}}) {
                Converted const c = convert(input, dialect);
                std::string const& expected = table.at(i, column);
                if (expected == "!") {
                    BOOST_TEST(!c.ok);
                    BOOST_TEST(!c.errors.empty());
                    errors += dialect == Dialect::xfen;
                } else {
                    BOOST_TEST(c.ok);
                    BOOST_TEST(c.text == expected);
                    warned += dialect == Dialect::xfen && !c.warnings.empty();
                }
            }
        }
    }
    BOOST_TEST(records == 145u);
    BOOST_TEST(not_records == 5u);
    BOOST_TEST(errors == 4u);
    BOOST_TEST(warned == 4u); // the four records with fullmove number 0
}

// The errors the issue lists, each at its column and naming what it should.
BOOST_AUTO_TEST_CASE(errors_name_their_field)
{
    struct Case {
        std::string input;
        std::uint32_t column;
        std::string words; // in the message
    };
    std::string const board = "qnkrbbn1/pp2p1r1/2p2Pp1/3p3p/1P2PP2/7N/P1PP3P/QNKRBB1R w - -";
    for (const Case& c : std::vector<Case>{
             {board + " bm Qb2; c0 \"never closed;", 73, "unterminated quote"},
             {board + " -1 1", 62, "halfmove clock"},
             {board + " 2 9 hmvc 0;", 66, "halfmove clock 2 contradicts operation hmvc 0"},
             {board + " 0 9 fmvn 10;", 66, "fullmove number 9 contradicts operation fmvn 10"},
             {board + " x 1", 62, "halfmove clock"},
             {board + " 0 x", 64, "fullmove number"},
             {board + " 0 1 0", 66, "operations begin with an opcode"},
         }) {
        Converted const r = convert(c.input, Dialect::shredder);
        BOOST_TEST_CONTEXT(c.input)
        {
            BOOST_TEST(!r.ok);
            BOOST_REQUIRE_EQUAL(r.errors.size(), 1u);
            BOOST_TEST(r.errors[0].column == c.column);
            BOOST_TEST(r.errors[0].message.find(c.words) != std::string::npos, r.errors[0].message);
        }
    }
    // hmvc/fmvn that agree with the clock fields are no error; a fullmove number 0 is read as 1.
    BOOST_TEST(convert(board + " 1 4 hmvc 1; fmvn 4;", Dialect::shredder).ok);
    Converted const zero = convert(board + " 0 0", Dialect::shredder);
    BOOST_TEST(zero.ok);
    BOOST_TEST(zero.text == board + " 0 1");
    BOOST_REQUIRE_EQUAL(zero.warnings.size(), 1u);
    BOOST_TEST(zero.warnings[0].column == 64u);
    BOOST_TEST(zero.warnings[0].message == "fullmove number 0 read as 1");
    // The same rule for an fmvn operation that gives the clocks (scripts/mutants.tsv's epd_fmvn_zero):
    // 0 is read as 1, with the warning at the operation's number.
    Converted const op_zero = convert(board + " hmvc 4; fmvn 0;", Dialect::shredder, Shape::fen);
    BOOST_TEST(op_zero.ok);
    BOOST_TEST(op_zero.text == board + " 4 1");
    BOOST_REQUIRE_EQUAL(op_zero.warnings.size(), 1u);
    BOOST_TEST(op_zero.warnings[0].message == "fullmove number 0 read as 1");
}

// The list in input order, quoted operands without their quotes, free text as one item.
BOOST_AUTO_TEST_CASE(operation_lists)
{
    std::string const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    BOOST_TEST((items(start + " 0 1 ;D1 20 ;D2 400") == Items{{"D1", "20"}, {"D2", "400"}}));
    BOOST_TEST((items(start + " 0 1;D1 20") == Items{{"D1", "20"}}));
    BOOST_TEST((items(start + " 0 1;") == Items{}));
    BOOST_TEST((items(start) == Items{}));
    BOOST_TEST((items(start + " ; bm Qd1 + ; id BK.01") == Items{{"bm", "Qd1", "+"}, {"id", "BK.01"}}));
    BOOST_TEST((items(start + " bm Ba3 Be5; c0 \"All win; e3 best.\"; id \"WAC.150\";") ==
                Items{{"bm", "Ba3", "Be5"}, {"c0", "All win; e3 best."}, {"id", "WAC.150"}}));
    BOOST_TEST((items(start + " bm a3; 1. a3 wins, see the game;") == Items{{"bm", "a3"}, {"", "1. a3 wins, see the game"}}));
    BOOST_TEST((items(start + " eco A00a  Start position;") == Items{{"eco", "A00a", "Start", "position"}}));
    BOOST_TEST((items(start + " 0 4 bm e2e4") == Items{{"bm", "e2e4"}}));
    BOOST_TEST((items(start + "\t;\tD1\t20 ;; ;") == Items{{"D1", "20"}}));
    BOOST_TEST((items(start + " c0 \"a \\\" b\";") == Items{{"c0", "a \" b"}}));
    BOOST_TEST((items(start + " c0 \"x\"y z;") == Items{{"c0", "xy", "z"}}));
    // hmvc/fmvn inside a quoted operand are text.
    FenRecord r;
    std::vector<EpdOperation> ops;
    std::string const text = start + " bm Qb2; hmvc 3; c0 \"fmvn 99; hmvc 98\"; fmvn 4;"; // the operations view it
    BOOST_REQUIRE(parse_fen(text, InputDialect::automatic, r, ops).has_value());
    BOOST_TEST(r.setup.halfmove_clock == 3u);
    BOOST_TEST(r.setup.fullmove_number == 4u);
    BOOST_TEST(r.clocks_from_operations);
    BOOST_TEST(!r.has_clocks);
    BOOST_REQUIRE_EQUAL(ops.size(), 4u);
    BOOST_TEST(ops[2].column == start.size() + 18);
    BOOST_TEST(ops[2].text() == "c0 \"fmvn 99; hmvc 98\"");
}

// D<n> counts, in order; other operations are not counts.
BOOST_AUTO_TEST_CASE(perft_counts_of_a_record)
{
    FenRecord r;
    std::vector<EpdOperation> ops;
    BOOST_REQUIRE(parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66; id D3; D12 7; D0 1; Dx 2; d4 5", InputDialect::automatic,
                            r, ops)
                      .has_value());
    std::vector<PerftCount> counts;
    BOOST_REQUIRE(perft_counts(ops, counts).has_value());
    BOOST_REQUIRE_EQUAL(counts.size(), 3u);
    BOOST_TEST(counts[0].depth == 1);
    BOOST_TEST(counts[0].nodes == 15u);
    BOOST_TEST(counts[1].depth == 2);
    BOOST_TEST(counts[1].nodes == 66u);
    BOOST_TEST(counts[2].depth == 12);
    BOOST_TEST(counts[2].nodes == 7u);
    BOOST_REQUIRE(parse_fen("4k3/8/8/8/8/8/8/4K2R w K - ;D1 x", InputDialect::automatic, r, ops).has_value());
    counts.clear();
    auto const counted = perft_counts(ops, counts);
    BOOST_REQUIRE(!counted);
    BOOST_TEST(counted.error().column == 29u);
}

BOOST_AUTO_TEST_CASE(blank_and_comment_lines_are_no_records)
{
    BOOST_TEST((line_kind("") == LineKind::blank));
    BOOST_TEST((line_kind("   \t") == LineKind::blank));
    BOOST_TEST((line_kind("\r") == LineKind::blank));
    BOOST_TEST((line_kind("  \r") == LineKind::blank));
    BOOST_TEST((line_kind("# perft suite") == LineKind::comment));
    BOOST_TEST((line_kind("  # indented; comment") == LineKind::comment));
    BOOST_TEST((line_kind("#rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == LineKind::comment));
    BOOST_TEST((line_kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == LineKind::record));
    BOOST_TEST((line_kind(" x") == LineKind::record));
    BOOST_TEST((line_kind("\rx") == LineKind::record));
    // The inline first-byte test against the plain scan, for every first byte and what may follow it.
    for (int c = 0; c < 256; ++c)
        for (std::string rest : {"", " ", "\r", "# x", "x", " \t#"}) {
            std::string const line = std::string(1, static_cast<char>(c)) + rest;
            BOOST_TEST((line_kind(line) == detail::line_kind_scan(line)), c);
        }
}

// --shape fen writes six fields (clocks from the fields, else from hmvc/fmvn, which then leave the
// operations, else 0 1); --shape epd four, the clock fields becoming hmvc/fmvn before the operations.
BOOST_AUTO_TEST_CASE(shapes)
{
    std::string const p = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    struct Case {
        std::string input;
        std::string fen;
        std::string epd;
    };
    for (const Case& c : std::vector<Case>{
             {p + " 3 9 ;D1 20 ;D2 400", p + " 3 9 ;D1 20 ;D2 400", p + " hmvc 3; fmvn 9 ;D1 20 ;D2 400"},
             {p + " 0 1;D1 20", p + " 0 1;D1 20", p + " hmvc 0; fmvn 1;D1 20"},
             {p + " 0 1; D1 20; D2 400;", p + " 0 1; D1 20; D2 400;", p + " hmvc 0; fmvn 1; D1 20; D2 400;"},
             {p + " 0 4 bm a2a3", p + " 0 4 bm a2a3", p + " hmvc 0; fmvn 4; bm a2a3"},
             {p + " 5 7", p + " 5 7", p + " hmvc 5; fmvn 7;"},
             {p, p + " 0 1", p},
             {p + " bm e4; id \"x\";", p + " 0 1 bm e4; id \"x\";", p + " bm e4; id \"x\";"},
             {p + " hmvc 0; fmvn 1;", p + " 0 1", p + " hmvc 0; fmvn 1;"},
             {p + " bm Qb2; hmvc 3; c0 \"fmvn 99; hmvc 98\"; fmvn 4;", p + " 3 4 bm Qb2; c0 \"fmvn 99; hmvc 98\";",
              p + " bm Qb2; hmvc 3; c0 \"fmvn 99; hmvc 98\"; fmvn 4;"},
             {p + " bm e4; hmvc 7", p + " 7 1 bm e4;", p + " bm e4; hmvc 7"},
             {p + " 1 4 hmvc 1; fmvn 4;", p + " 1 4 hmvc 1; fmvn 4;", p + " hmvc 1; fmvn 4;"},
             {p + " 1 4 fmvn 4; bm e4;", p + " 1 4 fmvn 4; bm e4;", p + " hmvc 1; fmvn 4; bm e4;"},
             {p + " 2 0 ;D1 20", p + " 2 1 ;D1 20", p + " hmvc 2; fmvn 1 ;D1 20"},
         }) {
        BOOST_TEST_CONTEXT(c.input)
        {
            Converted const fen = convert(c.input, Dialect::fen, Shape::fen);
            Converted const epd = convert(c.input, Dialect::fen, Shape::epd);
            BOOST_TEST(fen.ok);
            BOOST_TEST(epd.ok);
            BOOST_TEST(fen.text == c.fen);
            BOOST_TEST(epd.text == c.epd);
            // Either shape read again gives the same position and clocks.
            for (const Converted* w : {&fen, &epd}) {
                auto const again = parse_fen(w->text);
                auto const first = parse_fen(c.input);
                BOOST_REQUIRE(again);
                BOOST_TEST((again->setup == first->setup));
            }
        }
    }
}
