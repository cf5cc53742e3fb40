// The C core built to WebAssembly, timed on the positions tests/bench/core.py wrote:
//
//   node js/bench/core.mjs FOLDER [REPEAT]     (FOLDER: words.dawg, alphabet.json, game.json?, positions.json)
//
// Prints one JSON object: each position's median milliseconds of REPEAT searches (bestMove) and its
// number of moves; the time to the first bot move as a page has it (compile core.wasm, load the list, copy
// it into the core, search the first position); and the bytes a page downloads (the list's
// words.dawg and core.wasm, gzip and brotli) against words.txt.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import { Bots } from "../src/core.js";
import { Lexicon } from "../src/index.js";

const [folder, repeatArgument] = process.argv.slice(2);
if (!folder) {
  console.error("usage: node js/bench/core.mjs FOLDER [REPEAT]");
  process.exit(2);
}
const repeat = Number(repeatArgument ?? 7);
const read = (name) => readFileSync(join(folder, name));
const game = existsSync(join(folder, "game.json")) ? JSON.parse(read("game.json")) : null;
const positions = JSON.parse(read("positions.json"));
const wasmFile = new URL("../src/core.wasm", import.meta.url);

const started = performance.now();
const module = await WebAssembly.compile(readFileSync(wasmFile));
const lexicon = Lexicon.fromBytes(new Uint8Array(read("words.dawg")), JSON.parse(read("alphabet.json")), game);
const bots = await Bots.load(lexicon, { module });
bots.search(positions[0]);
const firstMoveMs = performance.now() - started;

// bestMove: the whole search in the core and one move read back, as the native side is timed
// (its moves are read only when asked for); the moves are counted once, untimed.
const times = positions.map((position) => {
  const runs = [];
  for (let i = 0; i < repeat; i++) {
    const t = performance.now();
    bots.bestMove(position);
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  return { ms: runs[runs.length >> 1], moves: bots.search(position).length };
});

function sizes(bytes) {
  return {
    bytes: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const download = { "words.dawg": sizes(read("words.dawg")), "core.wasm": sizes(readFileSync(wasmFile)) };
if (existsSync(join(folder, "words.txt"))) download["words.txt"] = sizes(read("words.txt"));
console.log(JSON.stringify({ node: process.version, first_move_ms: firstMoveMs, times, download }));
