// The FEN grammar's fast passes against plain readings written here, on every record of the oracle's
// conversion table and EPD table and on every one-byte change of many of them (a byte replaced,
// removed or added): a fast pass may only accept what the plain reading accepts, with the same fields
// and the same end, and it must accept every well-formed field (else records would take the slower
// exact rules).
// - the placement field (grammars/fen/placement.hpp), read square by square;
// - the fields after it in their common shapes (grammars/fen/tail.hpp), read with regular
//   expressions, operations after them included;
// - whole records: the reading with the fast passes (fen_syntax::parse) and the grammar's alone
//   (fen_syntax::parse_exact) give the same fields, or the same error at the same column;
// - operation lists: the fast pass (grammars/fen/operations_fast.hpp) says a list parses only when
//   the grammar parses it, and, without an escape in the list, whenever it does.
#define BOOST_TEST_MODULE fen_fast
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <numeric>
#include <optional>
#include <regex>
#include <string>
#include <string_view>

#include "fen/operations_fast.hpp"
#include "fen/placement.hpp"
#include "fen/syntax.hpp"
#include "fen/tail.hpp"
#include "test_data.hpp"

namespace {

using Squares = std::array<std::uint64_t, 12>; // of each letter of PNBRQKpnbrqk

// The field up to its first space, read square by square; nullopt if it is not eight ranks of
// eight squares with no two digits in a row.
std::optional<Squares> plain_reading(std::string_view text)
{
    std::string_view const field = text.substr(0, text.find(' '));
    std::string_view const letters = "PNBRQKpnbrqk";
    Squares squares{};
    int rank = 7;
    int file = 0;
    bool after_digit = false;
    for (char const c : field) {
        if (auto const k = letters.find(c); k != std::string_view::npos) {
            if (file == 8)
                return std::nullopt;
            squares[k] |= std::uint64_t{1} << (rank * 8 + file);
            ++file;
            after_digit = false;
        } else if (c >= '1' && c <= '8') {
            if (after_digit || file + (c - '0') > 8)
                return std::nullopt;
            file += c - '0';
            after_digit = true;
        } else if (c == '/') {
            if (file != 8 || rank == 0)
                return std::nullopt;
            --rank;
            file = 0;
            after_digit = false;
        } else {
            return std::nullopt;
        }
    }
    if (rank != 0 || file != 8)
        return std::nullopt;
    return squares;
}

struct Counts {
    std::size_t checked = 0;
    std::size_t accepted = 0;
};

// Every text one byte away from `text`: each byte removed, and each byte of `alphabet` added before
// each position or put in place of each byte.
template <typename Check>
void for_each_one_byte_change(const std::string& text, const std::string& alphabet, Check check)
{
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size())
            check(text.substr(0, i) + text.substr(i + 1));
        for (char const c : alphabet) {
            check(text.substr(0, i) + c + text.substr(i));
            if (i < text.size()) {
                std::string changed = text;
                changed[i] = c;
                check(changed);
            }
        }
    }
}

// One text through both readings of the placement.
void compare(const std::string& text, Counts& counts)
{
    char const* first = text.data();
    fen960::fen_ast::Placement placement;
    bool const fast = fen960::fen_grammar::detail::parse_placement_fast(first, text.data() + text.size(), placement);
    auto const plain = plain_reading(text);
    ++counts.checked;
    BOOST_TEST_INFO("text: '" << text << "'");
    BOOST_TEST(fast == plain.has_value());
    if (fast && plain) {
        ++counts.accepted;
        for (std::size_t k = 0; k < 6; ++k) {
            BOOST_TEST(placement.roles[k] == ((*plain)[k] | (*plain)[k + 6]));
            BOOST_TEST((placement.colors[0] & placement.roles[k]) == (*plain)[k]);
            BOOST_TEST((placement.colors[1] & placement.roles[k]) == (*plain)[k + 6]);
        }
        BOOST_TEST((placement.colors[0] | placement.colors[1]) ==
                   std::accumulate(plain->begin(), plain->end(), std::uint64_t{0}, std::bit_or<>()));
        BOOST_TEST(!(placement.colors[0] & placement.colors[1]));
        BOOST_TEST(static_cast<std::size_t>(first - text.data()) == std::min(text.find(' '), text.size()));
    }
}

