#!/usr/bin/env bash
# End-to-end tests of the opening-book options of `fen960 convert`: --unique on a book with planted
# duplicates (differing only in clocks, only in a superfluous en-passant square, only in dialect),
# the messages naming each dropped record, --stats, the same output for any --jobs, several files.
. "$(dirname "$0")/lib.sh"

cat >"$WORK/book.fen" <<'BOOK'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5 9
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
not a fen
rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1
bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1
BOOK

expected_out='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 1
error: invalid piece letter '"'o'"' in rank 8
rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 1
rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1
bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1'
for jobs in 1 2; do
    run convert --to shredder --unique --jobs "$jobs" -f "$WORK/book.fen"
    expect_eq "unique --jobs $jobs: exit (one invalid record)" 1 "$status"
    expect_eq "unique --jobs $jobs: output" "$expected_out" "$out"
    expect_eq "unique --jobs $jobs: messages" "$WORK/book.fen:2: duplicate of line 1
$WORK/book.fen:3: duplicate of line 1
$WORK/book.fen:5: duplicate of line 4
$WORK/book.fen:10: duplicate of line 9" "$(grep duplicate <<<"$err")"
    expect_contains "unique --jobs $jobs: the invalid record's message" "$WORK/book.fen:6:2: invalid piece letter" "$err"
done

# --stats: the counts at each level, after the output; without --unique every record is written.
run convert --to xfen --stats -f "$WORK/book.fen"
expect_eq "stats: every line written" 10 "$(printf '%s\n' "$out" | wc -l)"
expect_eq "stats: counts" "fen960 convert: 9 records (and 1 invalid)
fen960 convert: 7 distinct positions with clocks
fen960 convert: 6 distinct positions without clocks
fen960 convert: 5 distinct positions without superfluous en-passant squares (as --unique tells them)
fen960 convert: 4 distinct boards with side to move and castling rights
fen960 convert: 4 distinct boards" "$(grep '^fen960 convert: ' <<<"$err")"
expect_eq "stats: no duplicate messages without --unique" "" "$(grep duplicate <<<"$err")"

# Several files: a duplicate of a record of an earlier file names that file.
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 20' '8/8/8/8/8/8/8/K6k w - - 0 1' >"$WORK/more.fen"
run convert --to xfen --unique -f "$WORK/book.fen" "$WORK/more.fen"
expect_contains "files: the other file named" "$WORK/more.fen:1: duplicate of $WORK/book.fen:1" "$err"
expect_eq "files: the new position kept" '8/8/8/8/8/8/8/K6k w - - 0 1' "$(printf '%s\n' "$out" | tail -1)"

# Records as arguments; JSON Lines drops the duplicate's object too.
run convert --to xfen --unique --format jsonl 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 1 2'
expect_eq "jsonl: one object" 1 "$(printf '%s\n' "$out" | wc -l)"
expect_contains "jsonl: the first record's" '"line":1' "$out"
expect_contains "arguments: message" "argument:2: duplicate of line 1" "$err"

finish
