"""One bot for every game: a level is a record that says how the bot values the legal moves and how
it picks among them by value.

The game's search lists its moves compactly (`Found`: the points of each, and a way to build one);
the game values them for the level (`Game.bot_values`: by default the points now; Balda's lookahead,
Wordgame's equity are the games' own) and the level's pick returns the index of its choice, so the
bot builds a move object for the one move it plays. With no move at all, or when the game's
`bot_exchange_instead` values an exchange above its best move (Wordgame at "strong" and up, by
equity), the bot exchanges the tiles the game's `bot_exchange` names, or else passes; Balda always
has a move (a single letter scores).

Levels, weakest first (`LEVELS`, the one table the command line, the server and the page list):
- "beginner": a random move among those worth at most the median, like a casual player;
- "greedy": the move worth the most points now (the longest word in Balda): the yardstick;
- "strong" (the default): the game's evaluation with a small budget (Balda: a lookahead over both
  players' moves; Wordgame: points plus the worth of the tiles kept);
- "expert": the game's evaluation with the largest budget (Balda: a deeper search, exact near the
  end; Wordgame: the opponent's replies simulated, an exact endgame).
Ties are broken by the bot's seeded random generator, so games vary with the seed and repeat with
it. Budgets count positions (or simulations), never time: the same seed and position give the same
move in Python, over HTTP and in the browser.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wordlist.errors import ArgumentError, ArgumentTypeError, UnknownLevel
from wordlist.format.limits import BALDA_EXPERT_NODES, BALDA_STRONG_NODES, WORDGAME_EXPERT_RACKS
from wordlist.games.protocol import EXCHANGE, PASS, PLAY, Game

Pick = Callable[[Sequence[float], random.Random], int]  # the moves' values -> the chosen index


def best(values: Sequence[float], rng: random.Random) -> int:
    """The index of a move of the highest value (ties broken by `rng`)."""
    top = max(values)
    return rng.choice([i for i, v in enumerate(values) if v == top])


def weaker_half(values: Sequence[float], rng: random.Random) -> int:
    """The index of a random move among the weaker half (by value)."""
    median = statistics.median(values)
    return rng.choice([i for i, v in enumerate(values) if v <= median])


POINTS = "points"  # a level's evaluation: the points now, whatever the game
LOOKAHEAD = "lookahead"  # ... the game's own evaluation (`Game.bot_values`) within the level's budget


@dataclass(frozen=True)
class Level:
    """A bot level: its name, how moves are valued (POINTS or the game's LOOKAHEAD), how it picks
    among them, and its budget per move in each game (positions searched, or simulations: never
    time), by the game's KIND; 0 where the level spends none."""

    name: str
    evaluation: str
    pick: Pick
    budgets: tuple[tuple[str, int], ...] = ()
    about: str = ""

    def budget(self, kind: str) -> int:
        """The level's budget per move in the game of that KIND (0: none)."""
        return dict(self.budgets).get(kind, 0)


LEVEL_TABLE: tuple[Level, ...] = (
    Level("beginner", POINTS, weaker_half, about="a random move among the weaker half"),
    Level("greedy", POINTS, best, about="the most points now"),
    Level("strong", LOOKAHEAD, best, (("balda", BALDA_STRONG_NODES),), "looks ahead"),
    Level(
        "expert",
        LOOKAHEAD,
        best,
        (("balda", BALDA_EXPERT_NODES), ("wordgame", WORDGAME_EXPERT_RACKS)),
        "looks furthest ahead",
    ),
)
LEVELS: dict[str, Level] = {level.name: level for level in LEVEL_TABLE}  # weakest first
DEFAULT_LEVEL = "strong"


@dataclass(frozen=True)
class Ranked:
    """A move as a bot ranks it: the candidate, its points now, and its value to the bot."""

    candidate: Any
    points: int
    value: float


def check_level(level: str) -> str:
    """`level` if it is a bot level; else UnknownLevel naming the levels."""
    if not isinstance(level, str) or level not in LEVELS:
        raise UnknownLevel(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    return level


def values_for(game: Game, found: Any, level: Level, rng: random.Random) -> list[float]:
    """The value of each move of `found` at `level`: the points, or the game's evaluation."""
    if level.evaluation == POINTS:
        return [float(p) for p in found.points]
    values = [float(v) for v in game.bot_values(found, level, rng)]
    if len(values) != len(found):
        raise ArgumentError(
            f"{type(game).__name__}.bot_values gave {len(values)} values for {len(found)} moves"
        )
    return values


class Bot:
    """A player for any `Game`: `bot.move(game)` plays (or exchanges, or passes) for the player to
    move and returns the turn. Seeded, so a game between bots can be replayed."""

    def __init__(self, level: str = DEFAULT_LEVEL, seed: int | None = None) -> None:
        if seed is not None and not isinstance(seed, int):
            raise ArgumentTypeError(f"a bot's seed is a whole number or None, not {type(seed).__name__}")
        self.level = check_level(level)
        self.spec = LEVELS[level]
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"Bot({self.level!r})"

    def choose(self, game: Game) -> Any | None:
        """The candidate the bot would play (`.move`, `.word`, `.points`), or None to pass."""
        if not isinstance(game, Game):
            raise ArgumentTypeError(f"a bot plays a Game, not {type(game).__name__}")
        found = game.bot_search()
        if not len(found) or game.bot_exchange_instead(found, self.spec):
            return None
        return found.build(self.spec.pick(values_for(game, found, self.spec, self.rng), self.rng))

    def ranked(self, game: Game, limit: int | None = None) -> list[Ranked]:
        """The moves the bot chooses among, best first by its level's value (then by word, then in
        the search's order), with their points and values; the first `limit` of them (None: all)."""
        if not isinstance(game, Game):
            raise ArgumentTypeError(f"a bot ranks the moves of a Game, not {type(game).__name__}")
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
            raise ArgumentError(f"a ranking's limit is a whole number from 0, or None, not {limit!r}")
        found = game.bot_search()
        values = values_for(game, found, self.spec, self.rng)
        built = [found.build(i) for i in range(len(found))]
        order = sorted(range(len(found)), key=lambda i: (-values[i], built[i].word, i))[:limit]
        return [Ranked(built[i], found.points[i], values[i]) for i in order]

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

    def _without_move(self, game: Game) -> dict:
        tiles = game.bot_exchange(self.spec)
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
