#!/usr/bin/env bash
# End-to-end tests of `fen960 convert`: exit statuses, one output line per input line, stdin and
# files, CRLF, diagnostics with file:line:column and a caret.
. "$(dirname "$0")/lib.sh"

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
C959='rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'

# Arguments; every dialect.
run convert --to xfen "$C959"
expect_eq "argument to xfen" 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1' "$out"
expect_eq "argument exit status" 0 "$status"
run convert --to shredder "$START"
expect_eq "standard start to shredder" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1' "$out"
run convert --to fen "$C959"
expect_eq "fen cannot express 959: exit" 1 "$status"
expect_contains "fen cannot express 959: stdout" 'error: castling right of the rook on c1 cannot be written in standard FEN' "$out"

# Good and bad lines on stdin: aligned output, exit 1, diagnostics with a caret.
printf '%s\n%s\n\n%s\n' "$START" "${START/KQkq/KQxq}" "$C959" >"$WORK/mixed.fen"
STDIN="$WORK/mixed.fen" run convert --to xfen
expect_eq "mixed: exit status" 1 "$status"
expect_eq "mixed: line count" 4 "$(printf '%s\n' "$out" | wc -l)"
expect_eq "mixed: line 2" "error: invalid castling letter 'x'" "$(printf '%s\n' "$out" | sed -n 2p)"
expect_eq "mixed: line 3 (empty: no record, copied)" "" "$(printf '%s\n' "$out" | sed -n 3p)"
expect_eq "mixed: line 4" 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1' "$(printf '%s\n' "$out" | sed -n 4p)"
expect_contains "mixed: stderr location" "-:2:49: invalid castling letter 'x'" "$err"
expect_contains "mixed: stderr caret" "$(printf '%s\n%48s^' "${START/KQkq/KQxq}" '')" "$err"

# Files, named in diagnostics; '-' is stdin.
printf '%s\n' "$START" >"$WORK/a.fen"
printf 'not a fen\n' >"$WORK/b.fen"
STDIN="$WORK/a.fen" run convert --to shredder -f "$WORK/b.fen" - "$WORK/a.fen"
expect_eq "files: output" "$(printf 'error: invalid piece letter %s in rank 8\n%s\n%s' "'o'" "${START/KQkq/HAha}" "${START/KQkq/HAha}")" "$out"
expect_contains "files: name in diagnostic" "$WORK/b.fen:1:2: invalid piece letter 'o' in rank 8" "$err"

# CRLF line ends and a missing final newline.
printf '%s\r\n%s' "$START" "$C959" >"$WORK/crlf.fen"
STDIN="$WORK/crlf.fen" run convert --to shredder
expect_eq "crlf: exit" 0 "$status"
expect_eq "crlf: output" "$(printf '%s\n%s' "${START/KQkq/HAha}" "$C959")" "$out"
expect_eq "crlf: no CR in output" 0 "$(tr -cd '\r' <"$WORK/out" | wc -c)"
# One line ending for the whole output, LF: a CRLF file's comment and blank lines lose their CR like
# its records (and EPD records with operations), with one thread and several, and the line numbers and
# messages are those of the same file with LF endings.
printf '%s\r\n# comment\r\n\r\n  \r\n%s bm e4;\r\n8/8 w\r\n%s\r\n' "$START" "${START% 0 1}" "$C959" >"$WORK/crlf2.fen"
tr -d '\r' <"$WORK/crlf2.fen" >"$WORK/lf2.fen"
run convert --to shredder -f "$WORK/lf2.fen"
cp "$WORK/out" "$WORK/lf2.out"
cp "$WORK/err" "$WORK/lf2.err"
for jobs in 1 2; do
    run convert --to shredder --jobs $jobs -f "$WORK/crlf2.fen"
    expect_eq "crlf, --jobs $jobs: exit" 1 "$status"
    expect_eq "crlf, --jobs $jobs: no CR in output" 0 "$(tr -cd '\r' <"$WORK/out" | wc -c)"
    expect_eq "crlf, --jobs $jobs: the comment copied" "# comment" "$(sed -n 2p "$WORK/out")"
    expect_eq "crlf, --jobs $jobs: the operations kept" "${START/KQkq/HAha}" "$(sed -n 5p "$WORK/out" | sed 's/ bm e4;$/ 0 1/')"
    cmp -s "$WORK/out" "$WORK/lf2.out" || fail "crlf, --jobs $jobs: output differs from the LF file's"
    expect_eq "crlf, --jobs $jobs: messages as for LF" "$(sed "s|lf2|crlf2|" "$WORK/lf2.err")" "$(cat "$WORK/err")"
