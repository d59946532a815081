#!/usr/bin/env bash
# Runs one libFuzzer target for a while: scripts/fuzz.sh TARGET SECONDS [JOBS]
# FUZZ_TIMEOUT (seconds of wall clock an input may take before it counts as a hang, default 10): raise
# it when the fuzzer runs at low priority on a busy machine, where an input of a tenth of a second can
# wait that long for a core.
# Targets: fuzz_fen (a FEN record), fuzz_san (SAN against a position), fuzz_pgn (a PGN file),
# fuzz_decompress (compressed input: whole, cut and with a byte flipped), fuzz_play (a UCI position
# line, and a start with a move list, as fen960 play reads them).
# Builds with clang++ in build-fuzz, seeds the corpus from tests/fuzz/seeds/TARGET, keeps the corpus
# in build-fuzz/corpus/TARGET and copies every crash, leak or timeout input to
# tests/fuzz/regressions/TARGET/ (which the test suite then runs).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh TARGET SECONDS [JOBS]}
seconds=${2:?usage: scripts/fuzz.sh TARGET SECONDS [JOBS]}
jobs=${3:-1}

scripts/install-deps.sh --test
CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFEN960_FUZZ=ON >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target "$target"

corpus=build-fuzz/corpus/$target
artifacts=build-fuzz/artifacts/$target
mkdir -p "$corpus" "$artifacts" "tests/fuzz/regressions/$target"
cp -n tests/fuzz/seeds/"$target"/* "$corpus"/ 2>/dev/null || true
if [ "$target" = fuzz_pgn ]; then
    # every PGN file of the test data, one corpus entry each
    find tests/data/pgn tests/data/oracle -name '*.pgn' | while read -r f; do
        cp -n "$f" "$corpus/$(echo "$f" | tr '/' '_')"
    done
fi
dict=tests/fuzz/$target.dict
extra=()
[ -f "$dict" ] && extra+=("-dict=$dict")

# Whole PGN files make slow inputs; 16 KiB still holds several games and keeps the runs per second up.
max_len=65536
[ "$target" = fuzz_pgn ] && max_len=16384

status=0
started=$(mktemp)
trap 'rm -f "$started"' EXIT
# libFuzzer writes its fuzz-N.log files into the current directory: each target runs in its own
# folder, so that several targets can run at once.
top=$PWD
mkdir -p "build-fuzz/run/$target"
(cd "build-fuzz/run/$target" && ASAN_OPTIONS=detect_leaks=1 "$top/build-fuzz/tests/$target" "$top/$corpus" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" \
    -rss_limit_mb=2048 -max_len="$max_len" -jobs="$jobs" -workers="$jobs" -artifact_prefix="$top/$artifacts/" \
    -print_final_stats=1 "${extra[@]/#-dict=/-dict=$top/}") || status=$?
# This run's findings only (the folder keeps those of earlier runs).
found=0
while IFS= read -r -d '' artifact; do
    cp "$artifact" "tests/fuzz/regressions/$target/"
    found=$((found + 1))
done < <(find "$artifacts" -type f -newer "$started" -print0)
echo "$found new finding(s) in $seconds s; each copied to tests/fuzz/regressions/$target/"
exit "$status"
