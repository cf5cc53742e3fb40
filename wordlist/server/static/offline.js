// The offline game (offline.html?game=balda|wordgame&language=en[&size=5][&seed=N]): you against
// the bot, all in the browser. The bot's moves and the check of yours come from one search of the
// C core in a Web Worker (bot-worker.js) on the list's own words.dawg; the page keeps the board,
// the bag, the racks and the scores. The service worker (sw.js) keeps the page, the reader, the
// core and the list, so the game goes on with the server gone. Not here: games against a friend,
// Balda's one-letter moves and Wordgame's exchanges and end-of-game rack penalties (the server's
// games have them).

import { cellName, fill, h } from "/dom.js";
import { posMask } from "/js/index.js";

const main = document.getElementById("main");
const YOU = 0;
const BOT = 1;
const BLANK = "?";

// --- the bot: the core in a worker -----------------------------------------------------------------

class Bot {
  constructor() {
    this.worker = new Worker("/bot-worker.js", { type: "module" });
    this.waiting = new Map();
    this.next = 0;
    this.worker.onmessage = ({ data }) => {
      const done = this.waiting.get(data.id);
      this.waiting.delete(data.id);
      if (data.ok) done?.resolve(data);
      else done?.reject(new Error(data.error));
    };
  }

  ask(kind, fields = {}) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, kind, ...fields });
    });
  }
}

