// The C core (core/, docs/engines.md) built to WebAssembly: both games' move generators on a
// Lexicon this reader loaded, with the Python library's moves in the same order and the same
// points (the conformance tests hold them to it). No DOM and no Node API on the search path, so
// it runs in a page, a Web Worker or Node; only `Bots.load` without a module reads core.wasm,
// by fetch in a browser and from disk in Node.
//
//   import { Bots } from "wiktionary-wordlist/core";
//   const bots = await Bots.load(lexicon);           // the list's words.dawg copied into the module
//   bots.search({ game: "wordgame", board, rack });  // every move: [{direction, line, start, tiles, points}]
//   bots.bestMove({ game: "balda", size: 5, board }); // the first move of the most points, or null
//   bots.bestMove({ game: "balda", size: 5, board, difference: 0 }, "strong"); // by the lookahead
//   bots.bestMove({ game: "wordgame", board, rack, bag: 60 }, "strong"); // by equity (or an exchange)
//   bots.choose({ game: "balda", size: 5, board }, "strong", 42n); // the Python bot's move for seed 42
//   bots.close();

import { describe } from "./alphabet.js";
import { ArtefactError } from "./errors.js";
import { endgame } from "./endgame.js";
import { chooseMove } from "./levels.js";
import {
  BALDA_EXPERT_NODES,
  BALDA_STRONG_NODES,
  FIRST_WORD_LETTERS,
  LEAVE_UNIT,
  MAX_RACK,
  MAX_TILES,
  WORDGAME_EXPERT_CANDIDATES,
} from "./limits.js";

const WASM_URL = new URL("./core.wasm", import.meta.url);
const EMPTY = 255; // a square without a tile (wordlist.h)
const FOREIGN = 254; // a tile that is no letter of the alphabet
const BLANK = "?";
const PREMIUMS = { d: [2, 1], t: [3, 1], D: [1, 2], T: [1, 3] }; // letter, word multipliers
const BAD_GRAPH = new Set([3, 4, 5, 6, 7, 9]); // wl_status: a damaged or malformed words.dawg
const OUT_OF_STEPS = 2;
const ALL_PARTS_OF_SPEECH = 0x7fffffff;
// The bot levels that search, and their budgets in positions (wordlist.games.bot's level table);
// "greedy" values a move by its points.
const BALDA_BUDGETS = { greedy: 0, strong: BALDA_STRONG_NODES, expert: BALDA_EXPERT_NODES };
// Wordgame's levels here: "greedy" (points), "strong" (equity, exchanges by it) and "expert"'s
// simulation on the opponent racks the caller drew, or its endgame search (the bag empty).
const WORDGAME_LEVELS = ["greedy", "strong", "expert"];

/** @type {Promise<WebAssembly.Module> | null} */
let compiled = null;

/** core.wasm beside this file, compiled once. */
function defaultModule() {
  compiled ??= (async () => {
    if (WASM_URL.protocol === "file:") {
      const { readBytes } = await import("./node.js"); // Node: no fetch of file: URLs
      return WebAssembly.compile(await readBytes(WASM_URL));
    }
    const response = await fetch(WASM_URL);
    if (!response.ok) throw new Error(`${WASM_URL}: ${response.status} ${response.statusText}`);
    return WebAssembly.compile(await response.arrayBuffer());
  })();
  return compiled;
}

export class Bots {
  /**
   * The move generators on `lexicon`'s graph (a Lexicon of this reader): its words.dawg is copied
   * into a new instance of the core. `module`: a compiled core.wasm, or its bytes (default: the
   * file beside this module).
   * @param {import("./lexicon.js").Lexicon} lexicon
   * @param {{module?: WebAssembly.Module | ArrayBuffer | Uint8Array}} [options]
   */
  static async load(lexicon, options = {}) {
    let module = options.module ?? (await defaultModule());
    if (!(module instanceof WebAssembly.Module)) module = await WebAssembly.compile(module);
    const instance = await WebAssembly.instantiate(module, {});
    return new Bots(instance, lexicon);
  }

