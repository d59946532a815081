// The page in Debian's Chromium, driven by playwright-core (nothing downloaded): served by a static
// server on the loopback started and stopped here; what it shows is compared with the command FEN960.
// The screenshot goes to FEN960_ARTIFACTS/page.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const command = process.env.FEN960;
const artifacts = process.env.FEN960_ARTIFACTS ?? os.tmpdir();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };

let server;
let browser;
let base;

before(async () => {
  server = http.createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}/page/index.html`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
});

// A page, every console error and uncaught exception collected.
async function open(hash = '') {
  const page = await browser.newPage({ viewport: { width: 1200, height: 1400 } });
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`); });
  await page.goto(base + hash);
  await page.waitForSelector('body[data-ready="1"]');
  return { page, problems };
}

function run(args, cwd) {
  const r = spawnSync(command, args, { maxBuffer: 1 << 30, cwd });
  return { stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8'), status: r.status };
}

test('a Shredder record shows its X-FEN and start 959; switched to Shredder it shows CAca', async () => {
  const { page, problems } = await open();
  const record = 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1';
  await page.fill('#records', record);
  const xfen = run(['convert', '--to', 'xfen', record]).stdout;
  assert.match(xfen, / w KQkq - 0 1\n$/);
  assert.equal(await page.textContent('#output'), xfen);
  assert.equal(await page.textContent('#start'), '959');
  await page.selectOption('#to', 'shredder');
  assert.equal(await page.textContent('#output'), run(['convert', '--to', 'shredder', record]).stdout);
  assert.match(await page.textContent('#output'), / w CAca - 0 1\n$/);
  // The board is an image: it loads after its src is set (again, on every change).
  await page.waitForFunction(() => {
    const img = document.querySelector('#board');
    return img.complete && img.naturalWidth > 0;
  }, null, { timeout: 10000 });
  await page.screenshot({ path: path.join(artifacts, 'page.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test("the KQxq record shows the command's message with the caret under the x", async () => {
  const { page, problems } = await open();
  const record = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1';
  await page.fill('#records', record);
  const e = run(['convert', '--to', 'xfen', record]);
  assert.equal(await page.textContent('#output'), e.stdout.replace('argument', 'input'));
  assert.equal(await page.textContent('#errors .error pre'), e.stderr.trimEnd());
  const caretLine = (await page.textContent('#errors .error pre')).split('\n')[2];
  assert.equal(record[caretLine.indexOf('^')], 'x');
  await page.click('#errors button');
  const selected = await page.$eval('#records', (t) => t.value.slice(t.selectionStart, t.selectionEnd));
  assert.equal(selected, 'x');
  assert.deepEqual(problems, []);
  await page.close();
});

test("a file of records, plain and gzip, comes back as the command's output", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fen960-page-'));
  const lines = run(['startpos', '--all', '--to', 'shredder']).stdout.split('\n').filter(Boolean).map((l) => l.split('\t')[1]);
  lines.splice(100, 0, '# a comment', '', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1', '8/8 w');
  const text = lines.join('\n') + '\n';
  const plain = path.join(dir, 'starts.fen');
  fs.writeFileSync(plain, text);
  fs.writeFileSync(`${plain}.gz`, zlib.gzipSync(text));
  const expected = run(['convert', '--to', 'xfen', '-f', 'starts.fen'], dir);
  assert.equal(expected.status, 1);
  for (const file of [plain, `${plain}.gz`]) {
    const { page, problems } = await open();
    await page.setInputFiles('#file', file);
    await page.waitForSelector('#download');
    assert.equal(await page.getAttribute('#file-status', 'data-status'), '1');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const got = fs.readFileSync(await download.path(), 'utf8');
    assert.equal(got, expected.stdout, file);
    assert.equal(await page.textContent('#errors .error pre'), expected.stderr, file);
    assert.deepEqual(problems, []);
    await page.close();
  }
  fs.rmSync(dir, { recursive: true });
});

test('markup and script in a record or in the address run nothing and show as typed', async () => {
  const record = 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1 c0 "<img src=x onerror=window.pwned=1>"; id "<script>window.pwned=2</script>";';
  const bad = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1 c0 "<b onmouseover=alert(1)>x</b>";';
  for (const how of ['typed', 'address']) {
    const hash = how === 'address' ? `#${new URLSearchParams({ r: `${record}\n${bad}` })}` : '';
    const { page, problems } = await open(hash);
    if (how === 'typed') await page.fill('#records', `${record}\n${bad}`);
    assert.equal(await page.inputValue('#records'), `${record}\n${bad}`);
    const output = await page.textContent('#output');
    assert.ok(output.includes('c0 "<img src=x onerror=window.pwned=1>"'), output);
    assert.equal(await page.$$eval('main img:not(#board), main script, main b', (e) => e.length), 0);
    await page.mouse.move(10, 10);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('start numbers both ways and a seeded random start, the state in the address', async () => {
  const { page, problems } = await open();
  await page.selectOption('#start-kind', 'dfrc');
  await page.fill('#start-number', '497280');
  await page.click('#start-go');
  assert.equal(await page.textContent('#start-record') + '\n', run(['startpos', '--dfrc', '497280']).stdout);
  await page.selectOption('#start-kind', 'chess960');
  await page.fill('#seed', '42');
  await page.click('#random-go');
  assert.equal(`${await page.inputValue('#start-number')}\t${await page.textContent('#start-record')}\n`,
               run(['startpos', '--random', '--seed', '42', '-n']).stdout);
  const url = page.url();
  await page.close();
  const again = await open(new URL(url).hash);
  assert.equal(await again.page.inputValue('#seed'), '42');
  assert.equal(await again.page.textContent('#start-record') + '\n', run(['startpos', await again.page.inputValue('#start-number')]).stdout);
  assert.deepEqual([...problems, ...again.problems], []);
  await again.page.close();
});
