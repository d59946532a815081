#!/usr/bin/env bash
# PGN import throughput and memory: writes 20,000 seeded random Chess960 games (FEN tags in X-FEN and
# Shredder-FEN, Variant spelt four ways) and 20,000 standard ones, then times `fen960 pgn --positions`
# and `fen960 pgn` next to pgn-extract on the same files in the same run (pgn-extract -s --fencomments,
# which also writes the FEN after every move, and pgn-extract -s, which also checks and rewrites every
# game), and prints plies per second on one core (--jobs 1) and the ratios, and the speed-up of
# --jobs with all cores (medians of 21 runs); then the peak memory of fen960 on the
# files, on ten times as much input and with the longest game allowed (it must not grow). Without
# pgn-extract its rows are left out, saying so.
#   bench/pgn.sh [GAMES] [SEED]
# Times are the best of five runs of user+system CPU time (the machine may be shared), the commands
# taking turns run by run; wall-clock seconds of that run are shown too.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20000}
seed=${2:-960}
build="build-bench-pgn"
runs=5
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
if [ ! -x "$pgn_extract" ]; then
    echo "pgn-extract is not installed (Debian: apt-get install pgn-extract): its rows are left out" >&2
    pgn_extract=""
fi

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target fen960 >/dev/null
# The game writer uses the library; it is compiled here, against the library just built.
lib=$(find "$build/lib" -maxdepth 1 -name "libfen960*.a" | head -1)
c++ -std=c++20 -O2 -Ilib/include bench/pgn_gen.cpp "$lib" "$build/grammars/libfen960_grammars.a" -o "$build/pgn_gen"

data=$build/bench-data
mkdir -p "$data"
declare -A plies
for kind in chess960 standard; do
    file=$data/$kind-$games-$seed.pgn
    if [ ! -s "$file" ] || [ ! -s "$file.plies" ]; then
        "$build/pgn_gen" "$games" "$seed" "$kind" >"$file" 2>"$file.plies"
    fi
    plies[$kind]=$(awk '{ print $2 }' "$file.plies")
    cat "$file" >/dev/null # into the page cache
    printf 'input: %-8s %s games, %s plies, %s\n' "$kind" "$games" "${plies[$kind]}" "$(du -h "$file" | cut -f1)"
done

# measure FILE CMD...: one run of CMD on FILE (stdout discarded) as "cpu wall": user+system CPU
# seconds and wall-clock seconds, to the millisecond (bash's own timer).
measure() {
    local file=$1
    shift
    local TIMEFORMAT='%3U %3S %3R'
    { time "$@" "$file" >/dev/null 2>/dev/null || true; } 2>&1 | awk '{ printf "%.3f %.3f", $1 + $2, $3 }'
}

# best FILE NAME=CMD...: each command $runs times, the commands taking turns (so that a change in the
# machine's speed hits them all alike), and the best run of each by CPU time, in $result[NAME].
source bench/timing.sh
declare -A result
best() {
    local file=$1
    shift
    local name
    for spec in "$@"; do
        result[${spec%%=*}]=""
    done
    for _ in $(seq "$runs"); do
        for spec in "$@"; do
            name=${spec%%=*}
            local line
            # shellcheck disable=SC2086 # the command is words
            line=$(measure "$file" ${spec#*=})
            result[$name]=$(better "${result[$name]}" "$line")
        done
    done
}

report() { # NAME PLIES "cpu wall rss"
    awk -v n="$1" -v p="$2" -v r="$3" 'BEGIN { split(r, f, " ");
        printf "  %-34s %7.3f s cpu (%6.3f s wall)  %6.2f M plies/s\n", n, f[1], f[2], p / f[1] / 1e6 }'
}

cores=$(nproc)
turns=21
for kind in chess960 standard; do
    file=$data/$kind-$games-$seed.pgn
    p=${plies[$kind]}
    echo "$kind:"
    peers=()
    [ -n "$pgn_extract" ] && peers=("ep=$pgn_extract -s --fencomments -o /dev/null" "er=$pgn_extract -s -o /dev/null")
    best "$file" "fp=$build/cli/fen960 pgn --positions --jobs 1" "fr=$build/cli/fen960 pgn --jobs 1" "${peers[@]}"
    fp=${result[fp]} ep=${result[ep]:-} fr=${result[fr]} er=${result[er]:-}
    report "fen960 pgn --positions" "$p" "$fp"
    if [ -n "$ep" ]; then
        report "pgn-extract -s --fencomments" "$p" "$ep"
        awk -v a="$fp" -v b="$ep" 'BEGIN { split(a, f, " "); split(b, g, " "); printf "  %-34s %7.1f x\n", "ratio", g[1] / f[1] }'
    fi
    report "fen960 pgn" "$p" "$fr"
    if [ -n "$er" ]; then
        report "pgn-extract -s" "$p" "$er"
        awk -v a="$fr" -v b="$er" 'BEGIN { split(a, f, " "); split(b, g, " "); printf "  %-34s %7.1f x\n", "ratio", g[1] / f[1] }'
    fi
    # The speed-up of --jobs in wall-clock time: the median of $turns runs each, --jobs 1 and --jobs N
    # taking turns (the best run says more about the machine's quiet moments than about the program).
    one=() all=()
    for t in $(seq "$turns"); do
        for j in $( ((t % 2)) && echo "1 $cores" || echo "$cores 1"); do
            wall "$build/cli/fen960" pgn --positions --jobs "$j" "$file"
            if [ "$j" = 1 ]; then one+=("$micros"); else all+=("$micros"); fi
        done
    done
    awk -v a="$(median "${one[@]}")" -v b="$(median "${all[@]}")" -v j="$cores" -v n="$turns" 'BEGIN {
        printf "  %-34s %7.4f s wall, speed-up %.3f on %d cores (medians of %d runs, against %.4f s with --jobs 1)\n",
            "fen960 pgn --positions --jobs " j, b / 1e6, a / b, j, n, a / 1e6 }'
