// The library's loops and tables behind the program: PgnReader gives, on any number of threads, the
// games that the splitter and the importer give one by one (over every PGN file of the test data),
// numbers and counts them, and hands failed and skipped games to the rejects as they were read;
// OrderedPipeline hands batches back in order, the caller's thread working some, its threads spread over
// the cores at first (ThreadPlacement); perft_divide's rows add up to the perft suites'
// counts, and perft_warning names what keeps a game from a position; the name tables spell each mode once.
#define BOOST_TEST_MODULE reader
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

#include "fen960/divide.hpp"
#include "fen960/limits.hpp"
#include "fen960/names.hpp"
#include "fen960/ordered_pipeline.hpp"
#include "fen960/pgn_reader.hpp"
#include "fen960/position.hpp"
#include "fen960/thread_placement.hpp"
#include "test_data.hpp"

using namespace fen960;

namespace {

// What a game gave, kept past the reader's next call.
struct Game {
    std::string text{};
    std::uint64_t line = 0;
    std::size_t input = 0;
    std::uint64_t number = 0;
    bool stray = false;
    bool too_long = false;
    GameOutcome outcome = GameOutcome::imported;
    Diagnostic error{};
    std::uint32_t ply = 0;
    std::string output{};
    std::string messages{};

    friend bool operator==(const Game&, const Game&) = default;
};

std::ostream& operator<<(std::ostream& os, const Game& g)
{
    return os << "game " << g.number << " (input " << g.input << ", line " << g.line << ")";
}

struct Run {
    std::vector<Game> games;
    PgnSummary summary;
    std::string rejects;
};

Run read_all(const std::vector<std::string>& inputs, PgnReaderOptions options, std::size_t block = 4096,
             bool keep_rejects = true)
{
    std::vector<StringSource> sources;
    for (const std::string& text : inputs)
        sources.emplace_back(text, block);
    std::vector<ByteSource*> pointers;
    for (StringSource& s : sources)
        pointers.push_back(&s);
    Run run;
    if (keep_rejects)
        options.rejects = [&run](std::string_view bytes) { run.rejects.append(bytes); };
    PgnReader reader(pointers, options);
    while (const ReadGame* g = reader.next())
        run.games.push_back(Game{std::string(g->game.text), g->game.line, g->input, g->number, g->game.stray,
                                 g->game.too_long, g->result.outcome, g->result.error, g->result.ply, g->output,
                                 g->messages});
    run.summary = reader.summary();
    return run;
}

// The reference: the splitter and one importer, game by game, numbered by hand.
std::vector<Game> split_and_import(const std::vector<std::string>& inputs, const PgnOptions& options)
{
    std::vector<Game> games;
    PgnImporter importer(options);
    std::uint64_t number = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        StringSource source(inputs[i]);
        GameSplitter splitter(source);
        for (GameText t; splitter.next(t);) {
            Game g{std::string(t.text), t.line, i, t.stray ? number : ++number, t.stray, false};
            if (!t.stray) {
                GameResult const r = importer.import(t.text, g.output);
                g.outcome = r.outcome;
                g.error = r.error;
                g.ply = r.ply;
            }
            games.push_back(std::move(g));
        }
    }
    return games;
}

// Every PGN file of the test data (pgn/ and oracle/), in three inputs.
std::vector<std::string> test_games()
{
    std::vector<std::string> files;
    for (const char* folder : {"pgn", "oracle"})
        for (const auto& entry : std::filesystem::recursive_directory_iterator(test::data_path(folder)))
            if (entry.path().extension() == ".pgn")
                files.push_back(std::filesystem::relative(entry.path(), test::data_path("")).string());
    std::sort(files.begin(), files.end());
    std::vector<std::string> inputs(3);
    for (std::size_t i = 0; i < files.size(); ++i)
        inputs[i % 3] += test::read_file(files[i]) + "\n\n";
    return inputs;
}

PgnReaderOptions with(bool positions, unsigned jobs)
{
    PgnReaderOptions o;
    o.import.positions = positions;
    o.jobs = jobs;
    return o;
}

} // namespace

BOOST_AUTO_TEST_SUITE(pgn_reader)

