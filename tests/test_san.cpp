// Reading and writing moves in SAN (and the LAN and UCI forms PGN files hold): hand-checked cases from
// the PGN standard (8.2.3) and Chess960 castling, then properties over every legal move of the perft
// suites' positions: the SAN of a move reads back as that move, no two moves share a SAN, and the PGN
// importer's fast reading agrees with the legal-list reading.
#define BOOST_TEST_MODULE san
#include <boost/test/unit_test.hpp>

#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "fen960/fen.hpp"
#include "fen960/pgn.hpp"
#include "fen960/position.hpp"
#include "fen960/san.hpp"
#include "test_data.hpp"

using namespace fen960;

namespace {

Position position(const std::string& fen)
{
    auto record = parse_fen(fen);
    BOOST_REQUIRE_MESSAGE(record, fen);
    auto pos = Position::from_setup(record->setup, Rules::chess960);
    BOOST_REQUIRE_MESSAGE(pos, fen << ": " << (pos ? "" : pos.error().message));
    return *pos;
}

std::string after(const std::string& fen, const std::string& san)
{
    Position pos = position(fen);
    auto move = parse_san(pos, san);
    BOOST_REQUIRE_MESSAGE(move, san << ": " << (move ? "" : move.error().message));
    pos.play(*move);
    return *emit_fen(pos.setup(), {Dialect::shredder, EnPassantMode::keep, true});
}

std::string error_of(const std::string& fen, const std::string& san)
{
    auto move = parse_san(position(fen), san);
    BOOST_REQUIRE_MESSAGE(!move, san << " was read");
    return move.error().message;
}

std::string san_of(const std::string& fen, const std::string& uci)
{
    Position const pos = position(fen);
    auto move = parse_uci(pos, uci);
    BOOST_REQUIRE_MESSAGE(move, uci);
    return to_san(pos, *move);
}

const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

} // namespace

BOOST_AUTO_TEST_CASE(reading)
{
    std::string const e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 1";
    for (std::string san : {"e4", "e4!", "e4?!", "Pe4", "e2e4", "e2-e4", "e4+"})
        BOOST_TEST(after(start, san) == e4, san);
    std::string const nf3 = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b HAha - 1 1";
    for (std::string san : {"Nf3", "Ngf3", "N1f3", "Ng1f3", "Ng1-f3", "g1f3", "Nxf3"})
        BOOST_TEST(after(start, san) == nf3, san);
    // Promotion with and without '=', in either case; under-promotion.
    std::string const pawn = "8/4P3/8/8/8/8/8/k3K3 w - - 0 1";
    for (std::string san : {"e8=Q", "e8Q", "e8=q", "e7e8q"})
        BOOST_TEST(after(pawn, san) == "4Q3/8/8/8/8/8/8/k3K3 b - - 0 1", san);
    BOOST_TEST(after(pawn, "e8=N") == "4N3/8/8/8/8/8/8/k3K3 b - - 0 1");
    // En passant, with the marks some writers add.
    std::string const ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    for (std::string san : {"exd6", "exd6e.p.", "exd6ep", "ed6", "e5d6"})
        BOOST_TEST(after(ep, san) == "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2", san);
}

// O-O is the h-side rook's castling and O-O-O the a-side rook's, wherever king and rook stand.
BOOST_AUTO_TEST_CASE(chess960_castling)
{
    std::string const pos = "1r2k1r1/1p4p1/8/8/8/8/8/1R2K1R1 w GBgb - 0 1";
    for (std::string san : {"O-O", "0-0", "O-O+", "o-o", "e1g1"})
        BOOST_TEST(after(pos, san) == "1r2k1r1/1p4p1/8/8/8/8/8/1R3RK1 b gb - 1 1", san);
    for (std::string san : {"O-O-O", "0-0-0", "e1b1", "e1c1"})
        BOOST_TEST(after(pos, san) == "1r2k1r1/1p4p1/8/8/8/8/8/2KR2R1 b gb - 1 1", san);
    // King on b1, rook on a1: O-O-O moves the king to c1, to the right.
    std::string const b1 = "rk6/8/8/8/8/8/8/RK6 w Aa - 0 1";
    BOOST_TEST(after(b1, "O-O-O") == "rk6/8/8/8/8/8/8/2KR4 b a - 1 1");
    BOOST_TEST(after(b1, "b1a1") == "rk6/8/8/8/8/8/8/2KR4 b a - 1 1");
    // King on g1 with the rook on h1: O-O leaves the king where it is.
    std::string const g1 = "6kr/8/8/8/8/8/8/6KR w Hh - 0 1";
    BOOST_TEST(after(g1, "O-O") == "6kr/8/8/8/8/8/8/5RK1 b h - 1 1");
    BOOST_TEST(san_of(g1, "g1h1") == "O-O");
    BOOST_TEST(san_of(pos, "e1b1") == "O-O-O");
}

