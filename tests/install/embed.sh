#!/usr/bin/env bash
# The source tree embedded in another project (tests/install/embed, add_subdirectory as FetchContent
# does it), configured without a build type and without CLI11 and nlohmann-json: the parent keeps its
# build type and its flags (fen960's warnings, POPCNT and sanitizer flags stay on fen960's own
# targets), gets none of fen960's program, tests or install rules, and its program links
# fen960::fen960 and prints what the library gives.
# Usage: embed.sh CMAKE CXX
CMAKE=${1:?usage: $0 CMAKE CXX}
CXX=${2:?usage: $0 CMAKE CXX}
HERE=$(cd "$(dirname "$0")" && pwd)
SOURCE=$(cd "$HERE/../.." && pwd)
# The helpers of the command's tests (fail, expect_eq, finish); this script runs no fen960 of its own.
# shellcheck source=../cli/lib.sh
. "$HERE/../cli/lib.sh" none

# What the program prints: the record in X-FEN, the count of reasons it is no standard position, then
# the positions of the two games (the second stops at its illegal third ply) and the count.
EXPECTED="rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1
4 problems
game 1:
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
game 2:
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1
rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2
1 imported, 1 failed"

BUILD=$WORK/build
if ! "$CMAKE" -S "$HERE/embed" -B "$BUILD" -DFEN960_SOURCE="$SOURCE" -DCMAKE_CXX_COMPILER="$CXX" \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON \
    -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON >"$WORK/configure.log" 2>&1; then
    cat "$WORK/configure.log" >&2
    fail "configure a project that embeds fen960 (without CLI11 and nlohmann-json)"
    finish
fi
expect_eq "the parent's build type is its own (none)" "" "$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$BUILD/CMakeCache.txt")"
if ! "$CMAKE" --build "$BUILD" --parallel 2 >"$WORK/build.log" 2>&1; then
    tail -n 30 "$WORK/build.log" >&2
    fail "build the embedding project"
    finish
fi
expect_eq "its program's output" "$EXPECTED" "$("$BUILD/embed" 2>&1)"

# Flags: the parent's own file builds with none of fen960's; fen960's files with its warnings.
command_of() { # FILE: the compile command of FILE in compile_commands.json
    grep -F "\"command\"" "$BUILD/compile_commands.json" | grep -F -- "$1" | head -n 1
}
parent=$(command_of "embed/main.cpp")
[ -n "$parent" ] || fail "no compile command for embed/main.cpp"
for flag in -Wshadow -Werror -mpopcnt -fsanitize -O3; do
    case "$parent" in *" $flag"*) fail "the parent's main.cpp builds with fen960's $flag: $parent" ;; esac
done
case "$(command_of "lib/src/pgn/pgn_reader.cpp")" in
*" -Wshadow"*) ;;
*) fail "fen960's own files build without its warnings" ;;
esac

# Nothing of fen960 but the library: no program, no tests, no install rules.
[ -e "$BUILD/fen960/cli/fen960" ] && fail "the fen960 program was built"
expect_eq "the parent's tests are its own" "embed" "$(cd "$BUILD" && ctest -N | sed -n 's/^ *Test *#[0-9]*: //p')"
"$CMAKE" --install "$BUILD" --prefix "$WORK/prefix" >/dev/null 2>&1 || fail "cmake --install"
expect_eq "installed: the parent's program only" "bin/embed" "$(cd "$WORK/prefix" && find . -type f | sed 's|^\./||')"

finish
