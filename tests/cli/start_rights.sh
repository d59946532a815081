#!/usr/bin/env bash
# Chess960 starts whose castling rights were lost (lichess-org/database#54: the lichess 2023-11 Chess960
# dump writes start 958 as `rkrnnbbq/pppppppp/8/8/8/8/PPPPPPPP/RKRNNBBQ w HEhe - 0 1`, or with `-`):
# `fen960 pgn` reads such a game with the four rooks' rights, so that its later O-O-O is played, with
# one warning naming the start and what was replaced, and counts it in the summary; --start-rights
# as-given keeps today's reading (the impossible rights dropped, the O-O-O fails). The start and its
# rights come from the test data's table of starts (scalachess), the positions after the moves are
# worked out by hand below.
. "$(dirname "$0")/lib.sh"
DATA="$(cd "$(dirname "$0")/../data" && pwd)"

row=$(awk -F'\t' '$1 == 958' "$DATA/startpos/chess960-startpos.tsv")
start_xfen=$(printf '%s\n' "$row" | cut -f3)
start_shredder=$(printf '%s\n' "$row" | cut -f4)
board=${start_xfen%% *}
expect_eq "958 in the table" "rkrnnbbq/pppppppp/8/8/8/8/PPPPPPPP/RKRNNBBQ" "$board"

# game FILE VARIANT CASTLING: a lichess-style game from start 958 with that castling field, in which
# both sides castle a-side (long) once their c-rook and d-knight are out of the way.
game() {
    cat >"$1" <<EOF
[Event "Rated Chess960 game"]
[Site "https://lichess.org/AbCdEfGh"]
[Date "2023.11.04"]
[White "a"]
[Black "b"]
[Result "1-0"]
[Variant "$2"]
[FEN "$board w $3 - 0 1"]
[SetUp "1"]

1. c4 c5 2. Ne3 Ne6 3. Rc2 Rc7 4. O-O-O O-O-O 1-0

EOF
}

# The positions, by hand: after 4. O-O-O the white king is on c1 and its rook on d1; black keeps its
# a-side right (its c-rook has moved); after 4... O-O-O no right is left.
want_positions="$start_xfen
rkrnnbbq/pppppppp/8/8/2P5/8/PP1PPPPP/RKRNNBBQ b KQkq - 0 1
rkrnnbbq/pp1ppppp/8/2p5/2P5/8/PP1PPPPP/RKRNNBBQ w KQkq - 0 2
rkrnnbbq/pp1ppppp/8/2p5/2P5/4N3/PP1PPPPP/RKR1NBBQ b KQkq - 1 2
rkr1nbbq/pp1ppppp/4n3/2p5/2P5/4N3/PP1PPPPP/RKR1NBBQ w KQkq - 2 3
rkr1nbbq/pp1ppppp/4n3/2p5/2P5/4N3/PPRPPPPP/RK2NBBQ b Qkq - 3 3
rk2nbbq/pprppppp/4n3/2p5/2P5/4N3/PPRPPPPP/RK2NBBQ w Qq - 4 4
rk2nbbq/pprppppp/4n3/2p5/2P5/4N3/PPRPPPPP/2KRNBBQ b q - 5 4
2krnbbq/pprppppp/4n3/2p5/2P5/4N3/PPRPPPPP/2KRNBBQ w - - 6 5"

game "$WORK/hehe.pgn" Chess960 HEhe
for jobs in 1 2; do
    run pgn --positions --jobs $jobs "$WORK/hehe.pgn"
    expect_eq "HEhe --jobs $jobs: exit" 0 "$status"
    expect_eq "HEhe --jobs $jobs: restored, O-O-O played" "$want_positions" "$out"
    expect_eq "HEhe --jobs $jobs: one warning, at the castling field" \
        "$WORK/hehe.pgn:8:53: warning: FEN is Chess960 start 958 with castling 'HEhe'; read as 'CAca'" \
        "$(printf '%s\n' "$err" | grep warning)"
    expect_contains "HEhe --jobs $jobs: summary" \
        "fen960 pgn: 1 game read: 1 imported, 0 failed, 0 skipped; 1 start restored" "$err"
    run pgn --positions --format jsonl --jobs $jobs "$WORK/hehe.pgn"
    expect_contains "HEhe --jobs $jobs: jsonl says so" '"start_restored":true' "$out"
    run pgn --positions --format jsonl --start-rights as-given --jobs $jobs "$WORK/hehe.pgn"
    expect_contains "HEhe --jobs $jobs as-given: jsonl says so" '"start_restored":false' "$out"
