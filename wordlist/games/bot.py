"""One bot for every game: a level is a strategy that picks one of the legal moves by their points.

The game's search lists its moves compactly (`Found`: the points of each, and a way to build one);
a strategy looks only at the points and returns the index of its choice, so the bot builds a move
object for the one move it plays. With no move at all the bot exchanges the tiles the game's
`bot_exchange` names (Wordgame: all but its blanks, while the bag holds a full rack), or else
passes; Balda always has a move (a single letter scores).

Levels:
- "strong": the move worth the most points (the longest word in Balda); ties broken by the bot's
  seeded random generator, so games vary with the seed and repeat with it;
- "beginner": a random move among those worth at most the median, like a casual player.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wordlist.errors import ArgumentError, ArgumentTypeError, UnknownLevel
from wordlist.games.protocol import EXCHANGE, PASS, PLAY, Game


@dataclass(frozen=True)
class Ranked:
    """A move as a bot ranks it: the candidate, its points now, and its value to the bot."""

    candidate: Any
    points: int
    value: float


Strategy = Callable[[Sequence[int], random.Random], int]  # the moves' points -> the chosen index


def strongest(points: Sequence[int], rng: random.Random) -> int:
    """The strong level: the index of a move with the most points (ties broken by `rng`)."""
    best = max(points)
    return rng.choice([i for i, p in enumerate(points) if p == best])


def beginner(points: Sequence[int], rng: random.Random) -> int:
    """The beginner level: the index of a random move among the weaker half (by points)."""
    median = statistics.median(points)
    return rng.choice([i for i, p in enumerate(points) if p <= median])


LEVELS: dict[str, Strategy] = {"strong": strongest, "beginner": beginner}


def check_level(level: str) -> str:
    """`level` if it is a bot level; else UnknownLevel naming the levels."""
    if not isinstance(level, str) or level not in LEVELS:
        raise UnknownLevel(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    return level


class Bot:
    """A player for any `Game`: `bot.move(game)` plays (or exchanges, or passes) for the player to
    move and returns the turn. Seeded, so a game between bots can be replayed."""

    def __init__(self, level: str = "strong", seed: int | None = None) -> None:
        if seed is not None and not isinstance(seed, int):
            raise ArgumentTypeError(f"a bot's seed is a whole number or None, not {type(seed).__name__}")
        self.level = check_level(level)
        self.strategy = LEVELS[level]
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"Bot({self.level!r})"

    def choose(self, game: Game) -> Any | None:
        """The candidate the bot would play (`.move`, `.word`, `.points`), or None to pass."""
        if not isinstance(game, Game):
            raise ArgumentTypeError(f"a bot plays a Game, not {type(game).__name__}")
        found = game.bot_search()
        if not len(found):
            return None
        return found.build(self.strategy(found.points, self.rng))

    def action(self, game: Game) -> dict:
        """The bot's choice as a JSON action, for `game.act` (a server records it like any move):
        a move, else an exchange where the game allows one, else a pass."""
        chosen = self.choose(game)
        if chosen is not None:
            return {"action": PLAY, "move": chosen.move.to_dict()}
        return self._without_move(game)

    def move(self, game: Game) -> Any:
        """Play the bot's move for the player to move in `game` (with none: exchange where the game
        allows it, else pass); the Turn."""
        chosen = self.choose(game)
        return game.act(self._without_move(game)) if chosen is None else game.play(chosen.move)

    def ranked(self, game: Game, limit: int | None = None) -> list[Ranked]:
        """The moves a bot chooses among, best first by value (then by word, then in the search's
        order), with their points and values; the first `limit` of them (None: all)."""
        if not isinstance(game, Game):
            raise ArgumentTypeError(f"a bot ranks the moves of a Game, not {type(game).__name__}")
        found = game.bot_search()
        values = [float(p) for p in found.points]
        built = [found.build(i) for i in range(len(found))]
        order = sorted(range(len(found)), key=lambda i: (-values[i], built[i].word, i))[:limit]
        return [Ranked(built[i], found.points[i], values[i]) for i in order]

    @staticmethod
    def _without_move(game: Game) -> dict:
        tiles = game.bot_exchange()
        return {"action": EXCHANGE, "tiles": tiles} if tiles else {"action": PASS}


def self_play(game: Game, bots: Sequence[Bot]) -> Game:
    """Play `game` to the end with a bot on each side."""
    if not isinstance(game, Game):
        raise ArgumentTypeError(f"self_play plays a Game, not {type(game).__name__}")
    if not isinstance(bots, Sequence) or len(bots) != 2 or not all(isinstance(b, Bot) for b in bots):
        raise ArgumentError("self_play takes two bots, one a player")
    while not game.is_over:
        bots[game.turn].move(game)
    return game