BOOST_AUTO_TEST_CASE(the_games_of_the_splitter_and_the_importer_on_any_number_of_threads)
{
    std::vector<std::string> const inputs = test_games();
    for (bool positions : {true, false}) {
        PgnReaderOptions const options = with(positions, 1);
        std::vector<Game> const expected = split_and_import(inputs, options.import);
        BOOST_TEST_REQUIRE(expected.size() > 200u);
        for (unsigned jobs : {1u, 2u, 3u}) {
            Run const run = read_all(inputs, with(positions, jobs));
            BOOST_TEST_REQUIRE(run.games.size() == expected.size());
            for (std::size_t i = 0; i < expected.size(); ++i)
                BOOST_TEST(run.games[i] == expected[i]);
            // The summary counts what was handed over; stray text is no game.
            PgnSummary const& s = run.summary;
            auto count = [&](GameOutcome o) {
                return static_cast<std::uint64_t>(std::count_if(expected.begin(), expected.end(), [o](const Game& g) {
                    return !g.stray && g.outcome == o;
                }));
            };
            BOOST_TEST(s.games == expected.back().number);
            BOOST_TEST(s.imported == count(GameOutcome::imported));
            BOOST_TEST(s.failed.count == count(GameOutcome::failed));
            BOOST_TEST(s.skipped.count == count(GameOutcome::skipped));
            BOOST_TEST(s.games == s.imported + s.failed.count + s.skipped.count);
        }
    }
}

// Over more than a buffer's megabyte, with a game longer than that between others (one game filling
// the buffer from its start, then one past the limit), and over games of 300 KiB (each a batch of its
// own, more than a buffer's worth of them in flight), every number of threads gives the games,
// numbers, rejects and output that one gives.
BOOST_AUTO_TEST_CASE(the_games_of_several_buffers_on_any_number_of_threads)
{
    std::vector<std::string> const parts = test_games();
    std::string text;
    for (int i = 0; i < 4; ++i)
        for (const std::string& part : parts)
            text += part;
    std::string const long_comment = "1. e4 {" + std::string(1536 * 1024, 'x') + "} e5 2. Nf3 *\n\n";
    std::string const too_long = "1. d4 {" + std::string(2300 * 1024, 'y') + "} d5 *\n\n";
    std::size_t const middle = text.find("\n[Event ", text.size() / 2) + 1;
    text = text.substr(0, middle) + long_comment + text.substr(middle) + too_long + parts.front();
    BOOST_TEST_REQUIRE(text.size() > 5u * 1024 * 1024);
    std::string big;
    for (int i = 0; i < 16; ++i)
        big += "[Event \"" + std::to_string(i) + "\"]\n\n1. e4 {" +
               std::string(300 * 1024, static_cast<char>('a' + i % 26)) + "} e5 " + (i % 3 ? "2. Ke3 *" : "*") +
               "\n\n" + parts[static_cast<std::size_t>(i) % 3].substr(0, 5000);
    for (const std::string& input : {text, big}) {
        PgnReaderOptions options = with(true, 1);
        options.max_game = 2 * 1024 * 1024;
        Run const alone = read_all({input}, options, 65536);
        BOOST_TEST_REQUIRE(alone.games.size() > 30u);
        BOOST_TEST(std::count_if(alone.games.begin(), alone.games.end(), [](const Game& g) { return g.too_long; }) ==
                   (input == text ? 1 : 0));
        for (unsigned jobs : {2u, 3u}) {
            options.jobs = jobs;
            Run const run = read_all({input}, options, 65536);
            BOOST_TEST_REQUIRE(run.games.size() == alone.games.size());
            for (std::size_t i = 0; i < alone.games.size(); ++i)
                BOOST_TEST(run.games[i] == alone.games[i]);
            BOOST_TEST(run.rejects == alone.rejects);
            BOOST_TEST(run.summary.imported == alone.summary.imported);
        }
    }
}

