// Perft suites: positions with the node counts of their legal move trees, as engine authors keep
// them. Two layouts, also mixed in one file:
// - EPD records with `D<depth> <nodes>` operations, in any separator style (Ethereal's and pychess's
//   suites: `FEN ;D1 20 ;D2 400`, `FEN; D1 20; D2 400;`), in any castling dialect;
// - blocks of `id NAME`, `epd RECORD` and `perft DEPTH NODES` lines (python-chess, shakmaty,
//   scalachess: the `.perft` files in tests/data/perft).
// Blank lines and '#' comments are skipped.
//
//   auto suite = fen960::read_perft_suite(text);
//   for (const fen960::SuitePosition& p : suite)
//       if (!p.error) check(fen960::Position::from_setup(p.setup, ...), p.counts);
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <cstddef>

#include "fen960/diagnostic.hpp"
#include "fen960/position.hpp"
#include "fen960/setup.hpp"

namespace fen960 {

// One expected count, with the line it is written on (1-based).
struct SuiteCount {
    int depth = 0;
    std::uint64_t nodes = 0;
    std::uint64_t line = 0;
};

struct SuitePosition {
    std::uint64_t line = 0; // the record's line (1-based)
    std::string text;       // that line as written (without its line end), for messages
    std::string id;         // the `id` of its block; empty for an EPD line
    Setup setup;            // meaningful when there is no error
    std::vector<SuiteCount> counts;
    // The record does not read, or a count is no count: where (line and column in that line) and why.
    std::optional<Diagnostic> error;
    // What was read past without failing the position: a NUL byte ends its line ("a NUL byte at
    // column 79"; two public suites end every line with one), and the counts before it are checked.
    std::vector<Diagnostic> warnings;
};

// Every position of a suite, in order. A `perft` line before any `epd` line is an error of its own
// position; a line is read up to a NUL byte in it, with a warning for its position.
std::vector<SuitePosition> read_perft_suite(std::string_view text);

// One count checked: what the suite expects and what perft gives.
struct CountCheck {
    SuiteCount expected;
    std::uint64_t nodes = 0;

    bool ok() const { return nodes == expected.nodes; }
};

struct PositionCheck {
    std::vector<CountCheck> counts; // the counts up to the depth limit, in the suite's order
    std::size_t skipped = 0;        // counts deeper than the limit
    // The position cannot be counted: it does not read (SuitePosition::error), or the move generator
    // cannot play it (Position::from_setup with Strictness::playable says why, at column 1).
    std::optional<Diagnostic> error;
    // What keeps it from being a position of a legal game, when it is still counted.
    std::vector<std::string> problems;

    bool ok() const;
};

// The number of counts the suite gives, over all its positions (0: no perft suite, as a bm/id test
// suite or a file of start positions).
std::size_t count_total(const std::vector<SuitePosition>& suite);

// Counts `p`'s tree to each depth it gives up to `max_depth` (Chess960 castling: the castling rooks'
// squares decide, standard chess is the special case); a position no game reaches is counted, or
// under Strictness::legal refused.
PositionCheck check_suite_position(const SuitePosition& p, int max_depth,
                                   Strictness strictness = Strictness::playable);

} // namespace fen960
