#!/usr/bin/env bash
# `fen960 play` throughput: writes 100,000 seeded random UCI position lines of 40 moves each (Chess960
# starts and one line in ten from startpos, castling as the king taking its rook) and times
# `fen960 play --jobs 1` on them next to python-chess's Board.push_uci on the same lines in the same
# run (bench/play_python.py: a chess960 board per line, every move pushed, its FEN written), and
# prints moves per second on one core and the ratio, the speed-up of --jobs with all cores, and
# callgrind's instructions per move when valgrind is installed.
#   bench/play.sh [PYTHON_CHESS_DIR] [LINES] [SEED]
# PYTHON_CHESS_DIR (default ../shared/anchors/python-chess, from the current directory) holds the
# `chess` package, python-chess 1.11.2. fen960's time is the best of five runs of user+system CPU time
# (the machine may be shared), python-chess's the best of PYTHON_RUNS (default 1: it takes minutes),
# the commands taking turns run by run; wall-clock seconds of that run are shown too.
set -euo pipefail
python_chess=$(realpath -m "${1:-../shared/anchors/python-chess}")
cd "$(dirname "$0")/.."
lines=${2:-100000}
seed=${3:-960}
plies=40
build="build-bench-play"
runs=5
python_runs=${PYTHON_RUNS:-1}
if [ ! -f "$python_chess/chess/__init__.py" ]; then
    echo "bench/play.sh: no python-chess in $python_chess (give its directory as the first argument)" >&2
    exit 2
fi

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target fen960 >/dev/null
# The line writer uses the library; it is compiled here, against the library just built.
lib=$(find "$build/lib" -maxdepth 1 -name "libfen960*.a" | head -1)
c++ -std=c++20 -O2 -Ilib/include bench/play_gen.cpp "$lib" "$build/grammars/libfen960_grammars.a" -o "$build/play_gen"

data=$build/bench-data
mkdir -p "$data"
file=$data/lines-$lines-$plies-$seed.uci
[ -s "$file" ] || "$build/play_gen" "$lines" "$seed" "$plies" >"$file"
moves=$((lines * plies))
cat "$file" >/dev/null # into the page cache
printf 'input: %s lines of %s moves (%s moves), %s\n' "$lines" "$plies" "$moves" "$(du -h "$file" | cut -f1)"
# Both read the lines alike: the same final positions (python-chess writes the en-passant square only
# when a legal capture exists: --en-passant legal).
"$build/cli/fen960" play --en-passant legal "$file" >"$data/fen960.out"
python3 bench/play_python.py "$python_chess" <"$file" >"$data/python.out"
if ! cmp -s "$data/fen960.out" "$data/python.out"; then
    echo "bench/play.sh: fen960 and python-chess disagree on the positions" >&2
    exit 1
fi

# measure CMD...: one run of CMD (input from $file, output discarded) as "cpu wall": user+system CPU
# seconds and wall-clock seconds, to the millisecond (bash's own timer).
measure() {
    local TIMEFORMAT='%3U %3S %3R'
    { time "$@" <"$file" >/dev/null 2>/dev/null || true; } 2>&1 | awk '{ printf "%.3f %.3f", $1 + $2, $3 }'
}
source bench/timing.sh

cores=$(nproc)
fen960_one="" fen960_all="" python=""
for run in $(seq "$runs"); do
    fen960_one=$(better "$fen960_one" "$(measure "$build/cli/fen960" play --jobs 1)")
    if [ "$run" -le "$python_runs" ]; then
        python=$(better "$python" "$(measure python3 bench/play_python.py "$python_chess")")
    fi
    fen960_all=$(better "$fen960_all" "$(measure "$build/cli/fen960" play --jobs "$cores")")
done
report() { # NAME "cpu wall"
    awk -v n="$1" -v m="$moves" -v r="$2" 'BEGIN { split(r, f, " ");
        printf "  %-34s %8.3f s cpu (%7.3f s wall)  %7.2f M moves/s\n", n, f[1], f[2], m / f[1] / 1e6 }'
}
report "fen960 play --jobs 1" "$fen960_one"
report "python-chess Board.push_uci" "$python"
awk -v a="$fen960_one" -v b="$python" 'BEGIN { split(a, f, " "); split(b, g, " "); printf "  %-34s %8.1f x\n", "ratio", g[1] / f[1] }'
awk -v a="$fen960_one" -v b="$fen960_all" -v j="$cores" 'BEGIN { split(a, f, " "); split(b, g, " ");
    printf "  %-34s %8.3f s wall, speed-up %.2f on %d cores (wall clock, against --jobs 1)\n",
        "fen960 play --jobs " j, g[2], f[2] / g[2], j }'

# Instructions per move do not depend on the machine's load (the times above do): callgrind on the
# first 2,000 lines, less a run on the first line alone (start-up and table set-up).
if command -v valgrind >/dev/null; then
    head -2000 "$file" >"$data/sample.uci"
    head -1 "$file" >"$data/first.uci"
    instructions() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$build/cli/fen960" play --jobs 1 "$1" 2>&1 >/dev/null |
            awk '/Collected/ { print $NF }'
    }
    awk -v a="$(instructions "$data/sample.uci")" -v b="$(instructions "$data/first.uci")" -v m="$plies" \
        'BEGIN { printf "instructions per move (callgrind), fen960 play --jobs 1: %6.0f\n", (a - b) / (1999 * m) }'
fi
