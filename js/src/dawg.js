// The bytes of words.dawg: a dawg2 IntCompletionDAWG (the dawgdic format), read without copying
// anything but its two arrays.
//
//   uint32 LE  n                the number of units
//   n x uint32 LE units         the double array
//   uint32 LE  n                the number of guide entries (the same n)
//   n x 2 bytes guide           per unit: the label of its first child, of its next sibling
//
// A unit holds a label byte (bits 0-7), a has-leaf flag (bit 8), an extension flag (bit 9) and
// an offset (bits 10-31, shifted left 8 more when the extension flag is set). Following byte b
// from unit i goes to i ^ offset(i) ^ b if that unit's label is b. Where a word ends, the unit has
// a leaf child at i ^ offset(i): a unit with bit 31 set whose low 31 bits are the word's value
// (here: the bit mask of its parts of speech). Keys are UTF-8, so "ä" is two steps.

import { ArtefactError } from "./errors.js";
import { MAX_KEY_BYTES, MAX_WORD_LENGTH, MAX_WORDS } from "./limits.js";

const HAS_LEAF = 1 << 8;
const EXTENSION = 1 << 9;
const LABEL_MASK = (1 << 31) | 0xff; // a leaf unit never matches a label: its bit 31 is set
const VALUE_MASK = 0x7fffffff;
/**
 * A bit no value has (values are 31 bits): `below` sets it under every node with a key below, so
 * that a search for words of any part of speech (a value of unknown bits, or 0, included) prunes
 * with the same test as a search by part of speech.
 */
export const ANY_WORD = 0x80000000;
/**
 * The longest key a word list may hold, in bytes (4 x MAX_WORD_LENGTH, the longest word in UTF-8).
 * It bounds every walk, so that a corrupt file (a cycle in the graph) cannot make a query run
 * forever or overflow the stack.
 */
export { MAX_KEY_BYTES };

