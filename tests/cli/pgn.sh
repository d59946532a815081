#!/usr/bin/env bash
# End-to-end tests of `fen960 pgn`: positions and errors as the oracle expects them, the rewrite and
# --rejects (failed and skipped games exactly as read), the summary, exit statuses, stdin and several
# files, CRLF, other variants, --to fen, --en-passant, a game over the size limit, --format uci.
. "$(dirname "$0")/lib.sh"
DATA="$(cd "$(dirname "$0")/../data" && pwd)"
GAMES="$DATA/oracle/games.pgn"

run pgn --help
expect_eq "help: exit" 0 "$status"
expect_contains "help: examples" "Examples:" "$out"
expect_contains "help: rejects" "--rejects" "$out"

# --positions on the oracle's games: 50 blocks, the three broken games with game, ply and message.
run pgn --positions --to xfen "$GAMES"
expect_eq "positions: exit" 1 "$status"
expect_eq "positions: blocks" 50 "$(printf '%s\n' "$out" | awk 'BEGIN { RS = "" } END { print NR }')"
expect_contains "positions: bad tag" "error: game 6 ply 0: FEN tag: invalid empty-square count '9' in rank 6" "$out"
expect_contains "positions: illegal" "error: game 26 ply 12: Nb2: illegal move: no black knight can move to b2" "$out"
expect_contains "positions: ambiguous" "error: game 45 ply 5: Ne3: ambiguous (Nde3, Nfe3)" "$out"
expect_contains "positions: stderr location" "$GAMES:348:56: Nb2: illegal move" "$err"
expect_contains "positions: stderr caret" "$(printf '%s\n%55s^' '1. Nf3 d5 2. g3 c5 3. c4 d4 4. Bg2 Nc6 5. O-O e5 6. d3 Nb2 7. e3 Nb8 8. Nxe5 Nf6 *' '')" "$err"
expect_contains "positions: summary" "fen960 pgn: 50 games read: 47 imported, 3 failed, 0 skipped" "$err"
expect_contains "positions: failed named" "fen960 pgn: failed: game 6 ($GAMES:73), game 26 ($GAMES:340), game 45 ($GAMES:617)" "$err"
# The positions before the bad ply: game 26 has its start and 11 plies, then the error line.
expect_eq "positions: game 26 block" 12 "$(printf '%s\n' "$out" | awk 'BEGIN { RS = "" } NR == 26' | grep -vc '^error')"

# The rewrite: failed games left out of stdout and written to --rejects exactly as read.
run pgn --to shredder --rejects "$WORK/rejects.pgn" "$GAMES"
expect_eq "rewrite: exit" 1 "$status"
expect_eq "rewrite: games written" 47 "$(grep -c '^\[Event ' "$WORK/out")"
{ sed -n '73,84p' "$GAMES"; echo; sed -n '340,348p' "$GAMES"; echo; sed -n '617,628p' "$GAMES"; echo; } >"$WORK/want-rejects.pgn"
expect_eq "rewrite: rejects exactly as read" "" "$(cmp "$WORK/want-rejects.pgn" "$WORK/rejects.pgn" 2>&1)"
expect_contains "rewrite: shredder FEN tag" '[FEN "nbrnkrbq/pppppppp/8/8/8/8/PPPPPPPP/NBRNKRBQ w FCfc - 0 1"]' "$out"
expect_contains "rewrite: normalised variant" '[Variant "Chess960"]' "$out"
expect_eq "rewrite: no other spelling" 0 "$(grep -ci 'variant "\(fischerandom\|chess 960\)"' "$WORK/out")"
# What was written imports again, without a failure.
cp "$WORK/out" "$WORK/rewritten.pgn"
run pgn --positions "$WORK/rewritten.pgn"
expect_eq "rewritten: exit" 0 "$status"
expect_contains "rewritten: summary" "47 games read: 47 imported, 0 failed, 0 skipped" "$err"

# Other variants: skipped with a warning, kept in --rejects, exit 0.
run pgn --rejects "$WORK/variants.pgn" "$DATA/pgn/python-chess/antichess-programfox.pgn"
expect_eq "variants: exit" 0 "$status"
expect_eq "variants: stdout" "" "$out"
expect_contains "variants: warning" "antichess-programfox.pgn:1:11: warning: unsupported variant 'Antichess'; game skipped" "$err"
expect_contains "variants: summary" "2 games read: 0 imported, 0 failed, 2 skipped" "$err"
expect_eq "variants: rejects" "$(cat "$DATA/pgn/python-chess/antichess-programfox.pgn")" "$(cat "$WORK/variants.pgn")"

