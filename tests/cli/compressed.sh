#!/usr/bin/env bash
# Compressed input, end to end. The fixtures are made here by Debian's zstd, gzip, bzip2 and xz
# programs from the test data: the same PGN and record files compressed in each format give output,
# messages (but for the file name), --rejects and exit status byte for byte those of the plain file,
# from a file and from standard input, with one thread and several; concatenated frames, members and
# streams read to the end; lichess's leading skippable frame is passed over; the format is told by the
# bytes, never by the name; a cut or corrupt stream gives everything before the damage, then one
# message naming the file and the compressed byte, and exit status 3.
. "$(dirname "$0")/lib.sh"
DATA="$(cd "$(dirname "$0")/../data" && pwd)"

for tool in zstd gzip bzip2 xz; do
    command -v "$tool" >/dev/null || fail "$tool not found (scripts/install-deps.sh --test installs it)"
done
[ "$failures" -eq 0 ] || finish

# compress FORMAT FILE: the file compressed by the format's own program, on standard output.
compress() {
    case $1 in
    zstd) zstd -q -c "$2" ;;
    gzip) gzip -c "$2" ;;
    bzip2) bzip2 -c "$2" ;;
    xz) xz -c "$2" ;;
    esac
}

# same NAME PLAIN COMPRESSED ARGS...: fen960 ARGS on both files (and the compressed one on standard
# input) gives the same output, messages (the file's name aside), rejects and exit status.
same() {
    local name=$1 plain=$2 packed=$3
    shift 3
    "$FEN960" "$@" "$plain" >"$WORK/plain.out" 2>"$WORK/plain.err"
    local want=$?
    [ -f "$WORK/rejects.pgn" ] && mv "$WORK/rejects.pgn" "$WORK/plain.rejects"
    "$FEN960" "$@" "$packed" >"$WORK/packed.out" 2>"$WORK/packed.err"
    expect_eq "$name: exit" "$want" "$?"
    # --format jsonl names the file in each object.
    sed -i "s|\"$plain\"|\"FILE\"|g" "$WORK/plain.out"
    sed -i "s|\"$packed\"|\"FILE\"|g" "$WORK/packed.out"
    expect_eq "$name: output" "" "$(cmp "$WORK/plain.out" "$WORK/packed.out" 2>&1)"
    expect_eq "$name: messages" "$(sed "s|$plain|FILE|g" "$WORK/plain.err")" "$(sed "s|$packed|FILE|g" "$WORK/packed.err")"
    if [ -f "$WORK/plain.rejects" ]; then
        expect_eq "$name: rejects" "" "$(cmp "$WORK/plain.rejects" "$WORK/rejects.pgn" 2>&1)"
        rm -f "$WORK/plain.rejects" "$WORK/rejects.pgn"
    fi
    # Standard input: the plain file's messages name it "-" as well.
    "$FEN960" "$@" - <"$plain" >"$WORK/plain.out" 2>"$WORK/plain.err"
    "$FEN960" "$@" - <"$packed" >"$WORK/packed.out" 2>"$WORK/packed.err"
    expect_eq "$name, stdin: exit" "$want" "$?"
    expect_eq "$name, stdin: output" "" "$(cmp "$WORK/plain.out" "$WORK/packed.out" 2>&1)"
    expect_eq "$name, stdin: messages" "$(cat "$WORK/plain.err")" "$(cat "$WORK/packed.err")"
    rm -f "$WORK/rejects.pgn"
}

# The inputs: PGN from several exporters (failed and skipped games among them) and records, valid
# and invalid, in every dialect.
cat "$DATA/oracle/games.pgn" "$DATA/pgn/shakmaty/lichess_db_100k.pgn" "$DATA/pgn/python-chess/antichess-programfox.pgn" \
    "$DATA/pgn/scalachess-fixtures/fromTcecWithEngineOutput.pgn" >"$WORK/games.pgn"
cut -f4 "$DATA/oracle/convert.tsv" | tail -n +2 >"$WORK/records.fen"
cut -f1 "$DATA/oracle/identify.tsv" | tail -n +2 >>"$WORK/records.fen"