done

# Binary garbage, NUL bytes and a line over the length limit keep the lines aligned.
{ printf '%s\n' "$START"; printf 'garbage\0with NUL\n'; head -c 70000 /dev/zero | tr '\0' 'x'; printf '\n%s\n' "$C959"; } >"$WORK/hostile.fen"
STDIN="$WORK/hostile.fen" run convert --to xfen
expect_eq "hostile: line count" 4 "$(wc -l <"$WORK/out")"
expect_contains "hostile: too long" "error: record longer than 65535 bytes" "$(sed -n 3p "$WORK/out")"
expect_eq "hostile: last line" 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1' "$(sed -n 4p "$WORK/out")"

# --repair: the record converts, each dropped item warned about.
run convert --to shredder --repair 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq e3 0 1'
expect_eq "repair: output" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Aha - 0 1' "$out"
expect_eq "repair: exit" 0 "$status"
expect_contains "repair: castling warning" "argument:1:47: warning: castling letter 'K': no white rook on the h-side of the king; dropped" "$err"
expect_contains "repair: en-passant warning" "argument:1:52: warning: en-passant square e3: wrong rank with white to move (expected rank 6); dropped" "$err"

# --format jsonl: one object per input line, errors with their columns; bytes that are not UTF-8
# are replaced, never lost.
printf '%s\n%s\n' "$C959" "$(printf 'bad\377')" >"$WORK/json.fen"
STDIN="$WORK/json.fen" run convert --to xfen --format jsonl
expect_eq "jsonl: exit" 1 "$status"
expect_eq "jsonl: good line" '{"source":"-","line":1,"input":"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1","dialect":"xfen","ok":true,"output":"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1","errors":[],"warnings":[],"operations":[]}' "$(sed -n 1p "$WORK/out")"
expect_eq "jsonl: bad line" "$(printf '%s\357\277\275%s' '{"source":"-","line":2,"input":"bad' '","dialect":"xfen","ok":false,"output":null,"errors":[{"column":2,"message":"invalid piece letter '"'a'"' in rank 8"}],"warnings":[],"operations":[]}')" "$(sed -n 2p "$WORK/out")"

# En-passant modes.
EP='rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'
run convert --to xfen "$EP"
expect_eq "xfen default pseudo keeps a capturable square" "$EP" "$out"
run convert --to xfen --en-passant legal "$EP"
expect_eq "legal keeps a legal capture" "$EP" "$out"
run convert --to shredder 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
expect_contains "shredder keeps by default" 'b HAha e3 0 1' "$out"
run convert --to xfen 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
expect_contains "xfen drops an uncapturable square" 'b KQkq - 0 1' "$out"

# Usage errors (exit 2, nothing on stdout) and unreadable files (exit 3).
run convert --to yfen "$START"
expect_eq "bad --to: exit" 2 "$status"
expect_contains "bad --to: message" "'yfen' is not one of fen|shredder|xfen" "$err"
run convert "$START"
expect_eq "missing --to: exit" 2 "$status"
run convert --to xfen "$START" -f "$WORK/a.fen"
expect_eq "records and files: exit" 2 "$status"
run convert --to xfen -f "$WORK/missing.fen"
expect_eq "missing file: exit" 3 "$status"
expect_contains "missing file: message" "cannot open $WORK/missing.fen" "$err"
expect_eq "missing file: no output" "" "$out"