done

# Peak memory must not depend on the input size: both files, then ten copies of them.
both=$data/both-$games-$seed.pgn
cat "$data/chess960-$games-$seed.pgn" "$data/standard-$games-$seed.pgn" >"$both"
big=$data/both-x10-$games-$seed.pgn
[ -s "$big" ] || for _ in $(seq 10); do cat "$both"; done >"$big"
rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
printf 'peak memory, fen960 pgn --positions --jobs 1: %s KiB on %s (%s), %s KiB on %s (%s)\n' \
    "$(rss "$build/cli/fen960" pgn --positions --jobs 1 "$both")" "$(basename "$both")" "$(du -h "$both" | cut -f1)" \
    "$(rss "$build/cli/fen960" pgn --positions --jobs 1 "$big")" "$(basename "$big")" "$(du -h "$big" | cut -f1)"
printf 'peak memory, fen960 pgn --jobs 1:             %s KiB, %s KiB\n' \
    "$(rss "$build/cli/fen960" pgn --jobs 1 "$both")" "$(rss "$build/cli/fen960" pgn --jobs 1 "$big")"
printf 'peak memory, fen960 pgn --positions --jobs %s: %s KiB, %s KiB\n' "$cores" \
    "$(rss "$build/cli/fen960" pgn --positions "$both")" "$(rss "$build/cli/fen960" pgn --positions "$big")"
# ... nor on the longest game allowed: the splitter's buffer has room for one, taken as reads reach it.
printf 'peak memory, fen960 pgn --positions --jobs 1 --max-game-size 1073741824: %s KiB\n' \
    "$(rss "$build/cli/fen960" pgn --positions --jobs 1 --max-game-size 1073741824 "$both")"

# Instructions per ply do not depend on the machine's load (the times above do): callgrind on the
# first 2,000 Chess960 games, less a run on the first game alone (start-up and table set-up).
if command -v valgrind >/dev/null; then
    sample=$data/chess960-sample-2000.pgn
    awk '/^\[Event / { n++ } n <= 2000' "$data/chess960-$games-$seed.pgn" >"$sample"
    awk '/^\[Event / { n++ } n <= 1' "$data/chess960-$games-$seed.pgn" >"$sample.first"
    # plies: one output line per position, less each game's start position
    plies_of() { "$build/cli/fen960" pgn --positions --jobs 1 "$1" 2>/dev/null | awk 'NF { l++ } !NF { g++ } END { print l - g }'; }
    instructions() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$build/cli/fen960" "$@" 2>&1 >/dev/null |
            awk '/Collected/ { print $NF }'
    }
    p_all=$(plies_of "$sample")
    p_first=$(plies_of "$sample.first")
    for args in "pgn --positions --jobs 1" "pgn --jobs 1"; do
        # shellcheck disable=SC2086 # the arguments are words
        awk -v name="fen960 $args" -v a="$(instructions $args "$sample")" -v b="$(instructions $args "$sample.first")" \
            -v p="$p_all" -v q="$p_first" \
            'BEGIN { printf "instructions per ply (callgrind), %-26s %6.0f\n", name ":", (a - b) / (p - q) }'
    done
fi
