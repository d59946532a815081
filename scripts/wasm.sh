#!/usr/bin/env bash
# Builds the WebAssembly package (web/): the library compiled by Debian's emscripten (3.1.6) into
# web/dist/fen960.wasm and its loader, beside web/index.js and web/index.d.ts, which load it.
# Usage: scripts/wasm.sh [BUILD_DIR [DIST_DIR]]   (defaults build-wasm, web/dist; scripts/install-deps.sh
# --test installs emscripten)
#   then: cd web && npm pack   (the package), or python3 -m http.server -d web (the page, web/page/)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-wasm}
dist=${2:-web/dist}

# emscripten's own tools (acorn, ...) are Debian's node modules.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

# Boost's headers from a folder holding only them, so that no other header of /usr/include is seen.
mkdir -p "$build/boost-headers"
ln -sfn /usr/include/boost "$build/boost-headers/boost"

# Single-threaded, no decompressors (such input is refused with a message), warnings as errors.
# -fwasm-exceptions: Spirit reports errors by throwing. -msimd128 -msse2: the placement fast path.
emcmake cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DFEN960_WERROR=ON \
    -DFEN960_CLI=OFF -DFEN960_TESTS=OFF -DFEN960_PYTHON=OFF -DFEN960_INSTALL=OFF -DFEN960_DECOMPRESS=OFF \
    -DBoost_INCLUDE_DIR="$(realpath "$build")/boost-headers" -DBoost_NO_BOOST_CMAKE=ON -DBoost_NO_SYSTEM_PATHS=ON \
    -DCMAKE_CXX_FLAGS="-fwasm-exceptions -msimd128 -msse2" -DCMAKE_CXX_FLAGS_RELEASE="${WASM_OPT:--O3} -DNDEBUG" >/dev/null
cmake --build "$build" -j"${JOBS:-2}" --target fen960_wasm
mkdir -p "$dist"
cp "$build/web/fen960_wasm.mjs" "$dist/fen960_wasm.mjs"
cp "$build/web/fen960_wasm.wasm" "$dist/fen960.wasm"
ls -l "$dist"
