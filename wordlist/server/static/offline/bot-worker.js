// The bot in the browser: a Web Worker holding the C core built to WebAssembly (/js/core.js) on
// each list's own words.dawg, so a game against the bot needs no server. It answers two kinds of
// message, or {id, error}. {id, list: {language, profile}, position, choose: {level, seed}}: with
// {id, chosen}, the move the Python library's bot of that level plays for that seed (`Bots.choose`:
// the server's bot's move, ties drawn as Python draws them). {id, list, position, best, level}:
// with {id, moves} (and `values`): the moves of `position` in the Python library's order (`best`:
// only the first of the most points); with a `level` that values moves (Balda's lookahead,
// Wordgame's equity and simulation: "strong", "expert"), each move's value too, and at Wordgame
// the best exchange and whether the bot would rather make it, by the same evaluation as the server's. A list's
// game.json and leaves.json are loaded where it has them (/api/lists names its files).

import { Bots } from "/js/core.js";
import { Lexicon } from "/js/index.js";

/** @type {Map<string, Promise<Bots>>} */
const loaded = new Map();

function botsFor({ language, profile }) {
  const key = `${language}/${profile}`;
  if (!loaded.has(key)) {
    const base = `/api/lists/${encodeURIComponent(language)}/${encodeURIComponent(profile)}/files/`;
    const get = async (name) => {
      const response = await fetch(base + name);
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      return name.endsWith(".json") ? response.json() : new Uint8Array(await response.arrayBuffer());
    };
    const optional = (name) => get(name).catch(() => null); // a list without a game, or without leaves
    const bots = Promise.all([get("words.dawg"), get("alphabet.json"), optional("game.json"), optional("leaves.json")]).then(
      ([dawg, alphabet, game, leaves]) => Bots.load(Lexicon.fromBytes(dawg, alphabet, game, leaves)),
    );
    bots.catch(() => loaded.delete(key)); // a failed load is tried again on the next message
    loaded.set(key, bots);
  }
  return loaded.get(key);
}

self.onmessage = async ({ data }) => {
  const { id, list, position, best, level, choose } = data;
  try {
    const bots = await botsFor(list);
    if (choose) {
      self.postMessage({ id, chosen: bots.choose(position, choose.level, choose.seed) });
      return;
    }
    const moves = best ? [bots.bestMove(position)].filter(Boolean) : bots.search(position);
    const valued = level ? bots.values(position, level) : null;
    const { exchange = null, exchangeInstead = false } = valued ?? {};
    self.postMessage({ id, moves, values: valued && moves.length ? valued.values : undefined, exchange, exchangeInstead });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message || error) });
  }
};
