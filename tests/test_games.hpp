// The test games: the PGN files of tests/data (the oracle's games.pgn, then every file under pgn/ in
// name order) and every main-line position of their games, for the tests that hold a reading to
// every position the test data reaches.
#pragma once

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "fen960/pgn.hpp"
#include "test_data.hpp"

namespace fen960::test {

// The files, relative to tests/data.
inline std::vector<std::string> pgn_test_files()
{
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::recursive_directory_iterator(data_path("pgn")))
        if (e.is_regular_file() && e.path().extension() == ".pgn")
            files.push_back(std::filesystem::relative(e.path(), data_path("")).string());
    std::sort(files.begin(), files.end());
    files.insert(files.begin(), "oracle/games.pgn");
    return files;
}

// Calls `f(file, record)` for the start and every main-line position of every game the importer
// reads, in Shredder-FEN with the en-passant square kept (the positions of a failed game up to its
// bad move).
template <typename F>
void for_each_game_position(F&& f)
{
    PgnOptions options;
    options.dialect = Dialect::shredder;
    options.en_passant = EnPassantMode::keep;
    options.positions = true;
    PgnImporter replay(options);
    for (const std::string& file : pgn_test_files()) {
        std::string const text = read_file(file);
        StringSource source(text);
        GameSplitter splitter(source);
        for (GameText game; splitter.next(game);) {
            std::string out;
            replay.import(game.text, out);
            std::istringstream lines(out);
            for (std::string line; std::getline(lines, line);)
                if (!line.empty())
                    f(file, line);
        }
    }
}

} // namespace fen960::test
