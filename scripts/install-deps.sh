#!/usr/bin/env bash
# Installs the Debian 12 packages fen960 needs to build and test, when any is missing.
# Usage: scripts/install-deps.sh [--test]   (--test adds clang and its sanitizer runtime, GNU parallel,
# pkg-config, the compression programs that make the compressed test fixtures, Stockfish, which the
# tests compare fen960 with, pytest and Dask, what makes and installs the Python wheel, and emscripten,
# Node.js, npm and Chromium, which build the WebAssembly package and test it and its page: web/tests/run.sh)
set -euo pipefail

# pybind11-dev and python3-dev: the Python module, which the default build builds when they are there.
packages=(g++ cmake make libboost-dev libboost-test-dev libcli11-dev nlohmann-json3-dev
          libzstd-dev zlib1g-dev libbz2-dev liblzma-dev pybind11-dev python3-dev)
if [ "${1:-}" = "--test" ]; then
    packages+=(clang libclang-rt-14-dev parallel pkg-config zstd gzip bzip2 xz-utils stockfish
               python3-pytest python3-dask python3-distributed python3-build python3-wheel python3-venv
               emscripten chromium)
    # Node.js and npm from Debian only where neither is installed: a Node.js from elsewhere (NodeSource's
    # nodejs package brings its own npm) conflicts with Debian's npm package.
    command -v node >/dev/null || packages+=(nodejs)
    command -v npm >/dev/null || packages+=(npm)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
echo "installing: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
    sudo=sudo
else
    sudo=
fi
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
