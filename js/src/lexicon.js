// A built word list in a browser or in Node: the same questions, and the same answers, as Python's
// wordlist.Lexicon (the conformance tests hold them to it).

import { Alphabet, describe, requireString, tooLong } from "./alphabet.js";
import { ANY_WORD, Dawg } from "./dawg.js";
import { checkGame } from "./game.js";
import { checkLeaves } from "./leaves.js";
import { Graph } from "./graph.js";
import { posMask, posNames } from "./pos.js";

/** @typedef {string | Iterable<string> | null | undefined} PartsOfSpeech */

export class Lexicon {
  /**
   * Use `Lexicon.fromBytes` or `Lexicon.load`.
   * @param {Dawg} dawg
   * @param {Alphabet} alphabet
   * @param {object | null} manifest
   * @param {object | null} game a checked game.json
   * @param {object | null} leaves a checked leaves.json (leaves.js)
   */
  constructor(dawg, alphabet, manifest = null, game = null, leaves = null) {
    if (!(dawg instanceof Dawg) || !(alphabet instanceof Alphabet)) {
      throw new TypeError("use Lexicon.fromBytes(dawgBytes, alphabet) or await Lexicon.load(folder)");
    }
    this._dawg = dawg;
    this._alphabet = alphabet;
    /** The parsed manifest.json when loaded from a folder, else null. */
    this.manifest = manifest;
    /** The parsed game.json (board, start, rack_size, tiles), checked, when the list has one; else null. */
    this.game = game;
    /** Wordgame's leave values (leaves.json, checked: {values, duplicates, vowels, balance}) when
     * learned for the list; else null (the bots value a move by its points). */
    this.leaves = leaves;
    /** The DAWG walked letter by letter, for game bots. */
    this.graph = new Graph(dawg, alphabet);
  }

  /**
   * A lexicon from the bytes of words.dawg, the parsed alphabet.json and, for a list with a tile
   * game, the parsed game.json and leaves.json (when learned). Works anywhere: no Node API.
   * @param {Uint8Array | ArrayBuffer} dawgBytes
   * @param {object} alphabet
   * @param {object | null} [game]
   * @param {object | null} [leaves]
   * @returns {Lexicon}
   */
  static fromBytes(dawgBytes, alphabet, game = null, leaves = null) {
    const letters = new Alphabet(alphabet);
    const tiles = game === null || game === undefined ? null : checkGame(game, letters);
    const values = leaves === null || leaves === undefined ? null : checkLeaves(leaves, [...letters.letters]);
    return new Lexicon(new Dawg(dawgBytes), letters, null, tiles, values);
  }

  /**
   * The word list in folder `folder` (Node only): manifest.json first (a folder without one is
   * refused, as Python refuses it), then alphabet.json, game.json when the manifest lists it and
   * words.dawg, each checked against the manifest: its size, and with `verify` its sha256.
   * @param {string | URL} folder
   * @param {{verify?: boolean}} [options]
   * @returns {Promise<Lexicon>}
   */
  static async load(folder, options) {
    const { verify = true } = checkOptions(options, ["verify"], "load");
    if (typeof verify !== "boolean") throw new TypeError(`verify: expected a boolean, got ${describe(verify)}`);
    const { readFolder } = await import("./node.js");
    const { dawg, alphabet, manifest, game, leaves } = await readFolder(folder, verify);
    return new Lexicon(dawg, alphabet, manifest, game, leaves);
  }

  /** The language code of the list ("en", "de"). */
  get language() {
    return this._alphabet.language;
  }

  /** The language's name in English ("German"), as messages name it. */
  get languageName() {
    return this._alphabet.languageName;
  }

  /** The letters of the alphabet, in alphabet.json's order. */
  get letters() {
    return this._alphabet.letters.join("");
  }

