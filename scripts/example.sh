#!/usr/bin/env bash
# Set-up command 1: installs what is missing, builds fen960, and converts the bundled example
# (Chess960 positions in Shredder-FEN) to X-FEN and back.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build-example -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
cmake --build build-example -j"$(nproc)" --target fen960

example=tests/data/examples/chess960.shredder
echo "== $example, Shredder-FEN -> X-FEN"
build-example/cli/fen960 convert --to xfen -f "$example"
echo "== X-FEN keeping every en-passant square (--en-passant keep), back to Shredder-FEN, compared with the original"
build-example/cli/fen960 convert --to xfen --en-passant keep -f "$example" | build-example/cli/fen960 convert --to shredder | diff - "$example"
echo "round trip: identical"
