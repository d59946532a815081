#!/usr/bin/env bash
# fen960 next to chess-library (Disservin's single header chess.hpp, MIT, the fastest C++ peer
# measured), the same jobs in the same run on one core (issue 29's table):
#   read each game and play every SAN move      peers read       | fen960 pgn --jobs 1 (also writes)
#   the same, writing the X-FEN after every ply peers positions  | fen960 pgn --positions --jobs 1
#   Shredder-FEN to X-FEN, 1,000,000 records    peers convert    | fen960 convert --to xfen --jobs 1
#   perft 5 of Kiwipete, bulk-counted           peers perft      | fen960 perft --jobs 1
#   20,000 UCI position lines, each move checked against the legal list
#                                               peers play       | fen960 play --jobs 1
# then the instructions per ply (callgrind) of the PGN jobs, fen960's and the peer's.
#   bench/peers.sh [CHESS_LIBRARY_DIR] [GAMES]
# CHESS_LIBRARY_DIR (default ../shared/anchors/chess-library from the tree's top) holds chess.hpp;
# without it the script says so and exits 0 (nothing needs it: it is a yardstick). The peer program
# (bench/peers.cpp) is built with -O3 -march=native, by c++ -std=c++17 (GCC 12 fails on the header
# in C++20 mode) or clang++. Times are the best of RUNS (default 5) runs of user+system CPU time, the
# commands taking turns run by run; the ratio is the peer's time over fen960's.
set -euo pipefail
cd "$(dirname "$0")/.."
peer_dir=$(realpath -m "${1:-../shared/anchors/chess-library}")
games=${2:-20000}
seed=960
runs=${RUNS:-5}
if [ ! -f "$peer_dir/chess.hpp" ]; then
    echo "bench/peers.sh: no chess.hpp in $peer_dir: skipped (give chess-library's directory as the first argument)"
    exit 0
fi

build=build-bench # shared with bench/instructions.sh
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DFEN960_BENCH=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target fen960 gen_records >/dev/null
fen960=$build/cli/fen960
lib=$(find "$build/lib" -maxdepth 1 -name "libfen960*.a" | head -1)
grammars=$build/grammars/libfen960_grammars.a
data=$build/bench-data
mkdir -p "$data"
[ -x "$build/pgn_gen" ] || c++ -std=c++20 -O2 -Ilib/include bench/pgn_gen.cpp "$lib" "$grammars" -o "$build/pgn_gen"
[ -x "$build/play_gen" ] || c++ -std=c++20 -O2 -Ilib/include bench/play_gen.cpp "$lib" "$grammars" -o "$build/play_gen"

# The peer: -march=native for the times; valgrind knows no AVX-512, so the instruction counts are of
# a second build for x86-64-v3 (AVX2) where the machine has it.
peer=$build/peers
peer_v3=$build/peers-v3
build_peer() { # OUTPUT ARCH
    c++ -std=c++17 -O3 -march="$2" -I"$peer_dir" bench/peers.cpp -o "$1" 2>/dev/null ||
        clang++ -std=c++20 -O3 -march="$2" -I"$peer_dir" bench/peers.cpp -o "$1"
}
[ "$peer" -nt bench/peers.cpp ] || build_peer "$peer" native
[ "$peer_v3" -nt bench/peers.cpp ] || build_peer "$peer_v3" x86-64-v3 || build_peer "$peer_v3" x86-64

pgn=$data/chess960-$games-$seed.pgn # the file bench/pgn.sh and bench/instructions.sh read
[ -s "$pgn" ] || "$build/pgn_gen" "$games" "$seed" chess960 >"$pgn" 2>"$pgn.plies"
plies=$(awk '{ print $2 }' "$pgn.plies")
records=$data/chess960-1000000-$seed.shredder
[ -s "$records" ] || "$build/bench/gen_records" 1000000 "$seed" shredder >"$records"
lines=$data/lines-20000-80-$seed.uci
[ -s "$lines" ] || "$build/play_gen" 20000 "$seed" 80 >"$lines"
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPPP/R3K2R w KQkq - 0 1"
cat "$pgn" "$records" "$lines" >/dev/null # into the page cache
echo "inputs: $games Chess960 games ($plies plies, $(du -h "$pgn" | cut -f1)), 1,000,000 records, 20,000 position lines of 80 moves"

