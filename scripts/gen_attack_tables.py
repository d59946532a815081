#!/usr/bin/env python3
"""Writes lib/src/core/attack_tables.cpp: the move generator's attack tables as constants.

The tables depend only on the magic multipliers (rook_magics and bishop_magics in
lib/src/core/attacks.cpp, read from there), so a program need not compute them when it starts: 0.75 ms
and 900 KB of pages to clear, a quarter of a one-record command's time then. The WebAssembly build
computes them instead (compute_attack_tables in attacks.cpp), and test_attacks holds the two equal.

Usage: scripts/gen_attack_tables.py [OUTPUT]   (default: lib/src/core/attack_tables.cpp)
Run it again after changing a multiplier or the layout of AttackTables.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = ROOT / "lib/src/core/attacks.cpp"
ROOK_STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_STEPS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING_STEPS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
MASK = (1 << 64) - 1


def multipliers(name):
    text = SOURCE.read_text()
    match = re.search(r"constexpr std::array<Bitboard, 64> " + name + r"\{(.*?)\};", text, re.S)
    if not match:
        sys.exit(f"{SOURCE}: no {name}")
    values = [int(v, 16) for v in re.findall(r"0x([0-9a-fA-F]+)ull", match.group(1))]
    if len(values) != 64:
        sys.exit(f"{SOURCE}: {name} has {len(values)} values, not 64")
    return values


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def bit(f, r):
    return 1 << (r * 8 + f)


def walk(s, occupied, steps):
    """A slider's attacks from s, each ray stopping at the first occupied square."""
    attacks = 0
    for df, dr in steps:
        f, r = s % 8 + df, s // 8 + dr
        while on_board(f, r):
            attacks |= bit(f, r)
            if occupied & bit(f, r):
                break
            f, r = f + df, r + dr
    return attacks


def relevant_mask(s, steps):
    """The squares whose occupancy matters: each ray without its last square."""
    mask = 0
    for df, dr in steps:
        f, r = s % 8 + df, s // 8 + dr
        while on_board(f + df, r + dr):
            mask |= bit(f, r)
            f, r = f + df, r + dr
    return mask


def jumps(s, steps):
    b = 0
    for df, dr in steps:
        if on_board(s % 8 + df, s // 8 + dr):
            b |= bit(s % 8 + df, s // 8 + dr)
    return b


def magics(steps, magic_numbers, table_size):
    """Each square's (mask, multiplier, offset, shift) and the table of their slices."""
    table = [0] * table_size
    entries = []
    offset = 0
    for s in range(64):
        mask = relevant_mask(s, steps)
        bits = bin(mask).count("1")
        shift = 64 - bits
        magic = magic_numbers[s]
        subset = 0
        while True:
            attacks = walk(s, subset, steps)
            slot = offset + (((subset * magic) & MASK) >> shift)
            if table[slot] not in (0, attacks):
                sys.exit(f"magic multiplier of square {s} collides")
            table[slot] = attacks
            subset = (subset - mask) & mask
            if not subset:
                break
        entries.append((mask, magic, offset, shift))
        offset += 1 << bits
    if offset != table_size:
        sys.exit(f"table of {offset} entries, not {table_size}")
    return entries, table


def hexes(values, indent, per_line=6):
    lines = []
    for i in range(0, len(values), per_line):
        lines.append(indent + ", ".join(f"0x{v:x}ull" for v in values[i:i + per_line]) + ",")
    return "\n".join(lines)


def array(values, indent):
    return "{{\n" + hexes(values, indent + "    ") + "\n" + indent + "}}"


def main():
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "lib/src/core/attack_tables.cpp"
    if out.resolve() == SOURCE:
        sys.exit(f"{out}: the multipliers are read from it; not written over")
    rook, rook_table = magics(ROOK_STEPS, multipliers("rook_magics"), 102400)
    bishop, bishop_table = magics(BISHOP_STEPS, multipliers("bishop_magics"), 5248)
    rook_ray = [walk(s, 0, ROOK_STEPS) for s in range(64)]
    bishop_ray = [walk(s, 0, BISHOP_STEPS) for s in range(64)]
    knight = [jumps(s, KNIGHT_STEPS) for s in range(64)]
    king = [jumps(s, KING_STEPS) for s in range(64)]
    pawn = [[jumps(s, [(-1, 1), (1, 1)]) for s in range(64)], [jumps(s, [(-1, -1), (1, -1)]) for s in range(64)]]
    queen = [rook_ray[s] | bishop_ray[s] for s in range(64)]
    reach = [[0] * 64, knight, bishop_ray, rook_ray, queen, king]  # Role: pawn .. king
    between = [[0] * 64 for _ in range(64)]
    line = [[0] * 64 for _ in range(64)]
    for a in range(64):
        for b in range(64):
            if a == b:
                continue
            for steps in (ROOK_STEPS, BISHOP_STEPS):
                if not walk(a, 0, steps) & (1 << b):
                    continue
                between[a][b] = walk(a, 1 << b, steps) & walk(b, 1 << a, steps)
                line[a][b] = (walk(a, 0, steps) & walk(b, 0, steps)) | (1 << a) | (1 << b)

    def magic_rows(entries, table):
        return ",\n".join(f"        Magic{{0x{m:x}ull, 0x{k:x}ull, {table} + {o}, {sh}}}" for m, k, o, sh in entries)

    def nested(rows, indent):
        return "{{\n" + ",\n".join(indent + "    " + array(r, indent + "    ") for r in rows) + ",\n" + indent + "}}"

    text = f"""// Generated by scripts/gen_attack_tables.py from the magic multipliers in attacks.cpp: do not edit.
// The move generator's attack tables as constants (attacks.hpp): nothing to compute when a program
// starts. test_attacks's attack_tables_are_computed holds them equal to compute_attack_tables().
#include "core/attacks.hpp"

namespace fen960::detail {{

namespace {{

// clang-format off
constexpr std::array<Bitboard, rook_table_size> rook_table = {array(rook_table, "")};

constexpr std::array<Bitboard, bishop_table_size> bishop_table = {array(bishop_table, "")};

}} // namespace

constinit const AttackTables attack_tables = {{
    {{{{
{magic_rows(rook, "rook_table.data()")},
    }}}},
    {{{{
{magic_rows(bishop, "bishop_table.data()")},
    }}}},
    {array(rook_ray, "    ")},
    {array(bishop_ray, "    ")},
    {array(knight, "    ")},
    {array(king, "    ")},
    {nested(pawn, "    ")},
    {nested(reach, "    ")},
    {nested(between, "    ")},
    {nested(line, "    ")},
}};
// clang-format on

}} // namespace fen960::detail
"""
    # Whole or not at all: written beside it, then renamed over it.
    part = out.with_name(out.name + ".part")
    part.write_text(text)
    part.replace(out)


if __name__ == "__main__":
    main()
