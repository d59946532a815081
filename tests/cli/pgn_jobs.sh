#!/usr/bin/env bash
# fen960 pgn --jobs N gives what one thread gives, byte for byte: stdout, stderr and --rejects, over
# every PGN file of the test data plus a game over the size limit (which streams to --rejects), games
# of a few bytes and broken games; and --format jsonl writes one object per game.
. "$(dirname "$0")/lib.sh"
DATA=$(cd "$(dirname "$0")/../data" && pwd)

{
    find "$DATA/pgn" "$DATA/oracle" -name '*.pgn' | LC_ALL=C sort | while read -r f; do cat "$f"; printf '\n\n'; done
    printf '[Event "too long"]\n\n1. e4 {'; head -c 1100000 /dev/zero | tr '\0' 'c'; printf '} *\n\n'
    printf '[Event "after the long one"]\n\n1. e4 e5 2. Ke3 *\n\n'
    # Games of a few bytes (a blank line and a move that is no move number starts another game): a
    # thread must read each game's own text, however short (a view into a short string that moved
    # with its job once read freed memory).
    for _ in $(seq 300); do printf 'e4 e5\n\nd4\n\nNf3 d5 Ng5\n\nKe2\n\n'; done
    find "$DATA/pgn/python-chess" -name '*.pgn' | LC_ALL=C sort | while read -r f; do cat "$f"; printf '\n\n'; done
} >"$WORK/all.pgn"

for mode in "" "--positions" "--positions --to shredder --en-passant legal" "--positions --format jsonl"; do
    # shellcheck disable=SC2086
    "$FEN960" pgn $mode --jobs 1 --rejects "$WORK/rejects1.pgn" "$WORK/all.pgn" >"$WORK/out1" 2>"$WORK/err1"
    status1=$?
    # shellcheck disable=SC2086
    "$FEN960" pgn $mode --jobs 3 --rejects "$WORK/rejects3.pgn" "$WORK/all.pgn" >"$WORK/out3" 2>"$WORK/err3"
    expect_eq "pgn $mode: exit status for --jobs 1 and 3" "$status1" "$?"
    expect_eq "pgn $mode: some games fail" 1 "$status1"
    cmp -s "$WORK/out1" "$WORK/out3" || fail "pgn $mode: stdout differs between --jobs 1 and --jobs 3"
    cmp -s "$WORK/err1" "$WORK/err3" || fail "pgn $mode: stderr differs between --jobs 1 and --jobs 3"
    cmp -s "$WORK/rejects1.pgn" "$WORK/rejects3.pgn" || fail "pgn $mode: --rejects differs between --jobs 1 and --jobs 3"
done
expect_contains "the long game is in --rejects" '[Event "too long"]' "$(grep -a -o '\[Event "too long"\]' "$WORK/rejects1.pgn")"

# JSON Lines: one object per game, numbered in order; a failed game says where and at which ply.
read_games=$(sed -n 's/^fen960 pgn: \([0-9]*\) games read.*/\1/p' "$WORK/err1")
expect_eq "jsonl: one object per game" "$read_games" "$(wc -l <"$WORK/out1")"
expect_eq "jsonl: games in order" "$(seq -s, 1 "$read_games")" "$(sed 's/.*"game":\([0-9]*\),.*/\1/' "$WORK/out1" | paste -sd,)"
failed_line=$(grep 'Ke3: illegal' "$WORK/out1")
expect_contains "jsonl: a failed game's positions up to the bad move" '"outcome":"failed","variant":"standard","dialect":"xfen","positions":["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"],"plies":2,' "$failed_line"
expect_contains "jsonl: a failed game's error" '"column":13,"ply":3,"message":"Ke3: illegal move: no white king can move to e3"},"warnings":[],"start_restored":false}' "$failed_line"
run pgn --format jsonl "$WORK/all.pgn"
expect_eq "jsonl without --positions: usage error" 2 "$status"

finish
