#!/usr/bin/env bash
# End-to-end tests of `fen960 play`: a FEN and moves as arguments, position lines in batch (files and
# standard input, one output line per input line, --jobs), --all, --uci with both castling notations,
# JSON Lines, diagnostics with their place, and the exit statuses.
. "$(dirname "$0")/lib.sh"

BOTH='r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 1'
C960='nn1rkq1b/ppp1p1rP/8/2Np4/3P4/2P5/bP3PPP/2BRKQRB b KQq - 1 8'
STEP='4k3/8/8/8/8/8/8/5K1R w H - 0 1'

# The issue's examples: both castling notations, and black's a-side castling with the rook beside the king.
run play "$BOTH" e1h1
expect_eq "e1h1" 'r3k2r/8/8/8/8/8/8/R4RK1 b kq - 5 1' "$out"
expect_eq "e1h1: exit" 0 "$status"
expect_eq "e1h1: stderr" "" "$err"
run play "$BOTH" e1g1
expect_eq "e1g1" 'r3k2r/8/8/8/8/8/8/R4RK1 b kq - 5 1' "$out"
run play "$C960" e8d8
expect_eq "e8d8" 'nnkr1q1b/ppp1p1rP/8/2Np4/3P4/2P5/bP3PPP/2BRKQRB w KQ - 2 9' "$out"
run play --to shredder "$C960" e8d8
expect_eq "e8d8 shredder" 'nnkr1q1b/ppp1p1rP/8/2Np4/3P4/2P5/bP3PPP/2BRKQRB w GD - 2 9' "$out"
# The king's step wins over the king's square form of castling; king takes rook castles.
run play --to shredder "$STEP" f1g1
expect_eq "f1g1 is the king's step" '4k3/8/8/8/8/8/8/6KR b - - 1 1' "$out"
run play --to shredder "$STEP" f1h1
expect_eq "f1h1 castles" '4k3/8/8/8/8/8/8/5RK1 b - - 1 1' "$out"
# SAN, UCI and startpos; the en-passant square by the dialect's default mode.
run play startpos e4 e7e5 Nf3 Nc6 Bb5 a6 O-O
expect_eq "mixed moves" 'r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4' "$out"
run play --to fen startpos e4
expect_eq "fen keeps e3" 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1' "$out"
run play startpos e4
expect_eq "xfen: pseudo" 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' "$out"
run play --en-passant keep startpos e4
expect_eq "xfen --en-passant keep" 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1' "$out"
run play startpos
expect_eq "no moves" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' "$out"

# A bad move: its number, the move and why on standard output; its column in `START MOVE...` on
# standard error; nothing after it played; exit 1.
run play startpos e2e4 e7e5 e1e3 d2d4
expect_eq "bad move: line" "error: move 3 'e1e3': illegal move: no legal move from e1 to e3" "$out"
expect_eq "bad move: exit" 1 "$status"
expect_contains "bad move: place" "argument:1:20: move 3 'e1e3': illegal move" "$err"
expect_contains "bad move: caret" "$(printf 'startpos e2e4 e7e5 e1e3 d2d4\n%19s^' '')" "$err"
run play startpos Nf6
expect_eq "SAN: pgn's words" "error: move 1 'Nf6': illegal move: no white knight can move to f6" "$out"
run play '4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1' Nd2
expect_eq "ambiguous" "error: move 1 'Nd2': ambiguous (Nbd2, Nfd2)" "$out"
run play startpos e4 e5 O-O
expect_contains "castling not legal" "error: move 3 'O-O': castling on the h-side is not legal now" "$out"
run play startpos e9e4
expect_eq "unreadable" "error: move 1 'e9e4': not a move" "$out"
run play 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1' e2e4
expect_eq "bad start" "error: invalid castling letter 'x'" "$out"
expect_contains "bad start: place" "argument:1:49: invalid castling letter 'x'" "$err"
expect_eq "bad start: exit" 1 "$status"
run play --all startpos e4 e5 Ke3 Nf3
expect_eq "--all: positions before the bad move, then the error" \
    "$(printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' \
        'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' \
        'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' \
        "error: move 3 'Ke3': illegal move: no white king can move to e3")" "$out"

