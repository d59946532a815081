#!/usr/bin/env bash
# The bash completion (cli/fen960.bash): sourced into this shell, it must register itself and offer
# the sub-commands, each command's options (all of those its --help lists), the values of options
# with a fixed set (dialects, en-passant modes), and file names where files go.
. "$(dirname "$0")/lib.sh"
COMPLETION="$(dirname "$0")/../../cli/fen960.bash"
# The completion runs the program it completes; it must still find it after the `cd` below.
FEN960="$(cd "$(dirname "$FEN960")" && pwd)/$(basename "$FEN960")"

# shellcheck source=../../cli/fen960.bash
. "$COMPLETION" || fail "sourcing $COMPLETION"
expect_eq "registered" "complete -F _fen960 fen960" "$(complete -p fen960 2>&1)"

# complete WORD...: the words of the command line, the last one being completed; sets $got to the
# sorted candidates, one per line. The program is the fen960 under test, as if typed by its path.
complete_line() {
    COMP_WORDS=("$FEN960" "$@")
    COMP_CWORD=$#
    COMP_LINE="${COMP_WORDS[*]}"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _fen960
    got=$(printf '%s\n' "${COMPREPLY[@]}" | sort)
}

sorted() { printf '%s\n' "$@" | sort; }

# Sub-commands: every one `fen960 --help` lists, and the global options.
commands=$("$FEN960" --help | sed -n '/^Subcommands:/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p')
for c in convert validate identify key startpos perft pgn show play; do
    expect_contains "the help lists $c" "$c" "$commands"
done
complete_line ""
expect_eq "commands" "$(sorted $commands help --help --version)" "$got"
complete_line help ""
expect_eq "help COMMAND: the commands" "$(sorted $commands)" "$got"
complete_line help pe
expect_eq "help COMMAND: a prefix" "perft" "$got"
complete_line con
expect_eq "a command's prefix" "convert" "$got"
complete_line --v
expect_eq "--version" "--version" "$got"

# Options: exactly those of each command's help (long and short names).
for c in $commands; do
    want=$("$FEN960" "$c" --help | grep -oE '^  (-[A-Za-z0-9],)?--[A-Za-z0-9-]+' | tr ',' '\n' | tr -d ' ' | sort)
    complete_line "$c" -
    expect_eq "options of $c" "$want" "$got"
done
complete_line convert --to xfen --re
expect_eq "an option's prefix" "--repair" "$got"

# Values: dialects and en-passant modes, also after '=' (a word break) and by prefix.
complete_line convert --to ""
expect_eq "convert --to" "$(sorted fen shredder xfen)" "$got"
complete_line convert --from ""
expect_eq "convert --from" "$(sorted auto fen shredder xfen)" "$got"
complete_line convert --to s
expect_eq "convert --to s" "shredder" "$got"
complete_line convert --to = ""
expect_eq "convert --to=" "$(sorted fen shredder xfen)" "$got"
complete_line convert --to = x
expect_eq "convert --to=x" "xfen" "$got"
complete_line pgn --en-passant ""
expect_eq "pgn --en-passant" "$(sorted keep pseudo legal)" "$got"
complete_line startpos --to ""
expect_eq "startpos --to" "$(sorted fen shredder xfen)" "$got"
# Every option that takes one of several names (the tables of lib/include/fen960/names.hpp, as each
# command's help lists them) offers exactly those names.
for c in $commands; do
    while read -r option names; do
        complete_line "$c" "$option" ""
        # shellcheck disable=SC2086 # the names are words
        expect_eq "$c $option: the names of its help" "$(sorted ${names//|/ })" "$got"
    done < <("$FEN960" "$c" --help | sed -n 's/^  \(--[a-z-]*\) \([a-z0-9]*|[a-z0-9|]*\)\( .*\)\{0,1\}$/\1 \2/p')
done
complete_line play --uci --castling ""
expect_eq "play --castling" "$(sorted auto king kxr)" "$got"
complete_line pgn --format uci --castling ""
expect_eq "pgn --castling" "$(sorted auto king kxr)" "$got"
complete_line pgn --format ""
expect_eq "pgn --format" "$(sorted text jsonl uci)" "$got"
complete_line convert --format ""
expect_eq "convert --format" "$(sorted text jsonl pgn)" "$got"
complete_line validate --format ""
expect_eq "validate --format" "$(sorted text jsonl)" "$got"
complete_line convert --jobs ""
expect_eq "a number: nothing" "" "$got"
complete_line startpos --seed ""
expect_eq "a seed: nothing" "" "$got"

# Files where files go: option values of type FILE, and the arguments of commands that read files.
mkdir -p "$WORK/files/sub"
touch "$WORK/files/games.pgn" "$WORK/files/games.fen" "$WORK/files/board.svg"
cd "$WORK/files" || exit 1
complete_line show --svg b
expect_eq "show --svg FILE" "board.svg" "$got"
complete_line pgn --rejects ""
expect_eq "pgn --rejects FILE" "$(sorted board.svg games.fen games.pgn sub)" "$got"
complete_line pgn games.p
expect_eq "pgn FILE..." "games.pgn" "$got"
complete_line validate --chess960 g
expect_eq "validate FEN|FILE..." "$(sorted games.fen games.pgn)" "$got"
complete_line key g
expect_eq "key FEN|FILE..." "$(sorted games.fen games.pgn)" "$got"
complete_line play --to shredder g
expect_eq "play FILE..." "$(sorted games.fen games.pgn)" "$got"
complete_line convert -f games.fen g
expect_eq "convert -f FILE ... (more files)" "$(sorted games.fen games.pgn)" "$got"
complete_line convert --to xfen g
expect_eq "convert records: no files" "" "$got"
complete_line show ""
expect_eq "show FEN: nothing" "" "$got"
complete_line perft ""
expect_eq "perft DEPTH: nothing" "" "$got"

finish
