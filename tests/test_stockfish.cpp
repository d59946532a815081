// Differential test against Stockfish (Debian package `stockfish`, which scripts/install-deps.sh
// --test installs): for every game of the test PGN files (tests/data/oracle/games.pgn and every file
// under tests/data/pgn), the main line written by `fen960 pgn --format uci --castling kxr` is given to
// one Stockfish process with UCI_Chess960 on, and the position Stockfish's `d` prints (its `Fen:`
// line) must be the last position of `fen960 pgn --positions --to shredder` for that game: board,
// side, castling, en passant and clocks. The same for `--castling king` with UCI_Chess960 off on the
// standard games, against `--to fen`. Stockfish writes the en-passant square by a policy of its own
// (15.1: when a pawn stands ready to take, legal or not; later versions: when the capture is legal),
// which a probe position tells apart; the comparison uses fen960's matching --en-passant mode.
// And `convert --format pgn`'s FEN tags (in Shredder-FEN and X-FEN) of the test data's books (the 960
// starts, the pychess perft suites, the oracle's EPD records): Stockfish reads each with `position
// fen`, and its `Fen:` line must be convert's own Shredder-FEN record (six fields).
#define BOOST_TEST_MODULE stockfish
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fen960/fen.hpp"
#include "test_games.hpp"
#include "test_json.hpp"

namespace {

std::string const work = "stockfish_test_" + std::to_string(::getpid());

// Runs a shell command with `input` on standard input; its standard output, by lines.
std::vector<std::string> run(const std::string& command, const std::string& input = {})
{
    std::string const in = work + ".in";
    std::string const out = work + ".out";
    std::ofstream(in, std::ios::binary) << input;
    int const status = std::system((command + " < " + in + " > " + out + " 2>/dev/null").c_str());
    BOOST_REQUIRE_MESSAGE(status != -1 && WIFEXITED(status), command);
    std::vector<std::string> lines;
    std::ifstream result(out, std::ios::binary);
    for (std::string line; std::getline(result, line);)
        lines.push_back(line);
    std::remove(in.c_str());
    std::remove(out.c_str());
    return lines;
}

// The test PGN files, in a fixed order, as one argument list.
std::string pgn_files()
{
    std::string list;
    for (const std::string& f : fen960::test::pgn_test_files())
        list += " '" + fen960::test::data_path(f) + "'";
    return list;
}

std::string fen960_command(const std::string& args)
{
    return std::string(FEN960_BINARY) + " " + args;
}

// The Fen: lines Stockfish prints for `commands`, in order.
std::vector<std::string> stockfish_fens(const std::string& commands)
{
    std::vector<std::string> fens;
    for (const std::string& line : run(std::string("'") + FEN960_STOCKFISH + "'", "uci\n" + commands + "quit\n"))
        if (line.rfind("Fen: ", 0) == 0)
            fens.push_back(line.substr(5));
    return fens;
}

struct Game {
    std::string variant;
    std::string outcome; // imported, failed or skipped
    std::string last; // the last position
};

// The games of `pgn --positions --format jsonl ARGS`, in order: one for each line of `pgn --format uci`.
std::vector<Game> games(const std::string& args)
{
    std::vector<Game> out;
    for (const std::string& line : run(fen960_command("pgn --positions --format jsonl " + args + " " + pgn_files()))) {
        auto const object = nlohmann::json::parse(line);
        Game g;
        g.outcome = object.at("outcome");
        if (g.outcome != "skipped")
            g.variant = object.at("variant");
        if (!object.at("positions").empty())
            g.last = object.at("positions").back();
        out.push_back(g);
    }
    return out;
}

// Stockfish's en-passant policy, as fen960's --en-passant names it: the probe is d2d4 beside a black
// pawn on e4 whose capture would leave its king on a4 in check.
std::string stockfish_en_passant()
{
    std::vector<std::string> const probe = stockfish_fens(
        "setoption name UCI_Chess960 value true\nposition fen 8/8/8/8/k3p2Q/8/3P4/3K4 w - - 0 1 moves d2d4\nd\n");
    BOOST_REQUIRE_EQUAL(probe.size(), 1u);
    return probe[0] == "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1" ? "pseudo" : "legal";
}

} // namespace

BOOST_AUTO_TEST_CASE(stockfish_is_there)
{
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(FEN960_STOCKFISH),
                          "no Stockfish at " FEN960_STOCKFISH " (scripts/install-deps.sh --test installs it)");
}

