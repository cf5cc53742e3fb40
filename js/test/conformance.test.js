// The JavaScript reader gives the Python library's answers: every case of the vectors written by
// tests/js_vectors.py from built word lists (English balda and wordgame, German balda, a larger
// generated German list).

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";

import { ArtefactError, FORMAT_VERSION, Lexicon, POS } from "../src/index.js";
import { listFiles, loadVectors } from "./helpers.js";

const temp = mkdtempSync(join(tmpdir(), "wordlist-conformance-"));
after(() => rmSync(temp, { recursive: true, force: true }));
let copies = 0;

/** A copy of the list in `folder`, whose files the test may change. */
function copyOf(folder) {
  const copy = join(temp, String(copies++));
  cpSync(folder, copy, { recursive: true });
  return copy;
}

/** The verdict on a file as Python gives it: null (read) or the message after the file's name. */
async function verdict(read) {
  try {
    await read();
    return null;
  } catch (error) {
    if (!(error instanceof ArtefactError)) throw error;
    return error.message;
  }
}

const MAX_REPORTED = 15;

function call(lexicon, { call, args }) {
  if (call === "size") return lexicon.size;
  return lexicon[call](...args);
}

function digest(words) {
  const sha256 = createHash("sha256").update(words.join("\n")).digest("hex");
  return { count: words.length, sha256, first: words.slice(0, 5) };
}

/** The cases whose answer differs from Python's, described (all are run, the first few shown). */
function mismatches(lexicon, cases) {
  const wrong = [];
  for (const c of cases) {
    let actual;
    let thrown = null;
    try {
      actual = call(lexicon, c);
    } catch (error) {
      thrown = error;
    }
    let problem = null;
    if ("error" in c) {
      if (!(thrown instanceof RangeError)) problem = `expected a RangeError (Python: ${c.error}), got ${thrown ?? JSON.stringify(actual)}`;
    } else if (thrown !== null) {
      problem = `threw ${thrown}`;
    } else if ("digest" in c) {
      if (!Array.isArray(actual)) problem = `expected a list, got ${JSON.stringify(actual)}`;
      else if (JSON.stringify(digest(actual)) !== JSON.stringify(c.digest)) {
        problem = `expected ${JSON.stringify(c.digest)}, got ${JSON.stringify(digest(actual))}`;
      }
    } else if (JSON.stringify(actual) !== JSON.stringify(c.expect)) {
      problem = `expected ${JSON.stringify(c.expect)}, got ${JSON.stringify(actual)}`;
    }
    if (problem !== null) wrong.push(`${c.call}(${JSON.stringify(c.args).slice(1, -1)}): ${problem}`);
  }
  return wrong;
}

function assertAgrees(lexicon, cases) {
  assert.ok(cases.length > 0, "no cases");
  const wrong = mismatches(lexicon, cases);
  assert.deepEqual(wrong.slice(0, MAX_REPORTED), [], `${wrong.length} of ${cases.length} cases differ from Python`);
}

