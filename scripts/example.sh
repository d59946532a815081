#!/usr/bin/env bash
# Set-up command 1: installs what is missing, builds fen960, and converts the bundled example
# (Chess960 positions in Shredder-FEN) to X-FEN and back, with the command and with the Python module.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build-example -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DFEN960_PYTHON=ON
cmake --build build-example -j"$(nproc)" --target fen960 fen960_python

example=tests/data/examples/chess960.shredder
echo "== $example, Shredder-FEN -> X-FEN"
build-example/cli/fen960 convert --to xfen -f "$example"
echo "== X-FEN keeping every en-passant square (--en-passant keep), back to Shredder-FEN, compared with the original"
build-example/cli/fen960 convert --to xfen --en-passant keep -f "$example" | build-example/cli/fen960 convert --to shredder | diff - "$example"
echo "round trip: identical"
echo "== the same file through the Python module (import fen960), compared with the command"
PYTHONPATH=build-example/python /usr/bin/python3 -c '
import sys, fen960
records = open(sys.argv[1]).read().splitlines()
print("\n".join(fen960.convert_many(records, to="xfen")))' "$example" |
    diff - <(build-example/cli/fen960 convert --to xfen -f "$example")
echo "python: identical"
