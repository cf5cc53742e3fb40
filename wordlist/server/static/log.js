// The game's log: one entry a turn, newest first. A move's entry is a button: it shows that move
// on the board (Balda: its word's path, in violet). Wordgame words show a blank's letter as
// players read it, in lower case and marked, never the typed notation's "?".

import { cellName, h } from "/dom.js";

/**
 * The log's entries, newest first.
 * @param {object} view @param {number | null} selected the history index shown on the board
 * @param {(index: number) => void} choose called with an entry's history index when it is pressed
 */
export function logEntries(view, selected, choose) {
  const blanks = view.game === "wordgame" ? blankLetters(view.history) : [];
  return view.history
    .map((turn, index) => entry(view, turn, index, blanks[index], index === view.history.length - 1, selected, choose))
    .reverse();
}

function entry(view, turn, index, blanks, latest, selected, choose) {
  const who = view.players[turn.player];
  const upper = (letter) => view.upper[letter] || letter.toUpperCase();
  const spell = (word, marks) =>
    [...word].map((letter, i) => (marks?.[i] ? h("span.blank-letter", { title: "a blank" }, letter) : upper(letter)));
  let what;
  if (turn.action === "pass") what = h("span.what", "passed");
  else if (turn.action === "resign") what = h("span.what", "resigned");
  else if (turn.action === "exchange") what = h("span.what", `exchanged ${turn.exchanged} tile${turn.exchanged === 1 ? "" : "s"}`);
  else if (view.game === "wordgame") {
    const each = turn.words.length > 1; // a word's own points, where the move's are a sum
    what = h(
      "span.what",
      turn.words.map(([word, points], i) =>
        h("span.word", { class: i ? "cross" : "main" }, spell(word, blanks?.[i]), each ? h("small", ` ${points}`) : null),
      ),
      turn.bingo ? h("span.tag", "all tiles!") : null,
    );
  } else if (turn.path.length === 1) what = h("span.what", h("span.word", upper(turn.letter)), " alone");
  else what = h("span.what", h("span.word", spell(turn.word)));
  const definitions = turn.definitions?.length
    ? h(
        "details",
        { open: latest },
        h("summary", turn.definitions.length === 1 ? "meaning" : `${turn.definitions.length} meanings`),
        h("ul.definitions", null, turn.definitions.map((d) => h("li", d))),
      )
    : null;
  const played = turn.action === "play";
  // where the move went: Wordgame's square and direction (its word is shown above), Balda's as typed
  const where = played && view.game === "wordgame" ? `${cellName(turn.start)} ${turn.direction}` : turn.notation;
  const line = h("div.line", null, h("span.who", who), what, played ? h("span.points", `+${turn.points}`) : null);
  // a pass, an exchange, a resignation: the line says it all (its notation is the same word)
  return h(
    `li${index === selected ? ".selected" : ""}`,
    { dataset: { player: turn.player, turn: index } },
    played
      ? h(
          "button.show-move",
          {
            type: "button",
            "aria-pressed": String(index === selected),
            title: index === selected ? "Hide this move on the board" : "Show this move on the board",
            onclick: () => choose(index),
          },
          line,
          h("code.notation", where),
        )
      : line,
    definitions,
  );
}

/**
 * For each turn of a Wordgame's log, which letters of each of its words are blanks (null for a
 * turn that placed nothing): the board is laid again turn by turn, and each word found on it as
 * the game finds it (the main word from its start along the move, then the cross word through
 * each placed tile in the order of their squares).
 */
export function blankLetters(history) {
  const board = new Map(); // "r,c" -> whether the tile there is a blank
  const key = ([r, c]) => `${r},${c}`;
  const run = ([r, c], down) => {
    const [dr, dc] = down ? [1, 0] : [0, 1];
    while (board.has(key([r - dr, c - dc]))) [r, c] = [r - dr, c - dc];
    const cells = [];
    for (; board.has(key([r, c])); [r, c] = [r + dr, c + dc]) cells.push(key([r, c]));
    return cells;
  };
  return history.map((turn) => {
    if (turn.action !== "play" || !turn.start) return null;
    for (const tile of turn.tiles) board.set(key(tile.cell), tile.blank);
    const down = turn.direction === "down";
    const [r, c] = turn.start;
    const main = [...turn.words[0][0]].map((_, i) => key(down ? [r + i, c] : [r, c + i]));
    const tiles = [...turn.tiles].sort((a, b) => a.cell[0] - b.cell[0] || a.cell[1] - b.cell[1]);
    const cross = tiles.map((tile) => run(tile.cell, !down)).filter((cells) => cells.length > 1);
    return [main, ...cross].map((cells) => cells.map((cell) => board.get(cell) === true));
  });
}
