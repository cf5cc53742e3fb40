// The web page: pick a game, play it against the bot or a friend. Routes live in the URL's
// fragment: #/ (new game), #/game/<id>, #/join/<id>/<invite> (a fragment is never sent to the
// server, so the invite stays out of its logs).

import { api, ApiError, forgetGame, saveGame, savedGames } from "/api.js";
import { mountBalda } from "/balda.js";
import { h, fill } from "/dom.js";
import { mountWordgame } from "/wordgame.js";
import { lexiconFor } from "/words.js";

const main = document.getElementById("main");
let current = null; // the game screen shown, stopped when the route changes

const GAMES = {
  balda: {
    title: "Balda",
    blurb: "Add one letter, then trace a word through it. Longer words, more points.",
    mount: mountBalda,
  },
  wordgame: {
    title: "Wordgame",
    blurb: "Crossword tiles on a 15×15 board with premium squares.",
    mount: mountWordgame,
  },
};

function route() {
  current?.stop();
  current = null;
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "game" && parts[1]) return showGame(parts[1]);
  if (parts[0] === "join" && parts[1] && parts[2]) return showJoin(parts[1], parts[2]);
  return showHome();
}

// --- a new game ----------------------------------------------------------------------------------

async function showHome() {
  document.title = "Word games";
  const form = h("form.card.new-game", { "aria-label": "New game" });
  fill(main, h("div.home", form, yourGames()));
  fill(form, h("p.muted", "Loading the word lists…"));
  let lists;
  try {
    lists = await api("/api/lists");
  } catch (error) {
    fill(form, h("p.message.error", { role: "alert" }, error.message));
    return;
  }
  const choice = { game: "balda", language: "en", size: 5, opponent: "bot" };
  const languages = (game) => lists.filter((l) => l.games.includes(game) && l.profile === game);

  const gameCards = Object.entries(GAMES).map(([key, info]) =>
    h(
      "label.choice",
      null,
      h("input", { type: "radio", name: "game", value: key, checked: key === choice.game, onchange: () => pick(key) }),
      h("span.choice-title", info.title),
      h("span.choice-blurb", info.blurb),
    ),
  );
  const language = h("select", { name: "language", id: "language" });
  const baldaOptions = h(
    "fieldset.balda-options",
    null,
    h("legend", "Balda"),
    h(
      "div.segmented",
      { role: "radiogroup", "aria-label": "Board size" },
      [5, 7, 9].map((size) =>
        h(
          "label",
          null,
          h("input", { type: "radio", name: "size", value: size, checked: size === 5 }),
          h("span", `${size}×${size}`),
        ),
      ),
    ),
    h("label.check", null, h("input", { type: "checkbox", name: "diagonal" }), " Diagonal steps in words"),
    h(
      "div.also",
      null,
      h("span.muted", "Besides nouns, allow"),
      ["verb", "adjective", "adverb"].map((pos) =>
        h("label.check", null, h("input", { type: "checkbox", name: "pos", value: pos }), ` ${pos}s`),
      ),
    ),
  );
  const level = h(
    "select",
    { name: "level", "aria-label": "Bot level" },
    h("option", { value: "strong" }, "strong"),
    h("option", { value: "beginner" }, "beginner"),
  );
  const botFirst = h("label.check.bot-only", null, h("input", { type: "checkbox", name: "bot_first" }), " The bot moves first");
  const name = h("input", { name: "name", id: "name", maxlength: 40, placeholder: "You", autocomplete: "nickname" });
  const message = h("p.message", { role: "alert" });
  const start = h("button.primary", { type: "submit" }, "Start the game");

  fill(
    form,
    h("h1", "New game"),
    h("div.choices", { role: "radiogroup", "aria-label": "Game" }, gameCards),
    h("div.row", null, h("label", { for: "language" }, "Language"), language),
    baldaOptions,
    h(
      "fieldset",
      null,
      h("legend", "Opponent"),
      h(
        "label.check",
        null,
        h("input", { type: "radio", name: "opponent", value: "bot", checked: true }),
        " The bot, level ",
        level,
      ),
      h(
        "label.check",
        null,
        h("input", { type: "radio", name: "opponent", value: "friend" }),
        " A friend: you get a link to send",
      ),
      botFirst,
    ),
    h("div.row", null, h("label", { for: "name" }, "Your name"), name),
    start,
    message,
  );

  const preferred = (navigator.language || "en").slice(0, 2).toLowerCase();
  function pick(game) {
    choice.game = game;
    baldaOptions.hidden = game !== "balda";
    const offered = languages(game);
    const chosen = language.value || preferred;
    const selected = offered.some((l) => l.language === chosen) ? chosen : offered.some((l) => l.language === "en") ? "en" : null;
    fill(
      language,
      offered.map((l) =>
        h("option", { value: l.language, selected: l.language === selected }, `${l.language_name} (${l.words.toLocaleString()} words)`),
      ),
    );
    if (!offered.length) fill(language, h("option", { value: "" }, "no word list built"));
    start.disabled = !offered.length;
  }
  form.addEventListener("change", () => {
    const friend = form.elements.opponent.value === "friend";
    botFirst.hidden = friend;
    level.disabled = friend;
  });
  pick("balda");

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const opponent = data.get("opponent");
    const body = {
      game: choice.game,
      language: data.get("language"),
      opponent,
      name: (data.get("name") || "").trim() || undefined,
    };
    if (opponent === "bot") {
      body.level = data.get("level");
      body.bot_first = data.get("bot_first") === "on";
    }
    if (choice.game === "balda") {
      body.balda = {
        size: Number(data.get("size")),
        diagonal: data.get("diagonal") === "on",
        extra_parts_of_speech: data.getAll("pos"),
      };
    }
    start.disabled = true;
    fill(message, "Setting up the board…");
    try {
      const created = await api("/api/games", { method: "POST", body });
      remember(created);
      location.hash = `#/game/${created.game.id}`;
    } catch (error) {
      message.className = "message error";
      fill(message, error.message);
      start.disabled = false;
    }
  });
}

