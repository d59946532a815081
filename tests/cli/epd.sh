#!/usr/bin/env bash
# EPD records end to end (issue 15): the operations after a position kept byte for byte by convert,
# blank and '#' lines that are no records, --shape, the operations in JSON Lines.
. "$(dirname "$0")/lib.sh"

# The issue's examples, each as real files hold it, with a comment and a blank line among them.
cat >"$WORK/examples.epd" <<'EOF'
# EPD examples
bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528 ;D3 12189
4r3/5b2/p3Pn2/P1kP4/2p4p/7N/2BK2P1/3N2R1 w - - 0 1; D1 28; D2 725; D3 19458; D4 491554
rq2r1k1/5pp1/p7/4bNP1/1p2P2P/5Q2/PP4K1/5R1R w - - bm Nxg7; id "test 1";
1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - ; bm Qd1 + ; id BK.01
r3r1k1/5p2/pQ1b2pB/1p6/4p3/6P1/Pq2BP1P/2R3K1 b - - bm Ba3 Be5 Bf8 e3; c0 "All win but e3 is best."; id "WAC.150";
r2qk2r/ppp1b1pp/2n1p3/3pP1n1/3P2b1/2PB1NN1/PP4PP/R1BQK2R w KQkq - bm Nxg5; c0 "ERET.095; Queen sacrifice";

rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1;
8/5kpp/8/8/1p3P2/6PP/r3KP2/1R1q4 w - -  0 1; D4 23441
bnnrqbkr/pppppppp/8/8/8/8/PPPPPPPP/BNNRQBKR w KQkq - 0 0
rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1;
  # an indented comment
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - eco A00a  Start position;
EOF
# X-FEN: the castling fields rewritten (HFhf and CAca are the outermost rooks: KQkq), single spaces
# between the fields, 0 0 read as 0 1, everything after the position as read.
cat >"$WORK/examples.xfen" <<'EOF'
# EPD examples
bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9 ;D1 21 ;D2 528 ;D3 12189
4r3/5b2/p3Pn2/P1kP4/2p4p/7N/2BK2P1/3N2R1 w - - 0 1; D1 28; D2 725; D3 19458; D4 491554
rq2r1k1/5pp1/p7/4bNP1/1p2P2P/5Q2/PP4K1/5R1R w - - bm Nxg7; id "test 1";
1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - ; bm Qd1 + ; id BK.01
r3r1k1/5p2/pQ1b2pB/1p6/4p3/6P1/Pq2BP1P/2R3K1 b - - bm Ba3 Be5 Bf8 e3; c0 "All win but e3 is best."; id "WAC.150";
r2qk2r/ppp1b1pp/2n1p3/3pP1n1/3P2b1/2PB1NN1/PP4PP/R1BQK2R w KQkq - bm Nxg5; c0 "ERET.095; Queen sacrifice";

rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1;
8/5kpp/8/8/1p3P2/6PP/r3KP2/1R1q4 w - - 0 1; D4 23441
bnnrqbkr/pppppppp/8/8/8/8/PPPPPPPP/BNNRQBKR w KQkq - 0 1
rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1;
  # an indented comment
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - eco A00a  Start position;
EOF
for jobs in 1 2; do
    run convert --to xfen --jobs $jobs -f "$WORK/examples.epd"
    expect_eq "examples to xfen, --jobs $jobs" "$(cat "$WORK/examples.xfen")" "$out"
    expect_eq "examples to xfen: exit status" 0 "$status"
done
expect_contains "0 0: a warning at the fullmove number" "examples.epd:11:56: warning: fullmove number 0 read as 1" "$err"
# Shredder-FEN, and back: the same lines again.
run convert --to shredder -f "$WORK/examples.epd"
expect_contains "to shredder: HFhf kept" "BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528 ;D3 12189" "$out"
expect_contains "to shredder: KQkq as HAha, operations kept" \
    "R1BQK2R w HAha - bm Nxg5; c0 \"ERET.095; Queen sacrifice\";" "$out"
printf '%s\n' "$out" >"$WORK/examples.shredder"
run convert --to xfen -f "$WORK/examples.shredder"
expect_eq "shredder back to xfen" "$(cat "$WORK/examples.xfen")" "$out"

# Blank and comment lines: copied by convert, an empty line for validate and identify, no change of
# the exit status; an error still is one.
printf '\n# c\n\t \n%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20' >"$WORK/blank.epd"
STDIN="$WORK/blank.epd" run convert --to shredder
expect_eq "convert: blank lines copied" "$(printf '\n# c\n\t \nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1 ;D1 20')" "$out"
expect_eq "convert: blank lines, exit" 0 "$status"
STDIN="$WORK/blank.epd" run validate
expect_eq "validate: blank lines empty" "$(printf '\n\n\nvalid')" "$out"
expect_eq "validate: blank lines, exit" 0 "$status"
STDIN="$WORK/blank.epd" run identify
expect_eq "identify: blank lines empty" "$(printf '\n\n\n518')" "$out"
printf '\n%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 "open' >"$WORK/bad.epd"
STDIN="$WORK/bad.epd" run convert --to xfen
expect_eq "an unterminated quote: exit" 1 "$status"
expect_contains "an unterminated quote: at its column" "-:2:57: unterminated quote" "$err"
STDIN="$WORK/blank.epd" run validate --format jsonl
expect_eq "jsonl: a blank line" '{"source":"-","line":1,"input":"","record":false}' "$(sed -n 1p "$WORK/out")"
expect_eq "jsonl: a comment line" '{"source":"-","line":2,"input":"# c","record":false}' "$(sed -n 2p "$WORK/out")"

# --shape.
run convert --to xfen --shape fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 7; fmvn 12; id "x";' \
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id "x";'
expect_eq "--shape fen" "$(printf '%s\n%s' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 12 id "x";' \
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 id "x";')" "$out"
run convert --to shredder --shape epd 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 9 ;D1 20' \
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;'
expect_eq "--shape epd" "$(printf '%s\n%s' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - hmvc 3; fmvn 9 ;D1 20' \
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - bm e4;')" "$out"
run convert --to xfen --shape as-read 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;'
expect_eq "--shape as-read" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;' "$out"
run convert --to xfen --shape six 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'
expect_eq "--shape six: usage error" 2 "$status"
# Clock fields and hmvc that contradict them: an error naming both.
run convert --to xfen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 hmvc 4;'
expect_eq "clocks and hmvc disagree: exit" 1 "$status"
expect_contains "clocks and hmvc disagree: named" "hmvc" "$out"

# The operations in JSON Lines, in input order; quoted operands without their quotes; free text.
run convert --to xfen --format jsonl \
    'r3r1k1/5p2/pQ1b2pB/1p6/4p3/6P1/Pq2BP1P/2R3K1 b - - bm Ba3 Be5 Bf8 e3; c0 "All win but e3 is best."; id "WAC.150";' \
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ; 1. e4 wins, see the game'
expect_contains "jsonl operations" '"operations":[["bm","Ba3","Be5","Bf8","e3"],["c0","All win but e3 is best."],["id","WAC.150"]]' \
    "$(sed -n 1p "$WORK/out")"
expect_contains "jsonl operations: free text" '"operations":[["D1","20"],["","1. e4 wins, see the game"]]' "$(sed -n 2p "$WORK/out")"

finish
