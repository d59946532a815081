// Reading PGN games from one input after another: each game split off (GameSplitter), imported
// (PgnImporter), numbered and counted, the failed and skipped ones handed whole to a rejects sink,
// on one thread or several, the games coming back in input order either way. Games are pulled one
// at a time, so memory does not grow with the input: one game (at most max_game bytes) with one
// thread, a few batches of games with several.
//
//   fen960::StringSource source(text);                       // or any ByteSource (a file, a pipe)
//   fen960::PgnReader reader({&source}, {.import = {fen960::Dialect::xfen, {}, true}});
//   while (const fen960::ReadGame* g = reader.next()) {
//       if (g->result.outcome == fen960::GameOutcome::imported)
//           use(g->output);                                  // one FEN a line: the start, then each ply
//       else
//           report(fen960::absolute_location(g->game, g->result.error));
//   }
//   reader.summary().failed.count;                           // and which games, with their lines
//
// This is the loop behind `fen960 pgn`, which adds the printing: the messages, --format jsonl, the
// summary's wording and the exit status.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/pgn.hpp"

namespace fen960 {

// A game of the input, imported.
struct ReadGame {
    GameText game;               // where it stands and its text (valid until the next call of next())
    std::size_t input = 0;       // index of its input
    std::uint64_t number = 0;    // counts the games of all inputs from 1; stray text keeps the last game's
    std::uint64_t bytes_read = 0; // of its input when it was split off (for a progress display)
    // A game over the size limit (game.too_long) failed: "game longer than N bytes; not read"; so did
    // a game cut by damaged input (game.cut): "game cut short by damaged input", nothing written.
    // Stray text (game.stray) is no game: imported, nothing read, not counted.
    GameResult result;
    std::string output;   // what the importer wrote: the game rewritten, or its positions
    std::string messages; // empty; for the caller's `prepare` (the game's messages, formatted)
};

struct PgnReaderOptions {
    PgnOptions import;
    std::size_t max_game = GameSplitter::default_max_game; // min_game_limit..max_game_limit (limits.hpp)
    unsigned jobs = 1;                                     // importing threads; 0: one per core
    // Receives every failed or skipped game exactly as read, each followed by an empty line (a line
    // end first when its text has none), in game order; a game over max_game streams through as it
    // is read. Called on the thread that calls next().
    std::function<void(std::string_view)> rejects;
    // With one job: takes a long game's output while it is imported (see PgnImporter::Drain), so that
    // ReadGame::output holds only the rest.
    PgnImporter::Drain drain;
    // Runs on the importing thread after each game (stray text too): per-game work of the caller that
    // should run in parallel with --jobs, such as formatting; it may change `output` and `messages`.
    std::function<void(ReadGame&)> prepare;
};

// Games by number and place, the first max_listed of them, and how many there were.
struct GameList {
    static constexpr std::size_t max_listed = 100;
    struct Game {
        std::uint64_t number = 0;
        std::size_t input = 0;
        std::uint64_t line = 0;
    };
    std::vector<Game> first;
    std::uint64_t count = 0;
};

// The games handed over so far.
struct PgnSummary {
    std::uint64_t games = 0; // read, stray text not counted
    std::uint64_t imported = 0;
    GameList failed;
    GameList skipped;
    std::uint64_t not_selected = 0; // games outside PgnOptions::select
    std::uint64_t starts_restored = 0; // games whose FEN tag's start was read with its rooks' rights
};

class PgnReader {
public:
    // Reads `inputs` in order; they must outlive the reader.
    explicit PgnReader(std::vector<ByteSource*> inputs, PgnReaderOptions options = {});
    ~PgnReader();
    PgnReader(const PgnReader&) = delete;
    PgnReader& operator=(const PgnReader&) = delete;

    // The next game, imported; nullptr after the last one. Valid until the next call, and the
    // caller's to change until then (`fen960 pgn` takes `output` away: its writer keeps the text until
    // it is written, then gives the string back through reuse). What an input or the rejects sink
    // throws comes out here, as does what `prepare` threw for a game.
    ReadGame* next();

    // A game's `output`, taken away and done with, given back for the thread that wrote it to write a
    // later game's output into the same memory, still in the cache of its core. Optional: a game
    // whose output string was taken gets a new one otherwise. Best given back in the order taken; on
    // the thread that calls next().
    void reuse(std::string&& output);

    const PgnSummary& summary() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace fen960
