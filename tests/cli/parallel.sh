#!/usr/bin/env bash
# fen960 as a UNIX filter under GNU parallel: a file cut into chunks at line boundaries, converted by
# several processes, put back in order, gives byte for byte what one process gives.
. "$(dirname "$0")/lib.sh"

command -v parallel >/dev/null || { fail "GNU parallel is not installed (scripts/install-deps.sh --test installs it)"; finish; }

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
for i in $(seq 2500); do
    printf '%s\n%s\n%s\n' "$START" 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1' "bad record $i"
done >"$WORK/in.fen"

"$FEN960" convert --to shredder --jobs 1 <"$WORK/in.fen" >"$WORK/one.out" 2>/dev/null
parallel --will-cite --pipe --keep-order --block 20k -j 3 "$FEN960" convert --to shredder --jobs 1 \
    <"$WORK/in.fen" >"$WORK/parallel.out" 2>/dev/null
expect_eq "parallel: line count" 7500 "$(wc -l <"$WORK/parallel.out")"
cmp -s "$WORK/one.out" "$WORK/parallel.out" || fail "parallel --pipe --keep-order output differs from one process"

finish
