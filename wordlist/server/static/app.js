// The web page: pick a game, play it against the bot or a friend. Routes live in the URL's
// fragment: #/ (new game), #/game/<id>, #/join/<id>/<invite> (a fragment is never sent to the
// server, so the invite stays out of its logs).

import { api, forgetGame, saveGame, savedGames, updateGame } from "/api.js";
import { mountBalda } from "/balda.js";
import { fill, h, signed } from "/dom.js";
import { GameScreen } from "/screen.js";
import { mountWordgame } from "/wordgame.js";

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
  fill(main, h("div.home", yourGames(), form)); // a returning player's games first: whose turn it is
  fill(form, h("p.muted", "Loading the word lists…"));
  let lists;
  let levels; // the bot's levels, weakest first: the server's one table (GET /api/games/levels)
  try {
    [lists, levels] = await Promise.all([api("/api/lists"), api("/api/games/levels")]);
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
    levels.map((l) => h("option", { value: l.name, selected: l.default, title: l.about }, l.name)),
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

function remember(created, extra = {}) {
  const { game } = created;
  saveGame(game.id, {
    token: created.token,
    player: game.player,
    game: game.view.game,
    opponent: game.opponent,
    names: game.view.players,
    created: Date.now(),
    invite_url: created.invite_url || undefined,
    ...extra,
  });
}

function yourGames() {
  const games = Object.entries(savedGames()).sort(([, a], [, b]) => (b.created || 0) - (a.created || 0));
  if (!games.length) return null;
  const shown = games.slice(0, 12);
  const rows = shown.map(([id, entry]) => {
    const state = h("span.state");
    const row = h(
      "li",
      { dataset: { game: id } },
      h("a", { href: `#/game/${encodeURIComponent(id)}` }, `${GAMES[entry.game]?.title || entry.game}: ${(entry.names || []).join(" vs ")}`),
      state,
      h(
        "button.link",
        {
          type: "button",
          "aria-label": "Forget this game",
          title: "Forget this game",
          onclick: () => {
            forgetGame(id);
            row.remove();
          },
        },
        "×",
      ),
    );
    const draw = (entry) => fill(state, summary(entry));
    draw(entry);
    // what the server says now: the other player may have moved since
    api(`/api/games/${encodeURIComponent(id)}`, { token: entry.token })
      .then((status) => {
        const { view } = status;
        const update = {
          names: view.players,
          over: view.over,
          summary: {
            turn: view.turn,
            scores: view.final_scores || view.scores,
            waiting: status.waiting_for_friend,
            winners: view.winners,
          },
        };
        updateGame(id, update);
        draw({ ...entry, ...update });
      })
      .catch(() => {}); // the last known state stays
    return row;
  });
  return h("section.card.your-games", null, h("h2", "Your games"), h("ul", null, rows));
}

/** "Your turn · 12–8", "Bot to move · 8–12", "You won · 30–21" (yours first), from what was last seen. */
function summary(entry) {
  const known = entry.summary;
  if (!Array.isArray(known?.scores)) return entry.over ? h("span.tag", "over") : null;
  const me = entry.player;
  const names = entry.names || [];
  const [mine, theirs] = [known.scores[me], known.scores[1 - me]];
  const score = h("span.score", `${signed(mine)}–${signed(theirs)}`);
  let what;
  if (entry.over) {
    const won = known.winners?.length === 1 ? (known.winners[0] === me ? "You won" : `${names[1 - me]} won`) : "A tie";
    what = h("span.tag", won);
  } else if (known.waiting) what = h("span.tag", "waiting for your friend");
  else if (known.turn === me) what = h("span.tag.your-turn", "Your turn");
  else what = h("span.tag", `${names[1 - me]} to move`);
  return [what, " ", score];
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
  current = new GameScreen(main, id, entry, GAMES, remember);
  current.start();
}

// last: the classes above exist only once their definitions have run
window.addEventListener("hashchange", route);
route();