# --uci: the normalised position line, castling as asked.
run play --uci "$BOTH" O-O O-O-O
expect_eq "--uci auto (standard)" "position fen $BOTH moves e1g1 e8c8" "$out"
run play --uci --castling kxr "$BOTH" O-O O-O-O
expect_eq "--uci kxr" "position fen $BOTH moves e1h1 e8a8" "$out"
run play --uci --to shredder "$C960" e8c8 Nd3
expect_eq "--uci auto (Chess960)" "position fen nn1rkq1b/ppp1p1rP/8/2Np4/3P4/2P5/bP3PPP/2BRKQRB b GDd - 1 8 moves e8d8 c5d3" "$out"
run play --uci startpos e4 e5 Nf3
expect_eq "--uci startpos" "position startpos moves e2e4 e7e5 g1f3" "$out"
run play --uci --castling king --to shredder "$STEP" O-O
expect_eq "--uci king: not writable" \
    "error: move 1 'O-O': castling on the h-side cannot be written as the king's move to g1: f1g1 is the king's move to g1" "$out"
expect_eq "--uci king: exit" 1 "$status"
# The king already on its castling square: g1g1 is no move; kxr writes it.
run play --uci --castling king '4k3/8/8/8/8/8/8/6KR w H - 0 1' O-O
expect_eq "--uci king: the king stays" \
    "error: move 1 'O-O': castling on the h-side cannot be written as the king's move: the king stays on g1" "$out"
run play --uci --castling kxr --to shredder '4k3/8/8/8/8/8/8/6KR w H - 0 1' O-O
expect_eq "--uci kxr: the king stays" "position fen 4k3/8/8/8/8/8/8/6KR w H - 0 1 moves g1h1" "$out"
run play --uci --to fen "$C960" e8d8
expect_contains "--uci --to fen: a Chess960 start" "error: " "$out"
expect_eq "--uci --to fen: exit" 1 "$status"

# Batch: position lines from standard input and files, one output line per input line, in order;
# CRLF, blank and garbage lines; diagnostics with file, line and column.
{
    echo 'position startpos moves e2e4 e7e5'
    echo 'startpos moves g1f3'
    printf 'position fen %s moves e1h1\r\n' "$BOTH"
    echo ''
    echo 'position startpos moves e2e4 e2e4'
    echo 'go infinite'
    printf 'position fen %s moves e8d8' "$C960"
} >"$WORK/lines.uci"
STDIN="$WORK/lines.uci" run play
expect_eq "batch: lines" 7 "$(printf '%s\n' "$out" | wc -l)"
expect_eq "batch: exit" 1 "$status"
expect_eq "batch: 1" 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' "$(printf '%s\n' "$out" | sed -n 1p)"
expect_eq "batch: 2" 'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1' "$(printf '%s\n' "$out" | sed -n 2p)"
expect_eq "batch: 3 (CRLF)" 'r3k2r/8/8/8/8/8/8/R4RK1 b kq - 5 1' "$(printf '%s\n' "$out" | sed -n 3p)"
# A blank line is no position line (as in the record commands): its output line is empty.
expect_eq "batch: 4 (blank)" "" "$(printf '%s\n' "$out" | sed -n 4p)"
expect_eq "batch: 5" "error: move 2 'e2e4': illegal move: no piece on e2" "$(printf '%s\n' "$out" | sed -n 5p)"
expect_eq "batch: 6" "error: expected 'startpos' or 'fen', found 'g'" "$(printf '%s\n' "$out" | sed -n 6p)"
expect_eq "batch: 7 (no final newline)" 'nnkr1q1b/ppp1p1rP/8/2Np4/3P4/2P5/bP3PPP/2BRKQRB w KQ - 2 9' \
    "$(printf '%s\n' "$out" | sed -n 7p)"
