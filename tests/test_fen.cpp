// Reading and writing records against independent expectations: the castling vectors gathered from
// other projects, the oracle's conversion table in every dialect and en-passant mode, round trips,
// and golden messages for malformed records.
#define BOOST_TEST_MODULE fen
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "fen960/convert.hpp"
#include "fen960/fen.hpp"
#include "test_data.hpp"

using namespace fen960;
using fen960::test::Table;

namespace {

struct Converted {
    bool ok = false;
    std::string text; // the record, or the errors joined by "; "
    std::vector<Diagnostic> warnings;
};

Converted convert(const std::string& input, Dialect to, std::optional<EnPassantMode> ep = std::nullopt,
                  bool repair = false, InputDialect from = InputDialect::automatic)
{
    Converted c;
    std::vector<Diagnostic> errors;
    c.ok = convert_record(input, ConvertOptions{to, from, ep, repair}, c.text, errors, c.warnings);
    for (const Diagnostic& e : errors)
        c.text += (c.text.empty() ? "" : "; ") + e.message;
    return c;
}

InputDialect input_dialect(const std::string& name)
{
    if (name == "fen")
        return InputDialect::fen;
    if (name == "shredder")
        return InputDialect::shredder;
    BOOST_REQUIRE_EQUAL(name, "xfen");
    return InputDialect::xfen;
}

} // namespace

BOOST_AUTO_TEST_SUITE(castling_vectors)

// Every row: the expected Shredder-FEN and X-FEN. Rows whose rights name absent rooks are errors
// unless repaired, and repairing them gives the expectation with a warning per dropped right.
BOOST_AUTO_TEST_CASE(every_row)
{
    Table const table("fen/castling-vectors.tsv");
    BOOST_TEST(table.size() == 55u);
    int repaired = 0;
    for (std::size_t i = 0; i < table.size(); ++i) {
        std::string const& input = table.at(i, "input");
        BOOST_TEST_CONTEXT("row " << i + 1 << ": " << input)
        {
            for (auto [column, dialect] : {std::pair{"expected_shredder", Dialect::shredder},
                                           std::pair{"expected_xfen", Dialect::xfen}}) {
                std::string const& expected = table.at(i, column);
                Converted const strict = convert(input, dialect);
                if (expected == "ERROR") {
                    BOOST_TEST(!strict.ok);
                    continue;
                }
                if (strict.ok) {
                    BOOST_TEST(strict.text == expected);
                    BOOST_TEST(strict.warnings.empty());
                    continue;
                }
                Converted const fixed = convert(input, dialect, std::nullopt, true);
                BOOST_TEST(fixed.ok);
                BOOST_TEST(fixed.text == expected);
                BOOST_TEST(!fixed.warnings.empty());
                ++repaired;
            }
        }
    }
    // Three rows name rooks that are not there (each checked in both dialects).
    BOOST_TEST(repaired == 6);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(oracle_convert)

// All nine columns: three dialects, three en-passant modes; '!' marks a record standard FEN cannot
// express. Read both as the stated input dialect and with automatic detection.
BOOST_AUTO_TEST_CASE(every_row_every_column)
{
    Table const table("oracle/convert.tsv");
    BOOST_TEST(table.size() == 2000u);
    std::size_t checked = 0;
    for (std::size_t i = 0; i < table.size(); ++i) {
        std::string const& input = table.at(i, "input_fen");
        InputDialect const stated = input_dialect(table.at(i, "input_dialect"));
        for (auto [dname, dialect] : {std::pair{"fen", Dialect::fen}, std::pair{"shredder", Dialect::shredder},
                                      std::pair{"xfen", Dialect::xfen}}) {
            for (auto [mname, mode] : {std::pair{"keep", EnPassantMode::keep}, std::pair{"pseudo", EnPassantMode::pseudo},
                                       std::pair{"legal", EnPassantMode::legal}}) {
                std::string const column = std::string(dname) + "_" + mname;
                std::string const& expected = table.at(i, column);
                for (InputDialect from : {stated, InputDialect::automatic}) {
                    BOOST_TEST_CONTEXT("row " << table.at(i, "id") << " " << column << ": " << input)
                    {
                        Converted const c = convert(input, dialect, mode, false, from);
                        if (expected == "!") {
                            BOOST_TEST(!c.ok);
                            BOOST_TEST(c.text.find("standard FEN") != std::string::npos);
                        } else {
                            BOOST_TEST(c.ok);
                            BOOST_TEST(c.text == expected);
                        }
                    }
                    ++checked;
                }
            }
        }
    }
    BOOST_TEST(checked == 2000u * 9 * 2);
}

// The dialect defaults: keep for fen and shredder, pseudo for xfen.
BOOST_AUTO_TEST_CASE(default_en_passant_modes)
{
    Table const table("oracle/convert.tsv");
    for (std::size_t i = 0; i < table.size(); ++i) {
        std::string const& input = table.at(i, "input_fen");
        for (auto [dialect, column] : {std::pair{Dialect::fen, "fen_keep"}, std::pair{Dialect::shredder, "shredder_keep"},
                                       std::pair{Dialect::xfen, "xfen_pseudo"}}) {
            std::string const& expected = table.at(i, column);
            Converted const c = convert(input, dialect);
            BOOST_TEST(c.ok == (expected != "!"), "row " << i + 1 << " " << column);
            if (c.ok)
                BOOST_TEST(c.text == expected);
        }
    }
}

// Parsing each rendering of a valid record gives the same model.
BOOST_AUTO_TEST_CASE(round_trip)
{
    Table const table("oracle/convert.tsv");
    for (std::size_t i = 0; i < table.size(); ++i) {
        auto original = parse_fen(table.at(i, "input_fen"));
        BOOST_REQUIRE(original);
        for (Dialect d : {Dialect::fen, Dialect::shredder, Dialect::xfen}) {
            auto text = emit_fen(original->setup, {d, EnPassantMode::keep});
            if (!text) {
                BOOST_TEST((d == Dialect::fen && table.at(i, "needs960") == "1"));
                continue;
            }
            InputDialect const from = d == Dialect::fen ? InputDialect::fen
                                      : d == Dialect::shredder ? InputDialect::shredder
                                                               : InputDialect::xfen;
            auto again = parse_fen(*text, from);
            if (!again)
                BOOST_FAIL(*text << ": " << again.error().message);
            BOOST_TEST((again->setup == original->setup), "row " << i + 1 << " via " << name(d) << ": " << *text);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
