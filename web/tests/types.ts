// Uses every export of index.d.ts, for `tsc --strict` (npm run typecheck).
import {
  init, version, FenError, convert, lastWarnings, convertLines, validate, identify, startpos, randomStart, key,
  perft, svg, Position, readPgn, type ConvertedLines, type PgnGame, type Dialect,
} from '../index.js';

await init();
const v: string = version;
const to: Dialect = 'shredder';
const s: string = convert('rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1', { to, from: 'auto', enPassant: 'legal', repair: true });
const w: string = lastWarnings();
const lines: ConvertedLines = convertLines(new Uint8Array([0x0a]), { to: 'xfen', source: 'x.fen' });
const status: number = lines.status + lines.lines;
const raw: Uint8Array = convertLines('8/8/8/8/8/8/8/8 w - - 0 1\n', { bytes: true, firstLine: 2 }).output;
const problems: string[] = validate(s, { chess960: true });
const n: number | string | null = identify(s);
const start: string = startpos(959, { to: 'fen', dfrc: false });
const r: number = randomStart({ seed: 1n, dfrc: true });
const k: string = key(start);
const nodes: bigint = perft(start, 2);
const picture: string = svg(start, { chess960: true, flip: true });
const pos = new Position(start, { chess960: true, strict: true });
const moves: string[] = pos.legalMoves({ castling: 'standard', notation: 'san' });
const san: string = pos.play(moves[0]);
const again: string = pos.fen({ to: 'xfen', enPassant: 'keep' }) + pos.toString();
for (const game of readPgn('1. e4 *', { to: 'xfen', source: 'g.pgn' })) {
  const g: PgnGame = game;
  const tag: string | undefined = g.tags['Event'];
  const first: string | undefined = g.positions[0];
  const why: string | undefined = g.error?.text;
  console.log(g.moves.length, tag, first, why, g.outcome);
}
try {
  convert('x');
} catch (e) {
  if (e instanceof FenError) console.log(e.message, e.column, e.index, e.text);
}
console.log(v, s, w, status, raw.length, problems, n, r, k, nodes, picture.length, san, again);
