// Balda on the page: pick an empty square next to the letters, pick its letter, then trace the
// word through neighbouring squares (click or tap them in order). Keyboard: arrows move between
// squares, a letter key picks the letter, Enter plays, Backspace undoes a step, Escape starts over.
// A move shown from the log (or the other player's move just made) has its path in violet.

import { ARROWS, askingButton, cellName, fill, h, onBoardOrPage, press } from "/dom.js";

/**
 * @param {{view: object, act: (action: object) => Promise<boolean>, say: (text: string, kind?: string) => void}} game
 */
export function mountBalda({ view: first, act, say }) {
  const size = first.settings.size;
  const diagonal = first.settings.diagonal;
  const pos = ["noun", ...first.settings.extra_parts_of_speech];
  let view = first;
  let myTurn = false;
  let lexicon = null;
  let move = { cell: null, letter: null, path: [] };
  let fresh = new Set(); // cells of the turns just played
  let focus = [Math.floor(size / 2), 0];
  let shown = first.version; // the version the move in progress is made on
  let shownTurn = null; // a turn of the log shown on the board
  let hinted = null; // the square a hint points at

  const key = ([r, c]) => `${r},${c}`;
  const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];
  const letterAt = ([r, c]) => (same(move.cell, [r, c]) ? move.letter : view.board[r][c] === "." ? null : view.board[r][c]);
  const upper = (text) => [...text].map((c) => view.upper[c] || c.toUpperCase()).join("");
  const touches = (a, b) => {
    const dr = Math.abs(a[0] - b[0]);
    const dc = Math.abs(a[1] - b[1]);
    return dr + dc === 1 || (diagonal && dr === 1 && dc === 1);
  };

  const cells = [];
  const grid = h("div.grid", { role: "grid", "aria-label": `Balda board, ${size} by ${size}`, style: { "--size": size } });
  const columns = h("div.columns", { "aria-hidden": "true" });
  const rows = h("div.rows", { "aria-hidden": "true" });
  for (let c = 0; c < size; c++) columns.append(h("span", String.fromCharCode(97 + c)));
  for (let r = 0; r < size; r++) {
    rows.append(h("span", String(r + 1)));
    for (let c = 0; c < size; c++) {
      const cell = h("button.cell", {
        type: "button",
        role: "gridcell",
        tabindex: -1,
        dataset: { cell: `${r},${c}` },
        onclick: () => click([r, c]),
      });
      cells.push(cell);
      grid.append(cell);
    }
  }
  const board = h("div.balda-board", { style: { "--size": size } }, h("span.corner"), columns, rows, grid);

  const word = h("div.word-preview", { "aria-live": "polite" });
  const letters = h("div.letters", { role: "group", "aria-label": "Letters" });
  const playWord = h("button.primary", { type: "button", onclick: () => submit(move.path) }, "Play word");
  const letterOnly = h("button", { type: "button", onclick: () => submit([move.cell]), title: "Score the new letter alone: 1 point" }, "Letter only (+1)");
  const undo = h("button", { type: "button", onclick: () => back(), title: "Backspace" }, "Undo");
  const clear = h("button", { type: "button", onclick: () => reset(), title: "Escape" }, "Clear");
  const resign = askingButton("button.quiet", "Resign", `Resign this game? ${first.players[1 - first.player]} wins it.`, act, { action: "resign" });
  const controls = h(
    "div.controls.balda-controls",
    null,
    word,
    letters,
    h("div.buttons", null, playWord, letterOnly, undo, clear, resign),
  );

  function click(cell) {
    focus = cell;
    if (!myTurn) return say(view.over ? "The game is over." : "Wait for your turn.", "info");
    say("");
    shownTurn = hinted = null; // a move begins: the board shows it alone
    const placeable = view.placeable.some((p) => same(p, cell));
    if (!move.letter) {
      if (placeable) move = { cell: same(move.cell, cell) ? null : cell, letter: null, path: [] };
      else if (letterAt(cell)) say("First put a new letter on an empty square next to the letters.", "info");
      else say("That square does not touch a letter.", "info");
      return draw();
    }
    if (!letterAt(cell)) {
      if (placeable && !move.path.length) move = { cell, letter: move.letter, path: [] };
      else say("A word runs through letters only.", "info");
      return draw();
    }
    const at = move.path.findIndex((p) => same(p, cell));
    if (at >= 0) move.path = move.path.slice(0, at); // back to before that square
    else if (!move.path.length || touches(move.path.at(-1), cell)) move.path = [...move.path, cell];
    else move.path = [cell]; // not next to the last letter: start the word here
    draw();
  }

  function pickLetter(letter) {
    if (!move.cell || !myTurn) return;
    move = { ...move, letter };
    if (!move.path.length) move.path = [];
    draw();
  }

  function back() {
    if (move.path.length) move.path = move.path.slice(0, -1);
    else if (move.letter) move.letter = null;
    else move.cell = null;
    draw();
  }

  function reset() {
    move = { cell: null, letter: null, path: [] };
    draw();
  }

  async function submit(path) {
    if (!move.cell || !move.letter || !path.length) return;
    const played = await act({
      action: "play",
      move: { cell: move.cell, letter: move.letter, path },
    });
    if (played) move = { cell: null, letter: null, path: [] };
    draw();
  }

  function spelled() {
    return move.path.map((cell) => letterAt(cell)).join("");
  }

  function verdict(text) {
    if (!text) return null;
    if (!move.path.some((p) => same(p, move.cell))) return ["warn", "the word must use your new letter"];
    if (text.length === 1) return ["ok", "a single letter: 1 point"];
    const cells = new Set(move.path.map(key));
    const startPath = Array.from({ length: size }, (_, c) => [Math.floor(size / 2), c]);
    const scored = [{ word: view.start_word, path: startPath }, ...view.history];
    if (scored.some((t) => t.word === text && t.path?.some((p) => cells.has(key(p)))))
      return ["bad", "already scored on these squares"];
    if (!lexicon) return ["wait", "checked when you play"];
    return lexicon.isWord(text, { pos }) ? ["ok", `a word: ${text.length} points`] : ["bad", "not in the word list"];
  }

  function draw() {
    const inPath = new Map(move.path.map((cell, i) => [key(cell), i + 1]));
    const shownPath = new Map((shownTurn?.path || []).map((cell, i) => [key(cell), i + 1]));
    for (const cell of cells) {
      const [r, c] = cell.dataset.cell.split(",").map(Number);
      const here = [r, c];
      const letter = letterAt(here);
      const placeable = myTurn && !move.letter && view.placeable.some((p) => same(p, here));
      cell.className = "cell";
      cell.classList.toggle("filled", Boolean(letter));
      cell.classList.toggle("placeable", placeable);
      cell.classList.toggle("start", r === Math.floor(size / 2));
      cell.classList.toggle("new-letter", same(move.cell, here));
      cell.classList.toggle("in-path", inPath.has(key(here)));
      cell.classList.toggle("fresh", fresh.has(key(here)));
      cell.classList.toggle("shown-path", shownPath.has(key(here)));
      cell.classList.toggle("shown-letter", Boolean(same(shownTurn?.cell, here)));
      cell.classList.toggle("hinted", Boolean(same(hinted, here)));
      cell.tabIndex = same(focus, here) ? 0 : -1;
      const order = inPath.get(key(here)) ?? shownPath.get(key(here));
      fill(cell, letter ? upper(letter) : "", order ? h("span.order", String(order)) : null);
      cell.setAttribute(
        "aria-label",
        `${cellName(here)}${letter ? `, ${upper(letter)}` : ", empty"}${order ? `, letter ${order} of the word` : ""}`,
      );
    }
    const text = spelled();
    const judged = verdict(text);
    if (text) {
      fill(
        word,
        h(
          "span.tiles",
          null,
          move.path.map((cell) => h(`span.tile${same(cell, move.cell) ? ".new" : ""}`, upper(letterAt(cell)))),
        ),
        judged ? h(`span.verdict.${judged[0]}`, judged[1]) : null,
      );
    } else if (move.cell && move.letter) {
      const step = `${press()} the word's letters in order`;
      fill(word, h("span.prompt", `Now trace the word: ${step.toLowerCase()} (${upper(move.letter)} on ${cellName(move.cell)} among them).`));
    } else if (move.cell) {
      fill(word, h("span.prompt", `Pick the letter for ${cellName(move.cell)}:`));
    } else {
      fill(word, h("span.prompt", myTurn ? `${press()} an empty square next to the letters.` : ""));
    }
    letters.hidden = !move.cell || !myTurn;
    fill(
      letters,
      [...view.letters].map((letter) =>
        h(
          `button.letter${letter === move.letter ? ".chosen" : ""}`,
          { type: "button", "aria-pressed": String(letter === move.letter), onclick: () => pickLetter(letter) },
          upper(letter),
        ),
      ),
    );
    playWord.disabled = !myTurn || !move.letter || !move.path.length;
    letterOnly.disabled = !myTurn || !move.letter;
    undo.disabled = !myTurn || !move.cell;
    clear.disabled = !myTurn || !move.cell;
    resign.disabled = !myTurn;
  }

  function moveFocus(dr, dc) {
    focus = [(focus[0] + dr + size) % size, (focus[1] + dc + size) % size];
    draw();
    cells[focus[0] * size + focus[1]].focus();
  }

  return {
    board,
    controls,
    show(next, turns, mine) {
      view = next;
      myTurn = mine;
      fresh = new Set(turns.filter((t) => t.action === "play").map((t) => key(t.cell)));
      if (!mine || view.version !== shown) move = { cell: null, letter: null, path: [] };
      shown = view.version;
      draw();
    },
    useLexicon(found) {
      lexicon = found;
      draw();
    },
    help() {
      return "Put a letter next to the others, then trace a word through it.";
    },
    ending(final) {
      return final.history.at(-1)?.action === "resign" ? null : h("p.why", "The board is full.");
    },
    showTurn(turn) {
      shownTurn = turn && turn.action === "play" ? turn : null;
      draw();
    },
    markHint(answer) {
      hinted = answer.cell;
      draw();
    },
    applyHint(answer) {
      const { cell, letter, path } = answer.move;
      move = { cell, letter, path };
      shownTurn = hinted = null;
      draw();
    },
    key(event) {
      if (ARROWS[event.key]) {
        moveFocus(...ARROWS[event.key]);
        return true;
      }
      if (!myTurn) return false;
      if (event.key === "Escape") return reset(), true;
      if (event.key === "Backspace") return back(), true;
      if (event.key === "Enter" && onBoardOrPage(event.target)) {
        if (move.path.length) submit(move.path);
        return true;
      }
      const letter = event.key.length === 1 ? event.key.toLowerCase() : "";
      if (move.cell && letter && view.letters.includes(letter)) return pickLetter(letter), true;
      return false;
    },
  };
}
