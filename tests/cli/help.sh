#!/usr/bin/env bash
# Help and the command line's own messages: every help text wrapped to 80 columns off a terminal (to
# the terminal's width on one), the examples last; `fen960 help [COMMAND]`, a bare `fen960`, an
# unknown command and its nearest name, `--version` in every command, and usage errors as one
# `fen960 COMMAND: ...` line.
. "$(dirname "$0")/lib.sh"

commands=$("$FEN960" --help | sed -n '/^Subcommands:/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p')
expect_eq "nine commands" 9 "$(printf '%s\n' "$commands" | wc -l)"

# widest TEXT: the columns of its longest line (characters, not bytes).
widest() { printf '%s\n' "$1" | LC_ALL=C.UTF-8 wc -L; }

run --help
expect_eq "fen960 --help: status" 0 "$status"
expect_eq "fen960 --help: within 80 columns" 1 "$(($(widest "$out") <= 80))"
expect_eq "fen960 --help: within 60 lines" 1 "$(($(printf '%s\n' "$out" | wc -l) <= 60))"
for c in $commands; do
    run "$c" --help
    expect_eq "$c --help: status" 0 "$status"
    help=$out
    expect_eq "$c --help: within 80 columns ($(widest "$help"))" 1 "$(($(widest "$help") <= 80))"
    # Within 60 lines at 80 columns (the details are the manual page's).
    lines=$(printf '%s\n' "$help" | wc -l)
    expect_eq "$c --help: $lines lines, within 60" 1 "$((lines > 10 && lines <= 60))"
    # No blank line twice in a row, none before the examples' lines.
    expect_eq "$c --help: no empty line twice" "" "$(printf '%s\n' "$help" | uniq -c | awk '$1 > 1 && NF == 1')"
    # The examples come last: after "Examples:" only example lines (indented) follow.
    tail_text=$(printf '%s\n' "$help" | sed -n '/^Examples:/,$p' | tail -n +2)
    expect_eq "$c --help: has examples" 1 "$([ -n "$tail_text" ] && echo 1)"
    expect_eq "$c --help: the examples last" "" "$(printf '%s\n' "$tail_text" | grep -v '^  ' | grep -v '^$')"
    run help "$c"
    expect_eq "help $c: status" 0 "$status"
    expect_eq "help $c: the command's --help" "$help" "$out"
    run "$c" --version
    expect_eq "$c --version: status" 0 "$status"
    expect_eq "$c --version" "$("$FEN960" --version)" "$out"
done
expect_contains "--version names the program" "fen960 " "$("$FEN960" --version)"

# On a terminal the help takes its width (a pseudo-terminal of 120 columns, then 90).
if command -v script >/dev/null; then
    for cols in 120 90; do
        script -qfc "stty cols $cols; '$FEN960' convert --help" "$WORK/typescript" >/dev/null
        shown=$(tr -d "\r" <"$WORK/typescript" | grep -v "^Script ")
        expect_eq "on a terminal of $cols columns: within them" 1 "$(($(widest "$shown") <= cols))"
        expect_eq "on a terminal of $cols columns: uses them" 1 "$(($(widest "$shown") > cols - 10))"
    done
else
    echo "script(1) missing: help on a terminal not checked"
fi

run help
expect_eq "help: status" 0 "$status"
expect_eq "help: the program's --help" "$("$FEN960" --help)" "$out"

run
expect_eq "bare: status 2" 2 "$status"
expect_eq "bare: nothing on standard output" "" "$out"
expect_contains "bare: a usage line" "Usage: fen960 COMMAND" "$err"
expect_contains "bare: the commands" "Commands: convert, pgn, play, startpos, identify, key, perft, validate, show." "$err"
expect_contains "bare: where the help is" "fen960 help COMMAND" "$err"

run conver --to xfen
expect_eq "unknown command: status 2" 2 "$status"
expect_eq "unknown command: the nearest and the list" "fen960: unknown command 'conver'; did you mean 'convert'?
Commands: convert, pgn, play, startpos, identify, key, perft, validate, show." "$err"
run shwo
expect_contains "unknown command: a transposition" "did you mean 'show'?" "$err"
run identfy
expect_contains "unknown command: a letter missing" "did you mean 'identify'?" "$err"
run per
expect_contains "unknown command: a prefix" "did you mean 'perft'?" "$err"
run xyzzy
expect_eq "unknown command, nothing near: no guess" "fen960: unknown command 'xyzzy'
Commands: convert, pgn, play, startpos, identify, key, perft, validate, show." "$err"
run help conver
expect_eq "help of an unknown command: status 2" 2 "$status"
expect_contains "help of an unknown command: the nearest" "fen960 help: unknown command 'conver'; did you mean 'convert'?" "$err"
run --bogus
expect_eq "an unknown option before any command" "fen960: unknown option '--bogus' (a command comes first)
Commands: convert, pgn, play, startpos, identify, key, perft, validate, show." "$err"
expect_eq "an unknown option before any command: status 2" 2 "$status"