BOOST_AUTO_TEST_CASE(numbers_summary_and_rejects)
{
    std::string const failed = "1. e4 e5 2. Ke3 *";
    std::string const skipped = "[Variant \"crazyhouse\"]\n\n1. e4 *";
    std::string const text = "1. e4 *\n\n" + failed + "\n\n" + skipped + "\n";
    std::string const second = "1. d4 *\n{trailing}\n";
    for (unsigned jobs : {1u, 3u}) {
        Run const run = read_all({text, second}, with(true, jobs));
        BOOST_TEST_REQUIRE(run.games.size() == 5u);
        BOOST_TEST(run.games[1].text == failed);
        BOOST_TEST((run.games[1].outcome == GameOutcome::failed));
        BOOST_TEST(run.games[1].ply == 3u);
        BOOST_TEST((run.games[2].outcome == GameOutcome::skipped));
        // Games count across inputs; stray text keeps the last game's number.
        BOOST_TEST(run.games[3].number == 4u);
        BOOST_TEST(run.games[3].input == 1u);
        BOOST_TEST(run.games[4].stray);
        BOOST_TEST(run.games[4].number == 4u);
        BOOST_TEST(run.summary.games == 4u);
        BOOST_TEST(run.summary.imported == 2u);
        BOOST_TEST_REQUIRE(run.summary.failed.first.size() == 1u);
        BOOST_TEST(run.summary.failed.first[0].number == 2u);
        BOOST_TEST(run.summary.failed.first[0].line == 3u);
        BOOST_TEST_REQUIRE(run.summary.skipped.first.size() == 1u);
        BOOST_TEST(run.summary.skipped.first[0].number == 3u);
        BOOST_TEST(run.summary.skipped.first[0].line == 5u);
        // Each as it was read, then an empty line (and the line end it lacked).
        BOOST_TEST(run.rejects == failed + "\n\n" + skipped + "\n\n");
    }
}

// A game over the limit streams to the rejects in its place, between the games around it, however
// many batches are in flight when it comes.
BOOST_AUTO_TEST_CASE(a_long_game_streams_to_the_rejects_in_order)
{
    std::string const bad = "1. e4 e5 2. Ke3 *";
    std::string const long_game = "1. e4 {" + std::string(3000, 'x') + "} e5 *";
    std::string text;
    std::string expected;
    for (int i = 0; i < 300; ++i) {
        text += bad + "\n\n1. d4 *\n\n";
        expected += bad + "\n\n";
    }
    text += long_game + "\n\n" + bad + "\n";
    expected += long_game + "\n\n" + bad + "\n\n";
    PgnReaderOptions options = with(false, 1);
    options.max_game = min_game_limit;
    for (unsigned jobs : {1u, 2u, 4u}) {
        options.jobs = jobs;
        Run const run = read_all({text}, options, 256);
        BOOST_TEST(run.rejects == expected);
        BOOST_TEST_REQUIRE(run.games.size() == 602u);
        const Game& g = run.games[600];
        BOOST_TEST(g.too_long);
        BOOST_TEST((g.outcome == GameOutcome::failed));
        BOOST_TEST(g.error.message == "game longer than 1024 bytes; not read");
        BOOST_TEST(run.summary.failed.count == 302u);
        // The summary names the first hundred.
        BOOST_TEST(run.summary.failed.first.size() == GameList::max_listed);
        BOOST_TEST(run.summary.failed.first.back().number == 199u);
    }
}

