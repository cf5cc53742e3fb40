"""The game objects a worker's last requests left (`LiveGames`), so that the next move on a game
skips loading and replaying its state, and reading its record first (wordlist.server.games); and
their logs' entries, each encoded as JSON once (`EncodedLog`), as every stored state and every
view holds the whole log."""

from __future__ import annotations

import dataclasses
import threading
import weakref
from collections import OrderedDict

import orjson

from wordlist.games import Game
from wordlist.server.records import GameRecord

# Game objects a worker keeps live: twice the server's default connections (a game in play per
# connection, and its rematch). A 5x5 Balda game of 10 turns takes about 20 KiB, and its encoded
# log 3 KiB: at most some 50 MB a worker. Fewer than the games in play, and their moves read and
# replay their state.
LIVE_GAMES = 2048


class EncodedLog:
    """A game object's log entries, each encoded as JSON once, as the stored state holds them
    (`Game.saved_turn`) and as the views show them (`Game.shown_turn`): orjson fragments, bytes
    the garbage collector does not walk (unlike the dicts they are made from). A game's log only
    grows: each form encodes the turns played since it was last asked for. The game is held
    weakly: a log never keeps a dropped game object alive."""

    __slots__ = ("game", "saved", "shown")

    def __init__(self, game: Game) -> None:
        self.game = weakref.ref(game)
        self.saved: list[orjson.Fragment] = []
        self.shown: list[orjson.Fragment] = []

    def entries(self, game: Game, *, saved: bool) -> list[orjson.Fragment]:
        """The game's log in one form, a copy (the turns played since encoded first)."""
        encoded, encode = (self.saved, game.saved_turn) if saved else (self.shown, game.shown_turn)
        for turn in game.history[len(encoded) :]:
            encoded.append(orjson.Fragment(orjson.dumps(encode(turn))))
        return list(encoded)


class LiveGames:
    """The game objects the last requests left, each with its record (without the state) at its
    revision, so that the next move on a game skips loading and replaying its state, and the
    next move of this worker's player skips reading its record (`take_latest`). A move takes the
    object out to play on it (no other move can touch it meanwhile) and puts it back once its new
    state is committed; a request that only reads it puts it back at once. An object is used only
    at its stored revision: `take` checks it before, and a move on `take_latest`'s is written only
    if the store still holds it. Bounded: the oldest are dropped."""

    def __init__(self, size: int = LIVE_GAMES) -> None:
        self.size = size
        self._games: OrderedDict[str, tuple[GameRecord, Game]] = OrderedDict()
        self._logs: OrderedDict[str, EncodedLog] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, game_id: str, revision: int) -> Game | None:
        """The game object kept at exactly this revision (removed from the cache), or None."""
        found = self.take_latest(game_id)
        return found[1] if found is not None and found[0].revision == revision else None

    def take_latest(self, game_id: str) -> tuple[GameRecord, Game] | None:
        """The record and game object kept, at whatever revision (removed from the cache), or None."""
        with self._lock:
            return self._games.pop(game_id, None)

    def put(self, record: GameRecord, game: Game) -> None:
        """Keep the game object at `record.revision` for the next request; the oldest go past `size`."""
        if self.size <= 0:
            return
        kept = dataclasses.replace(record, state="") if record.state else record
        with self._lock:
            _keep_newest(self._games, record.id, (kept, game), self.size)

    def saved_log(self, game_id: str, game: Game) -> list[orjson.Fragment]:
        """`game`'s log as its stored state holds it, encoded (see `EncodedLog`)."""
        with self._lock:  # (the event loop's requests only, so far: cheap to be sure)
            return self._log(game_id, game).entries(game, saved=True)

    def shown_log(self, game_id: str, game: Game) -> list[orjson.Fragment]:
        """`game`'s log as its views show it, encoded (see `EncodedLog`)."""
        with self._lock:
            return self._log(game_id, game).entries(game, saved=False)

    def _log(self, game_id: str, game: Game) -> EncodedLog:
        """The encoded log kept for this game object (the lock held): another object under this
        id (one loaded again from the store, or played on and dropped) starts a new one. As many
        kept as games, the oldest dropped; none kept if no game is (size 0)."""
        found = self._logs.get(game_id)
        if found is None or found.game() is not game:
            found = EncodedLog(game)
        if self.size > 0:
            _keep_newest(self._logs, game_id, found, self.size)
        return found


def _keep_newest(kept: OrderedDict, key: str, value: object, size: int) -> None:
    """`kept[key] = value`, as the newest entry; the oldest dropped beyond `size`."""
    kept[key] = value
    kept.move_to_end(key)
    while len(kept) > size:
        kept.popitem(last=False)
