#!/usr/bin/env bash
# Perft speed next to Stockfish: a fixed set of Chess960 positions, each counted by `fen960 perft`
# and by Stockfish's `go perft` (one thread, UCI_Chess960) in the same run. Prints per position the
# nodes, the seconds and nodes per second of both, and at the end the totals and the ratio. The counts
# must agree (a mismatch is reported and the exit status is 1). Builds nothing.
#
#   bench/perft.sh [-q] [FEN960 [STOCKFISH]]
#     -q          one ply less everywhere (about 30 times quicker)
#     FEN960      the fen960 binary (default: build/cli/fen960)
#     STOCKFISH   the engine (default: stockfish on PATH, else /usr/games/stockfish)
set -euo pipefail

quick=0
if [ "${1:-}" = "-q" ]; then
    quick=1
    shift
fi
fen960=${1:-build/cli/fen960}
stockfish=${2:-$(command -v stockfish || echo /usr/games/stockfish)}
[ -x "$fen960" ] || { echo "perft.sh: no fen960 binary at $fen960 (build it first)" >&2; exit 2; }
[ -x "$stockfish" ] || { echo "perft.sh: no stockfish at $stockfish (apt-get install stockfish)" >&2; exit 2; }

# depth<TAB>FEN: Chess960 positions from tests/data/perft (the standard Chess960 suite, ids 0, 2, 3,
# 7, 8, and the start positions 0 and 959), castling in Shredder-FEN, partial rights included.
positions=$(cat <<'EOF'
6	bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1
6	b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 0 1
6	qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 1
6	qbn1brkr/ppp1p1p1/2n4p/3p1p2/P7/6PP/QPPPPP2/1BNNBRKR w HFhf - 0 1
6	qnnbbrkr/1p2ppp1/2pp3p/p7/1P5P/2NP4/P1P1PPP1/Q1NBBRKR w HFhf - 0 1
6	bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1
6	rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1
EOF
)

now() { date +%s%N; }

# Stockfish runs as a co-process: started once, so that its start-up is not timed.
coproc SF { "$stockfish"; }
# shellcheck disable=SC2153 # SF_PID is set by coproc
sf_pid=$SF_PID
send() { printf '%s\n' "$*" >&"${SF[1]}"; }
wait_for() { # reads engine lines until one starts with $1, leaves it in $found (the co-process's
    # descriptors do not reach subshells, so no command substitution here)
    local line
    while IFS= read -r line <&"${SF[0]}"; do
        case "$line" in "$1"*) found=$line; return 0 ;; esac
    done
    echo "perft.sh: stockfish ended unexpectedly" >&2
    exit 1
}
send uci
wait_for uciok
send setoption name UCI_Chess960 value true
send setoption name Threads value 1
send isready
wait_for readyok

rate() { awk -v n="$1" -v ns="$2" 'BEGIN { printf("%.1f", (ns > 0) ? n / (ns / 1e9) / 1e6 : 0) }'; }
seconds() { awk -v ns="$1" 'BEGIN { printf "%.3f", ns / 1e9 }'; }

printf '%-68s %5s %12s %9s %9s %9s %9s\n' position depth nodes fen960_s sf_s fen960_M sf_M
total_nodes=0 total_ours=0 total_theirs=0 status=0
while IFS=$'\t' read -r depth fen; do
    depth=$((depth - quick))
    start=$(now)
    ours=$("$fen960" perft "$depth" "$fen")
    ours_ns=$(($(now) - start))

    send "position fen $fen"
    send isready
    wait_for readyok
    start=$(now)
    send "go perft $depth"
    wait_for "Nodes searched:"
    theirs_ns=$(($(now) - start))
    theirs=${found##* }

    if [ "$ours" != "$theirs" ]; then
        echo "MISMATCH: $fen depth $depth: fen960 $ours, stockfish $theirs" >&2
        status=1
    fi
    printf '%-68s %5d %12d %9s %9s %9s %9s\n' "$fen" "$depth" "$ours" "$(seconds "$ours_ns")" \
        "$(seconds "$theirs_ns")" "$(rate "$ours" "$ours_ns")" "$(rate "$theirs" "$theirs_ns")"
    total_nodes=$((total_nodes + ours))
    total_ours=$((total_ours + ours_ns))
    total_theirs=$((total_theirs + theirs_ns))
done <<<"$positions"
send quit
wait "$sf_pid" 2>/dev/null || true

echo
echo "total: $total_nodes nodes"
echo "fen960 perft:    $(seconds "$total_ours") s, $(rate "$total_nodes" "$total_ours") M nodes/s"
echo "stockfish perft: $(seconds "$total_theirs") s, $(rate "$total_nodes" "$total_theirs") M nodes/s  ($("$stockfish" quit </dev/null | head -n 1))"
echo "ratio (fen960 speed / stockfish speed): $(awk -v a="$total_theirs" -v b="$total_ours" 'BEGIN { printf "%.2f", a / b }')"
exit "$status"