  /**
   * manifest.json's "license" when loaded from a folder: the SPDX expression, the licences, the
   * attribution to show, the source (site, dump, date) and what was changed. Null from fromBytes,
   * and for a list built before lists carried their licence.
   */
  get license() {
    return this.manifest?.license ?? null;
  }

  /** The line crediting Wiktionary's contributors to show with the data (license.attribution), or null. */
  get attribution() {
    return this.license?.attribution ?? null;
  }

  /** The parsed alphabet.json as given. */
  get alphabet() {
    return this._alphabet.raw;
  }

  /**
   * The number of words: the manifest's count when loaded from a folder (as Python's len), else
   * the graph's (counted once, when the graph is checked).
   */
  get size() {
    return this.manifest !== null ? this.manifest.counts.words : this._dawg.shape().count;
  }

  /**
   * The game word for `word` as typed (docs/FORMAT.md): composed, the alphabet's `remove`
   * characters (a hyphen) deleted, lower case if the list is case-insensitive (ẞ -> ß; "SS" stays
   * "ss"), composed again, then the `replace` spellings (ß -> ss in German Wordgame). Nothing is
   * trimmed.
   */
  normalize(word) {
    return this._alphabet.normalize(word);
  }

  /** A game word in capitals as a game shows it (ß becomes ẞ, so each letter stays one tile). */
  display(word) {
    return this._alphabet.display(word);
  }

  /**
   * Is `word` in the list, as one of the parts of speech `pos` (default: any, whatever its bits)?
   * @param {string} word
   * @param {{pos?: PartsOfSpeech}} [options]
   */
  isWord(word, options) {
    const { pos } = checkOptions(options, ["pos"], "isWord");
    return hasPos(this._lookup(word), wantedMask(pos));
  }

  /**
   * The parts of speech of `word`, in bit order (a bit this version does not name as
   * "unknown:<bit>"); empty if it is not a word.
   * @param {string} word
   * @returns {string[]}
   */
  partsOfSpeech(word) {
    const value = this._lookup(word);
    return value >= 0 ? posNames(value) : [];
  }

  /** Does some word start with `prefix`? ("": does the list have a word?) */
  hasPrefix(prefix) {
    const node = this._node(this._lookable(prefix, "prefix"));
    return node >= 0 && this._dawg.leadsToWords(node);
  }

  /**
   * Words in sorted order (by code point); only those of parts of speech `pos`, of `length`
   * letters, starting with `prefix`, when given; the first `limit` of them (the walk stops there).
   * @param {{pos?: PartsOfSpeech, length?: number | null, prefix?: string, limit?: number | null}} [options]
   * @returns {string[]}
   */
  words(options) {
    const { pos, length = null, prefix = "", limit = null } = checkOptions(
      options,
      ["pos", "length", "prefix", "limit"],
      "words",
    );
    if (length !== null) checkInteger(length, "length");
    return this._collect(prefix, pos, length, checkedLimit(limit));
  }

  /**
   * The first `limit` words (all if not given) starting with `prefix`, in sorted order.
   * @param {string} prefix
   * @param {{pos?: PartsOfSpeech, limit?: number | null}} [options]
   * @returns {string[]}
   */
  complete(prefix, options) {
    const { pos, limit = null } = checkOptions(options, ["pos", "limit"], "complete");
    return this._collect(prefix, pos, null, checkedLimit(limit));
  }

  /**
   * Words matching `pattern`: a letter is itself, "?" any one letter, "*" any run of letters
   * (also none). Sorted by code point. A character outside the alphabet throws a RangeError.
   *
   * The pattern runs as a set of positions over the graph (an NFA), and whether a (node, set)
   * pair leads to any match is remembered: so "*?*?*?*?*?*?" costs no more than "*".
   * @param {string} pattern
   * @param {{pos?: PartsOfSpeech}} [options]
   * @returns {string[]}
   */
  match(pattern, options) {
    const { pos } = checkOptions(options, ["pos"], "match");
    // a run of "*" matches what one "*" matches
    const tokens = this._alphabet.tokens(pattern, "pattern").filter((t, i, all) => t !== "*" || all[i - 1] !== "*");
    const mask = wantedMask(pos);
    const { maxKeyBytes } = this._dawg.shape();
    if (tokens.filter((t) => t !== "*").length > maxKeyBytes) return []; // longer than any word
    return new PatternSearch(this.graph, this._alphabet, tokens, mask, maxKeyBytes).run();
  }

