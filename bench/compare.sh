#!/usr/bin/env bash
# Two fen960 binaries, one behaviour: runs both on the same inputs and compares standard output,
# standard error and the exit status of every command, byte for byte. For a change that must not
# change behaviour (a refactoring, a fast path): build the old tree and the new one, then
#   bench/compare.sh OLD/fen960 NEW/fen960 [SEED]
# The inputs: every record and PGN file of tests/data, the positions the old binary reads from those
# games, all start positions, and a few MB of seeded random mutations of both (bench/mutate.py).
# Prints one line per difference and a total; exit status 0 when there is none.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$(realpath "$1")
new=$(realpath "$2")
seed=${3:-14}
work=$(mktemp -d "${TMPDIR:-/tmp}/fen960-compare.XXXXXX")
trap 'rm -rf "$work"' EXIT
py=/usr/bin/python3
data=tests/data

# Records: the oracle's inputs, the castling vectors, the perft suites' positions, the start positions
# and every position of the test games.
{
    cut -f4 "$data/oracle/convert.tsv" | tail -n +2
    cut -f1 "$data/oracle/identify.tsv" | tail -n +2
    $py -c 'import json,sys
for l in open(sys.argv[1]): sys.stdout.write(json.loads(l)["record"].replace("\n"," ")+"\n")' "$data/oracle/invalid.jsonl"
    cut -f2 "$data/oracle/perft.tsv" | tail -n +2
    cut -f1 "$data/fen/castling-vectors.tsv" | grep -v '^#' || true
    cat "$data/fen/malformed.input"
    grep -h -o '^[^;]*' "$data/perft/"*.epd || true
    grep -h '^epd ' "$data/perft/"*.perft | cut -c5- || true
    for d in fen shredder xfen; do { "$old" startpos --all --to "$d" 2>/dev/null || true; } | cut -f2; done
    find "$data/pgn" "$data/oracle" -name '*.pgn' -print0 | sort -z | { xargs -0 "$old" pgn --positions --jobs 1 2>/dev/null || true; } |
        grep -v '^error' || true
} >"$work/base.fen"
$py bench/mutate.py records "$seed" <"$work/base.fen" >"$work/records.fen"
find "$data/pgn" "$data/oracle" -name '*.pgn' -print0 | sort -z | xargs -0 cat >"$work/base.pgn"
for i in 1 2 3 4 5 6; do $py bench/mutate.py pgn "$((seed + i))" <"$work/base.pgn"; done >"$work/mutated.pgn"
echo "inputs: $(wc -l <"$work/records.fen") records ($(du -h "$work/records.fen" | cut -f1)), $(du -h "$work/mutated.pgn" | cut -f1) of mutated PGN"

differences=0
runs=0
# compare NAME STDIN-FILE ARGS...: both binaries, same arguments, same standard input, each in a
# folder of its own, so that files a command writes (--rejects, --svg) are compared too.
mkdir -p "$work/A" "$work/B"
compare() {
    local name=$1 input=$2
    shift 2
    local sa=0 sb=0
    (cd "$work/A" && "$old" "$@" <"$input" >../a.out 2>../a.err) || sa=$?
    (cd "$work/B" && "$new" "$@" <"$input" >../b.out 2>../b.err) || sb=$?
    runs=$((runs + 1))
    if [ "$sa" != "$sb" ]; then
        echo "DIFF $name: exit status $sa -> $sb"
        differences=$((differences + 1))
    fi
    for s in out err; do
        if ! cmp -s "$work/a.$s" "$work/b.$s"; then
            echo "DIFF $name: std$s differs at $(cmp "$work/a.$s" "$work/b.$s" 2>&1 | head -1 | sed 's/.*differ: //')"
            # (diff's status 1 and head's early exit must not end the script under pipefail)
            { diff <(head -c 200000 "$work/a.$s") <(head -c 200000 "$work/b.$s") || true; } | head -6 | sed 's/^/    /' || true
            differences=$((differences + 1))
        fi
    done
    if ! diff -r "$work/A" "$work/B" >/dev/null; then
        echo "DIFF $name: the files it wrote differ"
        differences=$((differences + 1))
    fi
    rm -rf "${work:?}/A/"* "${work:?}/B/"*
}

