// Types of the fen960 package (index.js): the fen960 C++ library in WebAssembly.

export type Dialect = 'fen' | 'shredder' | 'xfen';
export type ReadDialect = 'auto' | Dialect;
export type EnPassant = 'keep' | 'pseudo' | 'legal';

export const version: string;

/** Loads the module: its bytes or URL when the .wasm is not beside index.js. Call once before the rest. */
export function init(wasm?: Uint8Array | ArrayBuffer | URL | string): Promise<void>;

/** A record that cannot be read or converted. */
export class FenError extends Error {
  /** The command's `error:` slot: the reasons joined by "; ". */
  message: string;
  /** 1-based byte column of the first reason; null when no record is concerned. */
  column: number | null;
  /** That column as an index into the JavaScript string given (for a caret); null without a column. */
  index: number | null;
  /** What the fen960 command writes on standard error for it, caret included. */
  text: string;
}

export interface ConvertOptions {
  to?: Dialect;
  from?: ReadDialect;
  enPassant?: EnPassant;
  repair?: boolean;
}

export interface ConvertLinesOptions extends ConvertOptions {
  /** The name messages give, as the command gives the file's name (default "-"). */
  source?: string;
  /** The number of the text's first line, for a file converted in parts (default 1). */
  firstLine?: number;
  /** The output as its UTF-8 bytes (for a Blob or a file), not a string. */
  bytes?: boolean;
}

export interface ConvertedLines<Output = string> {
  /** Byte for byte `fen960 convert`'s standard output (its bytes with the option `bytes`). */
  output: Output;
  /** Its standard error. */
  errors: string;
  /** Its exit status: 0 every record valid, 1 some invalid, 3 input it cannot read. */
  status: number;
  /** How many lines were read (a last line without its line end counted): the next part's firstLine. */
  lines: number;
}

export function convert(record: string, options?: ConvertOptions): string;
/** What repair dropped in the last convert(), as the command writes it on standard error. */
export function lastWarnings(): string;
export function convertLines(input: string | Uint8Array, options: ConvertLinesOptions & { bytes: true }): ConvertedLines<Uint8Array>;
export function convertLines(input: string | Uint8Array, options?: ConvertLinesOptions & { bytes?: false }): ConvertedLines;
export function validate(record: string, options?: { chess960?: boolean }): string[];
/** The Chess960 start number, "dfrc:N" for a Double Fischer Random start, or null. */
export function identify(record: string): number | `dfrc:${number}` | null;
export function startpos(n: number, options?: { to?: Dialect; dfrc?: boolean }): string;
export function randomStart(options?: { seed?: number | bigint; dfrc?: boolean }): number;
/** The Polyglot key, 16 lower-case hexadecimal digits. */
export function key(record: string): string;
export function perft(record: string, depth: number): bigint;
/** The board as a standalone SVG document, sized by its viewBox. */
export function svg(record: string, options?: { chess960?: boolean; flip?: boolean }): string;

export class Position {
  constructor(record: string, options?: { chess960?: boolean; strict?: boolean });
  fen(options?: { to?: Dialect; enPassant?: EnPassant }): string;
  legalMoves(options?: { castling?: 'kxr' | 'standard'; notation?: 'uci' | 'san' }): string[];
  /** Plays a move given in SAN or UCI; returns it in SAN. */
  play(move: string): string;
  toString(): string;
}

export interface PgnGameError {
  message: string;
  /** As `fen960 pgn` prints it on standard error, caret included. */
  text: string;
  line: number;
  column: number;
  /** 1-based ply of the bad move, 0 for the tags. */
  ply: number;
  /** A game of another variant: skipped rather than failed. */
  skipped: boolean;
}

export interface PgnGame {
  number: number;
  line: number;
  column: number;
  outcome: 'imported' | 'failed' | 'skipped';
  chess960: boolean;
  plies: number;
  tags: Record<string, string>;
  /** The main line in SAN. */
  moves: string[];
  /** The main line in UCI, as `fen960 pgn --format uci` writes it (king takes rook in a Chess960 game). */
  uci: string[];
  /** The start, then the position after each ply, as `fen960 pgn --positions` writes them. */
  positions: string[];
  error: PgnGameError | null;
}

export function readPgn(
  text: string | Uint8Array,
  options?: { to?: Dialect; enPassant?: EnPassant; source?: string },
): Generator<PgnGame, void, undefined>;