  /**
   * Words spelled with the letters of `rack` ("?" or "*": a blank), longest first, then in
   * code point order; with `useAll`, only those using every tile.
   * @param {string} rack
   * @param {{pos?: PartsOfSpeech, useAll?: boolean, minLength?: number}} [options]
   * @returns {string[]}
   */
  anagrams(rack, options) {
    const { pos, useAll = false, minLength = 2 } = checkOptions(
      options,
      ["pos", "useAll", "minLength"],
      "anagrams",
    );
    requireString(rack, "rack");
    if (typeof useAll !== "boolean") throw new TypeError(`useAll: expected a boolean, got ${describe(useAll)}`);
    checkInteger(minLength, "minLength");
    const mask = wantedMask(pos);
    // every "?" or "*" is a blank tile of its own
    const tiles = this._alphabet.tokens(rack, "rack");
    const counts = new Int32Array(this._alphabet.letters.length);
    let blanks = 0;
    for (const tile of tiles) {
      if (tile === "?" || tile === "*") blanks++;
      else counts[this._alphabet.indexOf(tile)]++;
    }
    const total = tiles.length;
    // No word is longer (in letters) than the longest key in bytes: that bounds the walk.
    const { maxKeyBytes, below } = this._dawg.shape();
    if (useAll && total > maxKeyBytes) return [];
    const deepest = Math.min(total, maxKeyBytes);
    /** @type {string[][]} */
    const byLength = [];
    const graph = this.graph;
    const dawg = this._dawg;
    // Each prefix is reached one way only (a rack letter before a blank), so no word twice.
    const walk = (node, prefix, depth, blanksLeft) => {
      if (depth > 0 && depth >= minLength && (!useAll || depth === total)) {
        if (hasPos(dawg.value(node), mask)) (byLength[depth] ??= []).push(prefix);
      }
      if (depth === deepest) return;
      const at = graph.kids(node);
      for (let i = at + 1; i < at + 1 + 2 * graph.pool[at]; i += 2) {
        const index = graph.pool[i]; // graph.pool, read afresh: the walk below may replace it
        const child = graph.pool[i + 1];
        if ((below[child] & mask) === 0) continue;
        if (counts[index] > 0) {
          counts[index]--;
          walk(child, prefix + graph.letters[index], depth + 1, blanksLeft);
          counts[index]++;
        } else if (blanksLeft > 0) {
          walk(child, prefix + graph.letters[index], depth + 1, blanksLeft - 1);
        }
      }
    };
    walk(graph.root, "", 0, blanks);
    return byLength.reverse().flatMap((words) => words ?? []);
  }

  /** The node every word starts from (the graph walk for game bots). */
  get root() {
    return this.graph.root;
  }

  /** `[letter, node]` pairs leaving `node`, in code point order. */
  children(node) {
    return this.graph.children(node);
  }

  /** The node `letter` leads to from `node`, or null. */
  follow(node, letter) {
    return this.graph.follow(node, letter);
  }

  /** The part-of-speech mask of the word ending at `node`, or null. */
  value(node) {
    return this.graph.value(node);
  }

  *[Symbol.iterator]() {
    yield* this.words();
  }

  toString() {
    return `<Lexicon ${this.language}: ${this.size} words>`;
  }

  /** The value stored for `word` once normalised, or -1 (always for "": the empty word is never a word). */
  _lookup(word) {
    const text = this._lookable(word, "word");
    const node = text === "" ? -1 : this._node(text);
    return node >= 0 ? this._dawg.value(node) : -1;
  }

