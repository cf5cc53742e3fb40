// alphabet.json: the letters of a word list and how text typed by a player becomes a game word
// (docs/FORMAT.md, "alphabet.json"). The file is checked as Python's wordlist.format.Alphabet
// checks it; keys this reader does not know are ignored.

import { ArtefactError } from "./errors.js";
import { checkVersion, languageName } from "./format.js";
import { MAX_LETTERS, MAX_REPLACEMENTS, MAX_SPELLING, MAX_TEXT_LENGTH, MAX_WORD_LENGTH } from "./limits.js";
import { asUnicode14, capitalsOf, isPrintable } from "./text.js";

export { MAX_TEXT_LENGTH };

const WILDCARDS = "?*"; // never letters and never removed: patterns and racks use them
const LANGUAGE_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const lower = (text) => text.toLowerCase();
const compose = (text) => text.normalize("NFC");

export class Alphabet {
  /**
   * @param {unknown} json the parsed alphabet.json
   * @param {string} source the file's name in error messages
   */
  constructor(json, source = "alphabet.json") {
    if (json === null || typeof json !== "object" || Array.isArray(json)) {
      throw new TypeError(`${source}: expected the parsed JSON object, got ${describe(json)}`);
    }
    checkVersion(json, source);
    const bad = (what) => new ArtefactError(`${source}: ${what}`);
    const field = (key, type, fallback) => {
      if (!Object.hasOwn(json, key)) {
        if (fallback === undefined) throw bad(`missing key "${key}"`);
        return fallback;
      }
      const value = json[key];
      if (typeof value !== type || value === null || Array.isArray(value)) {
        throw bad(`"${key}" must be ${type === "object" ? "an object" : `a ${type}`}, got ${describe(value)}`);
      }
      return value;
    };
    this.language = field("language", "string");
    if (!LANGUAGE_CODE.test(this.language)) {
      throw bad(`"language" must be a language code (letters, digits, "_", "-"), got ${JSON.stringify(this.language)}`);
    }
    /** The language's name in English ("German"), for messages; the code when the file has none. */
    this.languageName = languageName(json, source) ?? this.language;
    /** The letters in the file's order, one string per letter (code point). */
    this.letters = Object.freeze(Array.from(field("letters", "string")));
    this.remove = Object.freeze(Array.from(field("remove", "string", "")));
    this.lowercase = field("lowercase", "boolean", true);
    if (this.letters.length === 0 || this.letters.length > MAX_LETTERS) {
      throw bad(`"letters" must give 1 to ${MAX_LETTERS} letters`);
    }
    this._index = new Map();
    for (const [i, letter] of this.letters.entries()) {
      if (this._index.has(letter)) throw bad(`"letters" holds ${JSON.stringify(letter)} twice`);
      if (letter === " " || !isPrintable(letter) || WILDCARDS.includes(letter) || this.remove.includes(letter)) {
        throw bad(
          `"letters" holds ${JSON.stringify(letter)}: a letter is printable, not a space, ` +
            `not one of "${WILDCARDS}" and not removed`,
        );
      }
      if (this.lowercase && letter.toLowerCase() !== letter) {
        throw bad(`"letters" holds ${JSON.stringify(letter)}, not lower case although "lowercase" is true`);
      }
      this._index.set(letter, i);
    }
    if (this.remove.some((char) => WILDCARDS.includes(char))) {
      throw bad(`"remove" must not hold the wildcards "${WILDCARDS}"`);
    }
    if (this.remove.length > MAX_LETTERS) {
      throw bad(`"remove" must hold at most ${MAX_LETTERS} characters, got ${this.remove.length}`);
    }
    /** @type {Map<string, string>} every letter's capital as a game shows it */
    this.upper = new Map();
    for (const [letter, capital] of Object.entries(field("upper", "object", {}))) {
      if (!this._index.has(letter)) throw bad(`"upper" gives a capital for ${JSON.stringify(letter)}, not a letter`);
      if (typeof capital !== "string" || capital === "" || !isPrintable(capital)) {
        throw bad(`"upper"."${letter}" must be printable text, got ${JSON.stringify(capital) ?? describe(capital)}`);
      }
      this.upper.set(letter, capital);
    }
    /** @type {Array<[string, string]>} spellings replaced after lower-casing, in order (German Wordgame: ß -> ss) */
    this.replace = checkedReplace(Object.entries(field("replace", "object", {})), this._index, bad);
    this.raw = json;
  }

  /** The letter's position in `letters`, or -1 if it is not a letter of this alphabet. */
  indexOf(letter) {
    return this._index.get(letter) ?? -1;
  }

  /**
   * The game word for `word` as typed, as docs/FORMAT.md defines it: composed (NFC: "a" + a
   * combining diaeresis is "ä"), the characters of `remove` deleted, then the full Unicode
   * lower-case mapping if the list is case-insensitive (ẞ -> ß;
   * "SS" stays "ss"), then the `replace` spellings in order (German Wordgame: ß -> ss). Nothing
   * else: " cat" keeps its space, and so is not a word.
   */
  normalize(word, name = "word") {
    requireString(word, name);
    // (in Unicode 14, as Python: text.js)
    word = asUnicode14(word, compose);
    for (const char of this.remove) if (word.includes(char)) word = word.replaceAll(char, "");
    if (this.lowercase) word = asUnicode14(word, lower);
    // a removal or a lower-cased letter ("J\u030c" -> "ǰ") can leave text to compose
    word = asUnicode14(word, compose);
    // (a function, as a replacement string would read "$&" in a value as the matched text)
    for (const [old, spelled] of this.replace) if (word.includes(old)) word = word.replaceAll(old, () => spelled);
    return word;
  }

