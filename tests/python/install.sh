#!/usr/bin/env bash
# The installed Python package: `cmake --install --component python` into a temporary prefix puts
# fen960/ (the extension, __init__.py, the stubs and py.typed) into PREFIX/lib/python3.X/site-packages,
# and the interpreter imports it from there and converts a record.
# Usage: install.sh BUILD_DIR CMAKE PYTHON
set -u
BUILD=${1:?usage: $0 BUILD_DIR CMAKE PYTHON}
CMAKE=${2:?usage: $0 BUILD_DIR CMAKE PYTHON}
PYTHON=${3:?usage: $0 BUILD_DIR CMAKE PYTHON}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Under the sanitizers the interpreter preloads the ASan runtime for the module; cmake does not.
PRELOAD=${LD_PRELOAD:-}
unset LD_PRELOAD
failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

PREFIX="$WORK/prefix"
if ! "$CMAKE" --install "$BUILD" --component python --prefix "$PREFIX" >"$WORK/install.log" 2>&1; then
    cat "$WORK/install.log" >&2
    fail "cmake --install $BUILD --component python"
fi
SITE=$("$PYTHON" -c 'import sys, sysconfig; print(sysconfig.get_path("platlib", "posix_prefix", vars={"base": sys.argv[1], "platbase": sys.argv[1]}))' "$PREFIX")
for f in __init__.py __init__.pyi py.typed; do
    [ -f "$SITE/fen960/$f" ] || fail "$SITE/fen960/$f not installed"
done
ls "$SITE"/fen960/_fen960.*.so >/dev/null 2>&1 || fail "the extension is not in $SITE/fen960"
other=$(find "$PREFIX" -type f | grep -v "^$SITE/fen960/" || true)
[ -z "$other" ] || fail "the python component installed more: $other"

got=$(cd "$WORK" && LD_PRELOAD=$PRELOAD PYTHONPATH="$SITE" "$PYTHON" -c '
import sys, fen960
assert fen960.__file__.startswith(sys.argv[1]), fen960.__file__
print(fen960.convert("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"))' "$SITE" 2>&1)
[ "$got" = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1" ] || fail "import from $SITE: $got"

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all checks passed"
