#!/usr/bin/env bash
# End-to-end tests of `fen960 startpos` and `fen960 identify`: outputs against the oracle tables,
# exit statuses, range errors naming the range, reproducible random draws, diagnostics on stderr.
. "$(dirname "$0")/lib.sh"
DATA="$(dirname "$0")/../data"

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

# --- startpos N ---------------------------------------------------------------------------------
run startpos 518
expect_eq "518" "$START" "$out"
expect_eq "518: exit" 0 "$status"
run startpos 959 --to shredder
expect_eq "959 shredder" 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1' "$out"
run startpos 0 --to xfen --number
expect_eq "0 with its number" "$(printf '0\tbbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1')" "$out"
run startpos 0 --to fen
expect_eq "0 in standard FEN: exit" 1 "$status"
expect_contains "0 in standard FEN: stdout" 'error: castling right of the rook on h1 cannot be written in standard FEN' "$out"
expect_contains "0 in standard FEN: stderr" 'fen960 startpos: 0: castling right of the rook on h1' "$err"
# White 518 with black 0, by hand: 518 * 960 + 0.
run startpos --dfrc 497280 --to shredder
expect_eq "dfrc 497280" 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1' "$out"

# Every oracle row, one command each (startpos [--dfrc] N --to D).
rows=0
while IFS=$'\t' read -r kind n shredder xfen fen; do
    [ "$kind" = kind ] && continue
    flag=()
    [ "$kind" = dfrc ] && flag=(--dfrc)
    # The 960 Chess960 rows are checked below through --all; here the DFRC rows and a sample.
    if [ "$kind" = c960 ] && [ $((n % 37)) -ne 0 ]; then continue; fi
    rows=$((rows + 1))
    run startpos "${flag[@]}" "$n" --to shredder
    expect_eq "$kind $n shredder" "$shredder" "$out"
    run startpos "${flag[@]}" "$n" --to xfen
    expect_eq "$kind $n xfen" "$xfen" "$out"
    if [ "$kind" = c960 ]; then
        run startpos "$n"
        expect_eq "$kind $n default xfen" "$xfen" "$out"
    fi
    run startpos "${flag[@]}" "$n" --to fen
    if [ "$fen" = '!' ]; then
        expect_eq "$kind $n fen: exit" 1 "$status"
        expect_contains "$kind $n fen: error" "error: castling right of the rook on" "$out"
    else
        expect_eq "$kind $n fen" "$fen" "$out"
        expect_eq "$kind $n fen: exit" 0 "$status"
    fi
done <"$DATA/oracle/startpos.tsv"
[ "$rows" -gt 100 ] || fail "too few oracle startpos rows checked ($rows)"

# --all: 960 lines, NUMBER<TAB>RECORD, equal to the oracle in every dialect.
for d in shredder xfen; do
    run startpos --all --to "$d"
    expect_eq "--all $d: exit" 0 "$status"
    col=$([ "$d" = shredder ] && echo 3 || echo 4)
    expect_eq "--all $d = oracle" "$(awk -F'\t' -v c="$col" '$1 == "c960" { print $2 "\t" $c }' "$DATA/oracle/startpos.tsv")" "$out"
done
run startpos --all --to fen
expect_eq "--all fen: exit" 1 "$status"
expect_eq "--all fen: lines" 960 "$(wc -l <"$WORK/out")"
expect_eq "--all fen = oracle" \
    "$(awk -F'\t' '$1 == "c960" { print $2 "\t" ($5 == "!" ? "error" : $5) }' "$DATA/oracle/startpos.tsv")" \
    "$(sed 's/\terror: .*/\terror/' "$WORK/out")"
# scalachess's table, number and X-FEN.
expect_eq "--all = scalachess table" "$(awk -F'\t' '!/^#/ && $1 != "number" { print $1 "\t" $3 }' "$DATA/startpos/chess960-startpos.tsv")" \
    "$("$FEN960" startpos --all)"

