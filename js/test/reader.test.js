// What the conformance vectors cannot hold: untrusted arguments, corrupt files, the Node loader's
// checks, and that the browser path uses no Node API.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";

import * as reader from "../src/index.js";
import { ArtefactError, Lexicon, POS, posMask, posNames } from "../src/index.js";
import { listFiles, loadVectors } from "./helpers.js";

const lists = loadVectors()
  .filter((v) => !v.name.startsWith("generated-")) // (lists on made-up alphabets: conformance.test.js)
  .sort((a, b) => a.cases.length - b.cases.length);

/** Replace a file of the list in `folder` and record its size and sha256 in the manifest. */
function resign(folder, name, bytes) {
  writeFileSync(join(folder, name), bytes);
  const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf-8"));
  manifest.files[name] = { bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
  writeFileSync(join(folder, "manifest.json"), JSON.stringify(manifest));
}
const english = lists.find((v) => v.language === "en" && v.profile === "balda");
const german = lists.find((v) => v.language === "de" && v.profile === "balda");
const wordgame = lists.find((v) => v.language === "en" && v.profile === "wordgame");
const { dawg: DAWG, alphabet: ALPHABET } = listFiles(english.list);
const lexicon = Lexicon.fromBytes(DAWG, ALPHABET);
const SRC = new URL("../src/", import.meta.url);

describe("untrusted arguments", () => {
  test("a query that is not a string throws a TypeError", () => {
    for (const bad of [42, null, undefined, {}, ["cat"], Symbol("cat"), 1n]) {
      for (const call of [
        () => lexicon.isWord(bad),
        () => lexicon.partsOfSpeech(bad),
        () => lexicon.hasPrefix(bad),
        () => lexicon.complete(bad),
        () => lexicon.match(bad),
        () => lexicon.anagrams(bad),
        () => lexicon.normalize(bad),
        () => lexicon.display(bad),
        () => lexicon.words({ prefix: bad ?? 5 }),
      ]) {
        assert.throws(call, TypeError);
      }
    }
  });

  test("options are checked: unknown names, wrong types, negative limits", () => {
    assert.throws(() => lexicon.anagrams("cat", { use_all: true }), /unknown option "use_all" \(known: pos, useAll, minLength\)/);
    assert.throws(() => lexicon.isWord("cat", "noun"), TypeError);
    assert.throws(() => lexicon.isWord("cat", { pos: 5 }), TypeError);
    assert.throws(() => lexicon.isWord("cat", { pos: ["noun", 3] }), TypeError);
    assert.throws(() => lexicon.words({ length: "5" }), TypeError);
    assert.throws(() => lexicon.words({ length: 2.5 }), TypeError);
    assert.throws(() => lexicon.complete("a", { limit: -1 }), RangeError);
    assert.throws(() => lexicon.complete("a", { limit: Infinity }), TypeError);
    assert.throws(() => lexicon.anagrams("cat", { useAll: "yes" }), TypeError);
    assert.throws(() => lexicon.anagrams("cat", { minLength: "2" }), TypeError);
    assert.deepEqual(lexicon.words({ length: -1 }), []);
  });

  test("an unknown part of speech throws a RangeError, also for a word not in the list", () => {
    // Python checks the name only when the word exists; here a typo is reported every time.
    assert.throws(() => lexicon.isWord("zzzzq", { pos: "nuon" }), /unknown part of speech "nuon"/);
    assert.throws(() => lexicon.words({ pos: "noun nuon" }), RangeError);
  });

  test("spaces, control characters and lone surrogates are never words, prefixes or completions", () => {
    const word = lexicon.words()[0];
    assert.ok(lexicon.isWord(word));
    const bad = [`${word}\0`, `\0${word}`, `${word}\ud800`, `\udc00${word}`, `${word.slice(0, 1)}\x07${word.slice(1)}`];
    for (const text of [...bad, ` ${word}`, `${word}\n`, `\u00a0${word}`, `${word.slice(0, 2)}\0`]) {
      assert.equal(lexicon.isWord(text), false, JSON.stringify(text));
      assert.deepEqual(lexicon.partsOfSpeech(text), []);
      assert.equal(lexicon.hasPrefix(text), false, JSON.stringify(text));
      assert.deepEqual(lexicon.complete(text), []);
      assert.deepEqual(lexicon.words({ prefix: text }), []);
    }
    assert.throws(() => lexicon.match("\ud800*"), RangeError);
    assert.throws(() => lexicon.match(` ${word}`), /pattern " .+": " " not in the English alphabet/);
    assert.throws(() => lexicon.anagrams("ab\udfff"), RangeError);
    // nothing is trimmed: normalising keeps what is not removed, as it is
    assert.equal(lexicon.normalize(" Ab\ud800\t"), " ab\ud800\t");
  });

  test("every blank of a rack counts, \"?\" or \"*\"; a run of \"*\" in a pattern is one", () => {
    const word = lexicon.words({ length: 3 })[0];
    const blanks = lexicon.anagrams("**", { useAll: true });
    assert.ok(blanks.includes(lexicon.words({ length: 2 })[0]));
    assert.deepEqual(lexicon.anagrams("*?", { useAll: true }), blanks);
    assert.ok(lexicon.anagrams(`**${word[0]}`, { useAll: true }).includes(word));
    assert.deepEqual(lexicon.match("a***"), lexicon.match("a*"));
  });

  test("graph nodes are checked", () => {
    assert.throws(() => lexicon.children(-1), RangeError);
    assert.throws(() => lexicon.children(DAWG.length), RangeError);
    assert.throws(() => lexicon.children(1.5), TypeError);
    assert.throws(() => lexicon.value("0"), TypeError);
    assert.throws(() => lexicon.follow(0, 5), TypeError);
    assert.equal(lexicon.follow(0, "ab"), null);
    assert.equal(lexicon.graph.find(""), lexicon.root);
    assert.ok(Object.isFrozen(lexicon.children(0)) && Object.isFrozen(lexicon.children(0)[0]));
  });
});

/** A DAWG file from units and guide entries given by index (all others zero). */
function dawgBytes(count, units, guide) {
  const bytes = new Uint8Array(8 + 6 * count);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, count, true);
  for (const [i, unit] of Object.entries(units)) view.setUint32(4 + 4 * i, unit >>> 0, true);
  view.setUint32(4 + 4 * count, count, true);
  for (const [i, [child, sibling]] of Object.entries(guide)) {
    bytes[8 + 4 * count + 2 * i] = child;
    bytes[8 + 4 * count + 2 * i + 1] = sibling;
  }
  return bytes;
}

