#!/usr/bin/env bash
# End-to-end tests of `fen960 pgn --select`: a mixed PGN file is built from the oracle's start-position
# table (tests/data/oracle/startpos.tsv: each row's kind, number and FEN come from an independent
# implementation), each game's Event tag naming what the table says it is; each selection must keep
# exactly the games whose label it names, count the rest as not selected (never failed), keep them out
# of --rejects, and give the same output for any --jobs.
. "$(dirname "$0")/lib.sh"
DATA="$(dirname "$0")/../data"

pgn=$WORK/mixed.pgn
labels=$WORK/labels # a line a game, tab-separated: its Event, kind (standard|chess960|dfrc|other), start (or -)
: >"$pgn"
: >"$labels"
game() { # EVENT KIND START TAGS MOVES: one game with the tags given (one per line) and the moves
    printf '[Event "%s"]\n%s\n\n%s\n\n' "$1" "$4" "$5" >>"$pgn"
    printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$labels"
}

# Chess960 starts in both dialects, and DFRC starts, from the oracle table (every 37th row: both kinds,
# and starts 518 and 958; 60 games or so).
row=0
while IFS=$'\t' read -r kind n shredder xfen _; do
    [ "$kind" = kind ] && continue
    row=$((row + 1))
    [ $((row % 37)) -eq 0 ] || { [ "$kind" = c960 ] && { [ "$n" = 518 ] || [ "$n" = 958 ]; }; } || continue
    case $kind in
    c960) label=chess960 start=$n ;;
    dfrc) label=dfrc start=dfrc:$n ;;
    *) continue ;;
    esac
    [ "$label" = chess960 ] && start=startpos:$n
    game "$label $n shredder" "$label" "$start" "[Variant \"Chess960\"]
