#!/usr/bin/env bash
# End-to-end tests of `fen960 perft`: counts from the perft suites, --divide, errors and exit statuses.
. "$(dirname "$0")/lib.sh"

# The standard start by default (counts from the classic perft suite).
run perft 3
expect_eq "start depth 3" 8902 "$out"
expect_eq "start exit" 0 "$status"
run perft 0
expect_eq "depth 0" 1 "$out"

# Chess960 castling (cutechess-frc1: EBgb, depth 2 = 464).
FRC1='1rk3r1/8/8/8/8/8/8/1RK1R3 w EBgb - 0 1'
run perft 2 "$FRC1"
expect_eq "frc1 depth 2" 464 "$out"

# --divide: one 'MOVE: COUNT' line per root move, sorted, then the total; the counts add up.
run perft --divide 2 "$FRC1"
expect_eq "divide exit" 0 "$status"
expect_eq "divide total is the last line" 464 "$(printf '%s\n' "$out" | tail -n 1)"
moves=$(printf '%s\n' "$out" | sed '$d')
expect_eq "divide lines" 23 "$(printf '%s\n' "$moves" | wc -l)"
expect_eq "divide sum" 464 "$(printf '%s\n' "$moves" | awk -F': ' '{s += $2} END {print s}')"
expect_eq "divide sorted" "$(printf '%s\n' "$moves" | LC_ALL=C sort)" "$moves"
expect_contains "divide castling is king-takes-rook" "c1b1: " "$moves"
expect_eq "divide well-formed" "" "$(printf '%s\n' "$moves" | grep -Ev '^[a-h][1-8][a-h][1-8][nbrq]?: [0-9]+$')"

# Standard castling notation on request; Chess960 notation by default.
CASTLE='r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
run perft --divide 1 "$CASTLE"
expect_contains "default e1h1" "e1h1: 1" "$out"
expect_contains "default e1a1" "e1a1: 1" "$out"
run perft --divide --standard-castling 1 "$CASTLE"
expect_contains "standard e1g1" "e1g1: 1" "$out"
expect_contains "standard e1c1" "e1c1: 1" "$out"
expect_eq "26 moves" 26 "$(printf '%s\n' "$out" | tail -n 1)"

# Promotions are written with their piece letter.
run perft --divide 1 '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1'
expect_contains "promotion letters" "$(printf 'b7b8b: 1\nb7b8n: 1\nb7b8q: 1\nb7b8r: 1')" "$out"

# A position no game reaches but the generator can play is counted, with a warning
# (two knights giving check: shakmaty's tricky suite, depth 2 = 104).
run perft 2 '2b5/1nbn4/n3n3/1kn5/n3n3/1n1n4/5RQ1/2KQ1R2 w K - 0 1'
expect_eq "playable count" 104 "$out"
expect_eq "playable exit" 0 "$status"
expect_contains "playable warning" "warning: not a position of a legal game" "$err"

# Errors: a record that does not parse, a position that cannot be played, bad depth, bad arguments.
run perft 2 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1'
expect_eq "parse error exit" 1 "$status"
expect_eq "parse error: nothing on stdout" "" "$out"
expect_contains "parse error message" "argument:1:49: invalid castling letter 'x'" "$err"
run perft 2 '8/8/8/8/8/8/8/K7 w - - 0 1'
expect_eq "no king exit" 1 "$status"
expect_contains "no king message" "argument:1:1: invalid position: no black king" "$err"
run perft -1
expect_eq "negative depth" 2 "$status"
run perft
expect_eq "missing depth" 2 "$status"
run perft two
expect_eq "depth not a number" 2 "$status"
run perft --help
expect_eq "help exit" 0 "$status"
expect_contains "help example" "fen960 perft 5" "$out"

finish
