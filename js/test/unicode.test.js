// The Unicode of the format is Python 3.11's, Unicode 14.0.0 (docs/FORMAT.md), though Node's own is
// newer: on the text where Node's own lower-casing, capitals or composing are not Python's (found
// when tests/js_unicode_vectors.py writes the vectors), and around it, the reader normalizes, shows
// in capitals and takes or refuses letters as the Python library does.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { ArtefactError, Lexicon } from "../src/index.js";
import { UNICODE_VERSION } from "../src/unicode.js";
import { VECTORS_DIR, listFiles, loadVectors } from "./helpers.js";

const vectors = JSON.parse(readFileSync(join(VECTORS_DIR, "alphabets", "unicode.json"), "utf-8"));
const english = loadVectors().find((v) => v.language === "en" && v.profile === "balda");
const { dawg: DAWG } = listFiles(english.list);
const code = (text) => Array.from(text, (c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`).join(" ");

test("the tables are Python's, and this Node's Unicode is newer (else there would be nothing to test)", () => {
  assert.equal(UNICODE_VERSION, vectors.unicode_version);
  assert.equal(UNICODE_VERSION, vectors.format_unicode_version);
  assert.ok(vectors.inputs.length >= 50, `${vectors.inputs.length} inputs`);
  for (const letter of ["\u019b", "\u0264", "\ua7dc", "\u1c89"]) assert.ok(vectors.inputs.includes(letter), code(letter));
});

test("normalize gives Python's text, lower-casing or not", () => {
  const lowering = Lexicon.fromBytes(DAWG, vectors.alphabets.lowering);
  const keeping = Lexicon.fromBytes(DAWG, vectors.alphabets.keeping);
  const wrong = [];
  for (const { text, lowering: lowered, keeping: kept } of vectors.normalize) {
    if (lowering.normalize(text) !== lowered) wrong.push(`lower-casing ${code(text)}: ${code(lowering.normalize(text))}, Python ${code(lowered)}`);
    if (keeping.normalize(text) !== kept) wrong.push(`case-sensitive ${code(text)}: ${code(keeping.normalize(text))}, Python ${code(kept)}`);
  }
  assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} of ${2 * vectors.normalize.length} differ`);
});

test("display gives Python's capitals", () => {
  const lowering = Lexicon.fromBytes(DAWG, vectors.alphabets.lowering);
  const wrong = vectors.display.filter(({ text, expect }) => lowering.display(text) !== expect).map(({ text }) => code(text));
  assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} of ${vectors.display.length} differ`);
});

test("a letter Unicode 14 does not assign is no letter; one it does is", () => {
  assert.ok(vectors.letters.some((l) => l.error !== null) && vectors.letters.some((l) => l.error === null));
  for (const { letter, error } of vectors.letters) {
    const alphabet = { ...vectors.alphabets.keeping, letters: letter, upper: {} };
    let message = null;
    try {
      Lexicon.fromBytes(DAWG, alphabet);
    } catch (thrown) {
      if (!(thrown instanceof ArtefactError)) throw thrown;
      message = thrown.message;
    }
    assert.equal(message === null, error === null, `${code(letter)}: ${message ?? "taken"} (Python: ${error ?? "taken"})`);
  }
});
