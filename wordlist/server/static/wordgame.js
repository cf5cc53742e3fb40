// Wordgame on the page: a tile of your rack, then a square (or a square, then tiles); a blank asks
// for its letter. Keyboard: click a square, then type the word (Space turns across/down); Enter
// plays, Backspace takes the last tile back, Escape recalls them all. While tiles are placed the
// server scores the move (its main and cross words and their points) before it is played.
// Exchange: choose the tiles to put back, then confirm (while the bag holds a full rack).
// On a phone the board first shows whole; a tap zooms it in (squares of a finger's size) around
// the tap, and playing or recalling zooms it out again.

import { ARROWS, ask, askingButton, cellName, fill, h, onBoardOrPage, press, touch } from "/dom.js";
import { ending, shortWordsPanel, unseenPanel } from "/wordgame-panels.js";
import { askLetter, formedWords, narrow, zoomable } from "/wordgame-words.js";

const PREMIUMS = {
  T: ["tw", "triple word", "TW"],
  D: ["dw", "double word", "DW"],
  t: ["tl", "triple letter", "TL"],
  d: ["dl", "double letter", "DL"],
};
const PREVIEW_DELAY = 120; // ms after the last tile placed before the server scores the move

/**
 * @param {{view: object, act: (action: object) => Promise<boolean>, say: (text: string, kind?: string) => void,
 *   check: (move: object) => Promise<object>}} game
 */
