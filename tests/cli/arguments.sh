#!/bin/sh
# End-to-end tests of the one argument rule of the record commands (issue 26, "Arguments it must not
# guess"; cli/io.hpp argument_record): an argument holding a space is a record, 'startpos' the standard
# start, a bare back rank that start, '-' standard input, any other argument a file, which must open
# (else 'fen960 CMD: cannot open FILE: REASON', exit 3); standard output onto an input is refused.
. "$(dirname "$0")/lib.sh"

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
E4='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'

# A missing file, a directory and an unreadable file: named, with the reason, exit 3, nothing written.
for cmd in validate identify key convert play show; do
    run $cmd "$WORK/nosuch.fen"
    expect_eq "$cmd missing file: exit" 3 "$status"
    expect_eq "$cmd missing file: message" "fen960 $cmd: cannot open $WORK/nosuch.fen: No such file or directory" "$err"
    expect_eq "$cmd missing file: no output" "" "$out"
    mkdir -p "$WORK/dir"
    run $cmd "$WORK/dir"
    expect_eq "$cmd directory: exit" 3 "$status"
    expect_eq "$cmd directory: message" "fen960 $cmd: cannot open $WORK/dir: Is a directory" "$err"
done
run perft 1 "$WORK/nosuch.fen"
expect_eq "perft missing file: exit" 3 "$status"
expect_eq "perft missing file: message" "fen960 perft: cannot open $WORK/nosuch.fen: No such file or directory" "$err"
# The issue's case: `convert --to xfen book.epd` without -f reads the file.
printf '%s\n' "$E4" >"$WORK/book.epd"
run convert --to shredder "$WORK/book.epd"
expect_eq "convert FILE without -f: exit" 0 "$status"
expect_eq "convert FILE without -f: read as a file" 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1' "$out"
if [ "$(id -u)" -ne 0 ]; then
    printf '%s\n' "$START" >"$WORK/locked.fen"
    chmod 000 "$WORK/locked.fen"
    run validate "$WORK/locked.fen"
    expect_eq "unreadable file: exit" 3 "$status"
    expect_eq "unreadable file: message" "fen960 validate: cannot open $WORK/locked.fen: Permission denied" "$err"
fi

# -f FILE: a file whatever its name (here one named like the standard start's keyword).
printf '%s\n' "$E4" >"$WORK/startpos"
run validate -f "$WORK/startpos"
expect_eq "-f names a file" "valid" "$out"
run identify -f "$WORK/startpos"
expect_eq "identify -f" "-" "$out"
run key -f "$WORK/startpos"
expect_eq "key -f" "823c9b50fd114196" "$out"

# startpos: the standard start wherever a record goes.
run key startpos
expect_eq "key startpos" "463b96181691fc9c" "$out"
run identify startpos
expect_eq "identify startpos" "518" "$out"
run validate startpos
expect_eq "validate startpos" "valid" "$out"
run convert --to shredder startpos
expect_eq "convert startpos" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1' "$out"
run perft 3 startpos e2e4
expect_eq "perft 3 startpos e2e4" "13160" "$out"
run perft 2 startpos
expect_eq "perft 2 startpos" "400" "$out"
run show startpos
expect_eq "show startpos: exit" 0 "$status"
expect_contains "show startpos: drawn" "[♜] ♞  ♝  ♛  ♚  ♝  ♞ [♜]" "$out"
run play startpos e4
expect_eq "play startpos" "$E4" "$out"

# A bare back rank: that Chess960 start; black's and white's: that Double Fischer Random start.
run identify BBQNNRKR
expect_eq "identify BBQNNRKR" "0" "$out"
run identify rkrnnqbb
expect_eq "identify a lower-case rank" "959" "$out"
run identify 'bbqnnrkr/RNBQKBNR'
expect_eq "identify a DFRC pair" "dfrc:497280" "$out"
run key BBQNNRKR
expect_eq "key BBQNNRKR (as its FEN)" "d551843a235a6f67" "$out"
run play BBQNNRKR e4
expect_eq "play BBQNNRKR e4" 'bbqnnrkr/pppppppp/8/8/4P3/8/PPPP1PPP/BBQNNRKR b KQkq - 0 1' "$out"
# Not one of the 960 arrangements (bishops on one colour): a file, so not guessed.
run identify BQBNNRKR
expect_eq "no back rank: a file" 3 "$status"

# Show and perft read a file's first line.
run show "$WORK/book.epd"
expect_contains "show FILE: the first line drawn" "en passant:" "$out"
run perft 1 "$WORK/book.epd"
expect_eq "perft FILE: its first line counted" "20" "$out"

# Standard output onto an input: refused before anything is read (>> keeps the file to be read).
printf '%s\n' "$START" >"$WORK/io.fen"
for cmd in validate identify key convert; do
    cp "$WORK/io.fen" "$WORK/in.fen"
    "$FEN960" $cmd "$WORK/in.fen" >>"$WORK/in.fen" 2>"$WORK/err"
    status=$?
    expect_eq "$cmd stdout is the input: exit" 2 "$status"
    expect_contains "$cmd stdout is the input: message" "standard output is the input $WORK/in.fen" "$(cat "$WORK/err")"
    expect_eq "$cmd stdout is the input: file unchanged" "$START" "$(cat "$WORK/in.fen")"
done
printf 'position startpos moves e2e4\n' >"$WORK/in.uci"
"$FEN960" play "$WORK/in.uci" >>"$WORK/in.uci" 2>"$WORK/err"
expect_eq "play stdout is the input: exit" 2 "$?"
expect_eq "play stdout is the input: file unchanged" "position startpos moves e2e4" "$(cat "$WORK/in.uci")"
"$FEN960" validate <"$WORK/io.fen" >>"$WORK/io.fen" 2>"$WORK/err"
expect_eq "stdin is the output: exit" 2 "$?"

# --help says the rule in every record command.
for cmd in validate identify key convert play show perft; do
    run $cmd --help
    expect_contains "$cmd --help: the rule" "An argument holding a space is a record" "$(printf '%s' "$out" | tr -s ' \n' '  ')"
done

finish
