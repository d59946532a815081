#!/usr/bin/env bash
# End-to-end tests of `fen960 validate`: one verdict line per input line, both rule sets, diagnostics
# for records that do not parse, exit statuses.
. "$(dirname "$0")/lib.sh"

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
C959='rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'
OPPOSITE='4k3/8/8/8/8/8/8/4K2r b - - 0 1'

run validate "$START"
expect_eq "start valid" valid "$out"
expect_eq "start exit" 0 "$status"

# Chess960 castling is valid with --chess960 only.
run validate --chess960 "$C959"
expect_eq "959 valid in chess960" valid "$out"
expect_eq "959 exit" 0 "$status"
run validate "$C959"
expect_eq "959 standard exit" 1 "$status"
expect_eq "959 standard verdict" "invalid" "$(printf '%s\n' "$out" | cut -f1)"
expect_contains "959 standard reason" "castling letter 'C': standard chess castles only with the king on e1" "$out"

# Every reason, tab after the verdict, '; ' between reasons.
run validate --chess960 '8/8/8/8/8/8/8/8 w - - 0 1'
expect_eq "no kings" "$(printf 'invalid\tno white king; no black king')" "$out"

# A double push leaves its origin square empty and the halfmove clock 0 (issue 26's two mutants):
# a knight on d2 refuses the square d3, and perft will not count the capture it would allow.
run validate '4k3/8/8/8/3Pp3/8/3N4/4K3 b - d3 0 1'
expect_eq "ep origin occupied" "$(printf 'invalid\ten-passant square d3: d2 is occupied, so no pawn can have moved from there')" "$out"
expect_eq "ep origin occupied: exit" 1 "$status"
run perft 1 '4k3/8/8/8/3Pp3/8/3N4/4K3 b - d3 0 1'
expect_eq "ep origin occupied: perft exit" 1 "$status"
expect_contains "ep origin occupied: perft says why" "d2 is occupied, so no pawn can have moved from there" "$err"
run validate 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 1 1'
expect_eq "ep clock 1" "$(printf 'invalid\ten-passant square e3: the halfmove clock is 1, but the double push that allows en passant resets it to 0')" "$out"

# Good, invalid, empty and malformed lines on stdin: one line each, in order; diagnostics on stderr
# for the malformed ones only.
printf '%s\n%s\n\n%s\r\n%s\n%s' "$START" "$OPPOSITE" "${START/KQkq/KQxq}" "${START/KQkq/KQkqb}" "$C959" >"$WORK/mixed.fen"
STDIN="$WORK/mixed.fen" run validate --chess960
expect_eq "mixed: exit" 1 "$status"
expect_eq "mixed: line count" 6 "$(printf '%s\n' "$out" | wc -l)"
expect_eq "mixed: 1" valid "$(printf '%s\n' "$out" | sed -n 1p)"
expect_eq "mixed: 2" "$(printf 'invalid\tthe side not to move is in check: white king on e1 attacked from h1')" \
    "$(printf '%s\n' "$out" | sed -n 2p)"
expect_eq "mixed: 3 (empty: no record)" "" "$(printf '%s\n' "$out" | sed -n 3p)"
expect_eq "mixed: 4 (CRLF, bad letter)" "error: invalid castling letter 'x'" "$(printf '%s\n' "$out" | sed -n 4p)"
expect_eq "mixed: 5 (third right)" "error: castling letter 'b': more than two castling rights for black" \
    "$(printf '%s\n' "$out" | sed -n 5p)"
expect_eq "mixed: 6 (no final newline)" valid "$(printf '%s\n' "$out" | sed -n 6p)"
expect_contains "mixed: stderr location" "-:4:49: invalid castling letter 'x'" "$err"
expect_contains "mixed: stderr caret" "$(printf '%s\n%48s^' "${START/KQkq/KQxq}" '')" "$err"
expect_contains "mixed: stderr third right" "-:5:51: castling letter 'b'" "$err"
expect_eq "mixed: nothing on stderr for invalid positions" "" "$(printf '%s\n' "$err" | grep -e '-:2:' || true)"

# The same file under standard rules: the Chess960 start becomes invalid.
run validate "$WORK/mixed.fen"
expect_eq "file: line 6 standard" invalid "$(printf '%s\n' "$out" | sed -n 6p | cut -f1)"
expect_contains "file: named in diagnostics" "$WORK/mixed.fen:4:49:" "$err"

# Records as arguments, and files next to them.
printf '%s\n' "$START" >"$WORK/one.fen"
run validate "$START" "$WORK/one.fen" "$OPPOSITE"
expect_eq "arguments and file: lines" 3 "$(printf '%s\n' "$out" | wc -l)"
expect_eq "arguments and file: exit" 1 "$status"

# Exit statuses: all valid, usage error, unreadable file.
run validate --chess960 "$START" "$C959"
expect_eq "all valid exit" 0 "$status"
expect_eq "all valid lines" "$(printf 'valid\nvalid')" "$out"
run validate --no-such-option
expect_eq "usage exit" 2 "$status"
run validate --help
expect_eq "help exit" 0 "$status"
expect_contains "help example" "fen960 validate --chess960" "$out"

finish
