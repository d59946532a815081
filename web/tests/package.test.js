// The package against the command: `node --test` with FEN960 (the native fen960 binary) and FEN960_DATA
// (tests/data) in the environment (web/tests/run.sh sets them). What the command writes is the
// expectation, record for record and byte for byte, never a value written here, but for the Python
// module's docstring examples, whose values are read from python/*.cpp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import * as fen960 from '../index.js';

const command = process.env.FEN960;
const data = process.env.FEN960_DATA;
const source = process.env.FEN960_SOURCE;
assert.ok(command && data && source, 'FEN960, FEN960_DATA and FEN960_SOURCE must be set (web/tests/run.sh)');

await fen960.init();

function run(args, input) {
  const r = spawnSync(command, args, { input, maxBuffer: 1 << 30 });
  return { stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8'), status: r.status };
}

const dialects = ['xfen', 'shredder', 'fen'];

// A small deterministic generator (xorshift32), for the seeded records.
function generator(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s % n;
  };
}

// Records of the test data and the starts, each changed at a few seeded places (a byte replaced,
// dropped or doubled, a field swapped for another record's): every kind of fault and many valid records.
function seededRecords(seed, count) {
  const base = [];
  for (const f of fs.readdirSync(path.join(data, 'perft'))) {
    for (const line of fs.readFileSync(path.join(data, 'perft', f), 'utf8').split('\n')) {
      const record = line.split(';')[0].trim();
      if (/^[1-8pnbrqkPNBRQK/]+ [wb] /.test(record)) base.push(record);
    }
  }
  for (let n = 0; n < 960; n += 7) base.push(fen960.startpos(n, { to: 'shredder' }));
  const pick = generator(seed);
  const alphabet = 'pnbrqkPNBRQK12345678/ -wbKQkqABCDEFGHabcdefghx0;"\t';
  const out = [];
  for (let i = 0; i < count; ++i) {
    let r = base[pick(base.length)];
    const edits = pick(3);
    for (let e = 0; e < edits; ++e) {
      const at = pick(r.length + 1);
      switch (pick(4)) {
        case 0: r = r.slice(0, at) + alphabet[pick(alphabet.length)] + r.slice(at + 1); break;
        case 1: r = r.slice(0, at) + r.slice(at + 1); break;
        case 2: r = r.slice(0, at) + r[at] + r.slice(at); break;
        default: {
          const fields = r.split(' ');
          const other = base[pick(base.length)].split(' ');
          const f = pick(Math.min(fields.length, other.length));
          fields[f] = other[f];
          r = fields.join(' ');
        }
      }
    }
    out.push(pick(40) === 0 ? '# a comment' : pick(40) === 0 ? '' : r);
  }
  return out.join('\n') + '\n';
}

function sameAsCommand(t, name, text, to) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fen960-web-')), name);
  fs.writeFileSync(file, text);
  const expected = run(['convert', '--to', to, '-f', file]);
  const got = fen960.convertLines(fs.readFileSync(file), { to, source: file });
  assert.equal(got.status, expected.status, `${name} --to ${to}: status`);
  assert.equal(got.output, expected.stdout, `${name} --to ${to}: standard output`);
  assert.equal(got.errors, expected.stderr, `${name} --to ${to}: standard error`);
  const lineEnds = text.toString().split('\n').length - 1;
  assert.equal(got.lines, lineEnds + (text.length && !text.toString().endsWith('\n') ? 1 : 0), `${name}: lines read`);
  const bytes = fen960.convertLines(fs.readFileSync(file), { to, source: file, bytes: true });
  assert.ok(bytes.output instanceof Uint8Array, `${name}: the output's bytes`);
  assert.equal(Buffer.from(bytes.output).toString('utf8'), expected.stdout, `${name} --to ${to}: standard output's bytes`);
  fs.rmSync(path.dirname(file), { recursive: true });
  return expected;
}