for format in zstd gzip bzip2 xz; do
    compress $format "$WORK/games.pgn" >"$WORK/games.$format"
    compress $format "$WORK/records.fen" >"$WORK/records.$format"
    for jobs in 1 2; do
        same "$format pgn --jobs $jobs" "$WORK/games.pgn" "$WORK/games.$format" pgn --jobs $jobs --rejects "$WORK/rejects.pgn"
        same "$format pgn --positions --jobs $jobs" "$WORK/games.pgn" "$WORK/games.$format" pgn --positions --jobs $jobs
        same "$format convert --jobs $jobs" "$WORK/records.fen" "$WORK/records.$format" convert --to shredder --jobs $jobs -f
    done
    same "$format pgn --positions --format jsonl" "$WORK/games.pgn" "$WORK/games.$format" pgn --positions --format jsonl
    same "$format convert --format jsonl" "$WORK/records.fen" "$WORK/records.$format" convert --to xfen --format jsonl -f
    same "$format validate" "$WORK/records.fen" "$WORK/records.$format" validate --chess960
    same "$format identify" "$WORK/records.fen" "$WORK/records.$format" identify --explain

    # Frames, members or streams one after another (zstd -c a >> f; pigz; pbzip2) are read to the end.
    cat "$WORK/records.$format" "$WORK/records.$format" >"$WORK/twice.$format"
    cat "$WORK/records.fen" "$WORK/records.fen" >"$WORK/twice.fen"
    same "$format concatenated" "$WORK/twice.fen" "$WORK/twice.$format" convert --to xfen -f
done

# show reads its record from compressed standard input too.
head -n 1 "$WORK/records.fen" | zstd -q -c >"$WORK/one.zst"
STDIN="$WORK/one.zst" run show -
expect_eq "show -: exit" 0 "$status"
expect_eq "show -: the record" "$("$FEN960" show "$(head -n 1 "$WORK/records.fen")")" "$out"

# lichess's dumps begin with a skippable frame (magic 0x184D2A50, little-endian length, payload).
{ printf '\x50\x2a\x4d\x18\x08\x00\x00\x00lichess!'; cat "$WORK/games.zstd"; printf '\x5f\x2a\x4d\x18\x00\x00\x00\x00'; } >"$WORK/lichess.pgn.zst"
same "a leading skippable frame" "$WORK/games.pgn" "$WORK/lichess.pgn.zst" pgn --positions

# The bytes decide, not the name: a plain file named .zst is plain, a compressed one named .pgn is read.
cp "$WORK/games.pgn" "$WORK/plain.pgn.zst"
cp "$WORK/games.xz" "$WORK/packed.pgn"
same "a plain file named .zst" "$WORK/games.pgn" "$WORK/plain.pgn.zst" pgn --positions
same "an xz file named .pgn" "$WORK/games.pgn" "$WORK/packed.pgn" pgn --positions

# A partial download of records: the lines before the cut are converted and written as usual, the line
# the cut falls in is not; one message names the file and the compressed byte; exit status 3.
for i in $(seq 30); do cat "$WORK/records.fen"; done >"$WORK/many.fen"
zstd -q -c "$WORK/many.fen" >"$WORK/many.zst"
size=$(stat -c %s "$WORK/many.zst")
cut_at=$((size - size / 10))
head -c $cut_at "$WORK/many.zst" >"$WORK/cut.zst"
lines=$(zstd -q -dc "$WORK/cut.zst" 2>/dev/null | wc -l)
for jobs in 1 2; do
    run convert --to xfen --jobs $jobs -f "$WORK/cut.zst"
    expect_eq "cut records --jobs $jobs: exit" 3 "$status"
    expect_eq "cut records --jobs $jobs: the lines before the cut" \
        "$("$FEN960" convert --to xfen -f "$WORK/many.fen" 2>/dev/null | head -n "$lines")" "$out"
    expect_eq "cut records --jobs $jobs: one message" \
        "fen960 convert: $WORK/cut.zst: truncated zstd data at compressed byte $cut_at; read up to line $lines" \
        "$(printf '%s\n' "$err" | grep -v '^[^f]' | grep -v "^$WORK/cut.zst:" | grep -v '^ *\^')"
done
expect_contains "cut records: some lines read" "" "$([ "$lines" -gt 1000 ] || echo "only $lines lines before the cut")"
# The next input is still read.
run validate "$WORK/cut.zst" "$WORK/records.zstd"
expect_eq "cut then whole: exit" 3 "$status"
expect_eq "cut then whole: both read" $((lines + $(wc -l <"$WORK/records.fen"))) "$(printf '%s\n' "$out" | wc -l)"
expect_contains "cut then whole: the message last" "fen960 validate: $WORK/cut.zst: truncated zstd data at compressed byte $cut_at" \
    "$(printf '%s\n' "$err" | tail -n 1)"

