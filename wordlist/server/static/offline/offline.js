// Games against the bot kept in this browser, for when the server cannot be reached: api.js hands
// this module a new bot game it could not create on the server, and every request for a game whose
// id starts with "local-". It answers them as the server would (the same JSON), so the page draws
// and plays such a game unchanged; the bot is the C core in a Web Worker (bot-worker.js), the
// state is kept in localStorage, and the rules are in rules.js. Games against a friend need the
// server.

import { ApiError } from "/api.js";
import { IllegalMove } from "/offline/moves.js";
import { balda, wordgame } from "/offline/rules.js";
import { lexiconFor } from "/words.js";

const PREFIX = "local-";
const STORE = "wordlist.local.";
const GAMES = { balda, wordgame };
const MAX_SEED = 2 ** 32;

/** Whether `path` names a game kept in this browser. */
export const isLocalGame = (path) => path.startsWith(`/api/games/${PREFIX}`);

// --- the bot's worker ----------------------------------------------------------------------------

let worker = null;
const waiting = new Map();
let asked = 0;

/** The worker's answer to `request` (bot-worker.js) for the list `list`. */
function ask(list, request) {
  if (!worker) {
    worker = new Worker("/offline/bot-worker.js", { type: "module" });
    worker.onmessage = ({ data }) => {
      const { resolve, reject } = waiting.get(data.id) ?? {};
      waiting.delete(data.id);
      if (data.error) reject?.(new ApiError(500, { code: "bot_failed", message: `The bot could not move: ${data.error}` }));
      else resolve?.(data);
    };
  }
  const id = ++asked;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, list: { language: list.language, profile: list.profile }, ...request });
  });
}

/** The moves of `position` found by the core in the worker, for the list `list`; with `level`
 * (Balda's lookahead, Wordgame's equity or simulation), each with its `value`, and at Wordgame
 * the array's `exchange` (the best tiles to put back) and `exchangeInstead`. */
async function search(list, position, level = null) {
  const data = await ask(list, { position, level });
  const moves = data.values ? data.moves.map((move, i) => ({ ...move, value: data.values[i] })) : data.moves;
  return Object.assign(moves, { exchange: data.exchange, exchangeInstead: data.exchangeInstead });
}

// --- the games' store ----------------------------------------------------------------------------

function load(id) {
  let state = null;
  try {
    state = JSON.parse(localStorage.getItem(STORE + id) || "null");
  } catch {
    state = null;
  }
  if (!state || !GAMES[state.game]) throw new ApiError(404, { code: "unknown_game", message: "This game is not kept in this browser." });
  return state;
}

const keep = (id, state) => localStorage.setItem(STORE + id, JSON.stringify(state));

async function listInfo(language, profile) {
  const lists = await fetch("/api/lists").then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))));
  const info = lists.find((l) => l.language === language && l.profile === profile);
  if (!info) throw new ApiError(404, { code: "unknown_list", message: `No list ${language}/${profile} is kept in this browser.` });
  const lexicon = await lexiconFor(info);
  if (!lexicon) throw new ApiError(503, { code: "offline", message: "The list's files are not kept in this browser yet: open the page once while online." });
  return { info, lexicon };
}

function status(id, state, info) {
  const rules = GAMES[state.game];
  return {
    id, player: 0, version: state.history.length, revision: state.history.length, opponent: "bot", level: state.level,
    waiting_for_friend: false, local: true, view: { ...rules.view(state, info), version: state.history.length },
  };
}

// --- the API -------------------------------------------------------------------------------------

/** A new game against the bot kept here (the body of POST /api/games). */
export async function createLocalGame(body) {
  const rules = GAMES[body.game];
  if (!rules || body.opponent !== "bot") throw new ApiError(503, { code: "offline", message: "The server cannot be reached: only games against the bot are played offline." });
  const profile = body.profile ?? body.game;
  const { info, lexicon } = await listInfo(body.language ?? "en", profile);
  const seed = Number.isSafeInteger(body.seed) && body.seed >= 0 ? body.seed : Math.floor(Math.random() * MAX_SEED);
  const name = body.name || "You";
  const settings = { size: body.balda?.size ?? 5, diagonal: !!body.balda?.diagonal, extra_parts_of_speech: body.balda?.extra_parts_of_speech ?? [] };
  let state;
  try {
    state = rules.create({ lexicon, list: info, game: info.game, settings, players: [name, "Bot"], seed, level: body.level ?? "strong" });
  } catch (error) {
    throw illegal(error);
  }
  if (body.bot_first) state.turn = 1;
  const id = `${PREFIX}${seed.toString(36)}-${Date.now().toString(36)}`;
  await botTurns(state, lexicon);
  keep(id, state);
  return { token: "local", invite: null, invite_url: null, game: status(id, state, info) };
}

