#!/usr/bin/env bash
# Files fen960 writes never destroy what the user gave: an output that is one of the inputs (by any
# path or link) is refused before anything is read; --rejects is made only when a game is rejected;
# --split refuses parts of an earlier run unless --force, which also removes the stale ones; every
# file is written beside its name and renamed into place when the run ends, so a run that fails or is
# interrupted leaves the earlier file whole.
. "$(dirname "$0")/lib.sh"
DATA="$(cd "$(dirname "$0")/../data" && pwd)"
GAMES="$DATA/oracle/games.pgn" # 50 games, 3 of which fail

cd "$WORK" || exit 1
cp "$GAMES" a.pgn
cp "$GAMES" b.pgn
cp "$GAMES" c.pgn
sum() { cksum <"$1"; }
A=$(sum a.pgn)

# `fen960 pgn --rejects *.pgn > all.pgn` (the rejects name forgotten): a.pgn becomes the rejects file.
# b.pgn and c.pgn have failed games, so the rejects are written: but no input is touched, and a.pgn
# is replaced whole, never emptied midway. With nothing rejected a.pgn is left alone.
printf '[Event "x"]\n\n1. e4 e5 *\n' >good1.pgn
cp good1.pgn good2.pgn
run pgn --rejects a.pgn good1.pgn good2.pgn
expect_eq "rejects glob, nothing rejected: exit" 0 "$status"
expect_eq "rejects glob, nothing rejected: a.pgn left alone" "$A" "$(sum a.pgn)"
expect_contains "rejects glob, nothing rejected: said" "no game rejected: a.pgn not written" "$err"

# The rejects file is an input: a usage error naming both, before anything is read or written.
run pgn --rejects c.pgn c.pgn
expect_eq "rejects is the input: exit" 2 "$status"
expect_contains "rejects is the input: names both" "the --rejects file c.pgn is the input c.pgn" "$err"
expect_eq "rejects is the input: nothing written" "" "$out"
expect_eq "rejects is the input: c.pgn whole" "$A" "$(sum c.pgn)"
# Through other spellings of the same file: ./c.pgn, a symbolic link, a hard link.
ln -s c.pgn link.pgn
ln c.pgn hard.pgn
for spelling in ./c.pgn "$WORK/c.pgn" link.pgn hard.pgn; do
    run pgn --rejects "$spelling" b.pgn c.pgn
    expect_eq "rejects $spelling is an input: exit" 2 "$status"
    expect_eq "rejects $spelling is an input: c.pgn whole" "$A" "$(sum c.pgn)"
done
STDIN=c.pgn run pgn --rejects c.pgn
expect_eq "rejects is standard input: exit" 2 "$status"
expect_contains "rejects is standard input: said" "is the input (standard input)" "$err"
expect_eq "rejects is standard input: c.pgn whole" "$A" "$(sum c.pgn)"

# A rejects file of an earlier run is replaced whole, keeping its permissions.
printf 'old rejects\n' >rejects.pgn
chmod 640 rejects.pgn
run pgn --rejects rejects.pgn b.pgn
expect_eq "rejects replaced: exit" 1 "$status"
expect_eq "rejects replaced: the three failed games" 3 "$(grep -c '^\[Event ' rejects.pgn)"
expect_eq "rejects replaced: mode kept" 640 "$(stat -c %a rejects.pgn)"
expect_eq "rejects replaced: no temporary file left" "" "$(ls -A | grep fen960- || true)"

# Standard output that is an input (`>>` would read what it writes; `>` emptied it already).
"$FEN960" pgn c.pgn >>c.pgn 2>"$WORK/err"
expect_eq "stdout is the input: exit" 2 "$?"
expect_contains "stdout is the input: said" "standard output is the input c.pgn" "$(cat "$WORK/err")"
expect_eq "stdout is the input: c.pgn whole" "$A" "$(sum c.pgn)"

# `cp big.pgn part0001.pgn; fen960 pgn --split 5000 --output part part0001.pgn`: refused, with or
# without --force, and the input is whole.
cp "$GAMES" part0001.pgn
for force in "" --force; do
    # shellcheck disable=SC2086 # an empty $force is no argument
    run pgn --split 5000 $force --output part part0001.pgn
    expect_eq "split over its input $force: exit" 2 "$status"
    expect_contains "split over its input $force: names both" "the --split part part0001.pgn is the input part0001.pgn" "$err"
    expect_eq "split over its input $force: input whole" "$A" "$(sum part0001.pgn)"
done

# --split 4 (13 parts of the 47 imported games' text) then --split 8 (6 parts): refused without
# --force; with it the stale parts 7 to 13 go, so that the parts concatenate to the output again.
mkdir sp
run pgn --exits --split 4 --output sp/p a.pgn
expect_eq "split 4: exit" 1 "$status"
expect_eq "split 4: 13 parts" 13 "$(ls sp | wc -l)"
expect_contains "split 4: parts named" "wrote 13 parts, sp/p0001.pgn to sp/p0013.pgn" "$err"
run pgn --exits --split 8 --output sp/p a.pgn
expect_eq "split 8 over 13 parts: exit" 2 "$status"
expect_contains "split 8 over 13 parts: said" "13 parts of 'sp/p' exist (sp/p0001.pgn to sp/p0013.pgn)" "$err"
expect_contains "split 8 over 13 parts: the way out" "--force" "$err"
expect_eq "split 8 over 13 parts: nothing changed" 13 "$(ls sp | wc -l)"
run pgn --exits a.pgn
single=$out
run pgn --exits --split 8 --force --output sp/p a.pgn
expect_eq "split 8 --force: exit" 1 "$status"
expect_eq "split 8 --force: 7 parts" 7 "$(ls sp | wc -l)"
expect_contains "split 8 --force: stale parts removed" "removed 6 stale parts, sp/p0008.pgn to sp/p0013.pgn" "$err"
expect_eq "split 8 --force: the parts are the output" "$single" "$(cat sp/p*.pgn)"
run pgn --split 3 --output nosuch/p a.pgn
expect_eq "split into a missing folder: exit" 2 "$status"
expect_contains "split into a missing folder: said" "no folder nosuch" "$err"
run pgn --force a.pgn
expect_eq "--force without --split: usage error" 2 "$status"

# An interrupted run leaves the earlier rejects file whole and no temporary file: a run stopped by
# SIGTERM while it reads a pipe that stays open.
printf 'earlier rejects\n' >kept.pgn
mkfifo fifo
{
    cat b.pgn
    exec sleep 30
} >fifo &
writer=$!
"$FEN960" pgn --jobs 1 --rejects kept.pgn fifo >/dev/null 2>&1 &
reader=$!
for _ in $(seq 100); do
    ls -A | grep -q '^\.kept\.pgn\.fen960-' && break
    sleep 0.05
done
expect_contains "interrupted: the temporary file was there" ".kept.pgn.fen960-" "$(ls -A)"
kill -TERM "$reader"
wait "$reader"
expect_eq "interrupted: killed by SIGTERM" 143 "$?"
kill "$writer" 2>/dev/null
wait "$writer" 2>/dev/null
expect_eq "interrupted: the earlier file whole" "earlier rejects" "$(cat kept.pgn)"
expect_eq "interrupted: no temporary file left" "" "$(ls -A | grep fen960- || true)"

# show --svg: written whole or not at all.
printf 'old svg\n' >board.svg
run show --svg board.svg '8/8 w - - 0 1'
expect_eq "show --svg, a bad record: the earlier file whole" "old svg" "$(cat board.svg)"
run show --svg board.svg 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect_contains "show --svg: written" "<svg" "$(cat board.svg)"

finish