BOOST_AUTO_TEST_CASE(every_game_in_both_notations)
{
    BOOST_REQUIRE(std::filesystem::exists(FEN960_STOCKFISH));
    std::string const mode = stockfish_en_passant();
    BOOST_TEST_MESSAGE("Stockfish's en-passant square: " << mode);

    std::vector<Game> const shredder = games("--to shredder --en-passant " + mode);
    std::vector<Game> const fen = games("--to fen --en-passant " + mode);
    std::vector<std::string> const kxr = run(fen960_command("pgn --format uci --castling kxr " + pgn_files()));
    std::vector<std::string> const king = run(fen960_command("pgn --format uci --castling king " + pgn_files()));
    BOOST_REQUIRE_EQUAL(kxr.size(), shredder.size());
    BOOST_REQUIRE_EQUAL(king.size(), shredder.size());
    BOOST_REQUIRE_EQUAL(fen.size(), shredder.size());

    std::string chess960_commands = "setoption name UCI_Chess960 value true\n";
    std::vector<std::size_t> chess960_games;
    std::string standard_commands = "setoption name UCI_Chess960 value false\n";
    std::vector<std::size_t> standard_games;
    std::size_t failed = 0;
    std::size_t skipped = 0;
    std::size_t null_moves = 0;
    for (std::size_t i = 0; i < shredder.size(); ++i) {
        if (shredder[i].outcome == "skipped") {
            BOOST_TEST(kxr[i].rfind("skipped: game " + std::to_string(i + 1) + ": ", 0) == 0u, kxr[i]);
            ++skipped;
            continue;
        }
        if (shredder[i].outcome == "failed") {
            BOOST_TEST(kxr[i].rfind("error: game " + std::to_string(i + 1) + " ply ", 0) == 0u, kxr[i]);
            ++failed;
            continue;
        }
        if (kxr[i].find(": a null move cannot be written in UCI") != std::string::npos) {
            // A game with a null move (--, Z0) has no UCI line.
            BOOST_TEST(kxr[i].rfind("error: game " + std::to_string(i + 1) + " ply ", 0) == 0u, kxr[i]);
            ++null_moves;
            continue;
        }
        BOOST_REQUIRE_MESSAGE(kxr[i].rfind("position ", 0) == 0u, kxr[i]);
        chess960_commands += kxr[i] + "\nd\n";
        chess960_games.push_back(i);
        if (shredder[i].variant == "standard") {
            BOOST_REQUIRE_MESSAGE(king[i].rfind("position ", 0) == 0u, king[i]);
            standard_commands += king[i] + "\nd\n";
            standard_games.push_back(i);
        }
    }
    std::vector<std::string> const fens = stockfish_fens(chess960_commands + standard_commands);
    BOOST_REQUIRE_EQUAL(fens.size(), chess960_games.size() + standard_games.size());
    std::size_t castled = 0;
    for (std::size_t n = 0; n < chess960_games.size(); ++n) {
        std::size_t const i = chess960_games[n];
        BOOST_TEST(fens[n] == shredder[i].last, "game " << i + 1 << " (UCI_Chess960): " << kxr[i]);
        castled += kxr[i].find(" e1h1") != std::string::npos || kxr[i].find(" e8h8") != std::string::npos ||
                   kxr[i].find(" e1a1") != std::string::npos || kxr[i].find(" e8a8") != std::string::npos;
    }
    std::size_t chess960 = 0;
    for (std::size_t i : chess960_games)
        chess960 += shredder[i].variant == "chess960";
    for (std::size_t n = 0; n < standard_games.size(); ++n) {
        std::size_t const i = standard_games[n];
        BOOST_TEST(fens[chess960_games.size() + n] == fen[i].last, "game " << i + 1 << " (standard): " << king[i]);
    }
    BOOST_TEST_MESSAGE(chess960_games.size() << " games (" << chess960 << " Chess960, " << standard_games.size()
                                             << " standard), " << failed << " failed in fen960, " << skipped
                                             << " skipped (other variants), " << null_moves
                                             << " with a null move, " << castled
                                             << " with king-takes-rook castling from e1/e8");
    BOOST_TEST(chess960 >= 30u);
    BOOST_TEST(standard_games.size() >= 200u);
    BOOST_TEST(castled >= 50u);
    BOOST_TEST(null_moves >= 2u); // test-allownullmoves.pgn has two
}

