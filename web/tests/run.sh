#!/usr/bin/env bash
# The JavaScript package's tests (CTest web_package): builds the WebAssembly module (scripts/wasm.sh),
# assembles the package in OUT (never in the source tree), installs its development packages from
# package-lock.json (npm ci: the registry only), then
#   - tsc --strict on tests/types.ts, a file that uses every export of index.d.ts;
#   - npm pack, the tarball installed into an empty folder, a node --test smoke test there;
#   - node --test tests/package.test.js against the command FEN960 on the test data;
#   - node --test tests/page.test.js: the page in Debian's Chromium (playwright-core), its screenshot
#     kept as OUT/page.png.
# Usage: web/tests/run.sh FEN960 OUT   (CTest runs it but under the sanitizers, tests/CMakeLists.txt)
set -euo pipefail
fen960=$(realpath "$1")
out=$(mkdir -p "$2" && realpath "$2")
root=$(cd "$(dirname "$0")/../.." && pwd)

JOBS=${JOBS:-2} "$root/scripts/wasm.sh" "$out/build" "$out/dist" >/dev/null
package="$out/package"
rm -rf "$package"
mkdir -p "$package"
cp -r "$root/web/index.js" "$root/web/index.d.ts" "$root/web/package.json" "$root/web/package-lock.json" \
      "$root/web/README.md" "$root/web/tests" "$root/web/page" "$package/"
cp -r "$out/dist" "$package/dist"
cd "$package"
if [ -d "$out/node_modules" ] && cmp -s package-lock.json "$out/node_modules/.package-lock-copy"; then
    : # installed already from this lock file
else
    rm -rf "$out/node_modules"
    npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
    mv node_modules "$out/node_modules"
    cp package-lock.json "$out/node_modules/.package-lock-copy"
fi
ln -s "$out/node_modules" node_modules

echo "== tsc --strict"
npx tsc --strict --noEmit --module nodenext --target es2022 tests/types.ts

echo "== npm pack, installed into an empty folder"
tarball=$(npm pack --silent)
ls -l "$tarball" dist/fen960.wasm
empty="$out/empty"
rm -rf "$empty"
mkdir -p "$empty"
(cd "$empty" && npm init -y >/dev/null && npm install --no-audit --no-fund --offline "$package/$tarball" >/dev/null &&
    cp "$package/tests/smoke.test.js" smoke.test.mjs && node --test smoke.test.mjs)

echo "== the package against the command"
FEN960="$fen960" FEN960_DATA="$root/tests/data" FEN960_SOURCE="$root" node --test tests/package.test.js

echo "== the page in Chromium"
FEN960="$fen960" FEN960_ARTIFACTS="$out" node --test tests/page.test.js
echo "screenshot: $out/page.png"
echo "all web checks passed"
