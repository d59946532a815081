// Opening books (polyglot.hpp, book.hpp): the Polyglot key against the format's nine reference
// positions and the oracle's keys (tests/data/oracle/keys.tsv), one key for the Shredder-FEN and X-FEN
// spellings of every Chess960 start; the mirror against the oracle's (mirror.tsv), twice the identity;
// the book index against sets of canonical texts (Shredder-FEN fields), on planted duplicates and on
// some thousands of positions.
#define BOOST_TEST_MODULE book
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "fen960/book.hpp"
#include "fen960/convert.hpp"
#include "fen960/fen.hpp"
#include "fen960/polyglot.hpp"
#include "fen960/startpos.hpp"
#include "test_data.hpp"

using namespace fen960;
using fen960::test::Table;

namespace {

// The record read and judged as convert reads it (valid positions only).
Setup judged(const std::string& text, const ConvertOptions& options = {})
{
    FenRecord record;
    std::vector<Diagnostic> warnings;
    BOOST_REQUIRE_MESSAGE(judge_record(text, options, record, warnings).has_value(), text);
    return record.setup;
}

std::string converted(const std::string& text, const ConvertOptions& options)
{
    std::string out;
    std::vector<Diagnostic> warnings;
    BOOST_REQUIRE_MESSAGE(convert_record(text, options, out, warnings).has_value(), text);
    return out;
}

std::string key_text(std::uint64_t key)
{
    char digits[16];
    return std::string(digits, write_key(key, digits));
}

} // namespace

// "Polyglot book format" (Michel Van den Bergh, hgm.nubati.net/book_format.html): the positions and
// keys of its test section.
BOOST_AUTO_TEST_CASE(polyglot_reference_positions)
{
    std::vector<std::pair<const char*, const char*>> const positions{
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "463b96181691fc9c"},
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "823c9b50fd114196"},
        {"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "0756b94461c50fb0"},
        {"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", "662fafb965db29d4"},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "22a48b5a8e47ff78"},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3", "652a607ca3f242c1"},
        {"rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", "00fdd303c946bdd9"},
        {"rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", "3c8123ea7b067637"},
        {"rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", "5c3f9b829b279560"},
    };
    for (const auto& [fen, key] : positions)
        BOOST_CHECK_EQUAL(key_text(polyglot_key(judged(fen))), key);
}

// Every row of the oracle: convert.tsv's inputs (en-passant squares with and without a capturer, a
// pinned one among them), the nine positions above, and each Chess960 start in both spellings.
BOOST_AUTO_TEST_CASE(oracle_keys)
{
    Table const table("oracle/keys.tsv");
    BOOST_REQUIRE_EQUAL(table.size(), 3929u);
    for (std::size_t i = 0; i < table.size(); ++i)
        BOOST_CHECK_MESSAGE(key_text(polyglot_key(judged(table.at(i, "input")))) == table.at(i, "key"),
                            "row " << i + 2 << ": " << table.at(i, "input"));
}

// The equal-key property: each Chess960 start written in Shredder-FEN and in X-FEN (by fen960's
// emitters) reads back to one key, and the starts (960 back ranks) have 960 different keys.
BOOST_AUTO_TEST_CASE(shredder_and_xfen_spellings_share_a_key)
{
    std::vector<std::uint64_t> keys;
    for (std::uint32_t n = 0; n < 960; ++n) {
        auto const setup = chess960_setup(n);
        BOOST_REQUIRE(setup);
        EmitOptions shredder_options;
        shredder_options.dialect = Dialect::shredder;
        auto const shredder = emit_fen(*setup, shredder_options);
        auto const xfen = emit_fen(*setup, EmitOptions{});
        BOOST_REQUIRE(shredder && xfen);
        std::uint64_t const key = polyglot_key(judged(*shredder));
        BOOST_CHECK_MESSAGE(polyglot_key(judged(*xfen)) == key, *shredder << " / " << *xfen);
        keys.push_back(key);
    }
    std::sort(keys.begin(), keys.end());
    BOOST_CHECK(std::adjacent_find(keys.begin(), keys.end()) == keys.end());
}

