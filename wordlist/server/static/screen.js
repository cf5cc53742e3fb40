// A game on the page: the scores, what to do now (with a hint against the bot), the game's board
// and controls (balda.js, wordgame.js), the log and the game's other panels, and under them the
// word list's credit (credit.js: the log shows its definitions). It waits for the other player's
// moves (a long poll), and offers a rematch once the game is over.

import { api, ApiError, savedGames, updateGame } from "/api.js";
import { creditFor } from "/credit.js";
import { fill, h, signed } from "/dom.js";
import { logEntries } from "/log.js";
import { reviewTable } from "/review.js";
import { lexiconFor } from "/words.js";

export class GameScreen {
  /**
   * @param {HTMLElement} main @param {string} id @param {object} entry this browser's seat (api.js)
   * @param {Record<string, {title: string, mount: Function}>} games
   * @param {(created: object, extra?: object) => void} remember keeps a new seat (a rematch's)
   */
  constructor(main, id, entry, games, remember) {
    Object.assign(this, { main, id, entry, games, remember });
    this.status = null;
    this.busy = false;
    this.controller = new AbortController();
    this.onKey = (event) => this.key(event);
    this.hinted = null; // {version, answer, level}: the hint asked for this turn, and how much is shown
    this.selected = undefined; // the log entry shown on the board (null: none; undefined: not shown yet)
    this.analysis = null; // once the game is over and asked for: your moves beside the best found
  }

  async start() {
    fill(this.main, h("p.muted.loading", "Loading the game…"));
    try {
      this.status = await this.fetch();
    } catch (error) {
      const back = h("a.button", { href: "#/" }, "New game");
      fill(this.main, h("div.card", null, h("p.message.error", { role: "alert" }, error.message), back));
      return;
    }
    const view = this.status.view;
    this.scores = h("div.scores", { "aria-label": "Scores" });
    this.state = h("div.status", { role: "status", "aria-live": "polite" });
    this.message = h("p.message", { role: "alert" });
    this.log = h("ol.log", { "aria-label": "Moves" });
    this.game = this.games[view.game].mount({
      view,
      act: (action) => this.act(action),
      say: (text, kind) => this.say(text, kind),
      check: (move) => this.post("check", { version: this.status.version, move }),
    });
    fill(
      this.main,
      h(
        "section.game",
        { dataset: { game: view.game } },
        h("div.board-area", null, this.game.board),
        h("aside.panel", null, this.scores, this.state, this.game.controls, this.message, this.tabs(), creditFor(view.lexicon)),
      ),
    );
    document.addEventListener("keydown", this.onKey);
    this.show(this.status, []);
    lexiconFor(view.lexicon).then((lexicon) => this.game.useLexicon(lexicon));
    this.poll();
  }

