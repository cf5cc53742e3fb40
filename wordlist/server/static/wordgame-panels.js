// Wordgame's panels beside the log: the tiles a player cannot see (the bag and the other rack,
// by letter), the list's two- and three-letter words, and how a game ended.

import { api } from "/api.js";
import { fill, h, signed } from "/dom.js";

/** The unseen tiles: each letter with how many are left, as players count them. */
export function unseenPanel() {
  const element = h("div.unseen");
  return {
    name: "Tiles",
    element,
    update(view) {
      const unseen = view.unseen || {};
      const total = Object.values(unseen).reduce((a, b) => a + b, 0);
      const other = view.players[1 - view.player];
      const upper = (tile) => (tile === "?" ? "?" : view.upper[tile] || tile.toUpperCase());
      fill(
        element,
        h("p.muted", `${total} tiles unseen: ${view.bag} in the bag, ${view.opponent_tiles} on ${other}'s rack.`),
        h(
          "ul.tile-counts",
          { "aria-label": "Unseen tiles" },
          Object.entries(unseen).map(([tile, count]) =>
            h(
              "li",
              { dataset: { tile }, title: tile === "?" ? `${count} blank${count === 1 ? "" : "s"}` : `${count} × ${upper(tile)}` },
              h(`span.mini-tile${tile === "?" ? ".blank" : ""}`, upper(tile)),
              h("span.count", String(count)),
            ),
          ),
        ),
      );
    },
  };
}

const PAGES = 5; // pages of 1,000 words at most, per length (an English list has some 1,300 of three letters)

/** The list's words of two and of three letters, fetched when the panel is first opened. */
export function shortWordsPanel(view) {
  const element = h("div.short-words", null, h("p.muted", "Loading…"));
  const { language, profile } = view.lexicon;
  const upper = (word) => [...word].map((c) => view.upper[c] || c.toUpperCase()).join("");
  let loading = null;
  async function words(length) {
    const found = [];
    let offset = 0;
    for (let page = 0; page < PAGES && offset !== null; page++) {
      const base = `/api/lists/${encodeURIComponent(language)}/${encodeURIComponent(profile)}/words`;
      const answer = await api(`${base}?length=${length}&limit=1000&offset=${offset}`);
      found.push(...answer.words);
      offset = answer.next_offset;
    }
    return found;
  }
  return {
    name: "Short words",
    element,
    open() {
      loading ??= Promise.all([words(2), words(3)])
        .then(([two, three]) =>
          fill(
            element,
            [
              ["Two letters", two],
              ["Three letters", three],
            ].map(([title, list]) =>
              h(
                "section",
                { dataset: { length: title.startsWith("Two") ? 2 : 3 } },
                h("h3", `${title} (${list.length})`),
                list.length ? h("p.word-list", list.map(upper).join(" ")) : h("p.muted", "none in this list"),
              ),
            ),
          ),
        )
        .catch((error) => {
          loading = null; // tried again when the panel is opened again
          fill(element, h("p.message.error", error.message));
        });
    },
  };
}

/** Why the game ended, and what each rack's tiles cost. */
export function ending(view, me) {
  const names = view.players.map((name, seat) => (seat === me ? "You" : name));
  const last = view.history.at(-1);
  let why;
  if (last?.action === "resign") why = `${names[last.player]} resigned.`;
  else if (view.passes >= view.passes_to_end) {
    const passes = view.history.slice(-view.passes_to_end).every((t) => t.action === "pass");
    why = `It ended after ${view.passes_to_end} ${passes ? "passes" : "scoreless turns"} in a row.`;
  } else {
    const out = view.rack_tiles.findIndex((tiles) => tiles === 0);
    why = out >= 0 ? `${names[out]} played out ${out === me ? "your" : "their"} last tiles with the bag empty.` : "";
  }
  const final = view.final_scores || view.scores;
  const rows = view.players.map((_, seat) => {
    const left = view.scores[seat] - final[seat];
    return h(
      "tr",
      { dataset: { seat } },
      h("th", { scope: "row" }, names[seat]),
      h("td", String(view.scores[seat])),
      h("td.penalty", left ? `−${left}` : "0"),
      h("td.final", signed(final[seat])),
    );
  });
  return h(
    "div.ending",
    null,
    why ? h("p.why", why) : null,
    last?.action === "resign"
      ? null
      : h(
          "table.final-scores",
          null,
          h("thead", null, h("tr", null, h("th", ""), h("th", "scored"), h("th", "tiles left"), h("th", "final"))),
          h("tbody", null, rows),
        ),
  );
}
