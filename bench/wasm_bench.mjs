// The WebAssembly package's figures, in one run (bench/wasm.sh): convertLines on a file of Chess960
// records vs chessops (parseFen, setupPosition, makeFen) and vs the native command with one thread,
// convert() one record a call, init() in a fresh process, the page's time for the file in headless
// Chromium. Each time is the best of RUNS.
//   node bench/wasm_bench.mjs RECORDS_FILE FEN960 PACKAGE_DIR
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [file, command, packageDir] = process.argv.slice(2);
const runs = Number(process.env.RUNS ?? 3);
const fen960 = await import(pathToFileURL(path.join(packageDir, 'index.js')));
const { parseFen, makeFen } = await import(pathToFileURL(path.join(packageDir, 'node_modules/chessops/dist/esm/fen.js')));
const { setupPosition } = await import(pathToFileURL(path.join(packageDir, 'node_modules/chessops/dist/esm/variant.js')));

const bytes = fs.readFileSync(file);
const text = bytes.toString('utf8');
const records = text.split('\n');
records.pop();
const n = records.length;

// The best wall-clock and processor seconds of RUNS runs (processor time: this process's, or with
// `child`, the one the function returns; on a loaded machine it is the steadier figure).
function best(f, child = false) {
  let t = Infinity;
  let cpu = Infinity;
  let result;
  for (let i = 0; i < runs; ++i) {
    const start = performance.now();
    const used = process.cpuUsage();
    result = f();
    const u = process.cpuUsage(used);
    t = Math.min(t, (performance.now() - start) / 1000);
    cpu = Math.min(cpu, child ? result.cpu : (u.user + u.system) / 1e6);
  }
  return { t, cpu, result };
}

const rate = (t) => `${(n / t / 1e6).toFixed(2)} M records/s`;
const both = (r) => `${r.t.toFixed(3)} s, ${rate(r.t)}; processor ${r.cpu.toFixed(3)} s, ${rate(r.cpu)}`;

// init(): in fresh processes, the time from the import to a ready module.
const inits = [];
for (let i = 0; i < runs; ++i) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e',
    `const t = performance.now(); const m = await import(${JSON.stringify(pathToFileURL(path.join(packageDir, 'index.js')).href)}); await m.init(); console.log(performance.now() - t);`]);
  inits.push(Number(r.stdout.toString()));
}
console.log(`init(): ${Math.min(...inits).toFixed(1)} ms (import and init in a fresh Node process, best of ${runs})`);

await fen960.init();
const lines = best(() => fen960.convertLines(bytes, { to: 'xfen' }));
console.log(`convertLines, ${n} records to X-FEN: ${both(lines)}`);

// The command's processor time from bash's `time` (its output to /dev/null); its output compared once.
const native = best(() => {
  const r = spawnSync('bash', ['-c', 'TIMEFORMAT="%3U %3S"; { time "$0" convert --to xfen --jobs 1 -f "$1" >/dev/null; } 2>&1', command, file]);
  const [user, sys] = r.stdout.toString().trim().split('\n').at(-1).split(' ').map(Number);
  return { cpu: user + sys };
}, true);
console.log(`fen960 convert --jobs 1, the same file: ${both(native)} (wasm/native: time ${(lines.t / native.t).toFixed(2)}x, processor ${(lines.cpu / native.cpu).toFixed(2)}x)`);
const expected = spawnSync(command, ['convert', '--to', 'xfen', '--jobs', '1', '-f', file], { maxBuffer: 1 << 30 });
if (expected.stdout.toString('utf8') !== lines.result.output) throw new Error('convertLines and the command differ');

const chessops = best(() => {
  let out = 0;
  for (const r of records) {
    const setup = parseFen(r).unwrap();
    const pos = setupPosition('chess', setup).unwrap();
    out += makeFen(pos.toSetup()).length;
  }
  return out;
});
console.log(`chessops parseFen + setupPosition + makeFen, the same records: ${both(chessops)} (convertLines faster: time ${(chessops.t / lines.t).toFixed(1)}x, processor ${(chessops.cpu / lines.cpu).toFixed(1)}x)`);

const single = best(() => {
  let out = 0;
  for (const r of records) out += fen960.convert(r).length;
  return out;
});
console.log(`convert(), one record a call: ${both(single)}`);

// The page: the file through its file input in headless Chromium, the time it reports.
const { chromium } = await import(pathToFileURL(path.join(packageDir, 'node_modules/playwright-core/index.mjs')));
const server = http.createServer((req, res) => {
  const f = path.join(packageDir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
  if (!fs.existsSync(f) || fs.statSync(f).isDirectory()) { res.writeHead(404); res.end(); return; }
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
  res.writeHead(200, { 'content-type': types[path.extname(f)] ?? 'application/octet-stream' });
  fs.createReadStream(f).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
let pageBest = Infinity;
for (let i = 0; i < runs; ++i) {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/page/index.html`);
  await page.waitForSelector('body[data-ready="1"]');
  await page.setInputFiles('#file', file);
  await page.waitForSelector('#download', { timeout: 120000 });
  pageBest = Math.min(pageBest, Number(await page.getAttribute('#file-status', 'data-seconds')));
  await page.close();
}
await browser.close();
server.close();
console.log(`the page, the same file in headless Chromium: ${pageBest.toFixed(3)} s (read, converted in chunks, ready to download)`);