expect_contains "batch: place of a bad move" "$(printf -- "-:5:30: move 2 'e2e4': illegal move: no piece on e2\nposition startpos moves e2e4 e2e4\n%29s^" '')" "$err"
expect_contains "batch: place of a bad line" "-:6:1: expected 'startpos' or 'fen'" "$err"
run play --to shredder "$WORK/lines.uci"
expect_contains "batch: a file named" "$WORK/lines.uci:5:30: move 2" "$err"
expect_eq "batch: file, shredder" 'r3k2r/8/8/8/8/8/8/R4RK1 b ha - 5 1' "$(printf '%s\n' "$out" | sed -n 3p)"
STDIN="$WORK/lines.uci" run play - "$WORK/lines.uci"
expect_eq "batch: '-' and a file" 14 "$(printf '%s\n' "$out" | wc -l)"
printf 'position startpos moves e2e4\n' >"$WORK/good.uci"
run play "$WORK/good.uci"
expect_eq "batch: all good: exit" 0 "$status"
STDIN="$WORK/lines.uci" run play --uci --castling kxr
expect_eq "batch --uci: 3" "position fen $BOTH moves e1h1" "$(printf '%s\n' "$out" | sed -n 3p)"
STDIN="$WORK/lines.uci" run play --all
expect_eq "batch --all: each line's positions and errors" 14 "$(printf '%s\n' "$out" | wc -l)"

# --jobs: the output of many threads is one thread's, byte for byte.
for i in $(seq 1 400); do cat "$WORK/lines.uci"; echo; done >"$WORK/many.uci"
"$FEN960" play --jobs 1 --to shredder "$WORK/many.uci" >"$WORK/one.out" 2>"$WORK/one.err"
"$FEN960" play --jobs 3 --to shredder "$WORK/many.uci" >"$WORK/three.out" 2>"$WORK/three.err"
expect_eq "--jobs 3 = --jobs 1 (stdout)" "$(md5sum <"$WORK/one.out")" "$(md5sum <"$WORK/three.out")"
expect_eq "--jobs 3 = --jobs 1 (stderr)" "$(md5sum <"$WORK/one.err")" "$(md5sum <"$WORK/three.err")"
expect_eq "--jobs: lines" 2800 "$(wc -l <"$WORK/one.out")"

# JSON Lines: one object per input line.
run play --format jsonl startpos e4 Ke3
expect_eq "jsonl: argument" \
    '{"source":"argument","line":1,"input":"startpos e4 Ke3","dialect":"xfen","ok":false,"output":null,"played":1,"bad_move":2,"errors":[{"column":13,"message":"move 2 '"'"'Ke3'"'"': illegal move: no black king can move to e3"}],"warnings":[]}' \
    "$out"
STDIN="$WORK/good.uci" run play --format jsonl --all
expect_eq "jsonl --all" \
    '{"source":"-","line":1,"input":"position startpos moves e2e4","dialect":"xfen","ok":true,"positions":["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"],"played":1,"bad_move":null,"errors":[],"warnings":[]}' \
    "$out"

# Usage errors (nothing done) and a write error.
run play --castling kxr startpos e4
expect_eq "--castling needs --uci" 2 "$status"
run play --uci --all startpos e4
expect_eq "--uci excludes --all" 2 "$status"
run play --to pgn startpos
expect_eq "bad dialect" 2 "$status"
if [ -w /dev/full ]; then
    "$FEN960" play startpos e4 >/dev/full 2>"$WORK/full.err"
    expect_eq "write error: exit" 3 "$?"
fi
run play --help
expect_contains "help: examples" "Examples:" "$out"
expect_contains "help: the issue's example" "fen960 play 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 1' e1h1" "$out"


# The acceptance rule: a start no game reaches (an impossible check) is played with a warning, in
# JSON too; --strict refuses it.
run play 'B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1' f3e3
expect_eq "unreachable start: played" "B6b/8/8/8/2K5/4k3/8/b6B w - - 1 2" "$out"
expect_contains "unreachable start: warning" "argument:1:1: warning: not a position of a legal game (impossible check: " "$err"
echo 'position fen B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1 moves f3e3' >"$WORK/unreachable.txt"
STDIN="$WORK/unreachable.txt" run play --format jsonl
expect_contains "unreachable start: JSON warning" '"warnings":[{"column":14,"message":"not a position of a legal game (impossible check: ' "$out"
run play --strict 'B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1' f3e3
expect_eq "unreachable start --strict: exit" 1 "$status"
expect_contains "unreachable start --strict: error" "error: invalid position: impossible check: " "$out"

finish