BOOST_AUTO_TEST_CASE(book_games_fen_tags)
{
    BOOST_REQUIRE(std::filesystem::exists(FEN960_STOCKFISH));
    using fen960::test::read_lines;
    std::string book;
    fen960::test::Table const starts("startpos/chess960-startpos.tsv");
    for (std::size_t i = 0; i < starts.size(); ++i)
        book += starts.at(i, "xfen") + "\n" + starts.at(i, "shredder_fen") + "\n";
    for (const char* suite : {"perft/pychess-perftsuite.epd", "perft/pychess-frc_perftsuite.epd"})
        for (const std::string& line : read_lines(suite))
            book += line + "\n";
    fen960::test::Table const epd("oracle/epd.tsv", fen960::test::Comments::none);
    for (std::size_t i = 0; i < epd.size(); ++i)
        book += epd.at(i, "input") + "\n";
    std::string const file = work + ".book";
    std::ofstream(file, std::ios::binary) << book;

    std::string const mode = stockfish_en_passant();
    // convert's records, six fields each (errors, blank and '#' lines left out).
    std::vector<std::string> expected;
    std::string const options = " --en-passant " + mode + " -f " + file;
    for (const std::string& line : run(fen960_command("convert --to shredder --shape fen" + options))) {
        if (line.rfind("error: ", 0) == 0 || fen960::line_kind(line) != fen960::LineKind::record)
            continue;
        std::size_t end = 0;
        for (int field = 0; field < 6; ++field)
            end = line.find_first_of(" ;", end + (field ? 1 : 0));
        expected.push_back(line.substr(0, end));
    }
    BOOST_TEST(expected.size() >= 2000u);
    for (const char* to : {"shredder", "xfen"}) {
        std::string commands = "setoption name UCI_Chess960 value true\n";
        std::size_t games = 0;
        for (const std::string& line : run(fen960_command(std::string("convert --format pgn --to ") + to + options))) {
            if (line.rfind("[FEN \"", 0) != 0)
                continue;
            commands += "position fen " + line.substr(6, line.size() - 8) + "\nd\n";
            ++games;
        }
        BOOST_TEST_REQUIRE(games == expected.size(), to);
        std::vector<std::string> const fens = stockfish_fens(commands);
        BOOST_TEST_REQUIRE(fens.size() == expected.size(), to);
        for (std::size_t i = 0; i < fens.size(); ++i)
            BOOST_TEST(fens[i] == expected[i], to << " game " << i + 1);
        BOOST_TEST_MESSAGE(games << " games' FEN tags in " << to << " read by Stockfish");
    }
    std::remove(file.c_str());
}

// The acceptance rule (validate.hpp): positions no game reaches that the move generator plays are
// counted and converted, with a warning, and every count is Stockfish's (`go perft`), and so is the
// position convert writes. An impossible check (Ethereal's standard perft suite), two queens beside
// eight pawns, nine pawns, seven queens beside three pawns, two knights giving check.
BOOST_AUTO_TEST_CASE(unreachable_positions_counted_as_stockfish_counts_them)
{
    BOOST_REQUIRE(std::filesystem::exists(FEN960_STOCKFISH));
    struct Case {
        const char* fen;
        int depth;
    };
    Case const cases[] = {
        {"B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", 4},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ w - - 0 1", 4},
        {"r3k2r/pppppppp/8/8/8/P7/PPPPPPPP/R3K2R w KQkq - 0 1", 3},
        {"k7/8/8/8/8/8/PPP5/QQQQQQQK w - - 0 1", 3},
        {"2b5/1nbn4/n3n3/1kn5/n3n3/1n1n4/5RQ1/2KQ1R2 w K - 0 1", 3},
    };
    for (const Case& c : cases) {
        std::string const fen = c.fen;
        std::vector<std::string> const ours = run(fen960_command("perft " + std::to_string(c.depth) + " '" + fen + "'"));
        BOOST_TEST_REQUIRE(ours.size() == 1u, fen);
        std::string sf_nodes;
        for (const std::string& line : run(std::string("'") + FEN960_STOCKFISH + "'",
                                           "uci\nposition fen " + fen + "\ngo perft " + std::to_string(c.depth) + "\nquit\n"))
            if (line.rfind("Nodes searched: ", 0) == 0)
                sf_nodes = line.substr(16);
        BOOST_TEST(ours[0] == sf_nodes, fen);
        std::vector<std::string> const converted = run(fen960_command("convert --to shredder '" + fen + "'"));
        BOOST_TEST_REQUIRE(converted.size() == 1u, fen);
        std::vector<std::string> const fens = stockfish_fens("setoption name UCI_Chess960 value true\nposition fen " + converted[0] + "\nd\n");
        BOOST_TEST_REQUIRE(fens.size() == 1u, fen);
        BOOST_TEST(fens[0] == converted[0], fen);
        // --strict refuses what the rule accepts with a warning.
        std::vector<std::string> const strict = run(fen960_command("convert --strict --to shredder '" + fen + "'"));
        BOOST_TEST_REQUIRE(strict.size() == 1u, fen);
        BOOST_TEST(strict[0].rfind("error: invalid position: ", 0) == 0u, fen << ": " << strict[0]);
    }
}
