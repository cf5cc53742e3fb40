// alphabet.json: the letters of a word list and how text typed by a player becomes a game word.
// Read keys: letters (required), upper, remove, lowercase, language, language_name, format.
// Others (format 1's "game", anything later versions add) are kept in `raw` and otherwise ignored.

import { ArtefactError } from "./errors.js";
import { FORMAT_VERSIONS } from "./format.js";

// Python's str.strip() removes exactly these (str.isspace); JavaScript's trim() differs (it takes
// U+FEFF, leaves U+001C-U+001F and U+0085), so the set is spelled out to normalise alike.
const SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const OUTER_SPACE = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
// Control characters and lone surrogates: never letters (and lone surrogates have no UTF-8).
const NOT_TEXT = /[\p{Cc}\p{Cs}]/u;
const WILDCARDS = "?*";

export class Alphabet {
  /**
   * @param {unknown} json the parsed alphabet.json
   * @param {string} source the file's name in error messages
   */
  constructor(json, source = "alphabet.json") {
    if (json === null || typeof json !== "object" || Array.isArray(json)) {
      throw new TypeError(`${source}: expected the parsed JSON object, got ${describe(json)}`);
    }
    const field = (key, type, fallback) => {
      const value = Object.hasOwn(json, key) ? json[key] : fallback;
      if (typeof value !== type) {
        throw new ArtefactError(`${source}: "${key}" must be a ${type}, got ${describe(value)}`);
      }
      return value;
    };
    const letters = field("letters", "string", undefined);
    /** The letters in the file's order, one string per letter (code point). */
    this.letters = Object.freeze(Array.from(letters));
    if (this.letters.length === 0) throw new ArtefactError(`${source}: "letters" is empty`);
    for (const [i, letter] of this.letters.entries()) {
      if (this.letters.indexOf(letter) !== i || WILDCARDS.includes(letter) || NOT_TEXT.test(letter)) {
        throw new ArtefactError(`${source}: "letters" holds ${JSON.stringify(letter)} twice or as a letter it cannot be`);
      }
    }
    const upper = field("upper", "object", {});
    if (upper === null || Array.isArray(upper)) throw new ArtefactError(`${source}: "upper" must be an object`);
    /** @type {Map<string, string>} */
    this.upper = new Map();
    for (const [letter, capital] of Object.entries(upper)) {
      if (typeof capital !== "string") {
        throw new ArtefactError(`${source}: "upper"."${letter}" must be a string, got ${describe(capital)}`);
      }
      this.upper.set(letter, capital);
    }
    this.remove = Object.freeze(Array.from(field("remove", "string", "")));
    this.lowercase = field("lowercase", "boolean", true);
    this.language = field("language", "string", "");
    this.languageName = field("language_name", "string", "") || this.language;
    if (Object.hasOwn(json, "format") && !FORMAT_VERSIONS.includes(json.format)) {
      throw new ArtefactError(
        `${source}: format ${JSON.stringify(json.format)}, this reader reads ${FORMAT_VERSIONS.join(" and ")}`,
      );
    }
    this.raw = json;
    this._index = new Map(this.letters.map((letter, i) => [letter, i]));
  }

  /** The letter's position in `letters`, or -1 if it is not a letter of this alphabet. */
  indexOf(letter) {
    return this._index.get(letter) ?? -1;
  }

  /** The game word for `word` as typed: the same steps as Python's Lexicon.normalize. */
  normalize(word, name = "word") {
    requireString(word, name);
    if (isSpace(word.charCodeAt(0)) || isSpace(word.charCodeAt(word.length - 1))) {
      word = word.replace(OUTER_SPACE, "");
    }
    for (const char of this.remove) if (word.includes(char)) word = word.replaceAll(char, "");
    return this.lowercase ? word.toLowerCase() : word; // ẞ -> ß; "SS" stays "ss"
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
   * throws a RangeError naming it. Runs of "*" become one.
   * @returns {string[]}
   */
  pattern(text, what) {
    const normalized = this.normalize(text, what);
    const tokens = [];
    const bad = new Set();
    for (const char of normalized) {
      if (char === "*" && tokens[tokens.length - 1] === "*") continue;
      if (!this._index.has(char) && !WILDCARDS.includes(char)) bad.add(char);
      tokens.push(char);
    }
    if (bad.size > 0) {
      const listed = [...bad].sort(byCodePoint).map((c) => JSON.stringify(c)).join(", ");
      const alphabet = this.languageName ? `the ${this.languageName} alphabet` : "the alphabet";
      throw new RangeError(
        `${what} ${JSON.stringify(text)}: ${listed} not in ${alphabet} of this word list (${this.letters.join("")})`,
      );
    }
    return tokens;
  }
}

/** Is this UTF-16 code unit one Python's str.strip() removes? (NaN, past the end: no) */
function isSpace(unit) {
  if (unit <= 0x20) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d) || unit >= 0x1c;
  if (unit < 0x85) return false;
  return SPACE_UNITS.has(unit) || (unit >= 0x2000 && unit <= 0x200a);
}
const SPACE_UNITS = new Set([0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]);

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