// What a damaged file is found to hold, in Python's words (wordlist/graph.py).
const TOO_LONG = `a key is longer than the longest word (${MAX_WORD_LENGTH} letters)`;
const NOT_UTF8 = "a key is not UTF-8";

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export class Dawg {
  /**
   * @param {Uint8Array | ArrayBuffer} bytes the whole words.dawg file
   * @param {string} source the file's name in error messages
   * @param {number | null} expectedWords the number of words the manifest says, when there is one:
   *   a graph holding more is corrupt (without one, more than MAX_WORDS is)
   */
  constructor(bytes, source = "words.dawg", expectedWords = null) {
    if (bytes instanceof ArrayBuffer) {
      bytes = new Uint8Array(bytes);
    } else if (ArrayBuffer.isView(bytes)) {
      bytes = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } else {
      throw new TypeError(`${source}: expected the file's bytes (a Uint8Array or ArrayBuffer)`);
    }
    const size = bytes.byteLength;
    if (size < 8) throw new ArtefactError(`${source}: ${size} bytes, too short to be a DAWG`);
    const view = new DataView(bytes.buffer, bytes.byteOffset, size);
    const count = view.getUint32(0, true);
    // Checked before anything is allocated: the header must account for every byte of the file.
    const unitsEnd = 4 + 4 * count;
    if (count === 0 || unitsEnd + 4 > size) {
      throw new ArtefactError(
        `${source}: the header announces ${count} units (${unitsEnd + 4} bytes or more) ` +
          `but the file has ${size} bytes (truncated or not a DAWG)`,
      );
    }
    const guideCount = view.getUint32(unitsEnd, true);
    if (guideCount !== count || unitsEnd + 4 + 2 * count !== size) {
      throw new ArtefactError(
        `${source}: ${count} units need ${8 + 6 * count} bytes with their completion guide, ` +
          `the file has ${size} bytes and a guide of ${guideCount} entries (truncated or not a dawg2 CompletionDAWG)`,
      );
    }
    /** @type {Uint32Array} */
    this.units = new Uint32Array(count);
    if (LITTLE_ENDIAN) {
      this.units.set(new Uint32Array(bytes.slice(4, unitsEnd).buffer));
    } else {
      for (let i = 0; i < count; i++) this.units[i] = view.getUint32(4 + 4 * i, true);
    }
    /** @type {Uint8Array} */
    this.guide = bytes.slice(unitsEnd + 4);
    this.source = source;
    this._expectedWords = expectedWords;
    this._shape = null;
  }

  /** The unit reached by byte `byte` from `node`, or -1. */
  followByte(node, byte) {
    const units = this.units;
    const unit = units[node];
    const child = (node ^ ((unit >>> 10) << ((unit & EXTENSION) >>> 6)) ^ byte) >>> 0;
    return child < units.length && (units[child] & LABEL_MASK) === byte ? child : -1;
  }

  /**
   * The unit reached by spelling `text` (UTF-8) from `node`, or -1. Control characters and lone
   * surrogates lead nowhere: no key holds them (letters are printable), and byte 0, which no key
   * holds either, would match the label of the root.
   */
  followText(node, text) {
    for (let i = 0; i < text.length && node >= 0; i++) {
      let cp = text.charCodeAt(i);
      if (cp < 0x80) {
        node = cp >= 0x20 && cp !== 0x7f ? this.followByte(node, cp) : -1;
        continue;
      }
      if (cp < 0xa0) return -1; // C1 controls
      if (cp >= 0xd800 && cp < 0xdc00 && i + 1 < text.length) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low < 0xe000) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          i++;
        }
      }
      if (cp >= 0xd800 && cp < 0xe000) return -1; // a lone surrogate has no UTF-8 form: no key holds it
      if (cp < 0x800) {
        node = this.followByte(node, 0xc0 | (cp >> 6));
      } else {
        if (cp < 0x10000) {
          node = this.followByte(node, 0xe0 | (cp >> 12));
        } else {
          node = this.followByte(node, 0xf0 | (cp >> 18));
          if (node >= 0) node = this.followByte(node, 0x80 | ((cp >> 12) & 0x3f));
        }
        if (node >= 0) node = this.followByte(node, 0x80 | ((cp >> 6) & 0x3f));
      }
      if (node >= 0) node = this.followByte(node, 0x80 | (cp & 0x3f));
    }
    return node;
  }

  /**
   * Does a key end at or below `node`? In a sound file every node a key's bytes reach does, but
   * the root of a list of no words (whose guide lists no child).
   */
  leadsToWords(node) {
    return (this.units[node] & HAS_LEAF) !== 0 || this.guide[2 * node] !== 0;
  }

  /** The value of the key ending at `node` (its part-of-speech mask), or -1 if no key ends there. */
  value(node) {
    const units = this.units;
    const unit = units[node];
    if (!(unit & HAS_LEAF)) return -1;
    const leaf = (node ^ ((unit >>> 10) << ((unit & EXTENSION) >>> 6))) >>> 0;
    return leaf < units.length ? units[leaf] & VALUE_MASK : -1;
  }

  /**
   * The child of `node` by `label`, a label its guide lists after `previous` (0 for the first
   * child). The guide lists siblings in increasing byte order; one that does not, or that names
   * a child the units do not have, is corrupt (and could make a walk loop forever).
   */
  guideChild(node, label, previous) {
    const child = label > previous ? this.followByte(node, label) : -1;
    if (child < 0) throw this.corrupt(`the completion guide of unit ${node} is inconsistent`);
    return child;
  }

  /**
   * Facts about the whole graph, found once before the first listing or search by the pass
   * Python's Graph.check makes, in the same order (so that both readers find a file damaged, or
   * sound, before the same call, and say the same): a depth-first walk of the guide from the root
   * that finishes a node once all its children are, each node once. It refuses a guide label not
   * above the one before or naming no child, a child on the walk's stack (a cycle), a path of more
   * than MAX_KEY_BYTES bytes or MAX_WORD_LENGTH letters, more keys than the manifest says (or than
   * MAX_WORDS without one). It finds the number of keys, the longest key in bytes, and per node the
   * longest path below it in bytes (`depth`) and the values of the keys below it or-ed together
   * with ANY_WORD (`below`: the parts of speech found under a node), which let searches skip whole
   * subgraphs. The empty key is not a key. A damaged file's error is remembered and thrown again.
   * @returns {{count: number, maxKeyBytes: number, depth: Uint16Array, below: Uint32Array}}
   */
  shape() {
    if (this._shape === null) {
      try {
        this._shape = this._measure();
      } catch (error) {
        this._shape = error;
      }
    }
    if (this._shape instanceof Error) throw this._shape;
    return this._shape;
  }

  _measure() {
    const n = this.units.length;
    const guide = this.guide;
    const most = this._expectedWords ?? MAX_WORDS;
    const state = new Uint8Array(n); // 0 unseen, 1 on the stack, 2 done
    const depth = new Uint16Array(n); // the longest path below a node, in bytes
    const letters = new Uint16Array(n); // ... and in letters (a continuation byte is none)
    const below = new Uint32Array(n); // the values at and below a node, or-ed
    const count = new Float64Array(n); // the number of keys at and below a node
    const cursor = new Uint8Array(n); // the next child label to visit (0: none left)
    const previous = new Uint8Array(n); // the child label visited last
    const add = (node, child, label) => {
      depth[node] = Math.max(depth[node], Math.min(depth[child] + 1, 0xffff));
      letters[node] = Math.max(letters[node], Math.min(letters[child] + ((label & 0xc0) !== 0x80 ? 1 : 0), 0xffff));
      count[node] += count[child];
      below[node] |= below[child];
    };
    const stack = [0];
    state[0] = 1;
    cursor[0] = guide[0];
    while (stack.length > 0) {
      const node = stack[stack.length - 1];
      const label = cursor[node];
      if (label === 0) {
        stack.pop();
        state[node] = 2;
        const value = node === 0 ? -1 : this.value(node); // (the empty key is never a word)
        if (value >= 0) {
          count[node] += 1;
          below[node] |= value | ANY_WORD;
        }
        if (stack.length > 0) {
          const parent = stack[stack.length - 1];
          add(parent, node, previous[parent]);
        }
        continue;
      }
      const child = this.guideChild(node, label, previous[node]);
      previous[node] = label;
      cursor[node] = guide[2 * child + 1];
      if (state[child] === 2) {
        add(node, child, label);
        continue;
      }
      if (state[child] === 1) throw this.corrupt("the graph has a cycle");
      if (stack.length > MAX_KEY_BYTES) throw this.corrupt(TOO_LONG); // the path to `child` is too long
      state[child] = 1;
      cursor[child] = guide[2 * child];
      stack.push(child);
    }
    if (letters[0] > MAX_WORD_LENGTH || depth[0] > MAX_KEY_BYTES) throw this.corrupt(TOO_LONG);
    const words = count[0];
    if (words > most) {
      throw this.corrupt(
        this._expectedWords === null
          ? `it holds more words than a list can (${MAX_WORDS})`
          : `it holds more words than the manifest says (${most})`,
      );
    }
    return { count: words, maxKeyBytes: depth[0], depth, below };
  }

  /**
   * Visit the keys below `node` in byte order (= code point order), as Python's Graph.words walks
   * them: `visit(key, value, letters)` returns true to stop; `key` is the text, or null for a key
   * that is not UTF-8 (the visitor throws `notUtf8()` if it would keep it, as Python does when it
   * decodes a key it keeps). `prefix` is the text that led to `node`; a path of more than
   * `maxLength` letters (a letter: a byte that is no UTF-8 continuation byte) is not walked.
   * Returns true if stopped.
   * @param {number} node
   * @param {string} prefix
   * @param {number} maxLength
   * @param {(key: string | null, value: number, letters: number) => boolean | void} visit
   */
  forEachKey(node, prefix, maxLength, visit) {
    this.shape(); // no cycle, keys of bounded length: the recursion below ends
    const start = Array.from(prefix).length;
    return this._keys(node, prefix, start, 0, 0, 0, maxLength, visit);
  }

  /** The error of a listed key that is not UTF-8. */
  notUtf8() {
    return this.corrupt(NOT_UTF8);
  }

  // A key's text is built as its bytes are walked: `pending` is the code point being read, `need`
  // its continuation bytes still to come, `least` the smallest code point of its length (a smaller
  // one is an overlong form); `text` is null once the bytes are not UTF-8.
  _keys(node, text, letters, pending, need, least, maxLength, visit) {
    if (letters > 0) {
      const value = this.value(node); // (the empty key is never a word)
      if (value >= 0 && visit(need === 0 ? text : null, value, letters) === true) return true;
    }
    const guide = this.guide;
    const below = this._shape.below;
    let label = guide[2 * node];
    let previous = 0;
    while (label !== 0) {
      const child = this.guideChild(node, label, previous);
      const continuation = (label & 0xc0) === 0x80;
      const childLetters = continuation ? letters : letters + 1;
      let stop = false;
      if ((below[child] & ANY_WORD) === 0 || childLetters > maxLength) {
        // no key below (a damaged file's dead branch), or only longer ones: not walked
      } else if (text === null) {
        stop = this._keys(child, null, childLetters, 0, 0, 0, maxLength, visit);
      } else if (need === 0) {
        if (label < 0x80) {
          stop = this._keys(child, text + String.fromCharCode(label), childLetters, 0, 0, 0, maxLength, visit);
        } else if (label >= 0xc2 && label < 0xf5) {
          const more = label < 0xe0 ? 1 : label < 0xf0 ? 2 : 3;
          const smallest = more === 1 ? 0x80 : more === 2 ? 0x800 : 0x10000;
          stop = this._keys(child, text, childLetters, label & (0x3f >> more), more, smallest, maxLength, visit);
        } else {
          stop = this._keys(child, null, childLetters, 0, 0, 0, maxLength, visit);
        }
      } else if (continuation) {
        const cp = (pending << 6) | (label & 0x3f);
        if (need > 1) {
          stop = this._keys(child, text, childLetters, cp, need - 1, least, maxLength, visit);
        } else if (cp < least || (cp >= 0xd800 && cp < 0xe000) || cp > 0x10ffff) {
          stop = this._keys(child, null, childLetters, 0, 0, 0, maxLength, visit);
        } else {
          stop = this._keys(child, text + String.fromCodePoint(cp), childLetters, 0, 0, 0, maxLength, visit);
        }
      } else {
        stop = this._keys(child, null, childLetters, 0, 0, 0, maxLength, visit);
      }
      if (stop) return true;
      previous = label;
      label = guide[2 * child + 1];
    }
    return false;
  }

  corrupt(what) {
    return new ArtefactError(`${this.source}: corrupt DAWG: ${what}`);
  }
}