/** A request for a game kept here, answered as the server answers it. */
export async function localApi(path, { method = "GET", body } = {}) {
  const [route, query = ""] = path.split("?");
  const [, id, what] = route.slice("/api/games/".length).match(/^([^/]+)(?:\/(\w+))?$/) ?? [];
  const state = load(decodeURIComponent(id ?? ""));
  const { info, lexicon } = await listInfo(state.list.language, state.list.profile);
  const rules = GAMES[state.game];
  if (method === "GET" && !what) {
    const wait = Number(new URLSearchParams(query).get("wait")) || 0;
    if (wait) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 25) * 1000)); // nothing changes here meanwhile
    return status(id, state, info);
  }
  if (method === "POST" && what === "rematch") return createLocalGame({ ...rematchBody(state), bot_first: state.history[0]?.player === 0 });
  if (method === "GET" && what === "analysis") throw new ApiError(503, { code: "offline", message: "The review of your moves is made by the server, and this game was played in the browser." });
  if (method !== "POST" || !["actions", "check", "hint"].includes(what)) throw new ApiError(404, { code: "not_found", message: `No ${method} ${route} for a game kept in this browser.` });
  if (body?.version !== state.history.length) throw new ApiError(409, { code: "version_conflict", message: "the game has moved on", version: state.history.length });
  try {
    if (rules.over(state)) throw new IllegalMove("game_over");
    if (state.turn !== 0) throw new IllegalMove("not_your_turn");
    if (what === "check") return await check(state, body.move, lexicon);
    if (what === "hint") return await hint(state, lexicon);
    const turns = [await act(state, body, lexicon), ...(await botTurns(state, lexicon))];
    keep(id, state);
    return { turns, game: status(id, state, info) };
  } catch (error) {
    throw illegal(error);
  }
}

function rematchBody(state) {
  return {
    game: state.game, language: state.list.language, profile: state.list.profile, opponent: "bot", name: state.players[0], level: state.level,
    balda: state.game === "balda" ? { size: state.size, diagonal: state.diagonal, extra_parts_of_speech: state.parts.slice(1) } : undefined,
  };
}

/** The player's action applied to `state`; its turn. */
async function act(state, body, lexicon) {
  const rules = GAMES[state.game];
  const action = body.action ?? "play";
  if (action === "resign") {
    state.resigned = 0;
    return state.game === "wordgame" ? wordgame.record(state, { action: "resign", notation: "resign" }) : resignBalda(state);
  }
  if (state.game === "wordgame" && action === "pass") return wordgame.pass(state);
  if (state.game === "wordgame" && action === "exchange") return wordgame.exchange(state, body.tiles);
  if (action !== "play") throw new IllegalMove("malformed", `no ${action} in ${state.game}`);
  const judged = state.game === "balda" ? rules.judge(state, body.move, lexicon) : await rules.judge(state, body.move, lexicon, (p) => search(state.list, p));
  return rules.play(state, judged);
}

function resignBalda(state) {
  const turn = { player: state.turn, action: "resign", notation: "resign", points: 0, definitions: [] };
  state.history.push(turn);
  state.turn = 1 - state.turn;
  return turn;
}

/** The bot's turns while it is to move: the server's bot's move in each position, seeded as the
 * server seeds it (wordlist/server/games.py): the game's seed shifted 16 bits, plus the turns
 * played (the game's version). */
async function botTurns(state, lexicon) {
  const rules = GAMES[state.game];
  const turns = [];
  while (state.turn === 1 && !rules.over(state)) {
    const seed = (BigInt(state.seed) << 16n) + BigInt(state.history.length);
    const level = state.level;
    const position = valuedPosition(state, 1, rules.position(state), level);
    const { chosen } = await ask(state.list, { position, choose: { level, seed } });
    if (chosen?.exchange) {
      turns.push(wordgame.exchange(state, chosen.exchange)); // the tiles kept beat any move
    } else if (chosen) {
      turns.push(state.game === "balda" ? balda.play(state, baldaJudged(state, chosen)) : wordgame.play(state, chosen));
    } else {
      // no move (Wordgame only: Balda always has a letter alone): as the Python bot, put back the
      // tiles whose rest keeps the best leave where the level values leaves, else all but the
      // blanks; a pass when the bag is too small
      const valued = VALUED.has(state.level) ? await search(state.list, position, "strong") : null;
      const back = state.racks[1].filter((t) => t !== "?");
      const tiles = valued?.exchange ? valued.exchange.tiles : back.length ? back : state.racks[1];
      turns.push(wordgame.canExchange(state) ? wordgame.exchange(state, tiles) : wordgame.pass(state));
    }
  }
  return turns;
}