  /** `text` normalised for a lookup, or null if it is too long to be one (so not normalised at all). */
  _lookable(text, name) {
    requireString(text, name);
    return tooLong(text) ? null : this._alphabet.normalize(text, name);
  }

  /** The node reached by spelling normalised `text` from the root, or -1 (also for null). */
  _node(text) {
    return text === null ? -1 : this._dawg.followText(0, text);
  }

  _collect(prefix, pos, length, limit) {
    const mask = wantedMask(pos);
    const found = [];
    const text = this._lookable(prefix, "prefix");
    const start = this._node(text);
    if (start < 0 || limit === 0) return found;
    this._dawg.forEachKey(start, text, length ?? Infinity, (key, value, keyLength) => {
      if (!hasPos(value, mask) || (length !== null && keyLength !== length)) return false;
      if (key === null) throw this._dawg.notUtf8(); // (as Python, which decodes the keys it keeps)
      found.push(key);
      return found.length >= limit;
    });
    return found;
  }
}

/**
 * A glob pattern run over the graph: the pattern positions a prefix can have reached form a set
 * (an NFA state); sets are numbered as they appear and their steps remembered (a lazy DFA). Whether
 * a (node, set) pair leads to a match is remembered too, so each pair is explored once however
 * many ways there are to reach it, and only prefixes of matches are spelled out. A node is
 * skipped at once when none of its words has the wanted parts of speech or they are too short.
 */
class PatternSearch {
  constructor(graph, alphabet, tokens, mask, maxDepth) {
    this.graph = graph;
    this.dawg = graph._dawg;
    const { depth, below } = this.dawg.shape();
    this.depth = depth;
    this.below = below;
    this.tokens = tokens;
    this.tokenIndex = tokens.map((t) => (t === "?" || t === "*" ? -1 : alphabet.indexOf(t)));
    // letters still needed from each position: a state needs the least of its positions'
    this.needed = tokens.map((_, i) => tokens.slice(i).filter((t) => t !== "*").length).concat([0]);
    this.mask = mask;
    this.maxDepth = maxDepth;
    this.letterCount = alphabet.letters.length;
    this.nodeCount = this.dawg.units.length;
    /** @type {number[][]} */
    this.states = [];
    /** @type {Map<string, number>} */
    this.ids = new Map();
    /** @type {Int32Array[]} next state by letter index; -2 not computed yet, -1 no state */
    this.next = [];
    /** @type {number[]} per state: 0 pattern not done, 1 done, 2 done whatever follows (a "*" tail) */
    this.ends = [];
    /** @type {number[]} per state: the fewest letters still needed */
    this.least = [];
    /** @type {(Int8Array | Map<number, number>)[]} per state, per node: 1 leads to a match, 2 does not */
    this.alive = [];
    this.memoBytes = 0;
    this.start = this.intern(this.closure([0]));
  }

  run() {
    const found = [];
    const root = this.graph.root;
    if (this.start >= 0 && this.leadsToMatch(root, this.start, 0)) this.collect(root, this.start, "", 0, found);
    return found;
  }

  accepts(state, node) {
    return this.ends[state] !== 0 && hasPos(this.dawg.value(node), this.mask);
  }

  leadsToMatch(node, state, depth) {
    if ((this.below[node] & this.mask) === 0 || this.least[state] > this.depth[node]) return false;
    if (this.ends[state] === 2) return true; // any word below will do, and there is one
    const memo = this.alive[state];
    const known = memo instanceof Int8Array ? memo[node] : (memo.get(node) ?? 0);
    if (known !== 0) return known === 1;
    let alive = this.accepts(state, node);
    if (!alive && depth < this.maxDepth) {
      const graph = this.graph;
      const at = graph.kids(node);
      for (let i = at + 1; i < at + 1 + 2 * graph.pool[at] && !alive; i += 2) {
        const next = this.step(state, graph.pool[i]);
        alive = next >= 0 && this.leadsToMatch(graph.pool[i + 1], next, depth + 1);
      }
    }
    if (memo instanceof Int8Array) memo[node] = alive ? 1 : 2;
    else memo.set(node, alive ? 1 : 2);
    return alive;
  }