export function mountWordgame({ view: first, act, say, check }) {
  const layout = first.settings.layout;
  const size = layout.board.length;
  const [startRow, startCol] = layout.start;
  let view = first;
  let myTurn = false;
  let lexicon = null;
  let placed = new Map(); // "r,c" -> {slot, letter, blank}, in the order placed
  let selected = null; // a rack slot
  let cursor = null; // {cell: [r, c], down: boolean}
  let lastDown = false; // the way the last word was typed, for the next square clicked
  let order = []; // the rack's slots in the order shown (Shuffle changes it)
  let rackKey = "";
  let fresh = new Set();
  let shown = first.version;
  let exchanging = null; // while choosing tiles to exchange: the chosen rack slots
  let shownTurn = new Set(); // the squares of a move shown from the log
  let hinted = null; // {cell, down}: where a hint's word starts
  let preview = { key: "", answer: null }; // the server's score of the tiles placed (key: which tiles)

  const key = ([r, c]) => `${r},${c}`;
  const parse = (k) => k.split(",").map(Number);
  const upper = (text) => [...text].map((c) => view.upper[c] || c.toUpperCase()).join("");
  const onBoard = ([r, c]) => r >= 0 && c >= 0 && r < size && c < size;
  const boardLetter = ([r, c]) => (view.board[r][c] === "." ? null : view.board[r][c]);
  const letterAt = (cell) => placed.get(key(cell))?.letter ?? boardLetter(cell);
  const usedSlots = () => new Set([...placed.values()].map((p) => p.slot));
  const blanks = () => new Set(view.blanks.map(key));
  const points = (tile) => view.tile_points[tile] ?? 0;
  const other = () => view.players[1 - view.player];
  const endsGame = () => view.passes + 1 >= view.passes_to_end; // a scoreless turn now ends the game

  const squares = [];
  const grid = h("div.grid", { role: "grid", "aria-label": `Wordgame board, ${size} by ${size}`, style: { "--size": size } });
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const premium = PREMIUMS[layout.board[r][c]];
      const square = h("button.square", {
        type: "button",
        role: "gridcell",
        tabindex: -1,
        dataset: { cell: `${r},${c}`, premium: premium ? premium[2] : "" },
        class: [premium?.[0], r === startRow && c === startCol ? "start" : null].filter(Boolean).join(" "),
        onclick: () => clickSquare([r, c]),
      });
      squares.push(square);
      grid.append(square);
    }
  }
  const legend = h(
    "div.legend",
    { "aria-hidden": "true" },
    Object.values(PREMIUMS).map(([cls, name, short]) => h("span", null, h(`span.swatch.${cls}`, short), ` ${name}`)),
    h("span", null, h("span.swatch.start", "★"), " start"),
  );
  const scroller = h("div.board-scroll", null, grid);
  const board = h("div.wordgame-board", { style: { "--size": size } }, scroller, legend);
  const zoom = zoomable(board, scroller, (cell) => squares[cell[0] * size + cell[1]], () => drawWords());

  const rack = h("div.rack", { role: "group", "aria-label": "Your rack", style: { "--rack": first.settings.rack_size } });
  const words = h("div.word-preview", { "aria-live": "polite" });
  const bag = h("div.bag.muted");
  const play = h("button.primary", { type: "button", onclick: () => submit() }, "Play");
  const recall = h("button", { type: "button", onclick: () => recallAll(), title: "Escape" }, "Recall");
  const shuffle = h("button", { type: "button", onclick: () => shuffleRack() }, "Shuffle");
  const pass = h("button.pass", { type: "button", onclick: () => passTurn() }, "Pass");
  const exchange = h("button.exchange", { type: "button", onclick: () => startExchange() }, "Exchange");
  const confirmExchange = h("button.primary.confirm-exchange", { type: "button", onclick: () => submitExchange() });
  const cancelExchange = h("button.cancel-exchange", { type: "button", onclick: () => stopExchange() }, "Cancel");
  const resign = askingButton("button.quiet", "Resign", `Resign this game? ${other()} wins it.`, act, { action: "resign" });
  const blankDialog = h("dialog.blank-letter", { "aria-label": "The blank's letter" });
  const controls = h(
    "div.controls.wordgame-controls",
    null,
    rack,
    words,
    h("div.buttons", null, play, recall, shuffle, pass, exchange, confirmExchange, cancelExchange, resign),
    bag,
    blankDialog,
  );
  const unseen = unseenPanel();

  // --- placing tiles ----------------------------------------------------------------------------

  function clickSquare(cell) {
    if (narrow() && !zoom.zoomed) return zoom.to(cell); // at a glance's size, a tap would miss its square
    if (!myTurn) return say(view.over ? "The game is over." : "Wait for your turn.", "info");
    if (exchanging) return say(`Choose the tiles to exchange on your rack, or Cancel.`, "info");
    say("");
    shownTurn = new Set();
    const here = key(cell);
    if (placed.has(here)) {
      placed.delete(here); // back to the rack
      cursor = { cell, down: cursor?.down ?? false };
      return draw();
    }
    if (selected !== null) {
      if (boardLetter(cell)) return; // a tile goes on an empty square
      const slot = selected;
      selected = null;
      return place(cell, slot);
    }
    // a second click on the square turns the way; not when the cursor only moved there by itself
    const turn = cursor && key(cursor.cell) === here && !cursor.moved;
    cursor = { cell, down: turn ? !cursor.down : (cursor?.down ?? lastDown) };
    draw();
  }

  function clickTile(slot) {
    if (!myTurn) return;
    say("");
    if (exchanging) {
      if (!exchanging.delete(slot)) exchanging.add(slot);
      return draw();
    }
    if (usedSlots().has(slot)) {
      for (const [k, p] of placed) if (p.slot === slot) placed.delete(k);
      return draw();
    }
    if (cursor && !letterAt(cursor.cell)) return place(cursor.cell, slot);
    selected = selected === slot ? null : slot;
    draw();
  }

  async function place(cell, slot, letter = null) {
    const tile = view.rack[slot];
    if (tile === "?" && !letter) letter = await askLetter(blankDialog, view);
    if (tile === "?" && !letter) return draw();
    placed.set(key(cell), { slot, letter: tile === "?" ? letter : tile, blank: tile === "?" });
    advance(cell);
    draw();
    zoom.reveal(cursor?.cell);
  }

  function advance(cell) {
    const down = cursor?.down ?? false;
    const next = down ? [cell[0] + 1, cell[1]] : [cell[0], cell[1] + 1];
    cursor = onBoard(next) ? { cell: next, down, moved: true } : null;
  }

  function typed(letter) {
    if (!cursor) return say("Click the square where your word starts.", "info");
    // the word is typed whole: a letter on the board is typed over when it is the one typed, and
    // passed when it is not (then the typed letter goes on the next empty square)
    while (cursor && letterAt(cursor.cell)) {
      const there = letterAt(cursor.cell);
      advance(cursor.cell);
      if (there === letter) return draw();
    }
    if (!cursor) return draw();
    const used = usedSlots();
    let slot = order.find((s) => !used.has(s) && view.rack[s] === letter);
    let blank = null;
    if (slot === undefined) {
      slot = order.find((s) => !used.has(s) && view.rack[s] === "?");
      blank = letter;
    }
    if (slot === undefined) return say(`No ${upper(letter)} on your rack.`, "info");
    place(cursor.cell, slot, blank);
  }

  function back() {
    const last = [...placed.keys()].at(-1);
    if (last === undefined) return;
    placed.delete(last);
    cursor = { cell: parse(last), down: cursor?.down ?? false };
    draw();
  }

  function recallAll() {
    lastDown = cursor?.down ?? lastDown; // the next square clicked types the same way
    cursor = null;
    placed = new Map();
    selected = null;
    zoom.out();
    draw();
  }

  function shuffleRack() {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    draw();
  }

  async function submit() {
    if (!placed.size) return say("Place tiles on the board first.", "info");
    const tiles = [...placed].map(([k, p]) => ({ cell: parse(k), letter: p.letter, blank: p.blank }));
    if (await act({ action: "play", move: { tiles } })) {
      placed = new Map();
      cursor = null;
      zoom.out();
    }
    draw();
  }

  async function passTurn() {
    const question = endsGame()
      ? `Passing now ends the game: ${view.passes_to_end} scoreless turns in a row. The tiles left on each rack count against its player.`
      : "Pass this turn?";
    if (await ask(question, endsGame() ? "Pass and end the game" : "Pass")) act({ action: "pass" });
  }

  // --- exchanging tiles ------------------------------------------------------------------------

  function startExchange() {
    if (!myTurn || !view.can_exchange) return;
    placed = new Map();
    selected = null;
    cursor = null;
    exchanging = new Set();
    say(`Choose the tiles to put back in the bag, then confirm.`, "info");
    draw();
  }

  function stopExchange() {
    exchanging = null;
    say("");
    draw();
  }

  async function submitExchange() {
    if (!exchanging?.size) return say("Choose at least one tile to exchange.", "info");
    const tiles = [...exchanging].map((slot) => view.rack[slot]);
    const question = `Exchanging now ends the game: ${view.passes_to_end} scoreless turns in a row. The tiles left on each rack count against its player.`;
    if (endsGame() && !(await ask(question, "Exchange and end the game"))) return;
    if (await act({ action: "exchange", tiles })) exchanging = null;
    draw();
  }

  // --- what the tiles spell, and score ------------------------------------------------------------

  const formed = () =>
    formedWords([...placed.keys()].map(parse), letterAt, onBoard, view.board.every((row) => /^\.*$/.test(row)));

  function placedTiles() {
    return [...placed].map(([k, p]) => ({ cell: parse(k), letter: p.letter, blank: p.blank }));
  }

  /** Ask the server what the tiles placed score, once they stay put for a moment. */
  function askScore() {
    const tiles = placedTiles();
    const asked = JSON.stringify(tiles);
    if (asked === preview.key) return;
    preview = { key: asked, answer: null };
    setTimeout(async () => {
      if (preview.key !== asked || !myTurn) return;
      try {
        const answer = await check({ tiles });
        if (preview.key === asked) preview = { key: asked, answer };
      } catch {
        return; // the move is judged when it is played
      }
      drawWords();
    }, PREVIEW_DELAY);
  }

  function drawWords() {
    const found = formed();
    if (exchanging) return fill(words, h("span.prompt", `${press()} the tiles to put back in the bag.`));
    if (!found) return fill(words, h("span.prompt", myTurn ? howTo() : ""));
    if (found.problem) return fill(words, h("span.verdict.warn", found.problem));
    if (found.started) return fill(words, h("span.prompt", "Now the next tile of the word."));
    const answer = preview.key === JSON.stringify(placedTiles()) ? preview.answer : null;
    if (answer?.legal) {
      return fill(
        words,
        answer.words.map((w, i) =>
        h(`span.formed.ok${i ? ".cross" : ""}`, spell(w), " ", h("small.word-points", String(w.points))),
      ),
        h("strong.total", `${answer.points} points`),
        answer.bingo ? h("span.tag", "all tiles: main word doubled") : null,
      );
    }
    fill(
      words,
      found.words.map((word) => {
        const ok = lexicon ? lexicon.isWord(word) : null;
        return h(
          `span.formed.${ok === null ? "wait" : ok ? "ok" : "bad"}`,
          { title: ok === null ? "checked when you play" : ok ? "in the word list" : "not in the word list" },
          upper(word),
          ok === null ? "" : ok ? " ✓" : " ✗",
        );
      }),
      answer?.problem ? h("span.verdict.warn", capital(answer.problem.message)) : null,
    );
  }

  /** A scored word as players read it: a blank's letter in lower case, marked. */
  function spell({ word, cells }) {
    const blank = blanks();
    return [...word].map((letter, i) => {
      const here = key(cells[i]);
      const isBlank = placed.has(here) ? placed.get(here).blank : blank.has(here);
      return isBlank ? h("span.blank-letter", { title: "a blank" }, letter) : upper(letter);
    });
  }

  function howTo() {
    if (!touch()) return "Click a tile, then a square; or click a square and type the word.";
    return narrow() && !zoom.zoomed ? "Tap the board to zoom in, then a tile and a square." : "Tap a tile, then a square.";
  }

  // --- drawing ----------------------------------------------------------------------------------

  function draw() {
    const blank = blanks();
    for (const square of squares) {
      const here = square.dataset.cell;
      const cell = parse(here);
      const tentative = placed.get(here);
      const letter = tentative?.letter ?? boardLetter(cell);
      const isBlank = tentative ? tentative.blank : blank.has(here);
      square.classList.toggle("filled", Boolean(letter));
      square.classList.toggle("tentative", Boolean(tentative));
      square.classList.toggle("blank", Boolean(letter) && isBlank);
      square.classList.toggle("fresh", fresh.has(here));
      square.classList.toggle("shown", shownTurn.has(here));
      const hint = hinted !== null && key(hinted.cell) === here;
      square.classList.toggle("hinted", hint);
      square.classList.toggle("hint-down", hint && hinted.down);
      square.classList.toggle("cursor", Boolean(cursor && key(cursor.cell) === here));
      square.classList.toggle("down", Boolean(cursor?.down));
      square.tabIndex = cursor ? (key(cursor.cell) === here ? 0 : -1) : here === `${startRow},${startCol}` ? 0 : -1;
      // a blank shows its letter as players write it: lower case (and no points)
      fill(square, letter ? [isBlank ? letter : upper(letter), h("small.points", isBlank ? "" : String(points(letter)))] : "");
      const premium = square.dataset.premium;
      square.setAttribute(
        "aria-label",
        `${cellName(cell)}${letter ? `, ${upper(letter)}${isBlank ? " (blank)" : ""}` : premium ? `, ${PREMIUMS[layout.board[cell[0]][cell[1]]][1]}` : ""}`,
      );
    }
    const used = usedSlots();
    fill(
      rack,
      order.map((slot) => {
        const tile = view.rack[slot];
        const chosen = Boolean(exchanging?.has(slot));
        return h(
          `button.tile${used.has(slot) ? ".used" : ""}${selected === slot ? ".selected" : ""}${chosen ? ".chosen" : ""}${tile === "?" ? ".blank" : ""}`,
          {
            type: "button",
            disabled: !myTurn,
            "aria-label": tile === "?" ? "blank tile" : `${upper(tile)}, ${points(tile)} points`,
            "aria-pressed": String(exchanging ? chosen : selected === slot),
            onclick: () => clickTile(slot),
          },
          tile === "?" ? "" : upper(tile),
          h("small.points", String(points(tile))),
        );
      }),
    );
    const found = formed();
    if (found?.words && myTurn && !exchanging) askScore();
    drawWords();
    fill(bag, `Bag: ${view.bag} tiles · ${other()}: ${view.opponent_tiles} tiles`);
    play.disabled = !myTurn || !placed.size;
    recall.disabled = !myTurn || !placed.size;
    shuffle.disabled = !view.rack.length;
    pass.disabled = !myTurn || Boolean(exchanging);
    resign.disabled = !myTurn || Boolean(exchanging);
    // Exchange only while the bag holds a full rack; choosing tiles swaps the buttons for Confirm/Cancel
    exchange.hidden = !view.can_exchange || Boolean(exchanging);
    exchange.disabled = !myTurn;
    exchange.title = `Put tiles back in the bag and draw as many (${view.bag} tiles in the bag)`;
    confirmExchange.hidden = cancelExchange.hidden = !exchanging;
    confirmExchange.disabled = !exchanging?.size;
    fill(confirmExchange, exchanging?.size ? `Exchange ${exchanging.size} tile${exchanging.size === 1 ? "" : "s"}` : "Choose tiles");
    for (const button of [play, recall, shuffle]) button.hidden = Boolean(exchanging);
    unseen.update(view);
  }

  return {
    board,
    controls,
    panels: [unseen, shortWordsPanel(first)],
    show(next, turns, mine) {
      view = next;
      myTurn = mine;
      fresh = new Set(turns.filter((t) => t.action === "play").flatMap((t) => t.tiles.map((tile) => key(tile.cell))));
      const nowKey = view.rack.join("");
      if (nowKey !== rackKey) {
        rackKey = nowKey;
        order = view.rack.map((_, slot) => slot);
      }
      if (!mine || view.version !== shown || !view.can_exchange) exchanging = null;
      if (!mine || view.version !== shown) {
        placed = new Map();
        selected = null;
        cursor = null;
        hinted = null;
        preview = { key: "", answer: null };
      }
      shown = view.version;
      draw();
    },
    useLexicon(found) {
      lexicon = found;
      draw();
    },
    help() {
      return view.history.some((t) => t.action === "play")
        ? "Place tiles in one line, touching the tiles on the board."
        : "The first word covers the ★ and has at least 4 letters.";
    },
    ending,
    showTurn(turn) {
      shownTurn = new Set(turn?.action === "play" ? turn.tiles.map((tile) => key(tile.cell)) : []);
      draw();
    },
    markHint(answer) {
      hinted = { cell: answer.cell, down: answer.direction === "down" };
      if (narrow()) zoom.to(answer.cell);
      draw();
    },
    applyHint(answer) {
      placed = new Map();
      selected = cursor = hinted = null;
      exchanging = null;
      const free = [...order];
      for (const tile of answer.move.tiles) {
        const slot = free.find((s) => view.rack[s] === (tile.blank ? "?" : tile.letter));
        free.splice(free.indexOf(slot), 1);
        placed.set(key(tile.cell), { slot, letter: tile.letter, blank: tile.blank });
      }
      if (narrow()) zoom.to(answer.move.tiles[0].cell);
      draw();
    },
    key(event) {
      if (!myTurn) return false;
      if (exchanging) {
        if (event.key === "Escape") return stopExchange(), true;
        if (event.key === "Enter" && onBoardOrPage(event.target)) return submitExchange(), true;
        return false;
      }
      if (event.key === "Escape") return recallAll(), true;
      if (event.key === "Backspace") return back(), true;
      if (event.key === "Enter" && onBoardOrPage(event.target)) return submit(), true;
      if (event.key === " " && cursor && !event.target.closest?.(".grid")) {
        // (on a square, Space clicks it, and clicking the cursor's square turns it: the same)
        cursor = { ...cursor, down: !cursor.down };
        draw();
        return true;
      }
      if (ARROWS[event.key]) {
        const [dr, dc] = ARROWS[event.key];
        const from = cursor?.cell ?? [startRow, startCol];
        const next = [from[0] + dr, from[1] + dc];
        if (onBoard(next)) cursor = { cell: next, down: cursor?.down ?? dr !== 0 };
        draw();
        return true;
      }
      const letter = event.key.length === 1 ? event.key.toLowerCase() : "";
      if (letter && view.letters.includes(letter)) return typed(letter), true;
      return false;
    },
  };
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}
