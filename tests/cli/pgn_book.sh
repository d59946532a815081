#!/usr/bin/env bash
# End-to-end tests of `fen960 convert --format pgn` (each record a PGN game, for tools that read opening
# books only as PGN): the layout of a few games written by hand from the PGN standard (the seven tag
# roster with '?', Variant only where the castling needs Chess960 or with --variant-name, SetUp and FEN,
# the EPD id as the escaped Event, c0 as a comment or a ';' comment, '*', an empty line after each);
# then the round trip of the test data's books (tests/data: the 960 starts in both dialects, the
# pychess perft suites, the oracle's EPD records) through the PGN importer: `pgn --exits` of the games
# gives convert's own records back, in every dialect, with --en-passant keep and --mirror too; invalid
# records, blank and '#' lines, --unique, --jobs and the options that do not combine.
. "$(dirname "$0")/lib.sh"
DATA="$(dirname "$0")/../data"

# --- The layout, by hand ---------------------------------------------------------------------------

cat >"$WORK/layout.epd" <<'EPD'
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O; id "a \"b\" \\c"; c0 "plain text";

# a comment line
bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1
not a record
4k3/8/8/8/8/8/8/4K2R w K - c0 "mate {in} 2}"; hmvc 5; fmvn 40; id "WAC.002";
4k3/8/8/8/8/8/8/1R2K2R w KB - 0 1
8/8/8/8/8/8/8/K1k5 b - - id ""; c0 two words; id "second";
EPD
tags() { # EVENT: the seven tag roster with that Event
    printf '[Event "%s"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n' "$1"
}
{
    tags '?'
    printf '[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]\n\n*\n\n'
    tags 'a \"b\" \\c'
    printf '[SetUp "1"]\n[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]\n\n{plain text}\n*\n\n'
    tags '?'
    printf '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]\n\n*\n\n'
    tags 'WAC.002'
    printf '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 5 40"]\n\n;mate {in} 2}\n*\n\n'
    # King on e1, the a-side rook on b1: KQ in X-FEN, but only Chess960 castles with it.
    tags '?'
    printf '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/1R2K2R w KQ - 0 1"]\n\n*\n\n'
    # An empty id is no Event; an unquoted c0 of two operands.
    tags '?'
    printf '[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/K1k5 b - - 0 1"]\n\n{two words}\n*\n\n'
} >"$WORK/layout.expect"
"$FEN960" convert --to xfen --format pgn -f "$WORK/layout.epd" >"$WORK/layout.pgn" 2>"$WORK/layout.err"
expect_eq "layout: exit (one invalid record)" 1 "$?"
expect_eq "layout: the games" "$(cat "$WORK/layout.expect")" "$(cat "$WORK/layout.pgn")"
expect_eq "layout: the games end with an empty line" "$(tail -c 3 "$WORK/layout.expect" | od -c)" \
    "$(tail -c 3 "$WORK/layout.pgn" | od -c)"
expect_eq "layout: the invalid record's message" "$WORK/layout.epd:6:2: invalid piece letter 'o' in rank 8
not a record
 ^" "$(cat "$WORK/layout.err")"