// convert --mirror in both dialects (their default en-passant modes) for every row; mirroring the
// Shredder-FEN mirror again gives convert.tsv's shredder_keep of the same input, and mirrored() twice
// gives the setup back.
BOOST_AUTO_TEST_CASE(oracle_mirror)
{
    Table const table("oracle/mirror.tsv");
    Table const convert("oracle/convert.tsv");
    BOOST_REQUIRE_EQUAL(table.size(), 2000u);
    BOOST_REQUIRE_EQUAL(convert.size(), table.size());
    ConvertOptions xfen;
    xfen.mirror = true;
    ConvertOptions shredder = xfen;
    shredder.to = Dialect::shredder;
    ConvertOptions again;
    again.to = Dialect::shredder;
    again.mirror = true;
    for (std::size_t i = 0; i < table.size(); ++i) {
        std::string const& input = table.at(i, "input");
        BOOST_REQUIRE_EQUAL(input, convert.at(i, "input_fen"));
        BOOST_CHECK_EQUAL(converted(input, xfen), table.at(i, "mirror_xfen"));
        BOOST_CHECK_EQUAL(converted(input, shredder), table.at(i, "mirror_shredder"));
        BOOST_CHECK_EQUAL(converted(table.at(i, "mirror_shredder"), again), convert.at(i, "shredder_keep"));
        Setup const setup = judged(input);
        BOOST_CHECK(mirrored(mirrored(setup)) == setup);
        BOOST_CHECK(mirrored(setup).turn != setup.turn);
    }
}

namespace {

// The fields of a record (space-separated).
std::vector<std::string> fields(const std::string& record)
{
    return fen960::test::split(record, ' ');
}

std::string joined(const std::vector<std::string>& f, std::size_t n)
{
    std::string text;
    for (std::size_t i = 0; i < n; ++i)
        text += (i ? " " : "") + f[i];
    return text;
}

// A position as convert writes it: Shredder-FEN castling letters are the rook squares' files, so
// equal texts are equal positions at each level BookCounts has.
std::string canonical(const Setup& setup, EnPassantMode mode)
{
    EmitOptions options;
    options.dialect = Dialect::shredder;
    options.en_passant = mode;
    auto text = emit_fen(setup, options);
    BOOST_REQUIRE(text);
    return *text;
}

// What the index must say, from sets of those texts.
struct SetsOfTexts {
    std::set<std::string> with_clocks, without_clocks, boards, board_side_castling;
    std::map<std::string, BookPlace> positions; // the first place of each
    BookCounts counts;

    std::optional<BookPlace> add(const Setup& setup, BookPlace place)
    {
        auto const keep = fields(canonical(setup, EnPassantMode::keep));
        auto const legal = fields(canonical(setup, EnPassantMode::legal));
        ++counts.records;
        with_clocks.insert(joined(keep, 6));
        without_clocks.insert(joined(keep, 4));
        board_side_castling.insert(joined(keep, 3));
        boards.insert(keep[0]);
        auto const [at, added] = positions.emplace(joined(legal, 4), place);
        counts.with_clocks = with_clocks.size();
        counts.without_clocks = without_clocks.size();
        counts.positions = positions.size();
        counts.board_side_castling = board_side_castling.size();
        counts.boards = boards.size();
        return added ? std::nullopt : std::optional<BookPlace>(at->second);
    }
};

} // namespace

// A book with planted duplicates: the same position in the other dialect, with other clocks, with a
// superfluous en-passant square (no pawn to take, a pinned pawn); and near misses that are other
// positions (a legal en-passant capture, the other side to move, other castling rights).
BOOST_AUTO_TEST_CASE(index_planted_duplicates)
{
    std::vector<std::pair<std::string, std::optional<std::uint64_t>>> const book{
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {}},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", 1},   // dialect
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 12", 1},  // clocks
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", {}},  // side to move
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1", {}},   // castling
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", {}},
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 6}, // superfluous e3
        {"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", {}}, // d4 takes: another position
        {"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3", {}},
        {"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 9", 8},
        {"8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1", {}}, // d4 pinned along the rank: e3 superfluous
        {"8/8/8/8/k2pP2Q/8/8/4K3 b - - 0 1", 11},
        {"bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1", {}},
        {"bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1", 13},
    };
    BookIndex index;
    SetsOfTexts expected;
    for (std::size_t i = 0; i < book.size(); ++i) {
        Setup const setup = judged(book[i].first);
        BookPlace const place{0, i + 1};
        auto const first = index.add(book_key(setup), place);
        BOOST_CHECK_MESSAGE(first == expected.add(setup, place), "line " << i + 1);
        BOOST_CHECK_MESSAGE((first ? std::optional<std::uint64_t>(first->line) : std::nullopt) == book[i].second,
                            "line " << i + 1 << ": " << book[i].first);
    }
    BOOST_CHECK(index.counts() == expected.counts);
    BookCounts const want{14, 12, 10, 8, 7, 5};
    BOOST_CHECK(index.counts() == want);
}

