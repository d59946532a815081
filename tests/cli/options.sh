#!/bin/sh
# End-to-end tests of the options that mean one thing everywhere (issue 27, "The same option means the
# same thing everywhere"): --to's default, --from on every command that reads a record, --castling in
# perft, --format jsonl on key, startpos and perft, pgn --exits --shape, and the Chess960 hint of
# validate and show.
. "$(dirname "$0")/lib.sh"

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
FRC='rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'
# KQkq read as standard FEN needs the king on e1 and rooks on a1/h1: the outermost rooks under auto.
INNER='1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1'

# --to: xfen unless given, in convert as in pgn, play and startpos.
run convert 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'
expect_eq "convert: --to xfen by default" "$START" "$out"

# --from fen refuses what auto reads, in each command that reads a record.
run validate --chess960 "$INNER"
expect_eq "validate auto" "valid" "$out"
run validate --chess960 --from fen "$INNER"
expect_eq "validate --from fen: exit" 1 "$status"
expect_contains "validate --from fen: KQkq is the rooks on a and h" "castling letter 'K': no white rook on the h-side of the king" "$out"
run identify --from shredder "$START"
expect_eq "identify --from shredder: KQkq refused" 1 "$status"
run identify --from fen "$START"
expect_eq "identify --from fen" "518" "$out"
run show --from shredder "$START"
expect_eq "show --from shredder: exit" 1 "$status"
run show --from fen "$START"
expect_eq "show --from fen: exit" 0 "$status"
run play --from shredder "$START" e4
expect_eq "play --from shredder: exit" 1 "$status"
run play --from xfen "$START" e4
expect_eq "play --from xfen" 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' "$out"
run perft --from shredder 1 "$START"
expect_eq "perft --from shredder: exit" 1 "$status"
run perft --from fen 1 "$START"
expect_eq "perft --from fen" "20" "$out"
printf '[FEN "%s"]\n[SetUp "1"]\n\n1. e4 *\n' "$START" >"$WORK/game.pgn"
run pgn --exits --from shredder "$WORK/game.pgn"
expect_eq "pgn --from shredder: the FEN tag refused" 1 "$status"
run pgn --exits --from fen "$WORK/game.pgn"
expect_eq "pgn --from fen" 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' "$out"

# --castling in perft: the values of play and pgn.
run perft --divide --castling kxr 1 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
expect_contains "perft --castling kxr" "e1h1: 1" "$out"
run perft --divide --castling auto 1 "$FRC"
expect_eq "perft --castling auto: a Chess960 position's castling is kxr (none here, a start)" "20" "$(printf '%s\n' "$out" | tail -n 1)"
run perft --divide --castling wrong 1
expect_eq "perft --castling: a bad value" 2 "$status"

# --format jsonl: one object per line, the field names of convert's for the same things.
run key --format jsonl startpos 'not a record'
expect_eq "key jsonl: exit" 1 "$status"
expect_eq "key jsonl: first" '{"source":"argument","line":1,"input":"'"$START"'","ok":true,"key":"463b96181691fc9c","errors":[],"warnings":[]}' "$(printf '%s\n' "$out" | sed -n 1p)"
expect_contains "key jsonl: failed record" '"line":2,"input":"not a record","ok":false,"key":null,"errors":[{"column":2,"message":"invalid piece letter' "$out"
printf '\n' >"$WORK/blank.fen"
run key --format jsonl "$WORK/blank.fen"
expect_contains "key jsonl: a blank line is no record" '"record":false' "$out"
run startpos --format jsonl 518
expect_eq "startpos jsonl" '{"number":518,"kind":"chess960","dialect":"xfen","ok":true,"output":"'"$START"'","errors":[]}' "$out"
run startpos --format jsonl --to fen 0
expect_eq "startpos jsonl: unwritable: exit" 1 "$status"
expect_contains "startpos jsonl: unwritable" '"ok":false,"output":null,"errors":[{"column":1,"message":"castling right' "$out"
run startpos --format jsonl --all --dfrc
expect_eq "startpos jsonl --all: one object a start" 921600 "$(printf '%s\n' "$out" | grep -c '^{"number":[0-9]*,"kind":"dfrc"')"
run perft --format jsonl 2 startpos
expect_eq "perft jsonl" '{"input":"'"$START"'","played":0,"played_moves":[],"depth":2,"nodes":400}' "$out"
run perft --format jsonl --divide 1 startpos e4 e5
expect_contains "perft jsonl --divide" '"played":2,"played_moves":["e4","e5"],"depth":1,"nodes":29,"moves":[{"move":"a2a3","nodes":1},' "$out"
run perft --format jsonl --perftree 1
expect_eq "perft jsonl --perftree: usage error" 2 "$status"
printf '%s ;D1 20 ;D2 400\n%s ;D1 21\n' "$START" "$START" >"$WORK/suite.epd"
run perft --format jsonl --suite "$WORK/suite.epd"
expect_eq "perft jsonl --suite: exit" 1 "$status"
expect_eq "perft jsonl --suite: three objects" 3 "$(printf '%s\n' "$out" | wc -l)"
expect_contains "perft jsonl --suite: a position" '"line":1,"input":"'"$START"' ;D1 20 ;D2 400","ok":true,"counts":[{"depth":1,"expected":20,"nodes":20,"ok":true},{"depth":2,"expected":400,"nodes":400,"ok":true}]' "$out"
expect_contains "perft jsonl --suite: a count that differs" '"counts":[{"depth":1,"expected":21,"nodes":20,"ok":false}]' "$out"
expect_eq "perft jsonl --suite: the totals" '{"positions":2,"counts":3,"failed":1,"skipped":0}' "$(printf '%s\n' "$out" | tail -n 1)"

# pgn --exits --shape: the exit's fields as convert --shape writes them.
printf '1. e4 e5 2. Nf3 Nc6 *\n' >"$WORK/open.pgn"
run pgn --exits --shape epd "$WORK/open.pgn"
expect_eq "pgn --exits --shape epd" 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - hmvc 2; fmvn 3;' "$out"
run convert --shape epd 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
expect_eq "pgn --exits --shape epd is convert --shape epd's" "$out" 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - hmvc 2; fmvn 3;'
run pgn --exits --shape fen "$WORK/open.pgn"
expect_eq "pgn --exits --shape fen" 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3' "$out"
run pgn --shape epd "$WORK/open.pgn"
expect_eq "pgn --shape without --exits: usage error" 2 "$status"

# A castling field only Chess960 has: validate and show say so and name --chess960.
run validate "$FRC"
expect_eq "validate Chess960 rights: exit" 1 "$status"
expect_contains "validate Chess960 rights: the hint" "the castling rights are Chess960 ones, which standard chess has not: --chess960 judges by Chess960 rules" "$out"
run validate "${START%KQkq - 0 1}Kkq - 0 1"
expect_eq "validate: a standard record, no hint" "valid" "$out"
run validate 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1'
case "$out" in *--chess960*) fail "validate: no hint for a right Chess960 refuses too";; esac
run show "$FRC"
expect_contains "show Chess960 rights: the hint" "--chess960 judges by Chess960 rules" "$out"
run show --chess960 "$FRC"
expect_eq "show --chess960: valid" 0 "$status"
case "$out" in *"judges by Chess960"*) fail "show --chess960: no hint";; esac

finish
