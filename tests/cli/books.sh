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

# A book of some blocks (the InOrder step sees a block of lines at a time, asks for all its records'
# table slots first and erases the duplicates' lines in place): two kings on the board, 14,000 records
# drawn from 1,500 positions, comment and blank lines between, so that most records repeat an
# earlier one word for word. awk's first-seen lines are the expected output and its repeats the
# expected messages; --jobs 1, 2 and 3 agree with it, and so do the records given one by one as
# arguments (a block each).
awk 'function placement(wk, bk,   r, f, s, run, sq, out) {
        out = ""
        for (r = 7; r >= 0; r--) {
            run = 0
            for (f = 0; f < 8; f++) {
                sq = 8 * r + f
                if (sq == wk || sq == bk) {
                    if (run) out = out run
                    run = 0
                    out = out (sq == wk ? "K" : "k")
                } else run++
            }
            if (run) out = out run
            if (r) out = out "/"
        }
        return out
    }
    BEGIN {
        n = 0
        for (wk = 0; wk < 64 && n < 1500; wk++)
            for (bk = 0; bk < 64 && n < 1500; bk++) {
                dr = int(wk / 8) - int(bk / 8); df = wk % 8 - bk % 8
                if (dr * dr <= 1 && df * df <= 1) continue
                pool[n++] = placement(wk, bk) " " (n % 2 ? "w" : "b") " - - 0 1"
            }
        seed = 960
        for (i = 1; i <= 14000; i++) {
            if (i % 97 == 0) { print "# comment " i; continue }
            if (i % 131 == 0) { print ""; continue }
            seed = (seed * 1103515245 + 12345) % 2147483648
            print pool[int(seed / 65536) % n]
        }
    }' >"$WORK/blocks.fen"
awk -v file="$WORK/blocks.fen" '/^#/ || $0 == "" { print; next } !($0 in first) { first[$0] = NR; print; next }
    { print file ":" NR ": duplicate of line " first[$0] >"/dev/stderr" }' "$WORK/blocks.fen" >"$WORK/blocks.out" 2>"$WORK/blocks.err"
expect_eq "blocks: the book is some blocks" 1 "$(($(wc -c <"$WORK/blocks.fen") > 3 * 131072))"
expect_eq "blocks: most records repeat" 1 "$(($(wc -l <"$WORK/blocks.err") > 10000))"
for jobs in 1 2 3; do
    run convert --to shredder --unique --jobs "$jobs" -f "$WORK/blocks.fen"
    expect_eq "blocks --jobs $jobs: exit" 0 "$status"
    expect_eq "blocks --jobs $jobs: output" "$(cat "$WORK/blocks.out")" "$out"
    expect_eq "blocks --jobs $jobs: messages" "$(cat "$WORK/blocks.err")" "$err"
done
mapfile -t records < <(grep -v -e '^#' -e '^$' "$WORK/blocks.fen")
run convert --to shredder --unique --jobs 1 "${records[@]}"
expect_eq "blocks as arguments: output" "$(grep -v -e '^#' -e '^$' "$WORK/blocks.out")" "$out"
expect_eq "blocks as arguments: as many messages" "$(wc -l <"$WORK/blocks.err")" "$(printf '%s\n' "$err" | wc -l)"

finish