const HAS_LEAF = 1 << 8;
const leaf = (value) => (1 << 31) | value;
// The root (unit 0, offset 1) reaches unit b ^ 1 by byte b.
const ROOT = 1 << 10;

describe("corrupt files", () => {
  test("a header that does not match the length is refused before anything is allocated", () => {
    const huge = new Uint8Array(12);
    new DataView(huge.buffer).setUint32(0, 0xffffffff, true); // 16 GiB of units announced
    assert.throws(() => Lexicon.fromBytes(huge, ALPHABET), (e) => e instanceof ArtefactError && /4294967295 units/.test(e.message));
    assert.throws(() => Lexicon.fromBytes(new Uint8Array(0), ALPHABET), /too short to be a DAWG/);
    assert.throws(() => Lexicon.fromBytes(DAWG.subarray(0, DAWG.length - 1), ALPHABET), ArtefactError);
    const longer = new Uint8Array(DAWG.length + 1);
    longer.set(DAWG);
    assert.throws(() => Lexicon.fromBytes(longer, ALPHABET), ArtefactError);
    const otherGuide = DAWG.slice();
    new DataView(otherGuide.buffer).setUint32(4 + 4 * (DAWG.length - 8) / 6, 3, true);
    assert.throws(() => Lexicon.fromBytes(otherGuide, ALPHABET), /guide of 3 entries/);
  });

  test("a cycle in the graph is an error, not a query that never ends", () => {
    // "a" leads from unit 96 back to itself: the keys a, aa, aaa ... without end
    const a = 0x61;
    const bytes = dawgBytes(128, { 0: ROOT, 96: (a << 10) | HAS_LEAF | a, 1: leaf(1) }, { 0: [a, 0], 96: [a, 0] });
    const cyclic = Lexicon.fromBytes(bytes, ALPHABET);
    assert.equal(cyclic.isWord("aaa"), true); // bounded by the input
    for (const call of [() => cyclic.words(), () => cyclic.match("*"), () => cyclic.anagrams("??"), () => cyclic.size]) {
      assert.throws(call, /words\.dawg: corrupt DAWG: the graph has a cycle/);
    }
  });

  test("a guide whose siblings do not increase is an error, not a loop", () => {
    // the words "a" (unit 96) and "b" (unit 99), both valued at unit 97; b's next sibling is a again
    const [a, b] = [0x61, 0x62];
    const units = { 0: ROOT, 96: HAS_LEAF | (1 << 10) | a, 99: HAS_LEAF | (2 << 10) | b, 97: leaf(1) };
    const bytes = dawgBytes(128, units, { 0: [a, 0], 96: [0, b], 99: [0, a] });
    const looping = Lexicon.fromBytes(bytes, ALPHABET);
    assert.throws(() => looping.children(0), /completion guide of unit 0 is inconsistent/);
    assert.throws(() => looping.words(), ArtefactError);
  });

  test("a key that is not UTF-8 is an error when a listing keeps it, as in Python", () => {
    // byte 0xFF first: unit 0xFE, a word end with its value at unit 0xFF
    const bytes = dawgBytes(256, { 0: ROOT, 0xfe: (1 << 10) | HAS_LEAF | 0xff, 0xff: leaf(1) }, { 0: [0xff, 0] });
    assert.throws(() => Lexicon.fromBytes(bytes, ALPHABET).words(), /not UTF-8/);
    assert.deepEqual(Lexicon.fromBytes(bytes, ALPHABET).words({ pos: "verb" }), []); // (not kept: not decoded)
    // byte 0x80 (a continuation byte) alone: no letter, so no word, as the empty key is none
    const alone = dawgBytes(256, { 0: ROOT, 0x81: (1 << 10) | HAS_LEAF | 0x80, 0x80: leaf(1) }, { 0: [0x80, 0] });
    assert.deepEqual(Lexicon.fromBytes(alone, ALPHABET).words(), []);
  });

  test("alphabet.json is checked, unknown keys are ignored", () => {
    assert.throws(() => Lexicon.fromBytes(DAWG, JSON.stringify(ALPHABET)), TypeError);
    assert.throws(() => Lexicon.fromBytes("words.dawg", ALPHABET), TypeError);
    const { format, ...formatOne } = ALPHABET;
    assert.equal(format, 2);
    for (const [alphabet, message] of [
      [formatOne, /^alphabet\.json: format 1 is older than this reader reads \(format 2\): rebuild the word list with `wordlist build`$/],
      [{ ...ALPHABET, format: 1 }, /format 1 is older than this reader reads \(format 2\): rebuild the word list/],
      [{ ...ALPHABET, format: 3 }, /format 3 is newer than this reader reads \(format 2\): upgrade wiktionary-wordlist/],
      [{ ...ALPHABET, format: "2" }, /"format" must be a whole number, got "2"/],
      [{ ...ALPHABET, letters: undefined }, /"letters" must be a string/],
      [{ ...ALPHABET, language: undefined }, /"language" must be a string/],
      [{ ...ALPHABET, language: "../en" }, /"language" must be a language code/],
      [{ ...ALPHABET, letters: "" }, /"letters" must give 1 to 1024 letters/],
      [{ ...ALPHABET, letters: 5 }, /"letters" must be a string, got number/],
      [{ ...ALPHABET, letters: "ab?" }, /"letters" holds "\?"/],
      [{ ...ALPHABET, letters: "a b" }, /"letters" holds " "/],
      [{ ...ALPHABET, letters: "ab\u200b" }, /"letters" holds "\u200b"/],
      [{ ...ALPHABET, letters: "ab-", remove: "-" }, /"letters" holds "-"/],
      [{ ...ALPHABET, letters: "aba" }, /"letters" holds "a" twice/],
      [{ ...ALPHABET, letters: "abC" }, /"letters" holds "C", not lower case/],
      [{ ...ALPHABET, remove: "-*" }, /"remove" must not hold the wildcards/],
      [{ ...ALPHABET, upper: ["A"] }, /"upper" must be an object, got an array/],
      [{ ...ALPHABET, upper: { a: 1 } }, /"upper"."a" must be printable text, got 1/],
      [{ ...ALPHABET, upper: { a: "" } }, /"upper"."a" must be printable text/],
      [{ ...ALPHABET, upper: { "é": "É" } }, /"upper" gives a capital for "é", not a letter/],
      [{ ...ALPHABET, remove: null }, /"remove" must be a string, got null/],
      [{ ...ALPHABET, lowercase: "yes" }, /"lowercase" must be a boolean/],
    ]) {
      assert.throws(() => Lexicon.fromBytes(DAWG, alphabet), (e) => e instanceof ArtefactError && message.test(e.message));
    }
    const later = Lexicon.fromBytes(DAWG, { ...ALPHABET, language_name: "Englisch", extra: { any: [1] } });
    assert.throws(() => later.match("é"), /"é" not in the Englisch alphabet/);
    assert.equal(later.languageName, "Englisch");
    assert.equal(later.isWord(english.cases.find((c) => c.call === "isWord" && c.expect === true).args[0]), true);
    const { language_name: _, ...unnamed } = ALPHABET;
    assert.equal(Lexicon.fromBytes(DAWG, unnamed).languageName, "en");
  });

  test("game.json is checked against its limits and the alphabet", () => {
    const { dawg, alphabet, game } = listFiles(wordgame.list);
    assert.equal(Lexicon.fromBytes(dawg, alphabet).game, null);
    assert.equal(Lexicon.fromBytes(dawg, alphabet, undefined).game, null);
    const read = Lexicon.fromBytes(dawg, alphabet, game).game;
    assert.equal(read.board.length, read.board[0].length);
    const row = read.board[0];
    for (const [change, message] of [
      [{ format: 1 }, /^game\.json: format 1 is older than this reader reads/],
      [{ format: undefined }, /^game\.json: format 1 is older than this reader reads \(format 2\): rebuild/],
      [{ board: [] }, /"board" must be a list of 4 to 26 rows/],
      [{ board: Array(3).fill("...") }, /"board" must be a list of 4 to 26 rows/],
      [{ board: Array(27).fill(".".repeat(27)) }, /"board" must be a list of 4 to 26 rows/],
      [{ board: [row, ...game.board.slice(2)] }, /"board" must be 14 strings of 14 squares/],
      [{ board: [row.replace(".", "x"), ...game.board.slice(1)] }, /"board" has a square other than/],
      [{ start: [15, 0] }, /"start" must be \[row, column\] on the 15x15 board/],
      [{ start: [7] }, /"start" must be/],
      [{ rack_size: 3 }, /"rack_size" must be a whole number from 4 to 15/],
      [{ rack_size: 16 }, /"rack_size" must be a whole number from 4 to 15/],
      [{ rack_size: true }, /"rack_size"/],
      [{ tiles: {} }, /"tiles" must be an object listing at least one tile/],
      [{ tiles: { ...game.tiles, "é": { points: 1, count: 1 } } }, /"tiles"."é" is not a letter of the alphabet/],
      [{ tiles: { ...game.tiles, a: { points: -1, count: 1 } } }, /"tiles"."a"."points" must be a whole number from 0 to 1000/],
      [{ tiles: { ...game.tiles, a: { points: 1 } } }, /"tiles"."a"."count"/],
      [{ tiles: { ...game.tiles, a: 5 } }, /"tiles"."a"."points"/],
      [{ tiles: Object.fromEntries([..."abcdefghijk"].map((t) => [t, { points: 1, count: 1000 }])) }, /holds 11000 tiles, more than 10000/],
    ]) {
      // (a key set to undefined is left out, as JSON leaves it out)
      const changed = Object.fromEntries(Object.entries({ ...game, ...change }).filter(([, v]) => v !== undefined));
      assert.throws(() => Lexicon.fromBytes(dawg, alphabet, changed), (e) => e instanceof ArtefactError && message.test(e.message));
    }
    assert.throws(() => Lexicon.fromBytes(dawg, alphabet, [game]), TypeError);
    assert.equal(Lexicon.fromBytes(dawg, alphabet, { ...game, later: "key" }).game.later, "key");
  });
});