// An input that ended at damaged data (a cut download): its last game, when its result did not come,
// fails as cut and goes to the rejects; the games before it, and a last game that did end, are read as
// from a whole input.
BOOST_AUTO_TEST_CASE(the_game_a_damaged_input_cuts_fails)
{
    struct DamagedSource : StringSource {
        using StringSource::StringSource;
        InputDamage damaged{Compression::zstd, 99, "truncated zstd data"};
        const InputDamage* damage() const override { return &damaged; }
    };
    struct Case {
        std::string text;
        bool cut; // the last game
    };
    std::string const first = "1. e4 e5 *";
    for (const Case& c : {Case{first + "\n\n1. d4 d5 2. c4 O-O", true}, Case{first + "\n\n[Event \"x\"]\n", true},
                          Case{first + "\n\n1. d4 d5 2. c4 {cut in a comm", true}, Case{first + "\n\n", false},
                          Case{first + "\n\n1. d4 1-0\n", false}}) {
        for (unsigned jobs : {1u, 3u}) {
            BOOST_TEST_CONTEXT(c.text << ", jobs " << jobs)
            {
                DamagedSource damaged(c.text, 7);
                std::string rejects;
                PgnReaderOptions options = with(true, jobs);
                options.rejects = [&rejects](std::string_view bytes) { rejects.append(bytes); };
                PgnReader reader({&damaged}, options);
                std::vector<Game> games;
                while (const ReadGame* g = reader.next())
                    games.push_back(Game{std::string(g->game.text), g->game.line, g->input, g->number,
                                         g->game.stray, g->game.too_long, g->result.outcome, g->result.error,
                                         g->result.ply, g->output, g->messages});
                BOOST_TEST_REQUIRE(!games.empty());
                BOOST_TEST((games[0].outcome == GameOutcome::imported));
                BOOST_TEST(games[0].text == first);
                const Game& last = games.back();
                if (c.cut) {
                    BOOST_TEST_REQUIRE(games.size() == 2u);
                    BOOST_TEST((last.outcome == GameOutcome::failed));
                    BOOST_TEST(last.error.message == "game cut short by damaged input");
                    BOOST_TEST(last.output.empty()); // no position of a game that may read wrongly
                    std::string const cut_text = c.text.substr(first.size() + 2);
                    BOOST_TEST(last.error.line == 1u + std::count(cut_text.begin(), cut_text.end(), '\n') -
                                                     (cut_text.back() == '\n' ? 1 : 0));
                    BOOST_TEST(rejects == cut_text + (cut_text.back() == '\n' ? "\n" : "\n\n"));
                    BOOST_TEST(reader.summary().failed.count == 1u);
                } else {
                    BOOST_TEST((last.outcome == GameOutcome::imported));
                    BOOST_TEST(rejects.empty());
                    BOOST_TEST(reader.summary().failed.count == 0u);
                }
            }
        }
    }
    // A whole input's last game without a result is a game as any other.
    std::string const text = first + "\n\n1. d4 d5 2. c4 e6";
    StringSource whole(text, 7);
    PgnReader reader({&whole}, with(true, 1));
    reader.next();
    const ReadGame* g = reader.next();
    BOOST_TEST_REQUIRE(g);
    BOOST_TEST((g->result.outcome == GameOutcome::imported));
    BOOST_TEST(!g->game.cut);
}

// `prepare` runs on the importing thread for every game, before the game is handed over.
BOOST_AUTO_TEST_CASE(prepare_sees_every_game)
{
    PgnReaderOptions options = with(true, 3);
    options.prepare = [](ReadGame& g) {
        g.messages = std::to_string(g.number) + (g.game.stray ? " stray" : "");
        g.output = std::to_string(std::count(g.output.begin(), g.output.end(), '\n'));
    };
    std::string text;
    for (int i = 0; i < 500; ++i)
        text += "1. e4 e5 *\n\n";
    Run const run = read_all({text + "{trailing}\n"}, options, 4096, false);
    BOOST_TEST_REQUIRE(run.games.size() == 501u);
    for (std::size_t i = 0; i < 500; ++i) {
        BOOST_TEST(run.games[i].messages == std::to_string(i + 1));
        BOOST_TEST(run.games[i].output == "3");
    }
    BOOST_TEST(run.games[500].messages == "500 stray");
}

