// Attack tables computed from the ray definitions: the WebAssembly build's tables, and the twin of the
// constants the other builds use (attack_tables.cpp, which scripts/gen_attack_tables.py writes from the
// multipliers below). The magic multipliers were found offline by random trial (sparse xorshift
// candidates, fixed seed) and are checked again as the tables are filled (here and by the script), so
// a wrong constant fails loudly instead of giving wrong moves.
#include "core/attacks.hpp"

#include <algorithm>
#include <bit>
#include <initializer_list>
#include <stdexcept>
#include <string>

namespace fen960::detail {

namespace {

constexpr std::array<Bitboard, 64> rook_magics{
    0x1080004008801020ull, 0x0840092002c03000ull, 0x1900200010400900ull, 0x0880100008000480ull,
    0x4200100420080200ull, 0x8100020100080400ull, 0x0200040110886200ull, 0x0200008040220411ull,
    0x0404800084400220ull, 0x0000401000402000ull, 0x0086001081220440ull, 0x0408800800100280ull,
    0x000a001201040820ull, 0x8848800200840080ull, 0x4001000100040200ull, 0x0442000102105084ull,
    0x9080010020804100ull, 0x0040404000201009ull, 0x0000808010002009ull, 0x2200090021d00100ull,
    0x0008008008040080ull, 0x0004004002010040ull, 0x0011040008015042ull, 0x00000a0001768104ull,
    0x0000800080204009ull, 0x2010004140002001ull, 0x9800200280100080ull, 0x1000100080080080ull,
    0x0442000a00049020ull, 0x2100040080020080ull, 0x0800120400900148ull, 0x0010040a00128541ull,
    0x2800804000800030ull, 0x1010002000400041ull, 0x4000200011004100ull, 0x0610008410800800ull,
    0x0400802402800800ull, 0xc100020080800400ull, 0x0002000802000401ull, 0x0182085882000401ull,
    0x0220204000808000ull, 0x2860100040024022ull, 0x0001002004110040ull, 0x99101042000a0020ull,
    0x0004080004008080ull, 0x0010040002008080ull, 0x2012004881020004ull, 0x8300842444820011ull,
    0x0088403882010200ull, 0x0820400080210100ull, 0x0110910040a00300ull, 0x0801100280080480ull,
    0x0242009008200600ull, 0x1002000489500200ull, 0x0040800200010080ull, 0x0091800041000080ull,
    0x0000209300488001ull, 0x04c1002414824001ull, 0x020020000b001041ull, 0x7000100004200901ull,
    0x8002002004100802ull, 0x30010002084c0007ull, 0x0888221800813004ull, 0x4000002840840112ull};

constexpr std::array<Bitboard, 64> bishop_magics{
    0xa010041108003100ull, 0x006082020a002900ull, 0x6810010619200000ull, 0x08281a0520000408ull,
    0x0001104001000400ull, 0x0018901008048400ull, 0x00040a0210245280ull, 0x000200210808a402ull,
    0x9140048410821200ull, 0x0800091010820041ull, 0x20504804832202c0ull, 0x0100091401081000ull,
    0x8021011140000012ull, 0x0810020804450400ull, 0x208b0542109008a2ull, 0x0080084a08040204ull,
    0x0040e2a80811244cull, 0x2505022008008108ull, 0x0430220100420040ull, 0x010a040420220040ull,
    0x1105000290400000ull, 0x0093001200822120ull, 0x4000a62048043004ull, 0x280120048a015004ull,
    0x006090002a020814ull, 0x44042000240800d0ull, 0x01102800040a4400ull, 0x1004080080220040ull,
    0x0001001011004024ull, 0x0010044000805040ull, 0x0914041200820100ull, 0x0004821012821480ull,
    0x0024040500c05021ull, 0x0088611002080200ull, 0x0116080a00040020ull, 0x4000020080080080ull,
    0x2450450140840040ull, 0x0000880201484100ull, 0x0222020404020092ull, 0x8081110600002e00ull,
    0x2842101105000801ull, 0x1100809008001025ull, 0x00020202221c0400ull, 0x0422014022009020ull,
    0x0210046102100c00ull, 0xc004008082029102ull, 0x00aa461801101200ull, 0x0404080080201108ull,
    0x020542108c205002ull, 0x0410544804100100ull, 0x0040910841100000ull, 0x0400200042021100ull,
    0x00004204850400c0ull, 0x0200100410a42102ull, 0x1040020801210102ull, 0x0805040410420000ull,
    0x2884804130100200ull, 0x800c262201242000ull, 0x1058000194108800ull, 0x0014221054420204ull,
    0x0104000012a02200ull, 0x0200881003300100ull, 0x0140400202840100ull, 0x0402020801010201ull};

struct Step {
    int df;
    int dr;
};
constexpr std::array<Step, 4> rook_steps{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
constexpr std::array<Step, 4> bishop_steps{{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};

bool on_board(int f, int r)
{
    return f >= 0 && f < 8 && r >= 0 && r < 8;
}

Bitboard square_bit(int f, int r)
{
    return Bitboard{1} << (r * 8 + f);
}

// Attacks of a slider on `s` walking its rays square by square, each stopping at the first occupied square.
// The squares from each square to the edge in each direction (index direction(step)), on an empty
// board: walked once, so that slide() below is a few bit operations per direction.
constexpr std::size_t direction(Step step)
{
    return static_cast<std::size_t>((step.df + 1) * 3 + (step.dr + 1));
}

using Rays = std::array<std::array<Bitboard, 64>, 9>;

Rays walk_rays()
{
    Rays r{};
    for (const auto* steps : {&rook_steps, &bishop_steps})
        for (Step const step : *steps)
            for (int s = 0; s < 64; ++s)
                for (int f = s % 8 + step.df, rank = s / 8 + step.dr; on_board(f, rank);
                     f += step.df, rank += step.dr)
                    r[direction(step)][static_cast<std::size_t>(s)] |= square_bit(f, rank);
    return r;
}

// A slider's attacks from `s`: along each ray up to and including its first occupied square (the
// nearest is the lowest square on a ray going up the board, the highest on one going down).
Bitboard slide(const Rays& rays, int s, Bitboard occupied, const std::array<Step, 4>& steps)
{
    Bitboard attacks = 0;
    for (Step const step : steps) {
        const auto& ray_from = rays[direction(step)];
        Bitboard ray = ray_from[static_cast<std::size_t>(s)];
        if (Bitboard const blockers = ray & occupied) {
            bool const up = step.dr > 0 || (step.dr == 0 && step.df > 0);
            int const nearest = up ? std::countr_zero(blockers) : 63 - std::countl_zero(blockers);
            ray ^= ray_from[static_cast<std::size_t>(nearest)];
        }
        attacks |= ray;
    }
    return attacks;
}

Bitboard jumps(int s, std::initializer_list<Step> steps)
{
    Bitboard b = 0;
    for (Step const step : steps)
        if (on_board(s % 8 + step.df, s / 8 + step.dr))
            b |= square_bit(s % 8 + step.df, s / 8 + step.dr);
    return b;
}

// A square's occupancy bits that matter: its rays, without the board edge each ray runs into.
Bitboard relevant_mask(int s, const std::array<Step, 4>& steps)
{
    Bitboard mask = 0;
    for (Step const step : steps)
        for (int f = s % 8 + step.df, r = s / 8 + step.dr; on_board(f + step.df, r + step.dr);
             f += step.df, r += step.dr)
            mask |= square_bit(f, r);
    return mask;
}

void fill_magics(const Rays& rays, std::array<Magic, 64>& magics, const std::array<Bitboard, 64>& multipliers,
                 Bitboard* table, std::size_t table_size, const std::array<Step, 4>& steps)
{
    std::size_t offset = 0;
    for (int s = 0; s < 64; ++s) {
        Magic& m = magics[static_cast<std::size_t>(s)];
        m.mask = relevant_mask(s, steps);
        m.magic = multipliers[static_cast<std::size_t>(s)];
        m.shift = static_cast<unsigned>(64 - popcount(m.mask));
        m.attacks = table + offset;
        std::size_t const size = std::size_t{1} << popcount(m.mask);
        if (offset + size > table_size)
            throw std::logic_error("magic attack table too small");
        // Every subset of the mask (Carry-Rippler enumeration).
        Bitboard subset = 0;
        do {
            Bitboard const attacks = slide(rays, s, subset, steps);
            Bitboard& slot = table[offset + static_cast<std::size_t>(((subset * m.magic) >> m.shift))];
            if (slot != 0 && slot != attacks)
                throw std::logic_error("magic multiplier collides for square " + std::to_string(s));
            slot = attacks;
            subset = (subset - m.mask) & m.mask;
        } while (subset);
        offset += size;
    }
    if (offset != table_size)
        throw std::logic_error("magic attack table size mismatch");
}

} // namespace

void compute_attack_tables(AttackTables& t, Bitboard* rook, Bitboard* bishop)
{
    Rays const rays = walk_rays();
    std::fill_n(rook, rook_table_size, Bitboard{0}); // a zero slot is a free one
    std::fill_n(bishop, bishop_table_size, Bitboard{0});
    fill_magics(rays, t.rook, rook_magics, rook, rook_table_size, rook_steps);
    fill_magics(rays, t.bishop, bishop_magics, bishop, bishop_table_size, bishop_steps);
    for (int s = 0; s < 64; ++s) {
        auto const i = static_cast<std::size_t>(s);
        t.rook_ray[i] = slide(rays, s, 0, rook_steps);
        t.bishop_ray[i] = slide(rays, s, 0, bishop_steps);
        t.knight[i] = jumps(s, {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
        t.king[i] = jumps(s, {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
        t.pawn[0][i] = jumps(s, {{-1, 1}, {1, 1}});
        t.pawn[1][i] = jumps(s, {{-1, -1}, {1, -1}});
        t.reach[index(Role::pawn)][i] = 0;
        t.reach[index(Role::knight)][i] = t.knight[i];
        t.reach[index(Role::bishop)][i] = t.bishop_ray[i];
        t.reach[index(Role::rook)][i] = t.rook_ray[i];
        t.reach[index(Role::queen)][i] = t.rook_ray[i] | t.bishop_ray[i];
        t.reach[index(Role::king)][i] = t.king[i];
    }
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            auto const ia = static_cast<std::size_t>(a);
            auto const ib = static_cast<std::size_t>(b);
            t.between[ia][ib] = 0;
            t.line[ia][ib] = 0;
            if (a == b)
                continue;
            Bitboard const bb = Bitboard{1} << b;
            Bitboard const ba = Bitboard{1} << a;
            for (const auto* steps : {&rook_steps, &bishop_steps}) {
                if (!(slide(rays, a, 0, *steps) & bb))
                    continue;
                t.between[ia][ib] = slide(rays, a, bb, *steps) & slide(rays, b, ba, *steps);
                t.line[ia][ib] = (slide(rays, a, 0, *steps) & slide(rays, b, 0, *steps)) | ba | bb;
            }
        }
    }
}

#if defined(__EMSCRIPTEN__)
AttackTables attack_tables;

void init_attacks()
{
    static std::array<Bitboard, rook_table_size> rook_table;
    static std::array<Bitboard, bishop_table_size> bishop_table;
    static bool const filled = [] {
        compute_attack_tables(attack_tables, rook_table.data(), bishop_table.data());
        return true;
    }();
    (void)filled;
}
#endif

} // namespace fen960::detail
