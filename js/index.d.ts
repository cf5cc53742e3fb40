// Types of wiktionary-wordlist (hand-written: the package has no build step).

/** Parts of speech: undefined/null for all, names separated by spaces or commas, or a list of names. */
export type PartsOfSpeech = string | Iterable<string> | null | undefined;

/** A letter leaving a node and the node it leads to. */
export type Edge = readonly [letter: string, node: number];

/** alphabet.json as parsed (docs/FORMAT.md). Keys of later versions are allowed and ignored. */
export interface AlphabetJson {
  /** The format version: 2 (another version is refused with what to do: rebuild or upgrade). */
  format: number;
  /** The language code ("en", "de"). */
  language: string;
  /** The language's name in English ("German"), for messages; the code if absent. */
  language_name?: string;
  /** The letters of the alphabet, in tile order ("abc…zäöüß"). */
  letters: string;
  /** How a letter is shown in capitals ({"ß": "ẞ"}); others use toUpperCase(). */
  upper?: Record<string, string>;
  /** Characters deleted from typed words ("-"). */
  remove?: string;
  /** Whether typed words are lower-cased (default true). */
  lowercase?: boolean;
  /** Spellings replaced after lower-casing, in order ({"ß": "ss"} in German Wordgame). */
  replace?: Record<string, string>;
  [key: string]: unknown;
}

/** A tile's points and how many are in the bag. */
export interface TileJson {
  points: number;
  count: number;
}

/** game.json as parsed (docs/FORMAT.md): only lists whose profile has a tile game have one. */
export interface GameJson {
  format: number;
  /** One string per row, one square per character: "." plain, "d"/"t" double/triple letter, "D"/"T" double/triple word. */
  board: string[];
  /** [row, column] from 0 at the top left: the square the first word must cover. */
  start: [row: number, column: number];
  /** Tiles on a rack (1 to 16). */
  rack_size: number;
  /** Tile -> points and count; a tile is a letter of the alphabet or "?", the blank. */
  tiles: Record<string, TileJson>;
  [key: string]: unknown;
}

/** One licence the data may be used under. */
export interface LicenseTermsJson {
  /** SPDX identifier ("CC-BY-SA-4.0"). */
  id: string;
  name: string;
  /** Where the licence's text is. */
  url: string;
  [key: string]: unknown;
}

/** manifest.json's "license" (docs/FORMAT.md): the data's licences, whom to credit, its source, what was changed. */
export interface LicenseJson {
  /** SPDX licence expression: "CC-BY-SA-4.0 OR GFDL-1.1-no-invariants-or-later" (either, the user's choice). */
  expression: string;
  licenses?: LicenseTermsJson[];
  /** One line to show with the data. */
  attribution: string;
  authors?: string;
  /** The wiki the data comes from ("https://en.wiktionary.org/"). */
  site?: string;
  dump?: string | null;
  /** YYYY-MM-DD, when the dump's name says. */
  dump_date?: string | null;
  dump_url?: string | null;
  /** What was done to Wiktionary's text. */
  changes?: string;
  /** What the licences ask of whoever reuses the data. */
  notice?: string;
  [key: string]: unknown;
}

export interface LoadOptions {
  /** Check the files' sha256 against manifest.json (default true). */
  verify?: boolean;
}

/** Parts of speech in bit order: bit i of a word's mask is POS[i]. */
export declare const POS: readonly string[];

/** The artefact format version this reader reads ("format" in manifest.json, alphabet.json, game.json): 2. */
export declare const FORMAT_VERSION: number;

/** The longest key a word list may hold, in bytes; longer (or cyclic) graphs are refused as corrupt. */
export declare const MAX_KEY_BYTES: number;

/** The bit mask of parts of speech; an unknown name throws a RangeError. */
export declare function posMask(pos: PartsOfSpeech): number;

/** The part-of-speech names of a mask, in bit order; a bit no name is known for is "unknown:<bit>". */
export declare function posNames(mask: number): string[];

/** A word list's file is missing, malformed, or does not match its manifest. */
export declare class ArtefactError extends Error {
  name: "ArtefactError";
}

