// Text as the format's Unicode version sees it (docs/FORMAT.md): Python 3.11's, Unicode 14.0.0.
// JavaScript's own is newer (Node 20: Unicode 17), and a newer version assigns code points that
// Python's tables do not know: lower-cases or composes them, gives old letters new capitals. So
// this reader takes the code points Unicode 14 assigns and Python's capitals from the generated
// unicode.js, and applies its lower-casing and composing to the text between code points Unicode
// 14 does not assign, leaving those as they are, as Python does.

import { ASSIGNED, CAPITALS } from "./unicode.js";

const FIRST_UNASSIGNED = 0x378; // every code point below is assigned
const BEYOND_FIRST = /[^\u0000-\u0377]/; // text that may hold an unassigned code point
// Python's str.isprintable() refuses control, format, unassigned, private-use and surrogate code
// points and every separator but the ASCII space (unassigned: see isAssigned)
const HIDDEN = /[\p{C}\p{Z}]/u;

/** Does the format's Unicode version assign code point `code` (any category but Cn)? */
export function isAssigned(code) {
  if (code < FIRST_UNASSIGNED) return true;
  let low = 0;
  let high = ASSIGNED.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (code < ASSIGNED[2 * middle]) high = middle - 1;
    else if (code > ASSIGNED[2 * middle + 1]) low = middle + 1;
    else return true;
  }
  return false;
}

/** Is `text` printable as Python's str.isprintable() says (in Unicode 14)? */
export function isPrintable(text) {
  for (const char of text) {
    if ((char !== " " && HIDDEN.test(char)) || !isAssigned(char.codePointAt(0))) return false;
  }
  return true;
}

/**
 * `change(text)` (lower-casing, composing) as Python's tables apply it: each run of text between
 * code points Unicode 14 does not assign is changed on its own, those code points left as they are
 * (to Python they are no letters: nothing composes with them, they are not cased).
 * @param {string} text
 * @param {(text: string) => string} change
 */
export function asUnicode14(text, change) {
  if (!BEYOND_FIRST.test(text)) return change(text);
  let changed = "";
  let start = 0;
  let at = 0;
  for (const char of text) {
    if (!isAssigned(char.codePointAt(0))) {
      changed += change(text.slice(start, at)) + char;
      start = at + char.length;
    }
    at += char.length;
  }
  return start === 0 ? change(text) : changed + change(text.slice(start));
}

/** A character's capitals as Python's str.upper() gives them (Unicode 14): itself if it has none. */
export function capitalsOf(char) {
  return CAPITALS.get(char.codePointAt(0)) ?? char;
}