# The peer must read what fen960 reads: every game and ply, every record.
peer_plies=$("$peer" read "$pgn" 2>&1 >/dev/null)
echo "chess-library read: $peer_plies"
[ "$("$peer" perft 5 "$kiwipete")" = "$("$fen960" perft 5 "$kiwipete")" ] || { echo "peers.sh: perft counts differ" >&2; exit 1; }

# measure CMD...: one run of CMD (stdout discarded) as "cpu wall", user+system CPU seconds and wall.
measure() {
    local TIMEFORMAT='%3U %3S %3R'
    { time "$@" >/dev/null 2>/dev/null || true; } 2>&1 | awk '{ printf "%.3f %.3f", $1 + $2, $3 }'
}
source bench/timing.sh
declare -A result
specs=(
    "pr=$peer read $pgn" "fr=$fen960 pgn --jobs 1 $pgn"
    "pp=$peer positions $pgn" "fp=$fen960 pgn --positions --jobs 1 $pgn"
    "pc=$peer convert $records" "fc=$fen960 convert --to xfen --en-passant legal --jobs 1 -f $records"
    "pk=$peer perft 5 $kiwipete" "fk=$fen960 perft --jobs 1 5 $kiwipete"
    "pl=$peer play $lines" "fl=$fen960 play --jobs 1 $lines"
)
for spec in "${specs[@]}"; do result[${spec%%=*}]=""; done
for _ in $(seq "$runs"); do
    for spec in "${specs[@]}"; do
        name=${spec%%=*}
        cmd=${spec#*=}
        if [ "${name#?}" = k ]; then # the FEN is one argument
            read -r -a words <<<"${cmd% "$kiwipete"}"
            line=$(measure "${words[@]}" "$kiwipete")
        else
            read -r -a words <<<"$cmd"
            line=$(measure "${words[@]}")
        fi
        result[$name]=$(better "${result[$name]}" "$line")
    done
done

echo
echo "| job | chess-library | fen960 | ratio |"
echo "| --- | --- | --- | --- |"
row() { # JOB PEER-NAME FEN960-NAME FEN960-LABEL
    awk -v j="$1" -v p="${result[$2]}" -v f="${result[$3]}" -v l="$4" 'BEGIN { split(p, a, " "); split(f, b, " ");
        printf "| %s | %.3f s | fen960 %s: %.3f s | %.2fx |\n", j, a[1], l, b[1], a[1] / b[1] }'
}
row "read each game, play every SAN move, write nothing" pr fr "pgn --jobs 1 (rewrite, which also writes every game)"
row "the same, writing the X-FEN after every ply" pp fp "pgn --positions --jobs 1"
row "Shredder-FEN to X-FEN, 1,000,000 records" pc fc "convert --jobs 1 --en-passant legal"
row "perft 5 of Kiwipete, bulk-counted" pk fk "perft --jobs 1"
row "20,000 UCI position lines, each move checked against the legal list" pl fl "play --jobs 1"

# Instructions per ply (callgrind, independent of the machine's load): the first 2,000 games less the
# first game alone (start-up and tables), as bench/instructions.sh counts them.
if command -v valgrind >/dev/null; then
    sample=$data/instructions-chess960-2000.pgn
    awk '/^\[Event / { n++ } n <= 2000' "$pgn" >"$sample"
    awk '/^\[Event / { n++ } n <= 1' "$pgn" >"$sample.first"
    count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/Collected/ { print $NF }'; }
    plies_of() { "$fen960" pgn --positions --jobs 1 "$1" 2>/dev/null | awk 'NF { l++ } !NF { g++ } END { print l - g }'; }
    n=$(($(plies_of "$sample") - $(plies_of "$sample.first")))
    per_ply() { # LABEL CMD... (the file last)
        local label=$1
        shift
        local all one
        all=$(count "$@" "$sample")
        one=$(count "$@" "$sample.first")
        awk -v l="$label" -v a="$all" -v b="$one" -v n="$n" 'BEGIN { printf "  %-44s %6.0f\n", l, (a - b) / n }'
    }
    echo
    echo "instructions per ply (callgrind, 2,000 games; the peer built for x86-64-v3):"
    per_ply "chess-library read and play" "$peer_v3" read
    per_ply "fen960 pgn --jobs 1 (rewrite)" "$fen960" pgn --jobs 1
    per_ply "chess-library read, play, write X-FEN" "$peer_v3" positions
    per_ply "fen960 pgn --positions --jobs 1" "$fen960" pgn --positions --jobs 1
fi
