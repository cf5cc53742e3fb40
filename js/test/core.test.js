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
import { endgame, PASSES_TO_END } from "../src/endgame.js";
import { checkLeaves } from "../src/leaves.js";
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
  const { dawg, alphabet, game, leaves } = listFiles(join(MOVEGEN_DIR, list));
  return Bots.load(Lexicon.fromBytes(dawg, alphabet, game, leaves));
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
    for (const document of all.filter((d) => d.game === "balda" && d.list.includes("damaged"))) {
      const bots = await botsFor(document.list); // a damaged guide met by the search: the same error
      for (const { position, lookahead } of document.cases) {
        for (const [level, { error }] of Object.entries(lookahead ?? {})) {
          if (error !== undefined) assert.throws(() => bots.values(position, level), (e) => e instanceof ArtefactError && e.message.endsWith(error));
        }
      }
      bots.close();
    }
    assert.ok(searched > 20 && deeper > 0, `${searched} searches, ${deeper} two moves deep or more`);
    assert.ok(all.some((d) => d.cases.some((c) => c.lookahead?.expert)), "the expert level was compared");
  });

  test("Wordgame's strong bot: the Python reference's equities, exchange and choice", async () => {
    let compared = 0;
    let withLeaves = 0;
    let pointsOnly = 0;
    let exchanged = 0;
    for (const document of all.filter((d) => d.game === "wordgame")) {
      const bots = await botsFor(document.list);
      for (const [i, { position, equity }] of document.cases.entries()) {
        if (equity === undefined) continue;
        const found = bots.values(position, "strong");
        const { equities, exchange, exchangeInstead } = found;
        assert.deepEqual({ equities, exchange, exchangeInstead }, { equities: equity.equities, exchange: equity.exchange, exchangeInstead: equity.exchangeInstead }, `${document.list} case ${i}`);
        assert.deepEqual(found.values, equity.equities.map((e) => e / 100));
        const best = bots.bestMove(position, "strong");
        if (equity.plays === null) assert.equal(best, null);
        else if (equity.plays.exchange) assert.deepEqual(best, equity.plays, `${document.list} case ${i}`);
        else assert.deepEqual({ move: asArray(best), value: best.value }, equity.plays, `${document.list} case ${i}`);
        const greedy = bots.values(position, "greedy");
        assert.deepEqual(greedy.values, bots.search(position).map((m) => m.points));
        compared += equities.length;
        if (bots.lexicon.leaves) withLeaves += 1;
        else pointsOnly += 1;
        if (exchangeInstead) exchanged += 1;
      }
      const position = document.cases.find((c) => c.equity)?.position;
      if (position) {
        assert.throws(() => bots.values(position, "expert"), RangeError);
        assert.throws(() => bots.values({ ...position, bag: -1 }, "strong"), RangeError);
        assert.throws(() => bots.values({ ...position, bag: 1.5 }, "strong"), RangeError);
        assert.throws(() => bots.values({ ...position, rack: ["%"] }, "strong"), RangeError);
      }
      bots.close();
    }
    assert.ok(compared > 1000 && withLeaves > 10 && pointsOnly > 10, `${compared} moves, ${withLeaves} with leaves, ${pointsOnly} without`);
    assert.ok(exchanged > 0, "an exchange beat every move somewhere");
  });

  test("Wordgame's expert: the Python reference's simulation on the same opponent racks", async () => {
    let compared = 0;
    let changed = 0;
    for (const document of all.filter((d) => d.expert)) {
      const bots = await botsFor(document.list);
      for (const [i, { position, expert }] of document.expert.entries()) {
        const found = bots.values(position, "expert");
        assert.deepEqual(found.values, expert.map((v) => v / 100), `${document.list} expert ${i}`);
        const strong = bots.values(position, "strong");
        assert.deepEqual(found.equities, strong.equities);
        if (found.values.some((v, k) => v !== strong.values[k])) changed += 1;
        compared += expert.length;
      }
      const position = document.expert[0]?.position;
      if (position) {
        assert.throws(() => bots.values({ ...position, bag: 0 }, "expert"), RangeError); // the endgame needs opponentRack
        assert.throws(() => bots.values({ ...position, racks: [["%"]] }, "expert"), RangeError);
        assert.throws(() => bots.values({ ...position, racks: "ab" }, "expert"), RangeError);
        assert.deepEqual(bots.values({ ...position, racks: [] }, "expert").values, bots.values(position, "strong").values);
      }
      bots.close();
    }
    assert.ok(compared > 100 && changed > 3, `${compared} moves simulated, ${changed} positions changed by it`);
  });

  test("Wordgame's expert with the bag empty: the Python endgame's values and moves", async () => {
    const seen = { positions: 0, exact: 0, cut: 0, deeper: 0, narrow: 0, choices: 0, ties: 0 };
    for (const document of all.filter((d) => d.endgame)) {
      assert.equal(document.endgame.passes_to_end, PASSES_TO_END);
      const bots = await botsFor(document.list);
      for (const [i, { position, searches, choices }] of document.endgame.cases.entries()) {
        const where = `${document.list} endgame ${i}`;
        const searched = {
          generate: (board, blanks, rack) => bots.search({ ...position, board, blanks, rack }),
          board: position.board,
          blanks: position.blanks,
          roots: bots.search(position),
          racks: [position.rack, position.opponentRack],
          difference: position.difference,
          points: position.points,
        };
        for (const [budget, width, values] of searches) assert.deepEqual(endgame(searched, budget, width).values, values, `${where}: ${budget} positions, ${width} wide`);
        const [onePly, cutShort, narrow, full] = searches.map(([, , values]) => values);
        const found = bots.values(position, "expert");
        assert.deepEqual(found.values, full.map((v) => v / 100), where);
        assert.deepEqual(found.endgame.values, full, where);
        assert.deepEqual(found.equities, bots.values(position, "strong").equities, where);
        seen.positions += 1;
        seen[found.endgame.exact ? "exact" : "cut"] += 1;
        if (JSON.stringify(onePly) !== JSON.stringify(full) || JSON.stringify(cutShort) !== JSON.stringify(full)) seen.deeper += 1;
        if (JSON.stringify(narrow) !== JSON.stringify(full)) seen.narrow += 1;
        for (const { position: view, seed, expect } of choices) {
          assert.equal(view.opponentRack, undefined); // choose takes it from unseen
          const chosen = bots.choose(view, "expert", BigInt(seed));
          assert.deepEqual({ move: asArray(chosen), value: chosen.value }, { move: expect.move, value: expect.value }, `${where} seed ${seed}`);
          seen.choices += 1;
          if (expect.pool > 1) seen.ties += 1;
        }
      }
      const { position } = document.endgame.cases[0];
      for (const bad of [
        { ...position, opponentRack: undefined },
        { ...position, opponentRack: "abc" },
        { ...position, opponentRack: ["%"] },
        { ...position, opponentRack: Array(16).fill("?") },
        { ...position, difference: 1.5 },
        { ...position, difference: 2 ** 40 },
      ]) {
        assert.throws(() => bots.values(bad, "expert"), RangeError, JSON.stringify([bad.opponentRack, bad.difference]));
      }
      // the lead moves every value by as much
      const ahead = bots.values({ ...position, difference: position.difference + 10 }, "expert").values;
      assert.deepEqual(ahead, bots.values(position, "expert").values.map((v) => v + 10));
      bots.close();
    }
    // both kinds of position: a search the budget cuts, and one whose every line ends
    assert.ok(seen.positions > 20 && seen.exact > 5 && seen.cut > 2 && seen.deeper > 5 && seen.narrow > 0, JSON.stringify(seen));
    assert.ok(seen.choices > 50 && seen.ties > 0, JSON.stringify(seen));
  });

  test("every level's move for a seed is the Python bot's, ties drawn as Python draws them", async () => {
    const seen = { ties: 0, beginner: 0, singles: 0, exchanges: 0, none: 0, large: 0, server: 0 };
    const levels = new Set();
    const games = new Set();
    for (const document of all.filter((d) => d.choices)) {
      const bots = await botsFor(document.list);
      for (const [i, { position, level, seed, expect }] of document.choices.entries()) {
        const chosen = bots.choose(position, level, BigInt(seed));
        const where = `${document.list} choice ${i} (${level}, seed ${seed})`;
        if (expect === null) assert.equal(chosen, null, where);
        else if (expect.exchange) assert.deepEqual(chosen.exchange, expect.exchange, where);
        else assert.deepEqual({ move: asArray(chosen), value: chosen.value }, { move: expect.move, value: expect.value }, where);
        if (expect?.pool > 1) seen[level === "beginner" ? "beginner" : "ties"] += 1;
        if (expect?.move?.[2]?.length === 1 && position.game === "balda") seen.singles += 1;
        if (expect?.exchange) seen.exchanges += 1;
        if (expect === null) seen.none += 1;
        if (BigInt(seed) > 2n ** 53n) seen.large += 1;
        if (BigInt(seed) >> 16n === 2n ** 52n - 1n) seen.server += 1;
        levels.add(level);
        games.add(`${position.game}${position.size ?? ""}${position.bag !== undefined && bots.lexicon.leaves ? " leaves" : ""}`);
      }
      bots.close();
    }
    assert.deepEqual([...levels].sort(), ["beginner", "expert", "greedy", "strong"]);
    assert.deepEqual([...games].sort(), ["balda5", "balda7", "wordgame", "wordgame leaves"]);
    // the cases that matter: several moves of the best value (or the weaker half) to draw among
    assert.ok(seen.ties > 100 && seen.beginner > 100 && seen.singles > 0 && seen.large > 50 && seen.server > 20, JSON.stringify(seen));
    assert.ok(seen.none > 0, JSON.stringify(seen));
  });

  test("choose refuses a bad level, seed or unseen tiles", async () => {
    const wordgame = all.find((d) => d.choices?.some((c) => c.level === "expert" && c.position.game === "wordgame"));
    const balda = all.find((d) => d.choices?.some((c) => c.position.game === "balda"));
    const bots = await botsFor(wordgame.list);
    const { position } = wordgame.choices.find((c) => c.level === "expert" && c.expect?.move);
    const refused = [
      [position, "hard", 1, RangeError],
      [position, undefined, 1, RangeError],
      [position, "strong", 1.5, TypeError],
      [position, "strong", "1", TypeError],
      [position, "strong", 2 ** 60, RangeError],
      [{ ...position, unseen: undefined }, "expert", 1, RangeError],
      [{ ...position, unseen: ["a"] }, "expert", 1, RangeError],
      [{ ...position, unseen: { "%": 1 } }, "expert", 1, RangeError],
      [{ ...position, unseen: { [position.rack[0]]: -1 } }, "expert", 1, RangeError],
      [{ ...position, unseen: { [position.rack[0]]: 1e9 } }, "expert", 1, RangeError],
      [{ ...position, unseen: { [position.rack[0]]: 0.5 } }, "expert", 1, RangeError],
      [{ ...position, bag: 0, unseen: undefined }, "expert", 1, RangeError], // the endgame: no opponent's rack
      [{ ...position, bag: 0, unseen: { "%": 1 } }, "expert", 1, RangeError],
      [null, "strong", 1, TypeError],
    ];
    for (const [p, level, seed, kind] of refused) assert.throws(() => bots.choose(p, level, seed), kind, `${level} ${seed} ${JSON.stringify(p?.unseen)}`);
    // with nothing unseen there are no racks to draw: the expert plays by equity, as Python's
    const alone = bots.choose({ ...position, unseen: {} }, "expert", 3);
    const strong = bots.values(position, "strong").values;
    assert.equal(alone.value, Math.max(...strong));
    bots.close();
    const other = await botsFor(balda.list);
    const full = { ...balda.choices[0].position, board: balda.choices[0].position.board.map((s) => s ?? "a") };
    assert.equal(other.choose(full, "strong", 0), null); // a full board: the game is over, no move
    other.close();
  });

  test("leaves.json: refused as Python refuses it, with its words", () => {
    let refused = 0;
    for (const document of all.filter((d) => d.refused_leaves)) {
      const { alphabet } = listFiles(join(MOVEGEN_DIR, document.list));
      for (const { document: leaves, error } of document.refused_leaves) {
        if (error === null) {
          assert.doesNotThrow(() => checkLeaves(leaves, [...alphabet.letters], "leaves.json"));
          continue;
        }
        assert.throws(
          () => checkLeaves(leaves, [...alphabet.letters], "leaves.json"),
          (e) => e instanceof ArtefactError && e.message === `leaves.json: ${error}`,
          `${JSON.stringify(leaves).slice(0, 80)}: ${error}`,
        );
        refused += 1;
      }
    }
    assert.ok(refused > 20, `${refused} refused`);
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
