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
  /** Tiles left in the bag (default 0): an input of the equity; a bot exchanges only if it holds a rack. */
  bag?: number;
  /** "expert": the opponent's racks its simulation plays against (drawn by the caller, as the Python bot draws them). */
  racks?: string[][];
  /** `choose` at "expert": the tiles the player cannot see (the bag and the other rack), {tile: count} as a game's view gives them. */
  unseen?: Record<string, number>;
  /** "expert" with the bag empty (the endgame search): the opponent's tiles (`choose` takes them from `unseen` when absent). */
  opponentRack?: string[];
  /** The endgame's start: the player to move's score minus the opponent's (default 0). */
  difference?: number;
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
  /** The player to move's score minus the opponent's (the lookahead's start; default 0). */
  difference?: number;
}

/** Wordgame's values at "greedy" (points), "strong" (equity: points + the leave of the tiles kept) or
 * "expert" (the equity less the opponent's simulated replies, on position.racks; with the bag empty,
 * the spread the endgame search foresees). */
export interface WordgameValues {
  /** Each move's value in points, in search()'s order. */
  values: number[];
  /** The same in hundredths of a point (whole numbers). */
  equities: number[];
  /** The best exchange by leave (value in hundredths), or null (no leaves.json, an empty rack, "greedy"). */
  exchange: { tiles: string[]; value: number } | null;
  /** Whether the bot would rather exchange than play. */
  exchangeInstead: boolean;
  /** "expert" with the bag empty: the endgame's values in hundredths, positions searched, last complete depth, whether exact. */
  endgame?: { values: number[]; nodes: number; depth: number; exact: boolean };
}

/** Balda's lookahead values. */
export interface BaldaValues {
  values: number[];
  nodes: number;
  depth: number;
  exact: boolean;
}

export type Level = "greedy" | "strong" | "expert";
/** The Python bot's levels, weakest first (`choose`). */
export type BotLevel = "beginner" | Level;

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
  /** The move a bot at `level` (default "greedy") plays; at Wordgame "strong", an exchange instead. */
  bestMove(position: WordgamePosition, level?: Level): (WordgameMove & { value?: number }) | { exchange: string[]; value: number } | null;
  bestMove(position: BaldaPosition, level?: Level): (BaldaMove & { value?: number }) | null;
  /** The Python bot's move for `seed` (`Bot(level, seed).choose(game)`), ties drawn as Python draws them; null with no move. */
  choose(position: WordgamePosition, level: BotLevel, seed: number | bigint): (WordgameMove & { value: number }) | { exchange: string[]; value: number } | null;
  choose(position: BaldaPosition, level: BotLevel, seed: number | bigint): (BaldaMove & { value: number }) | null;
  /** Wordgame: "greedy", "strong" or "expert" (with the bag not empty); Balda: "strong" or "expert" (the lookahead). */
  values(position: WordgamePosition, level: Level): WordgameValues;
  values(position: BaldaPosition, level: Level): BaldaValues;
  close(): void;
}
