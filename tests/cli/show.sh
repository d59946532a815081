#!/usr/bin/env bash
# End-to-end tests of `fen960 show`: the text diagram, colour only on a terminal and without NO_COLOR,
# reasons for invalid positions, parse errors with a caret, '-' for stdin, --svg files, exit statuses.
. "$(dirname "$0")/lib.sh"

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
C959='rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'
E4='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
ESC=$(printf '\033')

# The standard start: coordinates, glyphs, castling rooks marked, status lines, legend; no colour in a file.
run show "$START"
expect_eq "start: exit" 0 "$status"
expect_eq "start: files" '   a  b  c  d  e  f  g  h' "$(sed -n 1p "$WORK/out")"
expect_eq "start: rank 8" '8 [♜] ♞  ♝  ♛  ♚  ♝  ♞ [♜] 8' "$(sed -n 2p "$WORK/out")"
expect_eq "start: rank 1" '1 [♖] ♘  ♗  ♕  ♔  ♗  ♘ [♖] 1' "$(sed -n 9p "$WORK/out")"
expect_contains "start: side to move" 'to move:         white' "$out"
expect_contains "start: castling rooks" 'castling rooks:  a1 h1 a8 h8' "$out"
expect_contains "start: legend" 'marks:  [·] castling rook  (·) en-passant square  !·! problem square' "$out"
expect_contains "start: verdict" 'valid position (standard rules)' "$out"
expect_eq "start: no colour into a file" 0 "$(grep -c "$ESC" "$WORK/out")"
expect_eq "start: nothing on stderr" "" "$err"

# En passant marked, black to move.
run show "$E4"
expect_eq "e4: rank 3" '3  ·  ·  ·  · (·) ·  ·  ·  3' "$(sed -n 7p "$WORK/out")"
expect_contains "e4: side to move" 'to move:         black' "$out"
expect_contains "e4: en passant" 'en passant:      e3' "$out"

# --flip: black at the bottom.
run show --flip "$START"
expect_eq "flip: files" '   h  g  f  e  d  c  b  a' "$(sed -n 1p "$WORK/out")"
expect_eq "flip: top rank" '1 [♖] ♘  ♗  ♔  ♕  ♗  ♘ [♖] 1' "$(sed -n 2p "$WORK/out")"

# Rules: a Chess960 start is valid by Chess960 rules, invalid by standard ones (four rights, four marks).
run show --chess960 "$C959"
expect_eq "960 by chess960 rules: exit" 0 "$status"
expect_eq "960 by chess960 rules: rank 1" '1 [♖] ♔ [♖] ♘  ♘  ♕  ♗  ♗  1' "$(sed -n 9p "$WORK/out")"
expect_contains "960 by chess960 rules: verdict" 'valid position (chess960 rules)' "$out"
run show "$C959"
expect_eq "960 by standard rules: exit" 1 "$status"
expect_eq "960 by standard rules: rank 1" '1 !♖! ♔ !♖! ♘  ♘  ♕  ♗  ♗  1' "$(sed -n 9p "$WORK/out")"
expect_contains "960 by standard rules: verdict" 'invalid position (standard rules):' "$out"
expect_eq "960 by standard rules: reasons" 4 "$(grep -c "^  - castling letter '[CAca]': standard chess castles only" "$WORK/out")"

# The reasons are validate's, in its order.
run show '4k3/8/8/8/8/8/8/4K2r b - - 0 1'
expect_eq "check: exit" 1 "$status"
expect_contains "check: reason" '  - the side not to move is in check: white king on e1 attacked from h1' "$out"
expect_eq "check: king marked" '1  ·  ·  ·  · !♔! ·  ·  ♜  1' "$(sed -n 9p "$WORK/out")"
validate_reasons=$("$FEN960" validate '8/8/8/8/8/8/8/K3K3 w - - 0 1' | cut -f2 | sed 's/; /\n/g')
run show '8/8/8/8/8/8/8/K3K3 w - - 0 1'
expect_eq "kings: the reasons of validate" "$validate_reasons" "$(sed -n 's/^  - //p' "$WORK/out")"

# Colour only on a terminal (script(1) gives fen960 one), and NO_COLOR set to anything but "" turns it off.
if command -v script >/dev/null 2>&1; then
    on_tty() { script -qec "$*" /dev/null </dev/null; }
    coloured=$(on_tty env -u NO_COLOR "'$FEN960'" show "'$START'")
    expect_contains "tty: coloured squares" "$ESC[48;5;" "$coloured"
    expect_contains "tty: glyphs still there" '♔' "$coloured"
    plain=$(on_tty env NO_COLOR=1 "'$FEN960'" show "'$START'")
    expect_contains "NO_COLOR=1: board drawn" '[♖] ♘  ♗  ♕  ♔  ♗  ♘ [♖]' "$plain"
    expect_eq "NO_COLOR=1: no escapes" 0 "$(printf '%s' "$plain" | grep -c "$ESC")"
    empty=$(on_tty env NO_COLOR= "'$FEN960'" show "'$START'")
    expect_contains "NO_COLOR empty: coloured" "$ESC[48;5;" "$empty"