// Output strings taken away and given back (reuse, as `fen960 pgn` gives them back once written) are
// written again by the thread that wrote them, whose core has them in its cache; the output is what
// it is when none is given back. (Strings over 1 KiB only: the allocator keeps a freed smaller one for
// the thread that freed it, which could then write its own output at the same address.)
BOOST_AUTO_TEST_CASE(outputs_given_back_go_to_the_thread_that_wrote_them)
{
    std::vector<std::string> inputs = test_games();
    inputs.push_back(inputs[0] + inputs[1] + inputs[2]);
    for (unsigned jobs : {1u, 2u, 3u}) {
        Run const plain = read_all(inputs, with(true, jobs), 4096, false);
        std::vector<StringSource> sources(inputs.begin(), inputs.end());
        std::vector<ByteSource*> pointers;
        for (StringSource& source : sources)
            pointers.push_back(&source);
        std::mutex mutex;
        std::map<char const*, std::string> given_back; // each string's memory and the thread that wrote it
        std::size_t rewritten = 0;                    // outputs written into memory given back
        std::size_t elsewhere = 0;                    // by another thread than the one that wrote it before
        PgnReaderOptions options = with(true, jobs);
        options.prepare = [&](ReadGame& g) {
            std::ostringstream thread;
            thread << std::this_thread::get_id();
            g.messages = thread.str();
            std::lock_guard lock(mutex);
            auto const found = given_back.find(g.output.data());
            if (found == given_back.end())
                return;
            ++rewritten;
            elsewhere += found->second != g.messages;
            given_back.erase(found);
        };
        PgnReader reader(pointers, options);
        std::vector<std::string> outputs;
        while (ReadGame* g = reader.next()) {
            outputs.push_back(g->output);
            std::string taken = std::move(g->output);
            if (taken.capacity() > 1024 && taken.capacity() <= 65536) {
                std::lock_guard lock(mutex);
                given_back[taken.data()] = g->messages;
            }
            reader.reuse(std::move(taken));
        }
        BOOST_TEST_REQUIRE(outputs.size() == plain.games.size());
        for (std::size_t i = 0; i < outputs.size(); ++i)
            BOOST_TEST(outputs[i] == plain.games[i].output, plain.games[i]);
        std::size_t const long_outputs = static_cast<std::size_t>(std::count_if(
            outputs.begin(), outputs.end(), [](const std::string& o) { return o.size() > 2048; }));
        BOOST_TEST_REQUIRE(long_outputs > 200u);
        BOOST_TEST(rewritten > long_outputs / 2, jobs << " jobs: " << rewritten << " of " << long_outputs);
        BOOST_TEST(elsewhere == 0u, jobs << " jobs");
    }
}

BOOST_AUTO_TEST_CASE(limits)
{
    StringSource none("");
    PgnReaderOptions options;
    options.max_game = min_game_limit - 1;
    BOOST_CHECK_THROW(PgnReader({&none}, options), std::invalid_argument);
    options.max_game = max_game_limit + 1;
    BOOST_CHECK_THROW(PgnReader({&none}, options), std::invalid_argument);
    options.max_game = GameSplitter::default_max_game;
    PgnReader reader({&none}, options);
    BOOST_TEST(!reader.next());
    BOOST_TEST(reader.summary().games == 0u);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(ordered_pipeline_hands_batches_back_in_order)
{
    OrderedPipeline<std::vector<int>> pipeline(4, [](std::vector<int>& b, unsigned worker) {
        if (b.front() < 0)
            throw std::runtime_error("negative");
        for (int& x : b)
            x *= 2;
        b.push_back(static_cast<int>(worker));
    });
    std::vector<int> got;
    for (int i = 0; i < 1000; ++i) {
        if (pipeline.in_flight() >= 8) {
            std::vector<int> const b = pipeline.take();
            got.push_back(b.front());
            BOOST_TEST(b.back() < 4);
        }
        pipeline.submit({i});
    }
    pipeline.submit({-1});
    while (pipeline.in_flight() > 1)
        got.push_back(pipeline.take().front());
    std::vector<int> expected;
    for (int i = 0; i < 1000; ++i)
        expected.push_back(2 * i);
    BOOST_TEST(got == expected);
    BOOST_CHECK_THROW(pipeline.take(), std::runtime_error);
    BOOST_TEST(pipeline.in_flight() == 0u);
}

// finish(): the threads go on until no batch waits, then end by themselves, each running `leave`
// once on its own thread; every batch still comes back, in order.
BOOST_AUTO_TEST_CASE(ordered_pipeline_finish_lets_threads_end)
{
    std::mutex m;
    std::vector<unsigned> left;
    std::set<std::thread::id> leave_threads;
    std::atomic<int> worked = 0;
    {
        OrderedPipeline<std::vector<int>> pipeline(
            3,
            [&worked](std::vector<int>& b, unsigned) {
                std::this_thread::sleep_for(std::chrono::microseconds(200));
                b.front() *= 2;
                ++worked;
            },
            [&](unsigned worker) {
                std::lock_guard lock(m);
                left.push_back(worker);
                leave_threads.insert(std::this_thread::get_id());
            });
        for (int i = 0; i < 40; ++i)
            pipeline.submit({i});
        pipeline.finish();
        std::vector<int> got;
        while (pipeline.in_flight())
            got.push_back(pipeline.take().front());
        std::vector<int> expected;
        for (int i = 0; i < 40; ++i)
            expected.push_back(2 * i);
        BOOST_TEST(got == expected);
        BOOST_TEST(worked == 40);
        // The threads end with the pipeline still alive: wait for the three (ten seconds at most).
        auto const start = std::chrono::steady_clock::now();
        for (;;) {
            {
                std::lock_guard lock(m);
                if (left.size() == 3u || std::chrono::steady_clock::now() - start > std::chrono::seconds(10))
                    break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        std::lock_guard lock(m);
        BOOST_TEST(left.size() == 3u);
    }
    std::sort(left.begin(), left.end());
    BOOST_TEST(left == (std::vector<unsigned>{0, 1, 2}));
    BOOST_TEST(leave_threads.size() == 3u);
    BOOST_TEST(leave_threads.count(std::this_thread::get_id()) == 0u);
}

#if defined(__linux__)
namespace {

// The cores a thread may run on (pthread_getaffinity_np), as a sorted list; none when the system will
// not tell (which the tests then find wrong: no Boost.Test assertion runs off the main thread).
std::vector<int> cores_of(pthread_t thread)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (pthread_getaffinity_np(thread, sizeof set, &set) != 0)
        return {};
    std::vector<int> cores;
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &set))
            cores.push_back(c);
    return cores;
}

} // namespace