# --jobs: the same bytes on stdout and stderr, in the same order, for any number of threads; more
# records than one batch, with bad ones among them.
for i in $(seq 3000); do printf '%s\n%s\n\n%s\n' "$START" "${START/KQkq/KQxq}" "$C959"; done >"$WORK/many.fen"
STDIN="$WORK/many.fen" run convert --to shredder --jobs 1
cp "$WORK/out" "$WORK/out1"; cp "$WORK/err" "$WORK/err1"; status1=$status
STDIN="$WORK/many.fen" run convert --to shredder --jobs 3
expect_eq "jobs: exit status" "$status1" "$status"
expect_eq "jobs: line count" 12000 "$(wc -l <"$WORK/out")"
cmp -s "$WORK/out1" "$WORK/out" || fail "jobs: stdout differs between --jobs 1 and --jobs 3"
cmp -s "$WORK/err1" "$WORK/err" || fail "jobs: stderr differs between --jobs 1 and --jobs 3"

# A write error is reported, never a silent truncation.
if [ -w /dev/full ]; then
    "$FEN960" convert --to xfen "$START" >/dev/full 2>"$WORK/err"
    expect_eq "full disk: exit" 3 "$?"
    expect_contains "full disk: message" "write error" "$(cat "$WORK/err")"
    "$FEN960" convert --to xfen --jobs 3 <"$WORK/many.fen" >/dev/full 2>"$WORK/err"
    expect_eq "full disk, many records, threads: exit" 3 "$?"
    expect_contains "full disk, many records, threads: message" "write error" "$(cat "$WORK/err")"
fi

# A closed output pipe (`| head -1`) ends the run quietly with status 0, with one thread or several.
for jobs in 1 3; do
    for _ in $(seq 40); do cat "$WORK/many.fen"; done >"$WORK/lots.fen"
    "$FEN960" convert --to shredder --jobs $jobs -f "$WORK/lots.fen" 2>"$WORK/err" | head -1 >"$WORK/first"
    expect_eq "closed pipe --jobs $jobs: exit" 0 "${PIPESTATUS[0]}"
    expect_eq "closed pipe --jobs $jobs: no message about it" 0 "$(grep -c -i 'write error\|pipe' "$WORK/err")"
    expect_eq "closed pipe --jobs $jobs: the first line" "$(head -1 "$WORK/out1")" "$(cat "$WORK/first")"
done

# --help teaches: an example per dialect.
run convert --help
expect_eq "help: exit" 0 "$status"
expect_contains "help: xfen example" "--to xfen" "$out"
expect_contains "help: shredder example" "--to shredder" "$out"
expect_contains "help: fen example" "--to fen" "$out"


# The acceptance rule: a position no game reaches that the move generator plays converts, with a
# warning naming why; --strict refuses it (exit 1); JSON carries the warning.
run convert --to shredder 'B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1'
expect_eq "unreachable: converted" "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1" "$out"
expect_eq "unreachable: exit" 0 "$status"
expect_contains "unreachable: warning" "argument:1:1: warning: not a position of a legal game (impossible check: " "$err"
run convert --strict --to shredder 'B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1'
expect_eq "unreachable --strict: exit" 1 "$status"
expect_contains "unreachable --strict: error line" "error: invalid position: impossible check: " "$out"
run convert --to xfen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ w - - 0 1'
expect_eq "two queens: converted" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ w - - 0 1" "$out"
expect_contains "two queens: warning" "warning: not a position of a legal game (" "$err"
run convert --to xfen --format jsonl 'B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1'
expect_contains "unreachable jsonl: the record" '"output":"B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1"' "$out"
expect_contains "unreachable jsonl: the warning" '"warnings":[{"column":1,"message":"not a position of a legal game (impossible check: ' "$out"
run convert --to xfen '4k3/8/8/8/8/8/8/4K2r b - - 0 1'
expect_eq "side not to move in check: still refused" 1 "$status"
run key 'B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1'
expect_eq "key of an unreachable position: exit" 0 "$status"
expect_contains "key of an unreachable position: warning" "warning: not a position of a legal game" "$err"
run key --strict 'B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1'
expect_eq "key --strict: exit" 1 "$status"

finish
