// Legal move generation against other projects' perft counts: every position of tests/data/perft and
// the oracle's perft.tsv, each to the depths whose counts stay small enough for a test run (deeper
// counts are bench/'s). Plus UCI notation, playing moves and the state they leave, and the writers'
// en-passant squares and SAN's reading of en passant held to the generator's en-passant moves.
#define BOOST_TEST_MODULE movegen
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "fen960/fen.hpp"
#include "fen960/pgn.hpp"
#include "fen960/position.hpp"
#include "test_data.hpp"
#include "test_games.hpp"

using namespace fen960;

namespace {

struct PerftCase {
    std::string source; // file and id or line, for messages
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> counts; // depth, nodes
};

// The .perft layout: blocks of `id NAME`, `epd FEN`, `perft DEPTH NODES`; '#' comments.
std::vector<PerftCase> read_perft_file(const std::string& relative)
{
    std::vector<PerftCase> cases;
    std::string id;
    for (const std::string& line : test::read_lines(relative)) {
        std::istringstream in(line);
        std::string word;
        in >> word;
        if (word == "id") {
            std::getline(in >> std::ws, id);
        } else if (word == "epd") {
            std::string fen;
            std::getline(in >> std::ws, fen);
            cases.push_back(PerftCase{relative + " " + id, fen, {}});
        } else if (word == "perft") {
            int depth = 0;
            std::uint64_t nodes = 0;
            in >> depth >> nodes;
            BOOST_REQUIRE(!cases.empty());
            cases.back().counts.emplace_back(depth, nodes);
        }
    }
    return cases;
}

// EPD with `;D<depth> <nodes>` operations, one position per line.
std::vector<PerftCase> read_epd_suite(const std::string& relative)
{
    std::vector<PerftCase> cases;
    std::size_t number = 0;
    for (const std::string& line : test::read_lines(relative)) {
        ++number;
        auto const fields = test::split(line, ';');
        if (fields.size() < 2)
            continue;
        PerftCase c{relative + ":" + std::to_string(number), fields[0], {}};
        for (std::size_t i = 1; i < fields.size(); ++i) {
            std::istringstream in(fields[i]);
            std::string depth;
            std::uint64_t nodes = 0;
            in >> depth >> nodes;
            BOOST_REQUIRE(depth.size() >= 2 && depth[0] == 'D');
            c.counts.emplace_back(std::stoi(depth.substr(1)), nodes);
        }
        cases.push_back(c);
    }
    return cases;
}

// LastEmperor's list: `{"FEN", {1, d1, d2, ...}},` with depth 0 first.
std::vector<PerftCase> read_lastemperor(const std::string& relative)
{
    std::vector<PerftCase> cases;
    for (const std::string& line : test::read_lines(relative)) {
        auto const open = line.find("{\"");
        auto const close = line.find("\", {");
        if (open == std::string::npos || close == std::string::npos)
            continue;
        PerftCase c{relative + " " + line.substr(open + 2, close - open - 2), line.substr(open + 2, close - open - 2),
                    {}};
        std::istringstream in(line.substr(close + 4));
        std::uint64_t nodes = 0;
        for (int depth = 0; in >> nodes; ++depth) {
            c.counts.emplace_back(depth, nodes);
            char comma = 0;
            in >> comma;
            if (comma != ',')
                break;
        }
        cases.push_back(c);
    }
    return cases;
}

Position position_of(const std::string& fen, Strictness strictness = Strictness::legal)
{
    auto record = parse_fen(fen);
    if (!record)
        BOOST_FAIL(fen << ": " << record.error().message);
    auto pos = Position::from_setup(record->setup, Rules::chess960, strictness);
    if (!pos)
        BOOST_FAIL(fen << ": " << pos.error().message);
    return *pos;
}

// Checks every count at most `max_depth` deep and at most `max_nodes` large; returns how many.
int check_counts(const std::vector<PerftCase>& cases, int max_depth, std::uint64_t max_nodes,
                 Strictness strictness = Strictness::legal,
                 std::uint64_t (*count)(const Position&, int) = &fen960::perft)
{
    int checked = 0;
    for (const PerftCase& c : cases) {
        Position const pos = position_of(c.fen, strictness);
        for (auto [depth, nodes] : c.counts) {
            if (depth > max_depth || nodes > max_nodes)
                continue;
            BOOST_TEST(count(pos, depth) == nodes, c.source << " (" << c.fen << ") depth " << depth);
            ++checked;
        }
    }
    return checked;
}

} // namespace