  /** Use `Bots.load`. */
  constructor(instance, lexicon) {
    const dawg = lexicon?._dawg;
    if (!dawg?.units || !dawg?.guide) throw new TypeError(`a Lexicon of this reader, not ${describe(lexicon)}`);
    this._core = instance.exports;
    this._core._initialize?.();
    this.lexicon = lexicon;
    this.letters = [...lexicon.letters];
    /** @type {Map<string, number>} */
    this._index = new Map(this.letters.map((letter, i) => [letter, i]));
    // the file as the core reads it: n, the units (little-endian), n, the guide
    const n = dawg.units.length;
    const size = 8 + 6 * n;
    const file = this._alloc(size);
    const view = new DataView(this._memory(), file, size);
    view.setUint32(0, n, true);
    for (let i = 0; i < n; i++) view.setUint32(4 + 4 * i, dawg.units[i], true);
    view.setUint32(4 + 4 * n, n, true);
    new Uint8Array(this._memory(), file + 8 + 4 * n, 2 * n).set(dawg.guide);
    const codes = this._alloc(4 * this.letters.length);
    new Uint32Array(this._memory(), codes, this.letters.length).set(this.letters.map((l) => l.codePointAt(0)));
    this._graph = this._core.wl_open(file, size, codes, this.letters.length);
    this._core.wl_free(codes);
    this._file = file;
    this._scratch = 0; // the inputs of a search (see _place)
    this._scratchSize = 0;
    if (this._graph === 0) {
      const message = this._message();
      this._core.wl_free(file);
      throw new ArtefactError(`${dawg.source}: ${message}`);
    }
  }

  /**
   * Every legal move of `position`, in the Python library's order.
   * Wordgame: `{game: "wordgame", board, rack, blanks?, layout?, points?, rackSize?, firstWord?}`:
   * board rows of letters (null: empty), the rack's letters and "?" for a blank, the squares
   * holding a blank ([row, column]); the layout ({board: premium rows, start}), tile points and
   * rack size default to the list's game.json. A move: `{direction: 0 across | 1 down, line,
   * start, tiles: [[letter, kind 0 on the board | 1 a tile | 2 a blank], ...], points}`.
   * Balda: `{game: "balda", size, board, diagonal?, mask?, scored?}`: board a flat list of size x
   * size letters (null: empty), the parts of speech that count as a bit mask (default all), the
   * words scored before and the cells of each ({word: [[cell, ...], ...]}). A move: `{cell,
   * letter, path: [cell, ...], points}`.
   * @param {object} position
   * @returns {object[]}
   */
  search(position) {
    return this._search(position, false);
  }

  /**
   * The move a bot at `level` plays: the first of the moves with the most points ("greedy"), or by
   * Balda's lookahead, or by Wordgame's equity ("strong": the first of the best equity, with its
   * `value`; `{exchange: [tiles], value}` when the bot would rather exchange); null when there is none.
   * @param {object} position
   * @returns {object | null}
   */
  bestMove(position, level = "greedy") {
    if (position?.game === "wordgame" && level !== "greedy") {
      const { values, exchange, exchangeInstead } = this.values(position, level);
      if (exchangeInstead) return { exchange: exchange.tiles, value: exchange.value / LEAVE_UNIT };
      const best = firstBest(values);
      return best < 0 ? null : { ...this._search(position, false)[best], value: values[best] };
    }
    if (level === "greedy" || position?.game !== "balda") {
      if (level !== "greedy") throw new RangeError(`level: "greedy" for ${describe(position?.game)}, not ${describe(level)}`);
      return this._search(position, true)[0] ?? null;
    }
    const moves = this._search(position, false);
    const { values } = this.values(position, level);
    const best = firstBest(values);
    return best < 0 ? null : { ...moves[best], value: values[best] };
  }

  /**
   * The move the Python library's bot plays in `position`: `Bot(level, seed).choose(game)`, draw
   * for draw (Python's random generator, random.js), so a seed and a position give the same move
   * in Python, over HTTP and here; `{...move, value}`, `{exchange: [tiles], value}` when the bot
   * would rather exchange (Wordgame, "strong" and up, as `bestMove`), or null with no move (the
   * Python bot then exchanges where it may, else passes: `values` gives the exchange). Levels:
   * "beginner" (a random move worth at most the median of the points), "greedy", "strong",
   * "expert" (the best value, ties drawn). `seed`: a Number or a BigInt (the server seeds each
   * move with `(game seed << 16) + version`). Balda with no word: a letter alone on a cell next to
   * one, as the Python bot. Wordgame's "expert" needs `position.unseen` ({tile: count}: the bag and
   * the other rack, as a game's view gives it), from which it draws its opponent racks as Python
   * does; with the bag empty it draws none and searches the endgame against
   * `position.opponentRack` (default: the unseen tiles), the lead `position.difference`.
   * @param {object} position
   * @param {string} level
   * @param {number | bigint} seed
   * @returns {object | null}
   */
  choose(position, level, seed) {
    return chooseMove(this, position, level, seed);
  }

