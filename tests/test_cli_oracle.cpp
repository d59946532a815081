// The independent expectations of tests/data/oracle, checked through the fen960 command itself, as a
// user or a script runs it: records on standard input, one output line per input line, the exit
// status. The library tests check the same data through the C++ API; this module checks what the
// command adds (options, defaults, output lines, statuses).
#define BOOST_TEST_MODULE cli_oracle
#include <boost/test/unit_test.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <utility>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_json.hpp"

using namespace fen960::test;

namespace {

struct Run {
    std::vector<std::string> lines; // standard output
    int status = -1;
};

// Runs `fen960 ARGS` with `input` on standard input.
Run run(const std::string& args, const std::string& input = {})
{
    static int counter = 0;
    std::string const base = "cli_oracle_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    std::string const in = base + ".in";
    std::string const out = base + ".out";
    std::ofstream(in, std::ios::binary) << input;
    std::string const command = std::string(FEN960_BINARY) + " " + args + " < " + in + " > " + out + " 2>/dev/null";
    int const raw = std::system(command.c_str());
    Run r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    std::ifstream result(out, std::ios::binary);
    for (std::string line; std::getline(result, line);)
        r.lines.push_back(line);
    std::remove(in.c_str());
    std::remove(out.c_str());
    return r;
}

// What class of answer an output line of validate or convert is.
std::string verdict(const std::string& line)
{
    if (line.rfind("error: ", 0) == 0)
        return "error";
    if (line.empty()) // a blank line is no record (issue 15)
        return "blank";
    if (line.rfind("invalid\t", 0) == 0)
        return "invalid";
    return line == "valid" ? "valid" : "unexpected: " + line;
}

std::string column_input(const Table& table, const std::string& column)
{
    std::string text;
    for (std::size_t i = 0; i < table.size(); ++i)
        text += table.at(i, column) + "\n";
    return text;
}

} // namespace

// Every row in all nine columns (dialect x en-passant mode); '!' is a record standard FEN cannot
// write: an 'error: ' line in its slot and exit status 1.
BOOST_AUTO_TEST_CASE(convert_every_column)
{
    Table const table("oracle/convert.tsv");
    std::string const input = column_input(table, "input_fen");
    for (std::string dialect : {"fen", "shredder", "xfen"})
        for (std::string mode : {"keep", "pseudo", "legal"}) {
            std::string const column = dialect + "_" + mode;
            Run const r = run("convert --to " + dialect + " --en-passant " + mode, input);
            BOOST_REQUIRE_EQUAL(r.lines.size(), table.size());
            bool any_error = false;
            for (std::size_t i = 0; i < table.size(); ++i) {
                std::string const& expected = table.at(i, column);
                if (expected == "!") {
                    any_error = true;
                    BOOST_TEST(verdict(r.lines[i]) == "error", column << " row " << i + 1 << ": " << r.lines[i]);
                } else {
                    BOOST_TEST(r.lines[i] == expected, column << " row " << i + 1);
                }
            }
            BOOST_TEST(r.status == (any_error ? 1 : 0), column);
        }
}

// Without --en-passant: keep for fen and shredder, pseudo for xfen.
BOOST_AUTO_TEST_CASE(convert_default_modes)
{
    Table const table("oracle/convert.tsv");
    std::string const input = column_input(table, "input_fen");
    for (auto [dialect, column] : {std::pair{"shredder", "shredder_keep"}, std::pair{"xfen", "xfen_pseudo"}}) {
        Run const r = run(std::string("convert --to ") + dialect, input);
        BOOST_REQUIRE_EQUAL(r.lines.size(), table.size());
        for (std::size_t i = 0; i < table.size(); ++i)
            BOOST_TEST(r.lines[i] == table.at(i, column), dialect << " row " << i + 1);
        BOOST_TEST(r.status == 0);
    }
}