# Standard input, several files (games numbered across them), CRLF.
STDIN="$DATA/pgn/pychess/badpgn.pgn" run pgn --positions "$DATA/pgn/pychess/chess960rwch.pgn" -
expect_eq "inputs: exit" 1 "$status"
expect_contains "inputs: numbering" "error: game 21 ply 0: expected ']' after the tag value, found 'y'" "$out"
expect_contains "inputs: stdin name" "-:1:18: expected ']' after the tag value, found 'y'" "$err"
expect_contains "inputs: summary" "21 games read: 20 imported, 1 failed, 0 skipped" "$err"
expect_eq "inputs: no CR" 0 "$(tr -cd '\r' <"$WORK/out" | wc -c)"

# --to fen cannot write Chess960 castling: the game fails at ply 0.
printf '[Variant "Chess960"]\n[FEN "bnrbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BNRBNQKR w KQkq - 0 1"]\n\n1. b4 e6 *\n' >"$WORK/c960.pgn"
run pgn --positions --to fen "$WORK/c960.pgn"
expect_eq "to fen: exit" 1 "$status"
expect_contains "to fen: error" "error: game 1 ply 0: FEN tag: castling right of the rook on h1 cannot be written in standard FEN" "$out"
run pgn --to xfen "$WORK/c960.pgn"
expect_eq "to xfen: exit" 0 "$status"
expect_eq "to xfen: game" "$(printf '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "bnrbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BNRBNQKR w KQkq - 0 1"]\n\n1. b4 e6 *')" "$out"

# En passant: X-FEN writes it only when a capture could follow, unless --en-passant keep.
printf '1. e4 *\n' >"$WORK/e4.pgn"
run pgn --positions "$WORK/e4.pgn"
expect_eq "ep default" 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' "$(printf '%s\n' "$out" | sed -n 2p)"
run pgn --positions --en-passant keep "$WORK/e4.pgn"
expect_eq "ep keep" 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1' "$(printf '%s\n' "$out" | sed -n 2p)"

# A game over the size limit fails without being held; --rejects still gets every byte.
{ printf '1. d4 *\n\n1. e4 {'; head -c 1200000 /dev/zero | tr '\0' 'x'; printf '} e5 *\n\n1. c4 *\n'; } >"$WORK/long.pgn"
run pgn --rejects "$WORK/long-rejects.pgn" "$WORK/long.pgn"
expect_eq "long: exit" 1 "$status"
expect_contains "long: message" "long.pgn:3:1: game longer than 1048576 bytes (--max-game-size); not read" "$err"
expect_contains "long: summary" "3 games read: 2 imported, 1 failed, 0 skipped" "$err"
expect_eq "long: rejects size" 1200014 "$(grep -v '^$' "$WORK/long-rejects.pgn" | wc -c)"

# --format uci: one line a game, its main line as the UCI command, castling as --castling says
# (auto: the king's move for standard chess, king takes rook for Chess960); a failed game's error, a
# skipped game's reason, in its place. tests/test_stockfish.cpp plays every test game's line in Stockfish.
printf '[Event "a"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 (4... d6) 5. d4 exd4 6. e5 d5 7. exd6 *\n\n[Variant "Chess960"]\n[FEN "bnrbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BNRBNQKR w KQkq - 0 1"]\n\n1. g3 g6 2. Qg2 Qg7 3. O-O O-O *\n\n[Variant "Atomic"]\n\n1. e4 *\n\n1. e4 -- 2. d4 *\n\n1. e4 Ke7 *\n' >"$WORK/uci.pgn"
STANDARD='position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d4 e5d4 e4e5 d7d5 e5d6'
C960='position fen bnrbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BNRBNQKR w KQkq - 0 1 moves g2g3 g7g6 f1g2 f8g7'
REST="skipped: game 3: unsupported variant 'Atomic'
error: game 4 ply 2: --: a null move cannot be written in UCI
error: game 5 ply 2: Ke7: illegal move: no black king can move to e7"
run pgn --format uci "$WORK/uci.pgn"
expect_eq "uci: exit" 1 "$status"
expect_eq "uci: auto" "$STANDARD
$C960 g1h1 g8h8
$REST" "$out"
expect_contains "uci: summary" "5 games read: 2 imported, 2 failed, 1 skipped" "$err"
run pgn --format uci --castling kxr --to shredder "$WORK/uci.pgn"
expect_eq "uci: kxr" "${STANDARD/e1g1/e1h1}
${C960/KQkq/HChc} g1h1 g8h8
$REST" "$out"
# The king already on g1: the king's notation has no move for it (g1g1 is none an engine reads), so the
# game fails, saying why.
run pgn --format uci --castling king "$WORK/uci.pgn"
expect_eq "uci: king" "$STANDARD
error: game 2 ply 5: O-O: castling on the h-side cannot be written as the king's move: the king stays on g1
$REST" "$out"
# The king's move that is also the king's step cannot stand for castling: the game fails.
printf '[Variant "Chess960"]\n[FEN "4k3/8/8/8/8/8/8/5K1R w H - 0 1"]\n\n1. O-O *\n' >"$WORK/step.pgn"
run pgn --format uci --castling king "$WORK/step.pgn"
expect_eq "uci: king refused" "error: game 1 ply 1: O-O: castling on the h-side cannot be written as the king's move to g1: f1g1 is the king's move to g1" "$out"
run pgn --format uci "$WORK/step.pgn"
expect_eq "uci: kxr there" "position fen 4k3/8/8/8/8/8/8/5K1R w K - 0 1 moves f1h1" "$out"
run pgn --format uci --positions "$WORK/uci.pgn"
expect_eq "uci: not with --positions" 2 "$status"
run pgn --format jsonl --positions --castling kxr "$WORK/uci.pgn"
expect_eq "uci: --castling alone" 2 "$status"
expect_contains "uci: --castling message" "--castling: goes with --format uci" "$err"