function remember(created) {
  const { game } = created;
  saveGame(game.id, {
    token: created.token,
    player: game.player,
    game: game.view.game,
    opponent: game.opponent,
    names: game.view.players,
    created: Date.now(),
    invite_url: created.invite_url || undefined,
  });
}

function yourGames() {
  const games = Object.entries(savedGames()).sort(([, a], [, b]) => (b.created || 0) - (a.created || 0));
  if (!games.length) return null;
  return h(
    "section.card.your-games",
    null,
    h("h2", "Your games"),
    h(
      "ul",
      null,
      games.slice(0, 12).map(([id, entry]) =>
        h(
          "li",
          null,
          h(
            "a",
            { href: `#/game/${encodeURIComponent(id)}` },
            `${GAMES[entry.game]?.title || entry.game}: ${(entry.names || []).join(" vs ")}`,
          ),
          entry.over ? h("span.tag", "over") : null,
          h(
            "button.link",
            {
              type: "button",
              "aria-label": "Forget this game",
              title: "Forget this game",
              onclick: (event) => {
                forgetGame(id);
                event.target.closest("li").remove();
              },
            },
            "×",
          ),
        ),
      ),
    ),
  );
}

// --- joining a friend's game ---------------------------------------------------------------------

function showJoin(id, invite) {
  document.title = "Join a game";
  if (savedGames()[id]) {
    location.hash = `#/game/${encodeURIComponent(id)}`;
    return;
  }
  const name = h("input", { id: "join-name", maxlength: 40, placeholder: "Player 2", autocomplete: "nickname" });
  const message = h("p.message", { role: "alert" });
  const button = h("button.primary", { type: "submit" }, "Join the game");
  const form = h(
    "form.card.join",
    {
      onsubmit: async (event) => {
        event.preventDefault();
        button.disabled = true;
        try {
          const joined = await api(`/api/games/${encodeURIComponent(id)}/join`, {
            method: "POST",
            body: { invite, name: name.value.trim() || undefined },
          });
          remember(joined);
          location.hash = `#/game/${encodeURIComponent(id)}`;
        } catch (error) {
          message.className = "message error";
          fill(message, error.message);
          button.disabled = false;
        }
      },
    },
    h("h1", "A friend invited you to a game"),
    h("div.row", null, h("label", { for: "join-name" }, "Your name"), name),
    button,
    message,
  );
  fill(main, form);
  name.focus();
}

