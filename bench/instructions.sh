#!/usr/bin/env bash
# Instructions per record and per ply (callgrind), for one or more fen960 binaries on the same inputs:
# the figures bench/convert.sh and bench/pgn.sh print, without their timed runs. The count does not
# change with the machine's load, so two versions compare exactly:
#   bench/instructions.sh OLD/fen960 NEW/fen960
# Inputs: the first 100,000 of convert.sh's records and the first 2,000 of pgn.sh's Chess960 games
# (same seeds, so the figures match theirs), written by this tree's generators.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is needed" >&2; exit 2; }
[ $# -ge 1 ] || { echo "usage: bench/instructions.sh BINARY..." >&2; exit 2; }
build=build-bench
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DFEN960_BENCH=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target gen_records fen960_lib fen960_grammars >/dev/null
lib=$(find "$build/lib" -maxdepth 1 -name "libfen960*.a" | head -1)
data=$build/bench-data
mkdir -p "$data"
[ -x "$build/pgn_gen" ] || c++ -std=c++20 -O2 -Ilib/include bench/pgn_gen.cpp "$lib" "$build/grammars/libfen960_grammars.a" -o "$build/pgn_gen"
records=$data/instructions-100000.shredder
[ -s "$records" ] || "$build/bench/gen_records" 1000000 960 shredder | head -100000 >"$records" || true
head -1 "$records" >"$records.first"
games=$data/chess960-20000-960.pgn
[ -s "$games" ] || "$build/pgn_gen" 20000 960 chess960 >"$games" 2>"$games.plies"
sample=$data/instructions-chess960-2000.pgn
awk '/^\[Event / { n++ } n <= 2000' "$games" >"$sample"
awk '/^\[Event / { n++ } n <= 1' "$games" >"$sample.first"

count() { # BINARY ARGS... < input: instructions of one run
    local bin=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$@" 2>&1 >/dev/null | awk '/Collected/ { print $NF }'
}
for bin in "$@"; do
    plies=$("$bin" pgn --positions --jobs 1 "$sample" 2>/dev/null | awk 'NF { l++ } !NF { g++ } END { print l - g }')
    first=$("$bin" pgn --positions --jobs 1 "$sample.first" 2>/dev/null | awk 'NF { l++ } !NF { g++ } END { print l - g }')
    c_all=$(count "$bin" convert --to xfen --jobs 1 <"$records")
    c_one=$(count "$bin" convert --to xfen --jobs 1 <"$records.first")
    p_all=$(count "$bin" pgn --positions --jobs 1 "$sample")
    p_one=$(count "$bin" pgn --positions --jobs 1 "$sample.first")
    r_all=$(count "$bin" pgn --jobs 1 "$sample")
    r_one=$(count "$bin" pgn --jobs 1 "$sample.first")
    awk -v name="$bin" -v ca="$c_all" -v co="$c_one" -v pa="$p_all" -v po="$p_one" -v ra="$r_all" -v ro="$r_one" \
        -v n="$((plies - first))" 'BEGIN {
        printf "%s\n  convert --to xfen: %6.0f instructions a record\n", name, (ca - co) / 99999
        printf "  pgn --positions:   %6.0f instructions a ply\n", (pa - po) / n
        printf "  pgn (rewrite):     %6.0f instructions a ply\n", (ra - ro) / n
    }'
done
