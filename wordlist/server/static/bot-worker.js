// The bot in a Web Worker: the JavaScript reader (/js/) loads the list's own words.dawg, and the
// C core built to WebAssembly (/js/core.wasm) searches it, so the page stays responsive and plays
// with the server gone (offline.js). Messages: {id, kind, ...} in, {id, ok, ...} out.
//   load {dawg, alphabet, game}   the list (bytes and parsed JSON)
//   words {length, pos}           the words of a length (Balda's starting word is one)
//   search {position}             every legal move (Bots.search), in the Python library's order

import { Bots } from "/js/core.js";
import { Lexicon } from "/js/index.js";

let bots = null;

const answers = {
  async load({ dawg, alphabet, game }) {
    bots?.close();
    bots = null;
    bots = await Bots.load(Lexicon.fromBytes(dawg, alphabet, game ?? null));
    return {};
  },
  words({ length, pos }) {
    return { words: loaded().lexicon.match("?".repeat(length), { pos }) };
  },
  search({ position }) {
    return { moves: loaded().search(position) };
  },
};

function loaded() {
  if (!bots) throw new Error("no word list loaded");
  return bots;
}

self.onmessage = async ({ data }) => {
  const answer = answers[data?.kind];
  try {
    if (!answer) throw new Error(`unknown request ${String(data?.kind).slice(0, 40)}`);
    self.postMessage({ id: data.id, ok: true, ...(await answer(data)) });
  } catch (error) {
    self.postMessage({ id: data?.id, ok: false, error: String(error?.message ?? error) });
  }
};