  /**
   * Balda's lookahead at `level` ("strong" or "expert", as the Python bot's levels): the value of
   * each move `search` lists, in its order (the score difference the search foresees for the player
   * to move, whose lead is `position.difference`, default 0), the positions it visited, the deepest
   * complete depth and whether the values are exact; the same as the Python library's.
   * Wordgame at "greedy" or "strong" (position.bag: the tiles in the bag, default 0): each move's
   * value in points (its equity, points + the leave of the tiles it keeps, at "strong"), `equities`
   * in hundredths, the best exchange by leave ({tiles, value} in hundredths, or null) and whether a
   * bot would rather exchange (the bag holds a rack's worth, the list has leaves.json, and the
   * kept tiles beat every move); the Python library's `bot_values` and exchange. "expert": less the
   * replies simulated on `position.racks`; with the bag empty, the endgame search's spreads
   * (endgame.js; `position.opponentRack` and the lead `position.difference` needed; `endgame`:
   * its values in hundredths, positions searched, last complete depth, whether exact).
   * @param {object} position
   * @param {string} level
   * @returns {object}
   */
  values(position, level) {
    if (position?.game === "wordgame") return this._wordgameValues(position, level);
    const budget = BALDA_BUDGETS[level];
    if (!Object.hasOwn(BALDA_BUDGETS, level) || budget === 0) {
      throw new RangeError(`level: "strong" or "expert", not ${describe(level)}`);
    }
    if (position === null || typeof position !== "object" || position.game !== "balda") {
      throw new RangeError(`position.game: "balda" (the lookahead is Balda's), not ${describe(position?.game)}`);
    }
    const difference = position.difference ?? 0;
    if (!Number.isInteger(difference) || Math.abs(difference) > 1 << 28) {
      throw new RangeError(`position.difference: a whole number of points, not ${describe(difference)}`);
    }
    if (!this._graph) throw new Error("these Bots are closed");
    const searched = this._balda(position, { difference, budget });
    if (searched === 0) this._fail();
    const core = this._core;
    try {
      const count = core.wl_searched_count(searched);
      const values = Array.from({ length: count }, (_, i) => core.wl_searched_value(searched, i));
      return {
        values,
        nodes: core.wl_searched_nodes(searched),
        depth: core.wl_searched_depth(searched),
        exact: core.wl_searched_exact(searched) === 1,
      };
    } finally {
      core.wl_searched_release(searched);
    }
  }