function baldaJudged(state, move) {
  const word = move.path.map((i) => (i === move.cell ? move.letter : state.board[i])).join("");
  return { word, points: move.points, cell: move.cell, letter: move.letter, path: move.path };
}

/** The levels that value moves beyond their points (wordlist.games.bot's table): Balda's lookahead,
 * Wordgame's equity and simulation. */
const VALUED = new Set(["strong", "expert"]);

/** `position` for `seat` with what `level` needs: the seat's lead (Balda's lookahead, Wordgame's
 * endgame); Wordgame the bag's size and, for the expert, the tiles the seat cannot see (the bag and
 * the other rack, {tile: count}), from which `Bots.choose` draws the opponent racks as the Python
 * bot draws them, or (the bag empty) takes the opponent's rack for its endgame search. */
function valuedPosition(state, seat, position, level) {
  const difference = state.scores[seat] - state.scores[1 - seat];
  if (state.game === "balda") return { ...position, difference };
  const found = { ...position, bag: state.bag.length };
  if (level !== "expert") return found;
  const unseen = {};
  for (const tile of [...state.bag, ...state.racks[1 - seat]]) unseen[tile] = (unseen[tile] ?? 0) + 1;
  return { ...found, unseen, difference };
}

async function check(state, move, lexicon) {
  try {
    if (state.game === "balda") {
      const judged = balda.judge(state, move, lexicon);
      const cells = move.path;
      return { legal: true, points: judged.points, bingo: false, words: [{ word: judged.word, points: judged.points, cells }], problem: null };
    }
    const found = await wordgame.judge(state, move, lexicon, (p) => search(state.list, p));
    const word = found.tiles.map(([l]) => l).join("");
    return { legal: true, points: found.points, bingo: wordgame.moveOf(state, found).tiles.length === state.rack_size, words: [{ word, points: found.points, cells: wordgame.cells(found) }], problem: null };
  } catch (error) {
    if (!(error instanceof IllegalMove) || error.code === "malformed") throw error;
    return { legal: false, points: null, bingo: false, words: [], problem: { code: error.code, message: error.message, rule: error.code } };
  }
}

/** The level whose best move a hint gives (wordlist.games.analysis.HINT_LEVEL). */
const HINT_LEVEL = "strong";

/** The move a hint gives, as the server's (wordlist.games.analysis.best_move): the strong bot's
 * best (Balda: by its lookahead; Wordgame: by equity), then the word first in alphabetical order,
 * then the search's. */
async function hint(state, lexicon) {
  const rules = GAMES[state.game];
  const find = (p) => search(state.list, valuedPosition(state, 0, p, HINT_LEVEL), HINT_LEVEL);
  const moves = (await rules.candidates(state, find)).filter((m) => state.game !== "balda" || m.path.length > 1);
  const canExchange = state.game === "wordgame" && wordgame.canExchange(state);
  if (!moves.length) return { found: false, can_exchange: canExchange };
  const wordOf = (m) => (state.game === "balda" ? baldaJudged(state, m).word : m.tiles.map(([l]) => l).join(""));
  const ranked = moves.map((m, i) => ({ m, i, value: m.value ?? m.points, word: wordOf(m) }));
  ranked.sort((a, b) => b.value - a.value || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0) || a.i - b.i);
  const best = ranked[0].m;
  const judged = state.game === "balda" ? baldaJudged(state, best) : best;
  const move = rules.moveOf(state, best);
  const found = { found: true, can_exchange: canExchange, steps: rules.hintSteps(state, judged, lexicon), points: best.points, move };
  if (state.game === "balda") return { ...found, word: judged.word, cell: move.cell, direction: null };
  return { ...found, word: best.tiles.map(([l]) => l).join(""), cell: wordgame.cells(best)[0], direction: best.direction === 0 ? "across" : "down" };
}

/** An ApiError for what a rule refused (as the server's 422), else the error as it is. */
function illegal(error) {
  if (error instanceof IllegalMove) return new ApiError(422, { code: error.code, rule: error.code, message: error.message });
  return error;
}
