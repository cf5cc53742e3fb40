// Python's random generator in JavaScript (src/random.js) draws what Python draws for a seed: the
// vectors tests/js_bot_vectors.py writes hold, for seeds from 0 to beyond 2^64, what Python's
// Random(seed) gave in turn (getrandbits, _randbelow, choice, sample by each of its two methods,
// random), and the same seed here must give the same, draw for draw. Bad seeds and arguments are refused.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";

import { MAX_SEED_BITS, PythonRandom } from "../src/random.js";
import { VECTORS_DIR } from "./helpers.js";

const FILE = join(VECTORS_DIR, "random", "python.json");

describe("Python's random generator, draw for draw", () => {
  test("every seed's draws are Python's", () => {
    if (!existsSync(FILE)) throw new Error(`no ${FILE}: run \`make test-js\` (or set WORDLIST_JS_VECTORS)`);
    const { cases } = JSON.parse(readFileSync(FILE, "utf-8"));
    const methods = new Set();
    let setMethod = 0;
    for (const { seed, draws } of cases) {
      const rng = new PythonRandom(BigInt(seed));
      for (const [method, args, expected] of draws) {
        let actual;
        if (method === "getrandbits" || method === "randbelow") actual = rng[method](args);
        else if (method === "choice") actual = rng.choice(args);
        else if (method === "sample") actual = rng.sample(...args);
        else actual = rng.random();
        assert.deepEqual(actual, expected, `seed ${seed}: ${method}(${JSON.stringify(args)?.slice(0, 60)})`);
        methods.add(method);
        if (method === "sample" && args[0].length > 85 && args[1] === 7) setMethod += 1;
      }
    }
    assert.deepEqual([...methods].sort(), ["choice", "getrandbits", "randbelow", "random", "sample"]);
    const seeds = cases.map((c) => BigInt(c.seed));
    assert.ok(seeds.includes(0n) && seeds.some((s) => s > 2n ** 64n) && seeds.some((s) => s < 0n), `${seeds}`);
    assert.ok(setMethod > 10, "sample's set method (a population beyond its setsize) was compared");
  });

  test("a seed as a Number draws as the same BigInt; a negative seed as its absolute value", () => {
    const draws = (seed) => {
      const rng = new PythonRandom(seed);
      return [rng.getrandbits(32), rng.randbelow(1000), rng.random()];
    };
    assert.deepEqual(draws(2 ** 40 + 3), draws(2n ** 40n + 3n));
    assert.deepEqual(draws(-17), draws(17));
    assert.notDeepEqual(draws(0), draws(1));
    assert.equal(new PythonRandom(5).getrandbits(0), 0);
  });

  test("the README's example draws what it says", () => {
    const text = readFileSync(new URL("../README.md", import.meta.url), "utf-8");
    const block = text.match(/```js\n(import \{ PythonRandom \}[^`]*?)```/)[1];
    const rng = new PythonRandom(Number(block.match(/new PythonRandom\((\d+)\)/)[1]));
    let checked = 0;
    for (const [, expression, shown] of block.matchAll(/^rng\.(.+); \/\/ (.+)$/gm)) {
      assert.deepEqual(new Function("rng", `return rng.${expression};`)(rng), JSON.parse(shown), expression);
      checked += 1;
    }
    assert.equal(checked, 4);
  });

  test("bad seeds and arguments are refused", () => {
    const refused = [
      [() => new PythonRandom(1.5), TypeError],
      [() => new PythonRandom("5"), TypeError],
      [() => new PythonRandom(undefined), TypeError],
      [() => new PythonRandom(null), TypeError],
      [() => new PythonRandom(NaN), TypeError],
      [() => new PythonRandom(2 ** 60), RangeError], // (beyond 2^53: a BigInt says which whole number)
      [() => new PythonRandom(1n << BigInt(MAX_SEED_BITS)), RangeError],
      [() => new PythonRandom(0).getrandbits(54), RangeError],
      [() => new PythonRandom(0).getrandbits(-1), RangeError],
      [() => new PythonRandom(0).getrandbits(2.5), RangeError],
      [() => new PythonRandom(0).randbelow(0), RangeError],
      [() => new PythonRandom(0).randbelow(2 ** 53), RangeError],
      [() => new PythonRandom(0).choice([]), RangeError],
      [() => new PythonRandom(0).choice({ length: 2 }), TypeError],
      [() => new PythonRandom(0).sample([1, 2], 3), RangeError],
      [() => new PythonRandom(0).sample([1, 2], -1), RangeError],
      [() => new PythonRandom(0).sample(new Set([1]), 1), TypeError],
    ];
    for (const [call, kind] of refused) assert.throws(call, kind, call.toString());
    assert.doesNotThrow(() => new PythonRandom((1n << BigInt(MAX_SEED_BITS)) - 1n));
  });
});
