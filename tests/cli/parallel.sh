#!/usr/bin/env bash
# fen960 as a UNIX filter under GNU parallel: a file cut into chunks at line boundaries, converted by
# several processes, put back in order, gives byte for byte what one process gives.
. "$(dirname "$0")/lib.sh"

command -v parallel >/dev/null || { fail "GNU parallel is not installed (scripts/install-deps.sh --test installs it)"; # --jobs beyond the cap is a usage error; a thread the system refuses (here: too little address
# space for 256 threads' stacks) is a message and status 3, never an abort. Not under the sanitizers,
# whose shadow memory needs more address space than any such limit leaves.
"$FEN960" convert --to xfen --jobs 100000 <"$WORK/in.fen" >/dev/null 2>"$WORK/err"
expect_eq "--jobs 100000: usage error" 2 "$?"
expect_contains "--jobs 100000: the range" "0 to 256" "$(cat "$WORK/err")"
if ! grep -q __asan_init "$FEN960"; then
    for command in "convert --to xfen" "pgn --positions" "key"; do
        # shellcheck disable=SC2086 # the command's words
        (ulimit -v 400000 && "$FEN960" $command --jobs 256 <"$WORK/in.fen" >/dev/null 2>"$WORK/err")
        expect_eq "$command: thread refused: exit" 3 "$?"
        expect_contains "$command: thread refused: message" "the system refused a thread" "$(cat "$WORK/err")"
    done
fi

finish; }

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
for i in $(seq 2500); do
    printf '%s\n%s\n%s\n' "$START" 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1' "bad record $i"
done >"$WORK/in.fen"

"$FEN960" convert --to shredder --jobs 1 <"$WORK/in.fen" >"$WORK/one.out" 2>/dev/null
parallel --will-cite --pipe --keep-order --block 20k -j 3 "$FEN960" convert --to shredder --jobs 1 \
    <"$WORK/in.fen" >"$WORK/parallel.out" 2>/dev/null
expect_eq "parallel: line count" 7500 "$(wc -l <"$WORK/parallel.out")"
cmp -s "$WORK/one.out" "$WORK/parallel.out" || fail "parallel --pipe --keep-order output differs from one process"

# --jobs beyond the cap is a usage error; a thread the system refuses (here: too little address
# space for 256 threads' stacks) is a message and status 3, never an abort. Not under the sanitizers,
# whose shadow memory needs more address space than any such limit leaves.
"$FEN960" convert --to xfen --jobs 100000 <"$WORK/in.fen" >/dev/null 2>"$WORK/err"
expect_eq "--jobs 100000: usage error" 2 "$?"
expect_contains "--jobs 100000: the range" "0 to 256" "$(cat "$WORK/err")"
if ! grep -q __asan_init "$FEN960"; then
    for command in "convert --to xfen" "pgn --positions" "key"; do
        # shellcheck disable=SC2086 # the command's words
        (ulimit -v 400000 && "$FEN960" $command --jobs 256 <"$WORK/in.fen" >/dev/null 2>"$WORK/err")
        expect_eq "$command: thread refused: exit" 3 "$?"
        expect_contains "$command: thread refused: message" "the system refused a thread" "$(cat "$WORK/err")"
    done
fi

finish