else
    echo "skip: script(1) not found; colour on a terminal not checked"
fi

# A record that does not parse: error on stdout, the caret diagnostic on stderr, exit 1.
run show "${START/KQkq/KQxq}"
expect_eq "bad record: exit" 1 "$status"
expect_eq "bad record: stdout" "error: invalid castling letter 'x'" "$out"
expect_contains "bad record: location" "argument:1:49: invalid castling letter 'x'" "$err"
expect_contains "bad record: caret" "$(printf '%s\n%48s^' "${START/KQkq/KQxq}" '')" "$err"

# '-' reads the first line of standard input (CRLF allowed).
printf '%s\r\n%s\n' "$E4" "$START" >"$WORK/two.fen"
STDIN="$WORK/two.fen" run show -
expect_eq "stdin: exit" 0 "$status"
expect_contains "stdin: first record drawn" 'en passant:      e3' "$out"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1\n' >"$WORK/bad.fen"
STDIN="$WORK/bad.fen" run show -
expect_contains "stdin: named in the diagnostic" "-:1:49: invalid castling letter 'x'" "$err"
{ head -c 70000 /dev/zero | tr '\0' 'x'; printf '\n%s\n' "$START"; } >"$WORK/long.fen"
STDIN="$WORK/long.fen" run show -
expect_eq "stdin: too long, exit" 1 "$status"
expect_eq "stdin: too long" "error: record longer than 65535 bytes; not read further" "$out"
run show "$(head -c 70000 /dev/zero | tr '\0' 'x') w"
expect_eq "argument: too long" "error: record longer than 65535 bytes; not read further" "$out"
"$FEN960" startpos 959 | "$FEN960" show --chess960 - >"$WORK/out"
expect_contains "pipe from startpos" 'castling rooks:  a1 c1 a8 c8' "$(cat "$WORK/out")"

# --svg FILE: the picture goes to the file, nothing to stdout.
run show --svg "$WORK/start.svg" "$START"
expect_eq "svg: exit" 0 "$status"
expect_eq "svg: stdout empty" "" "$out"
expect_eq "svg: xml declaration" '<?xml version="1.0" encoding="UTF-8"?>' "$(head -n 1 "$WORK/start.svg")"
expect_eq "svg: 64 squares" 64 "$(grep -c 'class="square ' "$WORK/start.svg")"
expect_eq "svg: 32 pieces" 32 "$(grep -c 'class="piece ' "$WORK/start.svg")"
expect_eq "svg: 4 castling rooks" 4 "$(grep -c 'class="mark castling"' "$WORK/start.svg")"
expect_eq "svg: closed" '</svg>' "$(tail -n 1 "$WORK/start.svg")"
if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout "$WORK/start.svg" 2>"$WORK/xmllint" || fail "svg: xmllint: $(cat "$WORK/xmllint")"
fi
run show --svg - "$C959"
expect_eq "svg to stdout: invalid exit" 1 "$status"
expect_eq "svg to stdout: 4 problem squares" 4 "$(grep -c 'class="mark problem"' "$WORK/out")"
expect_contains "svg to stdout: a reason" "castling letter &apos;C&apos;: standard chess castles only" "$out"
run show --svg "$WORK/e4.svg" --flip "$E4"
expect_eq "svg: en-passant marker" 1 "$(grep -c 'class="mark en-passant" data-square="e3"' "$WORK/e4.svg")"
run show --svg "$WORK/never.svg" 'not a record'
expect_eq "svg of a bad record: exit" 1 "$status"
[ -e "$WORK/never.svg" ] && fail "svg of a bad record: file written"
run show --svg "$WORK/missing/dir/x.svg" "$START"
expect_eq "svg unwritable: exit" 3 "$status"
expect_contains "svg unwritable: message" "cannot write $WORK/missing/dir/x.svg" "$err"

# Usage errors (exit 2) and a full disk (exit 3).
run show
expect_eq "no record: exit" 2 "$status"
run show --colour "$START"
expect_eq "unknown option: exit" 2 "$status"
if [ -w /dev/full ]; then
    "$FEN960" show "$START" >/dev/full 2>"$WORK/err"
    expect_eq "full disk: exit" 3 "$?"
    expect_contains "full disk: message" "write error" "$(cat "$WORK/err")"
fi

# --help teaches, with examples.
run show --help
expect_eq "help: exit" 0 "$status"
expect_contains "help: examples" "Examples:" "$out"
expect_contains "help: svg example" "fen960 show --svg start.svg" "$out"
expect_contains "help: NO_COLOR" "NO_COLOR" "$out"

finish