BOOST_AUTO_TEST_SUITE(perft_suites)

// All 960 start positions to depth 3, Scharnagl numbers 0..959 in order.
BOOST_AUTO_TEST_CASE(chess960_start_positions)
{
    auto const cases = read_perft_file("perft/chess960-startpos.perft");
    BOOST_TEST(cases.size() == 960u);
    BOOST_TEST(check_counts(cases, 3, UINT64_MAX) == 960 * 3);
}

// The same counts in LastEmperor's original list (with depth 0).
BOOST_AUTO_TEST_CASE(lastemperor_start_positions)
{
    auto const cases = read_lastemperor("perft/lastemperor-perft_960_starting_pos.txt");
    BOOST_TEST(cases.size() == 960u);
    BOOST_TEST(check_counts(cases, 3, UINT64_MAX) == 960 * 4);
}

// The standard Chess960 suite (positions a few moves after the starts, partial rights) to depth 3.
BOOST_AUTO_TEST_CASE(python_chess_chess960)
{
    auto const cases = read_perft_file("perft/python-chess-chess960.perft");
    BOOST_TEST(cases.size() == 960u);
    BOOST_TEST(check_counts(cases, 3, UINT64_MAX) == 960 * 3);
}

// The hand-picked hard cases, to every depth whose count is at most 20 million. Some are positions no
// game reaches (two knights giving check, ...): the generator must still count them right, so they are
// read as playable (the acceptance rule), the one with more material than promotions allow among them:
// its 270 legal moves (shakmaty's count) fit the move list.
BOOST_AUTO_TEST_CASE(tricky_suites)
{
    int checked = 0;
    int too_much_material = 0;
    for (const char* file : {"perft/python-chess-tricky.perft", "perft/shakmaty-tricky.perft",
                             "perft/scalachess-tricky.perft"}) {
        std::vector<PerftCase> playable;
        for (const PerftCase& c : read_perft_file(file)) {
            auto record = parse_fen(c.fen);
            BOOST_REQUIRE_MESSAGE(record, c.source);
            if (c.source.ends_with("max-legals-too-much-material")) {
                BOOST_TEST(!Position::from_setup(record->setup, Rules::chess960, Strictness::legal), c.source);
                auto pos = Position::from_setup(record->setup, Rules::chess960, Strictness::playable);
                BOOST_REQUIRE_MESSAGE(pos, c.source);
                BOOST_TEST(pos->legal_moves().size() == 270u);
                ++too_much_material;
            }
            playable.push_back(c);
        }
        checked += check_counts(playable, 64, 20'000'000, Strictness::playable);
    }
    BOOST_TEST(too_much_material == 1);
    BOOST_TEST(checked > 150);
}

// Positions that cannot arise in a game are refused by the default (legal) reading: the suite's own
// comments call these impossible checker alignments, two checks no move gives, or checks older than the
// double push the en-passant square records (and too much material).
BOOST_AUTO_TEST_CASE(tricky_illegal_positions_need_playable)
{
    std::set<std::string> const illegal_ids{
        "two-stepper-checkers", "two-pawn-checkers", "two-knight-checkers", "max-legals-too-much-material",
        "align-diag-1",         "align-diag-2",      "align-horizontal",    "align-ep",
        "align-ep-pinned",      "ep-unrelated-check"};
    for (const PerftCase& c : read_perft_file("perft/shakmaty-tricky.perft")) {
        bool const illegal = illegal_ids.count(c.source.substr(c.source.rfind(' ') + 1)) != 0;
        auto record = parse_fen(c.fen);
        BOOST_REQUIRE(record);
        auto pos = Position::from_setup(record->setup);
        BOOST_TEST(static_cast<bool>(pos) == !illegal, c.source << ": " << (pos ? "" : pos.error().message));
    }
}

BOOST_AUTO_TEST_CASE(python_chess_random_depth_2)
{
    auto const cases = read_perft_file("perft/python-chess-random.perft");
    BOOST_TEST(cases.size() == 6838u);
    BOOST_TEST(check_counts(cases, 2, UINT64_MAX) == 6838 * 2);
}