# A partial download of games (zstd cut inside its last block, as a download stops anywhere): the games
# before the cut are imported and written as those of the decompressed bytes would be; the game the cut
# falls in is not imported, whatever it would read as, but fails and goes to --rejects as read.
zstd -q -c <"$WORK/games.pgn" >"$WORK/games-stream.zst" # no content size: decoded block by block
size=$(stat -c %s "$WORK/games-stream.zst")
head -c $((size - 5)) "$WORK/games-stream.zst" >"$WORK/cut.pgn.zst"
zstd -q -dc "$WORK/cut.pgn.zst" 2>/dev/null >"$WORK/prefix.pgn"
last=$(grep -n '^\[Event ' "$WORK/prefix.pgn" | tail -n 1 | cut -d: -f1)
head -n $((last - 1)) "$WORK/prefix.pgn" >"$WORK/complete.pgn"
tail -n +"$last" "$WORK/prefix.pgn" >"$WORK/cut-game.pgn"
expect_contains "cut games: the cut falls in a game" "" "$([ -s "$WORK/cut-game.pgn" ] && [ "$last" -gt 1000 ] || echo "cut at line $last")"
"$FEN960" pgn --rejects "$WORK/rejects.pgn" "$WORK/complete.pgn" >"$WORK/complete.out" 2>"$WORK/complete.err"
{ cat "$WORK/rejects.pgn" "$WORK/cut-game.pgn"; [ "$(tail -c 1 "$WORK/cut-game.pgn")" = "" ] || echo; echo; } >"$WORK/want-rejects.pgn"
summary=$(grep '^fen960 pgn: [0-9]* games read' "$WORK/complete.err")
games=$(printf '%s\n' "$summary" | sed 's/^fen960 pgn: \([0-9]*\) games read: \([0-9]*\) imported, \([0-9]*\) failed.*/\1/')
imported=$(printf '%s\n' "$summary" | sed 's/^fen960 pgn: \([0-9]*\) games read: \([0-9]*\) imported, \([0-9]*\) failed.*/\2/')
failed=$(printf '%s\n' "$summary" | sed 's/^fen960 pgn: \([0-9]*\) games read: \([0-9]*\) imported, \([0-9]*\) failed.*/\3/')
for jobs in 1 2; do
    rm -f "$WORK/rejects.pgn"
    run pgn --jobs $jobs --rejects "$WORK/rejects.pgn" "$WORK/cut.pgn.zst"
    expect_eq "cut games --jobs $jobs: exit" 3 "$status"
    expect_eq "cut games --jobs $jobs: the games before the cut" "" "$(cmp "$WORK/complete.out" "$WORK/out" 2>&1)"
    expect_eq "cut games --jobs $jobs: rejects, the cut game last" "" "$(cmp "$WORK/want-rejects.pgn" "$WORK/rejects.pgn" 2>&1)"
    expect_contains "cut games --jobs $jobs: the cut game failed" \
        "$WORK/cut.pgn.zst:$(grep -c '' "$WORK/prefix.pgn"):" "$(grep ': game cut short by damaged input$' "$WORK/err")"
    expect_contains "cut games --jobs $jobs: counted" \
        "fen960 pgn: $((games + 1)) games read: $imported imported, $((failed + 1)) failed" "$err"
    expect_eq "cut games --jobs $jobs: the message last" \
        "fen960 pgn: $WORK/cut.pgn.zst: truncated zstd data at compressed byte $((size - 5)); read up to game $((games + 1))" \
        "$(printf '%s\n' "$err" | tail -n 1)"
done
rm -f "$WORK/rejects.pgn"
# Under --positions the cut game gives its error line and no position.
run pgn --positions "$WORK/cut.pgn.zst"
expect_eq "cut games --positions: exit" 3 "$status"
expect_eq "cut games --positions: the last block" "error: game $((games + 1)) ply 0: game cut short by damaged input" \
    "$(printf '%s\n' "$out" | awk 'BEGIN { RS = "" } END { print }')"

# Corrupt data: a flipped byte in a gzip member stops the input where zlib finds it.
gzip -c "$WORK/many.fen" >"$WORK/many.gz"
python3 -c "
import sys
d = bytearray(open(sys.argv[1], 'rb').read()); d[len(d) // 2] ^= 0x55
open(sys.argv[2], 'wb').write(d)" "$WORK/many.gz" "$WORK/bad.gz"
run identify "$WORK/bad.gz"
expect_eq "corrupt gzip: exit" 3 "$status"
expect_contains "corrupt gzip: the message" "fen960 identify: $WORK/bad.gz: corrupt gzip data (" "$err"
expect_contains "corrupt gzip: the byte" "at compressed byte " "$(printf '%s\n' "$err" | tail -n 1)"

# gzip's zero padding after the last member is read as gzip -d reads it; other trailing bytes are damage.
{ cat "$WORK/records.gzip"; head -c 100 /dev/zero; } >"$WORK/padded.gz"
same "gzip zero padding" "$WORK/records.fen" "$WORK/padded.gz" convert --to xfen -f
{ cat "$WORK/records.zstd"; printf 'not a frame at all, but text'; } >"$WORK/trailing.zst"
run convert --to xfen -f "$WORK/trailing.zst"
expect_eq "trailing bytes: exit" 3 "$status"
expect_eq "trailing bytes: every record" "$(wc -l <"$WORK/records.fen")" "$(printf '%s\n' "$out" | wc -l)"
expect_contains "trailing bytes: the message" \
    "fen960 convert: $WORK/trailing.zst: corrupt zstd data (unknown frame descriptor) at compressed byte" "$err"

finish
