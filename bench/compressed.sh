#!/usr/bin/env bash
# Compressed input: `fen960 pgn --jobs 1`, `pgn --positions --jobs 1` and `convert --jobs 1` on a zstd
# and a gzip file, against the same command on the plain file and against the decompressor in a pipe
# (`zstd -dc f | fen960 ...`, `gzip -dc f | fen960 ...`), in the same run; then the peak memory of each.
# Inputs: 20,000 seeded random Chess960 games and 1,000,000 seeded records (bench/pgn_gen.cpp,
# bench/gen_records.cpp), compressed with `zstd -10` and `gzip -6`.
#   bench/compressed.sh [GAMES] [RECORDS]
# Times are wall-clock seconds (the decompression thread exists to overlap the reading with the
# work), the best of five runs of each command, the commands taking turns run by run so that a change
# in the machine's speed hits them alike; CPU seconds (user + system, every thread and process) beside.
# The targets: at least 0.9x the speed of the plain file, and no slower than the pipe.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20000}
records=${2:-1000000}
seed=960
build="build-bench-compressed"
runs=5

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DFEN960_BENCH=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target fen960 gen_records >/dev/null
lib=$(find "$build/lib" -maxdepth 1 -name "libfen960*.a" | head -1)
c++ -std=c++20 -O2 -Ilib/include bench/pgn_gen.cpp "$lib" "$build/grammars/libfen960_grammars.a" -o "$build/pgn_gen"
fen960=$build/cli/fen960

data=$build/bench-data
mkdir -p "$data"
pgn=$data/chess960-$games-$seed.pgn
fen=$data/records-$records-$seed.fen
[ -s "$pgn" ] || "$build/pgn_gen" "$games" "$seed" chess960 >"$pgn" 2>/dev/null
[ -s "$fen" ] || "$build/bench/gen_records" "$records" "$seed" shredder >"$fen"
for f in "$pgn" "$fen"; do
    [ -s "$f.zst" ] || zstd -q -10 -c "$f" >"$f.zst"
    [ -s "$f.gz" ] || gzip -6 -c "$f" >"$f.gz"
    cat "$f" "$f.zst" "$f.gz" >/dev/null # into the page cache
    printf 'input: %s %s, zstd %s, gzip %s\n' "$(basename "$f")" "$(du -h "$f" | cut -f1)" \
        "$(du -h "$f.zst" | cut -f1)" "$(du -h "$f.gz" | cut -f1)"
done

# measure CMD: one run of the shell command CMD (stdout and stderr discarded) as "wall cpu".
measure() {
    local TIMEFORMAT='%3R %3U %3S'
    { time sh -c "$1" >/dev/null 2>&1 || true; } 2>&1 | awk '{ printf "%.3f %.3f", $1, $2 + $3 }'
}

# best NAME=CMD...: each command $runs times, taking turns, and the best run of each by wall-clock
# time, in $result[NAME].
source bench/timing.sh
declare -A result
best() {
    local spec name line
    for spec in "$@"; do
        result[${spec%%=*}]=""
    done
    for _ in $(seq "$runs"); do
        for spec in "$@"; do
            name=${spec%%=*}
            line=$(measure "${spec#*=}")
            result[$name]=$(better "${result[$name]}" "$line")
        done
    done
}

row() { # LABEL "wall cpu" [REFERENCE "wall cpu" NAME]
    awk -v n="$1" -v r="$2" 'BEGIN { split(r, f, " "); printf "  %-44s %7.3f s wall %7.3f s cpu\n", n, f[1], f[2] }'
}
ratio() { # LABEL "wall cpu" of the reference, "wall cpu" of fen960 on the compressed file
    awk -v n="$1" -v a="$2" -v b="$3" 'BEGIN { split(a, f, " "); split(b, g, " ");
        printf "  %-44s %7.2f x\n", n, f[1] / g[1] }'
}

for command in "pgn --jobs 1" "pgn --positions --jobs 1" "convert --to xfen --jobs 1 -f"; do
    file=$pgn
    [ "${command%% *}" = convert ] && file=$fen
    f="$fen960 $command"
    echo "fen960 $command:"
    best "plain=$f $file" "zst=$f $file.zst" "zpipe=zstd -dc $file.zst | $f -" \
        "gz=$f $file.gz" "gpipe=gzip -dc $file.gz | $f -"
    row "plain file" "${result[plain]}"
    row ".zst file" "${result[zst]}"
    row "zstd -dc | fen960" "${result[zpipe]}"
    row ".gz file" "${result[gz]}"
    row "gzip -dc | fen960" "${result[gpipe]}"
    ratio ".zst: speed against the plain file" "${result[plain]}" "${result[zst]}"
    ratio ".zst: speed against zstd -dc | fen960" "${result[zpipe]}" "${result[zst]}"
    ratio ".gz: speed against the plain file" "${result[plain]}" "${result[gz]}"
    ratio ".gz: speed against gzip -dc | fen960" "${result[gpipe]}" "${result[gz]}"
done

# Peak memory (maximum resident set, KiB): fen960 on each file, and the decompressors of the pipes.
rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
for command in "pgn --positions --jobs 1" "convert --to xfen --jobs 1 -f"; do
    file=$pgn
    [ "${command%% *}" = convert ] && file=$fen
    # shellcheck disable=SC2086 # the command is words
    printf 'peak memory, fen960 %s: plain %s KiB, .zst %s KiB, .gz %s KiB; zstd -dc %s KiB, gzip -dc %s KiB\n' "$command" \
        "$(rss $fen960 $command "$file")" "$(rss $fen960 $command "$file.zst")" "$(rss $fen960 $command "$file.gz")" \
        "$(rss zstd -dc "$file.zst")" "$(rss gzip -dc "$file.gz")"
done
