#!/usr/bin/env bash
# The WebAssembly package against its targets (issue 28), in one run: convertLines on 1,000,000 Chess960
# records (seeded random play, Shredder-FEN to X-FEN) vs chessops (from npm, the package's development
# packages: bench only) and vs `fen960 convert --jobs 1`; convert() one record a call; init() in a fresh
# Node process; the page's time for the same file in headless Chromium; the .wasm's size (and gzip'd)
# and the npm pack tarball's.
#   bench/wasm.sh [RECORDS] [SEED]   (BUILD: the native build folder, default build-bench; WASM_BUILD: the
#   emscripten one, default BUILD/wasm/build)
set -euo pipefail
cd "$(dirname "$0")/.."
records=${1:-1000000}
seed=${2:-960}
build=${BUILD:-build-bench}
out="$build/wasm"
wasm_build=${WASM_BUILD:-$out/build}

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DFEN960_BENCH=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target fen960 gen_records >/dev/null
source bench/timing.sh
file=$(chess960_records "$build" "$records" "$seed")
echo "input: $file ($(wc -l <"$file") records, $(du -h "$file" | cut -f1))"

scripts/wasm.sh "$wasm_build" "$out/dist" >/dev/null
package="$out/package"
rm -rf "$package"
mkdir -p "$package"
cp -r web/index.js web/index.d.ts web/package.json web/package-lock.json web/README.md web/page "$package/"
cp -r "$out/dist" "$package/dist"
(cd "$package" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)

wasm="$package/dist/fen960.wasm"
echo "fen960.wasm: $(stat -c %s "$wasm") bytes, $(gzip -9c "$wasm" | wc -c) gzip'd (target 400 KB, 175 KB gzip'd)"
tarball=$(cd "$package" && npm pack --silent)
echo "npm pack: $tarball $(stat -c %s "$package/$tarball") bytes (target 200 KB)"
node bench/wasm_bench.mjs "$file" "$build/cli/fen960" "$package"
