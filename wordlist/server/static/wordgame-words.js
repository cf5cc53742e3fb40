// What the tiles placed on a Wordgame board spell, as the page shows it before the server scores
// the move; the blank's letter, asked in a dialog; the board's zoom on a phone.

import { fill, h } from "/dom.js";

/**
 * The words tiles placed on `cells` form (main word first), or `problem`: a rule they break, or
 * `started`: one tile that spells nothing yet (no problem: the next tile may make the word).
 * @param {number[][]} cells @param {(cell: number[]) => string | null} letterAt the board with the tiles
 * @param {(cell: number[]) => boolean} onBoard @param {boolean} empty no tile on the board before this move
 */
export function formedWords(cells, letterAt, onBoard, empty) {
  if (!cells.length) return null;
  const key = ([r, c]) => `${r},${c}`;
  const rows = new Set(cells.map(([r]) => r));
  const cols = new Set(cells.map(([, c]) => c));
  if (rows.size > 1 && cols.size > 1) return { problem: "The tiles must be in one row or one column." };
  let down = cols.size === 1 && rows.size > 1;
  if (cells.length === 1) {
    const [r, c] = cells[0];
    const sideways = [c - 1, c + 1].some((cc) => onBoard([r, cc]) && letterAt([r, cc]));
    down = !(sideways || empty); // as the game reads one tile: along its neighbours
  }
  const run = (cell, alongDown) => {
    const [dr, dc] = alongDown ? [1, 0] : [0, 1];
    let start = cell;
    while (onBoard([start[0] - dr, start[1] - dc]) && letterAt([start[0] - dr, start[1] - dc]))
      start = [start[0] - dr, start[1] - dc];
    const found = [];
    for (let at = start; onBoard(at) && letterAt(at); at = [at[0] + dr, at[1] + dc]) found.push(at);
    return found;
  };
  const main = run(cells[0], down);
  const inMain = new Set(main.map(key));
  if (cells.some((cell) => !inMain.has(key(cell)))) return { problem: "The tiles leave a gap in their line." };
  const spell = (cells) => cells.map(letterAt).join("");
  const result = main.length > 1 ? [spell(main)] : [];
  for (const cell of cells) {
    const cross = run(cell, !down);
    if (cross.length > 1) result.push(spell(cross));
  }
  return result.length ? { words: result } : { started: true };
}

/** The letter a blank stands for, chosen in `dialog` ("" if the player cancels). */
export function askLetter(dialog, view) {
  const upper = (letter) => view.upper[letter] || letter.toUpperCase();
  return new Promise((resolve) => {
    fill(
      dialog,
      h("p", "Which letter is the blank?"),
      h(
        "div.letters",
        null,
        [...view.letters].map((letter) => h("button.letter", { type: "button", onclick: () => dialog.close(letter) }, upper(letter))),
      ),
      h("button.quiet", { type: "button", onclick: () => dialog.close("") }, "Cancel"),
    );
    dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
  });
}

/** The layout where the Wordgame board zooms: a phone's. */
export const narrow = () => matchMedia("(max-width: 640px)").matches;

/**
 * A board that zooms in to squares a finger can hit (CSS: `.zoomed`), scrolled in `scroller` to
 * where it was tapped, and out again to the whole board. Its button shows while zoomed in.
 * @param {HTMLElement} board @param {HTMLElement} scroller @param {(cell: number[]) => HTMLElement} square
 * @param {() => void} changed called after each zoom (what a tap does has changed)
 */
export function zoomable(board, scroller, square, changed) {
  const button = h("button.zoom", { type: "button", onclick: () => zoom.out() }, "Whole board");
  board.append(button);
  const centre = (element) => {
    scroller.scrollLeft = element.offsetLeft - (scroller.clientWidth - element.offsetWidth) / 2;
    scroller.scrollTop = element.offsetTop - (scroller.clientHeight - element.offsetHeight) / 2;
  };
  const zoom = {
    zoomed: false,
    to(cell) {
      zoom.zoomed = true;
      board.classList.add("zoomed");
      centre(square(cell));
      changed();
    },
    out() {
      zoom.zoomed = false;
      board.classList.remove("zoomed");
      changed();
    },
    /** Zoomed in, the square typed or placed on next stays in sight. */
    reveal(cell) {
      if (!zoom.zoomed || !cell) return;
      const element = square(cell);
      const left = element.offsetLeft - scroller.scrollLeft;
      const top = element.offsetTop - scroller.scrollTop;
      const outside = left < 0 || top < 0 || left + element.offsetWidth > scroller.clientWidth;
      if (outside || top + element.offsetHeight > scroller.clientHeight) centre(element);
    },
  };
  return zoom;
}
