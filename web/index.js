// fen960 for JavaScript: the C++ library compiled to WebAssembly (dist/fen960.wasm, built by
// scripts/wasm.sh), with the Python module's names in camelCase. Every rule is the library's; this file
// only names the options, loads the module and turns a failure into a FenError.
import createFen960 from './dist/fen960_wasm.mjs';

export const version = '0.1.0';

let wasm = null;
let names = null;

// A record that cannot be read or converted. `message`: the command's `error:` slot (the reasons joined
// by "; "); `column`: the 1-based byte column of the first reason (null when no record is concerned);
// `index`: that column as an index into the JavaScript string given (for a caret), or null; `text`: what
// the fen960 command writes on standard error for it, caret included.
export class FenError extends Error {
  constructor(failure, record) {
    super(failure.text || failure.message);
    this.name = 'FenError';
    this.message = failure.message;
    this.column = failure.column > 0 ? failure.column : null;
    this.index = this.column !== null && typeof record === 'string' ? byteColumnToIndex(record, this.column) : null;
    this.text = failure.text;
  }
}

// The string index where 1-based UTF-8 byte column `column` of `text` begins.
function byteColumnToIndex(text, column) {
  let bytes = 0;
  let i = 0;
  while (i < text.length && bytes < column - 1) {
    const c = text.codePointAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    i += c >= 0x10000 ? 2 : 1;
  }
  return i;
}