done
# The rewrite writes the start with its rooks' rights (the table's Shredder-FEN).
run pgn --to shredder "$WORK/hehe.pgn"
expect_eq "rewrite: exit" 0 "$status"
expect_contains "rewrite: FEN tag" "[FEN \"$start_shredder\"]" "$out"
expect_contains "rewrite: the moves" "4. O-O-O O-O-O 1-0" "$out"

# No Variant tag, but rights only Chess960 can have (the c-rooks' with the kings on b1 and b8): a
# Chess960 game by its FEN, its start restored as a marked one's is; its rewrite (which says Variant
# "Chess960") reads back to the same positions. Found by fuzz_pgn: the start was restored only when the
# game said Chess960, so the rewrite of an unmarked game read back with more rights than it had.
game "$WORK/unmarked.pgn" Chess960 Cc
sed -i '/^\[Variant /d' "$WORK/unmarked.pgn"
run pgn --positions "$WORK/unmarked.pgn"
expect_eq "unmarked: exit" 0 "$status"
expect_eq "unmarked: restored, O-O-O played" "$want_positions" "$out"
expect_contains "unmarked: the warning" "warning: FEN is Chess960 start 958 with castling 'Cc'; read as 'CAca'" "$err"
run pgn --to xfen "$WORK/unmarked.pgn"
printf '%s\n' "$out" >"$WORK/unmarked-rewritten.pgn"
expect_contains "unmarked: the rewrite says Chess960" '[Variant "Chess960"]' "$out"
run pgn --positions "$WORK/unmarked-rewritten.pgn"
expect_eq "unmarked: the rewrite reads back the same" "$want_positions" "$out"

# '-' (every right lost), under another spelling of the variant; two games count two.
game "$WORK/none.pgn" fischerandom -
cat "$WORK/none.pgn" "$WORK/hehe.pgn" >"$WORK/two.pgn"
run pgn --positions "$WORK/two.pgn"
expect_eq "'-': exit" 0 "$status"
expect_contains "'-': the warning" "warning: FEN is Chess960 start 958 with castling '-'; read as 'CAca'" "$err"
expect_contains "'-': summary" "fen960 pgn: 2 games read: 2 imported, 0 failed, 0 skipped; 2 starts restored" "$err"
expect_eq "'-': the positions" "$want_positions" "$(printf '%s\n' "$out" | awk 'BEGIN { RS = "" } NR == 1')"

# --start-rights as-given: today's reading, the four letters dropped and the O-O-O failing.
run pgn --positions --start-rights as-given "$WORK/hehe.pgn"
expect_eq "as-given: exit" 1 "$status"
expect_eq "as-given: four rights dropped" 4 "$(printf '%s\n' "$err" | grep -c "warning: FEN tag: castling letter '[HEhe]': no .* rook on [he][18]; dropped")"
expect_contains "as-given: the O-O-O fails" "error: game 1 ply 7: O-O-O: no castling right on the a-side" "$out"
expect_contains "as-given: nothing restored" "fen960 pgn: 1 game read: 0 imported, 1 failed, 0 skipped
" "$err
"
run pgn --start-rights sometimes "$WORK/hehe.pgn"
expect_eq "bad --start-rights: usage error" 2 "$status"

# Only a Chess960 game (marked, or by its FEN's rights), and only a start: a standard game, a start with black to move, and the
# start's right rights are read as they stand.
game "$WORK/standard.pgn" Standard HEhe
run pgn --positions "$WORK/standard.pgn"
expect_eq "standard game: not restored" "" "$(printf '%s\n' "$err" | grep 'read as')"
sed 's/ w HEhe / b HEhe /' "$WORK/hehe.pgn" >"$WORK/black.pgn"
run pgn --positions "$WORK/black.pgn"
expect_eq "black to move: not restored" "" "$(printf '%s\n' "$err" | grep 'read as')"
game "$WORK/right.pgn" Chess960 CAca
run pgn --positions "$WORK/right.pgn"
expect_eq "right rights: exit" 0 "$status"
expect_eq "right rights: no warning" "" "$(printf '%s\n' "$err" | grep warning)"
expect_eq "right rights: the same positions" "$want_positions" "$out"
expect_eq "right rights: summary" "fen960 pgn: 1 game read: 1 imported, 0 failed, 0 skipped" "$err"

finish