for (const vectors of loadVectors()) {
  describe(`${vectors.name} (${vectors.language}/${vectors.profile})`, () => {
    let lexicon;
    test("loads from its folder with the manifest checked", async () => {
      lexicon = await Lexicon.load(vectors.list);
      assert.equal(lexicon.letters, vectors.letters);
      assert.equal(lexicon.language, vectors.language);
    });

    test("the part-of-speech bits and the format version are Python's", () => {
      assert.deepEqual([...POS], vectors.pos);
      assert.equal(FORMAT_VERSION, vectors.format_version);
    });

    test("the licence and attribution are the manifest's, as Python reads them (null without one)", () => {
      assert.deepEqual(lexicon.license, vectors.license);
      assert.equal(lexicon.attribution, vectors.license?.attribution ?? null);
      const { dawg, alphabet } = listFiles(vectors.list);
      assert.equal(Lexicon.fromBytes(dawg, alphabet).license, null); // no manifest: no licence known
    });

    test("game.json reads as Python reads it (null for a list without a game)", () => {
      assert.deepEqual(lexicon.game, vectors.game);
      const { dawg, alphabet, game } = listFiles(vectors.list);
      assert.deepEqual(Lexicon.fromBytes(dawg, alphabet, game).game, vectors.game);
    });

    const byCall = Map.groupBy
      ? Map.groupBy(vectors.cases, (c) => c.call)
      : vectors.cases.reduce((m, c) => m.set(c.call, [...(m.get(c.call) ?? []), c]), new Map());
    for (const [name, cases] of byCall) {
      // The timeout only guards against a hang (pathological patterns): the cases take milliseconds.
      test(`${name}: ${cases.length} cases agree with Python`, { timeout: 120_000 }, () => {
        assertAgrees(lexicon, cases);
      });
    }

    test("the graph walk gives Python's nodes, values and children", () => {
      for (const { word, steps } of vectors.graph) {
        let node = lexicon.root;
        for (const [i, step] of steps.entries()) {
          if (i > 0) node = lexicon.follow(node, [...word][i - 1]);
          assert.equal(node, step.node, `${word}: node after ${i} letters`);
          assert.equal(lexicon.value(node), step.value, `${word}: value after ${i} letters`);
          assert.deepEqual(lexicon.children(node).map((edge) => [...edge]), step.children, `${word}: children`);
        }
        const reached = steps.length === [...word].length + 1;
        assert.equal(lexicon.graph.find(word) !== null, reached, `${word}: find`);
      }
    });

    test("alphabet.json, game.json and manifest.json variants are read or refused as Python does", async () => {
      const { dawg, alphabet, game } = listFiles(vectors.list);
      assert.ok(vectors.documents.length >= 9);
      for (const document of vectors.documents) {
        const what = `${document.file}, ${document.change}`;
        let read;
        if (document.file === "alphabet.json") read = () => Lexicon.fromBytes(dawg, document.json, game);
        else if (document.file === "game.json") read = () => Lexicon.fromBytes(dawg, alphabet, document.json);
        else {
          const folder = copyOf(vectors.list);
          writeFileSync(join(folder, "manifest.json"), JSON.stringify(document.json));
          read = () => Lexicon.load(folder);
        }
        const message = await verdict(read);
        if (document.error === null) {
          assert.equal(message, null, what);
          if ("language_name" in document) assert.equal((await read()).languageName, document.language_name, what);
          if ("attribution" in document) assert.equal((await read()).attribution, document.attribution, what);
        } else {
          assert.notEqual(message, null, `${what}: Python refuses it (${document.error})`);
          if (document.error.startsWith("format ")) {
            // the versions' messages are the document's, "this reader" for "this library"
            assert.ok(message.endsWith(`${document.file}: ${document.error.replace("this library", "this reader")}`), message);
          }
        }
      }
    });

    test("Lexicon.load checks the checksums of the files Python checks when it loads the list", async () => {
      const manifest = JSON.parse(readFileSync(join(vectors.list, "manifest.json"), "utf-8"));
      for (const name of Object.keys(manifest.files)) {
        const folder = copyOf(vectors.list);
        const bytes = readFileSync(join(folder, name));
        if (bytes.length === 0) continue; // (an empty words.txt has no byte to change)
        bytes[bytes.length - 1] ^= 1;
        writeFileSync(join(folder, name), bytes);
        const message = await verdict(() => Lexicon.load(folder));
        const checked = message !== null && message.endsWith(`${name}: checksum does not match the manifest (corrupt or replaced)`);
        assert.equal(checked, vectors.checked_at_load.includes(name), `${name}: ${message}`);
      }
    });

    test("fromBytes (the browser's way in) gives the same answers", () => {
      const { dawg, alphabet } = listFiles(vectors.list);
      const some = vectors.cases.filter((_, i) => i % 5 === 0); // the same code as above: a fifth will do
      assertAgrees(Lexicon.fromBytes(dawg, alphabet), some);
      const buffer = dawg.buffer.slice(dawg.byteOffset, dawg.byteOffset + dawg.byteLength);
      assertAgrees(Lexicon.fromBytes(buffer, alphabet), some.slice(0, 500));
    });
  });
}
