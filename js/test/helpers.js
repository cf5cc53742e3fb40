// Where the conformance vectors are: $WORDLIST_JS_VECTORS, else outputs/js-vectors (written by
// `make test-js`; `make test` writes them to a temporary folder through tests/test_js_reader.py).

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const VECTORS_DIR =
  process.env.WORDLIST_JS_VECTORS ?? fileURLToPath(new URL("../../outputs/js-vectors/", import.meta.url));

/** Every vectors file, parsed; throws if there is none (the tests cannot run without them). */
export function loadVectors() {
  const names = existsSync(VECTORS_DIR) ? readdirSync(VECTORS_DIR).filter((n) => n.endsWith(".json")) : [];
  if (names.length === 0) {
    throw new Error(`no test vectors in ${VECTORS_DIR}: run \`make test-js\` (or set WORDLIST_JS_VECTORS)`);
  }
  return names.sort().map((name) => ({ name, ...JSON.parse(readFileSync(join(VECTORS_DIR, name), "utf-8")) }));
}

/** The bytes and parsed JSON files of a word-list folder, as a browser would fetch them (game: null if none). */
export function listFiles(folder) {
  const game = join(folder, "game.json");
  const leaves = join(folder, "leaves.json");
  return {
    leaves: existsSync(leaves) ? JSON.parse(readFileSync(leaves, "utf-8")) : null,
    dawg: new Uint8Array(readFileSync(join(folder, "words.dawg"))),
    alphabet: JSON.parse(readFileSync(join(folder, "alphabet.json"), "utf-8")),
    game: existsSync(game) ? JSON.parse(readFileSync(game, "utf-8")) : null,
  };
}