describe("Lexicon.load checks the folder against its manifest", () => {
  const temp = mkdtempSync(join(tmpdir(), "wordlist-js-"));
  after(() => rmSync(temp, { recursive: true, force: true }));
  let n = 0;
  const copy = () => {
    const folder = join(temp, String(n++));
    cpSync(german.list, folder, { recursive: true });
    return folder;
  };

  test("a changed byte fails the checksum, unless verify is off", async () => {
    const folder = copy();
    const bytes = readFileSync(join(folder, "words.dawg"));
    bytes[bytes.length - 1] ^= 1;
    writeFileSync(join(folder, "words.dawg"), bytes);
    await assert.rejects(Lexicon.load(folder), /words\.dawg: checksum does not match the manifest/);
    assert.ok((await Lexicon.load(folder, { verify: false })).size > 0);
  });

  test("a truncated file, another format version, missing files and bad JSON are named", async () => {
    let folder = copy();
    writeFileSync(join(folder, "words.dawg"), readFileSync(join(folder, "words.dawg")).subarray(0, 100));
    await assert.rejects(Lexicon.load(folder, { verify: false }), /words\.dawg: 100 bytes, the manifest says \d+/);

    folder = copy();
    const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf-8"));
    writeFileSync(join(folder, "manifest.json"), JSON.stringify({ ...manifest, format: 3 }));
    await assert.rejects(Lexicon.load(folder), /manifest\.json: format 3 is newer than this reader reads \(format 2\): upgrade/);
    writeFileSync(join(folder, "manifest.json"), JSON.stringify({ ...manifest, format: 1 }));
    await assert.rejects(Lexicon.load(folder), /manifest\.json: format 1 is older than this reader reads \(format 2\): rebuild/);
    writeFileSync(join(folder, "manifest.json"), JSON.stringify({ ...manifest, files: {} }));
    await assert.rejects(Lexicon.load(folder), /manifest\.json: does not list alphabet\.json/);
    const { "words.dawg": _, ...withoutDawg } = manifest.files;
    writeFileSync(join(folder, "manifest.json"), JSON.stringify({ ...manifest, files: withoutDawg }));
    await assert.rejects(Lexicon.load(folder), /manifest\.json: does not list words\.dawg/);
    writeFileSync(join(folder, "manifest.json"), JSON.stringify({ ...manifest, files: [] }));
    await assert.rejects(Lexicon.load(folder), /manifest\.json: "files" must be an object, got an array/);
    writeFileSync(join(folder, "manifest.json"), "null");
    await assert.rejects(Lexicon.load(folder), /manifest\.json: expected a JSON object, got null/);
    writeFileSync(join(folder, "manifest.json"), JSON.stringify({ ...manifest, language: "en" }));
    await assert.rejects(Lexicon.load(folder), /alphabet\.json: language "de", the manifest says "en"/);

    folder = copy();
    unlinkSync(join(folder, "alphabet.json"));
    await assert.rejects(Lexicon.load(folder), (e) => e instanceof ArtefactError && /alphabet\.json: missing/.test(e.message));

    folder = copy();
    writeFileSync(join(folder, "manifest.json"), "{ not json");
    await assert.rejects(Lexicon.load(folder), /manifest\.json: not valid JSON/);

    await assert.rejects(Lexicon.load(join(temp, "nothing here")), /no word list here/);
    await assert.rejects(Lexicon.load(42), TypeError);
    await assert.rejects(Lexicon.load(temp, { verify: "no" }), TypeError);
  });

  test("game.json comes with a list that has one: checked against the manifest, then its limits", async () => {
    const folder = join(temp, String(n++));
    cpSync(wordgame.list, folder, { recursive: true });
    const loaded = await Lexicon.load(folder);
    assert.deepEqual(loaded.game, wordgame.game);
    const game = JSON.parse(readFileSync(join(folder, "game.json"), "utf-8"));
    writeFileSync(join(folder, "game.json"), JSON.stringify({ ...game, rack_size: 99 }));
    await assert.rejects(Lexicon.load(folder), /game\.json: \d+ bytes, the manifest says \d+/);
    resign(folder, "game.json", readFileSync(join(folder, "game.json")));
    await assert.rejects(Lexicon.load(folder), (e) => e instanceof ArtefactError && /game\.json: "rack_size" must be/.test(e.message));
    const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf-8"));
    delete manifest.files["game.json"];
    writeFileSync(join(folder, "manifest.json"), JSON.stringify(manifest));
    assert.equal((await Lexicon.load(folder)).game, null); // not listed: not the list's, whatever the file holds
    const balda = copy();
    writeFileSync(join(balda, "game.json"), "not even JSON");
    assert.equal((await Lexicon.load(balda)).game, null);
  });

  test("a folder without manifest.json is refused, as Python refuses it; fromBytes needs none", async () => {
    const folder = copy();
    unlinkSync(join(folder, "manifest.json"));
    await assert.rejects(
      Lexicon.load(new URL(`file://${folder}/`)),
      (e) => e instanceof ArtefactError && e.message === `${join(folder, "manifest.json")}: missing`,
    );
    const { dawg, alphabet } = listFiles(folder);
    const loaded = Lexicon.fromBytes(dawg, alphabet);
    assert.equal(loaded.manifest, null);
    assert.equal(loaded.display("straße"), "STRAẞE");
  });

  test("a graph holding more words than the manifest says is corrupt", async () => {
    const folder = copy();
    const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf-8"));
    const words = manifest.counts.words;
    writeFileSync(join(folder, "manifest.json"), JSON.stringify({ ...manifest, counts: { ...manifest.counts, words: words - 1 } }));
    const loaded = await Lexicon.load(folder);
    const word = german.cases.find((c) => c.call === "isWord" && c.expect === true).args[0];
    assert.equal(loaded.isWord(word), true); // a lookup walks one key: it needs no count
    assert.equal(loaded.size, words - 1); // the manifest's count, as Python's len
    for (const call of [() => loaded.words(), () => loaded.match("*"), () => loaded.anagrams("??")]) {
      assert.throws(call, new RegExp(`words\\.dawg: corrupt DAWG: it holds more words than the manifest says \\(${words - 1}\\)`));
    }
    writeFileSync(join(folder, "manifest.json"), JSON.stringify({ ...manifest, counts: { ...manifest.counts, words: "many" } }));
    await assert.rejects(Lexicon.load(folder), /manifest\.json: "counts"."words" must be a whole number/);
    for (const many of [2 ** 24 + 1, 1e15]) {
      writeFileSync(join(folder, "manifest.json"), JSON.stringify({ ...manifest, counts: { ...manifest.counts, words: many } }));
      await assert.rejects(Lexicon.load(folder), /"counts"."words" must be a whole number from 0 to 16777216/);
    }
  });
});