BOOST_AUTO_TEST_CASE(writing)
{
    BOOST_TEST(san_of(start, "g1f3") == "Nf3");
    BOOST_TEST(san_of(start, "e2e4") == "e4");
    // Disambiguation: by file, by rank, by both (PGN standard 8.2.3.4).
    BOOST_TEST(san_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2") == "Nbd2");
    BOOST_TEST(san_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3") == "R1a3");
    BOOST_TEST(san_of("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2") == "Qa1b2");
    // A pinned piece does not need telling apart.
    BOOST_TEST(san_of("4k3/4r3/8/8/8/8/4N3/2N1K3 w - - 0 1", "c1d3") == "Nd3");
    // Captures, promotions, check and mate.
    BOOST_TEST(san_of("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q") == "exd8=Q+");
    BOOST_TEST(san_of("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4") == "Qh4#");
    BOOST_TEST(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6") == "exd6");
}

BOOST_AUTO_TEST_CASE(errors)
{
    BOOST_TEST(error_of(start, "O-O") ==
               "O-O: castling on the h-side is not legal now (a square between king and rook is occupied, or the "
               "king would pass through or land on an attacked square)");
    BOOST_TEST(error_of("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O") == "O-O: no castling right on the h-side");
    BOOST_TEST(error_of("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", "O-O-O") == "O-O-O: cannot castle out of check");
    BOOST_TEST(error_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2") == "Nd2: ambiguous (Nbd2, Nfd2)");
    BOOST_TEST(error_of(start, "Qh5") == "Qh5: illegal move: no white queen can move to h5");
    BOOST_TEST(error_of(start, "Nbd2") == "Nbd2: illegal move: no white knight on the b-file can move to d2");
    BOOST_TEST(error_of(start, "e5") == "e5: illegal move: no white pawn can move to e5");
    BOOST_TEST(error_of(start, "e2e5") == "e2e5: illegal move: no legal move from e2 to e5");
    BOOST_TEST(error_of(start, "xyz") == "xyz: not a move");
    BOOST_TEST(error_of(start, "Bxb") == "Bxb: not a move"); // half a square, and a lower-case b after it
    BOOST_TEST(error_of(start, "Nf3x") == "Nf3x: unexpected 'x' after the move");
    BOOST_TEST(error_of(start, "--") == "--: a null move is not a move of the position");
    BOOST_TEST(error_of("8/4P3/8/8/8/8/8/k3K3 w - - 0 1", "e8") ==
               "e8: a pawn that reaches the last rank must promote (write e8=Q, e8=R, e8=B or e8=N)");
    BOOST_TEST(error_of("8/4P3/8/8/8/8/8/k3K3 w - - 0 1", "e8=K") == "e8=K: unexpected '=' after the move");
    // A king's SAN move onto its own castling rook's square is no castling (SAN castles with O-O):
    // Chess960 with the king on f1 and the castling rook on g1 (mutant san_castling_as_king_move).
    BOOST_TEST(error_of("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "Kg1") == "Kg1: illegal move: no white king can move to g1");
    BOOST_TEST(after("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "O-O") == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

// Over every legal move of the perft suites' positions (and of the positions one move later): its
// SAN is unique among the position's moves, reads back as the move, and the PGN importer, which reads
// SAN from attack sets, plays the same move.
namespace {

// A token without its check mark: the rewrite writes the mark it finds.
std::string unmarked(std::string san)
{
    if (!san.empty() && (san.back() == '+' || san.back() == '#'))
        san.pop_back();
    return san;
}

// The first `each` positions of each perft suite of the test data (standard and Chess960 tricky ones)
// that the move generator can play by Chess960 rules (the suites keep a few no game reaches, for
// strict readers).
std::vector<Position> playable_suite_positions(std::size_t each)
{
    std::vector<std::string> fens;
    for (std::string file : {"perft/python-chess-tricky.perft", "perft/shakmaty-tricky.perft",
                             "perft/scalachess-tricky.perft", "perft/cutechess-frc.perft",
                             "perft/python-chess-chess960.perft"}) {
        std::size_t taken = 0;
        for (const std::string& line : fen960::test::read_lines(file))
            if (line.rfind("epd ", 0) == 0 && taken++ < each)
                fens.push_back(line.substr(4));
    }
    std::vector<Position> positions;
    for (const std::string& fen : fens)
        if (auto record = parse_fen(fen))
            if (auto pos = Position::from_setup(record->setup, Rules::chess960))
                positions.push_back(*pos);
    return positions;
}

// The movetext of a game `pgn import` rewrites (between the empty line and " *").
std::string rewritten_moves(PgnImporter& importer, const std::string& fen, const std::string& moves)
{
    std::string out;
    GameResult const r = importer.import("[Variant \"Chess960\"]\n[FEN \"" + fen + "\"]\n\n" + moves + " *", out);
    BOOST_TEST((r.outcome == GameOutcome::imported), r.error.message);
    std::size_t const from = out.find("\n\n");
    std::size_t const to = out.rfind(" *");
    return from == std::string::npos || to == std::string::npos || to < from ? out : out.substr(from + 2, to - from - 2);
}

} // namespace

// The rewrite's quick way (resolve_san_quick, the second move judged with the checkers the rewrite
// found after the first; write_san_quick's disambiguation; the check mark) against to_san's plain one
// on the legal list: every legal move of positions of the perft suites and every legal reply to it,
// their check marks left out, come back as to_san writes them.
BOOST_AUTO_TEST_CASE(rewritten_moves_and_replies_are_to_san)
{
    PgnImporter importer({Dialect::shredder, EnPassantMode::keep, false}); // rewrite
    std::size_t pairs = 0;
    std::size_t checks = 0;
    for (const Position& suite_start : playable_suite_positions(80)) {
        const Position* const first = &suite_start;
        std::string const here = *emit_fen(first->setup(), {Dialect::shredder, EnPassantMode::keep, true});
        for (const Move& m : first->legal_moves()) {
            std::string const san = to_san(*first, m);
            Position next = *first;
            next.play(m);
            checks += next.is_check() ? 1 : 0;
            for (const Move& r : next.legal_moves()) {
                std::string const reply = to_san(next, r);
                std::string const got = rewritten_moves(importer, here, unmarked(san) + " " + unmarked(reply));
                if (got.find(san + " " + reply) == std::string::npos)
                    BOOST_ERROR(here << " " << san << " " << reply << ": rewritten as '" << got << "'");
                ++pairs;
            }
        }
    }
    BOOST_TEST(pairs > 80000u);
    BOOST_TEST(checks > 60u);
}

namespace {

// Other spellings of a move's SAN `san` (what files hold): with no check mark or a wrong one, a file or
// a rank the move does not need, the capture mark left out or written ':', a promotion without '=' or
// in lower case, a pawn's letter.
std::vector<std::string> spellings(const std::string& san)
{
    std::string const body = unmarked(san);
    std::string const mark = san.substr(body.size());
    bool const piece = std::isupper(static_cast<unsigned char>(body[0])) && body[0] != 'O';
    std::vector<std::string> out{san, body, body + (mark == "+" ? "#" : "+")};
    if (piece)
        for (char c : std::string("abcdefgh12345678"))
            out.push_back(body.substr(0, 1) + c + body.substr(1) + mark);
    else if (body[0] != 'O')
        out.push_back("P" + san);
    if (std::size_t const x = body.find('x'); x != std::string::npos) {
        out.push_back(body.substr(0, x) + body.substr(x + 1) + mark);
        out.push_back(body.substr(0, x) + ":" + body.substr(x + 1) + mark);
    }
    if (std::size_t const eq = body.find('='); eq != std::string::npos) {
        out.push_back(body.substr(0, eq) + body.substr(eq + 1) + mark);
        out.push_back(body.substr(0, eq + 1) + static_cast<char>(std::tolower(body[eq + 1])) + mark);
    }
    return out;
}

} // namespace

// The rewrite keeps a token where it is its move's SAN and writes the SAN instead where it is not,
// telling them apart by the token's fields (spelt_as_san, written_as_san) or, read exactly
// (PgnOptions::exact_reading), by writing the SAN: every spelling of every legal move of positions of
// the perft suites that names that move is rewritten as to_san writes it, both ways.
BOOST_AUTO_TEST_CASE(rewrite_keeps_only_tokens_that_are_the_san)
{
    PgnOptions exact{Dialect::shredder, EnPassantMode::keep, false};
    exact.exact_reading = true;
    PgnImporter quick({Dialect::shredder, EnPassantMode::keep, false});
    PgnImporter plain(exact);
    std::size_t kept = 0;
    std::size_t rewritten = 0;
    for (const Position& pos : playable_suite_positions(60)) {
        std::string const here = *emit_fen(pos.setup(), {Dialect::shredder, EnPassantMode::keep, true});
        for (const Move& m : pos.legal_moves()) {
            std::string const san = to_san(pos, m);
            for (const std::string& token : spellings(san)) {
                auto const named = parse_san(pos, token);
                if (!named || *named != m)
                    continue;
                BOOST_TEST_CONTEXT(here << " " << san << " written " << token)
                {
                    BOOST_TEST(rewritten_moves(quick, here, token) == san);
                    BOOST_TEST(rewritten_moves(plain, here, token) == san);
                }
                (token == san ? kept : rewritten) += 1;
            }
        }
    }
    BOOST_TEST(kept > 5000u);
    BOOST_TEST(rewritten > 5000u);
}

BOOST_AUTO_TEST_CASE(every_legal_move_of_the_perft_positions)
{
    std::vector<Position> const starts = playable_suite_positions(120);
    BOOST_REQUIRE(starts.size() > 150u);
    PgnImporter importer({Dialect::shredder, EnPassantMode::keep, true});
    std::size_t moves = 0;
    for (const Position& suite_start : starts) {
        const Position* const first = &suite_start;
        std::vector<Position> positions{*first};
        for (const Move& m : first->legal_moves()) {
            Position next = *first;
            next.play(m);
            positions.push_back(next);
            if (positions.size() > 6)
                break;
        }
        for (const Position& pos : positions) {
            std::string const here = *emit_fen(pos.setup(), {Dialect::shredder, EnPassantMode::keep, true});
            std::set<std::string> seen;
            for (const Move& m : pos.legal_moves()) {
                std::string const san = to_san(pos, m);
                BOOST_TEST_CONTEXT(here << " " << to_uci(pos, m, true) << " " << san)
                {
                    BOOST_TEST(seen.insert(san).second);
                    auto back = parse_san(pos, san);
                    BOOST_TEST((back && *back == m));
                    Position played = pos;
                    played.play(m);
                    std::string const want = *emit_fen(played.setup(), {Dialect::shredder, EnPassantMode::keep, true});
                    std::string out;
                    GameResult const r = importer.import("[FEN \"" + here + "\"]\n\n" + san + " *", out);
                    BOOST_TEST((r.outcome == GameOutcome::imported), r.error.message);
                    BOOST_TEST(out == here + "\n" + want + "\n");
                }
                ++moves;
            }
        }
    }
    BOOST_TEST(moves > 20000u);
}
