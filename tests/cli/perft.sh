#!/usr/bin/env bash
# End-to-end tests of `fen960 perft`: counts from the perft suites, --divide, errors and exit statuses.
. "$(dirname "$0")/lib.sh"

DATA="$(dirname "$0")/../data"
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

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

# --castling kxr|king|auto, as in play and pgn: auto (default) writes standard chess's castling as the
# king's move, kxr as the king taking its rook; --standard-castling is the old spelling of king.
CASTLE='r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
run perft --divide 1 "$CASTLE"
expect_contains "auto, standard chess: e1g1" "e1g1: 1" "$out"
expect_contains "auto, standard chess: e1c1" "e1c1: 1" "$out"
run perft --divide --castling kxr 1 "$CASTLE"
expect_contains "kxr e1h1" "e1h1: 1" "$out"
expect_contains "kxr e1a1" "e1a1: 1" "$out"
run perft --divide --castling king 1 "$CASTLE"
expect_contains "king e1g1" "e1g1: 1" "$out"
run perft --help
expect_eq "--standard-castling hidden" "" "$(printf '%s\n' "$out" | grep -e '--standard-castling')"
run perft --divide --standard-castling --castling kxr 1 "$CASTLE"
expect_eq "--standard-castling with --castling kxr: usage error" 2 "$status"
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
# --- perft suites ---------------------------------------------------------------------------------
# The Chess960 suite (Ethereal's fischer.epd in python-chess's block layout) and the standard one
# (pychess's EPD with ;D<n> counts) hold to depth 4; the counts deeper are skipped and the summary says so.
run perft --suite "$DATA/perft/python-chess-chess960.perft" --max-depth 4
expect_eq "960 suite: exit" 0 "$status"
expect_eq "960 suite: one ok line per position" 960 "$(grep -c '^ok ' "$WORK/out")"
expect_eq "960 suite: first position at its epd line" "ok $DATA/perft/python-chess-chess960.perft:5" "$(sed -n 1p "$WORK/out")"
expect_eq "960 suite: summary" "960 positions, 3840 counts checked: all match; 1920 counts deeper than 4 skipped (--max-depth)" \
    "$(tail -n 1 "$WORK/out")"
run perft --suite "$DATA/perft/pychess-perftsuite.epd" "$DATA/perft/pychess-frc_perftsuite.epd" --max-depth 4 --jobs 2
expect_eq "standard and frc EPD suites: exit" 0 "$status"
expect_eq "standard and frc EPD suites: lines" $((127 + 9 + 1)) "$(wc -l <"$WORK/out")"
expect_contains "EPD suites: an impossible check is counted, with a warning" "warning: not a position of a legal game" "$err"
# A changed count fails with its line (and the other positions still pass); the same for --jobs 1.
sed '7s/^perft 2 528$/perft 2 529/' "$DATA/perft/python-chess-chess960.perft" | head -n 40 >"$WORK/changed.perft"
sed -n 7p "$WORK/changed.perft" | grep -qx 'perft 2 529' || fail "changed.perft: line 7 not changed"
for jobs in 1 2; do
    run perft --suite "$WORK/changed.perft" --max-depth 3 --jobs $jobs
    expect_eq "changed count: exit (--jobs $jobs)" 1 "$status"
    expect_eq "changed count: its line (--jobs $jobs)" "FAIL $WORK/changed.perft:7: D2 expected 529, got 528" "$(sed -n 1p "$WORK/out")"
    expect_eq "changed count: the others pass" 3 "$(grep -c '^ok ' "$WORK/out")"
    expect_contains "changed count: summary" "1 position failed" "$(tail -n 1 "$WORK/out")"
done
printf '%s\n' '4r3/5b2/p3Pn2/P1kP4/2p4p/7N/2BK2P1/3N2R1 w - - 0 1; D1 28; D2 725; D3 19458' \
    'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - ;D1 21 ;D2 527' \
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 x' >"$WORK/mixed.epd"
run perft --suite "$WORK/mixed.epd"
expect_eq "EPD suite: exit" 1 "$status"
expect_eq "EPD suite: lines" "$(printf '%s\n' "ok $WORK/mixed.epd:1" "FAIL $WORK/mixed.epd:2: D2 expected 527, got 528")" \
    "$(sed -n 1,2p "$WORK/out")"