  /** A game word in capitals as a game shows it: ß becomes ẞ, so that each letter stays one tile. */
  display(word) {
    requireString(word, "word");
    let shown = "";
    for (const char of word) shown += this.upper.get(char) ?? capitalsOf(char);
    return shown;
  }

  /**
   * A pattern or rack normalised and split into letters and wildcards; a character that is neither
   * throws a RangeError naming it.
   * @param {string} text
   * @param {string} what "pattern" or "rack", for the message
   * @returns {string[]}
   */
  tokens(text, what) {
    requireString(text, what);
    if (tooLong(text)) {
      throw new RangeError(
        `${what} ${JSON.stringify(text.slice(0, 20))}...: more than the ${MAX_TEXT_LENGTH} characters a ${what} ` +
          `may have (no word has more than ${MAX_WORD_LENGTH} letters)`,
      );
    }
    const normalized = this.normalize(text, what);
    const tokens = Array.from(normalized);
    const bad = new Set(tokens.filter((char) => !this._index.has(char) && !WILDCARDS.includes(char)));
    if (bad.size > 0) {
      const listed = [...bad].sort(byCodePoint).map((c) => JSON.stringify(c)).join(", ");
      throw new RangeError(
        `${what} ${JSON.stringify(text)}: ${listed} not in the ${this.languageName} alphabet of this word list ` +
          `(${this.letters.join("")})`,
      );
    }
    return tokens;
  }
}

/**
 * The "replace" entries of alphabet.json, checked as Python checks them: a value holds no character
 * of any key, so each character is replaced at most once (a -> bb, b -> cc, ... would make one
 * letter 2^25) and a word grows by at most MAX_SPELLING letters a character.
 * @param {Array<[string, unknown]>} entries
 * @param {Map<string, number>} letters
 * @param {(what: string) => Error} bad
 * @returns {ReadonlyArray<[string, string]>}
 */
function checkedReplace(entries, letters, bad) {
  if (entries.length > MAX_REPLACEMENTS) {
    throw bad(`"replace" must hold at most ${MAX_REPLACEMENTS} spellings, got ${entries.length}`);
  }
  for (const [old, spelled] of entries) {
    const length = Array.from(old).length;
    if (length === 0 || length > MAX_SPELLING || Array.from(WILDCARDS).some((w) => old.includes(w))) {
      throw bad(`"replace" must map 1 to ${MAX_SPELLING} characters without "${WILDCARDS}", got ${shown(old)}`);
    }
    const chars = typeof spelled === "string" ? Array.from(spelled) : [];
    if (chars.length === 0 || chars.length > MAX_SPELLING || chars.some((c) => !letters.has(c))) {
      throw bad(
        `"replace".${shown(old)} must be 1 to ${MAX_SPELLING} of the alphabet's letters, got ` +
          (typeof spelled === "string" ? shown(spelled) : describe(spelled)),
      );
    }
  }
  const inKeys = new Map(); // character -> the (last) key holding it
  for (const [old] of entries) for (const c of old) inKeys.set(c, old);
  for (const [old, spelled] of entries) {
    for (const c of spelled) {
      if (inKeys.has(c)) {
        throw bad(
          `"replace".${shown(old)} gives ${shown(spelled)}, whose ${JSON.stringify(c)} is in the key ` +
            `${shown(inKeys.get(c))}: no value may hold a character of a key (each character is replaced at most once)`,
        );
      }
    }
  }
  return Object.freeze(entries.map(([old, spelled]) => Object.freeze([old, /** @type {string} */ (spelled)])));
}

/** Text from a file in a message: quoted on one line, a long one cut. */
function shown(text) {
  const chars = Array.from(text);
  return chars.length <= 2 * MAX_SPELLING ? JSON.stringify(text) : `${JSON.stringify(chars.slice(0, 2 * MAX_SPELLING).join(""))}...`;
}

/** Is `text` longer than MAX_TEXT_LENGTH code points (so never a word, and an error as a pattern or rack)? */
export function tooLong(text) {
  if (text.length <= MAX_TEXT_LENGTH) return false;
  if (text.length > 2 * MAX_TEXT_LENGTH) return true; // a code point is at most two UTF-16 units
  let count = 0;
  for (const _ of text) if (++count > MAX_TEXT_LENGTH) return true;
  return false;
}

export function requireString(value, name) {
  if (typeof value !== "string") throw new TypeError(`${name}: expected a string, got ${describe(value)}`);
}

export function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}

/** Compare strings by code point, as Python sorts them (JavaScript's default sorts UTF-16 units). */
export function byCodePoint(a, b) {
  const x = Array.from(a, (c) => c.codePointAt(0));
  const y = Array.from(b, (c) => c.codePointAt(0));
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}