  _wordgameValues(position, level) {
    if (!WORDGAME_LEVELS.includes(level)) {
      throw new RangeError(`level: "greedy", "strong" or "expert" at Wordgame, not ${describe(level)}`);
    }
    const bag = position.bag ?? 0;
    if (!Number.isSafeInteger(bag) || bag < 0 || bag > MAX_TILES) {
      throw new RangeError(`position.bag: the tiles in the bag, 0 to ${MAX_TILES}, not ${describe(bag)}`);
    }
    if (!this._graph) throw new Error("these Bots are closed");
    const rack = position.rack;
    const known = (tile) => tile === BLANK || this._index.has(tile);
    if (Array.isArray(rack) && !rack.every(known)) {
      throw new RangeError(`position.rack: a tile that is no letter of the list's alphabet, nor "${BLANK}"`);
    }
    if (level === "expert" && bag === 0) return this._endgame(position, rack, known);
    const racks = level === "expert" ? position.racks : [];
    if (!Array.isArray(racks) || !racks.every((r) => Array.isArray(r) && r.length <= MAX_RACK && r.every(known))) {
      throw new RangeError(`position.racks: the opponent's racks the simulation plays against (lists of at most ${MAX_RACK} tiles)`);
    }
    const n = this.letters.length;
    const tiles = [...this.letters, BLANK];
    const leaves = this.lexicon.leaves;
    const weight = (table, tile) => (leaves ? (table.get(tile) ?? 0) : 0);
    let low = 0;
    let high = 0;
    this.letters.forEach((letter, k) => {
      if (leaves?.vowels.includes(letter)) k < 32 ? (low |= 1 << k) : (high |= 1 << (k - 32));
    });
    const order = Array.isArray(rack) ? [...new Set(rack)].filter((tile) => tile !== BLANK) : [];
    const opponents = new Uint8Array((n + 1) * racks.length);
    racks.forEach((r, i) => r.forEach((tile) => opponents[i * (n + 1) + tiles.indexOf(tile)]++));
    const moves = this._wordgame(position);
    if (moves === 0) this._fail();
    const core = this._core;
    try {
      const count = core.wl_moves_count(moves);
      const points = Array.from({ length: count }, (_, i) => core.wl_move_points(moves, i));
      if (level === "greedy") return { values: points, equities: points.map((p) => p * LEAVE_UNIT), exchange: null, exchangeInstead: false };
      const [args, [letters_, values_, duplicates_, rackLetters_, rackCounts_, equities_, returned_, value_, instead_, racks_, simulated_]] =
        this._wordgameArgs(position, [
          new Uint8Array(new Uint32Array(this.letters.map((l) => l.codePointAt(0))).buffer),
          new Uint8Array(new Int32Array(tiles.map((t) => weight(leaves?.values, t))).buffer),
          new Uint8Array(new Int32Array(tiles.map((t) => weight(leaves?.duplicates, t))).buffer),
          new Uint8Array(order.map((letter) => this._index.get(letter))),
          new Uint8Array(order.map((letter) => rack.filter((t) => t === letter).length)),
          new Uint8Array(8 * count),
          new Uint8Array(n + 1),
          new Uint8Array(8),
          new Uint8Array(4),
          opponents,
          new Uint8Array(8 * count),
        ]);
      const table = [letters_, values_, duplicates_, low >>> 0, high >>> 0, leaves ? leaves.balance : 0];
      const rackArgs = [rackLetters_, rackCounts_, order.length, rack.filter((t) => t === BLANK).length, bag];
      if (!core.wl_wordgame_equities(this._graph, moves, ...table, ...rackArgs, equities_)) this._fail();
      const equities = Array.from(new BigInt64Array(this._memory(), equities_, count), Number);
      const found = core.wl_wordgame_exchange(this._graph, ...table, ...rackArgs, returned_, value_, equities_, count, instead_);
      if (found < 0) this._fail();
      let exchange = null;
      if (found === 1 && leaves) {
        const returned = new Uint8Array(this._memory(), returned_, n + 1);
        const back = tiles.flatMap((tile, t) => Array(returned[t]).fill(tile)).sort((a, b) => a.codePointAt(0) - b.codePointAt(0));
        exchange = { tiles: back, value: Number(new BigInt64Array(this._memory(), value_, 1)[0]) };
      }
      const rackSize = position.rackSize ?? this.lexicon.game?.rack_size ?? rack.length;
      const instead = new Int32Array(this._memory(), instead_, 1)[0] === 1;
      let values = equities;
      if (level === "expert") {
        // (wl_wordgame_simulate computes the equities into equities_ again, then the values)
        if (!core.wl_wordgame_simulate(...args, moves, ...table, racks_, racks.length, WORDGAME_EXPERT_CANDIDATES, bag, equities_, simulated_)) {
          this._fail();
        }
        values = Array.from(new BigInt64Array(this._memory(), simulated_, count), Number);
      }
      return {
        values: values.map((e) => e / LEAVE_UNIT),
        equities,
        exchange,
        exchangeInstead: exchange !== null && bag >= rackSize && instead,
      };
    } finally {
      core.wl_moves_release(moves);
    }
  }

  /** "expert" with the bag empty: "strong"'s values but for the endgame search's (endgame.js). */
  _endgame(position, rack, known) {
    const opponent = position.opponentRack;
    if (!Array.isArray(opponent) || opponent.length > MAX_RACK || !opponent.every(known)) {
      throw new RangeError(`position.opponentRack: the opponent's tiles (at most ${MAX_RACK}), which the endgame needs, not ${describe(opponent)}`);
    }
    const difference = position.difference ?? 0;
    if (!Number.isSafeInteger(difference) || Math.abs(difference) > 1 << 28) {
      throw new RangeError(`position.difference: a whole number of points, not ${describe(difference)}`);
    }
    const strong = this._wordgameValues(position, "strong");
    const points = this._tilePoints(position);
    const generate = (board, blanks, tiles) => this._search({ ...position, board, blanks, rack: tiles }, false);
    const roots = this._search(position, false);
    const { values, nodes, depth, exact } = endgame({ generate, board: position.board, blanks: position.blanks ?? [], roots, racks: [rack, opponent], difference, points });
    return { ...strong, values: values.map((v) => v / LEAVE_UNIT), endgame: { values, nodes, depth, exact } };
  }

