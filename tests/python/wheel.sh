#!/usr/bin/env bash
# The wheel as a user makes and installs it: `python3 -m build --wheel --no-isolation` (Debian's
# python3-build) makes a wheel, which installs into a fresh virtual environment and works there, away
# from the source and build trees; `pip install --no-build-isolation .` installs the same package.
# Both reuse this build's CMake folder (FEN960_BUILD_DIR), so nothing is compiled twice; nothing is
# written into the source tree (FEN960_WHEEL_TEMP).
#   tests/python/wheel.sh SOURCE BUILD PYTHON FEN960
set -u
SOURCE=${1:?usage: wheel.sh SOURCE BUILD PYTHON FEN960}
BUILD=$2
PYTHON=$3
FEN960=$4
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}
export FEN960_BUILD_DIR=$BUILD FEN960_WHEEL_TEMP=$WORK/temp PYTHONDONTWRITEBYTECODE=1
unset PYTHONPATH

touch "$WORK/before"
sleep 1
version=$(sed -n 's/^project(fen960 VERSION \([0-9.]*\).*/\1/p' "$SOURCE/CMakeLists.txt")
(cd "$SOURCE" && "$PYTHON" -m build --wheel --no-isolation --outdir "$WORK/dist" . >"$WORK/build.log" 2>&1) ||
    fail "python3 -m build --wheel: $(tail -n 20 "$WORK/build.log")"
wheel=$(ls "$WORK"/dist/fen960-"$version"-*.whl 2>/dev/null | head -n 1)
[ -n "$wheel" ] || fail "no wheel fen960-$version-*.whl in $(ls "$WORK/dist" 2>&1)"
# Build folders at the top (build, build-fuzz, ... : .gitignore's) are other runs' to write while this one builds.
written=$(find "$SOURCE" \( -path "$BUILD" -o -path "$SOURCE/.git" -o -path "$SOURCE/build*" \) -prune -o -newer "$WORK/before" -print | head -n 5)
[ -z "$written" ] || fail "the wheel's build wrote into the source tree: $written"

smoke() { # VENV: the installed package, imported from outside both trees, against the command
    (cd "$WORK" && "$1/bin/python" - "$FEN960" "$1" <<'PY'
import subprocess, sys
import fen960
binary, venv = sys.argv[1], sys.argv[2]
assert fen960.__file__.startswith(venv), fen960.__file__
record = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"
for to in ("shredder", "xfen"):  # (standard FEN cannot write this Chess960 start)
    done = subprocess.run([binary, "convert", "--to", to, record], capture_output=True, check=True)
    assert fen960.convert(record, to=to) + "\n" == done.stdout.decode(), to
assert fen960.identify(record) == 959
assert "fen960" in fen960.__doc__ and fen960.__version__
import importlib.resources
assert importlib.resources.files("fen960").joinpath("py.typed").is_file()
assert importlib.resources.files("fen960").joinpath("__init__.pyi").is_file()
print("smoke ok")
PY
    )
}

"$PYTHON" -m venv --system-site-packages "$WORK/venv" || fail "python3 -m venv"
"$WORK/venv/bin/python" -m pip install --no-index --no-deps --quiet "$wheel" >"$WORK/pip.log" 2>&1 ||
    fail "pip install the wheel: $(tail -n 20 "$WORK/pip.log")"
out=$(smoke "$WORK/venv" 2>&1) || fail "the installed wheel: $out"

"$PYTHON" -m venv --system-site-packages "$WORK/venv2" || fail "python3 -m venv"
(cd "$SOURCE" && "$WORK/venv2/bin/python" -m pip install --no-build-isolation --no-index --no-deps --quiet . \
    >"$WORK/pip2.log" 2>&1) || fail "pip install --no-build-isolation .: $(tail -n 20 "$WORK/pip2.log")"
out=$(smoke "$WORK/venv2" 2>&1) || fail "pip install --no-build-isolation .: $out"

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all checks passed"