test('convertLines equals fen960 convert on the test data, in the three dialects', (t) => {
  const files = fs.readdirSync(path.join(data, 'perft')).map((f) => path.join(data, 'perft', f));
  files.push(path.join(data, 'examples', 'chess960.shredder'));
  for (const f of files) for (const to of dialects) sameAsCommand(t, path.basename(f), fs.readFileSync(f), to);
});

test('convertLines equals fen960 convert on seeded records (valid and faulty), a last line without its end', (t) => {
  let failed = 0;
  for (const [seed, to] of [[1, 'xfen'], [2, 'shredder'], [3, 'fen']]) {
    const text = seededRecords(seed, 4000);
    const e = sameAsCommand(t, `seeded-${seed}.fen`, text, to);
    failed += (e.stdout.match(/^error: /gm) || []).length;
    sameAsCommand(t, `seeded-${seed}-last.fen`, text.slice(0, -1), to);
  }
  assert.ok(failed > 1000, `the seeded records fail in many ways (${failed} failed)`);
});

// CRLF input: every line comes out ending in '\n' alone, records, blank and '#' lines alike (the
// library's RecordReader, which the command reads with).
test('convertLines equals fen960 convert on CRLF input', (t) => {
  try {
    sameAsCommand(t, 'seeded-crlf.fen', seededRecords(5, 2000).replace(/\n/g, '\r\n'), 'xfen');
  } catch (e) {
    throw new Error(e.message.split('\n')[0]); // the first line: the whole diff is long
  }
});

test('convert() and its FenError equal the command on single records', () => {
  const text = seededRecords(4, 300).split('\n').filter((l) => l && !l.startsWith('#'));
  for (const record of text) {
    for (const to of dialects) {
      const e = run(['convert', '--to', to, record]);
      try {
        assert.equal(fen960.convert(record, { to }) + '\n', e.stdout, record);
        assert.equal(e.status, 0, record);
      } catch (err) {
        if (!(err instanceof fen960.FenError)) throw err;
        assert.equal(e.status, 1, record);
        assert.equal(`error: ${err.message}\n`, e.stdout, record);
        assert.equal(err.text + '\n', e.stderr, record);
        // The first error's caret: each message is three lines (the header, the record, the caret),
        // the warnings (a position no game reaches) first.
        const lines = e.stderr.split('\n');
        let first = 0;
        while (lines[first].includes(': warning: ')) first += 3;
        const caret = lines[first + 2];
        assert.equal(caret.indexOf('^'), err.index, `${record}: index`);
      }
    }
  }
});

test('a column in a record with multi-byte characters: index is the string index', () => {
  const record = 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1 c0 "é"; hmvc x;';
  const e = run(['convert', '--to', 'xfen', record]);
  assert.throws(() => fen960.convert(record), (err) => {
    assert.equal(err.text + '\n', e.stderr);
    assert.equal(record.slice(err.index).length, Buffer.from(record).length - err.column + 1);
    return true;
  });
});

test('all 960 and 921,600 starts equal startpos --all and identify', () => {
  for (const [args, count, label] of [[[], 960, (n) => n], [['--dfrc'], 921600, null]]) {
    for (const to of dialects) {
      if (args.length && to !== 'shredder') continue; // the DFRC starts once: 921,600 lines
      const e = run(['startpos', ...args, '--all', '--to', to]);
      const lines = e.stdout.split('\n');
      const messages = new Set(e.stderr.split('\n'));
      assert.equal(lines.length, count + 1);
      for (let n = 0; n < count; ++n) {
        let record;
        try {
          record = fen960.startpos(n, { to, dfrc: args.length > 0 });
        } catch (err) {
          if (!(err instanceof fen960.FenError)) throw err;
          // Standard FEN writes the standard start only: the others' error slot and message.
          assert.ok(messages.has(err.text), err.text);
          record = `error: ${err.message}`;
        }
        assert.equal(`${n}\t${record}`, lines[n]);
      }
    }
    const records = run(['startpos', ...args, '--all', '--to', 'shredder']).stdout.split('\n').slice(0, count).map((l) => l.split('\t')[1]);
    const identified = run(['identify'], records.join('\n') + '\n').stdout.split('\n');
    for (let n = 0; n < count; ++n) {
      const id = fen960.identify(records[n]);
      assert.equal(id === null ? '-' : String(id), identified[n], records[n]);
      if (label) assert.equal(id, label(n));
    }
  }
});