# --- usage errors: exit 2 and the range in the message ------------------------------------------
for bad in 960 -1 abc 1e3 99999999999999999999999 ''; do
    run startpos "$bad"
    expect_eq "startpos '$bad': exit" 2 "$status"
    expect_eq "startpos '$bad': no output" "" "$out"
done
run startpos 960
expect_contains "960: range" "number 960 is out of range (Chess960 numbers are 0..959)" "$err"
run startpos --dfrc 921600
expect_eq "dfrc 921600: exit" 2 "$status"
expect_contains "dfrc 921600: range" "0..921599" "$err"
run startpos --dfrc 921599 --to shredder
expect_eq "dfrc 921599: exit" 0 "$status"
expect_eq "dfrc 921599" 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1' "$out"
run startpos
expect_eq "no mode: exit" 2 "$status"
run startpos 5 --all
expect_eq "N and --all: exit" 2 "$status"
run startpos --all --random
expect_eq "--all --random: exit" 2 "$status"
run startpos 5 --seed 3
expect_eq "--seed without --random: exit" 2 "$status"
run startpos 5 --to yfen
expect_eq "bad dialect: exit" 2 "$status"

# --- random: reproducible with a seed, in range, named again by identify ------------------------
run startpos --random --seed 42 --number
first=$out
run startpos --random --seed 42 --number
expect_eq "same seed, same position" "$first" "$out"
n=${out%%$'\t'*}
expect_eq "random: identify names its number" "$n" "$("$FEN960" identify "${out#*$'\t'}")"
run startpos --random --seed 43 --dfrc --number --to shredder
n=${out%%$'\t'*}
label=$("$FEN960" identify "${out#*$'\t'}")
expected_label="dfrc:$n"
[ $((n % 961)) -eq 0 ] && expected_label=$((n / 961))
expect_eq "random dfrc: identify names its number" "$expected_label" "$label"
# Unseeded draws vary (20 draws from 960 all equal: chance 960^-19).
distinct=$(for i in $(seq 20); do "$FEN960" startpos --random; done | sort -u | wc -l)
[ "$distinct" -gt 1 ] || fail "unseeded --random gave one position 20 times"

# --- identify ----------------------------------------------------------------------------------
# All 960 starts named by their numbers.
expect_eq "identify all 960" "$(seq 0 959)" "$("$FEN960" startpos --all --to shredder | cut -f2 | "$FEN960" identify)"

# The oracle's records, in a file: one line each, its expectation or the accepted alternative. A blank
# record (the table's 'error') is no record since issue 15: an empty line, as invalid.jsonl's 'empty?'
# rows accept ('blank').
tail -n +2 "$DATA/oracle/identify.tsv" | cut -f1 >"$WORK/records"
run identify "$WORK/records"
expect_eq "oracle identify: exit (unparsable rows)" 1 "$status"
expect_eq "oracle identify: one line per record" "$(wc -l <"$WORK/records")" "$(wc -l <"$WORK/out")"
mismatches=$(tail -n +2 "$DATA/oracle/identify.tsv" | cut -f1,2,3 | paste "$WORK/out" - |
    awk -F'\t' '{ got = $1; if (got ~ /^error: /) got = "error"; if (got == "" && $2 ~ /^[ \t]*$/) got = $3
                  if (got != $3 && ($4 == "" || got != $4)) print }')
expect_eq "oracle identify: mismatches" "" "$mismatches"
# The same output and diagnostics on one thread and on several.
for i in 1 2 3 4 5 6 7 8; do cat "$WORK/records"; done >"$WORK/records8"
"$FEN960" identify --explain --jobs 1 "$WORK/records8" >"$WORK/j1.out" 2>"$WORK/j1.err"
"$FEN960" identify --explain --jobs 3 "$WORK/records8" >"$WORK/j3.out" 2>"$WORK/j3.err"
cmp -s "$WORK/j1.out" "$WORK/j3.out" || fail "identify --jobs 3 stdout differs from --jobs 1"
cmp -s "$WORK/j1.err" "$WORK/j3.err" || fail "identify --jobs 3 stderr differs from --jobs 1"
expect_eq "--jobs: line count" "$(wc -l <"$WORK/records8")" "$(wc -l <"$WORK/j3.out")"

run identify "$START" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1' \
    'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' \
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
expect_eq "arguments" "$(printf '518\n518\ndfrc:497280\n-')" "$out"
expect_eq "arguments: exit" 0 "$status"

run identify --explain 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' "$START"
expect_eq "--explain" "$(printf -- '-\twhite pawns do not fill rank 2 (e2 empty); other pieces on the board (white pawn on e4); black to move (white moves first in a start position)\n518')" "$out"
run identify --explain 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 3 1'
expect_eq "--explain castling and clocks" "$(printf -- '-\tcastling rights are not exactly the four rooks (missing a1); clocks 3 1 (a start position has 0 1)')" "$out"

# Errors keep the lines aligned, exit 1, and go to stderr with a caret.
printf '%s\n%s\n\n%s\n' "$START" "${START/KQkq/KQxq}" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1' >"$WORK/mixed.fen"
STDIN="$WORK/mixed.fen" run identify
expect_eq "mixed: exit" 1 "$status"
expect_eq "mixed: line 1" 518 "$(sed -n 1p "$WORK/out")"
expect_eq "mixed: line 2" "error: invalid castling letter 'x'" "$(sed -n 2p "$WORK/out")"
expect_eq "mixed: line 3 (empty: no record)" "" "$(sed -n 3p "$WORK/out")"
expect_eq "mixed: line 4 (no rook for K)" "error: invalid position: castling letter 'K': no white rook on the h-side of the king" "$(sed -n 4p "$WORK/out")"
expect_contains "mixed: stderr location" "-:2:49: invalid castling letter 'x'" "$err"
expect_contains "mixed: stderr caret" "$(printf '%s\n%48s^' "${START/KQkq/KQxq}" '')" "$err"
expect_contains "mixed: stderr names line 4" "-:4:47: invalid position: castling letter 'K'" "$err"

# Impossible positions are errors with every reason validation finds; a malformed castling field
# is a record error, as in convert.
run identify 'rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1' '4k3/4R3/8/8/8/8/8/4K3 w - - 0 1'
expect_eq "invalid: exit" 1 "$status"
expect_eq "invalid: no black king" "error: invalid position: no black king" "$(sed -n 1p "$WORK/out")"
expect_contains "invalid: check" "error: invalid position: the side not to move is in check" "$(sed -n 2p "$WORK/out")"
expect_contains "invalid: stderr" "argument:1:1: invalid position: no black king" "$err"
run identify "${START/KQkq/KKkq}"
expect_eq "repeated letter: exit" 1 "$status"
expect_contains "repeated letter" "error: castling letter 'K': repeats" "$out"

# Files and stdin ('-') together, in order.
printf '%s\n' "$START" >"$WORK/a.fen"
STDIN="$WORK/a.fen" run identify "$WORK/a.fen" - "$WORK/a.fen"
expect_eq "files and stdin" "$(printf '518\n518\n518')" "$out"
run identify "$WORK/missing.fen"
expect_eq "missing file is a record that does not parse" 1 "$status"

# --- help ---------------------------------------------------------------------------------------
run startpos --help
expect_eq "startpos help: exit" 0 "$status"
expect_contains "startpos help: example" "fen960 startpos 518" "$out"
expect_contains "startpos help: dfrc formula" "white * 960 + black" "$out"
run identify --help
expect_eq "identify help: exit" 0 "$status"
expect_contains "identify help: example" "dfrc:497280" "$out"
run --help
expect_contains "top help lists startpos" "startpos" "$out"
expect_contains "top help lists identify" "identify" "$out"

finish