// Threads just started are bound to the allowed cores other than the starter's, in turn, and each lets
// itself go to all of them; with one core allowed nothing is bound.
BOOST_AUTO_TEST_CASE(thread_placement_spreads_then_releases)
{
    std::vector<int> const allowed = cores_of(pthread_self());
    BOOST_TEST_REQUIRE(!allowed.empty());
    std::mutex m;
    std::vector<std::vector<int>> seen(3), released(3);
    ThreadPlacement placement;
    std::vector<std::thread> threads;
    int here_before = -1;
    int here_after = -1;
    {
        std::lock_guard lock(m);
        for (std::size_t i = 0; i < 3; ++i)
            threads.emplace_back([&, i] {
                std::lock_guard thread_lock(m);
                seen[i] = cores_of(pthread_self());
                placement.release();
                released[i] = cores_of(pthread_self());
            });
        here_before = sched_getcpu();
        placement.spread(threads);
        here_after = sched_getcpu();
    }
    for (auto& t : threads)
        t.join();
    BOOST_TEST(placement.spread_out() == (allowed.size() > 1));
    for (std::size_t i = 0; i < 3; ++i) {
        BOOST_TEST(released[i] == allowed);
        if (allowed.size() == 1) {
            BOOST_TEST(seen[i] == allowed);
            continue;
        }
        BOOST_TEST_REQUIRE(seen[i].size() == 1u);
        BOOST_TEST(std::count(allowed.begin(), allowed.end(), seen[i].front()) == 1);
        // The starter's core, when it stayed on one while it spread them (it nearly always does), is
        // none of theirs, and they take the others in turn from the one after it.
        if (here_before == here_after) {
            BOOST_TEST(seen[i].front() != here_before);
            std::vector<int> turns; // the other cores from the one after the starter's, round and round
            for (std::size_t k = 0; turns.size() < 3; ++k) {
                int const c = allowed[k % allowed.size()];
                if (c != here_before && (k >= allowed.size() || c > here_before))
                    turns.push_back(c);
            }
            BOOST_TEST(seen[i].front() == turns[i]);
        }
    }
}

// A pipeline's threads work on any allowed core: spread at the start, released before their first batch.
BOOST_AUTO_TEST_CASE(ordered_pipeline_threads_run_anywhere)
{
    std::vector<int> const allowed = cores_of(pthread_self());
    BOOST_TEST_REQUIRE(!allowed.empty());
    std::mutex m;
    std::vector<std::vector<int>> cores;
    {
        OrderedPipeline<int> pipeline(3, [&](int&, unsigned worker) {
            if (worker == 3)
                return; // the caller's thread
            std::lock_guard lock(m);
            cores.push_back(cores_of(pthread_self()));
        });
        for (int i = 0; i < 12; ++i)
            pipeline.submit(i);
        pipeline.finish();
        while (pipeline.in_flight())
            pipeline.take();
    }
    BOOST_TEST(cores.size() == 12u);
    for (const auto& c : cores)
        BOOST_TEST(c == allowed);
}
#endif

