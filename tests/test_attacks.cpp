// The move generator's attack tables: the constants every build but the WebAssembly one uses
// (attack_tables.cpp, written by scripts/gen_attack_tables.py) against the tables computed as the
// WebAssembly build computes them (compute_attack_tables): field by field, each square's slice whole.
#define BOOST_TEST_MODULE attacks
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <memory>
#include <vector>

#include "core/attacks.hpp"

namespace {

using fen960::Bitboard;
using fen960::detail::AttackTables;
using fen960::detail::Magic;

void check_magics(const std::array<Magic, 64>& constant, const std::array<Magic, 64>& computed, const char* slider)
{
    for (std::size_t s = 0; s < 64; ++s) {
        BOOST_TEST_CONTEXT(slider << " square " << s)
        {
            const Magic& a = constant[s];
            const Magic& b = computed[s];
            BOOST_TEST(a.mask == b.mask);
            BOOST_TEST(a.magic == b.magic);
            BOOST_REQUIRE_EQUAL(a.shift, b.shift);
            std::size_t const size = std::size_t{1} << (64 - a.shift);
            BOOST_TEST(std::vector<Bitboard>(a.attacks, a.attacks + size) ==
                           std::vector<Bitboard>(b.attacks, b.attacks + size),
                       boost::test_tools::per_element());
        }
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(attack_tables_are_computed)
{
    fen960::detail::init_attacks();
    const AttackTables& constant = fen960::detail::attack_tables;
    auto computed = std::make_unique<AttackTables>();
    std::vector<Bitboard> rook(fen960::detail::rook_table_size, 1);
    std::vector<Bitboard> bishop(fen960::detail::bishop_table_size, 1);
    fen960::detail::compute_attack_tables(*computed, rook.data(), bishop.data());
    check_magics(constant.rook, computed->rook, "rook");
    check_magics(constant.bishop, computed->bishop, "bishop");
    BOOST_TEST(constant.rook_ray == computed->rook_ray);
    BOOST_TEST(constant.bishop_ray == computed->bishop_ray);
    BOOST_TEST(constant.knight == computed->knight);
    BOOST_TEST(constant.king == computed->king);
    BOOST_TEST(constant.pawn == computed->pawn);
    BOOST_TEST(constant.reach == computed->reach);
    BOOST_TEST(constant.between == computed->between);
    BOOST_TEST(constant.line == computed->line);
}

// A few entries known by hand, so that the two sides cannot agree on a wrong table.
BOOST_AUTO_TEST_CASE(attack_tables_known_entries)
{
    using namespace fen960::detail;
    init_attacks();
    auto const sq = [](char file, int rank) { return (rank - 1) * 8 + (file - 'a'); };
    auto const bb = [&sq](std::initializer_list<std::pair<char, int>> squares) {
        Bitboard b = 0;
        for (auto [f, r] : squares)
            b |= Bitboard{1} << sq(f, r);
        return b;
    };
    // Rook on d4, blockers on d6 and f4: up to d6, right to f4, down and left to the edge.
    BOOST_TEST(rook_attacks(sq('d', 4), bb({{'d', 6}, {'f', 4}})) ==
               bb({{'d', 5}, {'d', 6}, {'e', 4}, {'f', 4}, {'d', 3}, {'d', 2}, {'d', 1}, {'c', 4}, {'b', 4}, {'a', 4}}));
    // Bishop on c1, a blocker on e3: b2, a3, d2, e3.
    BOOST_TEST(bishop_attacks(sq('c', 1), bb({{'e', 3}})) == bb({{'b', 2}, {'a', 3}, {'d', 2}, {'e', 3}}));
    BOOST_TEST(knight_attacks(sq('a', 1)) == bb({{'b', 3}, {'c', 2}}));
    BOOST_TEST(between(sq('a', 1), sq('d', 4)) == bb({{'b', 2}, {'c', 3}}));
    BOOST_TEST(between(sq('a', 1), sq('b', 3)) == Bitboard{0});
    BOOST_TEST(line(sq('b', 2), sq('c', 3)) == bb({{'a', 1}, {'b', 2}, {'c', 3}, {'d', 4}, {'e', 5}, {'f', 6}, {'g', 7}, {'h', 8}}));
}