// The field with what follows it in a record: nothing (the fast pass then finds the text's end in
// its last 16 bytes, read again from where they start), the other fields, or more than the 80 bytes
// it looks at for the field's end.
void compare_in_contexts(const std::string& field, Counts& counts)
{
    compare(field, counts);
    compare(field + " w - - 0 1", counts);
    compare(field + " " + std::string(100, 'x'), counts);
}

fen960::test::Table const& table()
{
    static fen960::test::Table const t("oracle/convert.tsv");
    return t;
}

std::string board_of(std::size_t row)
{
    std::string const record = table().at(row, "input_fen");
    return record.substr(0, record.find(' '));
}

// What follows the board in a record of the table, from its space on.
std::string tail_of(std::size_t row)
{
    std::string const record = table().at(row, "input_fen");
    return record.substr(record.find(' '));
}

fen960::test::Table const& epd_table()
{
    static fen960::test::Table const t("oracle/epd.tsv", fen960::test::Comments::none);
    return t;
}

// The EPD table's records (not its blank and comment lines).
std::vector<std::string> epd_records()
{
    std::vector<std::string> records;
    for (std::size_t row = 0; row < epd_table().size(); ++row) {
        std::string const& input = epd_table().at(row, "input");
        std::size_t const first = input.find_first_not_of(" \t");
        if (first != std::string::npos && input[first] != '#')
            records.push_back(input);
    }
    return records;
}

struct TailReading {
    char side;
    std::string castling;
    std::string en_passant;
    std::optional<std::pair<std::uint64_t, std::uint64_t>> clocks;
    std::string rest;
};

// The common shapes by regular expressions, with the clocks' ranges: single spaces between the
// fields; then the end, or operations: a ';' or a space and a byte that is no white space, and
// anything up to an end that is no carriage return. Four fields followed by a token that might be
// a halfmove clock after all (`- 0`, `- x 1`, `- x 1 `, `- +1 1`) are not the common shape.
std::optional<TailReading> plain_tail(const std::string& text)
{
    static std::regex const shape(
        R"(^ ([wb]) (-|[KQkqA-Ha-h]+) (-|[a-h][1-8])(?: ([0-9]+) ([0-9]+))?((?:;| [^ \t\r])[\s\S]*)?$)");
    static std::regex const clock_like(R"(^ (?:[+\-0-9]|[^ \t;]+(?:\t| $| [ \t]| [0-9]+(?:[ \t\r]|$))))");
    std::smatch m;
    if (!std::regex_match(text, m, shape))
        return std::nullopt;
    TailReading r{m[1].str()[0], m[2].str(), m[3].str(), std::nullopt, m[6].str()};
    if (!r.rest.empty() && r.rest.back() == '\r')
        return std::nullopt;
    if (m[4].matched) {
        auto value = [](const std::string& digits) -> std::uint64_t {
            std::string const significant = digits.substr(std::min(digits.find_first_not_of('0'), digits.size()));
            return significant.size() > 10 ? ~std::uint64_t{0} : std::stoull("0" + significant);
        };
        std::uint64_t const half = value(m[4].str());
        std::uint64_t const full = value(m[5].str());
        if (half > 0x7fffffff || full < 1 || full > 0x7fffffff)
            return std::nullopt;
        r.clocks = std::make_pair(half, full);
    } else if (std::regex_search(r.rest, clock_like)) {
        return std::nullopt;
    }
    return r;
}