// The caller's thread works batches too (as worker 1 beside the pipeline's one thread), only while more
// wait than the pipeline has threads; what its work throws comes out of take() in the batch's turn.
BOOST_AUTO_TEST_CASE(ordered_pipeline_caller_works_in_order)
{
    // The pipeline's thread does nothing before the caller has worked a batch (or ten seconds passed:
    // a caller that never works fails below, it does not hang).
    std::atomic<bool> caller_worked = false;
    auto const start = std::chrono::steady_clock::now();
    OrderedPipeline<std::vector<int>> pipeline(1, [&caller_worked, start](std::vector<int>& b, unsigned worker) {
        if (worker == 1)
            caller_worked = true;
        while (!caller_worked && std::chrono::steady_clock::now() - start < std::chrono::seconds(10))
            std::this_thread::yield();
        if (b.front() < 0)
            throw std::runtime_error("negative");
        b.front() *= 2;
        b.push_back(static_cast<int>(worker));
    });
    std::vector<int> got;
    std::size_t by_caller = 0;
    auto const take = [&] {
        std::vector<int> const b = pipeline.take();
        got.push_back(b.front());
        by_caller += b.back() == 1 ? 1 : 0;
    };
    for (int i = 0; i < 1000; ++i) {
        pipeline.submit({i});
        while (pipeline.in_flight() >= 8)
            if (pipeline.ready() || !pipeline.work_one(1))
                take();
    }
    while (pipeline.in_flight())
        if (pipeline.ready() || !pipeline.work_one(1))
            take();
    std::vector<int> expected;
    for (int i = 0; i < 1000; ++i)
        expected.push_back(2 * i);
    BOOST_TEST(got == expected);
    BOOST_TEST(by_caller > 0u);
    // One batch waiting: it is left to the pipeline's thread.
    BOOST_TEST(!pipeline.work_one(1));
    pipeline.submit({-1});
    pipeline.submit({-2});
    pipeline.submit({-3});
    std::size_t worked = 0;
    while (pipeline.work_one(1))
        ++worked;
    BOOST_TEST(worked <= 2u);
    for (int i = 0; i < 3; ++i)
        BOOST_CHECK_THROW(pipeline.take(), std::runtime_error);
    BOOST_TEST(pipeline.in_flight() == 0u);
}

BOOST_AUTO_TEST_SUITE(divide)

// The rows of each position of the perft suites add up to the suite's count at depth 2, one per legal move.
BOOST_AUTO_TEST_CASE(rows_add_up_to_the_suites_counts)
{
    int checked = 0;
    for (const char* file : {"perft/shakmaty-tricky.perft", "perft/python-chess-chess960.perft"}) {
        std::string fen;
        std::uint64_t depth1 = 0;
        for (const std::string& line : test::read_lines(file)) {
            std::vector<std::string> const words = test::split(line, ' ');
            if (words[0] == "epd") {
                fen = line.substr(4);
                depth1 = 0;
            } else if (words[0] == "perft" && words.size() == 3 && (words[1] == "1" || words[1] == "2")) {
                auto record = parse_fen(fen);
                BOOST_TEST_REQUIRE(record.has_value());
                auto pos = Position::from_setup(record->setup, Rules::chess960, Strictness::playable);
                if (!pos)
                    continue;
                std::uint64_t const expected = std::stoull(words[2]);
                int const depth = std::stoi(words[1]);
                std::vector<DivideRow> const rows = perft_divide(*pos, depth, true);
                std::uint64_t total = 0;
                for (const DivideRow& r : rows)
                    total += r.nodes;
                BOOST_TEST(total == expected, fen << " depth " << depth);
                if (depth == 1)
                    depth1 = expected;
                else if (depth1)
                    BOOST_TEST(rows.size() == depth1, fen);
                BOOST_TEST(std::is_sorted(rows.begin(), rows.end(),
                                          [](const DivideRow& a, const DivideRow& b) { return a.uci < b.uci; }));
                ++checked;
            }
        }
    }
    BOOST_TEST(checked > 50);
}