# Usage errors: `fen960 COMMAND: MESSAGE`, then where the help is; status 2.
run convert --key startpos
expect_eq "usage error: status 2" 2 "$status"
expect_eq "usage error: prefix and message" "fen960 convert: --key: goes with --format jsonl (fen960 key writes the keys alone)
Run 'fen960 convert --help' for its options and examples." "$err"
run convert --to xfen --to fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect_eq "repeated --to: status 2" 2 "$status"
expect_eq "repeated --to: said plainly" "fen960 convert: --to: given 2 times; give it once" "$(head -n 1 <<<"$err")"
run convert --to xfen --bogus
expect_eq "CLI11's message in lower case" "fen960 convert: the following argument was not expected: --bogus" "$(head -n 1 <<<"$err")"
run convert --to
expect_eq "a missing value: said plainly, with the values" "fen960 convert: --to: its value is missing (fen|shredder|xfen)" "$(head -n 1 <<<"$err")"
run convert --jobs
expect_eq "a missing number: said plainly" "fen960 convert: --jobs: its value is missing" "$(head -n 1 <<<"$err")"
run perft --jobs 999 1
expect_eq "a number out of range: CLI11's words in lower case" "fen960 perft: --jobs: value 999 not in range 0 to 256" "$(head -n 1 <<<"$err")"
expect_eq "a number out of range: status 2" 2 "$status"
run perft 99
expect_eq "an argument out of range: in lower case" "fen960 perft: depth: value 99 not in range 0 to 64" "$(head -n 1 <<<"$err")"
run perft
expect_eq "a command's own usage error: prefixed" "fen960 perft: DEPTH is required (or --suite FILE)" "$(head -n 1 <<<"$err")"
run startpos --to xfen 1000
expect_eq "startpos out of range: prefixed" "fen960 startpos: number 1000 is out of range (Chess960 numbers are 0..959)" "$(head -n 1 <<<"$err")"
run startpos --to xfen -- -1
expect_eq "startpos -1: a number out of range" "fen960 startpos: number -1 is out of range (Chess960 numbers are 0..959)" "$(head -n 1 <<<"$err")"
run startpos --to xfen x1
expect_eq "startpos x1: not a number" "fen960 startpos: 'x1' is not a number (Chess960 numbers are 0..959)" "$(head -n 1 <<<"$err")"

# Wording: a count of one is singular; a byte that is no letter is not called a piece letter.
run validate '8 w - - 0 1'
expect_eq "one rank" "error: board has 1 rank, expected 8" "$out"
run validate 'rnbqkbnr/pppppppp/8/8 w - - 0 1'
expect_eq "four ranks" "error: board has 4 ranks, expected 8" "$out"
printf 'rnbq\0kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n' >"$WORK/nul.fen"
run validate "$WORK/nul.fen"
expect_eq "a NUL byte: no piece letter" "error: a NUL byte instead of a piece letter in rank 8" "$out"
run validate 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNx w KQkq - 0 1'
expect_eq "a letter that names no piece" "error: invalid piece letter 'x' in rank 1" "$out"
# The standard start's first two counts (20 and 400 leaves), the second beyond --max-depth.
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400\n' >"$WORK/one.epd"
run perft --suite "$WORK/one.epd" --max-depth 1
expect_eq "one position, one count" "1 position, 1 count checked: all match; 1 count deeper than 1 skipped (--max-depth)" \
    "$(tail -n 1 <<<"$out")"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 21\n' >"$WORK/bad.epd"
run perft --suite "$WORK/bad.epd"
expect_eq "one position failed" "1 position, 1 count checked: 1 position failed" "$(tail -n 1 <<<"$out")"
S='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
run convert --stats "$S"
expect_eq "convert --stats of one record" "fen960 convert: 1 record
fen960 convert: 1 distinct position with clocks
fen960 convert: 1 distinct position without clocks
fen960 convert: 1 distinct position without superfluous en-passant squares (as --unique tells them)
fen960 convert: 1 distinct board with side to move and castling rights
fen960 convert: 1 distinct board" "$err"
printf '[Event "x"]\n\n1. e4 *\n' >"$WORK/one.pgn"
run pgn --positions "$WORK/one.pgn"
expect_contains "one game" "fen960 pgn: 1 game read: 1 imported" "$err"

finish