# Usage and input errors.
run pgn --to nope "$WORK/e4.pgn"
expect_eq "usage: exit" 2 "$status"
run pgn "$WORK/missing.pgn"
expect_eq "missing file: exit" 3 "$status"
expect_contains "missing file: message" "cannot open $WORK/missing.pgn" "$err"

# --exits: one line per game, its main line's last position (the issue's example); with --positions a
# usage error.
printf '1. e4 e5 2. Nf3 Nc6 *\n\n1. d4 (1. e4 e5) d5 2. Qxd5 *\n\n1. e4 *\n' >"$WORK/exits.pgn"
run pgn --exits "$WORK/exits.pgn"
expect_eq "exits: exit" 1 "$status"
expect_eq "exits: line 1" 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3' "$(printf '%s\n' "$out" | sed -n 1p)"
expect_contains "exits: line 2, a failed game" 'error: game 2 ply 3: Qxd5: illegal move' "$(printf '%s\n' "$out" | sed -n 2p)"
expect_eq "exits: line 3" 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' "$(printf '%s\n' "$out" | sed -n 3p)"
expect_eq "exits: lines" 3 "$(printf '%s\n' "$out" | wc -l)"
run pgn --exits --to shredder --en-passant keep "$WORK/exits.pgn"
expect_eq "exits: keep" 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 1' "$(printf '%s\n' "$out" | sed -n 3p)"
run pgn --exits --positions "$WORK/exits.pgn"
expect_eq "exits with positions: usage error" 2 "$status"

# --split N --output PREFIX: files of N games each whose concatenation is the single output, for the
# rewrite, --positions and --exits, with one thread and two.
for mode in "" --positions --exits; do
    for jobs in 1 2; do
        rm -rf "$WORK/split"
        mkdir "$WORK/split"
        # shellcheck disable=SC2086 # an empty mode is no argument
        run pgn $mode --jobs "$jobs" "$GAMES"
        single=$(cat "$WORK/out"; echo .)
        # shellcheck disable=SC2086
        run pgn $mode --jobs "$jobs" --split 7 --output "$WORK/split/part" "$GAMES"
        expect_eq "split $mode --jobs $jobs: nothing on stdout" "" "$out"
        expect_eq "split $mode --jobs $jobs: concatenation" "$single" "$(cat "$WORK"/split/part*.pgn; echo .)"
        expect_eq "split $mode --jobs $jobs: the first file" "$WORK/split/part0001.pgn" "$(ls "$WORK"/split/* | head -1)"
    done
done
expect_eq "split --exits: 50 games in 8 files" 8 "$(ls "$WORK"/split | wc -l)"
expect_eq "split --exits: 7 a file" 7 "$(wc -l <"$WORK/split/part0001.pgn")"
run pgn --split 3 "$GAMES"
expect_eq "split without --output: usage error" 2 "$status"

