#!/usr/bin/env bash
# The progress line: shown for a file of 8 MiB or more when standard error is a terminal (here a
# pseudo-terminal from script(1)), erased at the end; never when standard error is a file or a pipe.
# perft shows one at depth 6 and more, and for a suite whose results go to a file.
. "$(dirname "$0")/lib.sh"

if ! command -v script >/dev/null; then
    echo "script(1) missing: progress line not checked; all checks passed"
    exit 0
fi

"$FEN960" startpos --all --to shredder | cut -f2 >"$WORK/960.fen"
for _ in $(seq 160); do cat "$WORK/960.fen"; done >"$WORK/big.fen" # 153,600 records, 8.7 MB
records=$(wc -l <"$WORK/big.fen")

for jobs in 1 2; do
    # script runs the command on a pseudo-terminal and keeps what it wrote there in the typescript
    script -qfc "'$FEN960' convert --to xfen --jobs $jobs -f '$WORK/big.fen' >'$WORK/out'" "$WORK/typescript" >/dev/null
    shown=$(tr '\r' '\n' <"$WORK/typescript" | grep 'fen960 convert: ' || true)
    expect_contains "progress, --jobs $jobs: the file and its records" "fen960 convert: $WORK/big.fen: " "$shown"
    expect_contains "progress, --jobs $jobs: a percentage" "% (" "$shown"
    expect_contains "progress, --jobs $jobs: erased at the end" $'\r\033[K' "$(cat "$WORK/typescript")"
    expect_eq "progress, --jobs $jobs: the output is whole" "$records" "$(wc -l <"$WORK/out")"
done

# Standard input that is a regular file has a size, so it gets a line too.
script -qfc "'$FEN960' validate --chess960 <'$WORK/big.fen' >'$WORK/out'" "$WORK/typescript" >/dev/null
expect_contains "progress: validate on standard input" "fen960 validate: standard input: " \
    "$(tr '\r' '\n' <"$WORK/typescript")"

# A compressed file: the size and the bytes read are those on disk. Comments of random text keep the
# gzip file over 8 MiB (a file of records would shrink below the size that shows a line).
head -c 9500000 /dev/urandom | base64 -w 76 |
    awk 'NR % 400 == 1 { if (NR > 1) print "} 1-0\n"; print "[Event \"x\"]\n\n1. e4 {" } { print } END { print "} 1-0" }' \
        >"$WORK/big.pgn"
gzip -1 -c "$WORK/big.pgn" >"$WORK/big.pgn.gz"
expect_eq "progress, compressed: over 8 MiB on disk" 1 "$(($(stat -c %s "$WORK/big.pgn.gz") >= 8 << 20))"
games=$(grep -c '^\[Event' "$WORK/big.pgn")
script -qfc "'$FEN960' pgn --positions --jobs 1 '$WORK/big.pgn.gz' >'$WORK/out'" "$WORK/typescript" >/dev/null
shown=$(tr '\r' '\n' <"$WORK/typescript" | grep 'fen960 pgn: ' || true)
expect_contains "progress, compressed: the file on disk" "fen960 pgn: $WORK/big.pgn.gz: " "$shown"
expect_contains "progress, compressed: a percentage" "% (" "$shown"
expect_eq "progress, compressed: the output is whole (two positions and a blank line a game)" "$((3 * games))" "$(wc -l <"$WORK/out")"
# The games are alike, so the share of the file read follows the share of the games (the first line
# comes at 256 games, three fifths of them); counting the decompressed bytes would run a third ahead.
printf '%s\n' "$shown" | sed -n 's/.*: \([0-9]*\)% (\([0-9]*\) games)$/\1 \2/p' >"$WORK/shown"
expect_eq "progress, compressed: some percentages" 1 "$([ -s "$WORK/shown" ] && echo 1)"
while read -r percent count; do
    share=$((100 * count / games))
    [ "$percent" -ge $((share - 5)) ] && [ "$percent" -le $((share + 12)) ] ||
        fail "progress, compressed: $percent% after $count of $games games"
done <"$WORK/shown"

# play on a file of position lines: the line of convert's kind.
for _ in $(seq 300000); do echo "position startpos moves e2e4 e7e5"; done >"$WORK/big.uci" # 10.2 MB
script -qfc "'$FEN960' play '$WORK/big.uci' >'$WORK/out'" "$WORK/typescript" >/dev/null
expect_contains "progress, play: the file and its records" "fen960 play: $WORK/big.uci: " "$(tr '\r' '\n' <"$WORK/typescript")"
expect_eq "progress, play: the output is whole" 300000 "$(wc -l <"$WORK/out")"

# perft at depth 6 or more counts root move by root move with a line; the count is perft's own
# (119060324 for the standard start at depth 6, the published figure, and the same off a terminal).
script -qfc "'$FEN960' perft 6 >'$WORK/out'" "$WORK/typescript" >/dev/null
shown=$(tr '\r' '\n' <"$WORK/typescript" | grep 'fen960 perft: ' || true)
expect_contains "progress, perft: the depth and the root moves" "fen960 perft: depth 6: " "$shown"
expect_contains "progress, perft: of 20 root moves" " of 20 root moves)" "$shown"
expect_contains "progress, perft: erased at the end" $'\r\033[K' "$(cat "$WORK/typescript")"
expect_eq "progress, perft: the count" 119060324 "$(cat "$WORK/out")"
expect_eq "perft off a terminal: the same count" 119060324 "$("$FEN960" perft 6 2>"$WORK/err")"
expect_eq "perft off a terminal: no line" "" "$(cat "$WORK/err")"
script -qfc "'$FEN960' perft 5 >'$WORK/out'" "$WORK/typescript" >/dev/null
expect_eq "perft at depth 5: no line" "" "$(tr '\r' '\n' <"$WORK/typescript" | grep 'fen960 perft: ' || true)"

# perft --suite into a file: a line per position done, the results the same as off a terminal.
SUITE="$(dirname "$0")/../data/perft/python-chess-chess960.perft"
script -qfc "'$FEN960' perft --suite '$SUITE' --max-depth 2 >'$WORK/out'" "$WORK/typescript" >/dev/null
shown=$(tr '\r' '\n' <"$WORK/typescript" | grep 'fen960 perft: ' || true)
expect_contains "progress, suite: the file and its positions" "fen960 perft: $SUITE: " "$shown"
expect_contains "progress, suite: erased at the end" $'\r\033[K' "$(cat "$WORK/typescript")"
expect_eq "progress, suite: the results" "$("$FEN960" perft --suite "$SUITE" --max-depth 2)" "$(cat "$WORK/out")"

# Standard error to a file: no progress line at all.
run convert --to xfen -f "$WORK/big.fen"
expect_eq "no progress without a terminal" "" "$err"

finish