  collect(node, state, prefix, depth, found) {
    if (depth > 0 && this.accepts(state, node)) found.push(prefix); // (the empty word is never a word)
    if (depth >= this.maxDepth) return;
    const graph = this.graph;
    const at = graph.kids(node);
    for (let i = at + 1; i < at + 1 + 2 * graph.pool[at]; i += 2) {
      const index = graph.pool[i];
      const child = graph.pool[i + 1];
      const next = this.step(state, index);
      if (next >= 0 && this.leadsToMatch(child, next, depth + 1)) {
        this.collect(child, next, prefix + graph.letters[index], depth + 1, found);
      }
    }
  }

  step(state, letter) {
    const row = this.next[state];
    let next = row[letter];
    if (next === -2) {
      const positions = [];
      for (const i of this.states[state]) {
        if (i === this.tokens.length) continue;
        const token = this.tokens[i];
        if (token === "*") positions.push(i);
        else if (token === "?" || this.tokenIndex[i] === letter) positions.push(i + 1);
      }
      next = this.intern(this.closure(positions));
      row[letter] = next;
    }
    return next;
  }

  /** The positions plus those a "*" can skip to (it also matches nothing), sorted. */
  closure(positions) {
    const set = new Set();
    for (let i of positions) {
      set.add(i);
      while (i < this.tokens.length && this.tokens[i] === "*") set.add(++i);
    }
    return [...set].sort((a, b) => a - b);
  }

  intern(positions) {
    if (positions.length === 0) return -1;
    const key = positions.join(",");
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.states.length;
      this.ids.set(key, id);
      this.states.push(positions);
      this.next.push(new Int32Array(this.letterCount).fill(-2));
      const end = this.tokens.length;
      const tail = positions.some((i) => this.needed[i] === 0 && i < end); // only "*" left
      this.ends.push(tail ? 2 : positions[positions.length - 1] === end ? 1 : 0);
      this.least.push(Math.min(...positions.map((i) => this.needed[i])));
      // A byte per node is fastest; past a budget (patterns with very many states) a Map
      // holds only the nodes visited.
      const dense = this.memoBytes + this.nodeCount <= MEMO_BUDGET_BYTES;
      if (dense) this.memoBytes += this.nodeCount;
      this.alive.push(dense ? new Int8Array(this.nodeCount) : new Map());
    }
    return id;
  }
}

const MEMO_BUDGET_BYTES = 32 * 2 ** 20;

/** The mask a search by parts of speech `pos` wants: ANY_WORD when none is given (any value). */
function wantedMask(pos) {
  return pos === undefined || pos === null ? ANY_WORD : posMask(pos);
}

/** Is `value` (-1: no word) a word with a part of speech of `mask`? Every word has ANY_WORD. */
function hasPos(value, mask) {
  return value >= 0 && ((value | ANY_WORD) & mask) !== 0;
}

function checkOptions(options, known, method) {
  if (options === undefined || options === null) return {};
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`${method}: options must be an object, got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new TypeError(`${method}: unknown option ${JSON.stringify(key)} (known: ${known.join(", ")})`);
    }
  }
  return options;
}

/** A listing's `limit` option checked: Infinity for none (null). */
function checkedLimit(limit) {
  if (limit === null) return Infinity;
  checkInteger(limit, "limit");
  if (limit < 0) throw new RangeError(`limit: expected 0 or more, got ${limit}`);
  return limit;
}

function checkInteger(value, name) {
  if (!Number.isSafeInteger(value)) throw new TypeError(`${name}: expected an integer, got ${describe(value)}`);
}
