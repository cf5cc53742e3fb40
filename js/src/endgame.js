// Wordgame's endgame search with the bag empty (both racks known): the Python library's
// `wordgame.equity.endgame`, step for step, so the values (whole points here, hundredths out) and
// the positions it spends are the same; `Bots.values(position, "expert")` runs it on the
// WebAssembly core's move search (core.js).

import { LEAVE_UNIT, MAX_RACK, PASSES_TO_END, WORDGAME_ENDGAME_MOVES, WORDGAME_ENDGAME_NODES } from "./limits.js";

export { PASSES_TO_END }; // (the scoreless turns that end a game: limits.py owns it)
const BLANK = "?";
const ON_BOARD = 0;
const BLANK_TILE = 2;
const WIDE = 1e9; // the full window: every spread lies within it

class OutOfBudget extends Error {}

/**
 * Each root move's value in hundredths: the spread it leads to for the player to move when both
 * play their best, by iterative deepening within `budget` move generations (equity.py `endgame`
 * documents the search). `generate(board, blanks, rack)`: the moves of a position, in the Python
 * library's order (`{direction, line, start, tiles, points}`); `roots`: the moves of the position
 * itself; `racks`: [the player's, the opponent's]; `difference`: the player's lead; `points`:
 * {tile: points}. Also the positions spent, the last complete depth and whether it is exact.
 */
export function endgame({ generate, board, blanks, roots, racks, difference, points }, budget = WORDGAME_ENDGAME_NODES, width = WORDGAME_ENDGAME_MOVES) {
  let nodes = 0;
  let cut = false; // whether a line of the depth being searched was stopped by the depth
  const rackPoints = (tiles) => tiles.reduce((sum, t) => sum + (t !== BLANK && Object.hasOwn(points, t) ? points[t] : 0), 0);
  const settled = (spread, held, player) => spread - rackPoints(held[player]) + rackPoints(held[1 - player]);

  function moves(board, blanks, rack) {
    nodes += 1;
    if (nodes > budget) throw new OutOfBudget();
    const found = generate(board, blanks, rack).map(placement);
    return found.sort((a, b) => b.gained - a.gained); // (stable: the generator's order among equals)
  }

  function play(board, blanks, player, held, spread, { gained, placed }, depth, alpha, beta) {
    const after = [held[0], held[1]];
    after[player] = kept(held[player], placed.map(([, , letter, blank]) => (blank ? BLANK : letter)));
    const mine = spread + gained;
    if (!after[player].length) return mine + rackPoints(after[1 - player]); // played out: the game ends
    if (depth <= 1) {
      cut = true;
      return settled(mine, after, player);
    }
    const [nextBoard, nextBlanks] = placedOn(board, blanks, placed);
    return -search(nextBoard, nextBlanks, 1 - player, after, -mine, 0, depth - 1, -beta, -alpha);
  }

  function search(board, blanks, player, held, spread, passes, depth, alpha, beta) {
    if (passes >= PASSES_TO_END) return settled(spread, held, player);
    let best;
    if (depth <= 1) {
      cut = true;
      best = settled(spread, held, player); // a pass, the line stopped there
    } else {
      best = -search(board, blanks, 1 - player, held, -spread, passes + 1, depth - 1, -beta, -alpha);
    }
    alpha = Math.max(alpha, best);
    for (const move of moves(board, blanks, held[player])) {
      if (alpha >= beta) break;
      const value = play(board, blanks, player, held, spread, move, depth, alpha, beta);
      best = Math.max(best, value);
      alpha = Math.max(alpha, value);
    }
    return best;
  }

  const root = roots.map(placement);
  let values = root.map((move) => play(board, blanks, 0, racks, difference, move, 1, -WIDE, WIDE));
  const byValue = (i, j) => values[j] - values[i] || i - j;
  const order = values.map((_, i) => i).sort(byValue).slice(0, width);
  let depth = 1;
  let exact = false;
  for (let deeper = 2; deeper < 4 * MAX_RACK + 3 && order.length; deeper++) { // a tile or a pass a ply
    cut = false;
    const found = new Map();
    try {
      for (const i of order) found.set(i, play(board, blanks, 0, racks, difference, root[i], deeper, -WIDE, WIDE));
    } catch (error) {
      if (error instanceof OutOfBudget) break;
      throw error;
    }
    const drop = Math.max(0, ...order.map((i) => values[i] - found.get(i)));
    values = values.map((value, i) => (found.has(i) ? found.get(i) : value - drop));
    order.sort(byValue);
    depth = deeper;
    exact = !cut;
    if (exact) break; // every line ended: the values are exact
  }
  return { values: values.map((value) => value * LEAVE_UNIT + 0), nodes: Math.min(nodes, budget), depth, exact }; // (+ 0: no -0)
}

/** A generated move as the search plays it: its points and the tiles it places, [row, column,
 * letter, whether a blank] each. */
function placement({ direction, line, start, tiles, points }) {
  const placed = [];
  tiles.forEach(([letter, kind], k) => {
    if (kind !== ON_BOARD) placed.push([direction === 0 ? line : start + k, direction === 0 ? start + k : line, letter, kind === BLANK_TILE]);
  });
  return { gained: points, placed };
}

/** The tiles of `rack` left after `used` leave it (equity.py `kept`). */
function kept(rack, used) {
  const left = [...rack];
  for (const tile of used) {
    const at = left.indexOf(tile);
    if (at < 0) throw new RangeError(`a move places ${JSON.stringify(tile)}, which is not on the rack`);
    left.splice(at, 1);
  }
  return left;
}

/** A copy of the board rows and the blank squares with `placed` on them. */
function placedOn(board, blanks, placed) {
  const rows = board.map((row) => [...row]);
  const squares = [...blanks];
  for (const [r, c, letter, blank] of placed) {
    rows[r][c] = letter;
    if (blank) squares.push([r, c]);
  }
  return [rows, squares];
}
