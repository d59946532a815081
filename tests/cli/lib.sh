# Helpers for the end-to-end tests of the fen960 command: each script gets the binary as $1.
set -u
FEN960=${1:?usage: $0 path/to/fen960}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
failures=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# expect_eq NAME EXPECTED ACTUAL
expect_eq() {
    if [ "$2" != "$3" ]; then
        fail "$1"
        printf '  expected: %s\n  actual:   %s\n' "$2" "$3" >&2
    fi
}

# expect_contains NAME NEEDLE HAYSTACK
expect_contains() {
    case "$3" in
    *"$2"*) ;;
    *) fail "$1: missing '$2' in:"; printf '%s\n' "$3" | sed 's/^/    /' >&2 ;;
    esac
}

# run ARGS...: runs fen960 with stdin from $STDIN (or nothing); sets $out, $err, $status.
run() {
    "$FEN960" "$@" <"${STDIN:-/dev/null}" >"$WORK/out" 2>"$WORK/err"
    status=$?
    out=$(cat "$WORK/out")
    err=$(cat "$WORK/err")
}

finish() {
    if [ "$failures" -ne 0 ]; then
        echo "$failures check(s) failed" >&2
        exit 1
    fi
    echo "all checks passed"
}
