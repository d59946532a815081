#!/usr/bin/env bash
# The installed package, used as a library user would use it: `cmake --install` into a temporary
# prefix puts every file where GNUInstallDirs says; the public headers compile alone and mention no
# Boost; tests/install/consumer builds with find_package(fen960) and again with pkg-config and the
# compiler alone, and prints what the README shows; the pkg-config file still works once the tree moves.
# Usage: install.sh BUILD_DIR CMAKE CXX
BUILD=${1:?usage: $0 BUILD_DIR CMAKE CXX}
CMAKE=${2:?usage: $0 BUILD_DIR CMAKE CXX}
CXX=${3:?usage: $0 BUILD_DIR CMAKE CXX}
HERE=$(cd "$(dirname "$0")" && pwd)
SOURCE=$(cd "$HERE/../.." && pwd)
# The helpers of the command's tests (fail, expect_eq, finish); this script runs no fen960 of its own.
# shellcheck source=../cli/lib.sh
. "$HERE/../cli/lib.sh" none

# What the consumer prints: the record in X-FEN, then why it is no position of standard chess.
EXPECTED="rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1
castling letter 'C': standard chess castles only with the king on e1 and the rook on h1
castling letter 'A': standard chess castles only with the king on e1 and the rook on a1
castling letter 'c': standard chess castles only with the king on e8 and the rook on h8
castling letter 'a': standard chess castles only with the king on e8 and the rook on a8"

# 1. Install.
PREFIX="$WORK/prefix"
if ! "$CMAKE" --install "$BUILD" --prefix "$PREFIX" >"$WORK/install.log" 2>&1; then
    cat "$WORK/install.log" >&2
    fail "cmake --install $BUILD"
    finish
fi
library=$(find "$PREFIX" -name libfen960.a)
[ -n "$library" ] || { fail "libfen960.a not installed"; finish; }
LIBDIR=$(dirname "$library")
LIBDIR_REL=${LIBDIR#"$PREFIX/"}
for f in "$LIBDIR_REL/libfen960_grammars.a" \
    "$LIBDIR_REL/cmake/fen960/fen960Config.cmake" \
    "$LIBDIR_REL/cmake/fen960/fen960ConfigVersion.cmake" \
    "$LIBDIR_REL/cmake/fen960/fen960Targets.cmake" \
    "$LIBDIR_REL/pkgconfig/fen960.pc" \
    share/man/man1/fen960.1 \
    share/bash-completion/completions/fen960; do
    [ -f "$PREFIX/$f" ] || fail "not installed: $f"
done
[ -x "$PREFIX/bin/fen960" ] || fail "not installed: bin/fen960"
version=$(sed -n 's/^project(fen960 VERSION \([0-9.]*\).*/\1/p' "$SOURCE/CMakeLists.txt")
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}
expect_eq "installed program runs" "fen960 $version" "$("$PREFIX/bin/fen960" --version)"

# 2. The public headers: exactly lib/include/fen960/*.hpp, no Boost in them, each compiles alone.
expect_eq "installed headers" "$(cd "$SOURCE/lib/include" && find fen960 -type f | sort)" \
    "$(cd "$PREFIX/include" && find . -type f | sed 's|^\./||' | sort)"
if grep -il 'boost' "$PREFIX"/include/fen960/*.hpp >"$WORK/boost"; then
    fail "headers that mention boost: $(tr '\n' ' ' <"$WORK/boost")"
fi
for header in "$PREFIX"/include/fen960/*.hpp; do
    name=fen960/$(basename "$header")
    printf '#include <%s>\n' "$name" |
        "$CXX" -std=c++20 -fsyntax-only -x c++ -I"$PREFIX/include" - 2>"$WORK/header.err" ||
        fail "$name does not compile alone: $(head -n 3 "$WORK/header.err")"
done

# 3. The consumer through find_package(fen960) and the target fen960::fen960.
if "$CMAKE" -S "$HERE/consumer" -B "$WORK/cmake-build" -DCMAKE_PREFIX_PATH="$PREFIX" \
    -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_BUILD_TYPE=Release >"$WORK/configure.log" 2>&1 &&
    "$CMAKE" --build "$WORK/cmake-build" >"$WORK/build.log" 2>&1; then
    expect_eq "find_package found the installed tree" "$LIBDIR/cmake/fen960" \
        "$(sed -n 's/^fen960_DIR:PATH=//p' "$WORK/cmake-build/CMakeCache.txt")"
    expect_eq "cmake consumer output" "$EXPECTED" "$("$WORK/cmake-build/consumer" 2>&1)"
else
    cat "$WORK/configure.log" "$WORK/build.log" >&2 2>/dev/null
    fail "consumer with find_package(fen960)"
fi

# The version file (SameMinorVersion): requests with the installed major and minor are accepted, others not.
mkdir -p "$WORK/version"
for request in "$version:yes" "$major.$minor:yes" "$major.$((minor + 1)):no" "99:no"; do
    wanted=${request%:*}
    printf 'cmake_minimum_required(VERSION 3.22)\nproject(v LANGUAGES CXX)\nfind_package(fen960 %s REQUIRED)\n' \
        "$wanted" >"$WORK/version/CMakeLists.txt"
    if "$CMAKE" -S "$WORK/version" -B "$WORK/version/build-$wanted" -DCMAKE_PREFIX_PATH="$PREFIX" \
        -DCMAKE_CXX_COMPILER="$CXX" >/dev/null 2>&1; then
        found=yes
    else
        found=no
    fi
    expect_eq "find_package(fen960 $wanted) with $version installed" "${request##*:}" "$found"
done

# 4. The consumer through pkg-config and the compiler alone; again once the installed tree moved.
if command -v pkg-config >/dev/null 2>&1; then
    pc() { PKG_CONFIG_PATH="$1" pkg-config "${@:2}" fen960; }
    expect_eq "pkg-config version" "$version" "$(pc "$LIBDIR/pkgconfig" --modversion)"
    # shellcheck disable=SC2046 # the flags are words
    if "$CXX" -std=c++20 "$HERE/consumer/main.cpp" $(pc "$LIBDIR/pkgconfig" --cflags --libs) \
        -o "$WORK/consumer-pc" 2>"$WORK/pc.err"; then
        expect_eq "pkg-config consumer output" "$EXPECTED" "$("$WORK/consumer-pc" 2>&1)"
    else
        fail "consumer with pkg-config --cflags --libs fen960: $(head -n 5 "$WORK/pc.err")"
    fi
    mv "$PREFIX" "$WORK/moved"
    moved_libdir="$WORK/moved/$LIBDIR_REL"
    flags=$(pc "$moved_libdir/pkgconfig" --cflags --libs)
    case "$flags" in
    *"$WORK/moved/"*) ;;
    *) fail "pkg-config flags after the move do not point into it: $flags" ;;
    esac
    # shellcheck disable=SC2086
    if "$CXX" -std=c++20 "$HERE/consumer/main.cpp" $flags -o "$WORK/consumer-moved" 2>"$WORK/moved.err"; then
        expect_eq "pkg-config consumer after the move" "$EXPECTED" "$("$WORK/consumer-moved" 2>&1)"
    else
        fail "consumer with pkg-config after the move: $(head -n 5 "$WORK/moved.err")"
    fi
else
    echo "skip: pkg-config not found (scripts/install-deps.sh --test installs it); the .pc file not checked"
fi

finish
