// Opening books (polyglot.hpp, book.hpp): the Polyglot key against the format's nine reference
// positions and the oracle's keys (tests/data/oracle/keys.tsv), one key for the Shredder-FEN and X-FEN
// spellings of every Chess960 start; the mirror against the oracle's (mirror.tsv), twice the identity.
#define BOOST_TEST_MODULE book
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdint>
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
    std::vector<Diagnostic> errors;
    std::vector<Diagnostic> warnings;
    BOOST_REQUIRE_MESSAGE(judge_record(text, options, record, errors, warnings), text);
    return record.setup;
}

std::string converted(const std::string& text, const ConvertOptions& options)
{
    std::string out;
    std::vector<Diagnostic> errors;
    std::vector<Diagnostic> warnings;
    BOOST_REQUIRE_MESSAGE(convert_record(text, options, out, errors, warnings), text);
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