[SetUp \"1\"]
[FEN \"$shredder\"]" '1. e4 e5 *'
    game "$label $n xfen" "$label" "$start" "[Variant \"fischerandom\"]
[FEN \"$xfen\"]" '1. d4 *'
done <"$DATA/oracle/startpos.tsv"
[ "$(grep -c $'\tdfrc\t' "$labels")" -gt 2 ] || fail "too few DFRC starts in the test file"
[ "$(grep -c $'\tchess960\t' "$labels")" -gt 20 ] || fail "too few Chess960 starts in the test file"

# Standard chess: from the start without a FEN tag (start 518), and from a middlegame FEN.
game "standard start" standard startpos:518 '[White "a"]' '1. e4 c5 2. Nf3 *'
game "standard start, Variant tag" standard startpos:518 '[Variant "Standard"]' '1. d4 d5 *'
game "standard middlegame" standard - '[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]' '3. Bb5 *'
# Chess960 from the standard start, and from a middlegame (castling only Chess960 has: no Variant tag).
game "chess960 from 518" chess960 startpos:518 '[Variant "Chess960"]' '1. e4 *'
game "chess960 middlegame" chess960 - '[FEN "1rk3r1/8/8/8/8/8/8/1RK1R3 w EBgb - 0 1"]' '1. Re2 *'
# Lichess's 2023-11 dump: start 958 with its rights lost; restored, it is start 958.
game "chess960 958 HEhe" chess960 startpos:958 '[Variant "Chess960"]
[FEN "rkrnnbbq/pppppppp/8/8/8/8/PPPPPPPP/RKRNNBBQ w HEhe - 0 1"]' '1. e4 *'
game "crazyhouse" other - '[Variant "Crazyhouse"]' '1. e4 *'

all_events() { sed -n 's/^\[Event "\(.*\)"\]$/\1/p' "$@"; }
# The summary's counts of games (its first line, up to the starts restored).
counts() { sed -n 's/^\(fen960 pgn: [0-9]* games\{0,1\} read: [^;]*\).*/\1/p' <<<"$err" | head -1; }
# The Events of the games whose label matches the awk condition COND ($2 kind, $3 start).
expected() { awk -F'\t' "$1"' { print $1 }' "$labels"; }
total=$(wc -l <"$labels")

# check NAME COND SELECT...: pgn --select ... keeps the games COND labels, in order, on 1 and 2 threads.
check() {
    local name=$1 cond=$2
    shift 2
    local want n args=() s
    want=$(expected "$cond")
    n=$(printf '%s' "$want" | grep -c .)
    for s in "$@"; do args+=(--select "$s"); done
    for jobs in 1 2; do
        run pgn "${args[@]}" --jobs "$jobs" --rejects "$WORK/rejects.pgn" "$pgn"
        expect_eq "$name --jobs $jobs: exit" 0 "$status"
        expect_eq "$name --jobs $jobs: the games kept" "$want" "$(all_events "$WORK/out")"
        expect_eq "$name --jobs $jobs: summary" \
            "fen960 pgn: $total games read: $n imported, 0 failed, 0 skipped, $((total - n)) not selected" \
            "$(counts)"
        expect_eq "$name --jobs $jobs: no rejects" "" "$(cat "$WORK/rejects.pgn")"
    done
    run pgn "${args[@]}" --exits "$pgn"
    expect_eq "$name --exits: a line a game kept" "$n" "$(printf '%s' "$out" | grep -c .)"
}

check chess960 '$2 == "chess960"' chess960
check standard '$2 == "standard"' standard
check dfrc '$2 == "dfrc"' dfrc
check "chess960 and dfrc" '$2 == "chess960" || $2 == "dfrc"' chess960 dfrc
check "startpos:518" '$3 == "startpos:518"' startpos:518
check "startpos:958" '$3 == "startpos:958"' startpos:958
check "STANDARD (any case)" '$2 == "standard"' STANDARD
# The mirrored DFRC numbers are the Chess960 starts: 518 * 961.
check "dfrc:497798 (518 mirrored)" '$3 == "startpos:518"' dfrc:497798
dfrc_start=$(awk -F'\t' '$2 == "dfrc" { print $3; exit }' "$labels")
check "$dfrc_start" '$3 == "'"$dfrc_start"'"' "$dfrc_start"
c960_start=$(awk -F'\t' '$2 == "chess960" && $3 != "startpos:518" { print $3; exit }' "$labels")
check "$c960_start or standard" '$3 == "'"$c960_start"'" || $2 == "standard"' "$c960_start" standard
# The lichess game is start 958 only with its rights restored.
run pgn --select startpos:958 --start-rights as-given "$pgn"
expect_eq "as-given: the 958 game with HEhe is no start" "chess960 958 shredder
chess960 958 xfen" "$(all_events "$WORK/out")"
expect_eq "as-given: no start restored" "" "$(grep restored <<<"$err")"

# Without --select: every game but the crazyhouse one, and the summary as before (no "not selected").
run pgn "$pgn"
expect_eq "no --select: summary" "fen960 pgn: $total games read: $((total - 1)) imported, 0 failed, 1 skipped" \
    "$(counts)"

# A game selected that fails is failed (exit 1); one not selected is never read past its tags.
cat >"$WORK/bad.pgn" <<'PGN'
[Event "bad standard"]

1. e4 e5 2. Ke3 *

[Event "bad chess960"]
[Variant "Chess960"]
[FEN "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1"]

1. Kh1 *

[Event "bad FEN tag"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"]

1. e4 *
PGN
run pgn --select chess960 --rejects "$WORK/rejects.pgn" "$WORK/bad.pgn"
expect_eq "a selected game fails: exit" 1 "$status"
expect_eq "a selected game fails: summary" "fen960 pgn: 3 games read: 0 imported, 2 failed, 0 skipped, 1 not selected" \
    "$(counts)"
expect_eq "a selected game fails: rejects" "bad chess960
bad FEN tag" "$(all_events "$WORK/rejects.pgn")"
expect_contains "a selected game fails: its message" "bad.pgn:9:" "$err"
run pgn --select dfrc "$WORK/bad.pgn"
expect_eq "a FEN tag that does not read fails whatever the selection" 1 "$status"
expect_eq "not selected: no message about its moves" "" "$(grep 'Ke3\|Kh1' <<<"$err")"

# Usage errors name the value.
run pgn --select chess 960 "$pgn"
expect_eq "unknown kind: exit" 2 "$status"
expect_contains "unknown kind: message" "--select: 'chess' is not one of standard, chess960, dfrc, startpos:N, dfrc:N" "$err"
run pgn --select startpos:960 "$pgn"
expect_eq "start out of range: exit" 2 "$status"
expect_contains "start out of range: message" "'startpos:960': startpos:N takes N from 0 to 959" "$err"
run pgn --select dfrc:921600 "$pgn"
expect_contains "dfrc number out of range: message" "'dfrc:921600': dfrc:N takes N from 0 to 921599" "$err"

finish