// validate (standard chess) and validate --chess960 give one of the accepted verdicts; a valid
// Chess960 record converts to the expected Shredder-FEN.
BOOST_AUTO_TEST_CASE(validate_invalid_jsonl)
{
    std::vector<nlohmann::json> const records = read_jsonl("oracle/invalid.jsonl");
    std::string input;
    for (const nlohmann::json& row : records) {
        std::string const record = row.at("record");
        BOOST_REQUIRE(record.find('\n') == std::string::npos);
        input += record + "\n";
    }
    for (auto [args, key] : {std::pair{"validate", "accept_std"}, std::pair{"validate --chess960", "accept960"}}) {
        Run const r = run(args, input);
        BOOST_REQUIRE_EQUAL(r.lines.size(), records.size());
        bool all_valid = true;
        for (std::size_t i = 0; i < records.size(); ++i) {
            auto const accepted = records[i][key].get<std::vector<std::string>>();
            std::string const v = verdict(r.lines[i]);
            all_valid = all_valid && v == "valid";
            BOOST_TEST((std::find(accepted.begin(), accepted.end(), v) != accepted.end()),
                       args << " id " << records[i]["id"] << " (" << records[i]["category"] << "): " << r.lines[i]);
        }
        BOOST_TEST(r.status == (all_valid ? 0 : 1));
    }
    std::string valid_input;
    std::vector<std::string> expected;
    for (const auto& record : records)
        if (record.contains("shredder") && record["shredder"].is_string()) {
            valid_input += record["record"].get<std::string>() + "\n";
            expected.push_back(record["shredder"]);
        }
    BOOST_REQUIRE(!expected.empty());
    Run const r = run("convert --to shredder", valid_input);
    BOOST_REQUIRE_EQUAL(r.lines.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
        BOOST_TEST(r.lines[i] == expected[i]);
}

// identify names the start position (or '-', or an error line); also_accept where the start state
// is not exact.
BOOST_AUTO_TEST_CASE(identify_every_record)
{
    Table const table("oracle/identify.tsv");
    Run const r = run("identify", column_input(table, "record"));
    BOOST_REQUIRE_EQUAL(r.lines.size(), table.size());
    for (std::size_t i = 0; i < table.size(); ++i) {
        std::string const got = r.lines[i].rfind("error: ", 0) == 0 ? "error" : r.lines[i];
        // The table's blank record ('error'): no record since issue 15, its line left empty (invalid.jsonl's
        // 'empty?' rows accept that as 'blank').
        bool const blank = table.at(i, "record").find_first_not_of(" \t") == std::string::npos && got.empty();
        bool const ok = blank || got == table.at(i, "expected") ||
                        (!table.at(i, "also_accept").empty() && got == table.at(i, "also_accept"));
        BOOST_TEST(ok, "row " << i + 1 << " " << table.at(i, "record") << ": " << r.lines[i]);
    }
}

// startpos N --to D for every row ('!': standard FEN cannot write it, exit status 1); the Chess960
// rows also through --all.
BOOST_AUTO_TEST_CASE(startpos_every_row)
{
    Table const table("oracle/startpos.tsv");
    for (std::string dialect : {"shredder", "xfen", "fen"}) {
        Run const all = run("startpos --all --to " + dialect);
        std::size_t checked = 0;
        for (std::size_t i = 0; i < table.size(); ++i) {
            std::string const& expected = table.at(i, dialect);
            std::string const& n = table.at(i, "n");
            if (table.at(i, "kind") == "c960") {
                std::size_t const index = std::stoul(n);
                BOOST_REQUIRE_LT(index, all.lines.size());
                std::string const line = all.lines[index];
                if (expected == "!")
                    BOOST_TEST(line.find("error") != std::string::npos, dialect << " " << n << ": " << line);
                else
                    BOOST_TEST(line == n + "\t" + expected, dialect << " " << n);
                ++checked;
                if (index % 97 != 0) // each number on its own: a sample, to keep the test quick
                    continue;
            }
            Run const one = run("startpos " + std::string(table.at(i, "kind") == "dfrc" ? "--dfrc " : "") + n +
                                " --to " + dialect);
            if (expected == "!") {
                BOOST_TEST(one.status == 1, dialect << " " << n);
            } else {
                BOOST_TEST(one.status == 0, dialect << " " << n);
                BOOST_TEST((one.lines == std::vector<std::string>{expected}), dialect << " " << n);
            }
        }
        BOOST_TEST(checked == 960u);
    }
}

// perft DEPTH FEN prints the engine's node count.
BOOST_AUTO_TEST_CASE(perft_every_row)
{
    Table const table("oracle/perft.tsv");
    for (std::size_t i = 0; i < table.size(); ++i) {
        Run const r = run("perft " + table.at(i, "depth") + " '" + table.at(i, "fen") + "'");
        BOOST_TEST(r.status == 0);
        BOOST_TEST((r.lines == std::vector<std::string>{table.at(i, "nodes")}), table.at(i, "fen"));
    }
}

// key writes the Polyglot key of every row, one line each; a record that is no position gets its
// error line and exit status 1, the others still keyed.
BOOST_AUTO_TEST_CASE(key_every_row)
{
    Table const table("oracle/keys.tsv");
    Run const r = run("key", column_input(table, "input"));
    BOOST_TEST(r.status == 0);
    BOOST_REQUIRE_EQUAL(r.lines.size(), table.size());
    for (std::size_t i = 0; i < table.size(); ++i)
        BOOST_TEST(r.lines[i] == table.at(i, "key"), "row " << i + 2 << " " << table.at(i, "input"));
    Run const bad = run("key", table.at(0, "input") + "\n8/8/8/8/8/8/8/8 w - - 0 1\n" + table.at(1, "input") + "\n");
    BOOST_TEST(bad.status == 1);
    BOOST_REQUIRE_EQUAL(bad.lines.size(), 3u);
    BOOST_TEST(bad.lines[0] == table.at(0, "key"));
    BOOST_TEST(bad.lines[1].rfind("error: ", 0) == 0, bad.lines[1]);
    BOOST_TEST(bad.lines[2] == table.at(1, "key"));
    // convert --format jsonl --key: the same keys in each object.
    Run const jsonl = run("convert --to shredder --format jsonl --key", column_input(table, "input"));
    BOOST_REQUIRE_EQUAL(jsonl.lines.size(), table.size());
    for (std::size_t i = 0; i < table.size(); ++i)
        BOOST_TEST(jsonl.lines[i].find("\"key\":\"" + table.at(i, "key") + "\"") != std::string::npos,
                   "row " << i + 2 << " " << jsonl.lines[i]);
    BOOST_TEST(run("convert --to xfen --key", table.at(0, "input") + "\n").status == 2);
}

// convert --mirror writes the oracle's mirror in both dialects; mirroring twice gives convert's own output.
BOOST_AUTO_TEST_CASE(convert_mirror_every_row)
{
    Table const table("oracle/mirror.tsv");
    std::string const input = column_input(table, "input");
    for (std::string dialect : {"xfen", "shredder"}) {
        Run const r = run("convert --mirror --to " + dialect, input);
        BOOST_TEST(r.status == 0);
        BOOST_REQUIRE_EQUAL(r.lines.size(), table.size());
        for (std::size_t i = 0; i < table.size(); ++i)
            BOOST_TEST(r.lines[i] == table.at(i, "mirror_" + dialect), dialect << " row " << i + 2);
        std::string mirrored;
        for (const std::string& line : r.lines)
            mirrored += line + "\n";
        Run const twice = run("convert --mirror --to " + dialect, mirrored);
        Run const plain = run("convert --to " + dialect, input);
        BOOST_TEST(twice.lines == plain.lines);
    }
}

// pgn --exits on the oracle's games: one line per game, its exit in X-FEN (pseudo) and Shredder-FEN
// (keep), or 'error: game G ply P: ' for a broken game (P = 0 for a bad FEN tag, any ply accepted
// there); the same lines with two threads.
BOOST_AUTO_TEST_CASE(pgn_exits_every_game)
{
    Table const table("oracle/exits.tsv");
    std::string const games = fen960::test::read_file("oracle/games.pgn");
    for (auto const& [dialect, column] : {std::pair<std::string, std::string>{"xfen", "expected_xfen"},
                                          std::pair<std::string, std::string>{"shredder", "expected_shredder"}})
        for (std::string jobs : {"1", "2"}) {
            Run const r = run("pgn --exits --jobs " + jobs + " --to " + dialect, games);
            BOOST_TEST(r.status == 1); // three games fail
            BOOST_REQUIRE_EQUAL(r.lines.size(), table.size());
            for (std::size_t i = 0; i < table.size(); ++i) {
                std::string const& expected = table.at(i, column);
                std::string const& got = r.lines[i];
                if (expected.rfind("error: ", 0) == 0) {
                    std::string const prefix = expected.substr(expected.size() - 6) == " ply 0"
                                                   ? expected.substr(0, expected.size() - 1)
                                                   : expected + ": ";
                    BOOST_TEST(got.rfind(prefix, 0) == 0, dialect << " game " << i + 1 << ": " << got);
                } else {
                    BOOST_TEST(got == expected, dialect << " game " << i + 1);
                }
            }
        }
}
namespace {

// A shell word: `text` in single quotes.
std::string shell_word(const std::string& text)
{
    std::string q(1, '\'');
    for (char c : text) {
        if (c == '\'')
            q.append("'\\'");
        q.push_back(c);
    }
    q.push_back('\'');
    return q;
}

// A row's expected line: the position, or (`error: move K`) a line that begins so and quotes the
// K-th move.
void check_play_line(const std::string& line, const std::string& expected, const std::string& moves,
                     const std::string& context)
{
    if (expected.rfind("error: move ", 0) != 0) {
        BOOST_TEST(line == expected, context);
        return;
    }
    std::size_t const k = std::stoul(expected.substr(12));
    std::vector<std::string> tokens;
    std::istringstream words(moves);
    for (std::string w; words >> w;)
        tokens.push_back(w);
    BOOST_REQUIRE_LE(k, tokens.size());
    BOOST_TEST(line.rfind(expected + " '" + tokens[k - 1] + "': ", 0) == 0u, context << ": " << line);
}

} // namespace

// play START MOVES... for every row in both dialects (xfen with its default pseudo, shredder with
// keep): one line, the position or the bad move's error, exit status 0 or 1. Then all rows at once as
// UCI position lines on standard input.
BOOST_AUTO_TEST_CASE(play_every_row)
{
    Table const table("oracle/play.tsv");
    for (auto [args, column] : {std::pair{"play", "expected_xfen"}, {"play --to shredder", "expected_shredder"}}) {
        std::string lines;
        std::size_t bad = 0;
        for (std::size_t i = 0; i < table.size(); ++i) {
            std::string const& start = table.at(i, "start_fen");
            std::string const& moves = table.at(i, "moves");
            std::string const& expected = table.at(i, column);
            std::string command(args);
            command.push_back(' ');
            command.append(shell_word(start));
            std::istringstream words(moves);
            for (std::string w; words >> w;) {
                command.push_back(' ');
                command.append(shell_word(w));
            }
            Run const r = run(command);
            bool const error = expected.rfind("error: ", 0) == 0;
            bad += error;
            std::string const context = std::string(column) + " row " + std::to_string(i + 1);
            BOOST_TEST(r.status == (error ? 1 : 0), context);
            BOOST_REQUIRE_EQUAL(r.lines.size(), 1u);
            check_play_line(r.lines[0], expected, moves, context);
            lines += (start == "startpos" ? "position startpos" : "position fen " + start) + " moves " + moves + "\n";
        }
        BOOST_TEST(bad == 15u);
        Run const batch = run(args, lines);
        BOOST_TEST(batch.status == 1);
        BOOST_REQUIRE_EQUAL(batch.lines.size(), table.size());
        for (std::size_t i = 0; i < table.size(); ++i)
            check_play_line(batch.lines[i], table.at(i, column), table.at(i, "moves"),
                            std::string(column) + " batch row " + std::to_string(i + 1));
    }
}
