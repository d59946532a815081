#!/usr/bin/env bash
# The manual page (cli/fen960.1): it renders without warnings (groff, man -l; each skipped when the
# tool is missing), and it describes every command and option the program's --help lists, in the
# command's own section, and the program's version. Every command's --help has examples as well.
. "$(dirname "$0")/lib.sh"
PAGE="$(dirname "$0")/../../cli/fen960.1"

if command -v groff >/dev/null 2>&1; then
    groff -man -Tutf8 -ww -z "$PAGE" 2>"$WORK/groff"
    expect_eq "groff: exit" 0 "$?"
    expect_eq "groff: no warnings" "" "$(cat "$WORK/groff")"
else
    echo "skip: groff not found; rendering not checked"
fi
if command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1; then
    MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$PAGE" >"$WORK/man" 2>"$WORK/man.err"
    expect_eq "man -l: exit" 0 "$?"
    expect_eq "man -l: no warnings" "" "$(cat "$WORK/man.err")"
    expect_contains "man -l: rendered" "chess position records across" "$(cat "$WORK/man")"
else
    echo "skip: man not found; man -l not checked"
fi

# Every command has its section, and every option of its --help is an item there (the line after a
# .TP names it, with dashes as roff writes them: \-\-to).
page=$(cat "$PAGE")
commands=$("$FEN960" --help | sed -n '/^Subcommands:/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p')
expect_contains "commands found in --help" "convert" "$commands"
for c in $commands; do
    section=$(awk -v head=".SS \"fen960 $c" 'index($0, head) == 1 { on = 1; next } /^\.S[SH]/ { on = 0 } on' "$PAGE")
    if [ -z "$section" ]; then
        fail "no section for '$c' (.SS \"fen960 $c ...\")"
        continue
    fi
    for option in $("$FEN960" "$c" --help | grep -oE '^  (-[A-Za-z0-9],)?--[A-Za-z0-9-]+' | tr ',' '\n' | tr -d ' '); do
        # --help and --version: every command's, described once under OPTIONS.
        [ "$option" = "-h" ] || [ "$option" = "--help" ] || [ "$option" = "--version" ] && continue
        escaped=${option//-/\\-}
        expect_contains "$c $option described" "$escaped" "$(printf '%s\n' "$section" | awk 'tp { print } { tp = /^\.TP/ }')"
    done
    # Options that take one of several names (the tables of lib/include/fen960/names.hpp, as the help
    # shows them: --to fen|shredder|xfen): the item lists exactly those names, and each is described
    # somewhere in the page (.B NAME), so a name added to a table and missing here fails.
    while read -r option names; do
        escaped=${option//-/\\-}
        item=$(printf '%s\n' "$section" | awk 'tp { print } { tp = /^\.TP/ }' | grep -F -- "$escaped " | head -n 1)
        listed=$(printf '%s\n' "$item" | grep -oE '\\fB[a-z0-9\\-]+\\fP' | sed 's/^\\fB//; s/\\fP$//; s/\\-/-/g' | paste -sd'|')
        expect_eq "$c $option: the names in the page's item" "$names" "$listed"
        for name in ${names//|/ }; do
            grep -qE "^\.BR? ${name//-/\\\\-}( |$)" "$PAGE" || fail "$c $option: '$name' is described nowhere (.B $name)"
        done
    done < <("$FEN960" "$c" --help | sed -n 's/^  \(--[a-z-]*\) \([a-z0-9-]*|[a-z0-9|-]*\)\( .*\)\{0,1\}$/\1 \2/p')
    expect_contains "$c has examples" "Examples:" "$section"
    # The convention the page relies on: every command's --help teaches with examples too.
    expect_contains "fen960 $c --help has examples" "Examples:" "$("$FEN960" "$c" --help)"
done
expect_contains "global --version" '.B \-\-version' "$page"

# Limits the help states (from lib/include/fen960/limits.hpp and pgn.hpp) are the page's too.
# (The help is wrapped to 80 columns: its lines are joined first.)
pgn_help=$("$FEN960" pgn --help | tr -s ' \n' '  ')
size=$(printf '%s\n' "$pgn_help" | sed -n 's/.*--max-game-size BYTES Longest game read (default [0-9]* = 1 MiB; \([0-9]*\) to \([0-9]*\) bytes).*/\1 to \2/p')
default=$(printf '%s\n' "$pgn_help" | sed -n 's/.*Longest game read (default \([0-9]*\) .*/\1/p')
expect_contains "pgn --help gives the range of --max-game-size" " to " "$size"
expect_contains "the page's --max-game-size: range" "$size" "$page"
expect_contains "the page's --max-game-size: default" "(default $default," "$page"

# The version in the title is the program's.
version=$("$FEN960" --version | awk '{print $2}')
expect_contains "version in .TH" "\"fen960 $version\"" "$(grep '^\.TH' "$PAGE")"

finish