  /** The log, and the game's own panels (Wordgame: the unseen tiles, the short words) as tabs. */
  tabs() {
    const panels = [{ name: "Moves", element: this.log }, ...(this.game.panels || [])];
    if (panels.length === 1) return [h("h2.log-title", "Moves"), this.log];
    const bodies = panels.map((panel) => h("div.tab-panel", { role: "tabpanel", "aria-label": panel.name }, panel.element));
    const buttons = panels.map((panel, i) =>
      h("button.tab", { type: "button", role: "tab", "aria-selected": String(i === 0), onclick: () => open(i) }, panel.name),
    );
    const open = (chosen) => {
      buttons.forEach((button, i) => button.setAttribute("aria-selected", String(i === chosen)));
      bodies.forEach((body, i) => (body.hidden = i !== chosen));
      panels[chosen].open?.();
    };
    open(0);
    return h("div.tabs", null, h("div.tab-bar", { role: "tablist" }, buttons), bodies);
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

  post(what, body) {
    const path = `/api/games/${encodeURIComponent(this.id)}/${what}`;
    return api(path, { method: "POST", token: this.entry.token, body, signal: this.controller.signal });
  }

  /**
   * Wait for the other player (or a friend joining, or a rematch); the server answers when the game
   * changes. While it refuses to hold another waiting request (too_many_waits, 429 or 503), the game
   * is asked for plainly on its Retry-After schedule instead, so that a move still shows.
   */
  async poll() {
    while (!this.controller.signal.aborted) {
      try {
        this.update(await this.fetch(25));
      } catch (error) {
        if (this.controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === "too_many_waits") {
          await this.pause(Math.max(1, error.body.retry_after || 0));
          await this.fetch().then(
            (status) => this.update(status),
            () => {}, // (the next long poll, or its refusal, says what is wrong)
          );
          continue;
        }
        // an answer (429, 503) may say how long to wait; the server's other errors, 5 s; offline, 2 s
        await this.pause(error instanceof ApiError && error.status ? Math.max(5, error.body.retry_after || 0) : 2);
      }
    }
  }

  /** Show the game as the server gave it, if it changed (and no move of ours is on its way). */
  update(status) {
    if (status.revision !== this.status.revision && !this.busy) {
      const fresh = status.view.history.slice(this.status.version);
      this.show(status, fresh);
    }
  }

  pause(seconds) {
    return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
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

  /** The terminal's hint, a step a press: the word's length and first letter, where, the move. */
  async hint() {
    const { version } = this.status;
    if (this.hinted?.version !== version) {
      try {
        this.hinted = { version, answer: await this.post("hint", { version }), level: 0 };
      } catch (error) {
        return this.say(error.message, "error");
      }
    }
    const { answer } = this.hinted;
    if (!answer.found) {
      const exchange = answer.can_exchange ? "exchange tiles or pass" : "pass";
      return this.say(
        this.status.view.game === "balda"
          ? "No word here: put a letter alone next to the others, for 1 point."
          : `No word fits your rack: ${exchange}.`,
        "info",
      );
    }
    const level = (this.hinted.level = Math.min(this.hinted.level + 1, 3));
    if (level < 3) {
      if (level === 2) this.game.markHint(answer);
      this.say(answer.steps[level - 1], "info");
    } else {
      this.game.applyHint(answer);
      const word = [...answer.word].map((c) => this.status.view.upper[c] || c.toUpperCase()).join("");
      const play = this.status.view.game === "balda" ? "Play word" : "Play";
      this.say(`${word} for ${answer.points} points: it is on the board; press ${play}.`, "info");
    }
    this.describeNow();
  }

  /** After the game: your moves beside the best the bot finds, as a table under the result. */
  async review() {
    try {
      const path = `/api/games/${encodeURIComponent(this.id)}/analysis`;
      this.analysis = await api(path, { token: this.entry.token, signal: this.controller.signal });
    } catch (error) {
      return this.say(error.message, "error");
    }
    this.describeNow();
  }

  async rematch() {
    try {
      const created = await api(`/api/games/${encodeURIComponent(this.id)}/rematch`, {
        method: "POST",
        token: this.entry.token,
      });
      this.remember(created, { rematch: true });
      location.hash = `#/game/${encodeURIComponent(created.game.id)}`;
    } catch (error) {
      const known = this.status.rematch && savedGames()[this.status.rematch.id];
      if (error.code === "rematch_taken" && known) location.hash = `#/game/${encodeURIComponent(this.status.rematch.id)}`;
      else this.say(error.message, "error");
    }
  }

  root() {
    return this.main.querySelector(".game");
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
    if (event.target.closest("input, select, textarea, dialog, .log, .tabs")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (this.game.key(event)) event.preventDefault();
  }

  /** Show a state; `fresh`: the turns just played, which the board highlights. */
  show(status, fresh) {
    this.status = status;
    const { view } = status;
    const me = status.player;
    const scores = view.final_scores || view.scores;
    updateGame(this.id, {
      names: view.players,
      over: view.over,
      summary: { turn: view.turn, scores, waiting: status.waiting_for_friend, winners: view.winners },
    });
    const title = `${this.games[view.game].title}: ${view.players.join(" vs ")}`;
    document.title = this.myTurn() ? `Your turn · ${title}` : title; // a tab in the background says it too
    fill(
      this.scores,
      view.players.map((name, seat) =>
        h(
          `div.player${seat === view.turn && !view.over ? ".to-move" : ""}${view.winners.includes(seat) ? ".winner" : ""}`,
          { dataset: { seat } },
          h("span.name", name, seat === me && name.toLowerCase() !== "you" ? h("span.you", " (you)") : null),
          h("span.score", signed(scores[seat])),
        ),
      ),
    );
    // the other player's move just made (or, on opening the game, the last move) is shown on the
    // board as if its log entry were pressed: Balda's path, not only its new letter
    const recent = fresh.length ? fresh : this.selected === undefined ? view.history.slice(-1) : null;
    if (recent) {
      const index = recent.findLastIndex((turn) => turn.action === "play" && turn.player !== me);
      this.selected = index >= 0 ? view.history.length - recent.length + index : null;
    } else if (this.selected >= view.history.length) this.selected = null;
    this.game.show(view, fresh, this.myTurn());
    this.game.showTurn(this.selected === null ? null : view.history[this.selected]);
    this.describeNow();
    this.root()?.classList.toggle("my-turn", this.myTurn());
    this.root()?.classList.toggle("over", view.over);
    this.drawLog();
  }

  drawLog() {
    fill(
      this.log,
      logEntries(this.status.view, this.selected, (index) => {
        this.selected = this.selected === index ? null : index;
        this.game.showTurn(this.selected === null ? null : this.status.view.history[this.selected]);
        this.drawLog();
      }),
    );
  }

  describeNow() {
    fill(this.state, this.describe(this.status));
  }

  describe(status) {
    const { view } = status;
    const me = status.player;
    const other = view.players[1 - me];
    if (view.over) return this.ending(status);
    const parts = [];
    if (status.waiting_for_friend) {
      const link = this.entry.invite_url;
      if (link) parts.push(invite(link));
      parts.push(h("strong", link ? "Waiting for your friend to join…" : `Waiting for ${other} to accept the rematch…`));
      return parts;
    }
    if (view.turn === me) {
      parts.push(h("strong", "Your turn."), " ", this.game.help());
      if (status.opponent === "bot") {
        const level = this.hinted?.version === view.version ? this.hinted.level : 0;
        const label = ["Hint", "Where?", "Show me", "Show me"][level];
        parts.push(" ", h("button.small.hint", { type: "button", onclick: () => this.hint() }, label));
      }
    } else parts.push(h("strong", `${other} to move…`));
    return parts;
  }

  ending(status) {
    const { view } = status;
    const me = status.player;
    const other = view.players[1 - me];
    const [mine, theirs] = [(view.final_scores || view.scores)[me], (view.final_scores || view.scores)[1 - me]];
    const score = mine < 0 || theirs < 0 ? `${signed(mine)} to ${signed(theirs)}` : `${mine}–${theirs}`;
    const resigned = view.history.at(-1)?.action === "resign";
    let text;
    if (view.winners.length === 2) text = `A tie, ${score}.`;
    else if (view.winners[0] === me) text = resigned ? `${other} resigned: you win!` : `You win, ${score}!`;
    else text = resigned ? `You resigned. ${other} wins.` : `${other} wins, ${score}.`;
    const offer = status.rematch;
    const again = offer && !offer.joined ? `Play ${other}'s rematch` : "Rematch";
    const actions = h(
      "div.after",
      null,
      offer?.joined
        ? h("a.button.primary.small", { href: `#/game/${encodeURIComponent(offer.id)}` }, "Open the rematch")
        : h("button.primary.small.rematch", { type: "button", onclick: () => this.rematch() }, again),
      " ",
      h("a.button.small", { href: "#/" }, "New game"),
      this.analysis ? null : [" ", h("button.small.review-moves", { type: "button", onclick: () => this.review() }, "Review my moves")],
    );
    return [
      h("strong", "Game over. "),
      text,
      this.game.ending?.(view, me) ?? null,
      offer && !offer.joined ? h("p.offer", `${other} wants a rematch.`) : null,
      actions,
      this.analysis ? reviewTable(this.analysis, view) : null,
    ];
  }
}

function invite(link) {
  return h(
    "div.invite",
    null,
    h("span", "Send this link to your friend:"),
    h("input.invite-link", { readonly: true, value: link, "aria-label": "Invite link", onfocus: (e) => e.target.select() }),
    h(
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
    ),
  );
}
