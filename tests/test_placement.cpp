// The placement field's fast pass (grammars/fen/placement.hpp) against a plain square-by-square
// reading written here: on every board of the oracle's conversion table and on every one-byte
// change of many of them (a byte replaced, removed or added), the fast pass may only accept what the
// plain reading accepts, with the same squares and the same end of field, and it must accept every
// well-formed field (else records would take the slow exact pass).
#define BOOST_TEST_MODULE placement
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "fen/placement.hpp"
#include "test_data.hpp"

namespace {

using Squares = std::array<std::uint64_t, 12>;

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

// One text through both readings.
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
        BOOST_TEST(placement.squares_of == *plain);
        BOOST_TEST(static_cast<std::size_t>(first - text.data()) == std::min(text.find(' '), text.size()));
    }
}

// The field with what follows it in a record: nothing, the other fields, or more than the fast
// pass's 80-byte window (which it then reads in place instead of copying).
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
        for (std::size_t i = 0; i <= board.size(); ++i) {
            if (i < board.size())
                compare_in_contexts(board.substr(0, i) + board.substr(i + 1), counts); // removed
            for (char const c : alphabet) {
                compare_in_contexts(board.substr(0, i) + c + board.substr(i), counts); // added
                if (i < board.size()) {
                    std::string changed = board;
                    changed[i] = c;
                    compare_in_contexts(changed, counts); // replaced
                }
            }
        }
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
