#!/usr/bin/env bash
# The project's mutation check: scripts/mutants.sh [NAME_REGEX]
# Each row of scripts/mutants.tsv (name<TAB>file<TAB>before<TAB>after: a one-line change of a rule) is
# applied to a scratch copy of the tree (build-mutants/src), built in build-mutants/src/build (the
# tree's own layout and configuration, so that ccache serves every file the mutant leaves alone), the test
# suite run without its slow tests, and reverted. A mutant is
#   killed    some test fails, or a test does not compile (a static assertion in tests/ caught it),
#   survived  every test passes: the rule it changes has no test that notices; write one,
#   unbuilt   the library or the program does not compile (an unused variable, say): no test judged
#             it, so the row needs rewriting until it builds,
#   stale     `before` no longer occurs exactly once in the file: the row needs updating.
# Prints one line per mutant and the totals; exits 1 when a mutant survived, is unbuilt or is stale.
# Speed (a kill needs one failing test, not the whole suite): the suite runs in two rounds, the unit
# tests (test_*, layout, the fuzz targets' kept inputs: seconds) and then the command's tests, each with
# ctest --stop-on-failure, the tests that failed last time first; the first failure ends the mutant's run.
# The Python module is not built (its tests are left out), and the whole run is at nice 10.
# Environment: MUTANTS_EXCLUDE (ctest -E regex of the tests left out), MUTANTS_JOBS (build and test
# jobs, default 2), MUTANTS_TIMEOUT (seconds a test may take, default 120), MUTANTS_NICE (default 10).
set -uo pipefail
cd "$(dirname "$0")/.."
top=$PWD
only=${1:-.}
jobs=${MUTANTS_JOBS:-2}
timeout=${MUTANTS_TIMEOUT:-120}
renice -n "${MUTANTS_NICE:-10}" -p $$ >/dev/null 2>&1 || true
# The slow ones: the embedded and installed builds, the Python module's tests, the WebAssembly package.
exclude=${MUTANTS_EXCLUDE:-'^(embed_consumer|install_consumer|python.*|web_package)$'}
# The first round: the unit tests; the second round is every other test.
unit='^(test_.*|layout|fuzz_.*_inputs)$'
work=$top/build-mutants
src=$work/src
build=$src/build
log=$work/log
mkdir -p "$work" "$log"

# A scratch copy of the tree as it is now (working-tree changes included), without build folders.
rm -rf "$src"
mkdir -p "$src"
tar -C "$top" --exclude './build*' --exclude './.git' -cf - . | tar -C "$src" -xf -
begun=$(date +%s)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DFEN960_WERROR=ON -DFEN960_PYTHON=OFF \
    "${launcher[@]}" >"$log/configure.txt" 2>&1 || { echo "configure failed: $log/configure.txt"; exit 3; }
if ! cmake --build "$build" -j"$jobs" >"$log/build.txt" 2>&1; then
    echo "the unmutated tree does not build: $log/build.txt"
    exit 3
fi
# The suite in its two rounds, its output in LOG; status 0 when every test passed.
suite() {
    ctest --test-dir "$build" -j"$jobs" -R "$unit" -E "$exclude" --timeout "$timeout" --stop-on-failure \
        >"$1" 2>&1 &&
        ctest --test-dir "$build" -j"$jobs" -E "$exclude|$unit" --timeout "$timeout" --stop-on-failure \
            >>"$1" 2>&1
}
started=$(date +%s)
if ! suite "$log/baseline.txt"; then
    echo "the unmutated tree fails its tests: $log/baseline.txt"
    exit 3
fi
echo "baseline: the suite passes in $(($(date +%s) - started)) s"

# Replaces the one occurrence of BEFORE in FILE by AFTER; status 1 when it does not occur exactly once.
apply() {
    python3 - "$1" "$2" "$3" <<'EOF'
import sys
path, before, after = sys.argv[1:]
text = open(path, encoding="utf-8").read()
if text.count(before) != 1:
    sys.exit(1)
open(path, "w", encoding="utf-8").write(text.replace(before, after))
EOF
}

killed=0 survived=0 stale=0 unbuilt=0
survivors=()
# The table on descriptor 3: the builds and tests below must not read it from standard input.
while IFS=$'\t' read -r name file before after <&3; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    [[ "$name" =~ $only ]] || continue
    cp "$src/$file" "$work/original"
    if ! apply "$src/$file" "$before" "$after"; then
        echo "stale     $name ($file: the line is not there once)"
        stale=$((stale + 1))
        survivors+=("$name")
        continue
    fi
    started=$(date +%s)
    if ! cmake --build "$build" -j"$jobs" >"$log/$name.build.txt" 2>&1; then
        # Where the compiler stopped first, as the tree's own path.
        where=$(grep -m1 -E ': error: ' "$log/$name.build.txt" | sed -E 's|:.*||; s|^'"$src"'/||; s|^[./]*||')
        if [[ "$where" == tests/* ]]; then
            verdict="killed    $name by $where (a static assertion)"
            killed=$((killed + 1))
        else
            verdict="unbuilt   $name (${where:-the build} does not compile: $log/$name.build.txt)"
            unbuilt=$((unbuilt + 1))
            survivors+=("$name")
        fi
    elif suite "$log/$name.txt"; then
        verdict="survived  $name ($file)"
        survived=$((survived + 1))
        survivors+=("$name")
    else
        failed=$(grep -E '^\s+[0-9]+ - ' "$log/$name.txt" | awk '{print $3}' | tr '\n' ' ')
        verdict="killed    $name by ${failed% }"
        killed=$((killed + 1))
    fi
    # Reverted with the original's contents and a fresh time stamp, so the next build rebuilds it.
    cp "$work/original" "$src/$file"
    touch "$src/$file"
    echo "$verdict [$(($(date +%s) - started)) s]"
done 3<scripts/mutants.tsv
cmake --build "$build" -j"$jobs" >"$log/restore.txt" 2>&1 || true

echo "$killed killed, $survived survived, $unbuilt unbuilt, $stale stale${survivors[*]:+: ${survivors[*]}}" \
    "in $(($(date +%s) - begun)) s (logs in $log)"
[ "$survived" -eq 0 ] && [ "$unbuilt" -eq 0 ] && [ "$stale" -eq 0 ]
