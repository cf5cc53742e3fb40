// Declarations of wiktionary-wordlist/core (src/core.js): the C core's move generators built to
// WebAssembly, on a Lexicon of this reader. Hand-written; js/test/types.check.ts uses them.
import type { Lexicon } from "wiktionary-wordlist";

/** A Wordgame position: board rows of letters (null: empty), the rack's tiles ("?" a blank). */
export interface WordgamePosition {
  game: "wordgame";
  board: (string | null)[][];
  rack: string[];
  /** Squares holding a blank, [row, column]. */
  blanks?: [number, number][];
  /** Default: the list's game.json. */
  layout?: { board: string[]; start: [number, number] };
  points?: Record<string, number>;
  rackSize?: number;
  firstWord?: number;
}

/** A Balda position: a flat board of size x size letters (null: empty). */
export interface BaldaPosition {
  game: "balda";
  size: number;
  board: (string | null)[];
  diagonal?: boolean;
  /** The parts of speech that count, as a bit mask (default: all). */
  mask?: number;
  /** The words scored before and the cells of each. */
  scored?: Record<string, number[][]>;
}

/** A Wordgame move: each letter of the word with its kind (0 on the board, 1 a tile, 2 a blank). */
export interface WordgameMove {
  direction: 0 | 1;
  line: number;
  start: number;
  tiles: [string, 0 | 1 | 2][];
  points: number;
}

/** A Balda move: the new letter's cell and the path of the word's cells. */
export interface BaldaMove {
  cell: number;
  letter: string;
  path: number[];
  points: number;
}

export declare class Bots {
  static load(lexicon: Lexicon, options?: { module?: WebAssembly.Module | ArrayBuffer | Uint8Array }): Promise<Bots>;
  readonly lexicon: Lexicon;
  readonly letters: string[];
  search(position: WordgamePosition): WordgameMove[];
  search(position: BaldaPosition): BaldaMove[];
  bestMove(position: WordgamePosition): WordgameMove | null;
  bestMove(position: BaldaPosition): BaldaMove | null;
  close(): void;
}
