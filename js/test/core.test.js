// The C core built to WebAssembly (src/core.js) finds the Python library's moves: the same moves
// in the same order with the same points, and the best one, on every position of the vectors
// tests/js_movegen_vectors.py writes (English, German and synthetic lists, both games, racks
// with blanks), and the same error on damaged copies of a list. Bad positions are refused.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";

import { ArtefactError, Lexicon } from "../src/index.js";
import { Bots } from "../src/core.js";
import { listFiles, VECTORS_DIR } from "./helpers.js";

const MOVEGEN_DIR = join(VECTORS_DIR, "movegen");

function documents() {
  const names = existsSync(MOVEGEN_DIR) ? readdirSync(MOVEGEN_DIR).filter((n) => n.endsWith(".json")) : [];
  if (names.length === 0) throw new Error(`no move vectors in ${MOVEGEN_DIR}: run \`make test-js\` (or set WORDLIST_JS_VECTORS)`);
  return names.sort().map((name) => JSON.parse(readFileSync(join(MOVEGEN_DIR, name), "utf-8")));
}

/** A move as the vectors hold it. */
function asArray(move) {
  return "tiles" in move
    ? [move.direction, move.line, move.start, move.tiles, move.points]
    : [move.cell, move.letter, move.path, move.points];
}

function expectOf(moves, best) {
  const arrays = moves.map(asArray);
  const lines = arrays.map((m) => JSON.stringify(m)).join("\n");
  return {
    count: arrays.length,
    sha256: createHash("sha256").update(lines).digest("hex"),
    first: arrays.slice(0, 5),
    best: best === null ? null : asArray(best),
  };
}

async function botsFor(list) {
  const { dawg, alphabet, game } = listFiles(join(MOVEGEN_DIR, list));
  return Bots.load(Lexicon.fromBytes(dawg, alphabet, game));
}

const all = documents();

describe("the WebAssembly core plays the Python library's moves", () => {
  for (const document of all) {
    test(`${document.list} (${document.game}, ${document.cases.length} positions)`, async () => {
      const bots = await botsFor(document.list);
      let moves = 0;
      for (const [i, { position, expect, error }] of document.cases.entries()) {
        if (error !== undefined) {
          assert.throws(() => bots.search(position), (e) => e instanceof ArtefactError && e.message.endsWith(error), `case ${i}`);
          continue;
        }
        const found = bots.search(position);
        assert.deepEqual(expectOf(found, bots.bestMove(position)), expect, `case ${i}`);
        moves += found.length;
      }
      bots.close();
      if (!document.list.includes("damaged")) assert.ok(moves > 0, "positions with moves were compared");
    });
  }

  test("Balda's lookahead: the Python reference's values, nodes and depth; its best move", async () => {
    let searched = 0;
    let deeper = 0;
    for (const document of all.filter((d) => d.game === "balda" && !d.list.includes("damaged"))) {
      const bots = await botsFor(document.list);
      for (const [i, { position, lookahead }] of document.cases.entries()) {
        if (lookahead === undefined) continue;
        const moves = bots.search(position);
        for (const level of Object.keys(lookahead)) {
          const found = bots.values(position, level);
          assert.deepEqual(found, lookahead[level], `case ${i} ${level}`);
          const top = Math.max(...found.values);
          const best = bots.bestMove(position, level);
          if (moves.length === 0) assert.equal(best, null);
          else assert.deepEqual(best, { ...moves[found.values.indexOf(top)], value: top }, `case ${i} ${level}`);
          searched += 1;
          if (found.depth >= 2) deeper += 1;
        }
      }
      assert.throws(() => bots.values(document.cases[0].position, "greedy"), RangeError);
      assert.throws(() => bots.values(document.cases[0].position, "hard"), RangeError);
      assert.throws(() => bots.values({ ...document.cases[0].position, difference: 1.5 }, "strong"), RangeError);
      assert.throws(() => bots.values({ ...document.cases[0].position, game: "wordgame" }, "strong"), RangeError);
      assert.throws(() => bots.bestMove(document.cases[0].position, "hard"), RangeError);
      bots.close();
    }
    assert.ok(searched > 20 && deeper > 0, `${searched} searches, ${deeper} two moves deep or more`);
    assert.ok(all.some((d) => d.cases.some((c) => c.lookahead?.expert)), "the expert level was compared");
  });

  test("the vectors hold English, German and synthetic lists of both games, and damaged ones", () => {
    const lists = all.map((d) => `${d.list} ${d.game}`);
    for (const part of ["en-wordgame", "de-wordgame", "en-balda", "de-balda", "synthetic", "damaged"]) {
      assert.ok(lists.some((l) => l.includes(part)), `${part} in ${lists}`);
    }
    assert.ok(all.some((d) => d.cases.some((c) => c.error !== undefined)), "a damaged guide was met");
    assert.ok(all.some((d) => d.cases.some((c) => c.position.rack?.filter((t) => t === "?").length === 2)));
  });
});

describe("bad positions are refused, and closed bots search no more", () => {
  test("refusals", async () => {
    const wordgame = all.find((d) => d.game === "wordgame" && !d.list.includes("damaged"));
    const balda = all.find((d) => d.game === "balda" && !d.list.includes("damaged"));
    const bots = await botsFor(wordgame.list);
    const good = wordgame.cases[0].position;
    const size = good.layout.board.length;
    const refused = [
      [null, TypeError],
      [{ ...good, game: "chess" }, RangeError],
      [{ ...good, board: good.board.slice(1) }, RangeError],
      [{ ...good, board: good.board.map((row, r) => (r ? row : [...row.slice(1), 7])) }, TypeError],
      [{ ...good, rack: "abc" }, TypeError],
      [{ ...good, rack: Array(300).fill("?") }, RangeError],
      [{ ...good, layout: { board: good.layout.board, start: [size, 0] } }, RangeError],
      [{ game: "balda", size: 12, board: Array(144).fill(null) }, RangeError],
      [{ game: "balda", size: 5, board: Array(24).fill(null) }, RangeError],
    ];
    for (const [position, kind] of refused) assert.throws(() => bots.search(position), kind, JSON.stringify(position)?.slice(0, 80));
    assert.ok(bots.search(good).length >= 0); // the bots still search after a refusal
    bots.close();
    assert.throws(() => bots.search(good), /closed/);
    await assert.rejects(Bots.load({}), TypeError);
    const other = await botsFor(balda.list);
    const foreign = { ...balda.cases[0].position, board: balda.cases[0].position.board.map((s) => (s ? "1" : s)) };
    assert.deepEqual(other.search(foreign), []); // a tile of no letter is never followed
    other.close();
  });
});
