#!/usr/bin/env bash
# Convert throughput: writes 1,000,000 Chess960 records (seeded random play, Shredder-FEN), then
# times `fen960 convert --to xfen --jobs 1` on them next to `wc -l` on the same file, in the same run,
# and prints both, the records per second and the ratio; then the speed-up with all cores, and the
# peak memory on that file and on a file ten times as large (it must not grow with the input), and,
# with valgrind installed, the instructions per record (a figure the machine's load does not change).
#   bench/convert.sh [RECORDS] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
records=${1:-1000000}
seed=${2:-960}
build="build-bench"
runs=5

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DFEN960_BENCH=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target fen960 gen_records >/dev/null

source bench/timing.sh
data=$build/bench-data
file=$(chess960_records "$build" "$records" "$seed")
echo "input: $file ($(wc -l <"$file") records, $(du -h "$file" | cut -f1))"

# The best of $runs wall-clock seconds of each command reading $file on stdin, the commands taking
# turns run by run (so that a change in the machine's speed hits them all alike). Standard error is
# no terminal, so there is no progress line.
cat "$file" >/dev/null # into the page cache
cores=$(nproc)
wc_time="" conv_time="" par_time=""
for _ in $(seq "$runs"); do
    wc_time=$(smaller "$(seconds "$file" wc -l)" "$wc_time")
    conv_time=$(smaller "$(seconds "$file" "$build/cli/fen960" convert --to xfen --jobs 1)" "$conv_time")
    par_time=$(smaller "$(seconds "$file" "$build/cli/fen960" convert --to xfen --jobs "$cores")" "$par_time")
done
awk -v w="$wc_time" -v c="$conv_time" -v p="$par_time" -v n="$records" -v j="$cores" 'BEGIN {
    printf "wc -l:                              %8.4f s\n", w
    printf "fen960 convert --to xfen --jobs 1:  %8.4f s  (%.2f million records/s on one core)\n", c, n / c / 1e6
    printf "ratio convert / wc -l:              %8.1f\n", c / w
    printf "fen960 convert --to xfen --jobs %d:  %8.4f s  (speed-up %.2f on %d cores)\n", j, p, c / p, j
}'

# Peak memory must not depend on the input size: compare with ten copies of the file.
big=$data/chess960-$records-$seed-x10.shredder
[ -s "$big" ] || for _ in $(seq 10); do cat "$file"; done >"$big"
rss() { /usr/bin/time -f %M "$build/cli/fen960" convert --to xfen --jobs 1 <"$1" 2>&1 >/dev/null | tail -1; }
printf 'peak memory: %s KiB on %s records, %s KiB on %s records\n' "$(rss "$file")" "$records" "$(rss "$big")" "$((records * 10))"

# The count of instructions per record does not depend on the machine's load (the times above do):
# callgrind on the first 100,000 records, less a run on the first one (start-up, and the attack tables
# set up on the first record).
if command -v valgrind >/dev/null; then
    sample=$data/sample-100000.shredder
    head -100000 "$file" >"$sample"
    head -1 "$file" >"$sample.first"
    instructions() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$build/cli/fen960" convert --to xfen --jobs 1 \
            <"$1" 2>&1 >/dev/null | awk '/Collected/ { print $NF }'
    }
    with=$(instructions "$sample")
    without=$(instructions "$sample.first")
    awk -v a="$with" -v b="$without" 'BEGIN { printf "instructions per record (callgrind):  %8.0f\n", (a - b) / 99999 }'
fi
