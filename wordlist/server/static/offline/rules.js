// The two games' rules for a game against the bot kept in this browser (offline.js): the state
// machine only. Which words exist, which moves are legal and what they score come from the C core
// in a Web Worker (the bot's own search), so the points are the Python library's; a state here is
// plain JSON (localStorage), and `view` gives it in the server's shape, so the page draws a game
// kept here as it draws one the server keeps.
//
// Not the server's game: the seeded draws are this browser's (a seed gives the same game here,
// not the server's game of that seed; the bot's choice in a position is the server's: offline.js),
// the log names a Wordgame move's main word only, and turns carry no definitions (the list's
// definitions are not downloaded).

import { posMask } from "/js/index.js";
import { PASSES_TO_END } from "/js/limits.js";
import { IllegalMove, cellName, lettersLong, random, shuffle } from "/offline/moves.js";

const BLANK = "?";

// --- Balda ---------------------------------------------------------------------------------------

export const balda = {
  /** A new game: a random noun as wide as the board fills the middle row. */
  create({ lexicon, list, settings, players, seed, level }) {
    const { size, diagonal } = settings;
    const nouns = lexicon.words({ pos: "noun", length: size }).filter((w) => [...w].length === size);
    if (!nouns.length) throw new IllegalMove("no_start_word", `the list has no ${size}-letter noun to start with`);
    const rng = random(seed);
    const start = nouns[Math.floor(rng() * nouns.length)];
    const board = Array.from({ length: size * size }, () => null);
    const middle = Math.floor(size / 2);
    [...start].forEach((letter, col) => (board[middle * size + col] = letter));
    const cells = [...start].map((_, col) => middle * size + col);
    const parts = ["noun", ...(settings.extra_parts_of_speech || [])];
    return {
      game: "balda", list, players, level, seed, draws: 0, size, diagonal, parts, board,
      start_word: start, scored: [[start, cells]], scores: [0, 0], turn: 0, history: [], resigned: null,
    };
  },

  over: (s) => s.resigned !== null || s.board.every((letter) => letter !== null),

  view(s, info) {
    const rows = [];
    for (let r = 0; r < s.size; r++) rows.push(s.board.slice(r * s.size, (r + 1) * s.size).map((l) => l ?? ".").join(""));
    return {
      settings: { size: s.size, diagonal: s.diagonal, extra_parts_of_speech: s.parts.slice(1) },
      board: rows,
      start_word: s.start_word,
      placeable: this.over(s) ? [] : placeable(s).map((i) => [Math.floor(i / s.size), i % s.size]),
      can_pass: false,
      can_exchange: false,
      ...common(s, info),
    };
  },

  position(s) {
    const scored = {};
    for (const [word, cells] of s.scored) (scored[word] ??= []).push(cells);
    return { game: "balda", size: s.size, diagonal: s.diagonal, board: s.board, mask: posMask(s.parts), scored };
  },

  /** The word `move` scores, or IllegalMove naming the rule it breaks (the library's order). */
  judge(s, move, lexicon) {
    const { size } = s;
    const at = (cell) => cell[0] * size + cell[1];
    const on = (cell) => Array.isArray(cell) && cell.length === 2 && cell.every((v) => Number.isInteger(v) && v >= 0 && v < size);
    const { cell, path } = move ?? {};
    if (!on(cell) || !Array.isArray(path) || !path.every(on)) throw new IllegalMove("malformed", "a move is a cell, a letter and a path of cells on the board");
    const letter = lexicon.normalize(String(move.letter ?? ""));
    if (s.board[at(cell)] !== null) throw new IllegalMove("cell_taken", `${cellName(cell)} holds ${lexicon.display(s.board[at(cell)])}`);
    if (!neighbours(s, at(cell)).some((n) => s.board[n] !== null)) throw new IllegalMove("not_adjacent", cellName(cell));
    if ([...letter].length !== 1 || !lexicon.letters.includes(letter)) throw new IllegalMove("not_a_letter", JSON.stringify(move.letter));
    if (!path.length) throw new IllegalMove("empty_path");
    for (let i = 1; i < path.length; i++) {
      if (!neighbours(s, at(path[i - 1])).includes(at(path[i]))) throw new IllegalMove("path_gap", `${cellName(path[i - 1])} to ${cellName(path[i])}`);
    }
    const indexes = path.map(at);
    if (new Set(indexes).size !== indexes.length) throw new IllegalMove("cell_reused");
    if (!indexes.includes(at(cell))) throw new IllegalMove("new_letter_unused", `the path does not go through ${cellName(cell)}`);
    const letters = indexes.map((i) => (i === at(cell) ? letter : s.board[i]));
    const empty = letters.indexOf(null);
    if (empty >= 0) throw new IllegalMove("path_empty_cell", cellName(path[empty]));
    const word = letters.join("");
    if (letters.length > 1) {
      if (s.scored.some(([earlier, cells]) => earlier === word && cells.some((c) => indexes.includes(c)))) {
        throw new IllegalMove("already_scored", lexicon.display(word));
      }
      if (!lexicon.isWord(word, { pos: s.parts })) throw new IllegalMove("not_a_word", lexicon.display(word));
    }
    return { word, points: letters.length, cell: at(cell), letter, path: indexes };
  },

  play(s, judged) {
    const { size } = s;
    const pair = (i) => [Math.floor(i / size), i % size];
    s.board[judged.cell] = judged.letter;
    s.scores[s.turn] += judged.points;
    s.scored.push([judged.word, judged.path]);
    const turn = {
      player: s.turn, action: "play", notation: `${cellName(pair(judged.cell))} ${judged.letter} ${judged.path.map((i) => cellName(pair(i))).join("-")}`,
      points: judged.points, definitions: [], cell: pair(judged.cell), letter: judged.letter, path: judged.path.map(pair), word: judged.word,
    };
    s.history.push(turn);
    s.turn = 1 - s.turn;
    return turn;
  },

  /** The bot's moves: the core's words, else a letter alone on each free cell (1 point). */
  async candidates(s, search) {
    const words = await search(this.position(s));
    const moves = words.map((m) => ({ cell: m.cell, letter: m.letter, path: m.path, points: m.points, value: m.value }));
    if (moves.length) return moves;
    const letter = [...s.start_word][0];
    return placeable(s).map((cell) => ({ cell, letter, path: [cell], points: 1 }));
  },

  moveOf(s, candidate) {
    const pair = (i) => [Math.floor(i / s.size), i % s.size];
    return { cell: pair(candidate.cell), letter: candidate.letter, path: candidate.path.map(pair) };
  },

  hintSteps(s, judged, lexicon) {
    const word = lexicon.display(judged.word);
    const cell = cellName([Math.floor(judged.cell / s.size), judged.cell % s.size]);
    return [`Try ${lettersLong([...word].length)} word beginning with ${[...word][0]}.`, `Put a letter on ${cell} for ${lettersLong([...word].length)} word.`];
  },
};

