// The page: every value is the package's (../index.js); what a person types, pastes, loads or puts in
// the address reaches the page as text only (textContent, form values), never as markup.
import * as fen960 from '../index.js';

const $ = (id) => document.getElementById(id);
const fields = {
  records: $('records'), to: $('to'), from: $('from'), enPassant: $('en-passant'), repair: $('repair'),
  rules: $('rules'), kind: $('start-kind'), number: $('start-number'), seed: $('seed'),
};
// The address's short names of the fields.
const keys = { records: 'r', to: 'to', from: 'from', enPassant: 'ep', repair: 'repair', rules: 'rules', kind: 'kind', number: 'n', seed: 'seed' };

function options() {
  return {
    to: fields.to.value,
    from: fields.from.value,
    enPassant: fields.enPassant.value || undefined,
    repair: fields.repair.checked,
  };
}

// --- The state in the address ------------------------------------------------------------------------

function readState() {
  const params = new URLSearchParams(location.hash.slice(1));
  for (const [name, field] of Object.entries(fields)) {
    const value = params.get(keys[name]);
    if (value === null) continue;
    if (field.type === 'checkbox') field.checked = value === '1';
    else if (field.tagName === 'SELECT') {
      if ([...field.options].some((o) => o.value === value)) field.value = value;
    } else field.value = value;
  }
}

function writeState() {
  const params = new URLSearchParams();
  for (const [name, field] of Object.entries(fields)) {
    const value = field.type === 'checkbox' ? (field.checked ? '1' : '') : field.value;
    if (value !== '') params.set(keys[name], value);
  }
  history.replaceState(null, '', `#${params}`);
}

// --- Records typed or pasted ----------------------------------------------------------------------------

function clear(element) {
  while (element.firstChild) element.removeChild(element.firstChild);
}

function add(parent, tag, text, className) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (className) e.className = className;
  parent.appendChild(e);
  return e;
}

// Selects the faulty byte of line `line` (0-based) in the text area: the caret placed in the input.
function selectInInput(line, index) {
  const lines = fields.records.value.split('\n');
  let at = 0;
  for (let i = 0; i < line; ++i) at += lines[i].length + 1;
  fields.records.focus();
  fields.records.setSelectionRange(at + index, at + index + 1);
}

function showErrors(lines, opts) {
  const box = $('errors');
  clear(box);
  let shown = 0;
  lines.forEach((record, line) => {
    if (shown >= 100 || record.trim() === '' || record.startsWith('#')) return;
    try {
      fen960.convert(record.replace(/\r$/, ''), opts);
    } catch (e) {
      if (!(e instanceof fen960.FenError)) throw e;
      ++shown;
      const item = add(box, 'div', undefined, 'error');
      add(item, 'p', `Line ${line + 1}: ${e.message}`);
      add(item, 'pre', e.text);
      if (e.index !== null) {
        const button = add(item, 'button', 'Show in the input');
        button.type = 'button';
        button.addEventListener('click', () => selectInInput(line, e.index));
      }
    }
  });
}

let boardUrl = null;

function showFirst(record) {
  const problems = $('problems');
  clear(problems);
  $('start').textContent = '';
  $('board-caption').textContent = '';
  if (boardUrl) URL.revokeObjectURL(boardUrl);
  boardUrl = null;
  $('board').removeAttribute('src');
  if (!record) return;
  const chess960 = fields.rules.value === 'chess960';
  try {
    for (const p of fen960.validate(record, { chess960 })) add(problems, 'li', p);
    if (!problems.firstChild) add(problems, 'li', 'none: a legal position');
    const start = fen960.identify(record);
    $('start').textContent = start === null ? 'not a start position' : String(start);
  } catch (e) {
    if (!(e instanceof fen960.FenError)) throw e;
    add(problems, 'li', e.message);
    $('start').textContent = '';
  }
  try {
    // The diagram as an image: an SVG shown by <img> runs nothing, and its text stays text.
    boardUrl = URL.createObjectURL(new Blob([fen960.svg(record, { chess960 })], { type: 'image/svg+xml' }));
    $('board').src = boardUrl;
    $('board-caption').textContent = record;
  } catch (e) {
    if (!(e instanceof fen960.FenError)) throw e;
  }
}

function update() {
  writeState();
  const opts = options();
  const text = fields.records.value;
  const result = fen960.convertLines(text.endsWith('\n') || text === '' ? text : `${text}\n`, { ...opts, source: 'input' });
  $('output').textContent = result.output;
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  showErrors(lines, opts);
  showFirst(lines.find((l) => l.trim() !== '' && !l.startsWith('#')));
}

