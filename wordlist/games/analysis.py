"""After a game: each of a player's moves beside the best move a bot finds in the same position.

`analyse(game, player, level)` replays the game from its start (`Game.restarted`: Wordgame's racks
dealt again from its seed) and, before each turn of `player`, ranks the moves as the bot of `level`
ranks them (`Bot.ranked`): the best one found, and the value of the move played. A move's value is
what the level plays by (points, or points and the worth of the tiles kept, or a searched score
difference); the difference between the best value and the played one is what the turn gave up.

A pass or an exchange is worth 0; a move the bot does not rank (Balda's letter alone while a word
can be made) is valued on the level's scale from the position it leaves (`_value_after`). What is
given up is never below 0: a search on a budget may rank a move lower than the one a player
found. Balda's lookahead values a move weaker than the best by the bound alpha-beta proves (its
value is at most that), so what it gave up is at least the figure given. Each position's bot is
seeded by the turn's place in the log, so an analysis is the same every time it is made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wordlist.errors import ArgumentTypeError, WordlistError
from wordlist.games.bot import LEVELS, POINTS, Bot, Ranked, check_level
from wordlist.games.protocol import PLAY, RESIGN, Game, checked_player

ANALYSIS_LEVEL = "strong"  # the strongest level an analysis can afford on a server, turn after turn
HINT_LEVEL = "strong"  # a hint is the move this level would play


@dataclass(frozen=True)
class MoveReview:
    """One turn of a player, reviewed: what was played and its value, the best move found in the
    same position (None: there was no move) and its value, and the value given up."""

    index: int  # the turn's place in the game's log (0: the first turn)
    turn: Any  # the game's Turn, as the log holds it
    value: float
    best: Any | None  # the game's Candidate (`.move`, `.word`, `.points`)
    best_value: float
    given_up: float

    @property
    def points(self) -> int:
        """What the turn scored."""
        return int(self.turn.points)

    @property
    def best_points(self) -> int:
        """What the best move found would have scored (0 without one)."""
        return 0 if self.best is None else int(self.best.points)

    def to_dict(self, game: Game) -> dict:
        """The review as JSON: the turn as the log shows it (with its `notation`), the best move as a
        move list shows it, values to two decimals."""
        played = {**self.turn.to_dict(), "notation": game.notation(self.turn)}
        return {
            "index": self.index,
            "played": played,
            "word": self.turn.word,
            "value": round(self.value, 2),
            "best": None if self.best is None else self.best.to_dict(),
            "best_value": round(self.best_value, 2),
            "given_up": round(self.given_up, 2),
        }


def analyse(game: Game, player: int, level: str = ANALYSIS_LEVEL) -> list[MoveReview]:
    """Each turn of `player` in `game` (but a resignation) beside the best move the bot of `level`
    finds in its position, in the order played. The game need not be over. WordlistError if its
    log does not replay from its start (a game whose racks were dealt by hand)."""
    if not isinstance(game, Game):
        raise ArgumentTypeError(f"an analysis reviews a Game, not {type(game).__name__}")
    checked_player(player)
    check_level(level)
    position = game.restarted()
    reviews = []
    for index, turn in enumerate(game.history):
        mine = turn.player == player and turn.action != RESIGN
        if mine:
            ranked = Bot(level, seed=index).ranked(position)
            value = _ranked_value(position, turn, ranked)
        try:
            position.act(game.action_of(turn))
        except WordlistError as error:
            raise WordlistError(
                f"the game's log does not replay from its start: turn {index + 1}: {error}"
            ) from None
        if mine:
            if value is None:  # a move the bot does not rank: valued from the position it left
                value = _value_after(position, turn, level, index)
            reviews.append(_review(index, turn, value, ranked))
    return reviews


def _ranked_value(position: Game, turn: Any, ranked: Sequence[Ranked]) -> float | None:
    """The value of the move `turn` makes in `position`, as the bot ranked it; 0 for a pass or an
    exchange; None for a move the bot does not rank."""
    if turn.action != PLAY:
        return 0.0
    played = _move_key(position.move_of(turn))
    return next((r.value for r in ranked if _move_key(r.candidate.move) == played), None)


def _value_after(position: Game, turn: Any, level: str, seed: int) -> float:
    """The value of a move the bot does not rank (Balda's letter alone while a word can be made), on
    the level's scale: its points at a level that values points; for a lookahead (a score
    difference seen from the mover), the final difference if the move ended the game, else what
    the opponent's best reply leaves the mover (its value, negated)."""
    if LEVELS[level].evaluation == POINTS:
        return float(turn.points)
    if position.is_over:
        final = position.final_scores
        return float(final[turn.player] - final[1 - turn.player])
    replies = Bot(level, seed=seed).ranked(position, 1)
    return -replies[0].value if replies else float(turn.points)


def _review(index: int, turn: Any, value: float, ranked: Sequence[Ranked]) -> MoveReview:
    """The review of `turn`, worth `value`, beside the best of `ranked` (the moves of its position)."""
    if not ranked:
        return MoveReview(index, turn, value, None, 0.0, 0.0)
    best = ranked[0]
    return MoveReview(index, turn, value, best.candidate, best.value, max(0.0, best.value - value))


def best_move(game: Game, level: str = HINT_LEVEL) -> Any | None:
    """The move a hint gives: the best the bot of `level` finds for the player to move (None: no
    move). Its bot is seeded by the game's version, so that a position gets the same hint in the
    terminal, over HTTP and on the page."""
    ranked = Bot(level, seed=game.version).ranked(game, 1)
    return ranked[0].candidate if ranked else None


def total_given_up(reviews: Sequence[MoveReview]) -> float:
    """What a player's turns gave up in all."""
    return sum(r.given_up for r in reviews)


def _move_key(move: Any) -> object:
    """A move as compared with another: Wordgame's tiles in any order (a player places them in the
    order they like; the search lists them along the word), Balda's move as it is."""
    tiles = getattr(move, "tiles", None)
    return frozenset(tiles) if tiles is not None else move