describe("the package", () => {
  test("the browser path has no Node API: node: modules are imported lazily, by the loader only", () => {
    for (const name of readdirSync(SRC)) {
      const source = readFileSync(new URL(name, SRC), "utf-8");
      assert.doesNotMatch(source, /^\s*import\s[^()]*from\s*["']node:/m, `${name} imports a Node module statically`);
      if (name !== "node.js") assert.doesNotMatch(source, /import\(\s*["']node:/, `${name} imports a Node module`);
      assert.doesNotMatch(source, /\b(require|process|Buffer)\b/, `${name} uses a Node global`);
    }
  });

  test("index.d.ts declares exactly what the module exports", () => {
    const declared = readFileSync(new URL("../index.d.ts", import.meta.url), "utf-8")
      .matchAll(/^export declare (?:class|function|const) (\w+)/gm);
    assert.deepEqual([...declared].map((m) => m[1]).sort(), Object.keys(reader).sort());
  });

  test("the documented examples answer what they say", () => {
    // Each example line `name.expression; // shown (remark)` of their js blocks is run on the lists
    // the examples name: en (English balda), de (German balda), wg and lexicon (English wordgame).
    const listed = (list) => {
      const { dawg, alphabet, game } = listFiles(list);
      return Lexicon.fromBytes(dawg, alphabet, game);
    };
    const lists = { en: listed(english.list), de: listed(german.list), wg: listed(wordgame.list) };
    lists.lexicon = lists.wg;
    const run = new Function(...Object.keys(lists), "expression", "return eval(expression);");
    for (const [name, heading, least] of [
      ["../../docs/javascript.md", "# The lexicon in JavaScript", 20],
      ["../README.md", "# wiktionary-wordlist", 14],
    ]) {
      const text = readFileSync(new URL(name, import.meta.url), "utf-8");
      const from = text.indexOf(heading);
      const next = text.indexOf("\n## ", from + heading.length);
      const section = text.slice(from, next < 0 ? undefined : next);
      let checked = 0;
      for (const [, block] of section.matchAll(/```js\n([^`]*?)```/g)) {
        for (const line of block.split("\n")) {
          const example = line.match(/^((?:en|de|wg|lexicon)\..+); \/\/ (.+?)(?: \(.*\))?$/);
          if (example === null) continue;
          const [, expression, shown] = example;
          const actual = run(...Object.values(lists), expression);
          if (shown.endsWith(", ...]")) {
            const first = JSON.parse(`${shown.slice(0, -", ...]".length)}]`);
            assert.deepEqual(actual.slice(0, first.length), first, `${name}: ${expression}`);
          } else {
            assert.deepEqual(actual, JSON.parse(shown), `${name}: ${expression}`);
          }
          checked++;
        }
      }
      assert.ok(checked >= least, `${name}: ${checked} examples checked`);
    }
  });

  test("parts of speech: masks and names in bit order", () => {
    assert.equal(posMask("noun, verb"), 3);
    assert.equal(posMask(["adjective"]), 4);
    assert.equal(posMask(new Set(["adverb"])), 8);
    assert.equal(posMask(null), 2 ** POS.length - 1);
    assert.equal(posMask(""), 0);
    assert.deepEqual(posNames(5), ["noun", "adjective"]);
    assert.ok(Object.isFrozen(POS));
  });
});
