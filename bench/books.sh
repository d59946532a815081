#!/usr/bin/env bash
# Opening-book speed: on 1,000,000 Chess960 records (seeded random play, Shredder-FEN, as
# bench/convert.sh writes them) times plain `convert --to xfen`, `convert --to xfen --unique --stats`
# and `key`, with one thread and with all cores, the best of five runs each, the commands taking turns
# run by run; prints each time and its speed relative to plain convert (the issue asks >= 0.8 for
# --unique --stats, >= 1 for key), then the peak memory of --unique --stats and what the index takes
# per distinct position; then what --unique cannot do without (bench/book_index.cpp): the keys and the
# index alone on the same records, and the first touch of as much new memory as the index holds, as
# parts of plain convert's time (0.8 x its speed leaves 25 % for all that --unique adds).
#   bench/books.sh [RECORDS] [SEED]        (FEN960_BENCH_BUILD=DIR: another build folder; RUNS=N: best of N)
# FEN960_BENCH_OTHER=BINARY times another fen960 too (another version, built elsewhere) in the same
# rounds, taking turns with this tree's, so that the two compare under the same load.
set -euo pipefail
cd "$(dirname "$0")/.."
records=${1:-1000000}
seed=${2:-960}
build=${FEN960_BENCH_BUILD:-build-bench}
runs=${RUNS:-5}

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DFEN960_BENCH=ON >/dev/null
cmake --build "$build" -j2 --target fen960 gen_records book_index >/dev/null

source bench/timing.sh
file=$(chess960_records "$build" "$records" "$seed")
echo "input: $file ($(wc -l <"$file") records, $(du -h "$file" | cut -f1))"
cat "$file" >/dev/null # into the page cache

fen960=$build/cli/fen960
binaries=("$fen960")
[ -n "${FEN960_BENCH_OTHER:-}" ] && binaries+=("$FEN960_BENCH_OTHER")
for jobs in 1 "$(nproc)"; do
    declare -A plain=() unique=() key=()
    for _ in $(seq "$runs"); do
        for bin in "${binaries[@]}"; do
            plain[$bin]=$(smaller "$(seconds "$file" "$bin" convert --to xfen --jobs "$jobs")" "${plain[$bin]:-}")
            unique[$bin]=$(smaller "$(seconds "$file" "$bin" convert --to xfen --unique --stats --jobs "$jobs")" "${unique[$bin]:-}")
            key[$bin]=$(smaller "$(seconds "$file" "$bin" key --jobs "$jobs")" "${key[$bin]:-}")
        done
    done
    for bin in "${binaries[@]}"; do
        [ ${#binaries[@]} -gt 1 ] && echo "$bin:"
        awk -v p="${plain[$bin]}" -v u="${unique[$bin]}" -v k="${key[$bin]}" -v n="$records" -v j="$jobs" 'BEGIN {
            printf "--jobs %d: convert --to xfen                  %7.4f s  (%.2f M records/s)\n", j, p, n / p / 1e6
            printf "--jobs %d: convert --to xfen --unique --stats %7.4f s  (%.2f M records/s, %.2f x convert speed)\n", j, u, n / u / 1e6, p / u
            printf "--jobs %d: key                                %7.4f s  (%.2f M records/s, %.2f x convert speed)\n", j, k, n / k / 1e6, p / k
        }'
    done
    [ "$jobs" = 1 ] && plain_one=${plain[$fen960]}
    unset plain unique key
done

# Memory: the index grows with the distinct positions, the rest stays as plain convert's.
rss() { /usr/bin/time -f %M "$@" <"$file" 2>&1 >/dev/null | tail -1; }
for bin in "${binaries[@]}"; do
    plain_kib=$(rss "$bin" convert --to xfen --jobs 1)
    unique_kib=$(rss "$bin" convert --to xfen --unique --stats --jobs 1)
    positions=$("$bin" convert --to xfen --stats --jobs 1 <"$file" 2>&1 >/dev/null | sed -n 's/^fen960 convert: \([0-9]*\) distinct positions with clocks$/\1/p')
    [ ${#binaries[@]} -gt 1 ] && echo "$bin:"
    awk -v p="$plain_kib" -v u="$unique_kib" -v n="$positions" 'BEGIN {
        printf "peak memory: convert %d KiB, --unique --stats %d KiB: %.0f bytes per distinct position (%d)\n", p, u, (u - p) * 1024 / n, n
    }'
done

# The floor: the keys and the index alone, without reading, converting or writing a record.
read -r keys index memory touch < <("$build/bench/book_index" "$file" "$runs" | awk '
    /^keys/ {k = $2; i = $5} /^memory/ {m = $2; t = $6} END {print k, i, m, t}')
awk -v k="$keys" -v i="$index" -v m="$memory" -v t="$touch" -v p="$plain_one" 'BEGIN {
    printf "keys and index alone (bench/book_index): keys %.4f s + index %.4f s = %.0f %% of plain convert'"'"'s --jobs 1 time\n", k, i, 100 * (k + i) / p
    printf "  (0.8 x convert speed leaves 25 %%); of it, first touch of %.1f MB of new memory (the index'"'"'s size) %.4f s = %.0f %%\n", m, t, 100 * t / p
}'
