#!/usr/bin/env bash
# Limits on hostile input: each a clear error, never a crash, a hang or a lost record. (No timing here:
# bench/ measures speed.)
. "$(dirname "$0")/lib.sh"

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

# A 20 MB record on one line between two good ones: reported at the limit, the others converted.
{ printf '%s\n' "$START"; head -c 20000000 /dev/zero | tr '\0' 'p'; printf '\n%s\n' "$START"; } >"$WORK/long-line.fen"
STDIN="$WORK/long-line.fen" run convert --to shredder --jobs 1
expect_eq "long line: three output lines" 3 "$(wc -l <"$WORK/out")"
expect_contains "long line: reported" "error: record longer than 65535 bytes" "$(sed -n 2p "$WORK/out")"
expect_eq "long line: the record after it" "${START/KQkq/HAha}" "$(sed -n 3p "$WORK/out")"
cp "$WORK/out" "$WORK/long.out.1"
cp "$WORK/err" "$WORK/long.err.1"
# With threads the input is read in blocks of whole lines; a line longer than a block is cut by the
# reader, one over the limit but inside a block by the worker, one at the limit is read: the same
# output and the same messages as one thread, also from several files.
STDIN="$WORK/long-line.fen" run convert --to shredder --jobs 3
cmp -s "$WORK/out" "$WORK/long.out.1" || fail "long line: stdout differs between --jobs 1 and --jobs 3"
cmp -s "$WORK/err" "$WORK/long.err.1" || fail "long line: stderr differs between --jobs 1 and --jobs 3"
{ printf '%s\n' "$START"; for n in 65535 65536 131071 131072 300000; do head -c $n /dev/zero | tr '\0' 'p'; printf '\n%s\n' "$START"; done
  printf '%s' "$START"; } >"$WORK/limits.fen"
for jobs in 1 3; do
    run convert --to shredder --jobs $jobs -f "$WORK/limits.fen" -f "$WORK/long-line.fen" -f "$WORK/limits.fen"
    expect_eq "lines at and over the limit, --jobs $jobs: one output line each" 27 "$(wc -l <"$WORK/out")"
    cp "$WORK/out" "$WORK/limits.out.$jobs"
    cp "$WORK/err" "$WORK/limits.err.$jobs"
done
cmp -s "$WORK/limits.out.1" "$WORK/limits.out.3" || fail "lines at the limit: stdout differs between --jobs 1 and 3"
cmp -s "$WORK/limits.err.1" "$WORK/limits.err.3" || fail "lines at the limit: stderr differs between --jobs 1 and 3"
expect_eq "lines at the limit: errors (one at the limit and four over it, twice, and the long line)" 11 \
    "$(grep -c '^error:' "$WORK/limits.out.1")"
expect_contains "lines at the limit: a line at the limit is read" "limits.fen:2:9: rank 8 has more than 8 squares" \
    "$(cat "$WORK/limits.err.3")"
expect_contains "lines at the limit: the last line over it" "limits.fen:10:65536: record longer" \
    "$(cat "$WORK/limits.err.3")"

# 100,000 opening parentheses: the game fails with a message, no stack overflow.
{ printf '[Event "deep"]\n\n1. e4 '; head -c 100000 /dev/zero | tr '\0' '('; printf ' *\n'; } >"$WORK/deep.pgn"
run pgn --rejects "$WORK/rejects.pgn" "$WORK/deep.pgn"
expect_eq "deep variations: exit" 1 "$status"
expect_contains "deep variations: message" "variations nested more than 256 deep" "$err"
# --rejects keeps each game as read and ends it with a blank line
cmp -s <(cat "$WORK/deep.pgn"; printf '\n') "$WORK/rejects.pgn" || fail "deep variations: the game is not in --rejects as read"

# Variations nested 200 deep are chess: they import.
{ printf '[Event "nested"]\n\n1. e4 e5 '; for _ in $(seq 200); do printf '(1... d5 '; done
  for _ in $(seq 200); do printf ')'; done; printf ' 2. Nf3 *\n'; } >"$WORK/nested.pgn"
run pgn --positions "$WORK/nested.pgn"
expect_eq "200 nested variations: exit" 0 "$status"
expect_eq "200 nested variations: positions (start, e4, e5, Nf3)" 4 "$(grep -c / <"$WORK/out")"

# A comment of 3 MB, a tag value of 2 MB, a game over the size limit: each game fails, the next one
# is still imported, and the failed ones reach --rejects byte for byte.
{
    printf '[Event "long comment"]\n\n1. e4 {'; head -c 3000000 /dev/zero | tr '\0' 'c'; printf '} e5 *\n\n'
    printf '[Event "'; head -c 2000000 /dev/zero | tr '\0' 'v'; printf '"]\n\n1. d4 *\n\n'
    printf '[Event "fine"]\n\n1. c4 *\n'
} >"$WORK/big.pgn"
run pgn --rejects "$WORK/big-rejects.pgn" "$WORK/big.pgn"
expect_eq "oversized games: exit" 1 "$status"
expect_contains "oversized games: summary" "3 games read: 1 imported, 2 failed" "$err"
expect_contains "oversized games: the good one" '[Event "fine"]' "$out"
fine_at=$(grep -b -a -o '\[Event "fine"\]' "$WORK/big.pgn" | cut -d: -f1)
cmp -s <(head -c "$fine_at" "$WORK/big.pgn") "$WORK/big-rejects.pgn" ||
    fail "oversized games: --rejects does not hold both games as read"

# A game of a million plies (knights out and back): over the default 1 MiB it fails with a message
# naming the option; with --max-game-size raised it imports, every position written.
{
    printf '[Event "long"]\n[Result "*"]\n\n'
    awk 'BEGIN { for (i = 0; i < 250000; i++) printf "%d. Nf3 Nf6 %d. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2; print "*" }'
} >"$WORK/million.pgn"
run pgn --positions --jobs 1 "$WORK/million.pgn"
expect_eq "million plies, default limit: exit" 1 "$status"
expect_contains "million plies, default limit: message" "game longer than 1048576 bytes (--max-game-size); not read" "$err"
run pgn --positions --jobs 1 --max-game-size 16777216 "$WORK/million.pgn"
expect_eq "million plies, raised limit: exit" 0 "$status"
expect_eq "million plies, raised limit: start, a million positions, a blank line" 1000002 "$(wc -l <"$WORK/out")"
run pgn --max-game-size 100 "$WORK/million.pgn"
expect_eq "--max-game-size below 1024: usage error" 2 "$status"

finish
