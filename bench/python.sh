#!/usr/bin/env bash
# The Python module's speed and memory next to python-chess, in the same run: writes 1,000,000
# Chess960 records (bench/gen_records, as bench/convert.sh) and 400,000 Chess960 games, about 310 MB
# of PGN (bench/pgn_gen, as bench/pgn.sh), then runs bench/python/bench_convert.py under Debian's
# /usr/bin/python3: convert_many on one core and on all, convert one call a record, python-chess's
# Board(fen, chess960=True).fen() on a sample of the same records, and the ratios; then the peak
# resident memory of read_pgn over the PGN file.
#   bench/python.sh [PYTHON_CHESS_DIR] [RECORDS] [GAMES]
# python-chess is needed only here; its directory defaults to $PYTHON_CHESS, else
# ../shared/anchors/python-chess beside the project.
set -euo pipefail
cd "$(dirname "$0")/.."
python_chess=${1:-${PYTHON_CHESS:-../shared/anchors/python-chess}}
records=${2:-1000000}
games=${3:-400000}
seed=960
build="build-bench-python"

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DFEN960_BENCH=ON -DFEN960_PYTHON=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target fen960_python gen_records fen960_lib fen960_grammars >/dev/null
lib=$(find "$build/lib" -maxdepth 1 -name "libfen960*.a" | head -1)
[ -x "$build/pgn_gen" ] || c++ -std=c++20 -O2 -Ilib/include bench/pgn_gen.cpp "$lib" "$build/grammars/libfen960_grammars.a" -o "$build/pgn_gen"

source bench/timing.sh
data=$build/bench-data
file=$(chess960_records "$build" "$records" "$seed")
pgn=$data/chess960-$games-$seed.pgn
[ -s "$pgn" ] || "$build/pgn_gen" "$games" "$seed" chess960 >"$pgn" 2>/dev/null
cat "$file" "$pgn" >/dev/null # into the page cache

PYTHONPATH=$build/python /usr/bin/python3 bench/python/bench_convert.py "$file" --pgn "$pgn" --python-chess "$python_chess"
