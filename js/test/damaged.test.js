// Damaged words.dawg files, re-signed in their manifests (written by tests/test_js_reader.py, the
// same as tests/test_format_damaged.py reads in Python): every read of the JavaScript reader ends,
// with an answer or an ArtefactError naming the file, never a hang or another error.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { test } from "node:test";

import { ArtefactError, Lexicon } from "../src/index.js";
import { VECTORS_DIR } from "./helpers.js";

const LIST = join(VECTORS_DIR, "damaged.txt");
const folders = existsSync(LIST) ? readFileSync(LIST, "utf-8").split("\n").filter(Boolean) : [];

/** The case a folder belongs to: <case>/<lang>/<profile>. */
const caseOf = (folder) => basename(dirname(dirname(folder)));

/** Every read path of `lexicon`, each a function; `words` are the list's words before the damage. */
function reads(lexicon, words) {
  const calls = {
    size: () => lexicon.size,
    words: () => lexicon.words(),
    iterate: () => [...lexicon],
    wordsNoun: () => lexicon.words({ pos: "noun" }),
    words5: () => lexicon.words({ length: 5 }),
    hasPrefixEmpty: () => lexicon.hasPrefix(""),
    completeEmpty: () => lexicon.complete("", { limit: 7 }),
    matchStar: () => lexicon.match("*"),
    matchSome: () => lexicon.match("?a*"),
    matchSix: () => lexicon.match("??????", { pos: "noun" }),
    anagramsBlanks: () => lexicon.anagrams("???????"),
    anagramsAll: () => lexicon.anagrams("?".repeat(12), { useAll: true }),
  };
  for (const word of words) {
    Object.assign(calls, {
      [`isWord ${word}`]: () => [lexicon.isWord(word), lexicon.isWord(word.toUpperCase()), lexicon.isWord(word, { pos: "noun" })],
      [`partsOfSpeech ${word}`]: () => lexicon.partsOfSpeech(word),
      [`prefix ${word}`]: () => [lexicon.hasPrefix(word.slice(0, 2)), lexicon.words({ prefix: word.slice(0, 2) })],
      [`complete ${word}`]: () => lexicon.complete(word.slice(0, 1), { limit: 3 }),
      [`match ${word}`]: () => lexicon.match(`${word[0]}*`),
      [`anagrams ${word}`]: () => lexicon.anagrams(word),
      [`walk ${word}`]: () => {
        let node = lexicon.root;
        for (const letter of word) {
          lexicon.children(node);
          node = lexicon.follow(node, letter);
          if (node === null) return null;
        }
        return lexicon.value(node);
      },
    });
  }
  return calls;
}

/** Each read's answer, or {error} for an ArtefactError; any other error fails the test. */
function answers(lexicon, words) {
  const found = {};
  for (const [name, call] of Object.entries(reads(lexicon, words))) {
    try {
      found[name] = call();
    } catch (error) {
      if (!(error instanceof ArtefactError)) throw new Error(`${name}: ${error.stack}`);
      assert.match(error.message, /words\.dawg: corrupt DAWG: /, name);
      found[name] = { error: error.message.split("corrupt DAWG: ")[1] };
    }
  }
  return found;
}

// What each crafted damage must give (tests/list_helpers.py crafted_dawgs; the manifest says 10 words).
const CRAFTED = {
  cycle: (a) => assert.deepEqual(a.words, { error: "the graph has a cycle" }),
  "doubling-keys": (a) => assert.deepEqual(a.size, { error: "it holds more words than the manifest says (10)" }),
  "doubling-dead": (a) => {
    assert.deepEqual([a.words, a.matchStar, a.anagramsAll], [[], [], []]);
    assert.equal(a.hasPrefixEmpty, true);
  },
  "guide-loop": (a) => assert.deepEqual(a.words, { error: "the completion guide of unit 0 is inconsistent" }),
  "not-utf8": (a) => assert.deepEqual(a.words, { error: "a key is not UTF-8" }),
  "leaf-outside": (a) => assert.deepEqual([a.words, a["isWord apple"]], [[], [false, false, false]]),
  "empty-key": (a) => assert.deepEqual([a.words, a.matchStar, a.anagramsBlanks], [["a"], ["a"], []]),
};

test("the damaged lists are there (tests/test_js_reader.py writes them)", { skip: folders.length === 0 }, () => {
  assert.ok(folders.length >= 40);
  for (const name of Object.keys(CRAFTED)) assert.ok(folders.some((f) => caseOf(f) === name), name);
});

let refused = 0;
let answered = 0;
for (const folder of folders) {
  test(`${caseOf(folder)}: every read ends with an answer or an ArtefactError`, { timeout: 60_000 }, async () => {
    let lexicon;
    try {
      lexicon = await Lexicon.load(folder);
    } catch (error) {
      if (!(error instanceof ArtefactError)) throw error;
      refused++;
      return;
    }
    const words = readFileSync(join(folder, "words.txt"), "utf-8").split("\n").filter(Boolean).slice(0, 25);
    const found = answers(lexicon, words);
    if (Object.values(found).some((a) => a?.error !== undefined)) refused++;
    else answered++;
    CRAFTED[caseOf(folder)]?.(found);
  });
}

test("the damage is real: some lists are found damaged, some still answer", { skip: folders.length === 0 }, () => {
  assert.ok(refused >= 10 && answered >= 3, `${refused} found damaged, ${answered} answering`);
});