BOOST_AUTO_TEST_CASE(epd_suites)
{
    // The classic suite has a few positions no game reaches (two bishops checking along one diagonal).
    auto const standard = read_epd_suite("perft/pychess-perftsuite.epd");
    BOOST_TEST(standard.size() == 127u);
    BOOST_TEST(check_counts(standard, 64, 5'000'000, Strictness::playable) > 127 * 4);
    auto const frc = read_epd_suite("perft/pychess-frc_perftsuite.epd");
    BOOST_TEST(frc.size() == 9u);
    // One of its starts has both bishops of a colour on dark squares: not Chess960, but playable.
    BOOST_TEST(check_counts(frc, 64, 5'000'000, Strictness::playable) > 9 * 4);
}

// perft picks a POPCNT build of the generator at run time where the CPU has it; the portable code
// must count the same (here on the suites with Chess960 castling and the hard cases).
BOOST_AUTO_TEST_CASE(portable_code_agrees)
{
    auto const c960 = read_perft_file("perft/python-chess-chess960.perft");
    BOOST_TEST(check_counts(c960, 3, UINT64_MAX, Strictness::legal, &perft_portable) == 960 * 3);
    auto const tricky = read_perft_file("perft/python-chess-tricky.perft");
    std::vector<PerftCase> playable;
    for (const PerftCase& c : tricky)
        if (!c.source.ends_with("too-much-material"))
            playable.push_back(c);
    BOOST_TEST(check_counts(playable, 64, 1'000'000, Strictness::playable, &perft_portable) > 30);
}

BOOST_AUTO_TEST_CASE(cutechess_frc)
{
    auto const cases = read_perft_file("perft/cutechess-frc.perft");
    BOOST_TEST(cases.size() == 5u);
    BOOST_TEST(check_counts(cases, 64, UINT64_MAX) == 5);
}

