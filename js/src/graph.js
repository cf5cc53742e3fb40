// The DAWG walked letter by letter: what pattern search, anagrams and a game's bot step through.
// A node is a unit index (the same numbers as Python's wordlist.Graph). A letter such as "ä" is
// two bytes, so a node's letter children are found from the guide's first bytes, then the rest
// of each letter's bytes; they are listed once per node and remembered.

import { describe, requireString } from "./alphabet.js";

/** @typedef {readonly [letter: string, node: number]} Edge */

export class Graph {
  /**
   * @param {import("./dawg.js").Dawg} dawg
   * @param {import("./alphabet.js").Alphabet} alphabet
   */
  constructor(dawg, alphabet) {
    this._dawg = dawg;
    /** The node every word starts from. */
    this.root = 0;
    /** The letters of the alphabet; the searches name a letter by its index here. */
    this.letters = alphabet.letters;
    // The letters by their first UTF-8 byte: [index, ...the rest of its bytes] for each, in code
    // point order so that children come out sorted the way Python sorts strings.
    /** @type {number[][][]} */
    this._byFirstByte = Array.from({ length: 256 }, () => []);
    const encoder = new TextEncoder();
    const byCodePoint = [...alphabet.letters].sort((a, b) => a.codePointAt(0) - b.codePointAt(0));
    for (const letter of byCodePoint) {
      const [first, ...rest] = encoder.encode(letter);
      this._byFirstByte[first].push([alphabet.indexOf(letter), ...rest]);
    }
    // Each node's children once listed, as (letter index, child) pairs in one growing Int32Array:
    // `_at[node]` is where its entry starts (the number of pairs, then the pairs), -1 if not yet
    // listed. No object per node: the garbage collector has nothing to trace.
    /** @type {Int32Array | null} */
    this._at = null;
    /** The listed children (see `kids`); it is replaced as it grows, so read it after each call. */
    this.pool = new Int32Array(0);
    this._used = 0;
    /** @type {Map<number, readonly Edge[]>} the frozen edges handed out by `children` */
    this._edges = new Map();
  }

  /**
   * The letters that continue some word from `node`, with the node each leads to, in code point
   * order. The array is shared and frozen.
   * @param {number} node
   * @returns {readonly Edge[]}
   */
  children(node) {
    this._node(node);
    let edges = this._edges.get(node);
    if (edges === undefined) {
      const at = this.kids(node);
      const pool = this.pool;
      const list = [];
      for (let i = at + 1; i < at + 1 + 2 * pool[at]; i += 2) {
        list.push(Object.freeze([this.letters[pool[i]], pool[i + 1]]));
      }
      edges = Object.freeze(list);
      this._edges.set(node, edges);
    }
    return edges;
  }

  /**
   * The node reached from `node` by `letter`, or null.
   * @param {number} node
   * @param {string} letter
   * @returns {number | null}
   */
  follow(node, letter) {
    requireString(letter, "letter");
    const next = this._step(this._node(node), letter);
    return next >= 0 ? next : null;
  }

  /**
   * The node reached by spelling `letters` (game letters, already normalised) from `node`, or null.
   * @param {string} letters
   * @param {number} [node]
   * @returns {number | null}
   */
  find(letters, node = this.root) {
    requireString(letters, "letters");
    let at = this._node(node);
    for (const letter of letters) {
      at = this._step(at, letter);
      if (at < 0) return null;
    }
    return at;
  }

  /**
   * The part-of-speech mask of the word ending at `node`, or null if no word ends there.
   * @param {number} node
   * @returns {number | null}
   */
  value(node) {
    const value = this._dawg.value(this._node(node));
    return value >= 0 ? value : null;
  }

  /**
   * A node's children for the searches, listed on first use: returns `at`, where in `pool` they
   * are: `pool[at]` pairs follow it, each a letter's index in `letters` and the child node, in
   * code point order. `at` stays valid; `pool` itself may be replaced by any later call.
   * @param {number} node
   * @returns {number}
   */
  kids(node) {
    if (this._at === null) this._at = new Int32Array(this._dawg.units.length).fill(-1);
    const known = this._at[node];
    if (known >= 0) return known;
    const dawg = this._dawg;
    const guide = dawg.guide;
    const at = this._used;
    let end = at + 1;
    let label = guide[2 * node];
    let previous = 0;
    while (label !== 0) {
      const child = dawg.guideChild(node, label, previous);
      const group = this._byFirstByte[label];
      for (let g = 0; g < group.length; g++) {
        const letter = group[g];
        let reached = child;
        for (let i = 1; i < letter.length && reached >= 0; i++) reached = dawg.followByte(reached, letter[i]);
        if (reached < 0) continue;
        if (end + 2 > this.pool.length) this._grow(end + 2);
        this.pool[end] = letter[0];
        this.pool[end + 1] = reached;
        end += 2;
      }
      previous = label;
      label = guide[2 * child + 1];
    }
    if (end > this.pool.length) this._grow(end); // a node without children still has its count
    this.pool[at] = (end - at - 1) / 2;
    this._used = end;
    this._at[node] = at;
    return at;
  }

  _grow(needed) {
    // by half again: little slack when every node is listed (about 4 numbers per unit)
    const start = this._dawg.units.length >> 2;
    const pool = new Int32Array(Math.max(needed, Math.floor(1.5 * this.pool.length), start, 1024));
    pool.set(this.pool);
    this.pool = pool;
  }

  /** The child of a valid `node` by `letter`, or -1. */
  _step(node, letter) {
    const at = this.kids(node);
    const pool = this.pool;
    for (let i = at + 1; i < at + 1 + 2 * pool[at]; i += 2) if (this.letters[pool[i]] === letter) return pool[i + 1];
    return -1;
  }

  _node(node) {
    if (!Number.isInteger(node)) throw new TypeError(`node: expected an integer, got ${describe(node)}`);
    if (node < 0 || node >= this._dawg.units.length) {
      throw new RangeError(`node ${node}: not a node of this word list (0 to ${this._dawg.units.length - 1})`);
    }
    return node;
  }
}