// Thousands of positions (every convert.tsv input, each again in the other dialect and with other
// clocks, its mirror, the 960 Chess960 and 3,000 Double Fischer Random starts, each board many times),
// from several inputs, so that the tables grow several times: the index's first places and counts
// equal those of the sets of texts at every record. Its memory stays within bytes_per_position of
// each distinct position, with the tables at most half full.
BOOST_AUTO_TEST_CASE(index_against_sets)
{
    Table const table("oracle/convert.tsv");
    std::vector<Setup> book;
    for (std::size_t i = 0; i < table.size(); ++i) {
        Setup const setup = judged(table.at(i, "input_fen"));
        book.push_back(setup);
        book.push_back(judged(table.at(i, "xfen_pseudo")));
        book.push_back(mirrored(setup));
        Setup other = setup;
        other.halfmove_clock += 1 + static_cast<std::uint32_t>(i % 3);
        book.push_back(other);
    }
    for (std::uint32_t n = 0; n < 960; ++n)
        book.push_back(*chess960_setup(n));
    for (std::uint32_t n = 0; n < 921600; n += 307)
        book.push_back(*dfrc_setup(n));
    for (std::uint32_t n = 0; n < 921600; n += 614) // half of them again
        book.push_back(*dfrc_setup(n));
    BookIndex index;
    SetsOfTexts expected;
    std::size_t duplicates = 0;
    for (std::size_t i = 0; i < book.size(); ++i) {
        BookPlace const place{static_cast<std::uint32_t>(i / 1000), i % 1000 + 1};
        auto const first = index.add(book_key(book[i]), place);
        auto const want = expected.add(book[i], place);
        BOOST_REQUIRE_MESSAGE(first == want, "record " << i);
        duplicates += first ? 1 : 0;
    }
    BOOST_CHECK(index.counts() == expected.counts);
    BOOST_CHECK_GT(duplicates, 4000u);
    BOOST_CHECK_GT(expected.counts.positions, 7000u);
    BOOST_CHECK_LE(index.memory(), 2 * BookIndex::bytes_per_position * expected.counts.with_clocks + (1u << 17));
}

// Past a megabyte the index's tables are mapped from the system and grow by remapping
// (detail::BookArray): 150,000 boards (the two kings and a knight, each where the others are not),
// each added three times over with other clocks and the other side to move, against what the
// records' numbers say; then a copy of the index, which takes each record again as a duplicate and
// leaves the original as it was.
BOOST_AUTO_TEST_CASE(index_large_tables)
{
    struct Made {
        Setup setup;
        std::uint64_t board; // the board's number
    };
    auto const make = [](std::uint64_t n, std::uint64_t round) {
        std::uint64_t const board = n % 150000;
        Setup setup;
        int const white_king = static_cast<int>(board % 64);
        int const black_king = static_cast<int>((board % 64 + 2 + board / 64 % 60) % 64);
        // The knight on the (board / 3840)th square that no king holds.
        int knight = -1;
        for (auto free = static_cast<int>(board / 3840) + 1; free > 0;)
            if (++knight != white_king && knight != black_king)
                --free;
        setup.board.put(Square(white_king), Piece{Color::white, Role::king});
        setup.board.put(Square(black_king), Piece{Color::black, Role::king});
        setup.board.put(Square(knight), Piece{Color::white, Role::knight});
        setup.turn = round == 2 ? Color::black : Color::white;
        setup.halfmove_clock = static_cast<std::uint32_t>(round == 1 ? 1 : 0);
        return Made{setup, board};
    };
    // The boards made are distinct when their numbers are: the white king's square, the black king's
    // distance from it and the knight's place among the squares left give the number back.
    BookIndex index;
    std::map<std::uint64_t, std::uint64_t> first_line; // of each board and side, as number * 2 + side
    for (std::uint64_t round = 0; round < 3; ++round)
        for (std::uint64_t n = 0; n < 150000; ++n) {
            Made const made = make(n, round);
            std::uint64_t const line = round * 150000 + n + 1;
            std::uint64_t const position = made.board * 2 + (round == 2 ? 1 : 0);
            auto const [at, added] = first_line.emplace(position, line);
            auto const first = index.add(book_key(made.setup), BookPlace{0, line});
            BOOST_REQUIRE_MESSAGE(first == (added ? std::nullopt : std::optional<BookPlace>(BookPlace{0, at->second})),
                                  "record " << line);
        }
    BookCounts const want{450000, 450000, 300000, 300000, 300000, 150000};
    BOOST_CHECK(index.counts() == want);
    BOOST_CHECK_GT(index.memory(), std::size_t{1} << 24);
    BOOST_CHECK_LE(index.memory(), 2 * BookIndex::bytes_per_position * 450000);

    BookIndex copy = index;
    for (std::uint64_t n = 0; n < 150000; n += 7) {
        auto const first = copy.add(book_key(make(n, 0).setup), BookPlace{1, n + 1});
        BOOST_REQUIRE(first == std::optional<BookPlace>(BookPlace{0, n + 1}));
    }
    BOOST_CHECK_EQUAL(copy.counts().records, 450000u + 21429u);
    BOOST_CHECK(index.counts() == want);
    BookIndex moved = std::move(copy);
    BOOST_CHECK_EQUAL(moved.counts().with_clocks, 450000u);
}