test('randomStart with a seed, key, perft, validate and svg equal the command', () => {
  for (const seed of [0, 1, 42, 123456789]) {
    assert.equal(String(fen960.randomStart({ seed })), run(['startpos', '--random', '--seed', String(seed), '-n']).stdout.split('\t')[0]);
  }
  const records = fs.readFileSync(path.join(data, 'perft', 'shakmaty-tricky.perft'), 'utf8').split('\n')
    .filter((l) => l.startsWith('epd ')).map((l) => l.slice(4).trim()).slice(0, 40);
  assert.ok(records.length > 10);
  const keys = run(['key'], records.join('\n') + '\n').stdout.split('\n');
  const verdicts = run(['validate', '--chess960'], records.join('\n') + '\n').stdout.split('\n');
  let valid = 0;
  records.forEach((r, i) => {
    const problems = fen960.validate(r, { chess960: true });
    assert.equal(problems.length === 0 ? 'valid' : `invalid\t${problems.join('; ')}`, verdicts[i], r);
    try {
      assert.equal(fen960.key(r), keys[i]);
      ++valid;
    } catch (err) {
      if (!(err instanceof fen960.FenError)) throw err;
      assert.equal(`error: ${err.message}`, keys[i], r);
    }
  });
  assert.ok(valid > 10);
  for (const r of records.slice(0, 8)) {
    const e = run(['perft', '3', r]).stdout.trim().split('\n').at(-1);
    assert.ok(e.endsWith(String(fen960.perft(r, 3))), `${r}: ${e}`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fen960-svg-'));
    run(['show', '--chess960', '--svg', path.join(dir, 'a.svg'), r]);
    assert.equal(fen960.svg(r, { chess960: true }), fs.readFileSync(path.join(dir, 'a.svg'), 'utf8'));
    fs.rmSync(dir, { recursive: true });
  }
});

test('PGN positions equal fen960 pgn --positions', () => {
  const files = [];
  const walk = (d) => {
    for (const f of fs.readdirSync(d, { withFileTypes: true })) {
      if (f.isDirectory()) walk(path.join(d, f.name));
      else if (f.name.endsWith('.pgn')) files.push(path.join(d, f.name));
    }
  };
  walk(path.join(data, 'pgn'));
  files.push(path.join(data, 'oracle', 'games.pgn'));
  let games = 0;
  for (const f of files) {
    for (const to of ['xfen', 'shredder']) {
      const e = run(['pgn', '--positions', '--to', to, f]);
      // The command writes each game's block and an empty line: its positions, then for a failed game
      // 'error: game G ply P: MESSAGE', for a skipped one 'skipped: game G: MESSAGE' alone.
      const blocks = e.stdout.split('\n\n');
      assert.equal(blocks.pop(), '', f);
      let i = 0;
      for (const g of fen960.readPgn(fs.readFileSync(f), { to, source: f })) {
        const block = blocks[i++];
        const where = `${f} --to ${to}: game ${g.number}`;
        if (g.outcome === 'imported') {
          assert.equal(block, g.positions.join('\n'), where);
        } else if (g.outcome === 'failed') {
          assert.equal(block, [...g.positions, `error: game ${g.number} ply ${g.error.ply}: ${g.error.message}`].join('\n'), where);
        } else {
          assert.equal(block, `skipped: game ${g.number}: ${g.error.message}`, where);
        }
        if (g.error) assert.ok(e.stderr.includes(g.error.text + '\n'), `${where}: ${g.error.text}`);
        assert.equal(g.moves.length, g.uci.length, where);
        ++games;
      }
      assert.equal(i, blocks.length, `${f} --to ${to}: games`);
    }
  }
  assert.ok(games > 100, `${games} games`);
});

// The Python module's docstring examples, the value each gives read from its docstring (python/*.cpp).
function docstringValue(call) {
  for (const f of ['fen960_module.cpp', 'records.cpp', 'position.cpp', 'pgn.cpp']) {
    const lines = fs.readFileSync(path.join(source, 'python', f), 'utf8').split('\n');
    const i = lines.findIndex((l) => l.trim() === `>>> ${call}`);
    if (i >= 0) return lines[i + 1].trim().replace(/\)doc"\)?;?$/, '');
  }
  throw new Error(`no docstring example ${call}`);
}

function py(value) {
  if (Array.isArray(value)) return `[${value.map(py).join(', ')}]`;
  if (typeof value === 'string') return value.includes("'") ? `"${value}"` : `'${value}'`;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}
const tuple = (...values) => `(${values.map(py).join(', ')})`;

test("the Python docstrings' examples give the same values", () => {
  const c = 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1';
  const s = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
  const same = (call, value) => assert.equal(value, docstringValue(call), call);
  same(`fen960.convert("${c}")`, py(fen960.convert(c)));
  same(`fen960.convert("${s} w KQkq - 0 1", to="shredder")`, py(fen960.convert(`${s} w KQkq - 0 1`, { to: 'shredder' })));
  assert.throws(() => fen960.convert(`${s} w KQxq - 0 1`), fen960.FenError);
  same('fen960.identify(fen960.startpos(518))', py(fen960.identify(fen960.startpos(518))));
  same(`fen960.validate("${c}", chess960=True)`, py(fen960.validate(c, { chess960: true })));
  same('fen960.validate("4k3/8/8/8/8/8/8/4K2R w Kk - 0 1")', py(fen960.validate('4k3/8/8/8/8/8/8/4K2R w Kk - 0 1')));
  same(`fen960.identify("${s} w HAha - 0 1")`, py(fen960.identify(`${s} w HAha - 0 1`)));
  same('fen960.identify("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")',
       py(fen960.identify('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')));
  same('fen960.startpos(959, to="shredder")', py(fen960.startpos(959, { to: 'shredder' })));
  same('fen960.startpos(497280, to="shredder", dfrc=True)', py(fen960.startpos(497280, { to: 'shredder', dfrc: true })));
  same('fen960.random_start(seed=42)', py(fen960.randomStart({ seed: 42 })));
  same('fen960.startpos(fen960.random_start(seed=42))', py(fen960.startpos(fen960.randomStart({ seed: 42 }))));
  same(`fen960.perft("${c}", 4)`, py(fen960.perft(c, 4)));
  const p = new fen960.Position(c);
  same('p.play("g3"), p.play("e7e5")', tuple(p.play('g3'), p.play('e7e5')));
  same('p.fen(to="shredder")', py(p.fen({ to: 'shredder' })));
  const moves = p.legalMoves();
  assert.equal(docstringValue('len(p.legal_moves()), p.is_check(), p.legal_moves(notation="san")[:4]').startsWith(`(${moves.length}, `), true);
  const pgn = '[Variant "Chess960"]\n[FEN "bnrbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BNRBNQKR w KQkq - 0 1"]\n\n1. b4 e5 2. Bb2 *\n';
  const game = fen960.readPgn(pgn).next().value;
  same('game.tags["Variant"], game.moves, game.outcome', tuple(game.tags.Variant, game.moves, game.outcome));
  same('game.positions[-1]', py(game.positions.at(-1)));
});

test('compressed input is refused with the input layer\'s message', () => {
  const got = fen960.convertLines(new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0]), { source: 'x.gz' });
  assert.equal(got.status, 3);
  assert.equal(got.output, '');
  assert.match(got.errors, /^fen960 convert: x\.gz: compressed input is not supported in this build/);
});

test('options are named as the command names them', () => {
  assert.throws(() => fen960.convert('8/8/8/8/8/8/8/8 w - - 0 1', { to: 'epd' }), /to must be 'fen', 'shredder' or 'xfen', not 'epd'/);
  assert.equal(fen960.convert(fen960.startpos(0), { to: 'SHREDDER' }), fen960.startpos(0, { to: 'shredder' }));
});
