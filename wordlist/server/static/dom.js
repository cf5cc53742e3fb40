// Building the page: h("div.board", {onclick}, child, ...) makes an element. Text from the server
// (names, words, definitions) only ever becomes text nodes, never markup.

/**
 * @param {string} spec a tag name with optional .classes, like "button.cell.filled"
 * @param {object | null} [attrs] attributes (a plain object; anything else is the first child);
 *   on* keys are listeners, `dataset` and `style` are objects
 * @param {...(Node | string | number | null | undefined | false | Array)} children
 * @returns {HTMLElement}
 */
export function h(spec, attrs, ...children) {
  if (attrs !== null && attrs !== undefined && Object.getPrototypeOf(attrs) !== Object.prototype) {
    children.unshift(attrs);
    attrs = null;
  }
  const [tag, ...classes] = spec.split(".");
  const element = document.createElement(tag || "div");
  if (classes.length) element.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) element.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === "dataset") Object.assign(element.dataset, value);
    else if (key === "style") for (const [name, v] of Object.entries(value)) element.style.setProperty(name, String(v));
    else if (key === "class") element.className += ` ${value}`;
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

/** Replace everything in `element` with `children`. */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

/** A score as it is printed: a minus sign for a score below zero (Wordgame's tiles left count against it). */
export function signed(points) {
  return points < 0 ? `−${-points}` : String(points);
}

/** "b3": the column letter and the row number, as the terminal and the log write a cell. */
export function cellName([row, col]) {
  return `${String.fromCharCode(97 + col)}${row + 1}`;
}

/** The arrow keys as [row, column] steps on a board. */
export const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/** Is a key pressed with the focus on a board's square, or on no button? There Enter plays (on
 * any other button it presses that button). */
export function onBoardOrPage(target) {
  return !target.closest?.("button") || Boolean(target.closest(".grid"));
}

/** A touch screen (a finger, no mouse): the page says "tap" there, and never "type". */
export const touch = () => matchMedia("(pointer: coarse)").matches;

/** "Click" or "Tap", as the screen is used. */
export const press = () => (touch() ? "Tap" : "Click");

let asking = null; // the one question dialog, made on first use

/**
 * Ask in the page (a modal dialog, not window.confirm: it looks like the page and a test can
 * answer it). Resolves true when the player confirms.
 * @param {string | Node | Array} question @param {string} yes the confirming button's label
 */
export function ask(question, yes) {
  if (!asking) {
    asking = h("dialog.ask", { "aria-label": "Confirm" });
    document.body.append(asking);
  }
  const dialog = asking;
  return new Promise((resolve) => {
    fill(
      dialog,
      h("p.question", question),
      h(
        "div.buttons",
        null,
        h("button.primary.confirm", { type: "button", onclick: () => dialog.close("yes") }, yes),
        h("button.cancel", { type: "button", onclick: () => dialog.close("") }, "Cancel"),
      ),
    );
    dialog.returnValue = "";
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.showModal();
    dialog.querySelector(".cancel").focus(); // Enter on a stray key press does not resign
  });
}

/** A button that asks `question` in the page before it sends `action` with `act`. */
export function askingButton(spec, label, question, act, action) {
  return h(spec, { type: "button", onclick: async () => (await ask(question, label)) && act(action) }, label);
}
