#!/usr/bin/env bash
# The two figures of issue 15 (EPD), in one rerunnable run:
# 1. Operations: 1,000,000 Chess960 records (convert.sh's, same seed) converted by
#    `fen960 convert --to xfen --jobs 1` as they are and with EPD operations after each (the issue's
#    kinds in turn: perft counts, bm/id, quoted c0 with a ';' inside, free text). Prints the best of
#    RUNS wall-clock seconds of each and their ratio (the bound: 1.15), and with valgrind the
#    instructions a record of both on the first 100,000 (a ratio the machine's load does not change).
# 2. Perft suite: `fen960 perft --suite` on the 960-position Chess960 suite (tests/data/perft/
#    python-chess-chess960.perft) to depth 5, with all cores and with one, next to Stockfish's
#    `go perft 5` (one thread, UCI_Chess960) over the same positions in the same run. The node totals
#    must agree with the suite's (exit status 1 otherwise).
#
#   bench/epd.sh [FEN960 [STOCKFISH]]     (default: build-bench/cli/fen960, built here; stockfish on PATH)
#   PARTS=ops bench/epd.sh, PARTS=perft bench/epd.sh: one of the two (the second takes minutes:
#   17 G nodes); RUNS=N: the best of N runs in the first (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-bench
runs=${RUNS:-3}
parts=${PARTS:-ops perft}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DFEN960_BENCH=ON >/dev/null
cmake --build "$build" -j2 --target fen960 gen_records >/dev/null
fen960=${1:-$build/cli/fen960}
stockfish=${2:-$(command -v stockfish || echo /usr/games/stockfish)}
[ -x "$stockfish" ] || { echo "epd.sh: no stockfish at $stockfish" >&2; exit 2; }

if [[ " $parts " == *" ops "* ]]; then

source bench/timing.sh
data=$build/bench-data
plain=$(chess960_records "$build" 1000000 960)
ops=$data/chess960-1000000-960-operations.shredder
awk '{
    n = NR % 4
    if (n == 0) print $0 " ;D1 21 ;D2 528 ;D3 12189"
    else if (n == 1) print $0 "; bm Nxg7; id \"test " NR "\";"
    else if (n == 2) print $0 " c0 \"All win; but e3 is best.\"; id \"WAC.150\";"
    else print $0 "; ERET " NR " free text after a semicolon"
}' "$plain" >"$ops"
cat "$plain" "$ops" >/dev/null # into the page cache

t_plain="" t_ops=""
for _ in $(seq "$runs"); do
    t_plain=$(smaller "$(seconds "$plain" "$fen960" convert --to xfen --jobs 1)" "$t_plain")
    t_ops=$(smaller "$(seconds "$ops" "$fen960" convert --to xfen --jobs 1)" "$t_ops")
done
echo "== operations: convert --to xfen --jobs 1, 1,000,000 records, best of $runs"
printf '  plain records:        %6.3f s\n  with operations:      %6.3f s\n  ratio:                %6.3f (bound 1.15)\n' \
    "$t_plain" "$t_ops" "$(awk -v a="$t_ops" -v b="$t_plain" 'BEGIN { print a / b }')"
if command -v valgrind >/dev/null; then
    count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$fen960" convert --to xfen --jobs 1 <"$1" 2>&1 >/dev/null | awk '/Collected/ { print $NF }'; }
    head -n 100000 "$plain" >"$data/epd-plain-100000"
    head -n 100000 "$ops" >"$data/epd-ops-100000"
    i_plain=$(count "$data/epd-plain-100000")
    i_ops=$(count "$data/epd-ops-100000")
    printf '  instructions a record (first 100,000): %d plain, %d with operations, ratio %.3f\n' \
        $((i_plain / 100000)) $((i_ops / 100000)) "$(awk -v a="$i_ops" -v b="$i_plain" 'BEGIN { print a / b }')"
fi
fi
[[ " $parts " == *" perft "* ]] || exit 0

suite=tests/data/perft/python-chess-chess960.perft
expected=$(awk '$1 == "perft" && $2 == 5 { s += $3 } END { printf "%.0f\n", s }' "$suite")
elapsed() { # COMMAND...: wall-clock seconds, the command's output in $WORK_OUT
    local start end
    start=$(date +%s.%N)
    "$@" >"$WORK_OUT"
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN { print e - s }'
}
WORK_OUT=$(mktemp)
trap 'rm -f "$WORK_OUT" "$WORK_OUT.uci"' EXIT
{
    echo "setoption name UCI_Chess960 value true"
    awk '$1 == "epd" { $1 = ""; print "position fen" $0 " 0 1"; print "go perft 5" }' "$suite"
    echo "quit"
} >"$WORK_OUT.uci"
sf() { "$stockfish" <"$WORK_OUT.uci"; }
t_all=$(elapsed "$fen960" perft --suite "$suite" --max-depth 5)
summary_all=$(tail -n 1 "$WORK_OUT")
t_one=$(elapsed "$fen960" perft --suite "$suite" --max-depth 5 --jobs 1)
t_sf=$(elapsed sf)
sf_nodes=$(awk '/^Nodes searched:/ { s += $3 } END { printf "%.0f\n", s }' "$WORK_OUT")
echo "== perft --suite: $suite to depth 5 ($expected nodes), $(nproc) cores"
echo "  fen960: $summary_all"
printf '  fen960 --jobs 0 (all cores): %7.2f s, %5.0f M nodes/s\n' "$t_all" "$(awk -v n="$expected" -v t="$t_all" 'BEGIN { print n / t / 1e6 }')"
printf '  fen960 --jobs 1:             %7.2f s, %5.0f M nodes/s\n' "$t_one" "$(awk -v n="$expected" -v t="$t_one" 'BEGIN { print n / t / 1e6 }')"
printf '  stockfish go perft 5:        %7.2f s, %5.0f M nodes/s (%s nodes)\n' "$t_sf" "$(awk -v n="$sf_nodes" -v t="$t_sf" 'BEGIN { print n / t / 1e6 }')" "$sf_nodes"
printf '  stockfish / fen960: %.2f (all cores), %.2f (one thread each)\n' \
    "$(awk -v a="$t_sf" -v b="$t_all" 'BEGIN { print a / b }')" "$(awk -v a="$t_sf" -v b="$t_one" 'BEGIN { print a / b }')"
status=0
[ "$sf_nodes" = "$expected" ] || { echo "epd.sh: stockfish counted $sf_nodes nodes, the suite says $expected" >&2; status=1; }
case $summary_all in *"all match"*) ;; *) echo "epd.sh: fen960 found mismatches" >&2; status=1 ;; esac
exit $status