# Rewrite hygiene: every game written ends with a termination marker (a tags-only game's is its
# Result tag's or '*', so that a reader does not run it into the next game); --variant-name; a FEN tag
# spelt Fen; Variant spellings folded.
cat >"$WORK/hygiene.pgn" <<'PGN'
[Event "tags only"]
[Result "?"]

[Event "no result, standard"]
[Result "1-0"]

1. e4 e5

[Event "tags only, Chess960"]
[Variant "Fischer-Random"]
[Fen "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1"]

[Event "chess_960"]
[Variant "chess_960"]
[FEN "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1"]

1. e4 *
PGN
run pgn --to shredder "$WORK/hygiene.pgn"
expect_eq "hygiene: exit" 0 "$status"
expect_eq "hygiene: the games, each with its marker" '[Event "tags only"]
[Result "?"]

*

[Event "no result, standard"]
[Result "1-0"]

1. e4 e5 1-0

[Event "tags only, Chess960"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1"]

*

[Event "chess_960"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1"]

1. e4 *' "$out"
expect_contains "hygiene: the Fen tag named" "hygiene.pgn:11:2: warning: tag 'Fen' read as the FEN tag" "$err"
expect_contains "hygiene: four games" "4 games read: 4 imported, 0 failed, 0 skipped" "$err"
# The rewritten file reads back as the same four games.
printf '%s\n' "$out" >"$WORK/hygiene.out.pgn"
run pgn --exits "$WORK/hygiene.out.pgn"
expect_eq "hygiene: read back, a line a game" 4 "$(printf '%s\n' "$out" | wc -l)"
run pgn --variant-name fischerandom "$WORK/hygiene.pgn"
expect_eq "variant-name NAME" '[Variant "fischerandom"]
[Variant "fischerandom"]' "$(grep Variant <<<"$out")"
run pgn --variant-name keep "$WORK/hygiene.pgn"
expect_eq "variant-name keep" '[Variant "Fischer-Random"]
[Variant "chess_960"]' "$(grep Variant <<<"$out")"
# A name given is escaped as convert --format pgn escapes it (one rule: append_pgn_tag); one that no
# PGN string can hold is refused, in both commands alike.
run pgn --variant-name 'fischer "random" \ 960' "$WORK/hygiene.pgn"
expect_eq "variant-name with a quote and a backslash: escaped" '[Variant "fischer \"random\" \\ 960"]
[Variant "fischer \"random\" \\ 960"]' "$(grep Variant <<<"$out")"
printf '%s\n' "$out" >"$WORK/hygiene.named.pgn"
# Read back, the tag's value is the name given (no Chess960 name, so the games are skipped as of
# an unsupported variant, which names it).
run pgn --variant-name keep "$WORK/hygiene.named.pgn"
expect_contains "variant-name escaped: read back as the name given" "warning: unsupported variant 'fischer \"random\" \\ 960'" "$err"
for bad in $'a\tb' $'a\nb'; do
    run pgn --variant-name "$bad" "$WORK/hygiene.pgn"
    expect_eq "variant-name with a control character: usage error" 2 "$status"
    expect_contains "variant-name with a control character: says which" "--variant-name: character 2 is a control character" "$err"
    run convert --to xfen --format pgn --variant-name "$bad" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
    expect_eq "convert --variant-name with a control character: usage error" 2 "$status"
    expect_contains "convert --variant-name with a control character: says which" "--variant-name: character 2 is a control character" "$err"
done
run pgn --variant-name fischerandom --exits "$WORK/hygiene.pgn"
expect_eq "variant-name with --exits: usage error" 2 "$status"


# The acceptance rule on a FEN tag: a start no game reaches (an impossible check) is read with a
# warning; --strict fails the game.
printf '[Event "x"]\n[SetUp "1"]\n[FEN "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1"]\n\n1... Ke3 *\n\n' >"$WORK/unreachable.pgn"
run pgn --positions "$WORK/unreachable.pgn"
expect_eq "unreachable FEN tag: exit" 0 "$status"
expect_contains "unreachable FEN tag: played" "B6b/8/8/8/2K5/4k3/8/b6B w - - 1 2" "$out"
expect_contains "unreachable FEN tag: warning" "unreachable.pgn:3:7: warning: FEN tag: not a position of a legal game (impossible check: " "$err"
run pgn --strict --positions "$WORK/unreachable.pgn"
expect_eq "unreachable FEN tag --strict: exit" 1 "$status"
expect_contains "unreachable FEN tag --strict: error" "error: game 1 ply 0: FEN tag: invalid position: impossible check: " "$out"

finish
