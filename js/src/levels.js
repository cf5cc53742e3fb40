// How the Python library's bot picks its move once the moves are valued (wordlist/games/bot.py),
// with Python's random generator (random.js) consuming its draws in the same order: the expert's
// opponent racks first (wordgame/equity.py `opponent_racks`; none for the endgame, the bag empty),
// then the level's pick; `chooseMove` puts them together for `Bots.choose` (core.js).

import { describe } from "./alphabet.js";
import { LEAVE_UNIT, MAX_TILES, WORDGAME_EXPERT_RACKS } from "./limits.js";
import { PythonRandom } from "./random.js";

const BLANK = "?";

/** The bot levels, weakest first (wordlist.games.bot.LEVELS). */
export const LEVELS = Object.freeze(["beginner", "greedy", "strong", "expert"]);

/** `bots.choose(position, level, seed)` (core.js documents it): the moves `bots` finds, valued
 * at `level` as the Python bot values them, and its pick among them with Python's draws. */
export function chooseMove(bots, position, level, seed) {
  if (!LEVELS.includes(level)) throw new RangeError(`level: one of ${LEVELS.join(", ")}, not ${describe(level)}`);
  const rng = new PythonRandom(seed);
  const pick = level === "beginner" ? weakerHalf : best;
  const valued = level === "strong" || level === "expert"; // (the others value a move by its points)
  const words = bots.search(position);
  let moves = words;
  let values = null;
  if (position.game === "wordgame" && valued && words.length) {
    let drawn = position;
    const known = (tile) => tile === BLANK || bots.letters.includes(tile);
    if (level === "expert" && !position.bag) {
      // the endgame: no draws; the opponent's rack is all the player cannot see
      drawn = { ...position, opponentRack: position.opponentRack ?? unseenTiles(position.unseen, known) };
    } else if (level === "expert") {
      // the racks first, as the Python bot draws them (wordgame/equity.py `opponent_racks`)
      const rackSize = position.rackSize ?? bots.lexicon.game?.rack_size ?? position.rack.length;
      const racks = opponentRacks(rng, unseenTiles(position.unseen, known), rackSize, WORDGAME_EXPERT_RACKS);
      drawn = { ...position, racks };
    }
    const found = bots.values(drawn, level);
    if (found.exchangeInstead) return { exchange: found.exchange.tiles, value: found.exchange.value / LEAVE_UNIT };
    values = found.values;
  } else if (position.game === "balda" && !words.length) {
    moves = baldaSingles(position, bots.letters);
  } else if (position.game === "balda" && valued) {
    values = bots.values(position, level).values;
  }
  if (!moves.length) return null;
  values ??= moves.map((move) => move.points);
  const chosen = pick(values, rng);
  return { ...moves[chosen], value: values[chosen] };
}

/** The index of a move of the highest value, ties drawn with `rng` (bot.py `best`). */
export function best(values, rng) {
  const top = values.reduce((a, b) => (b > a ? b : a), -Infinity); // (no spread: long move lists)
  return rng.choice(indexesWhere(values, (v) => v === top));
}

/** The index of a random move among those worth at most the median (bot.py `weaker_half`). */
export function weakerHalf(values, rng) {
  const middle = median(values);
  return rng.choice(indexesWhere(values, (v) => v <= middle));
}

/** Python's `statistics.median`: the middle value, or the mean of the two middle ones. */
export function median(values) {
  if (values.length === 0) throw new RangeError("median: no values");
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  return sorted.length % 2 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

function indexesWhere(values, keep) {
  const found = [];
  values.forEach((v, i) => keep(v) && found.push(i));
  return found;
}

/** Python's order of strings: by code point (JavaScript's `<` compares UTF-16 units). */
export function byCodePoint(a, b) {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
}

/**
 * The tiles a player cannot see as Python's `Wordgame.unseen` lists them for the draws: `unseen`
 * ({tile: count}, the bag and the other rack, as a game's view gives it) sorted by tile, each
 * tile as many times as its count. `known(tile)`: whether the list has that tile.
 * @param {Record<string, number>} unseen
 * @param {(tile: string) => boolean} known
 * @returns {string[]}
 */
export function unseenTiles(unseen, known) {
  if (unseen === null || typeof unseen !== "object" || Array.isArray(unseen)) {
    throw new RangeError(`position.unseen: the tiles the player cannot see, {tile: count}, not ${describe(unseen)}`);
  }
  const tiles = [];
  for (const tile of Object.keys(unseen).sort(byCodePoint)) {
    const count = unseen[tile];
    if (!known(tile)) throw new RangeError(`position.unseen: ${describe(tile)} is no tile of the list`);
    if (!Number.isSafeInteger(count) || count < 0 || tiles.length + count > MAX_TILES) {
      throw new RangeError(`position.unseen[${JSON.stringify(tile)}]: a count of tiles (${MAX_TILES} in all at most), not ${describe(count)}`);
    }
    for (let k = 0; k < count; k++) tiles.push(tile);
  }
  return tiles;
}

/** `iterations` racks of `rackSize` tiles (fewer if fewer are unseen) drawn from `tiles` with
 * `rng`, one `sample` each (equity.py `opponent_racks`); none when there is nothing to draw. */
export function opponentRacks(rng, tiles, rackSize, iterations) {
  const size = Math.min(rackSize, tiles.length);
  return iterations && size ? Array.from({ length: iterations }, () => rng.sample(tiles, size)) : [];
}

/** Balda's one-letter moves where no word can be made (movegen.py `single_letters`): each empty
 * cell next to a letter, in cell order, with each letter of the alphabet; one point each. */
export function baldaSingles(position, letters) {
  const { size, board } = position;
  const steps = [[-1, 0], [1, 0], [0, -1], [0, 1]];
  if (position.diagonal) steps.push([-1, -1], [-1, 1], [1, -1], [1, 1]);
  const nextToLetter = (i) => {
    const [r, c] = [Math.floor(i / size), i % size];
    return steps.some(([dr, dc]) => {
      const [y, x] = [r + dr, c + dc];
      return y >= 0 && y < size && x >= 0 && x < size && board[y * size + x] !== null && board[y * size + x] !== undefined;
    });
  };
  const moves = [];
  board.forEach((square, cell) => {
    if ((square === null || square === undefined) && nextToLetter(cell)) {
      for (const letter of letters) moves.push({ cell, letter, path: [cell], points: 1 });
    }
  });
  return moves;
}
