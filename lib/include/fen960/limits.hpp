// The limits the readers keep and the standard start, each defined once; the program (cli/) uses
// these instead of copies. Where each one lives:
//   the longest record a reader accepts      max_record_length              here
//   the longest PGN game, by default         GameSplitter::default_max_game fen960/pgn.hpp
//   the range a caller may set that limit in min_game_limit, max_game_limit here
//   failed and skipped games a summary names GameList::max_listed           fen960/pgn_reader.hpp
//   the standard start position              standard_start_fen             here
//   the most threads a caller may ask for    max_jobs                       here
#pragma once

#include <cstddef>
#include <string_view>

namespace fen960 {

// The longest record the readers accept; FEN records are under 100 bytes, so this only stops garbage.
inline constexpr std::size_t max_record_length = 65535;

// A game limit below this would fail ordinary games; above it, the reader's buffer (one game) would
// be larger than any real game needs.
inline constexpr std::size_t min_game_limit = 1024;
inline constexpr std::size_t max_game_limit = std::size_t{1} << 30;

// The most worker threads (--jobs, Python's jobs=): far more than any machine's cores, while a
// mistyped 100000 is refused instead of exhausting the system's threads.
inline constexpr unsigned max_jobs = 256;

// Chess960 start 518 in standard FEN, the position perft counts from when given none.
inline constexpr std::string_view standard_start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

} // namespace fen960
