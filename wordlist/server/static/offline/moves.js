// Small pieces the offline games share: the rules' error, cell names, seeded draws.

/** A move the rules refuse: `code` is the library's rule code (as the server's 422 body says). */
export class IllegalMove extends Error {
  constructor(code, detail = "") {
    super(detail ? `${RULES[code] ?? code}: ${detail}` : (RULES[code] ?? code));
    this.code = code;
  }
}

// the library's words for each rule (wordlist.errors and the games' records), for the same messages
const RULES = {
  malformed: "the move is not well formed",
  cell_taken: "the cell already holds a letter",
  not_adjacent: "the new letter must touch a letter on the board",
  not_a_letter: "not a letter of the list's alphabet",
  empty_path: "the word's path is empty",
  path_gap: "each letter of the path must touch the one before",
  cell_reused: "the path uses a cell twice",
  new_letter_unused: "the word must use the new letter",
  path_empty_cell: "the path crosses an empty cell",
  already_scored: "that word was already scored on these cells",
  not_a_word: "not a word of the list",
  no_start_word: "no start word",
  off_board: "a tile lies off the board",
  square_taken: "the square already holds a tile",
  not_on_rack: "not on your rack",
  not_a_move: "not a move the rules allow here",
  exchange_not_allowed: "no exchange now",
  game_over: "the game is over",
  not_your_turn: "it is not your turn",
};

/** (row, col) -> "b3": column letter, row number from 1 at the top, as the game's log names cells. */
export function cellName([row, col]) {
  return `${String.fromCharCode(97 + col)}${row + 1}`;
}

/** "a 5-letter", "an 8-letter", "an 11-letter" (wordlist.games.terminal.letters_long). */
export function lettersLong(n) {
  return `${String(n).startsWith("8") || n === 11 || n === 18 ? "an" : "a"} ${n}-letter`;
}

/** A generator of numbers in [0, 1) from a 32-bit seed (mulberry32): the same seed, the same game. */
export function random(seed) {
  let a = Number(BigInt.asUintN(32, BigInt(Math.trunc(seed) || 0)));
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `items` in a random order drawn from `rng` (Fisher-Yates, in place). */
export function shuffle(items, rng) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
