// Parts of speech and their bits in a word's value: bit i of the mask is POS[i]. The order is part
// of the artefact format (wordlist/format/ owns it, docs/FORMAT.md lists it; the conformance tests
// compare them).

/** @type {readonly string[]} */
export const POS = Object.freeze([
  "noun", "verb", "adjective", "adverb", "proper_noun", "pronoun", "preposition", "postposition",
  "conjunction", "interjection", "determiner", "article", "numeral", "particle", "prefix", "suffix",
  "affix", "phrase", "proverb", "symbol", "letter", "character", "contraction", "abbreviation",
  "classifier", "romanization", "other",
]);

const BITS = new Map(POS.map((name, i) => [name, 2 ** i]));
const ALL = 2 ** POS.length - 1;
// Python's str.split() separators, so that "noun\u2003verb" splits the same way in both readers.
const SEPARATORS = /[,\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

/**
 * The bit mask of parts of speech: `undefined`/`null` means all; a string of names separated by
 * spaces or commas, or an iterable of names. An unknown name throws a RangeError.
 * @param {string | Iterable<string> | null | undefined} pos
 * @returns {number}
 */
export function posMask(pos) {
  if (pos === undefined || pos === null) return ALL;
  let names;
  if (typeof pos === "string") {
    names = pos.split(SEPARATORS).filter(Boolean);
  } else if (typeof pos === "object" && typeof pos[Symbol.iterator] === "function") {
    names = pos;
  } else {
    throw new TypeError(`pos: expected a string or a list of part-of-speech names, got ${typeof pos}`);
  }
  let mask = 0;
  for (const name of names) {
    if (typeof name !== "string") {
      throw new TypeError(`pos: expected part-of-speech names (strings), got ${typeof name}`);
    }
    const bit = BITS.get(name);
    if (bit === undefined) {
      throw new RangeError(`unknown part of speech ${JSON.stringify(name)} (known: ${POS.join(", ")})`);
    }
    mask |= bit;
  }
  return mask;
}

/**
 * The names of the parts of speech in `mask`, in bit order; a bit this version does not name (a
 * newer list's) is shown as unknown: bit 27 is "unknown:27" (docs/FORMAT.md).
 * @param {number} mask
 * @returns {string[]}
 */
export function posNames(mask) {
  const names = POS.filter((_, i) => mask & (2 ** i));
  for (let bit = POS.length; bit < 31; bit++) if (mask & (2 ** bit)) names.push(`unknown:${bit}`);
  return names;
}
