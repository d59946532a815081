#!/usr/bin/env bash
# The record-per-line commands (convert, validate, identify) on hostile input: exactly one output line
# per input line whatever the bytes (binary garbage, NUL, CRLF and lone CR, invalid UTF-8, empty lines,
# a missing final newline, a line over the limit), the same output for any --jobs, and JSON Lines that
# keep every line too.
. "$(dirname "$0")/lib.sh"

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
{
    printf '%s\n' "$START"
    printf '\n'                                   # an empty line is no record: an empty line in its slot
    printf 'garbage\0with NUL\n'
    printf '%s\r\n' "$START"                      # CRLF
    printf 'lone\rcarriage return\n'
    printf '\377\376 not UTF-8\n'
    LC_ALL=C awk 'BEGIN { srand(7); for (i = 0; i < 3000; i++) { c = int(rand() * 255) + 1; if (c != 10) printf "%c", c } }'
    printf '\n'
    head -c 70000 /dev/zero | tr '\0' 'r'; printf '\n'
    printf '%s' "$START"                          # no final newline
} >"$WORK/hostile.txt"
lines=9

for command in "convert --to xfen" "validate" "validate --chess960" "identify"; do
    for jobs in 1 3; do
        # shellcheck disable=SC2086
        STDIN="$WORK/hostile.txt" run $command --jobs $jobs
        expect_eq "$command --jobs $jobs: one line per input line" "$lines" "$(wc -l <"$WORK/out")"
        expect_eq "$command --jobs $jobs: exit status" 1 "$status"
        cp "$WORK/out" "$WORK/out.$jobs"
        # shellcheck disable=SC2086
        STDIN="$WORK/hostile.txt" run $command --jobs $jobs --format jsonl
        expect_eq "$command --jobs $jobs --format jsonl: one object per input line" "$lines" "$(wc -l <"$WORK/out")"
        expect_eq "$command --format jsonl: line numbers in order" "$(seq -s, 1 $lines)" \
            "$(sed 's/.*"line":\([0-9]*\),.*/\1/' "$WORK/out" | paste -sd,)"
    done
    cmp -s "$WORK/out.1" "$WORK/out.3" || fail "$command: output differs between --jobs 1 and --jobs 3"
    expect_eq "$command: the first record is read" "$(sed -n 1p "$WORK/out.1" | cut -c1-5)" \
        "$(sed -n 9p "$WORK/out.1" | cut -c1-5)"
    if [ "$command" = "convert --to xfen" ]; then
        expect_eq "$command: an empty line is copied to its slot" "" "$(sed -n 2p "$WORK/out.1")"
    else
        expect_eq "$command: an empty line leaves its slot empty" "" "$(sed -n 2p "$WORK/out.1")"
    fi
    expect_contains "$command: the long line is reported" "record longer than 65535 bytes" "$(sed -n 8p "$WORK/out.1")"
done

# JSON Lines of validate and identify, exactly.
run validate --format jsonl '4k3/8/8/8/8/8/8/4K2r b - - 0 1'
expect_eq "validate jsonl" '{"source":"argument","line":1,"input":"4k3/8/8/8/8/8/8/4K2r b - - 0 1","rules":"standard","verdict":"invalid","reasons":[{"column":1,"message":"the side not to move is in check: white king on e1 attacked from h1"}],"errors":[]}' "$out"
run identify --format jsonl 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'
expect_eq "identify jsonl" '{"source":"argument","line":1,"input":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1","ok":true,"result":"518","chess960":518,"dfrc":null,"reasons":[],"invalid_position":false,"errors":[]}' "$out"

finish
