#!/usr/bin/env bash
# Set-up command 2: installs what is missing, then builds and runs the whole test suite twice:
# with g++ (warnings as errors, optimised), and with clang++ under AddressSanitizer and
# UndefinedBehaviorSanitizer (warnings as errors). CI runs exactly this (.ci/run). Both build and test
# the Python module (-DFEN960_PYTHON=ON: a missing pybind11 or python3-dev is an error, not a skip).
# The g++ build's CTest also builds the WebAssembly package and tests it and its page in Node and
# Chromium (web_package: web/tests/run.sh); the sanitizer build skips that one test.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh --test
jobs=$(nproc)

echo "== g++, -Werror, Release"
CXX=g++ cmake -S . -B build-test-gcc -DCMAKE_BUILD_TYPE=Release -DFEN960_WERROR=ON -DFEN960_PYTHON=ON
cmake --build build-test-gcc -j"$jobs"
ctest --test-dir build-test-gcc --output-on-failure -j"$jobs"

echo "== clang++, -Werror, AddressSanitizer + UndefinedBehaviorSanitizer"
CXX=clang++ cmake -S . -B build-test-clang-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFEN960_WERROR=ON -DFEN960_SANITIZE=ON \
    -DFEN960_PYTHON=ON
cmake --build build-test-clang-asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-test-clang-asan --output-on-failure -j"$jobs"

echo "== all tests passed (g++ and clang++ with sanitizers)"
