// Reading perft suites (perft_suite.hpp) against plain readings of the same files written here: every
// file of tests/data/perft in either layout gives its positions, in order, with every count and the
// line it stands on; the counts hold for the positions read (to small depths: test_movegen and
// `perft --suite` go deeper); what does not read is an error of its position, at its line and column.
#define BOOST_TEST_MODULE perft_suite
#include <boost/test/unit_test.hpp>

#include <regex>
#include <string>
#include <vector>

#include "fen960/fen.hpp"
#include "fen960/perft_suite.hpp"
#include "fen960/position.hpp"
#include "test_data.hpp"

using namespace fen960;

namespace {

struct Plain {
    std::uint64_t line = 0;
    std::vector<SuiteCount> counts;
};

// The .perft layout by words: a position per `epd` line, a count per `perft` line.
std::vector<Plain> plain_blocks(const std::string& relative)
{
    std::vector<Plain> positions;
    std::uint64_t number = 0;
    for (const std::string& line : test::read_lines(relative)) {
        ++number;
        if (line.rfind("epd ", 0) == 0)
            positions.push_back(Plain{number, {}});
        else if (line.rfind("perft ", 0) == 0) {
            auto const words = test::split(line, ' ');
            positions.back().counts.push_back(SuiteCount{std::stoi(words[1]), std::stoull(words[2]), number});
        }
    }
    return positions;
}

// EPD lines by a regular expression for `D<depth> <nodes>`.
std::vector<Plain> plain_epd(const std::string& relative)
{
    static std::regex const count(R"(D([0-9]+) ([0-9]+))");
    std::vector<Plain> positions;
    std::uint64_t number = 0;
    for (const std::string& line : test::read_lines(relative)) {
        ++number;
        if (line.empty())
            continue;
        Plain& p = positions.emplace_back(Plain{number, {}});
        for (std::sregex_iterator m(line.begin(), line.end(), count), end; m != end; ++m)
            p.counts.push_back(SuiteCount{std::stoi((*m)[1]), std::stoull((*m)[2]), number});
    }
    return positions;
}

void same(const std::vector<SuitePosition>& read, const std::vector<Plain>& plain, const std::string& file)
{
    BOOST_TEST_CONTEXT(file)
    {
        BOOST_REQUIRE_EQUAL(read.size(), plain.size());
        for (std::size_t i = 0; i < read.size(); ++i) {
            BOOST_TEST_CONTEXT("position " << i + 1 << " (line " << plain[i].line << ")")
            {
                BOOST_TEST(!read[i].error);
                BOOST_TEST(read[i].line == plain[i].line);
                BOOST_REQUIRE_EQUAL(read[i].counts.size(), plain[i].counts.size());
                for (std::size_t k = 0; k < read[i].counts.size(); ++k) {
                    BOOST_TEST(read[i].counts[k].depth == plain[i].counts[k].depth);
                    BOOST_TEST(read[i].counts[k].nodes == plain[i].counts[k].nodes);
                    BOOST_TEST(read[i].counts[k].line == plain[i].counts[k].line);
                }
            }
        }
    }
}

// Each position's counts up to `depth` (and at most `limit` nodes) against perft; how many held
// (shakmaty's position of 270 legal moves among them: the acceptance rule plays it).
std::size_t check(const std::vector<SuitePosition>& suite, int depth, std::uint64_t limit)
{
    std::size_t checked = 0;
    for (const SuitePosition& p : suite) {
        auto const pos = Position::from_setup(p.setup, Rules::chess960, Strictness::playable);
        BOOST_REQUIRE_MESSAGE(pos, p.text);
        for (const SuiteCount& c : p.counts)
            if (c.depth <= depth && c.nodes <= limit) {
                BOOST_TEST(perft(*pos, c.depth) == c.nodes, p.text << " D" << c.depth);
                ++checked;
            }
    }
    return checked;
}

} // namespace

BOOST_AUTO_TEST_CASE(block_layout_files)
{
    for (const char* file : {"perft/chess960-startpos.perft", "perft/python-chess-chess960.perft",
                             "perft/python-chess-tricky.perft", "perft/shakmaty-tricky.perft",
                             "perft/scalachess-tricky.perft", "perft/cutechess-frc.perft"}) {
        auto const suite = read_perft_suite(test::read_file(file));
        same(suite, plain_blocks(file), file);
        BOOST_TEST(check(suite, 3, 200000) > 0u, file);
    }
    auto const starts = read_perft_suite(test::read_file("perft/chess960-startpos.perft"));
    BOOST_REQUIRE_EQUAL(starts.size(), 960u);
    BOOST_TEST(starts[0].id == "0");
    BOOST_TEST(starts[959].id == "959");
    BOOST_TEST(starts[0].counts.size() == 6u);
}

BOOST_AUTO_TEST_CASE(epd_files)
{
    for (const char* file : {"perft/pychess-perftsuite.epd", "perft/pychess-frc_perftsuite.epd"}) {
        auto const suite = read_perft_suite(test::read_file(file));
        same(suite, plain_epd(file), file);
        BOOST_TEST(check(suite, 3, 200000) > suite.size(), file);
    }
    BOOST_TEST(read_perft_suite(test::read_file("perft/pychess-perftsuite.epd")).size() == 127u);
}