  /** Free the module's copy of the list (the Bots cannot search after). */
  close() {
    if (this._graph) {
      this._core.wl_close(this._graph);
      this._core.wl_free(this._file);
      if (this._scratch) this._core.wl_free(this._scratch);
      this._graph = 0;
    }
  }

  _search(position, best) {
    if (!this._graph) throw new Error("these Bots are closed");
    if (position === null || typeof position !== "object") throw new TypeError(`a position, not ${describe(position)}`);
    let moves;
    if (position.game === "wordgame") moves = this._wordgame(position);
    else if (position.game === "balda") moves = this._balda(position);
    else throw new RangeError(`position.game: "wordgame" or "balda", not ${describe(position.game)}`);
    if (moves === 0) this._fail();
    try {
      return this._read(moves, position.game, best);
    } finally {
      this._core.wl_moves_release(moves);
    }
  }

  /** Throw the core's last error. */
  _fail() {
    const status = this._core.wl_status();
    const message = this._message();
    if (BAD_GRAPH.has(status)) throw new ArtefactError(`${this.lexicon._dawg.source}: corrupt DAWG: ${message}`);
    if (status === OUT_OF_STEPS) throw new Error(message);
    throw new RangeError(message);
  }

  _wordgame(position) {
    const [args] = this._wordgameArgs(position, []);
    return this._core.wl_wordgame(...args, 0);
  }