// The oracle's counts (a UCI engine's `go perft` with Chess960 castling).
BOOST_AUTO_TEST_CASE(oracle_perft)
{
    test::Table const table("oracle/perft.tsv");
    for (std::size_t i = 0; i < table.size(); ++i) {
        Position const pos = position_of(table.at(i, "fen"));
        int const depth = std::stoi(table.at(i, "depth"));
        BOOST_TEST(perft(pos, depth) == std::stoull(table.at(i, "nodes")), table.at(i, "origin") << " " << table.at(i, "fen"));
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(moves)

// The list and the count agree, the list has no duplicates, and each move survives UCI both ways.
BOOST_AUTO_TEST_CASE(list_count_and_uci_agree)
{
    std::size_t moves_seen = 0;
    std::vector<PerftCase> cases = read_perft_file("perft/python-chess-chess960.perft");
    for (const PerftCase& c : read_perft_file("perft/python-chess-tricky.perft"))
        if (!c.source.ends_with("too-much-material"))
            cases.push_back(c);
    for (const PerftCase& c : cases) {
        Position const pos = position_of(c.fen, Strictness::playable);
        MoveList const moves = pos.legal_moves();
        BOOST_TEST(moves.size() == perft(pos, 1), c.source);
        std::set<std::string> seen;
        for (const Move& m : moves) {
            std::string const uci960 = to_uci(pos, m, true);
            BOOST_TEST(seen.insert(uci960).second, c.source << ": duplicate " << uci960);
            auto const back = parse_uci(pos, uci960);
            BOOST_TEST((back && *back == m), c.source << ": " << uci960);
            auto const back_standard = parse_uci(pos, to_uci(pos, m, false));
            BOOST_TEST((back_standard && *back_standard == m), c.source << ": " << to_uci(pos, m, false));
            BOOST_TEST(pos.is_legal(m));
            ++moves_seen;
        }
    }
    BOOST_TEST(moves_seen > 20000u);
}

BOOST_AUTO_TEST_CASE(castling_notation)
{
    // Standard squares: e1g1 in standard notation, e1h1 in Chess960 notation; both parse.
    Position const pos = position_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    auto const short_castle = parse_uci(pos, "e1g1");
    BOOST_REQUIRE(short_castle);
    BOOST_TEST((short_castle->kind == MoveKind::castling));
    BOOST_TEST(short_castle->to.name() == "h1");
    BOOST_TEST(to_uci(pos, *short_castle, true) == "e1h1");
    BOOST_TEST(to_uci(pos, *short_castle, false) == "e1g1");
    auto const long_castle = parse_uci(pos, "e1a1");
    BOOST_REQUIRE(long_castle);
    BOOST_TEST(to_uci(pos, *long_castle, false) == "e1c1");
    BOOST_TEST(!parse_uci(pos, "e1b1")); // no such move either way
    // Chess960: king b1, rook a1; castling puts the king on c1 and the rook on d1.
    Position const c960 = position_of("3k4/8/8/8/8/8/8/RK6 w A - 0 1");
    auto const a_side = parse_uci(c960, "b1a1");
    BOOST_REQUIRE(a_side);
    BOOST_TEST(to_uci(c960, *a_side, false) == "b1a1"); // not expressible as a king step
    Position after = c960;
    after.play(*a_side);
    auto const text = emit_fen(after.setup(), {Dialect::shredder, EnPassantMode::keep});
    BOOST_REQUIRE(text);
    BOOST_TEST(*text == "3k4/8/8/8/8/8/8/2KR4 b - - 1 1");
    // A king step that reads the same as the two-square form stays a king step.
    Position const step = position_of("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    auto const f1g1 = parse_uci(step, "f1g1");
    BOOST_REQUIRE(f1g1);
    BOOST_TEST((f1g1->kind == MoveKind::normal));
    auto const f1h1 = parse_uci(step, "f1h1");
    BOOST_REQUIRE(f1h1);
    BOOST_TEST((f1h1->kind == MoveKind::castling));
}

// Castling legality details the issue names: the king on its target already, the rook on its target
// already, an attack the castling rook itself shields, and a piece in the way.
BOOST_AUTO_TEST_CASE(castling_rules)
{
    auto castles = [](const std::string& fen) {
        std::vector<std::string> out;
        Position const pos = position_of(fen);
        for (const Move& m : pos.legal_moves())
            if (m.kind == MoveKind::castling)
                out.push_back(to_uci(pos, m, true));
        return out;
    };
    using V = std::vector<std::string>;
    BOOST_TEST(castles("4k3/8/8/8/8/8/8/6KR w H - 0 1") == V{"g1h1"});         // king does not move
    BOOST_TEST(castles("4k3/8/8/8/8/8/8/4KR2 w F - 0 1") == V{"e1f1"});        // rook does not move
    BOOST_TEST(castles("4k3/8/8/8/8/8/8/qRK5 w B - 0 1").empty());             // the rook shields c1 from a1
    BOOST_TEST(castles("4k3/8/8/8/8/8/8/1RK4q w B - 0 1").empty());            // c1 is in check
    BOOST_TEST(castles("4k3/8/8/8/8/8/8/1RKN4 w B - 0 1").empty());            // d1, the rook's target, taken
    BOOST_TEST(castles("2r1k3/8/8/8/8/8/8/RK6 w A - 0 1").empty());            // c1, the king's target, attacked
    BOOST_TEST(castles("3rk3/8/8/8/8/8/8/RK6 w A - 0 1") == V{"b1a1"});        // d1 attacked, but only the rook goes there
    BOOST_TEST(castles("4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1") == (V{"e1b1", "e1g1"}));
}

// The state after moves: en-passant square after every double push, clocks, castling rights.
BOOST_AUTO_TEST_CASE(play_updates_the_state)
{
    Position pos = position_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    auto play = [&](const char* uci) {
        auto m = parse_uci(pos, uci);
        BOOST_REQUIRE_MESSAGE(m, uci);
        pos.play(*m);
    };
    auto shredder = [&] { return *emit_fen(pos.setup(), {Dialect::shredder, EnPassantMode::keep}); };
    play("e2e4");
    BOOST_TEST(shredder() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 1");
    play("g8f6");
    BOOST_TEST(shredder() == "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w HAha - 1 2");
    play("e4e5");
    play("d7d5");
    BOOST_TEST(shredder() == "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w HAha d6 0 3");
    play("e5d6");
    BOOST_TEST(shredder() == "rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b HAha - 0 3");
    play("h8g8");
    BOOST_TEST(shredder() == "rnbqkbr1/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR w HAa - 1 4");
    play("e1e2");
    BOOST_TEST(shredder() == "rnbqkbr1/ppp1pppp/3P1n2/8/8/8/PPPPKPPP/RNBQ1BNR b a - 2 4");
    BOOST_TEST(!pos.is_check());
    play("f6e4");
    play("d6c7");
    BOOST_TEST(!pos.is_check());
    play("d8d2");
    BOOST_TEST(pos.is_check());
    play("c1d2");
    play("e4d2");
    play("c7b8n");
    BOOST_TEST(shredder() == "rNb1kbr1/pp2pppp/8/8/8/8/PPPnKPPP/RN1Q1BNR b a - 0 7");
}

BOOST_AUTO_TEST_CASE(mate_and_stalemate)
{
    BOOST_TEST(position_of("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").is_checkmate());
    BOOST_TEST(position_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").is_stalemate());
    BOOST_TEST(!position_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").is_checkmate());
}

BOOST_AUTO_TEST_CASE(invalid_setups_are_refused)
{
    auto record = parse_fen("8/8/8/8/8/8/8/K7 w - - 0 1");
    BOOST_REQUIRE(record);
    auto pos = Position::from_setup(record->setup);
    BOOST_REQUIRE(!pos);
    BOOST_TEST(pos.error().message == "no black king");
    BOOST_TEST(pos.error().column == 1u);
    // Chess960 castling rights under standard rules.
    auto c960 = parse_fen("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1");
    BOOST_REQUIRE(c960);
    BOOST_TEST(static_cast<bool>(Position::from_setup(c960->setup, Rules::chess960)));
    BOOST_TEST(!Position::from_setup(c960->setup, Rules::standard));
}

BOOST_AUTO_TEST_CASE(uci_rejects_what_is_not_a_legal_move)
{
    Position const pos = position_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for (const char* bad : {"", "e2", "e2e5", "e2e4q", "i2i4", "e7e5", "e1g1", "e2e4 ", "e2e4x", "E2E4"})
        BOOST_TEST(!parse_uci(pos, bad), bad);
    Position const promo = position_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    BOOST_TEST(!parse_uci(promo, "b7b8"));
    BOOST_TEST(!parse_uci(promo, "b7b8k"));
    auto const knight = parse_uci(promo, "b7b8n");
    BOOST_REQUIRE(knight);
    BOOST_TEST((knight->promotion == Role::knight));
}

BOOST_AUTO_TEST_SUITE_END()

// --- En passant ---------------------------------------------------------------------------------------

namespace {

// Whether a piece of `by` attacks `target`, found square by square without the attack tables: an
// expectation the library's judges do not share.
bool attacked_by(const Board& board, Square target, Color by)
{
    auto holds = [&](int file, int rank, std::initializer_list<Role> roles) {
        if (file < 0 || file > 7 || rank < 0 || rank > 7)
            return false;
        auto const piece = board.piece_at(Square(File(file), Rank(rank)));
        return piece && piece->color == by && std::find(roles.begin(), roles.end(), piece->role) != roles.end();
    };
    int const f = target.file().index();
    int const r = target.rank().index();
    int const behind = by == Color::white ? -1 : 1; // a pawn of `by` attacks from one rank this way
    if (holds(f - 1, r + behind, {Role::pawn}) || holds(f + 1, r + behind, {Role::pawn}))
        return true;
    constexpr std::array<std::pair<int, int>, 8> jumps{{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
    for (auto [df, dr] : jumps)
        if (holds(f + df, r + dr, {Role::knight}))
            return true;
    for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr) {
            if (!df && !dr)
                continue;
            if (holds(f + df, r + dr, {Role::king}))
                return true;
            Role const slider = df && dr ? Role::bishop : Role::rook;
            int x = f + df;
            int y = r + dr;
            while (x >= 0 && x < 8 && y >= 0 && y < 8 && !board.piece_at(Square(File(x), Rank(y)))) {
                x += df;
                y += dr;
            }
            if (holds(x, y, {slider, Role::queen}))
                return true;
        }
    return false;
}

// An en-passant field's text: the square or "-".
std::string field(std::optional<Square> ep)
{
    return ep ? ep->name() : "-";
}

struct EnPassantTally {
    std::size_t positions = 0;
    std::size_t squares = 0; // positions with an en-passant square
    std::size_t legal = 0;   // captures by a pawn beside the pushed one that keep the king safe
    std::size_t illegal = 0; // ... and that expose it
    std::size_t read = 0;    // captures read as SAN in a game from the position
};

// The writers' en-passant square (EnPassantMode::pseudo and legal) and the PGN importer's reading of
// `exd6` held to the generator's en-passant moves in one position, and those moves to each capture
// played out on the board. `pgn` reads games from `pos` when it is a legal position.
void check_en_passant(const Position& pos, const std::string& source, PgnImporter& pgn, EnPassantTally& tally)
{
    ++tally.positions;
    Setup const setup = pos.setup();
    Bitboard generated = 0;
    for (const Move& m : pos.legal_moves())
        if (m.kind == MoveKind::en_passant) {
            BOOST_TEST((setup.ep_square && m.to == *setup.ep_square), source);
            generated |= bit(m.from);
        }
    std::string const none = "-";
    std::string const square = field(setup.ep_square);
    BOOST_TEST(field(effective_en_passant(setup, EnPassantMode::legal)) == (generated ? square : none), source);
    if (!setup.ep_square) {
        BOOST_TEST(field(effective_en_passant(setup, EnPassantMode::pseudo)) == none, source);
        return;
    }
    ++tally.squares;
    Square const ep = *setup.ep_square;
    Color const us = setup.turn;
    Square const pushed = ep.up(us == Color::white ? -1 : 1);
    // Pseudo-legal: a pawn of the side to move beside the pushed pawn.
    Bitboard beside = 0;
    for (int const file : {ep.file().index() - 1, ep.file().index() + 1})
        if (file >= 0 && file < 8 && setup.board.piece_at(Square(File(file), pushed.rank())) == Piece{us, Role::pawn})
            beside |= bit(Square(File(file), pushed.rank()));
    BOOST_TEST(field(effective_en_passant(setup, EnPassantMode::pseudo)) == (beside ? square : none), source);
    BOOST_TEST((generated & ~beside) == 0u, source);
    bool const readable = static_cast<bool>(Position::from_setup(setup, Rules::chess960));
    for (Bitboard b = beside; b; b &= b - 1) {
        Square const from = lsb(b);
        Board after = setup.board;
        after.remove(from, Piece{us, Role::pawn});
        after.remove(pushed, Piece{~us, Role::pawn});
        after.put(ep, Piece{us, Role::pawn});
        bool const safe = !attacked_by(after, pos.king(us), ~us);
        std::string const san = std::string{from.file().letter(), 'x'} + ep.name();
        BOOST_TEST(contains(generated, from) == safe, source << ": " << san);
        ++(safe ? tally.legal : tally.illegal);
        if (!readable)
            continue;
        std::string const game = "[Variant \"Chess960\"]\n[FEN \"" +
                                 *emit_fen(setup, {Dialect::shredder, EnPassantMode::keep}) + "\"]\n\n" +
                                 std::to_string(setup.fullmove_number) + (us == Color::white ? ". " : "... ") +
                                 san + " *\n";
        std::string out;
        GameResult const result = pgn.import(game, out);
        BOOST_TEST((result.outcome == GameOutcome::imported) == safe, game << result.error.message);
        ++tally.read;
    }
}

std::optional<Position> playable(std::string_view fen, InputDialect from = InputDialect::automatic)
{
    auto record = parse_fen(fen, from);
    if (!record)
        return std::nullopt;
    auto pos = Position::from_setup(record->setup, Rules::chess960, Strictness::playable);
    if (!pos)
        return std::nullopt;
    return *pos;
}

} // namespace

BOOST_AUTO_TEST_SUITE(en_passant)

// Pins, checks and the rank through both pawns, by hand (white to move after d7-d5 unless noted).
BOOST_AUTO_TEST_CASE(pins_and_checks)
{
    PgnImporter pgn;
    EnPassantTally tally;
    struct Case {
        const char* fen;
        const char* legal; // the en-passant square EnPassantMode::legal writes, or "-"
    };
    for (const Case& c : std::initializer_list<Case>{
             {"4k3/6b1/8/3pP3/8/2K5/8/8 w - d6 0 1", "-"},           // e5 pinned on the diagonal to c3
             {"4k3/2b5/8/3pP3/5K2/8/8/8 w - d6 0 1", "d6"},          // pinned, but takes along the pin line
             {"4r3/8/8/3pP3/8/8/8/4K2k w - d6 0 1", "-"},            // e5 pinned on the e-file
             {"4k3/6b1/8/2PpP3/8/2K5/8/8 w - d6 0 1", "d6"},         // two capturers, e5 pinned, c5 free
             {"8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", "-"},             // the rank pin through both pawns
             {"8/8/8/K1NpP2r/8/8/8/4k3 w - d6 0 1", "d6"},           // ... with a knight between
             {"8/8/8/8/R2Pp2k/8/8/4K3 b - d3 0 1", "-"},             // black: rook a4, king h4
             {"8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1", "-"},             // black: queen h4, king a4
             {"8/1K6/8/3pP3/8/5b2/8/7k w - d6 0 1", "-"},            // taking d5 opens the diagonal to b7
             {"4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1", "d6"},            // the pushed pawn checks: taking it answers
             {"4k3/8/8/3pP3/8/5n2/8/4K3 w - d6 0 1", "-"},           // a knight's check it does not answer
             {"1b2k3/8/8/2Pp4/8/8/7K/8 w - d6 0 1", "d6"},           // landing on d6 blocks the bishop's check
             {"4k3/8/8/2Pp2rK/8/8/8/8 w - d6 0 1", "-"},             // a rook's check along the capture rank
             {"4r3/8/8/2Pp4/4K3/8/8/k7 w - d6 0 1", "-"},            // double check: pawn d5 and rook e8
             {"4k3/8/8/pP6/8/8/8/4K3 w - a6 0 1", "a6"},             // a-file
             {"4k3/8/8/6Pp/8/8/8/4K3 w - h6 0 1", "h6"},             // h-file
             {"4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1", "-"},              // no pawn beside d5
         }) {
        auto const pos = playable(c.fen);
        BOOST_REQUIRE_MESSAGE(pos, c.fen);
        BOOST_TEST(field(effective_en_passant(pos->setup(), EnPassantMode::legal)) == c.legal, c.fen);
        check_en_passant(*pos, c.fen, pgn, tally);
    }
    BOOST_TEST(tally.illegal >= 9u);
    BOOST_TEST(tally.read >= 10u);
}

// Every test position: the oracle's records, the perft suites' positions and those one move on, and
// every position of the test games as the library's PGN importer replays them.
BOOST_AUTO_TEST_CASE(every_test_position)
{
    PgnImporter pgn;
    EnPassantTally tally;
    test::Table const convert("oracle/convert.tsv");
    for (std::size_t i = 0; i < convert.size(); ++i) {
        std::string const& dialect = convert.at(i, "input_dialect");
        InputDialect const from = dialect == "fen"        ? InputDialect::fen
                                  : dialect == "shredder" ? InputDialect::shredder
                                                          : InputDialect::automatic;
        if (auto const pos = playable(convert.at(i, "input_fen"), from))
            check_en_passant(*pos, "convert.tsv " + convert.at(i, "id"), pgn, tally);
    }
    std::size_t const records = tally.positions;

    std::vector<PerftCase> suites = read_lastemperor("perft/lastemperor-perft_960_starting_pos.txt");
    for (const char* file : {"perft/pychess-perftsuite.epd", "perft/pychess-frc_perftsuite.epd"})
        for (PerftCase& c : read_epd_suite(file))
            suites.push_back(std::move(c));
    for (const auto& e : std::filesystem::directory_iterator(test::data_path("perft")))
        if (e.path().extension() == ".perft")
            for (PerftCase& c : read_perft_file("perft/" + e.path().filename().string()))
                suites.push_back(std::move(c));
    for (const PerftCase& c : suites) {
        auto const root = playable(c.fen);
        if (!root)
            continue; // the position with more material than promotions give
        check_en_passant(*root, c.source, pgn, tally);
        for (const Move& m : root->legal_moves()) {
            Position child = *root;
            child.play(m);
            if (child.has_ep_square())
                check_en_passant(child, c.source + " " + to_uci(*root, m, true), pgn, tally);
        }
    }
    std::size_t const perft_positions = tally.positions - records;

    test::for_each_game_position([&](const std::string& file, const std::string& record) {
        auto const pos = playable(record, InputDialect::shredder);
        BOOST_REQUIRE_MESSAGE(pos, file << ": " << record);
        check_en_passant(*pos, file + ": " + record, pgn, tally);
    });
    std::size_t const game_positions = tally.positions - records - perft_positions;

    BOOST_TEST_MESSAGE(records << " records, " << perft_positions << " perft positions, " << game_positions
                               << " game positions; " << tally.squares << " en-passant squares, " << tally.legal
                               << " legal and " << tally.illegal << " illegal captures, " << tally.read << " read");
    BOOST_TEST(records > 1500u);
    BOOST_TEST(perft_positions > 30000u);
    BOOST_TEST(game_positions > 15000u);
    BOOST_TEST(tally.squares > 20000u);
    BOOST_TEST(tally.legal > 500u);
    BOOST_TEST(tally.illegal > 50u);
    BOOST_TEST(tally.read > 500u);
}

BOOST_AUTO_TEST_SUITE_END()