recs=$work/records.fen
awk 'NR % 97 == 1 && ++n <= 400' "$recs" >"$work/sample.fen"
for jobs in 1 2; do
    for to in fen shredder xfen; do
        for ep in "" keep pseudo legal; do
            compare "convert --to $to ${ep:+--en-passant $ep} -j$jobs" "$recs" convert --to "$to" ${ep:+--en-passant "$ep"} --jobs "$jobs"
        done
        compare "convert --to $to --repair -j$jobs" "$recs" convert --to "$to" --repair --jobs "$jobs"
        for from in fen shredder xfen; do
            compare "convert --to $to --from $from -j$jobs" "$recs" convert --to "$to" --from "$from" --jobs "$jobs"
        done
    done
    compare "convert jsonl -j$jobs" "$recs" convert --to xfen --format jsonl --jobs "$jobs"
    compare "convert --repair jsonl -j$jobs" "$recs" convert --to shredder --repair --format jsonl --jobs "$jobs"
    compare "validate -j$jobs" "$recs" validate --jobs "$jobs"
    compare "validate --chess960 -j$jobs" "$recs" validate --chess960 --jobs "$jobs"
    compare "validate jsonl -j$jobs" "$recs" validate --chess960 --format jsonl --jobs "$jobs"
    compare "identify -j$jobs" "$recs" identify --jobs "$jobs"
    compare "identify --explain -j$jobs" "$recs" identify --explain --jobs "$jobs"
    compare "identify jsonl -j$jobs" "$recs" identify --explain --format jsonl --jobs "$jobs"
    for pgn in base mutated; do
        f=$work/$pgn.pgn
        for to in fen shredder xfen; do
            compare "pgn $pgn --to $to -j$jobs" "$f" pgn --to "$to" --jobs "$jobs"
            compare "pgn $pgn --positions --to $to -j$jobs" "$f" pgn --positions --to "$to" --jobs "$jobs"
        done
        for ep in keep pseudo legal; do
            compare "pgn $pgn --positions --en-passant $ep -j$jobs" "$f" pgn --positions --en-passant "$ep" --jobs "$jobs"
        done
        compare "pgn $pgn jsonl -j$jobs" "$f" pgn --positions --format jsonl --jobs "$jobs"
        compare "pgn $pgn --rejects -j$jobs" "$f" pgn --rejects rejects.pgn --jobs "$jobs"
    done
done
# Files named on the command line (messages carry the name), several at once.
find "$data/pgn" -name '*.pgn' | sort | head -40 >"$work/pgn-list"
mapfile -t pgn_files < <(sed "s|^|$PWD/|" "$work/pgn-list")
compare "pgn files" /dev/null pgn "${pgn_files[@]}"
compare "pgn files --positions" /dev/null pgn --positions --to shredder "${pgn_files[@]}"
compare "convert -f files" "$work/sample.fen" convert --to xfen -f "$recs" "$work/base.fen" -
compare "validate files" "$work/sample.fen" validate "$recs" -

# One-record commands on a sample of the records (every 97th line).
n=0
while IFS= read -r r; do
    n=$((n + 1))
    compare "show #$n" /dev/null show "$r"
    compare "show --chess960 --flip #$n" /dev/null show --chess960 --flip "$r"
    if [ $((n % 4)) = 0 ]; then
        compare "show --svg #$n" /dev/null show --svg board.svg "$r"
        compare "perft 2 #$n" /dev/null perft 2 "$r"
        compare "perft --divide 2 #$n" /dev/null perft --divide 2 "$r"
        compare "perft --divide --standard-castling 1 #$n" /dev/null perft --divide --standard-castling 1 "$r"
        compare "convert arg #$n" /dev/null convert --to shredder "$r"
        compare "validate arg #$n" /dev/null validate "$r"
    fi
done <"$work/sample.fen"
for n in 0 1 518 959 960 -1 abc; do
    compare "startpos $n" /dev/null startpos "$n"
    compare "startpos --dfrc $n" /dev/null startpos --dfrc --to shredder "$n"
done
compare "startpos --random" /dev/null startpos --random --seed 7 --number
compare "perft 4" /dev/null perft 4
# Usage errors: the message and the status, not the help text.
compare "usage: convert without --to" /dev/null convert x
compare "usage: bad --to" /dev/null convert --to nope x
compare "usage: perft depth" /dev/null perft abc

echo "$runs commands compared, $differences differences"
[ "$differences" = 0 ]
