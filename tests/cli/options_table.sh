#!/usr/bin/env bash
# The README's table "One option, one meaning" (issue 27): every option of every command's --help is a
# row, and each row names exactly the commands whose --help lists that option.
. "$(dirname "$0")/lib.sh"
README="$(dirname "$0")/../../README.md"

table=$(awk '/^### One option, one meaning/ { on = 1; next } on && /^## / { exit } on && /^\| `/' "$README")
expect_contains "the table is there" '| `--to` |' "$table"
commands=$("$FEN960" --help | sed -n '/^Subcommands:/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p')

# What the help says: "OPTION COMMAND" lines, the long name of each option.
for c in $commands; do
    "$FEN960" "$c" --help | grep -oE '^ +(-[A-Za-z0-9],)?--[A-Za-z0-9-]+' | sed 's/.*--/--/' |
        grep -vx -- '--help' | sed "s/\$/ $c/"
done | sort -u >"$WORK/help"
# What the table says, in the same form.
printf '%s\n' "$table" | while IFS='|' read -r _ option _ listed _; do
    long=$(printf '%s' "$option" | grep -oE -- '--[a-z0-9-]+' | head -n 1)
    for c in ${listed//,/ }; do
        echo "$long $c"
    done
done | sort -u >"$WORK/table"
expect_eq "the table lists every option with its commands" "$(cat "$WORK/help")" "$(cat "$WORK/table")"
diff "$WORK/help" "$WORK/table" | sed 's/^/  help < > table: /' >&2
finish