  /** wl_wordgame's arguments for `position` (but the step budget), and the addresses of `extra`
   * arrays placed beside its inputs. */
  _wordgameArgs(position, extra) {
    const game = this.lexicon.game;
    const layout = position.layout ?? (game && { board: game.board, start: game.start });
    if (!layout) throw new RangeError("position.layout: the list has no game.json to take it from");
    const size = layout.board.length;
    const board = position.board;
    if (!Array.isArray(board) || board.length !== size || !board.every((row) => Array.isArray(row) && row.length === size)) {
      throw new RangeError(`position.board: ${size} rows of ${size} squares (letters or null)`);
    }
    const cells = size * size;
    const squares = new Uint8Array(cells);
    const lm = new Uint8Array(cells);
    const wm = new Uint8Array(cells);
    const blanks = new Uint8Array(cells);
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        squares[r * size + c] = this._square(board[r][c]);
        const [letterPremium, wordPremium] = PREMIUMS[layout.board[r][c]] ?? [1, 1];
        lm[r * size + c] = letterPremium;
        wm[r * size + c] = wordPremium;
      }
    }
    for (const [r, c] of position.blanks ?? []) {
      if (Number.isInteger(r) && Number.isInteger(c) && r >= 0 && r < size && c >= 0 && c < size) blanks[r * size + c] = 1;
    }
    const pointsOf = this._tilePoints(position);
    const points = new Int32Array(this.letters.map((letter) => pointsOf[letter] ?? 0));
    const rack = position.rack;
    if (!Array.isArray(rack) || !rack.every((tile) => typeof tile === "string")) {
      throw new TypeError(`position.rack: a list of tiles, not ${describe(rack)}`);
    }
    // tried in the Python search's order: the distinct letters by code point; no other tile is placed
    const order = [...new Set(rack)]
      .filter((tile) => tile !== BLANK && this._index.has(tile))
      .sort((a, b) => a.codePointAt(0) - b.codePointAt(0));
    const count = (tile) => rack.filter((t) => t === tile).length;
    const rackSize = position.rackSize ?? game?.rack_size;
    const [startRow, startCol] = layout.start;
    const inputs = this._place([
      squares,
      blanks,
      lm,
      wm,
      new Uint8Array(points.buffer),
      new Uint8Array(order.map((letter) => this._index.get(letter))),
      new Uint8Array(order.map(count)),
      ...extra,
    ]);
    const args = [
      this._graph,
      size,
      ...inputs.slice(0, 7),
      order.length,
      count(BLANK),
      rack.length,
      rackSize ?? rack.length,
      position.firstWord ?? FIRST_WORD_LETTERS,
      startRow,
      startCol,
    ];
    return [args, inputs.slice(7)];
  }

  /** {tile: points}: the position's, else the list's game.json's. */
  _tilePoints(position) {
    return position.points ?? Object.fromEntries(Object.entries(this.lexicon.game?.tiles ?? {}).map(([t, s]) => [t, s.points]));
  }

  /** The core's moves of a Balda position, or (with `lookahead`: difference, budget) its values. */
  _balda(position, lookahead = null) {
    const { size, board } = position;
    if (!Number.isInteger(size) || !Array.isArray(board) || board.length !== size * size) {
      throw new RangeError(`position.board: a flat list of size x size squares (letters or null)`);
    }
    const squares = new Uint8Array(board.map((square) => this._square(square)));
    const lengths = [];
    const letters = [];
    const cells = [];
    for (const [word, cellSets] of Object.entries(position.scored ?? {})) {
      const spelled = [...word];
      for (const used of cellSets) {
        lengths.push(spelled.length <= 128 ? spelled.length : 0);
        if (spelled.length <= 128) for (const letter of spelled) letters.push(this._index.get(letter) ?? FOREIGN);
        const bits = new Uint32Array(4); // cells 0-127, as two little-endian uint64
        for (const cell of used) if (cell >= 0 && cell < 128) bits[cell >> 5] |= 1 << (cell & 31);
        cells.push(...bits);
      }
    }
    const cellBytes = new Uint8Array(new Uint32Array(cells).buffer);
    const [board_, lengths_, letters_, cells_] = this._place([squares, new Uint8Array(lengths), new Uint8Array(letters), cellBytes]);
    const common = [this._graph, size, position.diagonal ? 1 : 0, board_, (position.mask ?? ALL_PARTS_OF_SPEECH) >>> 0];
    if (lookahead) {
      return this._core.wl_balda_search(...common, lengths.length, lengths_, letters_, cells_, lookahead.difference, lookahead.budget);
    }
    return this._core.wl_balda(...common, lengths.length, lengths_, letters_, cells_, 0);
  }

  /** The moves the core found, as objects (only the best one with `best`). */
  _read(moves, game, best) {
    const core = this._core;
    const count = core.wl_moves_count(moves);
    const indexes = best ? (count ? [core.wl_moves_best(moves)] : []) : Array.from({ length: count }, (_, i) => i);
    const found = [];
    const memory = new Uint8Array(this._memory());
    for (const i of indexes) {
      const at = core.wl_move(moves, i); // the move's bytes (wordlist.h)
      const points = core.wl_move_points(moves, i);
      if (game === "wordgame") {
        const tiles = [];
        for (let k = 0; k < memory[at + 3]; k++) tiles.push([this.letters[memory[at + 4 + 2 * k]], memory[at + 5 + 2 * k]]);
        found.push({ direction: memory[at], line: memory[at + 1], start: memory[at + 2], tiles, points });
      } else {
        const path = [...memory.subarray(at + 3, at + 3 + memory[at + 2])];
        found.push({ cell: memory[at], letter: this.letters[memory[at + 1]], path, points });
      }
    }
    return found;
  }

  _square(square) {
    if (square === null || square === undefined) return EMPTY;
    if (typeof square !== "string") throw new TypeError(`a square holds a letter or null, not ${describe(square)}`);
    return this._index.get(square) ?? FOREIGN;
  }

  /** The inputs of a search copied into one block of the module's memory (kept for the next
   * search, grown when too small), each 8-byte aligned; their addresses. */
  _place(arrays) {
    const offsets = [];
    let size = 0;
    for (const bytes of arrays) {
      offsets.push(size);
      size += (bytes.length + 7) & ~7;
    }
    if (size > this._scratchSize) {
      if (this._scratch) this._core.wl_free(this._scratch);
      this._scratch = 0;
      this._scratch = this._alloc(Math.max(size, 4096));
      this._scratchSize = Math.max(size, 4096);
    }
    const memory = new Uint8Array(this._memory());
    arrays.forEach((bytes, i) => memory.set(bytes, this._scratch + offsets[i]));
    return offsets.map((offset) => this._scratch + offset);
  }

  _alloc(size) {
    const at = this._core.wl_alloc(size);
    if (at === 0) throw new RangeError("the core is out of memory");
    return at;
  }

  _memory() {
    return this._core.memory.buffer; // (replaced when the module's memory grows: read it each time)
  }

  _message() {
    const at = this._core.wl_message();
    const bytes = new Uint8Array(this._memory(), at, 256);
    return new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0)));
  }
}

/** The index of the first of the highest values, -1 for none. */
function firstBest(values) {
  let best = -1;
  for (let i = 0; i < values.length; i++) if (best < 0 || values[i] > values[best]) best = i;
  return best;
}