BOOST_AUTO_TEST_CASE(castling_as_uci_engines_write_it)
{
    auto record = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    auto pos = Position::from_setup(record->setup);
    auto has = [](const std::vector<DivideRow>& rows, const std::string& uci) {
        return std::any_of(rows.begin(), rows.end(), [&](const DivideRow& r) { return r.uci == uci; });
    };
    std::vector<DivideRow> const chess960 = perft_divide(*pos, 1, true);
    std::vector<DivideRow> const standard = perft_divide(*pos, 1, false);
    BOOST_TEST(chess960.size() == 26u);
    BOOST_TEST((has(chess960, "e1h1") && has(chess960, "e1a1") && !has(chess960, "e1g1")));
    BOOST_TEST((has(standard, "e1g1") && has(standard, "e1c1") && !has(standard, "e1h1")));
    BOOST_TEST(perft_divide(*pos, 0, true).empty());
    // The standard start: twenty moves, twenty replies each.
    auto start = Position::from_setup(parse_fen(standard_start_fen)->setup);
    std::vector<DivideRow> const rows = perft_divide(*start, 2, false);
    BOOST_TEST(rows.size() == 20u);
    BOOST_TEST(rows.front().uci == "a2a3");
    BOOST_TEST(rows.back().uci == "h2h4");
    BOOST_TEST(std::all_of(rows.begin(), rows.end(), [](const DivideRow& r) { return r.nodes == 20; }));
}

BOOST_AUTO_TEST_CASE(perft_warns_of_a_position_no_game_reaches)
{
    // Two knights giving check (shakmaty's tricky perft suite): the message of fen960 perft 6213bfc.
    auto tricky = parse_fen("2b5/1nbn4/n3n3/1kn5/n3n3/1n1n4/5RQ1/2KQ1R2 w K - 0 1");
    std::vector<Diagnostic> warnings;
    perft_warning(*tricky, warnings);
    BOOST_REQUIRE_EQUAL(warnings.size(), 1u);
    BOOST_TEST(warnings[0].column == 1u);
    BOOST_TEST(warnings[0].message ==
               "not a position of a legal game (impossible check: the knight on b3 and the knight on d3 both give "
               "check to the white king on c1, but one move can give only one check that is not along a line); "
               "counting anyway");
    warnings.clear();
    perft_warning(*parse_fen(standard_start_fen), warnings);
    BOOST_TEST(warnings.empty());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(names)
{
    BOOST_TEST(std::string(name(Dialect::shredder)) == "shredder");
    BOOST_TEST(std::string(name(EnPassantMode::legal)) == "legal");
    BOOST_TEST((from_name(dialect_names, "XFEN") == Dialect::xfen));
    BOOST_TEST((from_name(input_dialect_names, "Auto") == InputDialect::automatic));
    BOOST_TEST(!from_name(dialect_names, "x"));
    BOOST_TEST(!from_name(dialect_names, "xfen "));
    BOOST_TEST(!from_name(en_passant_names, "automatic"));
    // Each name once, each value once, and every value of the enum named.
    for (const auto& n : dialect_names)
        BOOST_TEST((from_name(dialect_names, n.name) == n.value));
    for (const auto& n : input_dialect_names)
        BOOST_TEST((from_name(input_dialect_names, n.name) == n.value));
    for (const auto& n : en_passant_names)
        BOOST_TEST(std::string(name(n.value)) == n.name);
    for (auto d : {Dialect::fen, Dialect::shredder, Dialect::xfen})
        BOOST_TEST(std::string(name(d)) != "?");
    // A game's outcome as the manual page spells it for --format jsonl.
    BOOST_TEST(std::string(name_of(outcome_names, GameOutcome::imported)) == "imported");
    BOOST_TEST(std::string(name_of(outcome_names, GameOutcome::failed)) == "failed");
    BOOST_TEST(std::string(name_of(outcome_names, GameOutcome::skipped)) == "skipped");
}