// --- a game --------------------------------------------------------------------------------------

function showGame(id) {
  const entry = savedGames()[id];
  if (!entry) {
    fill(
      main,
      h(
        "div.card",
        null,
        h("h1", "Not your game"),
        h("p", "This browser holds no seat in that game. Ask for an invite link, or start a new game."),
        h("a.button.primary", { href: "#/" }, "New game"),
      ),
    );
    return;
  }
  current = new GameScreen(id, entry);
  current.start();
}

class GameScreen {
  constructor(id, entry) {
    this.id = id;
    this.entry = entry;
    this.status = null;
    this.busy = false;
    this.controller = new AbortController();
    this.onKey = (event) => this.key(event);
  }

  async start() {
    fill(main, h("p.muted.loading", "Loading the game…"));
    try {
      this.status = await this.fetch();
    } catch (error) {
      fill(main, h("div.card", null, h("p.message.error", { role: "alert" }, error.message), h("a.button", { href: "#/" }, "New game")));
      return;
    }
    const view = this.status.view;
    document.title = `${GAMES[view.game].title}: ${view.players.join(" vs ")}`;
    this.scores = h("div.scores", { "aria-label": "Scores" });
    this.state = h("div.status", { role: "status", "aria-live": "polite" });
    this.message = h("p.message", { role: "alert" });
    this.log = h("ol.log", { "aria-label": "Moves" });
    this.game = GAMES[view.game].mount({
      view,
      act: (action) => this.act(action),
      say: (text, kind) => this.say(text, kind),
      lexicon: null,
    });
    fill(
      main,
      h(
        "section.game",
        { dataset: { game: view.game } },
        h("div.board-area", null, this.game.board),
        h(
          "aside.panel",
          null,
          this.scores,
          this.state,
          this.game.controls,
          this.message,
          h("h2.log-title", "Moves"),
          this.log,
        ),
      ),
    );
    document.addEventListener("keydown", this.onKey);
    this.show(this.status, []);
    lexiconFor(view.lexicon).then((lexicon) => this.game.useLexicon(lexicon));
    this.poll();
  }

  stop() {
    this.controller.abort();
    document.removeEventListener("keydown", this.onKey);
  }

  fetch(wait = 0) {
    const query = wait ? `?wait=${wait}&revision=${this.status.revision}` : "";
    return api(`/api/games/${encodeURIComponent(this.id)}${query}`, {
      token: this.entry.token,
      signal: this.controller.signal,
    });
  }

  /** Wait for the other player (or a friend joining); the server answers when the game changes. */
  async poll() {
    while (!this.controller.signal.aborted) {
      try {
        const status = await this.fetch(25);
        if (status.revision !== this.status.revision && !this.busy) {
          const fresh = status.view.history.slice(this.status.version);
          this.show(status, fresh);
        }
      } catch (error) {
        if (this.controller.signal.aborted) return;
        // an answer (429, 503) may say how long to wait; the server's other errors, 5 s; offline, 2 s
        const seconds = error instanceof ApiError && error.status ? Math.max(5, error.body.retry_after || 0) : 2;
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      }
    }
  }

  async act(action) {
    if (this.busy || !this.myTurn()) return false;
    this.busy = true;
    this.root().classList.add("busy");
    this.say("");
    try {
      const played = await api(`/api/games/${encodeURIComponent(this.id)}/actions`, {
        method: "POST",
        token: this.entry.token,
        body: { version: this.status.version, ...action },
      });
      this.show(played.game, played.turns);
      return true;
    } catch (error) {
      if (error.code === "version_conflict") {
        this.show(await this.fetch(), []);
        this.say("The game had moved on: this is where it stands now.", "warn");
      } else {
        this.say(error.message, "error");
      }
      return false;
    } finally {
      this.busy = false;
      this.root()?.classList.remove("busy");
    }
  }

  root() {
    return main.querySelector(".game");
  }

  myTurn() {
    const { view } = this.status;
    return !view.over && view.turn === this.status.player;
  }

  say(text, kind = "info") {
    this.message.className = `message ${kind}`;
    fill(this.message, text ? text[0].toUpperCase() + text.slice(1) : "");
  }