// The random suite is large: the first counts of every position.
BOOST_AUTO_TEST_CASE(random_suite)
{
    auto const suite = read_perft_suite(test::read_file("perft/python-chess-random.perft"));
    same(suite, plain_blocks("perft/python-chess-random.perft"), "random");
    BOOST_TEST(check(suite, 2, 5000) > suite.size());
}

// Every separator style of the oracle's EPD table and of the issue, mixed with blocks, CRLF, blanks.
BOOST_AUTO_TEST_CASE(separator_styles_and_errors)
{
    std::string const text =
        "# a comment\r\n"
        "\n"
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\r\n"
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1; D1 20; D2 400;\n"
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;D1 20\n"
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400\n"
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq -  D1 20; D2 400\n"
        "  id start\n"
        "epd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n"
        "perft 1 20\n"
        "perft\t2\t400\n"
        "perft 3 x\n"                                               // line 12: a bad count
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - ;D1 20\n" // line 13: a bad record
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 x\n"  // line 14: a bad D1
        "perft 1 20\n";                                               // line 15: no epd before it
    auto const suite = read_perft_suite(text);
    BOOST_REQUIRE_EQUAL(suite.size(), 9u);
    for (std::size_t i = 0; i < 6; ++i)
        BOOST_TEST_CONTEXT("position " << i)
        {
            if (i < 5) // the block's (position 5) error is its third count
                BOOST_TEST(!suite[i].error);
            BOOST_TEST(suite[i].counts.size() >= 1u);
            BOOST_TEST(suite[i].counts[0].nodes == 20u);
        }
    BOOST_TEST(suite[0].line == 3u);
    BOOST_TEST(suite[4].line == 7u);
    BOOST_TEST(suite[4].counts.size() == 2u);
    BOOST_TEST(suite[5].id == "start");
    BOOST_TEST(suite[5].line == 9u);
    BOOST_REQUIRE_EQUAL(suite[5].counts.size(), 2u);
    BOOST_TEST(suite[5].counts[1].line == 11u);
    BOOST_REQUIRE(suite[5].error);
    BOOST_TEST(suite[5].error->line == 12u);
    BOOST_TEST(suite[5].error->column == 7u);
    BOOST_REQUIRE(suite[6].error);
    BOOST_TEST(suite[6].error->line == 13u);
    BOOST_TEST(suite[6].error->column == 49u);
    BOOST_TEST(suite[6].text == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - ;D1 20");
    BOOST_REQUIRE(suite[7].error);
    BOOST_TEST(suite[7].error->column == 55u);
    BOOST_REQUIRE(suite[8].error);
    BOOST_TEST(suite[8].error->line == 15u);
    BOOST_TEST(check({suite.begin(), suite.begin() + 5}, 2, 1000) == 9u);
}

// check_suite_position: a changed count fails with its line, deeper counts are skipped, a position
// the generator cannot play is an error, and one no game reaches is counted with its problems.
BOOST_AUTO_TEST_CASE(checking_positions)
{
    std::string const text = "id start\n"
                             "epd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n"
                             "perft 1 20\n"
                             "perft 2 401\n"
                             "perft 3 8902\n"
                             "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n"
                             "4k3/8/8/8/8/8/8/4K2R b K - 0 1 ;D1 15\n"      // black has 5 moves, not 15
                             "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1 ;D1 1\n"       // the side not to move in check
                             "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1 ;D1 3\n";   // two knights giving check
    auto const suite = read_perft_suite(text);
    BOOST_REQUIRE_EQUAL(suite.size(), 5u);

    PositionCheck const start = check_suite_position(suite[0], 2);
    BOOST_TEST(!start.ok());
    BOOST_TEST(!start.error);
    BOOST_REQUIRE_EQUAL(start.counts.size(), 2u);
    BOOST_TEST(start.counts[0].ok());
    BOOST_TEST(!start.counts[1].ok());
    BOOST_TEST(start.counts[1].expected.line == 4u);
    BOOST_TEST(start.counts[1].nodes == 400u);
    BOOST_TEST(start.skipped == 1u);

    PositionCheck const rook = check_suite_position(suite[1], 9);
    BOOST_TEST(rook.ok());
    BOOST_TEST(rook.counts.size() == 2u);
    BOOST_TEST(rook.skipped == 0u);
    BOOST_TEST(rook.problems.empty());

    BOOST_TEST(check_suite_position(suite[2], 9).counts.at(0).nodes == 5u); // black king: d8 d7 e7 f7 f8
    BOOST_TEST(!check_suite_position(suite[2], 9).ok());

    PositionCheck const in_check = check_suite_position(suite[3], 9);
    BOOST_REQUIRE(in_check.error);
    BOOST_TEST(in_check.error->line == 8u);
    BOOST_TEST(in_check.counts.empty());

    PositionCheck const knights = check_suite_position(suite[4], 9);
    BOOST_TEST(!knights.error);
    BOOST_TEST(!knights.problems.empty());
    BOOST_TEST(knights.ok()); // Kd8, Ke7, Kf8: d7 and f7 are the knights'
}