/** The DAWG walked letter by letter. A node is an integer; the root is 0. */
export declare class Graph {
  readonly root: number;
  /** The letters continuing some word from `node` with the nodes they lead to, in code point order (frozen). */
  children(node: number): readonly Edge[];
  /** The node `letter` leads to from `node`, or null. */
  follow(node: number, letter: string): number | null;
  /** The node reached by spelling `letters` (already normalised) from `node` (default: the root), or null. */
  find(letters: string, node?: number): number | null;
  /** The part-of-speech mask of the word ending at `node`, or null if none ends there. */
  value(node: number): number | null;
}

/**
 * A game word list: the same queries and answers as Python's wordlist.Lexicon. Arguments that are
 * not strings throw a TypeError; letters outside the alphabet in a pattern or rack, an unknown
 * part of speech or a negative limit throw a RangeError; a corrupt file throws an ArtefactError.
 */
export declare class Lexicon implements Iterable<string> {
  /**
   * From the bytes of words.dawg, the parsed alphabet.json and, for a list with a tile game, the
   * parsed game.json: works in browsers, workers and Node.
   */
  static fromBytes(
    dawgBytes: Uint8Array | ArrayBuffer,
    alphabet: AlphabetJson,
    game?: GameJson | null,
    leaves?: Record<string, unknown> | null,
  ): Lexicon;
  /** From a word-list folder (Node only): manifest.json (required) first, then each file checked against it; game.json when it lists one. */
  static load(folder: string | URL, options?: LoadOptions): Promise<Lexicon>;

  /** The parsed manifest.json when loaded from a folder, else null (fromBytes). */
  readonly manifest: Record<string, unknown> | null;
  /** The parsed game.json (checked) when the list has a tile game, else null. */
  readonly game: GameJson | null;
  /** Wordgame's leave values (leaves.json, checked) when learned for the list, else null. */
  readonly leaves: {
    values: Map<string, number>;
    duplicates: Map<string, number>;
    vowels: string;
    balance: number;
    learned: Record<string, unknown>;
  } | null;
  /** manifest.json's "license" when loaded from a folder; null from fromBytes and for lists built before lists carried it. */
  readonly license: LicenseJson | null;
  /** The line crediting Wiktionary's contributors (license.attribution), or null. */
  readonly attribution: string | null;
  readonly graph: Graph;
  /** The language code ("en", "de"). */
  readonly language: string;
  /** The language's name in English ("German"). */
  readonly languageName: string;
  readonly letters: string;
  /** alphabet.json as given. */
  readonly alphabet: AlphabetJson;
  /** The number of words. */
  readonly size: number;

  /** The game word for typed text: composed (NFC), the alphabet's removed characters deleted, lower case (ẞ -> ß), composed again, the replace spellings (ß -> ss). Nothing is trimmed. */
  normalize(word: string): string;
  /** A game word in capitals (ß -> ẞ). */
  display(word: string): string;
  isWord(word: string, options?: { pos?: PartsOfSpeech }): boolean;
  /** The parts of speech of a word in bit order; [] if it is not a word. */
  partsOfSpeech(word: string): string[];
  hasPrefix(prefix: string): boolean;
  /** The first `limit` words starting with `prefix`, sorted by code point. */
  complete(prefix: string, options?: { pos?: PartsOfSpeech; limit?: number | null }): string[];
  /** "?" is one letter, "*" any run of letters; sorted by code point. */
  match(pattern: string, options?: { pos?: PartsOfSpeech }): string[];
  /** Words from a rack ("?" or "*": a blank each), longest first, then by code point. */
  anagrams(rack: string, options?: { pos?: PartsOfSpeech; useAll?: boolean; minLength?: number }): string[];
  /** Words sorted by code point, filtered by part of speech, length in letters and prefix. */
  words(options?: { pos?: PartsOfSpeech; length?: number | null; prefix?: string; limit?: number | null }): string[];

  /** The graph walk for game bots (the same as `graph`'s). */
  readonly root: number;
  children(node: number): readonly Edge[];
  follow(node: number, letter: string): number | null;
  value(node: number): number | null;

  [Symbol.iterator](): Iterator<string>;
}
