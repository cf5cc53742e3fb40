// leaves.json: what the tiles a Wordgame player keeps are worth (docs/FORMAT.md, "leaves.json"),
// checked as Python's wordlist/format/leaves.py checks it, with the same messages, so that the bots
// in the browser value moves with the server's numbers. The values are used by the WebAssembly
// core (core.js: the leave's formula is core/src/wordgame_equity.c's wl_leave).

import { ArtefactError } from "./errors.js";
import { FORMAT_VERSION } from "./format.js";
import { LEAVE_UNIT, MAX_LEAVE_WEIGHT } from "./limits.js";

const BLANK = "?";

/**
 * `json` (a parsed leaves.json) as {values, duplicates, vowels, balance, learned} if it is valid for
 * a list of `letters`, else an ArtefactError "`source`: what is wrong" (Python's words).
 * @param {unknown} json
 * @param {string[]} letters the alphabet's letters
 * @param {string} source the file's name in the message
 */
export function checkLeaves(json, letters, source = "leaves.json") {
  const bad = (what) => new ArtefactError(`${source}: ${what}`);
  const alphabet = letters.join("");
  if (!isObject(json)) throw bad(`the leave values must be a JSON object, not ${shown(json)}`);
  const field = (key, kind, fallback) => {
    if (!Object.hasOwn(json, key)) {
      if (fallback !== undefined) return fallback;
      throw bad(`missing key ${repr(key)}`);
    }
    return expect(json[key], kind, key, bad);
  };
  const version = field("format", "int", 1);
  if (version > FORMAT_VERSION) {
    throw bad(`format ${version} is newer than this library reads (format ${FORMAT_VERSION}): upgrade wiktionary-wordlist`);
  }
  if (version < FORMAT_VERSION) {
    throw bad(`format ${version} is older than this library reads (format ${FORMAT_VERSION}): rebuild the word list with \`wordlist build\``);
  }
  const unit = field("unit", "int");
  if (unit !== LEAVE_UNIT) throw bad(`'unit' must be ${LEAVE_UNIT} (hundredths of a point), not ${unit}`);
  const weights = (key) => {
    const table = field(key, "object");
    for (const [tile, weight] of Object.entries(table)) {
      if (tile !== BLANK && (len(tile) !== 1 || !letters.includes(tile))) {
        throw bad(`${repr(key)}: ${repr(tile)} is not a tile (a letter of ${repr(alphabet)} or ${repr(BLANK)})`);
      }
      checkWeight(weight, `${key}.${tile}`, bad);
    }
    return new Map(Object.entries(table));
  };
  const values = weights("values");
  const duplicates = weights("duplicates");
  const vowels = field("vowels", "str");
  const distinct = [...vowels];
  if (distinct.some((v) => !letters.includes(v)) || new Set(distinct).size !== distinct.length) {
    throw bad(`'vowels' must be distinct letters of ${repr(alphabet)}, not ${repr(vowels)}`);
  }
  const balance = checkWeight(field("balance", "int"), "balance", bad);
  const learned = field("learned", "object", {});
  return { values, duplicates, vowels, balance, learned };
}

function checkWeight(value, where, bad) {
  expect(value, "int", where, bad);
  if (value < -MAX_LEAVE_WEIGHT || value > MAX_LEAVE_WEIGHT) {
    const grouped = (n) => n.toLocaleString("en-US");
    throw bad(`${repr(where)} must be between ${grouped(-MAX_LEAVE_WEIGHT)} and ${grouped(MAX_LEAVE_WEIGHT)}, not ${grouped(value)}`);
  }
  return value;
}

const KINDS = { str: "a string", int: "a whole number", object: "an object" };

function expect(value, kind, name, bad) {
  const ok = kind === "str" ? typeof value === "string" : kind === "int" ? Number.isSafeInteger(value) : isObject(value);
  if (!ok) throw bad(`${repr(name)} must be ${KINDS[kind]}, not ${shown(value)}`);
  return value;
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Letters of a string as Python counts them (code points). */
function len(text) {
  return [...text].length;
}

/** Python's repr of a str (printable text: quotes and backslashes escaped as Python does). */
function repr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = "";
  for (const c of text) {
    if (c === "\\" || c === quote) out += `\\${c}`;
    else if (c === "\n") out += "\\n";
    else if (c === "\t") out += "\\t";
    else if (c === "\r") out += "\\r";
    else if (c.codePointAt(0) < 0x20 || c.codePointAt(0) === 0x7f) out += `\\x${c.codePointAt(0).toString(16).padStart(2, "0")}`;
    else out += c;
  }
  return quote + out + quote;
}

/** A value in a message as Python's reader shows it: json.dumps (ASCII only), at most 40 characters. */
function shown(value) {
  const text = pyJson(value);
  return text.length <= 40 ? text : `${text.slice(0, 37)}...`;
}

function pyJson(value) {
  if (Array.isArray(value)) return `[${value.map(pyJson).join(", ")}]`;
  if (isObject(value)) return `{${Object.entries(value).map(([k, v]) => `${pyJson(k)}: ${pyJson(v)}`).join(", ")}}`;
  if (typeof value === "string") {
    return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  }
  return JSON.stringify(value);
}