async function listFile(language, profile, name) {
  const response = await fetch(`/api/lists/${encodeURIComponent(language)}/${encodeURIComponent(profile)}/files/${name}`);
  if (!response.ok) throw new Error(`${language}/${profile} ${name}: HTTP ${response.status} (not cached for offline play)`);
  return name.endsWith(".json") ? response.json() : response.arrayBuffer();
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same game. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function best(moves) {
  let chosen = null;
  for (const move of moves) if (!chosen || move.points > chosen.points) chosen = move;
  return chosen; // the first of the most points, as the strong bot and Bots.bestMove choose
}

// --- Balda ---------------------------------------------------------------------------------------

const balda = {
  profile: "balda",
  async start(bot, random, params) {
    const size = [5, 7, 9].includes(Number(params.get("size"))) ? Number(params.get("size")) : 5;
    const { words } = await bot.ask("words", { length: size, pos: "noun" });
    if (!words.length) throw new Error(`the list has no noun of ${size} letters to start with`);
    const start = words[Math.floor(random() * words.length)];
    const board = Array(size * size).fill(null);
    const middle = Math.floor(size / 2) * size;
    [...start].forEach((letter, i) => (board[middle + i] = letter));
    const cells = [...start].map((_, i) => middle + i);
    return { game: "balda", size, board, scored: { [start]: [cells] }, start, blanks: [] };
  },
  position(state) {
    return { game: "balda", size: state.size, board: state.board, mask: posMask("noun"), scored: state.scored };
  },
  word(state, move) {
    return move.path.map((cell) => (cell === move.cell ? move.letter : state.board[cell])).join("");
  },
  where(state, move) {
    return `${move.letter.toUpperCase()} at ${cellName([Math.floor(move.cell / state.size), move.cell % state.size])}`;
  },
  apply(state, move) {
    const word = balda.word(state, move);
    state.board[move.cell] = move.letter;
    (state.scored[word] ??= []).push([...move.path].sort((a, b) => a - b));
  },
  over(state) {
    return state.board.every((square) => square !== null);
  },
  rows(state) {
    return Array.from({ length: state.size }, (_, r) => state.board.slice(r * state.size, (r + 1) * state.size));
  },
};

// --- Wordgame ------------------------------------------------------------------------------------

const wordgame = {
  profile: "wordgame",
  async start(bot, random, params, game) {
    const bag = Object.entries(game.tiles).flatMap(([tile, { count }]) => Array(count).fill(tile));
    for (let i = bag.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [bag[i], bag[j]] = [bag[j], bag[i]];
    }
    const size = game.board.length;
    const state = { game: "wordgame", size, board: Array.from({ length: size }, () => Array(size).fill(null)), blanks: [] };
    Object.assign(state, { bag, racks: [[], []], rackSize: game.rack_size });
    wordgame.draw(state, YOU);
    wordgame.draw(state, BOT);
    return state;
  },
  draw(state, player) {
    while (state.racks[player].length < state.rackSize && state.bag.length) state.racks[player].push(state.bag.pop());
  },
  position(state, player) {
    return { game: "wordgame", board: state.board, rack: state.racks[player], blanks: state.blanks };
  },
  square(move, i) {
    return move.direction === 0 ? [move.line, move.start + i] : [move.start + i, move.line];
  },
  word(state, move) {
    return move.tiles.map(([letter]) => letter).join("");
  },
  where(state, move) {
    return `${move.direction === 0 ? "across" : "down"} from ${cellName(wordgame.square(move, 0))}`;
  },
  apply(state, move, player) {
    const rack = state.racks[player];
    move.tiles.forEach(([letter, kind], i) => {
      if (kind === 0) return; // already on the board
      const [row, col] = wordgame.square(move, i);
      state.board[row][col] = letter;
      rack.splice(rack.indexOf(kind === 2 ? BLANK : letter), 1);
      if (kind === 2) state.blanks.push([row, col]);
    });
    wordgame.draw(state, player);
  },
  over(state) {
    return !state.bag.length && state.racks.some((rack) => !rack.length);
  },
  rows(state) {
    return state.board;
  },
};

// --- the game ------------------------------------------------------------------------------------

class OfflineGame {
  constructor(rules, bot, state) {
    Object.assign(this, { rules, bot, state });
    Object.assign(state, { scores: [0, 0], turn: YOU, passes: 0, over: false, log: [] });
    window.offlineGame = state; // (the game's state, for the console and the tests)
  }

  async search(player) {
    const position = this.rules.position(this.state, player);
    const { moves } = await this.bot.ask("search", { position });
    return { position: structuredClone(position), moves };
  }

  /** A move found by the core for `player` (or a pass: null) played; the bot's turn follows yours. */
  async play(player, move, position) {
    const { state, rules } = this;
    const word = move && rules.word(state, move);
    state.log.push({ player, position, move, word, points: move?.points ?? 0 });
    if (move) {
      rules.apply(state, move, player);
      state.scores[player] += move.points;
      state.passes = 0;
    } else {
      state.passes += 1;
    }
    state.turn = 1 - player;
    state.over = rules.over(state) || state.passes >= 2;
    this.render();
    if (!state.over && state.turn === BOT) {
      const found = await this.search(BOT);
      await this.play(BOT, best(found.moves), found.position);
    }
  }

  render(found = null) {
    const { state, rules } = this;
    const [you, bot] = state.scores;
    const status = state.over
      ? `Game over: ${you > bot ? "you win" : you < bot ? "the bot wins" : "a draw"}.`
      : state.turn === YOU
        ? "Your move: type a word."
        : "The bot is thinking…";
    const blank = new Set(state.blanks.map(([r, c]) => `${r},${c}`));
    const board = h(
      "div.offline-board",
      { style: { "grid-template-columns": `repeat(${state.size}, auto)` }, "aria-label": "Board" },
      rules.rows(state).flatMap((row, r) =>
        row.map((letter, c) => h(`span${letter ? ".filled" : ""}${blank.has(`${r},${c}`) ? ".blank" : ""}`, null, letter ?? "")),
      ),
    );
    const word = h("input", { name: "word", "aria-label": "Word", autocomplete: "off", disabled: state.over || state.turn !== YOU });
    const form = h(
      "form.row",
      { onsubmit: (event) => (event.preventDefault(), this.find(word.value)) },
      word,
      h("button.primary", { type: "submit", disabled: state.over || state.turn !== YOU }, "Find"),
      h("button", { type: "button", disabled: state.over || state.turn !== YOU, onclick: () => this.pass() }, "Pass"),
    );
    fill(
      main,
      h(
        "section.card.offline",
        { dataset: { game: state.game } },
        h("h1", state.game === "balda" ? "Balda against the bot" : "Wordgame against the bot"),
        h("p.scores", null, `You ${you} · Bot ${bot}`),
        h("p.status", { role: "status" }, status),
        board,
        state.racks ? h("p.rack", null, `Your rack: ${state.racks[YOU].join(" ").toUpperCase()}`) : null,
        form,
        found,
        h(
          "ol.log",
          null,
          state.log.map((turn) =>
            h("li", null, `${turn.player === YOU ? "You" : "Bot"}: ${turn.move ? `${turn.word.toUpperCase()} +${turn.points}` : "pass"}`),
          ),
        ),
      ),
    );
  }

  /** Where `typed` can be played now, as the core found it: a button a placement. */
  async find(typed) {
    const wanted = typed.trim().toLowerCase();
    const { position, moves } = await this.search(YOU);
    const fitting = moves.filter((move) => this.rules.word(this.state, move) === wanted);
    const answer = fitting.length
      ? h(
          "div.placements",
          null,
          fitting.map((move) =>
            h("button", { type: "button", onclick: () => this.play(YOU, move, position) }, `${this.rules.where(this.state, move)} +${move.points}`),
          ),
        )
      : h("p.message.error", { role: "alert" }, `${typed.trim() || "Nothing"} cannot be played here.`);
    this.render(answer);
  }

  async pass() {
    const { position } = await this.search(YOU);
    await this.play(YOU, null, position);
  }
}

/** The service worker installed and in control of the page (on a first visit it takes control as
 * it activates), so that the list's files fetched next are kept for offline play. */
async function underServiceWorker() {
  const workers = navigator.serviceWorker;
  if (!workers) return; // (no offline play: the game still runs while the server answers)
  try {
    await workers.register("/sw.js");
    await workers.ready;
  } catch (error) {
    console.warn("no offline play:", error);
    return;
  }
  if (!workers.controller) await new Promise((resolve) => workers.addEventListener("controllerchange", resolve, { once: true }));
}

async function begin() {
  const params = new URLSearchParams(location.search);
  const rules = params.get("game") === "wordgame" ? wordgame : balda;
  const language = params.get("language") || "en";
  const seed = Number.parseInt(params.get("seed") ?? "", 10);
  fill(main, h("p.muted", "Loading the word list and the bot…"));
  try {
    await underServiceWorker();
    const [dawg, alphabet, game] = await Promise.all(
      ["words.dawg", "alphabet.json", "game.json"].map((name) =>
        name === "game.json" && rules === balda ? null : listFile(language, rules.profile, name),
      ),
    );
    const bot = new Bot();
    await bot.ask("load", { dawg, alphabet, game });
    const random = seeded(Number.isSafeInteger(seed) ? seed : Math.floor(Math.random() * 2 ** 32));
    const play = new OfflineGame(rules, bot, await rules.start(bot, random, params, game));
    play.render();
  } catch (error) {
    fill(main, h("p.message.error", { role: "alert" }, error.message));
  }
}

begin();