function neighbours(s, i) {
  const { size } = s;
  const r = Math.floor(i / size);
  const c = i % size;
  const steps = [[-1, 0], [1, 0], [0, -1], [0, 1]];
  if (s.diagonal) steps.push([-1, -1], [-1, 1], [1, -1], [1, 1]);
  return steps.map(([dr, dc]) => [r + dr, c + dc]).filter(([y, x]) => y >= 0 && y < size && x >= 0 && x < size).map(([y, x]) => y * size + x);
}

function placeable(s) {
  return s.board.flatMap((letter, i) => (letter === null && neighbours(s, i).some((n) => s.board[n] !== null) ? [i] : []));
}

// --- Wordgame ------------------------------------------------------------------------------------

export const wordgame = {
  /** A new game: the list's tiles shuffled with the seed, a rack each. */
  create({ list, game, players, seed, level }) {
    const bag = [];
    for (const [tile, { count }] of Object.entries(game.tiles).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      for (let i = 0; i < count; i++) bag.push(tile);
    }
    const s = {
      game: "wordgame", list, players, level, seed, draws: 0, layout: { board: game.board, start: game.start },
      rack_size: game.rack_size, points: Object.fromEntries(Object.entries(game.tiles).map(([t, v]) => [t, v.points])),
      counts: Object.fromEntries(Object.entries(game.tiles).map(([t, v]) => [t, v.count])),
      board: game.board.map((row) => [...row].map(() => null)), blanks: [], bag: shuffle(bag, random(seed)),
      racks: [[], []], scores: [0, 0], turn: 0, passes: 0, history: [], resigned: null,
    };
    for (const p of [0, 1]) s.racks[p] = s.bag.splice(0, s.rack_size);
    return s;
  },

  over: (s) => s.resigned !== null || s.passes >= PASSES_TO_END || (!s.bag.length && s.racks.some((r) => !r.length)),

  rackValue: (s, p) => s.racks[p].reduce((sum, t) => sum + (s.points[t] ?? 0), 0),

  canExchange: (s) => !wordgame.over(s) && s.bag.length >= s.rack_size,

  view(s, info) {
    const over = this.over(s);
    const unseen = { ...s.counts };
    s.board.forEach((row, r) => row.forEach((letter, c) => {
      if (letter !== null) {
        const tile = s.blanks.some(([y, x]) => y === r && x === c) ? BLANK : letter;
        unseen[tile] -= 1;
      }
    }));
    for (const t of s.racks[0]) unseen[t] -= 1;
    return {
      settings: { rack_size: s.rack_size, layout: s.layout },
      board: s.board.map((row) => row.map((l) => l ?? ".").join("")),
      blanks: [...s.blanks].sort((a, b) => a[0] - b[0] || a[1] - b[1]),
      rack: [...s.racks[0]],
      rack_tiles: s.racks.map((r) => r.length),
      opponent_tiles: s.racks[1].length,
      bag: s.bag.length,
      tile_points: s.points,
      passes: s.passes,
      passes_to_end: PASSES_TO_END,
      final_scores: over ? [0, 1].map((p) => s.scores[p] - this.rackValue(s, p)) : null,
      unseen: Object.fromEntries(Object.entries(unseen).filter(([, n]) => n > 0).sort(([a], [b]) => (a < b ? -1 : 1))),
      can_pass: !over,
      can_exchange: this.canExchange(s),
      ...common(s, info),
    };
  },

  position(s, rack = s.racks[s.turn]) {
    return { game: "wordgame", board: s.board, blanks: s.blanks, layout: s.layout, points: s.points, rack, rackSize: s.rack_size };
  },

  /** The core's move that places exactly the tiles of `move` (and so its points), or IllegalMove. */
  async judge(s, move, lexicon, search) {
    const size = s.board.length;
    const tiles = move?.tiles;
    if (!Array.isArray(tiles) || !tiles.length || tiles.length > s.rack_size) throw new IllegalMove("malformed", "a move is a list of tiles, each a cell and a letter");
    const placed = [];
    const rack = [...s.racks[s.turn]];
    for (const tile of tiles) {
      const cell = tile?.cell;
      if (!Array.isArray(cell) || cell.length !== 2 || !cell.every((v) => Number.isInteger(v) && v >= 0 && v < size)) {
        throw new IllegalMove("off_board", JSON.stringify(cell));
      }
      const letter = lexicon.normalize(String(tile.letter ?? ""));
      if (!lexicon.letters.includes(letter) || [...letter].length !== 1) throw new IllegalMove("not_a_letter", JSON.stringify(tile.letter));
      if (s.board[cell[0]][cell[1]] !== null) throw new IllegalMove("square_taken", cellName(cell));
      const from = rack.indexOf(tile.blank ? BLANK : letter);
      if (from < 0) throw new IllegalMove("not_on_rack", tile.blank ? "a blank" : lexicon.display(letter));
      rack.splice(from, 1);
      placed.push(`${cell[0]},${cell[1]},${letter},${tile.blank ? 1 : 0}`);
    }
    const wanted = placed.sort().join(";");
    for (const candidate of await search(this.position(s))) {
      if (this.placedKey(candidate) === wanted) return candidate;
    }
    const first = s.board.every((row) => row.every((l) => l === null));
    throw new IllegalMove("not_a_move", first
      ? `the first word must cross ${cellName(s.layout.start)}, in one line, and be a word of the list`
      : "the tiles must lie in one line, touch the board, and make only words of the list");
  },

  cells(candidate) {
    return candidate.tiles.map((_, i) => (candidate.direction === 0 ? [candidate.line, candidate.start + i] : [candidate.start + i, candidate.line]));
  },

  placedKey(candidate) {
    const cells = this.cells(candidate);
    return candidate.tiles.flatMap(([letter, kind], i) => (kind ? [`${cells[i][0]},${cells[i][1]},${letter},${kind === 2 ? 1 : 0}`] : [])).sort().join(";");
  },

  moveOf(s, candidate) {
    const cells = this.cells(candidate);
    return { tiles: candidate.tiles.flatMap(([letter, kind], i) => (kind ? [{ cell: cells[i], letter, blank: kind === 2 }] : [])) };
  },

  play(s, candidate) {
    const cells = this.cells(candidate);
    const rack = s.racks[s.turn];
    const placed = [];
    candidate.tiles.forEach(([letter, kind], i) => {
      if (!kind) return;
      const [r, c] = cells[i];
      s.board[r][c] = letter;
      rack.splice(rack.indexOf(kind === 2 ? BLANK : letter), 1);
      if (kind === 2) s.blanks.push([r, c]);
      placed.push({ cell: [r, c], letter, blank: kind === 2 });
    });
    const word = candidate.tiles.map(([letter]) => letter).join("");
    const spelled = candidate.tiles.map(([letter, kind]) => (kind === 2 ? BLANK + letter : letter)).join("");
    const direction = candidate.direction === 0 ? "across" : "down";
    s.scores[s.turn] += candidate.points;
    s.passes = 0;
    rack.push(...s.bag.splice(0, s.rack_size - rack.length));
    return this.record(s, {
      action: "play", tiles: placed, start: cells[0], direction, words: [[word, candidate.points]], points: candidate.points,
      bingo: placed.length === s.rack_size, notation: `${cellName(cells[0])} ${direction} ${spelled}`,
    });
  },

  exchange(s, tiles) {
    if (!this.canExchange(s)) throw new IllegalMove("exchange_not_allowed", `the bag holds fewer than ${s.rack_size} tiles`);
    const rack = s.racks[s.turn];
    const back = [];
    for (const tile of Array.isArray(tiles) ? tiles : [...String(tiles ?? "")]) {
      const at = rack.indexOf(tile);
      if (at < 0) throw new IllegalMove("not_on_rack", String(tile));
      back.push(...rack.splice(at, 1));
    }
    if (!back.length) throw new IllegalMove("malformed", "an exchange names the tiles to put back");
    rack.push(...s.bag.splice(0, back.length));
    s.bag = shuffle([...s.bag, ...back], random(s.seed + ++s.draws));
    s.passes += 1;
    return this.record(s, { action: "exchange", exchanged: back.length, notation: "exchange" });
  },

  pass(s) {
    s.passes += 1;
    return this.record(s, { action: "pass", notation: "pass" });
  },

  record(s, fields) {
    const turn = {
      player: s.turn, action: "play", tiles: [], start: null, direction: "", words: [], points: 0,
      bingo: false, redraw: false, definitions: [], exchanged: 0, notation: "", ...fields,
    };
    s.history.push(turn);
    s.turn = 1 - s.turn;
    return turn;
  },

  async candidates(s, search) {
    return search(this.position(s));
  },

  hintSteps(s, candidate, lexicon) {
    const word = lexicon.display(candidate.tiles.map(([l]) => l).join(""));
    const [cell] = this.cells(candidate);
    return [
      `Try ${lettersLong([...word].length)} word beginning with ${[...word][0]}, worth ${candidate.points}.`,
      `It starts on ${cellName(cell)} and goes ${candidate.direction === 0 ? "across" : "down"}.`,
    ];
  },
};

/** What both games' views share. */
function common(s, info) {
  const rules = s.game === "balda" ? balda : wordgame;
  const over = rules.over(s);
  const finals = s.game === "wordgame" && over ? [0, 1].map((p) => s.scores[p] - wordgame.rackValue(s, p)) : s.scores;
  const best = Math.max(...finals);
  const winners = !over ? [] : s.resigned !== null ? [1 - s.resigned] : [0, 1].filter((p) => finals[p] === best);
  return {
    game: s.game, version: s.history.length, player: 0, players: s.players, turn: s.turn, scores: [...s.scores],
    over, winners, lexicon: { language: s.list.language, profile: s.list.profile },
    letters: info.letters, upper: info.upper,
    history: s.history,
  };
}