// --- A file of records, in chunks ------------------------------------------------------------------------

const chunkBytes = 4 << 20;

async function fileBytes(file) {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  if (head[0] === 0x1f && head[1] === 0x8b) {
    const stream = file.stream().pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  return new Uint8Array(await file.arrayBuffer());
}

// The end of the chunk from `start`: after a line end, so that no record is cut.
function chunkEnd(bytes, start) {
  let end = Math.min(bytes.length, start + chunkBytes);
  if (end === bytes.length) return end;
  const nl = bytes.indexOf(0x0a, end);
  return nl < 0 ? bytes.length : nl + 1;
}

// A turn for the page's other tasks (input, painting) between two chunks: a message to itself, which,
// unlike setTimeout(0) after a few nested calls, is not held back 4 ms.
const turn = new MessageChannel();
let resume = null;
turn.port1.onmessage = () => resume();
function yieldToPage() {
  return new Promise((resolve) => {
    resume = resolve;
    turn.port2.postMessage(0);
  });
}

let download = null;

async function convertFile(file) {
  const status = $('file-status');
  const progress = $('progress');
  status.textContent = `reading ${file.name}`;
  const started = performance.now();
  const bytes = await fileBytes(file);
  const opts = { ...options(), source: file.name.replace(/\.gz$/, '') };
  const outputs = [];
  let errors = '';
  let worst = 0;
  let line = 1;
  progress.hidden = false;
  for (let start = 0; start < bytes.length;) {
    const end = chunkEnd(bytes, start);
    const chunk = bytes.subarray(start, end);
    // The output's bytes go into the Blob as they are: no string decoded to be encoded again.
    const r = fen960.convertLines(chunk, { ...opts, firstLine: line, bytes: true });
    outputs.push(r.output);
    if (errors.length < 1 << 20) errors += r.errors;
    worst = Math.max(worst, r.status);
    line += r.lines;
    start = end;
    progress.value = start / bytes.length;
    await yieldToPage(); // the page stays responsive between chunks
  }
  progress.hidden = true;
  const seconds = (performance.now() - started) / 1000;
  if (download) URL.revokeObjectURL(download.href);
  const a = download ?? add($('file-status').parentElement, 'a', '', 'download');
  a.href = URL.createObjectURL(new Blob(outputs, { type: 'text/plain' }));
  a.download = `${opts.source}.${opts.to}`;
  a.textContent = `Download ${a.download}`;
  a.id = 'download';
  download = a;
  status.textContent = `${file.name}: ${line - 1} lines in ${seconds.toFixed(2)} s, status ${worst}`;
  status.dataset.status = String(worst);
  status.dataset.seconds = String(seconds);
  const box = $('errors');
  clear(box);
  if (errors) add(add(box, 'div', undefined, 'error'), 'pre', errors);
}

// --- Start positions ------------------------------------------------------------------------------------

function showStart(n) {
  const dfrc = fields.kind.value === 'dfrc';
  try {
    $('start-record').textContent = fen960.startpos(n, { to: fields.to.value, dfrc });
  } catch (e) {
    $('start-record').textContent = e.message;
  }
  writeState();
}

async function main() {
  await fen960.init();
  readState();
  for (const f of [fields.to, fields.from, fields.enPassant, fields.repair, fields.rules]) f.addEventListener('change', update);
  fields.records.addEventListener('input', update);
  $('file').addEventListener('change', () => {
    const file = $('file').files[0];
    if (file) convertFile(file).catch((e) => { $('file-status').textContent = String(e.message ?? e); });
  });
  $('start-go').addEventListener('click', () => showStart(Number(fields.number.value)));
  $('random-go').addEventListener('click', () => {
    const seed = fields.seed.value.trim();
    let n;
    try {
      n = fen960.randomStart({ seed: seed === '' ? undefined : BigInt(seed), dfrc: fields.kind.value === 'dfrc' });
    } catch {
      $('start-record').textContent = 'the seed must be a whole number from 0 to 2^64 - 1';
      return;
    }
    fields.number.value = String(n);
    showStart(n);
  });
  update();
  if (fields.number.value !== '') showStart(Number(fields.number.value));
  document.body.dataset.ready = '1';
  if ('serviceWorker' in navigator && location.protocol !== 'file:') navigator.serviceWorker.register('sw.js').catch(() => {});
}

main().catch((e) => {
  document.body.dataset.ready = 'failed';
  add(document.body, 'p', `fen960 could not start: ${e.message ?? e}`, 'error');
});
