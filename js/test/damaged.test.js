// Damaged words.dawg files, re-signed in their manifests (written by tests/test_js_reader.py, the
// same as tests/test_format_damaged.py reads in Python): every read of the JavaScript reader ends,
// with an answer or an ArtefactError naming the file, never a hang or another error; and each call
// ends as Python's does (tests/damage_probe.py, its answers in damaged/answers.json): both readers
// check the whole graph once, before the first listing or search, so both refuse the same calls
// with the same words, or give the same answer.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { test } from "node:test";

import { ArtefactError, Lexicon } from "../src/index.js";
import { VECTORS_DIR } from "./helpers.js";

const LIST = join(VECTORS_DIR, "damaged.txt");
const folders = existsSync(LIST) ? readFileSync(LIST, "utf-8").split("\n").filter(Boolean) : [];
const ANSWERS = join(VECTORS_DIR, "damaged", "answers.json");
const python = existsSync(ANSWERS) ? JSON.parse(readFileSync(ANSWERS, "utf-8")) : {};
// Calls only the Python library has (tests/damage_probe.py PYTHON_ONLY): not compared.
const PYTHON_ONLY = ["count ", "random ", "in ", "definitions "];

/** The case a folder belongs to: <case>/<lang>/<profile>. */
const caseOf = (folder) => basename(dirname(dirname(folder)));

/** Every read path of `lexicon`, each a function, named as tests/damage_probe.py names Python's. */
function reads(lexicon, words) {
  const calls = {
    iter: () => [...lexicon],
    words: () => lexicon.words(),
    "words noun": () => lexicon.words({ pos: "noun" }),
    "words 5": () => lexicon.words({ length: 5 }),
    "words limit 3": () => lexicon.words({ limit: 3 }),
    "has_prefix ''": () => lexicon.hasPrefix(""),
    "match *": () => lexicon.match("*"),
    "match ?a*": () => lexicon.match("?a*"),
    "match ?????? noun": () => lexicon.match("??????", { pos: "noun" }),
    "anagrams ???????": () => lexicon.anagrams("???????"),
    "anagrams ?x12 all": () => lexicon.anagrams("?".repeat(12), { useAll: true }),
    "anagrams ?x40": () => lexicon.anagrams("?".repeat(40)),
    "complete '' 7": () => lexicon.complete("", { limit: 7 }),
  };
  for (const word of words) {
    Object.assign(calls, {
      [`is_word ${word}`]: () => lexicon.isWord(word),
      [`is_word upper ${word}`]: () => lexicon.isWord(word.toUpperCase()),
      [`is_word noun ${word}`]: () => lexicon.isWord(word, { pos: "noun" }),
      [`parts_of_speech ${word}`]: () => lexicon.partsOfSpeech(word),
      [`has_prefix ${word}`]: () => lexicon.hasPrefix(word.slice(0, 2)),
      [`words prefix ${word}`]: () => lexicon.words({ prefix: word.slice(0, 2) }),
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

/** Each read's answer, or {error} for an ArtefactError (what is wrong, after "corrupt DAWG: "). */
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

/** Python's answers for `folder`, its errors cut as ours are, without the calls JavaScript lacks. */
function pythonAnswers(folder) {
  const given = python[folder];
  if (given === undefined) return undefined;
  const shown = {};
  for (const [name, value] of Object.entries(given)) {
    if (PYTHON_ONLY.some((prefix) => name.startsWith(prefix))) continue;
    const error = value?.error;
    shown[name] = typeof error === "string" ? { error: error.split("corrupt DAWG: ").at(-1) } : value;
  }
  return shown;
}

// What each crafted damage must give (tests/list_helpers.py crafted_dawgs; the manifest says 10 words).
const CYCLE = { error: "the graph has a cycle" };
const TOO_LONG = "a key is longer than the longest word (255 letters)";
const CRAFTED = {
  cycle: (a) => assert.deepEqual([a.words, a["words 5"], a["match *"], a["is_word apple"]], [CYCLE, CYCLE, CYCLE, false]),
  "doubling-keys": (a) => assert.deepEqual(a.iter, { error: "it holds more words than the manifest says (10)" }),
  "doubling-dead": (a) => {
    assert.deepEqual([a.words, a["match *"], a["anagrams ?x12 all"]], [[], [], []]);
    assert.equal(a["has_prefix ''"], true);
  },
  "guide-loop": (a) => assert.deepEqual(a.words, { error: "the completion guide of unit 0 is inconsistent" }),
  "not-utf8": (a) => assert.deepEqual([a.words, a["match *"]], [{ error: "a key is not UTF-8" }, []]),
  "leaf-outside": (a) => assert.deepEqual([a.words, a["is_word apple"]], [[], false]),
  "longest-word": (a) => assert.deepEqual([a.words, a["match *"]], [["a".repeat(255)], ["a".repeat(255)]]),
  "word-too-long": (a) => assert.deepEqual(a.words, { error: TOO_LONG }),
  "bytes-too-long": (a) => assert.deepEqual(a["match *"], { error: TOO_LONG }),
  "empty-key": (a) => assert.deepEqual([a.words, a["match *"], a["anagrams ???????"]], [["a"], ["a"], []]),
};

test("the damaged lists and Python's answers are there (tests/test_js_reader.py writes them)", { skip: folders.length === 0 }, () => {
  assert.ok(folders.length >= 40);
  for (const name of Object.keys(CRAFTED)) assert.ok(folders.some((f) => caseOf(f) === name), name);
  assert.deepEqual(Object.keys(python).sort(), [...folders].sort());
});

let refused = 0;
let answered = 0;
let compared = 0;
for (const folder of folders) {
  test(`${caseOf(folder)}: every read ends with Python's answer or Python's error`, { timeout: 60_000 }, async () => {
    let lexicon;
    try {
      lexicon = await Lexicon.load(folder);
    } catch (error) {
      if (!(error instanceof ArtefactError)) throw error;
      refused++;
      assert.ok(pythonAnswers(folder)?.load?.error, `Python loads it; we refuse it: ${error.message}`);
      return;
    }
    const words = readFileSync(join(folder, "words.txt"), "utf-8").split("\n").filter(Boolean).slice(0, 25);
    const found = answers(lexicon, words);
    if (Object.values(found).some((a) => a?.error !== undefined)) refused++;
    else answered++;
    const expected = pythonAnswers(folder);
    if (expected !== undefined) {
      const differ = Object.keys(expected).filter((name) => JSON.stringify(found[name]) !== JSON.stringify(expected[name]));
      const shown = differ.slice(0, 5).map((name) => `${name}: ${JSON.stringify(found[name])} (Python ${JSON.stringify(expected[name])})`);
      assert.deepEqual(shown, [], `${differ.length} of ${Object.keys(expected).length} calls end otherwise than in Python`);
      assert.deepEqual(Object.keys(found).sort(), Object.keys(expected).sort());
      compared += Object.keys(expected).length;
    }
    CRAFTED[caseOf(folder)]?.(found);
  });
}

test("the damage is real: some lists are found damaged, some still answer, every call compared", { skip: folders.length === 0 }, () => {
  assert.ok(refused >= 10 && answered >= 3, `${refused} found damaged, ${answered} answering`);
  assert.ok(compared >= 40 * 100, `${compared} calls compared with Python's`);
});
