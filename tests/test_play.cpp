// Moves across dialects (fen960/play.hpp): the oracle's move sequences (tests/data/oracle/play.tsv,
// expectations of an independent chess library) in both dialects, with the bad move's number and the
// PGN importer's words for it; both castling notations and the king-step rule; the UCI writer in each
// notation and what the king's notation cannot write; the position-line grammar; and the quick
// reading of a UCI move held to the plain lookup in the legal list on every test position, for every
// token from every piece of the side to move.
#define BOOST_TEST_MODULE play
#include <boost/test/unit_test.hpp>

#include <array>
#include <string>
#include <vector>

#include "fen960/fen.hpp"
#include "fen960/pgn.hpp"
#include "fen960/play.hpp"
#include "fen960/position.hpp"
#include "san/syntax.hpp"
#include "test_data.hpp"
#include "test_games.hpp"
#include "uci/position_fast.hpp"
#include "uci/syntax.hpp"
#include "uci/vocabulary.hpp"

using namespace fen960;

namespace {

Position position_of(const std::string& fen)
{
    auto pos = start_position(fen);
    BOOST_REQUIRE_MESSAGE(pos, fen << ": " << (pos ? "" : pos.error().message));
    return *pos;
}

std::vector<std::string_view> words(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t const end = std::min(text.find(' ', at), text.size());
        if (end > at)
            out.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    return out;
}

// What MovePlayer::play gave, flat: its moves played on either outcome, a failure's move and reason.
struct Outcome {
    bool ok = false;
    std::uint32_t played = 0;
    std::uint32_t bad_move = 0;
    Diagnostic error;

    Outcome() = default;
    explicit Outcome(const PlayResult& r)
        : ok(r.has_value()), played(r ? *r : r.error().played), bad_move(r ? 0 : r.error().bad_move),
          error(r ? Diagnostic{} : r.error().reason)
    {
    }
};

// `fen960 play START MOVES...` as the command runs it: the start and the moves in one text.
struct Played {
    Outcome result;
    std::string out;
};

Played play(const std::string& start, const std::string& moves, PlayOptions options = {})
{
    std::string const text = start + " " + moves;
    std::string_view const view(text);
    std::vector<std::string_view> const tokens = words(view.substr(start.size()));
    MovePlayer player(options);
    Played p;
    p.result = Outcome(player.play(view, view.substr(0, start.size()), tokens, p.out));
    return p;
}

std::string after(const std::string& start, const std::string& moves, Dialect d = Dialect::shredder)
{
    Played const p = play(start, moves, {.dialect = d});
    BOOST_REQUIRE_MESSAGE(p.result.ok, moves << ": " << p.result.error.message);
    BOOST_REQUIRE(!p.out.empty() && p.out.back() == '\n');
    return p.out.substr(0, p.out.size() - 1);
}

std::string uci_line(const std::string& start, const std::string& moves, CastlingNotation n,
                     Dialect d = Dialect::xfen)
{
    PlayOptions options{.dialect = d};
    options.output = PlayOutput::uci;
    options.castling = n;
    Played const p = play(start, moves, options);
    if (!p.result.ok)
        return "error: " + p.result.error.message;
    return p.out.substr(0, p.out.size() - 1);
}

// The PGN importer's message for the move `moves` fails on (tokens as written), and its ply.
std::pair<std::string, std::uint32_t> importer_error(const std::string& start, const std::vector<std::string_view>& moves)
{
    std::string game = start == "startpos" ? "" : "[FEN \"" + start + "\"]\n\n";
    for (std::string_view m : moves)
        game += std::string(m) + " ";
    game += "*\n";
    PgnImporter importer;
    std::string out;
    GameResult const r = importer.import(game, out);
    if (r.outcome != GameOutcome::failed)
        return {"", 0};
    return {r.error.message, r.ply};
}

} // namespace

