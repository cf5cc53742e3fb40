// After a game: your moves beside the best the bot finds in the same positions (GET
// /api/games/{id}/analysis), as a table like the one Woogles shows: the word you played and its
// points, the best move found and its points (its notation on hover), and what your move gave up
// by the bot's values (a move's points, or its equity).

import { h } from "/dom.js";

/** The review of `analysis` (the API's answer) for a game seen as `view`. */
export function reviewTable(analysis, view) {
  const upper = (word) => [...word].map((letter) => view.upper[letter] || letter.toUpperCase()).join("");
  const rows = analysis.moves.map((move) => {
    const played = move.played.action === "play" ? upper(move.word) : move.played.action;
    const best = move.best;
    let verdict = "";
    if (move.given_up > 0) verdict = number(move.given_up);
    else if (best) verdict = best.word === move.word && best.points === move.played.points ? "best" : "as good";
    return h(
      `tr${move.given_up > 0 ? ".gave-up" : ""}`,
      { dataset: { index: move.index } },
      h("td.turn", String(move.index + 1)),
      h("td.word", played),
      h("td.points", String(move.played.points)),
      h("td.word", best ? h("span", { title: best.notation }, upper(best.word)) : "no move"),
      h("td.points", best ? String(best.points) : ""),
      h("td.lost", verdict),
    );
  });
  const heads = [
    ["Turn", "turn"],
    ["Played", "word"],
    ["Pts", "points"],
    ["Best found", "word"],
    ["Pts", "points"],
    ["Given up", "lost"],
  ];
  const total = analysis.moves.length
    ? `Given up in all: ${number(analysis.given_up)}.`
    : "No move of yours to review.";
  return h(
    "div.review",
    null,
    h(
      "table.review-table",
      null,
      h("caption", `Your moves beside the ${analysis.level} bot's best`),
      h("thead", null, h("tr", null, heads.map(([head, kind]) => h(`th.${kind}`, { scope: "col" }, head)))),
      h("tbody", null, rows),
    ),
    h("p.review-total", total),
  );
}

/** 3 -> "3", 2.54 -> "2.5": a value as a player reads it. */
function number(value) {
  return String(Math.round(value * 10) / 10);
}