async function wasmBytes(source) {
  if (source instanceof Uint8Array || source instanceof ArrayBuffer) return source;
  const url = source ?? new URL('./dist/fen960.wasm', import.meta.url);
  if (typeof process === 'object' && process.versions?.node && String(url).startsWith('file:')) {
    // emscripten 3.1.6's loader cannot fetch a file in Node 20: the bytes are read here and handed over.
    const fs = await import('node:fs/promises');
    return fs.readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`fen960: cannot load ${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// Loads the module (once; later calls return at once). `wasm`: its bytes or URL, when not beside this file.
export async function init(source) {
  if (wasm) return;
  const module = await createFen960({ wasmBinary: await wasmBytes(source) });
  names = module.names();
  wasm = module;
}

function ready() {
  if (!wasm) throw new Error('fen960: call `await init()` first');
  return wasm;
}

// The index of `value` in the library's list of names (any case), or a RangeError listing them.
function named(list, value, what, fallback) {
  if (value === undefined || value === null) {
    if (fallback === undefined) return -1;
    value = fallback;
  }
  const i = list.indexOf(String(value).toLowerCase());
  if (i < 0) {
    const quoted = list.map((n) => `'${n}'`);
    const choices = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : quoted[0];
    throw new RangeError(`${what} must be ${fallback === undefined ? 'undefined, ' : ''}${choices}, not '${value}'`);
  }
  return i;
}

function failed(record) {
  throw new FenError(wasm.lastError(), record);
}

// The last options given and their indices: a script converting record after record with the same
// options names them once.
let lastOptions = { to: undefined, from: undefined, enPassant: undefined, repair: undefined, args: null };

function convertArgs(options = {}) {
  const o = lastOptions;
  if (o.args && o.to === options.to && o.from === options.from && o.enPassant === options.enPassant && o.repair === options.repair)
    return o.args;
  const args = fullConvertArgs(options);
  lastOptions = { to: options.to, from: options.from, enPassant: options.enPassant, repair: options.repair, args };
  return args;
}

function fullConvertArgs(options) {
  return [
    named(names.dialect, options.to, 'to', 'xfen'),
    named(names.read, options.from, 'from', 'auto'),
    named(names.enPassant, options.enPassant, 'enPassant'),
    Boolean(options.repair),
  ];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// The module's input buffer as a view (made again when the memory grows or the buffer must).
let inputView = null;

// The record's UTF-8 bytes into the module's input buffer; their count.
function writeRecord(m, record) {
  const room = record.length * 3;
  if (!inputView || inputView.buffer !== m.HEAPU8.buffer || inputView.length < room) {
    const size = Math.max(room, 4096);
    const at = m._fen960_input(size); // before HEAPU8: the call may grow the memory
    inputView = m.HEAPU8.subarray(at, at + size);
  }
  return encoder.encodeInto(record, inputView).written;
}

// The output of the last call: its first bytes that are the input's taken from `record` (ASCII
// input: a byte is a character), the rest decoded.
function readOutput(m, size, record, ascii) {
  const at = m._fen960_output();
  const heap = m.HEAPU8;
  const same = ascii ? m._fen960_common() : 0;
  let tail = '';
  if (size - same < 64) {
    for (let i = at + same; i < at + size; ++i) {
      const c = heap[i];
      if (c > 127) return decoder.decode(heap.subarray(at, at + size));
      tail += String.fromCharCode(c);
    }
  } else {
    tail = decoder.decode(heap.subarray(at + same, at + size));
  }
  return same ? record.substring(0, same) + tail : tail;
}

// One record from any dialect to another (the record's EPD operations follow as read).
export function convert(record, options) {
  const m = ready();
  const [to, from, ep, repair] = convertArgs(options);
  if (typeof record !== 'string') record = decoder.decode(record);
  const bytes = writeRecord(m, record);
  const size = m._fen960_convert(bytes, to, from, ep, repair ? 1 : 0);
  if (size < 0) failed(record);
  return readOutput(m, size, record, bytes === record.length);
}

// The warnings of the last convert() (what repair dropped), as the command writes them on standard error.
export function lastWarnings() {
  return ready().lastWarnings();
}

// A file of records converted as `fen960 convert FILE` converts it: its standard output, standard error
// and exit status, and how many lines it read. `source`: the name messages give (the command's file name);
// `firstLine`: the number of the text's first line (a file converted in parts); `bytes`: the output as
// its UTF-8 bytes (a Uint8Array), not a string (for a Blob or a file: no decoding and encoding again).
export function convertLines(input, options = {}) {
  const m = ready();
  const [to, from, ep, repair] = convertArgs(options);
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  const into = m._fen960_input(bytes.length); // before HEAPU8: the call may grow the memory
  m.HEAPU8.set(bytes, into);
  inputView = null; // the buffer may have moved
  const r = m.convertLines(bytes.length, to, from, ep, repair, options.source ?? '-', options.firstLine ?? 1);
  const at = m._fen960_output();
  const output = m.HEAPU8.subarray(at, at + r.size);
  return { output: options.bytes ? output.slice() : decoder.decode(output), errors: r.errors, status: r.status, lines: r.lines };
}

// Every problem `fen960 validate` names (an empty list for a valid position).
export function validate(record, options = {}) {
  const r = ready().validate(record, Boolean(options.chess960));
  if (r === undefined) failed(record);
  return r;
}

// The Chess960 start number, "dfrc:N" for a Double Fischer Random start, or null.
export function identify(record) {
  const r = ready().identify(record);
  if (r === undefined) failed(record);
  return r;
}

export function startpos(n, options = {}) {
  const out = ready().startpos(Number(n), named(names.dialect, options.to, 'to', 'xfen'), Boolean(options.dfrc));
  if (out === '') failed();
  return out;
}

// A uniformly drawn start number; with a seed (a number or bigint below 2^64), the Python module's draw.
export function randomStart(options = {}) {
  let seed = options.seed;
  if (seed === undefined || seed === null) {
    const words = new Uint32Array(2);
    globalThis.crypto.getRandomValues(words);
    seed = (BigInt(words[0]) << 32n) | BigInt(words[1]);
  }
  seed = BigInt.asUintN(64, BigInt(seed));
  return ready().randomStart(Number(seed >> 32n), Number(seed & 0xffffffffn), Boolean(options.dfrc));
}

// The Polyglot key, 16 lower-case hexadecimal digits, as `fen960 key` writes it.
export function key(record) {
  const out = ready().key(record);
  if (out === '') failed(record);
  return out;
}

export function perft(record, depth) {
  const out = ready().perft(record, depth | 0);
  if (out === '') failed(record);
  return BigInt(out);
}

// The board as an SVG document (its size from a viewBox), with `fen960 show --svg`'s marks.
export function svg(record, options = {}) {
  const out = ready().svg(record, Boolean(options.chess960), Boolean(options.flip));
  if (out === '') failed(record);
  return out;
}

// A legal position: its record in any dialect, its legal moves, moves played (SAN or UCI).
export class Position {
  #record;
  #chess960;

  constructor(record, options = {}) {
    const m = ready();
    this.#chess960 = options.chess960 ?? true;
    this.#record = m.positionRead(record, this.#chess960, options.strict ?? true);
    if (this.#record === '') failed(record);
  }

  fen(options = {}) {
    const to = named(names.dialect, options.to, 'to', 'xfen');
    const out = ready().positionFen(this.#record, this.#chess960, to, named(names.enPassant, options.enPassant, 'enPassant'));
    if (out === '') failed();
    return out;
  }

  // UCI (castling 'kxr', king takes rook, or 'standard', the king's two squares where it can) or SAN.
  legalMoves(options = {}) {
    const castling = options.castling ?? 'kxr';
    if (castling !== 'kxr' && castling !== 'standard') throw new RangeError(`castling must be 'kxr' or 'standard', not '${castling}'`);
    const notation = options.notation ?? 'uci';
    if (notation !== 'uci' && notation !== 'san') throw new RangeError(`notation must be 'uci' or 'san', not '${notation}'`);
    return ready().positionMoves(this.#record, this.#chess960, castling === 'kxr', notation === 'san');
  }

  // Plays a move (SAN or UCI) and returns it in SAN; a FenError when it is not legal (column in the move).
  play(move) {
    const r = ready().positionPlay(this.#record, this.#chess960, String(move));
    if (r === undefined) failed(String(move));
    this.#record = r.record;
    return r.san;
  }

  toString() {
    return this.fen();
  }
}

// The games of a PGN text, as `fen960 pgn --positions` reads them: each with its tags, its main line in
// SAN (`moves`) and UCI (`uci`), its positions (the start, then one a ply) and, when it failed or was skipped, `error`.
export function* readPgn(text, options = {}) {
  const m = ready();
  const games = m.readPgn(
    typeof text === 'string' ? text : new TextDecoder().decode(text),
    named(names.dialect, options.to, 'to', 'xfen'),
    named(names.enPassant, options.enPassant, 'enPassant'),
    options.source ?? '-',
  );
  for (const g of games) {
    const tags = {};
    for (const [name, value] of g.tags) tags[name] = value;
    yield { ...g, outcome: names.outcome[g.outcome], tags };
  }
}
