// alphabet.json: the letters of a word list and how text typed by a player becomes a game word
// (docs/FORMAT.md, "alphabet.json"). The file is checked as Python's wordlist.format.Alphabet
// checks it; keys this reader does not know are ignored.

import { ArtefactError } from "./errors.js";
import { checkVersion } from "./format.js";
import { MAX_LETTERS } from "./limits.js";

const WILDCARDS = "?*"; // never letters and never removed: patterns and racks use them
const LANGUAGE_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
// What Python's str.isprintable() refuses: control, format, unassigned, private-use and surrogate
// code points and every separator (the ASCII space is printable there, but never a letter).
const NOT_PRINTABLE = /[\p{C}\p{Z}]/u;

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
    this.languageName = field("language_name", "string", "") || this.language;
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
      if (NOT_PRINTABLE.test(letter) || WILDCARDS.includes(letter) || this.remove.includes(letter)) {
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
    /** @type {Map<string, string>} every letter's capital as a game shows it */
    this.upper = new Map();
    for (const [letter, capital] of Object.entries(field("upper", "object", {}))) {
      if (!this._index.has(letter)) throw bad(`"upper" gives a capital for ${JSON.stringify(letter)}, not a letter`);
      if (typeof capital !== "string" || capital === "" || /(?! )[\p{C}\p{Z}]/u.test(capital)) {
        throw bad(`"upper"."${letter}" must be printable text, got ${JSON.stringify(capital) ?? describe(capital)}`);
      }
      this.upper.set(letter, capital);
    }
    /** @type {Array<[string, string]>} spellings replaced after lower-casing, in order (German Wordgame: ß -> ss) */
    this.replace = [];
    for (const [old, spelled] of Object.entries(field("replace", "object", {}))) {
      if (old === "" || Array.from(WILDCARDS).some((w) => old.includes(w))) {
        throw bad(`"replace" must map non-empty text without "${WILDCARDS}", got ${JSON.stringify(old)}`);
      }
      if (typeof spelled !== "string" || spelled === "" || Array.from(spelled).some((c) => !this._index.has(c))) {
        throw bad(`"replace"."${old}" must be made of the alphabet's letters, got ${JSON.stringify(spelled) ?? describe(spelled)}`);
      }
      this.replace.push([old, spelled]);
    }
    Object.freeze(this.replace);
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
    word = word.normalize("NFC");
    for (const char of this.remove) if (word.includes(char)) word = word.replaceAll(char, "");
    if (this.lowercase) word = word.toLowerCase();
    for (const [old, spelled] of this.replace) if (word.includes(old)) word = word.replaceAll(old, spelled);
    return word;
  }

  /** A game word in capitals as a game shows it: ß becomes ẞ, so that each letter stays one tile. */
  display(word) {
    requireString(word, "word");
    let shown = "";
    for (const char of word) shown += this.upper.get(char) ?? char.toUpperCase();
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