// Every row of the oracle in both dialects: the position, or for a bad move its number, the move
// quoted, nothing written, and the reason in the PGN importer's words.
BOOST_AUTO_TEST_CASE(oracle_rows)
{
    test::Table const table("oracle/play.tsv");
    std::size_t bad = 0;
    std::size_t same_words = 0;
    for (std::size_t i = 0; i < table.size(); ++i) {
        std::string const& start = table.at(i, "start_fen");
        std::string const& moves = table.at(i, "moves");
        for (auto [dialect, column] : {std::pair{Dialect::xfen, "expected_xfen"}, {Dialect::shredder, "expected_shredder"}}) {
            std::string const& expected = table.at(i, column);
            Played const p = play(start, moves, {.dialect = dialect});
            BOOST_TEST_CONTEXT("row " << i + 1 << " " << column << ": " << table.at(i, "note"))
            {
                if (expected.rfind("error: move ", 0) != 0) {
                    BOOST_TEST(p.result.ok, p.result.error.message);
                    BOOST_TEST(p.out == expected + "\n");
                    continue;
                }
                std::uint32_t const k = static_cast<std::uint32_t>(std::stoul(expected.substr(12)));
                std::vector<std::string_view> const tokens = words(moves);
                BOOST_REQUIRE(k >= 1 && k <= tokens.size());
                BOOST_TEST(!p.result.ok);
                BOOST_TEST(p.result.bad_move == k);
                BOOST_TEST(p.result.played == k - 1);
                BOOST_TEST(p.out.empty());
                std::string const head = "move " + std::to_string(k) + " '" + std::string(tokens[k - 1]) + "': ";
                BOOST_TEST(p.result.error.message.rfind(head, 0) == 0u, p.result.error.message);
                // The column is the bad move's, in the text `START MOVES...`.
                BOOST_TEST(p.result.error.column >=
                           static_cast<std::uint32_t>(tokens[k - 1].data() - moves.data()) + start.size() + 2);
                if (dialect != Dialect::xfen)
                    continue;
                ++bad;
                auto const [message, ply] = importer_error(start, tokens);
                if (ply == k && message.rfind(std::string(tokens[k - 1]) + ": ", 0) == 0) {
                    BOOST_TEST(p.result.error.message.substr(head.size()) == message.substr(tokens[k - 1].size() + 2));
                    ++same_words;
                }
            }
        }
    }
    BOOST_TEST(bad == 15u);
    BOOST_TEST(same_words >= 13u, same_words << " of " << bad << " bad moves in the importer's words");
}

