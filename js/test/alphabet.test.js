// alphabet.json's rules in the JavaScript reader. The files the Python library refuses
// (tests/js_alphabet_vectors.py writes them, with the key at fault) are refused here on one line
// naming the file and the key; and on alphabets made up here by a seeded generator, a table whose
// values hold a character of a key is refused naming the first such key, while on the others
// normalization is bounded (each character becomes at most 8 letters), leaves no key behind and
// changes nothing in a word it made. That the answers are Python's, on generated alphabets too, is
// conformance.test.js's part.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { ArtefactError, Lexicon } from "../src/index.js";
import { VECTORS_DIR, listFiles, loadVectors } from "./helpers.js";

const MAX_SPELLING = 8;
const MAX_TEXT_LENGTH = 1020;
const english = loadVectors().find((v) => v.language === "en" && v.profile === "balda");
const { dawg: DAWG } = listFiles(english.list);

/** A small seeded generator (mulberry32): the same cases on every run. */
function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (low, high) => low + Math.floor(next() * (high - low + 1));
  const pick = (items) => items[int(0, items.length - 1)];
  const text = (items, low, high) => Array.from({ length: int(low, high) }, () => pick(items)).join("");
  return { next, int, pick, text };
}

/** The first key (in order) whose value holds a character of some key, or null: what a reader names. */
function culprit(replace) {
  const inKeys = new Set(Object.keys(replace).flatMap((key) => Array.from(key)));
  return Object.entries(replace).find(([, value]) => Array.from(value).some((c) => inKeys.has(c)))?.[0] ?? null;
}

/** The text normalization hands to `replace` (docs/FORMAT.md): composed, removals, lower case, composed. */
function beforeReplace(text, { remove, lowercase }) {
  let word = text.normalize("NFC");
  for (const char of remove) word = word.split(char).join("");
  if (lowercase) word = word.toLowerCase();
  return word.normalize("NFC");
}

const LETTERS = Array.from("abcdefghijklmnopqrstuvwxyzäöüßéçñøσςάǰ$&");
const OTHERS = Array.from("ẞĳﬁ·'.-\u0308\u0301");

function madeUpAlphabet(rng) {
  const lowercase = rng.next() < 0.8;
  const letters = [...new Set(rng.text(LETTERS, 6, 16))];
  if (!lowercase) letters.push("Ä", "Σ");
  const remove = rng.pick(["", "-", "-·", "'"]);
  const pool = [...letters, ...OTHERS.filter((c) => !remove.includes(c))];
  const keys = [...new Set(Array.from({ length: rng.int(1, 5) }, () => rng.text(pool, 1, 3)))];
  const inKeys = new Set(keys.flatMap((key) => Array.from(key)));
  const spellable = letters.filter((c) => !inKeys.has(c));
  const replace = {};
  for (const key of keys) {
    // about a quarter of the tables get a value that may hold a character of a key (refused)
    const spoil = rng.next() < 0.1;
    replace[key] = rng.text(spoil || spellable.length === 0 ? letters : spellable, 1, 3);
  }
  return {
    format: 2, language: "xx", language_name: "Made up", letters: letters.join(""), upper: {},
    remove, lowercase, replace,
  }; // prettier-ignore
}

test("every alphabet.json Python refuses is refused, on one line naming the file and the key", () => {
  const refused = JSON.parse(readFileSync(join(VECTORS_DIR, "alphabets", "refused.json"), "utf-8"));
  assert.ok(refused.length > 20);
  for (const { alphabet, key, python } of refused) {
    assert.throws(
      () => Lexicon.fromBytes(DAWG, alphabet),
      (error) => {
        assert.ok(error instanceof ArtefactError, `${python}: got ${error}`);
        assert.match(error.message, /^alphabet\.json: "(replace|remove)"/, python);
        assert.ok(!error.message.includes("\n"), error.message);
        if (key !== null) assert.ok(error.message.includes(JSON.stringify(key)), `${error.message} (Python: ${python})`);
        return true;
      },
    );
  }
});

test("made-up alphabets: a value with a key's character is refused; otherwise normalization is bounded and settles", () => {
  const rng = random(23);
  let accepted = 0;
  let refusedCount = 0;
  for (let n = 0; n < 400; n++) {
    const alphabet = madeUpAlphabet(rng);
    const bad = culprit(alphabet.replace);
    if (bad !== null) {
      assert.throws(
        () => Lexicon.fromBytes(DAWG, alphabet),
        (error) => error instanceof ArtefactError && error.message.startsWith(`alphabet.json: "replace".${JSON.stringify(bad)} gives`),
        JSON.stringify(alphabet.replace),
      );
      refusedCount++;
      continue;
    }
    const lexicon = Lexicon.fromBytes(DAWG, alphabet);
    accepted++;
    const keys = Object.keys(alphabet.replace);
    const pieces = [...LETTERS, ...OTHERS, ...keys, ...keys.map((k) => k.toUpperCase()), "A", "J\u030c", "a-\u0308"];
    for (let k = 0; k < 60; k++) {
      const text = rng.text(pieces, 0, 12);
      const word = lexicon.normalize(text);
      const before = beforeReplace(text, alphabet);
      assert.ok(Array.from(word).length <= MAX_SPELLING * Array.from(before).length, `${JSON.stringify(text)} -> ${JSON.stringify(word)}`);
      for (const key of keys) assert.ok(!word.includes(key), `${JSON.stringify(text)} -> ${JSON.stringify(word)} holds ${JSON.stringify(key)}`);
      if (Array.from(word).every((c) => alphabet.letters.includes(c))) {
        assert.equal(lexicon.normalize(word), word, `${JSON.stringify(text)} -> ${JSON.stringify(word)}`);
        assert.equal(lexicon.isWord(text), lexicon.isWord(word));
      }
    }
    // text past the bound is never normalized: not a word, and an error as a pattern or rack
    const long = alphabet.letters[0].repeat(MAX_TEXT_LENGTH + 1);
    assert.equal(lexicon.isWord(long), false);
    assert.equal(lexicon.hasPrefix(long), false);
    assert.deepEqual(lexicon.complete(long), []);
    assert.throws(() => lexicon.match(long), RangeError);
    assert.throws(() => lexicon.anagrams(long), RangeError);
  }
  assert.ok(accepted > 100 && refusedCount > 30, `${accepted} accepted, ${refusedCount} refused`);
});
