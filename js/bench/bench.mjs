// The JavaScript reader on one word list: the bytes a browser downloads, load and query times.
//
//   node --expose-gc js/bench/bench.mjs outputs/bench/js/en/balda   (python -m tests.bench.js builds it)
//
// Prints one JSON object. The floor, measured in the same process, is what a web game does
// without this reader: words.txt split into a Set (load) and Set.has (lookups).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import { Lexicon } from "../src/index.js";

const folder = process.argv[2];
if (!folder) {
  console.error("usage: node js/bench/bench.mjs WORD_LIST_FOLDER");
  process.exit(2);
}

const dawgBytes = new Uint8Array(readFileSync(join(folder, "words.dawg")));
const alphabet = JSON.parse(readFileSync(join(folder, "alphabet.json"), "utf-8"));
const text = readFileSync(join(folder, "words.txt"), "utf-8");

function sizes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const round = (x) => Math.round(x * 100) / 100;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median milliseconds of `repeat` runs of `run`. */
function timed(run, repeat) {
  const times = [];
  for (let i = 0; i < repeat; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function timedAsync(run, repeat) {
  const times = [];
  for (let i = 0; i < repeat; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Calls per second of `call` over `items`, best of three passes. */
function perSecond(call, items) {
  let best = Infinity;
  for (let pass = 0; pass < 3; pass++) {
    const started = performance.now();
    for (const item of items) call(item);
    best = Math.min(best, performance.now() - started);
  }
  return Math.round((items.length / best) * 1000);
}

// A seeded generator (mulberry32), so that every run probes the same words.
let seed = 7;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list, n) => Array.from({ length: n }, () => list[Math.floor(random() * list.length)]);

const words = text.split("\n").filter(Boolean);
const hits = pick(words, 50_000);
const misses = pick(words, 50_000).map((w) => `${[...w].reverse().join("")}q`);
const probes = [...hits, ...misses].sort(() => random() - 0.5);
const prefixes = pick(words, 100_000).map((w) => w.slice(0, 1 + Math.floor(random() * w.length)));

// Memory held: the reader's arrays once loaded and once every node has been listed (a search
// over the whole graph), against a Set of the words. Needs --expose-gc for exact figures.
const collect = () => {
  globalThis.gc?.(); // twice: the first pass may leave freed typed arrays' memory to the second
  globalThis.gc?.();
};
function held(build) {
  collect();
  const before = process.memoryUsage();
  const kept = build();
  collect();
  const after = process.memoryUsage();
  const bytes = after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers;
  return [kept, bytes];
}
const [, heldLoaded] = held(() => Lexicon.fromBytes(dawgBytes, alphabet));
const [, heldWalked] = held(() => {
  const walked = Lexicon.fromBytes(dawgBytes, alphabet);
  walked.match("*q*"); // lists every node's children
  return walked;
});
const [, heldSet] = held(() => new Set(text.split("\n")));

const load = {
  fromBytes: timed(() => Lexicon.fromBytes(dawgBytes, alphabet), 20),
  load_verified: await timedAsync(() => Lexicon.load(folder), 10),
  load_unverified: await timedAsync(() => Lexicon.load(folder, { verify: false }), 10),
  floor_set_from_words_txt: timed(() => new Set(text.split("\n")), 10),
};
const lexicon = Lexicon.fromBytes(dawgBytes, alphabet);
const set = new Set(words);
load.first_enumeration_size = timed(() => Lexicon.fromBytes(dawgBytes, alphabet).size, 5) - load.fromBytes;

const perSecondResults = {
  is_word: perSecond((w) => lexicon.isWord(w), probes),
  is_word_noun: perSecond((w) => lexicon.isWord(w, { pos: "noun" }), probes),
  floor_set_has: perSecond((w) => set.has(w), probes),
  has_prefix: perSecond((p) => lexicon.hasPrefix(p), prefixes),
  complete_10: perSecond((p) => lexicon.complete(p, { limit: 10 }), prefixes.slice(0, 20_000)),
  graph_find: perSecond((w) => lexicon.graph.find(w), probes.slice(0, 20_000)),
};

// Searches, cold (a fresh lexicon: the graph's nodes are listed on first use) and warm.
const searches = {
  match_a__le: (l) => l.match("a??le"),
  match_star_q_star: (l) => l.match("*q*"),
  match_6_stars_6_blanks: (l) => l.match("*?*?*?*?*?*?"),
  anagrams_7_tiles: (l) => l.anagrams("retains"),
  anagrams_7_tiles_use_all: (l) => l.anagrams("retains", { useAll: true }),
  anagrams_8_tiles_2_blanks: (l) => l.anagrams("retain??"),
  words_length_5: (l) => l.words({ length: 5 }),
  words_all: (l) => l.words(),
};
const ms = {};
for (const [name, search] of Object.entries(searches)) {
  const fresh = Lexicon.fromBytes(dawgBytes, alphabet);
  fresh.size; // the one-off walk that checks the graph, timed above as first_enumeration_size
  ms[`${name}_cold`] = round(timed(() => search(fresh), 1));
  ms[`${name}_warm`] = round(timed(() => search(fresh), 5));
  ms[`${name}_results`] = search(fresh).length;
}

const dawgSizes = sizes(dawgBytes);
const textSizes = sizes(new TextEncoder().encode(text));
console.log(
  JSON.stringify({
    node: process.version,
    bytes: {
      words_dawg: dawgSizes.raw,
      words_dawg_gzip: dawgSizes.gzip,
      words_dawg_brotli: dawgSizes.brotli,
      words_txt: textSizes.raw,
      words_txt_gzip: textSizes.gzip,
      words_txt_brotli: textSizes.brotli,
      held_after_load: heldLoaded,
      held_after_whole_graph_walk: heldWalked,
      floor_held_by_set_of_words: heldSet,
    },
    load_ms: Object.fromEntries(Object.entries(load).map(([k, v]) => [k, round(v)])),
    per_second: perSecondResults,
    ms,
    ratios: {
      set_load_over_from_bytes: round(load.floor_set_from_words_txt / load.fromBytes),
      is_word_over_set_has: round(perSecondResults.is_word / perSecondResults.floor_set_has),
      held_after_walk_over_set: round(heldWalked / heldSet),
    },
  }),
);