// The examples, both castling notations and the king-step rule.
BOOST_AUTO_TEST_CASE(castling_in_both_notations)
{
    std::string const both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 1";
    BOOST_TEST(after(both, "e1h1", Dialect::xfen) == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 5 1");
    BOOST_TEST(after(both, "e1g1", Dialect::xfen) == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 5 1");
    BOOST_TEST(after(both, "O-O", Dialect::xfen) == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 5 1");
    BOOST_TEST(after(both, "0-0-0", Dialect::xfen) == "r3k2r/8/8/8/8/8/8/2KR3R b kq - 5 1");
    BOOST_TEST(after(both, "e1g1 e8a8", Dialect::xfen) == "2kr3r/8/8/8/8/8/8/R4RK1 w - - 6 2");
    // Black's a-side castling with the rook beside the king (king e8, rook d8): king takes rook.
    BOOST_TEST(after("nn1rkq1b/ppp1p1rP/8/2Np4/3P4/2P5/bP3PPP/2BRKQRB b KQq - 1 8", "e8d8", Dialect::xfen) ==
               "nnkr1q1b/ppp1p1rP/8/2Np4/3P4/2P5/bP3PPP/2BRKQRB w KQ - 2 9");
    BOOST_TEST(after("nn1rkq1b/ppp1p1rP/8/2Np4/3P4/2P5/bP3PPP/2BRKQRB b KQq - 1 8", "e8c8", Dialect::xfen) ==
               "nnkr1q1b/ppp1p1rP/8/2Np4/3P4/2P5/bP3PPP/2BRKQRB w KQ - 2 9");
    // King on f1, rook on h1: f1g1 is the king's step, f1h1 castles; g1 and h1 squares as in the issue.
    std::string const step = "4k3/8/8/8/8/8/8/5K1R w H - 0 1";
    BOOST_TEST(after(step, "f1g1") == "4k3/8/8/8/8/8/8/6KR b - - 1 1");
    BOOST_TEST(after(step, "f1h1") == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    BOOST_TEST(after(step, "O-O") == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // The king's square form from any file: king d1, rook h1 castles with d1g1.
    BOOST_TEST(after("4k3/8/8/8/8/8/8/3K3R w H - 0 1", "d1g1") == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // King b1 and castling rooks on a1 and c1: b1c1 takes the h-side rook (king takes rook always;
    // the a-side castling, whose king's square is c1 too, cannot be played while that rook stands there).
    std::string const two = "4k3/8/8/8/8/8/8/RKR5 w CA - 0 1";
    BOOST_TEST(after(two, "b1c1") == "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
    // King d1, a-side rook c1: king takes rook and the king's square are the same text.
    BOOST_TEST(after("4k3/8/8/8/8/8/8/2RK4 w C - 0 1", "d1c1") == "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // A king already on its castling square: the rook alone moves (g1 king, h1 rook: g1h1).
    BOOST_TEST(after("4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1") == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

BOOST_AUTO_TEST_CASE(bad_moves_say_why)
{
    std::string const start = "startpos";
    auto error = [&](const std::string& from, const std::string& moves) {
        Played const p = play(from, moves);
        BOOST_REQUIRE_MESSAGE(!p.result.ok, moves << " was played");
        return p.result.error.message;
    };
    BOOST_TEST(error(start, "e2e4 e7e5 e1g1") ==
               "move 3 'e1g1': castling on the h-side is not legal now (a square between king and rook is occupied, "
               "or the king would pass through or land on an attacked square)");
    BOOST_TEST(error(start, "e2e4 e2e4") == "move 2 'e2e4': illegal move: no piece on e2");
    BOOST_TEST(error(start, "e7e5") == "move 1 'e7e5': illegal move: the pawn on e7 is black's, and white is to move");
    BOOST_TEST(error(start, "e2e5") == "move 1 'e2e5': illegal move: no legal move from e2 to e5");
    BOOST_TEST(error(start, "e9e4") == "move 1 'e9e4': not a move");
    BOOST_TEST(error(start, "Nf6") == "move 1 'Nf6': illegal move: no white knight can move to f6");
    BOOST_TEST(error(start, "O-O-O-O") == "move 1 'O-O-O-O': unexpected '-' after the move");
    BOOST_TEST(error("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "e1h1") == "move 1 'e1h1': no castling right on the h-side");
    BOOST_TEST(error("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1d1 e8d8 d1e1 d8e8 e1c1") ==
               "move 5 'e1c1': no castling right on the a-side");
    BOOST_TEST(error("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "e1h1") == "move 1 'e1h1': no castling right on the h-side");
    BOOST_TEST(error("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", "e1c1") == "move 1 'e1c1': cannot castle out of check");
    // Pinned and in check: the move exists but would leave the king attacked.
    BOOST_TEST(error("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3") ==
               "move 1 'e2c3': illegal move: no legal move from e2 to c3 (the white king would be in check)");
    BOOST_TEST(error("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1e2") ==
               "move 1 'e1e2': illegal move: no legal move from e1 to e2 (the white king would be in check)");
    BOOST_TEST(error("8/4P3/8/8/8/8/8/k3K3 w - - 0 1", "e7e8") ==
               "move 1 'e7e8': a pawn that reaches the last rank must promote (write e7e8q, e7e8r, e7e8b or e7e8n)");
    BOOST_TEST(error("8/8/8/8/8/4P3/8/k3K3 w - - 0 1", "e3e4q") ==
               "move 1 'e3e4q': illegal move: only a pawn reaching the last rank promotes");
    BOOST_TEST(error("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2") == "move 1 'Nd2': ambiguous (Nbd2, Nfd2)");
    BOOST_TEST(error(start, "--") == "move 1 '--': a null move is not a move of the position");
    // Nothing after a bad move is played; the start itself may be at fault.
    Played const p = play("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "e2e4");
    BOOST_TEST(!p.result.ok);
    BOOST_TEST(p.result.bad_move == 0u);
    BOOST_TEST(p.result.error.message == "invalid castling letter 'x'");
    BOOST_TEST(p.result.error.column == 49u);
    Played const q = play("4k3/8/8/8/8/8/8/4K3 b - - 0 1", "e8e7");
    BOOST_TEST(q.result.ok);
    Played const r = play("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "e1e2");
    BOOST_TEST(r.result.error.message.rfind("invalid position: ", 0) == 0u, r.result.error.message);
}

BOOST_AUTO_TEST_CASE(every_position_when_asked)
{
    PlayOptions options{.dialect = Dialect::fen};
    options.output = PlayOutput::all;
    Played const p = play("startpos", "e4 e7e5 Nf3", options);
    BOOST_TEST(p.result.ok);
    BOOST_TEST(p.out == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
                        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
                        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n"
                        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n");
    // A bad move: the positions before it stay.
    Played const q = play("startpos", "e4 e5 Ke3", options);
    BOOST_TEST(!q.result.ok);
    BOOST_TEST(q.result.bad_move == 3u);
    BOOST_TEST(std::count(q.out.begin(), q.out.end(), '\n') == 3);
}

BOOST_AUTO_TEST_CASE(uci_writer_notations)
{
    using enum CastlingNotation;
    std::string const both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 1";
    BOOST_TEST(uci_line(both, "O-O O-O-O", kxr) == "position fen " + both + " moves e1h1 e8a8");
    BOOST_TEST(uci_line(both, "O-O O-O-O", king) == "position fen " + both + " moves e1g1 e8c8");
    BOOST_TEST(uci_line(both, "O-O O-O-O", automatic) == "position fen " + both + " moves e1g1 e8c8");
    // The standard start is `startpos`; promotions in lower case; SAN and UCI alike in, UCI out.
    BOOST_TEST(uci_line("startpos", "e4 e7e5 Nf3", automatic) == "position startpos moves e2e4 e7e5 g1f3");
    BOOST_TEST(uci_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "", kxr) == "position startpos");
    BOOST_TEST(uci_line("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "axb8=N+", kxr) ==
               "position fen 1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7b8n");
    // Chess960: automatic is king takes rook; the king's notation where it reads back.
    std::string const c960 = "4k3/8/8/8/8/8/8/3K3R w H - 0 1";
    BOOST_TEST(uci_line(c960, "O-O", automatic, Dialect::shredder) == "position fen " + c960 + " moves d1h1");
    BOOST_TEST(uci_line(c960, "O-O", king, Dialect::shredder) == "position fen " + c960 + " moves d1g1");
    // ... and where it does not: the king's step, or the king taking the other rook.
    BOOST_TEST(uci_line("4k3/8/8/8/8/8/8/5K1R w H - 0 1", "O-O", king, Dialect::shredder) ==
               "error: move 1 'O-O': castling on the h-side cannot be written as the king's move to g1: f1g1 is the "
               "king's move to g1");
    // A king on its castling square already: the king's notation has no move for it (g1g1 is none).
    BOOST_TEST(uci_line("4k3/8/8/8/8/8/8/6KR w H - 0 1", "O-O", king, Dialect::shredder) ==
               "error: move 1 'O-O': castling on the h-side cannot be written as the king's move: the king stays on "
               "g1");
    BOOST_TEST(uci_line("4k3/8/8/8/8/8/8/6KR w H - 0 1", "O-O", kxr, Dialect::shredder) ==
               "position fen 4k3/8/8/8/8/8/8/6KR w H - 0 1 moves g1h1");
    BOOST_TEST(uci_line("4k3/8/8/8/8/8/8/RKR5 w CA - 0 1", "O-O", king, Dialect::shredder) ==
               "position fen 4k3/8/8/8/8/8/8/RKR5 w CA - 0 1 moves b1g1");
    // Standard FEN cannot write a Chess960 start.
    BOOST_TEST(uci_line(c960, "O-O", kxr, Dialect::fen).rfind("error: ", 0) == 0u);
    // perft's to_uci: king takes rook for Chess960, the king's move for standard castling.
    Position const pos = position_of(both);
    auto const m = read_move(pos, "O-O");
    BOOST_REQUIRE(m);
    BOOST_TEST(to_uci(pos, *m, true) == "e1h1");
    BOOST_TEST(to_uci(pos, *m, false) == "e1g1");
}

BOOST_AUTO_TEST_CASE(position_lines)
{
    MovePlayer player({.dialect = Dialect::shredder});
    auto line = [&](const std::string& text) {
        std::string out;
        PlayResult const r = player.play_line(text, out);
        if (!r)
            return std::to_string(r.error().reason.column) + ": " + r.error().reason.message;
        return out.substr(0, out.size() - 1);
    };
    std::string const e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 1";
    BOOST_TEST(line("position startpos moves e2e4") == e4);
    BOOST_TEST(line("startpos moves e2e4") == e4);
    BOOST_TEST(line("  position \t startpos  moves   e2e4  \r") == e4);
    BOOST_TEST(line("position startpos") == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    BOOST_TEST(line("position startpos moves") == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    BOOST_TEST(line("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4") == e4);
    BOOST_TEST(line("fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - moves e2e4") == e4);
    BOOST_TEST(line("position fen 4k3/8/8/8/8/8/8/3K3R w H - 0 1 moves d1h1 e8d8") ==
               "3k4/8/8/8/8/8/8/5RK1 w - - 2 2");
    // Errors at their column: the line, the FEN (in the line), the move.
    BOOST_TEST(line("") == "1: expected 'startpos' or 'fen', found the end of the line");
    BOOST_TEST(line("position go") == "10: expected 'startpos' or 'fen', found 'g'");
    BOOST_TEST(line("position startposx") == "10: expected 'startpos' or 'fen', found 's'");
    BOOST_TEST(line("position fen") == "13: expected a FEN after 'fen', found the end of the line");
    BOOST_TEST(line("position fen moves e2e4") == "14: expected a FEN after 'fen', found 'm'");
    BOOST_TEST(line("position startpos e2e4") == "19: expected 'moves' or the end of the line, found 'e'");
    BOOST_TEST(line("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1") ==
               "62: invalid castling letter 'x'");
    BOOST_TEST(line("position startpos moves e2e4 e7e5 e1e2 e8e7 e2e3 d8h4") ==
               "50: move 6 'd8h4': illegal move: no legal move from d8 to h4");
}

// The position line's fast pass reads every line the grammar reads, the same way, and no other.
BOOST_AUTO_TEST_CASE(position_line_fast_pass_is_the_grammar)
{
    std::vector<std::string> const heads{"", "position ", "  position\t", "positionx ", "position", "Position "};
    std::vector<std::string> const starts{"startpos", "startposx", "fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                                          "fen  4k3/8/8/8/8/8/8/4K3\tw - -", "fen", "fen moves", "fen x", "", "go",
                                          "fen movesx y"};
    std::vector<std::string> const tails{"",      " moves",        " moves e2e4", "  moves  e2e4 \t e7e5 ",
                                         " e2e4", " moves moves",  "moves",       " moves\r",
                                         "\r",    " moves e2e4\r", "\t"};
    std::size_t lines = 0;
    std::size_t read = 0;
    for (const std::string& h : heads)
        for (const std::string& s : starts)
            for (const std::string& t : tails) {
                std::string const text = h + s + t;
                uci_syntax::PositionLine fast;
                uci_syntax::PositionLine exact;
                uci_syntax::Error error;
                std::string_view line(text);
                if (!line.empty() && line.back() == '\r')
                    line.remove_suffix(1);
                bool const fast_ok = uci_grammar::detail::parse_position_fast(line, fast);
                bool const exact_ok = uci_syntax::parse_exact(text, exact, error);
                ++lines;
                read += exact_ok;
                BOOST_TEST(fast_ok == exact_ok, "'" << text << "'");
                if (fast_ok && exact_ok) {
                    BOOST_TEST(fast.fen == exact.fen, "'" << text << "'");
                    BOOST_TEST(fast.fen.data() == exact.fen.data(), "'" << text << "'");
                    BOOST_TEST((fast.moves == exact.moves), "'" << text << "'");
                }
            }
    BOOST_TEST(lines == 660u);
    BOOST_TEST(read > 100u);
}

// The quick reading of UCI's tokens reads exactly what the SAN grammar reads in them.
BOOST_AUTO_TEST_CASE(uci_tokens_read_as_the_san_grammar_reads_them)
{
    std::size_t tokens = 0;
    for (char from_file = 'a'; from_file <= 'h'; ++from_file)
        for (char from_rank = '1'; from_rank <= '8'; ++from_rank)
            for (char to_file = 'a'; to_file <= 'h'; ++to_file)
                for (char to_rank = '1'; to_rank <= '8'; ++to_rank)
                    for (char promotion : {'\0', 'q', 'r', 'b', 'n'}) {
                        std::string token{from_file, from_rank, to_file, to_rank};
                        if (promotion)
                            token.push_back(promotion);
                        uci_vocabulary::Move u;
                        BOOST_REQUIRE(uci_vocabulary::read_move(token, u));
                        san_syntax::Fields f;
                        san_syntax::Error e;
                        BOOST_REQUIRE_MESSAGE(san_syntax::parse(token, f, e), token);
                        bool const same = f.form == san_syntax::Form::normal && !f.piece && f.from_file == u.from_file &&
                                          f.from_rank == u.from_rank && !f.capture && f.to_file == u.to_file &&
                                          f.to_rank == u.to_rank && f.promotion == u.promotion && !f.check &&
                                          f.glyphs.empty();
                        BOOST_TEST(same, token);
                        ++tokens;
                    }
    BOOST_TEST(tokens == 20480u);
    uci_vocabulary::Move u;
    for (const char* other : {"", "e2", "e2e", "e2e4e", "e2e4Q", "e2-e4", "E2E4", "e0e1", "i2i4", "e2e4q ", "0000", "Nf3"})
        BOOST_TEST(!uci_vocabulary::read_move(other, u), other);
}

namespace {

// Every UCI token from a piece of the side to move (every target square, and the promotions of a
// pawn): the quick reading is the plain one wherever it answers, answers for every legal move but
// castling, and read_move agrees with both.
void check_quick_reading(const Position& pos, std::size_t& tokens, std::size_t& legal, std::size_t& castling)
{
    static constexpr std::array<const char*, 5> promotions{"", "q", "r", "b", "n"};
    MoveList const moves = pos.legal_moves();
    Bitboard const ours = pos.board().by_color(pos.turn());
    for (Bitboard b = ours; b; b &= b - 1) {
        Square const from = lsb(b);
        bool const pawn = contains(pos.board().by_role(Role::pawn), from);
        for (int t = 0; t < 64; ++t)
            for (std::size_t p = 0; p < (pawn ? promotions.size() : 1); ++p) {
                std::string const token = from.name() + Square(t).name() + promotions[p];
                auto const quick = detail::read_uci_quick(pos, token);
                auto const plain = detail::read_uci_plain(moves, token);
                ++tokens;
                // (Boost.Test's checks cost more than the readings: each one only on a mismatch.)
                if (!plain) {
                    if (quick)
                        BOOST_ERROR(token << ": the quick reading found a move the legal list has not");
                    // read_move, slower when the token names no move, on a sample of them.
                    if (tokens % 16 == 0 && read_move(pos, token))
                        BOOST_ERROR(token << ": read_move found a move the legal list has not");
                    continue;
                }
                ++legal;
                if (plain->kind == MoveKind::castling) {
                    ++castling;
                    if (quick)
                        BOOST_ERROR(token << ": the quick reading found castling");
                } else if (!quick || *quick != *plain) {
                    BOOST_ERROR(token << ": the quick reading differs from the legal list's");
                }
                auto const read = read_move(pos, token);
                if (!read || *read != *plain)
                    BOOST_ERROR(token << ": read_move differs from the legal list's");
            }
    }
}

std::optional<Position> playable(const std::string& fen)
{
    auto pos = start_position(fen);
    if (!pos)
        return std::nullopt;
    return *pos;
}

} // namespace

BOOST_AUTO_TEST_CASE(quick_uci_reading_is_the_legal_list_lookup)
{
    std::size_t positions = 0;
    std::size_t tokens = 0;
    std::size_t legal = 0;
    std::size_t castling = 0;
    test::Table const convert("oracle/convert.tsv");
    for (std::size_t i = 0; i < convert.size(); ++i)
        if (auto const pos = playable(convert.at(i, "input_fen"))) {
            check_quick_reading(*pos, tokens, legal, castling);
            ++positions;
        }
    // Every fourth position of the test games, where castling, en passant and promotions happen.
    std::size_t n = 0;
    test::for_each_game_position([&](const std::string&, const std::string& record) {
        if (n++ % 4 == 0)
            if (auto const pos = playable(record)) {
                check_quick_reading(*pos, tokens, legal, castling);
                ++positions;
            }
    });
    BOOST_TEST_MESSAGE(positions << " positions, " << tokens << " tokens, " << legal << " legal moves, " << castling
                                 << " castlings");
    BOOST_TEST(positions > 5000u);
    BOOST_TEST(legal > 100000u);
    BOOST_TEST(castling > 500u);
}