expect_contains "EPD suite: a count that is no count, at its column" "FAIL $WORK/mixed.epd:3:" "$(sed -n 3p "$WORK/out")"
run perft 3 --suite "$WORK/mixed.epd"
expect_eq "--suite with a depth: usage error" 2 "$status"
run perft --suite "$WORK/mixed.epd" 3
expect_eq "--suite FILE 3: usage error, not a file that cannot be opened" 2 "$status"
expect_contains "--suite FILE 3: what was meant" "--suite '3': no such file; the suites give their own depths (--max-depth 3" "$err"
run perft --max-depth 3 2
expect_eq "--max-depth without --suite: usage error" 2 "$status"
run perft
expect_eq "no depth: usage error" 2 "$status"

# --- moves first, and perftree's protocol ----------------------------------------------------------
# After 1. e4 e5 2. Nf3 (SAN and UCI mixed, one argument holding two): black's tree equals the count
# from that position's own record.
run perft 3 "$START" e4 'e7e5 Nf3'
expect_eq "moves: the count from the position after them" \
    "$("$FEN960" perft 3 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2')" "$out"
run perft 1 "$START" e5
expect_eq "an illegal move: exit" 1 "$status"
expect_contains "an illegal move: named" "e5" "$err"
run perft --perftree 2 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' 'e1g1'
expect_eq "perftree: last two lines, an empty line then the total" \
    "$(printf '\n%s' "$("$FEN960" perft 2 'r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1')")" "$(tail -n 2 "$WORK/out")"
expect_eq "perftree: 'move count' lines" 0 "$(head -n -2 "$WORK/out" | grep -cvE '^[a-h][1-8][a-h][1-8][qrbn]? [0-9]+$')"
run perft --perftree 1 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
expect_contains "perftree: castling as e1g1" "e1g1 1" "$out"


# The acceptance rule: two queens beside eight pawns are counted (20 first moves: 16 pawn moves, four
# knight moves), with a warning; --strict refuses them.
run perft 1 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ w - - 0 1'
expect_eq "two queens: counted" 20 "$out"
expect_eq "two queens: exit" 0 "$status"
expect_contains "two queens: warning" "warning: not a position of a legal game (" "$err"
run perft --strict 1 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ w - - 0 1'
expect_eq "--strict: exit" 1 "$status"
expect_contains "--strict: why" "invalid position: " "$err"

# A suite without counts is no perft suite (a bm/id suite, start positions, an empty file).
printf '%s\n' 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id "ruy";' >"$WORK/bm.epd"
: >"$WORK/empty.epd"
for f in bm.epd empty.epd; do
    run perft --suite "$WORK/$f"
    expect_eq "no counts ($f): exit" 1 "$status"
    expect_contains "no counts ($f): message" "fen960 perft: no perft counts in $WORK/$f" "$err"
done
# A NUL byte ending a line (two public suites): named, and the counts before it checked.
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\0\n' >"$WORK/nul.epd"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\0\n' >>"$WORK/nul.epd"
run perft --suite "$WORK/nul.epd"
expect_eq "NUL: exit (the second count differs)" 1 "$status"
expect_contains "NUL: named" "nul.epd:1:72: warning: a NUL byte at column 72" "$err"
expect_contains "NUL: first position checked" "ok $WORK/nul.epd:1" "$out"
expect_contains "NUL: second position's count checked" "FAIL $WORK/nul.epd:2: D2 expected 401, got 400" "$out"
expect_contains "NUL: counts" "2 positions, 4 counts checked: 1 position failed" "$out"

# A bad record read from a file: the message names the file (its name outlives the file it was read
# from: the sanitizer build caught a dangling name here).
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1\n' > "$WORK/bad.fen"
run perft 1 "$WORK/bad.fen"
expect_eq "file: bad record exit" 1 "$status"
expect_contains "file: named in the diagnostic" "$WORK/bad.fen:1:" "$err"

run perft --help
expect_eq "help exit" 0 "$status"
expect_contains "help example" "fen960 perft 5" "$out"

finish
