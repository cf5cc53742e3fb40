"""Games over HTTP, without the HTTP: create, join, look, act. The routes are a thin layer over this.

Each game lives in the store as its `Game.to_dict()` in JSON; a request loads it through the validated
`load_game` (or takes the object the last request left, see `LiveGames`), applies the player's
action with `Game.act`, lets the bot answer while it is the bot's turn, and writes the new state
with the revision check of the store's `update` (nothing changed the game since it was read).
The response is sent only after that commit: an acknowledged move, and the bot's reply with it,
is on the disk.

The methods are coroutines run on the server's event loop: the store's reads and writes are
awaited (the loop serves other requests meanwhile), the game's own work (a move, the bot's
reply: about a millisecond) is done in place, as a thread hand-off would cost more than it does.

The bot's move is deterministic: its seed is the game's bot seed and the version it plays at, so
the same game with the same moves gets the same replies (tests and replays rely on it).
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import re
import secrets
import time

import orjson

from wordlist.errors import UnknownList, WordlistError
from wordlist.games import GAMES, LEVELS, Bot, Game, GameStateError, IllegalMove, load_game
from wordlist.games.analysis import ANALYSIS_LEVEL, analyse, best_move, total_given_up
from wordlist.games.balda import BaldaGame, BaldaSettings
from wordlist.games.balda.terminal import SCREEN as BALDA_SCREEN
from wordlist.games.bot import DEFAULT_LEVEL
from wordlist.games.terminal import Screen
from wordlist.games.wordgame import Wordgame
from wordlist.games.wordgame.terminal import SCREEN as WORDGAME_SCREEN
from wordlist.lexicon import Lexicon
from wordlist.server.analyses import Analyses
from wordlist.server.catalog import Catalog
from wordlist.server.errors import ApiError, conflict, not_found
from wordlist.server.limits import Searches
from wordlist.server.live import LIVE_GAMES, LiveGames
from wordlist.server.models import Action, Check, Join, NewGame
from wordlist.server.records import GAME_ID, GameRecord, GameTable, secret_hash

TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
NAMES = {"bot": ("You", "Bot"), "friend": ("Player 1", "Player 2")}  # default names by opponent
JOIN_ATTEMPTS = 5  # a join retried after moves of the creator changed the state meanwhile
# a move retried after a change that is no turn (a join, a rematch's seat) landed meanwhile
MOVE_ATTEMPTS = 5
SCREENS: dict[str, Screen] = {BaldaGame.KIND: BALDA_SCREEN, Wordgame.KIND: WORDGAME_SCREEN}  # hints' words
_HINT_FIELDS = ("steps", "word", "points", "move", "cell", "direction")  # null when no word is found


@dataclasses.dataclass(frozen=True)
class MoveAnswer:
    """A move's answer (the turns and the game, as `POST .../actions` sends them), and the CPU
    nanoseconds of the game's own work in it: the rules and the bot's replies, in this thread."""

    answer: dict
    game_ns: int


def new_secret() -> str:
    """A player token or invite: 24 random bytes, URL-safe."""
    return secrets.token_urlsafe(24)


def rematch_id(game_id: str) -> str:
    """The id of a game's rematch: derived from the game's, so that both players find the one
    rematch without the store keeping a link (the first to ask creates it, the other joins it)."""
    digest = hashlib.sha256(f"rematch/{game_id}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode()[:16]


def analysis_json(game: Game, seat: int, level: str = ANALYSIS_LEVEL) -> dict:
    """`analyse(game, seat, level)` as JSON: each review, its best move with its notation as typed
    in the terminal; what the seat gave up in all. A log that does not replay is a damaged game."""
    try:
        reviews = analyse(game, seat, level)
    except WordlistError as error:
        raise ApiError(500, "damaged_game", f"the stored game cannot be analysed: {error}") from None
    screen = SCREENS[game.KIND]
    moves = []
    for review in reviews:
        item = review.to_dict(game)
        if review.best is not None:
            item["best"]["notation"] = screen.notation(game, review.best)
        moves.append(item)
    return {"level": level, "player": seat, "moves": moves, "given_up": round(total_given_up(reviews), 2)}


class Games:
    """The games of one server: its catalog of word lists and its store."""

    def __init__(self, catalog: Catalog, store: GameTable, *, live_games: int = LIVE_GAMES) -> None:
        self.catalog = catalog
        self.store = store
        self.live = LiveGames(live_games)
        self.analyses = Analyses()

    # --- creating and joining ------------------------------------------------------------------

    async def create(self, request: NewGame) -> dict:
        """A new game; against the bot, the bot's first move is made if it moves first."""
        lexicon = self.catalog.get(request.language, request.profile or request.game)  # UnknownList: 404
        friend = request.opponent == "friend"
        if friend and (request.seed is not None or request.bot_first):
            raise ApiError(
                422,
                "invalid_request",
                "seed and bot_first are for games against the bot (a chosen seed would show its "
                "chooser the bag; the creator of a friend's game moves first)",
            )
        seed = request.seed if request.seed is not None else secrets.randbits(52)
        mine, other = NAMES[request.opponent]
        name = request.name or mine
        seat = 1 if request.bot_first else 0
        players = [other, name] if seat else [name, other]
        try:
            if request.game == BaldaGame.KIND:
                options = request.balda
                settings = BaldaSettings(options.size, options.diagonal, tuple(options.extra_parts_of_speech))
                game: Game = BaldaGame.new(lexicon, settings, seed=seed, players=players)
            else:
                game = Wordgame.new(lexicon, seed=seed, players=players)
        except WordlistError as error:  # a list without tiles, or without nouns as long as the board
            raise ApiError(422, "unplayable", str(error)) from None
        level = None if friend else request.level
        created = await self._begin(
            secrets.token_urlsafe(12), game, lexicon, seat, level, seed, invite=friend
        )
        if created is None:  # an id drawn twice: 72 random bits, never in practice
            raise ApiError(503, "busy", "the server is busy; try again", retry_after=1)
        return created

    async def _begin(
        self,
        game_id: str,
        game: Game,
        lexicon: Lexicon,
        seat: int,
        level: str | None,
        seed: int,
        *,
        invite: bool,
    ) -> dict | None:
        """Store `game` as a new game whose seat `seat` gets a new token (against the bot at `level`,
        or a friend's game without a level, with an invite if `invite`); the bot plays first if it
        moves first. None if a game of that id exists (nothing stored)."""
        now = time.time()
        token = new_secret()
        invite_secret = new_secret() if invite else None
        bot = level is not None
        record = GameRecord(
            id=game_id,
            kind=game.KIND,
            language=lexicon.language,
            profile=lexicon.profile,
            opponent="bot" if bot else "friend",
            level=level,
            bot_player=1 - seat if bot else None,
            bot_seed=seed if bot else None,
            token0=secret_hash(token) if seat == 0 else None,
            token1=secret_hash(token) if seat == 1 else None,
            invite=secret_hash(invite_secret) if invite_secret else None,
            version=0,
            revision=0,
            state="",
            created=now,
            updated=now,
        )
        self._bot_turns(record, game)
        record = dataclasses.replace(record, version=game.version, state=self._state_json(record.id, game))
        if not await self.store.insert(record):
            return None
        self.live.put(record, game)
        return {"token": token, "invite": invite_secret, "game": self._status(record, seat, game)}

    async def join(self, game_id: str, request: Join) -> dict:
        """The friend takes the second seat with the invite (once); they get their own secret."""
        for _ in range(JOIN_ATTEMPTS):
            record = await self._record(game_id)
            if record.opponent != "friend":
                raise ApiError(409, "not_a_friends_game", "this game is played against the bot")
            if record.token1 is not None:
                raise ApiError(409, "seat_taken", "a friend has already joined this game")
            if not record.invite_matches(request.invite):
                raise ApiError(403, "bad_invite", "this invite is not the game's")
            record, game = await self._load(record)
            game.players[1] = request.name
            token = new_secret()
            revision = await self.store.join(
                record.id, request.invite, token, record.version, self._state_json(record.id, game)
            )
            if revision is not None:
                record = record.seated(1, token, revision=revision, invite=None)
                self.live.put(record, game)
                return {"token": token, "invite": None, "game": self._status(record, 1, game)}
        raise ApiError(503, "busy", "the game kept changing while joining; try again")

    # --- playing -------------------------------------------------------------------------------

    async def status(self, game_id: str, token: str | None) -> dict:
        """The game as the seat holding `token` sees it (401/403 without a valid token); once it is
        over, with its rematch if one was asked for."""
        record = await self._record(game_id)
        seat = self._seat(record, token)
        record, game = await self._load(record)
        self.live.put(record, game)
        status = self._status(record, seat, game)
        if game.is_over and (rematch := await self.store.get(rematch_id(record.id), state=False)) is not None:
            status["rematch"] = {"id": rematch.id, "joined": rematch.token_of(1 - seat) is not None}
        return status

    async def revision(self, game_id: str) -> int:
        """The game's stored revision (bumped by every move, join and resignation); 404 if unknown."""
        return (await self._record(game_id)).revision

    async def act(self, game_id: str, token: str | None, action: Action) -> MoveAnswer:
        """Apply the player's action made on `action.version`, then the bot's replies; all of it
        committed in one transaction, or nothing (an illegal move, a stale version). The answer,
        and the CPU time the game's own work took (the rules and the bot's replies).

        The game as this worker last left it is played without reading the store first: the
        write then holds only if the store is still at that revision. Anything the store might
        judge otherwise (a token, a version, an illegal move, a revision moved on) is asked
        again of the store, which answers it."""
        kept = self.live.take_latest(game_id)
        if kept is not None and (answer := await self._move(*kept, token, action, judged=False)) is not None:
            return answer
        for _ in range(MOVE_ATTEMPTS):
            record = await self._record(game_id)
            self._seat(record, token)  # before the state is read
            if action.version != record.version:
                raise conflict(record.version)
            record, game = await self._load(record)
            if (answer := await self._move(record, game, token, action, judged=True)) is not None:
                return answer
        message = "the game kept changing while the move was written; try again"
        raise ApiError(503, "busy", message, retry_after=1)

    async def _move(
        self, record: GameRecord, game: Game, token: str | None, action: Action, *, judged: bool
    ) -> MoveAnswer | None:
        """`act` on `game` at `record`'s revision, written if the store is still at that revision
        (None if not: the game changed meanwhile, and the object played on is dropped). Unless the
        record is the store's (`judged`), None too where the store must judge (a token, a version,
        an illegal move), the object kept."""
        if judged:
            seat: int | None = self._seat(record, token)
        else:
            seat = _seat_of(record, token)
        if seat is None:
            self.live.put(record, game)
            return None
        if action.version != record.version:
            self.live.put(record, game)
            if not judged:
                return None
            raise conflict(record.version)  # a move landed while the state was read
        if not judged:
            self._lexicon(record)  # as `_load` does: a list no longer served, or changed on disk
        started = time.thread_time_ns()  # the game's own work: this thread's CPU, not the others'
        try:
            game.act(action.model_dump(include={"action", "move", "tiles"}), player=seat)
        except IllegalMove as error:
            self.live.put(record, game)  # unchanged: an illegal move changes nothing
            if not judged:
                return None
            raise ApiError.illegal(error) from None
        turns = [game.shown_turn(game.history[-1]), *self._bot_turns(record, game)]
        game_ns = time.thread_time_ns() - started
        state = self._state_json(record.id, game)
        revision = await self.store.update(record.id, record.revision, game.version, state)
        if revision is None:  # another request, here or elsewhere, changed the game first
            return None
        record = dataclasses.replace(record, version=game.version, revision=revision)
        self.live.put(record, game)
        return MoveAnswer({"turns": turns, "game": self._status(record, seat, game)}, game_ns)

    # --- help while playing: a move's score, a hint, a rematch ----------------------------------

    async def check(self, game_id: str, token: str | None, request: Check) -> dict:
        """What the move would score for the player to move (whose seat `token` holds) and the words
        it forms, or the rule it breaks (as an illegal move's error body); it changes nothing."""
        game = (await self._playing(game_id, token, request.version))[1]
        try:
            move = game.move_from_dict(request.move)
            scored = game.check(move)
        except IllegalMove as error:
            if error.rule in ("malformed", "game_over", "not_your_turn"):
                raise ApiError.illegal(error) from None
            problem = ApiError.illegal(error).body()
            return {"legal": False, "points": None, "bingo": False, "words": [], "problem": problem}
        if isinstance(game, Wordgame):
            words = [(w.text, w.points, w.cells) for w in scored.words]
            points, bingo = scored.points, scored.bingo
        else:  # Balda: the word along the path, a point a letter
            words, points, bingo = [(scored, len(scored), move.path)], len(scored), False
        formed = [{"word": w, "points": p, "cells": [list(c) for c in cells]} for w, p, cells in words]
        return {"legal": True, "points": points, "bingo": bingo, "words": formed, "problem": None}

    async def hint(self, game_id: str, token: str | None, version: int) -> dict:
        """The terminal's hint for the player to move: its two graded sentences (the word's length
        and first letter, then where it goes) and the move itself. Against the bot only: a friend's
        game is played unaided."""
        record, game = await self._playing(game_id, token, version)
        if record.opponent != "bot":
            raise ApiError(
                409, "no_hints", "hints are for games against the bot; a friend's game is played unaided"
            )
        candidate = best_move(game)
        if candidate is None or len(candidate.word) < 2:  # Balda's letter alone: no word to hint at
            return {"found": False, "can_exchange": game.can_exchange(), **dict.fromkeys(_HINT_FIELDS)}
        screen = SCREENS[game.KIND]
        return {
            "found": True,
            "can_exchange": game.can_exchange(),
            "steps": [screen.hint(game, candidate, level) for level in (1, 2)],
            "word": candidate.word,
            "points": candidate.points,
            "move": candidate.move.to_dict(),
            "cell": list(candidate.start if isinstance(game, Wordgame) else candidate.move.cell),
            "direction": candidate.direction if isinstance(game, Wordgame) else None,
        }

    async def analysis(self, game_id: str, token: str | None, searches: Searches) -> dict:
        """Once the game is over: each turn of the seat holding `token` beside the best move the
        analysing bot finds in its position, and what it gave up (made once among the server's
        `searches`, then kept; 503 search_timeout while it is made)."""
        record = await self._record(game_id)
        seat = self._seat(record, token)
        record, game = await self._load(record)
        try:
            if not game.is_over:
                raise ApiError(409, "game_not_over", "the analysis comes once the game is over")
            made = lambda: self.analyses.get(record.id, seat, lambda: analysis_json(game, seat))  # noqa: E731
            return await searches.run(made, late="it goes on: ask again in a few seconds")
        finally:
            self.live.put(record, game)  # a game over never changes: shared as read

    async def rematch(self, game_id: str, token: str | None) -> dict:
        """A new game like this one once it is over, the seats swapped (the other player moves
        first): against the bot, a new game at its level; in a friend's game the first player to
        ask creates it and the other takes the second seat by asking too (their token for this
        game is their invite). Your new token and the game."""
        record = await self._record(game_id)
        seat = self._seat(record, token)
        record, game = await self._load(record)
        self.live.put(record, game)
        if not game.is_over:
            raise ApiError(409, "game_not_over", "a rematch starts once the game is over")
        new_id, new_seat = rematch_id(record.id), 1 - seat
        for _ in range(JOIN_ATTEMPTS):
            existing = await self.store.get(new_id, state=False)
            if existing is None:
                started = await self._start_rematch(record, game, new_id, new_seat)
                if started is not None:
                    await self.store.touch(
                        record.id
                    )  # the other player's page, waiting on this game, learns of it
                    return started
            elif existing.opponent == "bot" or existing.token_of(new_seat) is not None:
                raise ApiError(
                    409, "rematch_taken", "you have a seat in the rematch already: open it from your games"
                )
            else:
                token = new_secret()
                revision = await self.store.claim_seat(new_id, new_seat, token)
                if revision is not None:
                    claimed = existing.seated(new_seat, token, revision=revision)  # as claim_seat stored it
                    joined, new_game = await self._load(claimed)
                    self.live.put(joined, new_game)
                    return {"token": token, "invite": None, "game": self._status(joined, new_seat, new_game)}
        raise ApiError(503, "busy", "the rematch kept changing; try again", retry_after=1)

    async def _start_rematch(self, record: GameRecord, game: Game, new_id: str, seat: int) -> dict | None:
        lexicon = self._lexicon(record)
        players = list(reversed(game.players))  # each name follows its player to the other seat
        seed = secrets.randbits(52)
        if isinstance(game, BaldaGame):
            again: Game = BaldaGame.new(lexicon, game.settings, seed=seed, players=players)
        else:
            again = Wordgame.new(lexicon, game.settings, seed=seed, players=players)
        return await self._begin(new_id, again, lexicon, seat, record.level, seed, invite=False)

    # --- helpers -------------------------------------------------------------------------------

    async def _record(self, game_id: str) -> GameRecord:
        """The game's record without its state (read only when the game is not live, see _load)."""
        record = await self.store.get(game_id, state=False) if GAME_ID.fullmatch(game_id) else None
        if record is None:
            raise not_found("game", "no such game")
        if (problem := record.problem(GAMES, LEVELS)) is not None:
            raise ApiError(500, "damaged_game", f"the stored game cannot be loaded: {problem}")
        return record

    async def _playing(self, game_id: str, token: str | None, version: int) -> tuple[GameRecord, Game]:
        """The game, for the seat holding `token`, at `version` (409 if stale), on that seat's turn."""
        record = await self._record(game_id)
        seat = self._seat(record, token)
        record, game = await self._load(record)
        self.live.put(record, game)
        if version != record.version:
            raise conflict(record.version)
        if game.is_over or game.turn != seat:
            raise ApiError.illegal(game.Illegal("game_over" if game.is_over else "not_your_turn"))
        return record, game

    @staticmethod
    def _seat(record: GameRecord, token: str | None) -> int:
        if not token:
            raise ApiError(401, "token_required", "send your player token: 'Authorization: Bearer <token>'")
        seat = _seat_of(record, token)
        if seat is None:
            raise ApiError(403, "bad_token", "this token is not a player's of this game")
        return seat

    async def _load(self, record: GameRecord) -> tuple[GameRecord, Game]:
        """The game at the record's revision, live or loaded from its stored state (then the record
        is read again with the state: the two are of one revision). ListChanged if the game's list
        changed on disk: a move reads its definitions from there."""
        lexicon = self._lexicon(record)
        game = self.live.take(record.id, record.revision)
        if game is not None:
            return record, game
        record = await self.store.get(record.id) or record
        try:
            # a list rebuilt since the game began: its moves are checked again on the new build
            game = load_game(record.state, lexicon, allow_other_list=True)
        except GameStateError as error:
            raise ApiError(500, "damaged_game", f"the stored game cannot be loaded: {error}") from None
        if record.kind != game.KIND:
            message = f"the stored game cannot be loaded: a {game.KIND} state in a {record.kind} game's row"
            raise ApiError(500, "damaged_game", message)
        return record, game

    def _lexicon(self, record: GameRecord) -> Lexicon:
        try:
            return self.catalog.get(record.language, record.profile)
        except UnknownList as error:
            message = f"the game's word list is not served now ({error})"
            raise ApiError(503, "list_unavailable", message) from None

    @staticmethod
    def _bot_turns(record: GameRecord, game: Game) -> list[dict]:
        """The bot plays while it is its turn (once, as turns alternate); its log entries."""
        turns = []
        while record.opponent == "bot" and not game.is_over and game.turn == record.bot_player:
            bot = Bot(record.level or DEFAULT_LEVEL, seed=((record.bot_seed or 0) << 16) + game.version)
            game.act(bot.action(game))
            turns.append(game.shown_turn(game.history[-1]))
        return turns

    def _state_json(self, game_id: str, game: Game) -> str:
        """The state to store: `Game.to_dict()` as compact JSON, written by orjson (`to_json` indents
        it for people to read, with json's pure-Python encoder: twenty times slower), its log's
        entries encoded once each (`LiveGames.saved_log`)."""
        return orjson.dumps(game.to_dict(log=self.live.saved_log(game_id, game))).decode()

    def _status(self, record: GameRecord, seat: int, game: Game) -> dict:
        """The game as `seat` sees it; its view's log is of encoded entries (`LiveGames.shown_log`),
        for orjson, which the routes answer with."""
        return {
            "id": record.id,
            "player": seat,
            "version": game.version,
            "revision": record.revision,
            "opponent": record.opponent,
            "level": record.level,
            "waiting_for_friend": record.opponent == "friend" and None in (record.token0, record.token1),
            "view": game.view(seat, log=self.live.shown_log(record.id, game)),
        }


def _seat_of(record: GameRecord, token: str | None) -> int | None:
    """The seat whose token `token` is in `record`, or None (no token, or not a token's shape)."""
    return record.seat(token) if token and TOKEN.fullmatch(token) else None
