// perft by root move ("divide", as engines print it for `go perft`): each legal move with the
// number of leaf nodes below it, the first thing to compare when two move generators disagree.
//
//   auto pos = fen960::Position::from_setup(fen960::parse_fen(fen960::standard_start_fen)->setup);
//   for (const fen960::DivideRow& row : fen960::perft_divide(*pos, 2, true))
//       std::cout << row.uci << ": " << row.nodes << '\n';      // a2a3: 20 ... h2h4: 20
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/fen.hpp"
#include "fen960/position.hpp"

namespace fen960 {

struct DivideRow {
    std::string uci;         // to_uci(pos, move, chess960)
    std::uint64_t nodes = 0; // perft(position after the move, depth - 1)

    friend bool operator==(const DivideRow&, const DivideRow&) = default;
};

// One row per legal move of `pos`, sorted by the move's text; the nodes add up to perft(pos, depth).
// `depth` is at least 1 (a tree of depth 0 has no moves: no rows).
std::vector<DivideRow> perft_divide(const Position& pos, int depth, bool chess960);

// What `perft` says before counting a record that no game reaches but the generator can play (perft
// suites have some): `not a position of a legal game (REASON; ...); counting anyway` at column 1,
// appended to `warnings`, or nothing when a game can reach it (by Chess960 rules, as perft counts).
void perft_warning(const FenRecord& record, std::vector<Diagnostic>& warnings);
// The same for the problems position_problems gave (a perft suite's check has them already).
void perft_warning(const std::vector<std::string>& problems, std::vector<Diagnostic>& warnings);

} // namespace fen960