# The en-passant square as the dialect's policy says (X-FEN: pseudo, so e3 goes), or kept; Shredder.
run convert --to shredder --en-passant keep --format pgn 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
expect_eq "shredder, en passant kept: exit" 0 "$status"
expect_eq "shredder, en passant kept" "$(tags '?')
[SetUp \"1\"]
[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 1\"]

*" "$out"

# --variant-name: every game's Variant tag, escaped as the Event is.
run convert --to xfen --format pgn --variant-name fischerandom 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' \
    'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1'
expect_eq "--variant-name: exit" 0 "$status"
expect_eq "--variant-name: on every game" "2 2" \
    "$(grep -c '^\[Variant "fischerandom"\]$' "$WORK/out") $(grep -c '^\[Variant ' "$WORK/out")"
run convert --to xfen --format pgn --variant-name 'a"b' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect_contains "--variant-name: escaped" '[Variant "a\"b"]' "$out"

# --- Round trips through the PGN importer ----------------------------------------------------------

# The books: every record of the test data's start list and EPD files (the oracle's with its errors,
# blank and '#' lines).
{
    awk -F '\t' '$1 ~ /^[0-9]+$/ { print $3; print $4 }' "$DATA/startpos/chess960-startpos.tsv"
    cat "$DATA/perft/pychess-perftsuite.epd" "$DATA/perft/pychess-frc_perftsuite.epd" "$DATA/examples/chess960.shredder"
} >"$WORK/book.epd"
awk -F '\t' 'NR > 1 { print $1 }' "$DATA/oracle/epd.tsv" >"$WORK/oracle.epd"

# records FILE ARGS...: convert's records of FILE (errors, blank and '#' lines left out) as six fields
# (a ';' glued to the last one cut off).
records() {
    local file=$1
    shift
    "$FEN960" convert "$@" --shape fen -f "$file" 2>/dev/null | grep -v -e '^error: ' -e '^[[:space:]]*#' -e '^[[:space:]]*$' |
        cut -d ' ' -f 1-6 | sed 's/;.*//'
}

for book in book oracle; do
    for to in fen shredder xfen; do
        for extra in "" "--en-passant keep" "--mirror"; do
            name="$book --to $to $extra"
            # shellcheck disable=SC2086 # the options are words
            "$FEN960" convert --to "$to" $extra --format pgn -f "$WORK/$book.epd" >"$WORK/games.pgn" 2>"$WORK/games.err"
            pgn_status=$?
            # shellcheck disable=SC2086
            "$FEN960" convert --to "$to" $extra -f "$WORK/$book.epd" >/dev/null 2>"$WORK/text.err"
            text_status=$?
            expect_eq "$name: the exit status of text convert" "$text_status" "$pgn_status"
            expect_eq "$name: the messages of text convert" "$(cat "$WORK/text.err")" "$(cat "$WORK/games.err")"
            # shellcheck disable=SC2086
            expected=$(records "$WORK/$book.epd" --to "$to" $extra)
            count=$(printf '%s\n' "$expected" | grep -c .)
            expect_eq "$name: one game a valid record" "$count" "$(grep -c '^\[Event ' "$WORK/games.pgn")"
            ep=${extra#--mirror}
            # shellcheck disable=SC2086
            "$FEN960" pgn --exits --to "$to" $ep "$WORK/games.pgn" >"$WORK/exits" 2>"$WORK/exits.err"
            expect_eq "$name: pgn --exits: exit" 0 "$?"
            expect_eq "$name: pgn --exits gives convert's records" "$expected" "$(cat "$WORK/exits")"
            expect_contains "$name: pgn reads every game" "$count games read: $count imported, 0 failed, 0 skipped" \
                "$(cat "$WORK/exits.err")"
        done
    done
done
# Variant only where the castling needs Chess960: on every start but the 18 with the king on e1 and
# the rooks on a1 and h1 (518 = RNBQKBNR among them), in either dialect; on no position of the
# standard perft suite.
awk -F '\t' '$1 ~ /^[0-9]+$/ { print $3; print $4 }' "$DATA/startpos/chess960-startpos.tsv" >"$WORK/starts"
expect_eq "the starts with standard castling" 18 "$(awk -F '\t' '$2 ~ /^R...K..R$/' "$DATA/startpos/chess960-startpos.tsv" | wc -l)"
"$FEN960" convert --to shredder --format pgn -f "$WORK/starts" >"$WORK/games.pgn"
expect_eq "the 960 starts in two dialects: games named Chess960" "1920 $((1920 - 2 * 18))" \
    "$(grep -c '^\[Event ' "$WORK/games.pgn") $(grep -c '^\[Variant "Chess960"\]$' "$WORK/games.pgn")"
"$FEN960" convert --to xfen --format pgn -f "$DATA/perft/pychess-perftsuite.epd" >"$WORK/games.pgn" 2>/dev/null
expect_eq "the standard perft suite: no game named Chess960" "$(records "$DATA/perft/pychess-perftsuite.epd" --to xfen | wc -l) 0" \
    "$(grep -c '^\[Event ' "$WORK/games.pgn") $(grep -c '^\[Variant ' "$WORK/games.pgn")"

# The same games for any --jobs.
"$FEN960" convert --to xfen --format pgn --jobs 1 -f "$WORK/oracle.epd" "$WORK/book.epd" >"$WORK/j1" 2>"$WORK/j1.err"
"$FEN960" convert --to xfen --format pgn --jobs 2 -f "$WORK/oracle.epd" "$WORK/book.epd" >"$WORK/j2" 2>"$WORK/j2.err"
expect_eq "--jobs 1 and 2: the same games" "$(md5sum <"$WORK/j1")" "$(md5sum <"$WORK/j2")"
expect_eq "--jobs 1 and 2: the same messages" "$(cat "$WORK/j1.err")" "$(cat "$WORK/j2.err")"

# --unique: the games of text convert's unique records, the same duplicates named.
cat >"$WORK/dups.fen" <<'BOOK'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 5 9
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1
bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1
BOOK
run convert --to xfen --unique -f "$WORK/dups.fen"
text_err=$err
text_out=$(printf '%s\n' "$out" | cut -d ' ' -f 1-6)
run convert --to xfen --unique --format pgn -f "$WORK/dups.fen"
expect_eq "--unique: exit" 0 "$status"
expect_eq "--unique: the duplicates named as text convert names them" "$text_err" "$err"
expect_contains "--unique: three named" "dups.fen:6: duplicate of line 5" "$err"
"$FEN960" pgn --exits --to xfen "$WORK/out" >"$WORK/exits" 2>/dev/null
expect_eq "--unique: the games of the unique records" "$text_out" "$(cat "$WORK/exits")"

# Options that do not combine with it: usage errors.
run convert --to xfen --format pgn --key 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect_eq "--key: a usage error" 2 "$status"
expect_contains "--key: says so" "--key: goes with --format jsonl" "$err"
for shape in as-read fen epd; do
    run convert --to xfen --format pgn --shape "$shape" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
    expect_eq "--shape $shape: a usage error" 2 "$status"
    expect_contains "--shape $shape: says so" "--shape: goes with --format text or jsonl" "$err"
done
run convert --to xfen --variant-name chess960 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect_eq "--variant-name without --format pgn: a usage error" 2 "$status"
expect_contains "--variant-name: says so" "--variant-name: goes with --format pgn" "$err"
run convert --to xfen --format jsonl --shape fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'
expect_eq "--shape still goes with jsonl" 0 "$status"
expect_contains "--shape fen with jsonl" '"output":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"' "$out"

finish
