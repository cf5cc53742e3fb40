// The JavaScript reader gives the Python library's answers: every case of the vectors written by
// tests/js_vectors.py from built word lists (English balda and wordgame, German balda, a larger
// generated German list).

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";

import { FORMAT_VERSION, Lexicon, POS } from "../src/index.js";
import { listFiles, loadVectors } from "./helpers.js";

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

    test("fromBytes (the browser's way in) gives the same answers", () => {
      const { dawg, alphabet } = listFiles(vectors.list);
      const some = vectors.cases.filter((_, i) => i % 5 === 0); // the same code as above: a fifth will do
      assertAgrees(Lexicon.fromBytes(dawg, alphabet), some);
      const buffer = dawg.buffer.slice(dawg.byteOffset, dawg.byteOffset + dawg.byteLength);
      assertAgrees(Lexicon.fromBytes(buffer, alphabet), some.slice(0, 500));
    });
  });
}
