#!/usr/bin/env bash
# The progress line: shown for a file of 8 MiB or more when standard error is a terminal (here a
# pseudo-terminal from script(1)), erased at the end; never when standard error is a file or a pipe.
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

# Standard error to a file: no progress line at all.
run convert --to xfen -f "$WORK/big.fen"
expect_eq "no progress without a terminal" "" "$err"

finish