  key(event) {
    if (event.target.closest("input, select, textarea, dialog")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (this.game.key(event)) event.preventDefault();
  }

  /** Show a state; `fresh`: the turns just played, which the board highlights. */
  show(status, fresh) {
    this.status = status;
    const { view } = status;
    const me = status.player;
    saveGame(this.id, { names: view.players, over: view.over });
    fill(
      this.scores,
      view.players.map((name, seat) =>
        h(
          `div.player${seat === view.turn && !view.over ? ".to-move" : ""}${view.winners.includes(seat) ? ".winner" : ""}`,
          { dataset: { seat } },
          h("span.name", name, seat === me && name.toLowerCase() !== "you" ? h("span.you", " (you)") : null),
          h("span.score", String(view.final_scores ? view.final_scores[seat] : view.scores[seat])),
        ),
      ),
    );
    this.game.show(view, fresh, this.myTurn());
    fill(this.state, this.describe(status));
    this.root()?.classList.toggle("my-turn", this.myTurn());
    this.root()?.classList.toggle("over", view.over);
    fill(this.log, [...view.history].reverse().map((turn, i) => logEntry(view, turn, i === 0)));
  }

  describe(status) {
    const { view } = status;
    const me = status.player;
    const other = view.players[1 - me];
    if (view.over) {
      const [a, b] = view.final_scores || view.scores;
      const score = me === 0 ? `${a}–${b}` : `${b}–${a}`;
      const resigned = view.history.at(-1)?.action === "resign";
      let text;
      if (view.winners.length === 2) text = `A tie, ${score}.`;
      else if (view.winners[0] === me) text = resigned ? `${other} resigned: you win!` : `You win, ${score}!`;
      else text = resigned ? `You resigned. ${other} wins.` : `${other} wins, ${score}.`;
      return [h("strong", "Game over. "), text, " ", h("a.button.small", { href: "#/" }, "New game")];
    }
    const parts = [];
    if (status.waiting_for_friend) {
      const link = this.entry.invite_url;
      parts.push(
        h(
          "div.invite",
          null,
          h("span", "Send this link to your friend:"),
          link ? h("input.invite-link", { readonly: true, value: link, "aria-label": "Invite link", onfocus: (e) => e.target.select() }) : null,
          link
            ? h(
                "button.small",
                {
                  type: "button",
                  onclick: async (event) => {
                    try {
                      await navigator.clipboard.writeText(link);
                      event.target.textContent = "Copied";
                    } catch {
                      event.target.previousSibling.select();
                    }
                  },
                },
                "Copy",
              )
            : null,
        ),
      );
    }
    if (view.turn === me) parts.push(h("strong", "Your turn."), " ", this.game.hint());
    else if (status.waiting_for_friend) parts.push(h("strong", "Waiting for your friend to join…"));
    else parts.push(h("strong", `${other} to move…`));
    return parts;
  }
}

function logEntry(view, turn, latest) {
  const who = view.players[turn.player];
  const upper = (word) => [...word].map((c) => view.upper[c] || c.toUpperCase()).join("");
  let what;
  if (turn.action === "pass") what = h("span.what", "passed");
  else if (turn.action === "resign") what = h("span.what", "resigned");
  else if (turn.action === "exchange") what = h("span.what", `exchanged ${turn.exchanged} tile${turn.exchanged === 1 ? "" : "s"}`);
  else if (view.game === "wordgame")
    what = h(
      "span.what",
      turn.words.map(([word, points], i) => h("span.word", { class: i ? "cross" : "main" }, upper(word), h("small", ` ${points}`))),
      turn.bingo ? h("span.tag", "all tiles!") : null,
    );
  else what = h("span.what", h("span.word", upper(turn.word)));
  const definitions = turn.definitions?.length
    ? h(
        "details",
        { open: latest },
        h("summary", turn.definitions.length === 1 ? "meaning" : `${turn.definitions.length} meanings`),
        h("ul.definitions", null, turn.definitions.map((d) => h("li", d))),
      )
    : null;
  return h(
    "li",
    { dataset: { player: turn.player } },
    h("div.line", null, h("span.who", who), what, turn.action === "play" ? h("span.points", `+${turn.points}`) : null),
    h("code.notation", turn.notation),
    definitions,
  );
}

// last: the classes above exist only once their definitions have run
window.addEventListener("hashchange", route);
route();