void compare_tail(const std::string& text, Counts& counts)
{
    char const* first = text.data();
    fen960::fen_ast::Tail tail;
    bool const fast = fen960::fen_grammar::detail::parse_tail_fast(first, text.data() + text.size(), tail);
    auto const plain = plain_tail(text);
    ++counts.checked;
    BOOST_TEST_INFO("text: '" << text << "'");
    BOOST_TEST(fast == plain.has_value());
    if (fast && plain) {
        ++counts.accepted;
        BOOST_TEST(first == text.data() + text.size());
        BOOST_TEST(tail.side == plain->side);
        BOOST_TEST(std::string(tail.castling.begin(), tail.castling.end()) == plain->castling);
        BOOST_TEST(std::string(tail.en_passant.begin(), tail.en_passant.end()) == plain->en_passant);
        BOOST_TEST(tail.clocks.has_value() == plain->clocks.has_value());
        if (tail.clocks && plain->clocks) {
            BOOST_TEST(tail.clocks->halfmove == plain->clocks->first);
            BOOST_TEST(tail.clocks->fullmove == plain->clocks->second);
        }
        BOOST_TEST(std::string(tail.rest.begin(), tail.rest.end()) == plain->rest);
        if (!plain->rest.empty())
            BOOST_TEST(tail.rest.end() == text.data() + text.size());
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(every_oracle_board_reads_as_square_by_square)
{
    Counts counts;
    for (std::size_t row = 0; row < table().size(); ++row)
        compare_in_contexts(board_of(row), counts);
    BOOST_TEST(counts.accepted == counts.checked); // all of them are well-formed
    BOOST_TEST(counts.checked == 3 * table().size());
}

BOOST_AUTO_TEST_CASE(every_one_byte_change_reads_as_square_by_square)
{
    std::string const alphabet = "PNBRQKpnbrqkx0123456789/ \t\r-";
    Counts counts;
    for (std::size_t row = 0; row < table().size(); row += 20) {
        std::string const board = board_of(row);
        for_each_one_byte_change(board, alphabet, [&](const std::string& text) { compare_in_contexts(text, counts); });
    }
    // Both kinds occur: changes that keep a board well-formed (a piece letter for another) and
    // changes that break it.
    BOOST_TEST(counts.accepted > 1000u);
    BOOST_TEST(counts.checked - counts.accepted > 100000u);
}

BOOST_AUTO_TEST_CASE(fields_at_the_limits)
{
    Counts counts;
    std::string const full = "rnbqkbnr/rnbqkbnr/rnbqkbnr/rnbqkbnr/RNBQKBNR/RNBQKBNR/RNBQKBNR/RNBQKBNR";
    BOOST_TEST(full.size() == 71u);
    for (std::string const& field : std::initializer_list<std::string>{
             full, full + "R", full + "/", "8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8", "44/8/8/8/8/8/8/8",
          "8/8/8/8/8/8/8/44", "8/8/8/8/8/8/8/71", "7/8/8/8/8/8/8/9", "8/8/8/8/8/8/8/k6K", "8/8/8/8/8/8/8/k7",
          "8/8/8/8/8/8/8/7k", "8//8/8/8/8/8/8/8", "/8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/8/", "", "/", "k", "0/8/8/8/8/8/8/8",
          "8/8/8/8/8/8/8/P7", "ppppppppp/8/8/8/8/8/8/8", "1111111/8/8/8/8/8/8/8"})
        compare_in_contexts(field, counts);
    BOOST_TEST(counts.accepted == 3 * 6u); // full, the empty board and the four with pieces on rank 1
}

BOOST_AUTO_TEST_CASE(every_oracle_tail_reads_as_the_regular_expression)
{
    Counts counts;
    for (std::size_t row = 0; row < table().size(); ++row) {
        std::string const tail = tail_of(row);
        compare_tail(tail, counts);
        compare_tail(tail.substr(0, tail.rfind(' ', tail.rfind(' ') - 1)), counts); // without clocks
    }
    BOOST_TEST(counts.accepted == counts.checked);
}

BOOST_AUTO_TEST_CASE(every_one_byte_change_of_a_tail_reads_as_the_regular_expression)
{
    std::string const alphabet = "wbKQkqAHahx-0123456789 \t\r/";
    Counts counts;
    for (std::size_t row = 0; row < table().size(); row += 20) {
        std::string const tail = tail_of(row);
        for_each_one_byte_change(tail, alphabet, [&](const std::string& text) { compare_tail(text, counts); });
    }
    BOOST_TEST(counts.accepted > 1000u);
    BOOST_TEST(counts.checked - counts.accepted > 10000u);
}

BOOST_AUTO_TEST_CASE(tails_at_the_limits)
{
    Counts counts;
    for (std::string const& text : std::initializer_list<std::string>{
             " w - - 0 1", " b KQkq e3 2147483647 2147483647", " w - - 2147483648 1", " w - - 0 2147483648",
             " w - - 0 0", " w - - 00000000000000000000001 1", " w - - 99999999999999999999999 1", " w - -",
             " w - - ", " w - - 0", " w - - 0 ", " w - - 0 1 ", " w - - 0 1\r", " w  - - 0 1", " w - e 0 1",
             " w - e9 0 1", " w -K - 0 1", " w HAha -", " w HAhaHAhaHAhaHAha - 0 1", "", " ", " w", " w -", " w - ",
             " x - - 0 1", " w - - -1 1", " w - - +1 1"})
        compare_tail(text, counts);
    BOOST_TEST(counts.accepted == 6u);
}

// Operations after the fields, in the shapes of real files and just outside them.
BOOST_AUTO_TEST_CASE(tails_with_operations)
{
    Counts counts;
    for (std::string const& text : std::initializer_list<std::string>{
             " w - - 0 1 ;D1 20 ;D2 400", " w - - 0 1;", " w - - 0 1;D1 20", " w - - 0 1; D1 20; D2 400;",
             " w - - bm Nf3; id \"x\";", " w - - ; bm Qd1 + ; id BK.01", " w - -;D1 20", " w - - hmvc 0; fmvn 1;",
             " w - - 0 4 bm a2a3", " w - - bm a3; 1. a3 wins", " w - - 0 1 ;D1 20\tx", " w - - 0 1 ;D1 20 ",
             " w - - id 3x", " w - - id 3;",
             // not the common shape
             " w - -  0 1", " w - - 0 1  ;D1 20", " w - - 0 1 ;D1 20\r", " w - - x 1", " w - - x 1 ",
             " w - - hmvc 0", " w - - x\t1", " w - - x  1", " w - - +1", " w - - 0 1 ", " w - - \t;", " w - -\t;",
             " w - - 0 1\t;D1"})
        compare_tail(text, counts);
    BOOST_TEST(counts.accepted == 14u);
}

BOOST_AUTO_TEST_CASE(every_epd_tail_and_one_byte_change_reads_as_the_regular_expressions)
{
    std::string const alphabet = "wb-0123456789 \t\r;\"xhmvc";
    Counts counts;
    std::vector<std::string> const records = epd_records();
    for (std::size_t i = 0; i < records.size(); ++i) {
        std::string const tail = records[i].substr(records[i].find(' '));
        compare_tail(tail, counts);
        if (i % 10 == 0)
            for_each_one_byte_change(tail, alphabet, [&](const std::string& text) { compare_tail(text, counts); });
    }
    BOOST_TEST(counts.accepted > 1000u);
    BOOST_TEST(counts.checked - counts.accepted > 1000u);
}

namespace {

void compare_record(const std::string& text, Counts& counts)
{
    namespace syntax = fen960::fen_syntax;
    syntax::Fields fast;
    syntax::Fields exact;
    syntax::Error fast_error;
    syntax::Error exact_error;
    bool const fast_ok = syntax::parse(text, fast, fast_error);
    bool const exact_ok = syntax::parse_exact(text, exact, exact_error);
    ++counts.checked;
    BOOST_TEST_INFO("text: '" << text << "'");
    BOOST_TEST(fast_ok == exact_ok);
    if (fast_ok && exact_ok) {
        ++counts.accepted;
        BOOST_TEST(fast.colors == exact.colors);
        BOOST_TEST(fast.roles == exact.roles);
        BOOST_TEST(fast.placement_text == exact.placement_text);
        BOOST_TEST(fast.placement_text.data() == exact.placement_text.data());
        BOOST_TEST(fast.side == exact.side);
        BOOST_TEST(fast.castling == exact.castling);
        BOOST_TEST(fast.castling.data() == exact.castling.data());
        BOOST_TEST(fast.en_passant == exact.en_passant);
        BOOST_TEST(fast.en_passant.data() == exact.en_passant.data());
        BOOST_TEST(fast.has_clocks == exact.has_clocks);
        BOOST_TEST(fast.halfmove == exact.halfmove);
        BOOST_TEST(fast.fullmove == exact.fullmove);
        BOOST_TEST(fast.rest == exact.rest);
        if (!exact.rest.empty())
            BOOST_TEST(fast.rest.data() == exact.rest.data());
    } else if (!fast_ok && !exact_ok) {
        BOOST_TEST(fast_error.offset == exact_error.offset);
        BOOST_TEST(fast_error.message == exact_error.message);
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(every_record_and_one_byte_change_reads_as_by_the_grammar_alone)
{
    std::string const alphabet = "PpKkQqRrHhAaw-0189/ \t\r";
    Counts counts;
    for (std::size_t row = 0; row < table().size(); ++row)
        compare_record(table().at(row, "input_fen"), counts);
    BOOST_TEST(counts.accepted == table().size());
    for (std::size_t row = 0; row < table().size(); row += 80) {
        std::string const record = table().at(row, "input_fen");
        for_each_one_byte_change(record, alphabet, [&](const std::string& text) { compare_record(text, counts); });
    }
    BOOST_TEST(counts.accepted > 1000u);
    BOOST_TEST(counts.checked - counts.accepted > 10000u);
}

BOOST_AUTO_TEST_CASE(every_epd_record_and_one_byte_change_reads_as_by_the_grammar_alone)
{
    std::string const alphabet = "Kk-019 \t\r;\"hx";
    Counts counts;
    std::vector<std::string> const records = epd_records();
    for (std::size_t i = 0; i < records.size(); ++i) {
        compare_record(records[i], counts);
        if (i % 12 == 0)
            for_each_one_byte_change(records[i], alphabet, [&](const std::string& text) { compare_record(text, counts); });
    }
    BOOST_TEST(counts.accepted > 1000u);
    BOOST_TEST(counts.checked - counts.accepted > 1000u);
}

namespace {

// One list through the fast pass and the grammar.
void compare_operations(const std::string& text, Counts& counts)
{
    namespace syntax = fen960::fen_syntax;
    std::vector<syntax::Operation> items;
    syntax::Error error;
    bool const fast = fen960::fen_grammar::detail::operations_parse_fast(text);
    bool const exact = syntax::parse_operations(text, items, error);
    ++counts.checked;
    BOOST_TEST_INFO("operations: '" << text << "'");
    if (fast)
        BOOST_TEST(exact);
    if (text.find('\\') == std::string::npos)
        BOOST_TEST(fast == exact);
    if (exact)
        ++counts.accepted;
}

} // namespace

BOOST_AUTO_TEST_CASE(operation_lists_parse_fast_exactly_when_they_parse)
{
    Counts counts;
    for (std::string const& text : std::initializer_list<std::string>{
             "", " ", ";", ";;", " ; ;", "bm e4", "bm e4;", ";D1 20 ;D2 400", "; D1 20; D2 400;", "c0 \"a; b\";",
             "c0 \"a; b", "c0 \"a\\\" b\";", "c0 \"a\\\" b;", "id a\"b", "id \"a\"b\"c", "id \"a\"\"b", "0", "1. e4",
             "; 1. e4", "é", "abcdefghijklmnop", "abcdefghijklmno", "bm!", "bm;", "_x", "x_1 2", "\"x\"", "; \"x",
             "; \"x\"", "a \"", "a b\"", "a\t\"b\""})
        compare_operations(text, counts);
    std::string const alphabet = "; \t\"\\a0é";
    for (const std::string& record : epd_records()) {
        fen960::fen_syntax::Fields fields;
        fen960::fen_syntax::Error error;
        if (!fen960::fen_syntax::parse(record, fields, error) || fields.rest.empty())
            continue;
        std::string const rest(fields.rest);
        compare_operations(rest, counts);
        for_each_one_byte_change(rest.substr(0, 40), alphabet, [&](const std::string& text) { compare_operations(text, counts); });
    }
    BOOST_TEST(counts.accepted > 1000u);
    BOOST_TEST(counts.checked - counts.accepted > 1000u);
}
