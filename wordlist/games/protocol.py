"""The one shape both games share: what a terminal, a server or a web page drives a game through.

A game (`BaldaGame`, `Wordgame`) is a `Game`:

- state: `players` (names), `scores`, `turn` (index of the player to move), `history` (one `Turn`
  a move, pass or resignation), `version` (the number of turns played: it only grows, so a server
  can refuse a move made on an older state), `is_over`, `winners`;
- `view(player)`: what that player may see, as plain JSON (no opponent's rack, no bag order);
- `search()` / `legal_moves()`: the legal moves with their points (`search` keeps them compact
  and builds a move object only when asked, which is what a bot wants);
- `play(move)`, `pass_turn()` (where the rules have passing), `exchange(tiles)` (where they have a
  tile exchange: `can_exchange()` says whether it is allowed now), `resign()`, and `act(action)`
  for an action read from JSON: ``{"action": "play", "move": {...}}``, ``{"action": "pass"}``,
  ``{"action": "exchange", "tiles": ["q", "?"]}`` (or ``"tiles": "q?"``), ``{"action": "resign"}``;
  `move_from_dict` reads a move alone;
- `to_json()` / `from_json(text, lexicon)`: the whole state in an envelope naming the game, the
  state format's version and the word list it is played on (see `wordlist.games.state`);
  `from_json` validates everything, so a server can load states it did not write.

A move that breaks a rule raises the game's `IllegalMove` (a `WordlistError`) with a `rule` code a
frontend can branch on; the state is left unchanged.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from wordlist.errors import COMMON_RULES as COMMON_RULES  # each game's rules add to them
from wordlist.errors import ArgumentError, ArgumentTypeError, IllegalMove, NameRefused, WordlistError
from wordlist.format.limits import MAX_DEFINITION_LENGTH, MAX_SEED, MAX_TURN_DEFINITIONS, MIN_SEED
from wordlist.games import state as states
from wordlist.lexicon import Lexicon
from wordlist.text import check_name

Cell = tuple[int, int]  # (row, column) from (0, 0) at the top left
PLAY, PASS, EXCHANGE, RESIGN = "play", "pass", "exchange", "resign"  # what a turn can be
ACTIONS = (PLAY, PASS, EXCHANGE, RESIGN)


def cell_name(cell: Iterable[int]) -> str:
    """(row, col) -> 'b3': column letter, row number from 1 at the top (a game's log and messages
    name cells so; the terminal reads them back with `wordlist.games.terminal.parse_cell`)."""
    if cell.__class__ is tuple and len(cell) == 2 and cell[0].__class__ is int is cell[1].__class__:
        known = _CELL_NAMES.get(cell)
        if known is not None:  # a log's cells, named in every view a server sends
            return known
    if not isinstance(cell, tuple | list) or len(cell) != 2 or not all(isinstance(v, int) for v in cell):
        raise ArgumentError(f"a cell is a (row, column) pair of whole numbers, not {cell!r:.40}")
    row, col = cell
    return f"{chr(ord('a') + col)}{row + 1}" if 0 <= col < 26 and row >= 0 else f"({row},{col})"


_CELL_NAMES = {(row, col): cell_name([row, col]) for row in range(99) for col in range(26)}


def checked_cell(value: object, what: str = "cell") -> Cell:
    """A cell given to `play`: a pair of whole numbers (not 7.9, not True), else a `malformed` move."""
    if (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    raise ArgumentError(f"{what} {value!r} is not a (row, column) pair of whole numbers")


class Candidate(Protocol):
    """A legal move as the search found it: the move to `play`, its main word and its points."""

    @property
    def move(self) -> Any:
        """The move to give `Game.play`."""

    @property
    def word(self) -> str:
        """The word the move makes (the main word, for a crossword game)."""

    @property
    def points(self) -> int:
        """What the move scores."""

    def to_dict(self) -> dict:
        """The candidate as JSON (the move, the word, the points and the game's own details)."""


C = TypeVar("C", bound=Candidate)


@dataclass(frozen=True)
class Found(Generic[C]):
    """The moves a search found, kept compact: each move's points, and `build(i)` to make move i
    into a candidate object only when it is wanted (a bot builds one; a move list, all)."""

    points: Sequence[int]
    build: Callable[[int], C]
    raw: Sequence[Any] = ()  # the game's own compact moves, for its evaluation (Wordgame: movegen's)

    def __len__(self) -> int:
        return len(self.points)

    def all(self) -> list[C]:
        """Every move found, each built as a Candidate (`build(i)` builds only the i-th)."""
        return [self.build(i) for i in range(len(self.points))]


class Game(ABC):
    """The game protocol (see the module's docstring). Subclasses hold the rules of one game."""

    KIND: ClassVar[str]  # "balda", "wordgame": the state envelope's format tag
    FORMAT_VERSION: ClassVar[int]  # of the state inside the envelope
    Illegal: ClassVar[type[IllegalMove]] = IllegalMove
    MOVE: ClassVar[type]  # the game's move, with from_dict
    TURN: ClassVar[type]  # the game's log entry: TURN(player, action=...)
    CAN_PASS: ClassVar[bool] = False
    CAN_EXCHANGE: ClassVar[bool] = False  # whether the rules have a tile exchange at all

    lexicon: Lexicon
    board: list[list[str | None]]
    players: list[str]
    scores: list[int]
    turn: int
    history: list[Any]
    resigned: int | None

    # --- state -------------------------------------------------------------------------------------

    def __repr__(self) -> str:
        # never the racks or the bag: a repr ends up in logs
        scores = ", ".join(f"{name} {score}" for name, score in zip(self.players, self.scores, strict=True))
        over = ", over" if self.is_over else f", player {self.turn} to move"
        where = f"{self.lexicon.language}/{self.lexicon.profile}"
        return f"<{type(self).__name__} on {where}: {scores}, turn {self.version}{over}>"

    @property
    def version(self) -> int:
        """The state's version: turns played so far. Every move, pass or resignation adds one."""
        return len(self.history)

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended (then `winners` says who won)."""

    @property
    def final_scores(self) -> list[int]:
        """The scores that decide the winner (Wordgame subtracts the tiles left on each rack)."""
        return list(self.scores)

    @property
    def winners(self) -> list[int]:
        """The winning players once the game is over: the most final points (both on a tie), or the
        other player if one resigned; [] while it goes on."""
        if not self.is_over:
            return []
        if self.resigned is not None:
            return [1 - self.resigned]
        final = self.final_scores
        best = max(final)
        return [p for p, score in enumerate(final) if score == best]

    def letter_at(self, cell: Cell) -> str | None:
        """The letter on `cell`, or None if it is empty."""
        return self.board[cell[0]][cell[1]]

    @abstractmethod
    def view(self, player: int | None = None, *, log: Sequence[Any] | None = None) -> dict:
        """What `player` may see, as JSON (None: a spectator, who sees no rack). `log`: the log's
        entries (`shown_turn` of each turn), where the caller keeps them: the server keeps each
        encoded once, as orjson fragments, which only orjson then writes; made here otherwise."""

    def shown_turn(self, turn: Any) -> dict:
        """A turn of the log as the views show it: its public fields and its notation."""
        return {**turn.to_dict(), "notation": self.notation(turn)}

    def _log(self, log: Sequence[Any] | None, entry: Callable[[Any], object]) -> Sequence[Any]:
        """`log` if given (as many entries as turns: ValueError otherwise), else made with `entry`."""
        if log is None:
            return [entry(t) for t in self.history]
        if len(log) != len(self.history):
            raise ValueError(f"a log of {len(log)} entries for a game of {len(self.history)} turns")
        return log

    def _view_common(self, player: int | None, log: Sequence[Any] | None) -> dict:
        if player is not None:
            checked_player(player)
        return {
            "game": self.KIND,
            "version": self.version,
            "player": player,
            "players": list(self.players),
            "turn": self.turn,
            "scores": list(self.scores),
            "over": self.is_over,
            "winners": self.winners,
            "can_pass": self.CAN_PASS,
            "can_exchange": self.can_exchange(),
            "lexicon": {"language": self.lexicon.language, "profile": self.lexicon.profile},
            "letters": self.lexicon.letters,
            "upper": self.lexicon.capitals(),
            "history": self._log(log, self.shown_turn),
        }

    # --- moves -------------------------------------------------------------------------------------

    @abstractmethod
    def search(self) -> Found:
        """Every legal move of the player to move, compact (see `Found`); empty once over."""

    def bot_search(self) -> Found:
        """The moves a bot chooses among (by default all of them)."""
        return self.search()

    def bot_values(self, found: Found, level: Any, rng: random.Random) -> Sequence[float]:
        """The value of each move of `found` (as `bot_search` lists them) to a bot at `level` (a
        `bot.Level`: its name and its `budget(KIND)`), in points: by default the points now. A game
        with a stronger evaluation (a lookahead, an equity) overrides it; randomness only from
        `rng`, so a seed repeats the game."""
        return [float(p) for p in found.points]

    def legal_moves(self) -> list:
        """Every legal move of the player to move, as candidates (`.move`, `.word`, `.points`)."""
        return self.search().all()

    @abstractmethod
    def play(self, move: Any) -> Any:
        """Play `move` for the player to move and return its `Turn`; IllegalMove changes nothing."""

    def pass_turn(self) -> Any:
        """The player to move passes (games whose rules have passing)."""
        self._check_not_over()
        raise self.Illegal("cannot_pass")

    def can_exchange(self) -> bool:
        """Whether the player to move may exchange tiles now (games whose rules have an exchange)."""
        return False

    def exchange(self, tiles: object) -> Any:
        """The player to move puts `tiles` back and draws as many (games whose rules have it)."""
        self._check_not_over()
        raise self.Illegal("cannot_exchange")

    def bot_exchange(self, level: Any = None) -> list:
        """The tiles a bot puts back ([]: it passes instead): with no move, or when
        `bot_exchange_instead` says it is worth more at `level` (a `bot.Level`, None: points only)."""
        return []

    def bot_exchange_instead(self, found: Found, level: Any) -> bool:
        """Whether a bot at `level` would rather exchange (`bot_exchange(level)`) than play the best
        of `found` (a game with exchanges valued by its evaluation overrides it); by default never."""
        return False

    def resign(self) -> Any:
        """The player to move gives up; the other player wins."""
        self._check_not_over()
        record = self.TURN(self.turn, action=RESIGN)
        self.history.append(record)
        self.resigned = self.turn
        return record

    @abstractmethod
    def restarted(self) -> Self:
        """The game as it began: the same list, settings, players and seed, no turn played. Acting
        every turn of `history` on it (`act(action_of(turn))`) gives this game again, which is how
        an analysis visits the positions a game went through."""

    def action_of(self, turn: Any) -> dict:
        """A turn of the log as the action that plays it again (`act`)."""
        if turn.action == PLAY:
            return {"action": PLAY, "move": self.move_of(turn).to_dict()}
        if turn.action == EXCHANGE:
            return {"action": EXCHANGE, "tiles": list(turn.returned)}
        return {"action": turn.action}

    @abstractmethod
    def move_of(self, turn: Any) -> Any:
        """The move a played turn of the log made (as `play` takes it)."""

    @classmethod
    def move_from_dict(cls, data: object) -> Any:
        """A move read from JSON (as `Candidate.to_dict()["move"]` writes it); IllegalMove('malformed')."""
        return cls.MOVE.from_dict(data)

    @abstractmethod
    def notation(self, turn: Any) -> str:
        """A turn as a player types it in the terminal ('h8 down tea', 'b2 t b2-b3-a3', 'pass')."""

    def act(self, action: object, *, player: int | None = None) -> Any:
        """Apply an action read from JSON: {"action": "play", "move": {...}}, {"action": "pass"},
        {"action": "exchange", "tiles": [...] or "..."} or {"action": "resign"}. With `player`, it
        must be that player's turn."""
        if not isinstance(action, Mapping) or action.get("action") not in ACTIONS:
            raise self.Illegal("malformed", f"an action is an object with 'action': {', '.join(ACTIONS)}")
        if player is not None and player != self.turn:
            self._check_not_over()
            raise self.Illegal("not_your_turn")
        kind = action["action"]
        if kind == PLAY:
            return self.play(self.move_from_dict(action.get("move")))
        if kind == EXCHANGE:
            return self.exchange(action.get("tiles"))
        return self.pass_turn() if kind == PASS else self.resign()

    def _check_not_over(self) -> None:
        if self.is_over:
            raise self.Illegal("game_over")

    def board_rows(self) -> list[str]:
        """The board as text, a string a row, "." for an empty square (views and saved states)."""
        return ["".join(letter or "." for letter in row) for row in self.board]

    # --- JSON --------------------------------------------------------------------------------------

    @abstractmethod
    def state(self, *, log: Sequence[Any] | None = None) -> dict:
        """The game's own part of the saved state (inside the envelope). `log`: the log's entries
        (`saved_turn` of each turn), where the caller keeps them (see `view`); made otherwise."""

    def saved_turn(self, turn: Any) -> dict:
        """A turn as the saved state's log holds it."""
        return turn.to_dict()

    @classmethod
    @abstractmethod
    def from_state(cls, state: states.Reader, lexicon: Lexicon, version: int) -> Self:
        """Rebuild and validate a game from `state()`; GameStateError names what is wrong."""

    def to_dict(self, *, log: Sequence[Any] | None = None) -> dict:
        """The whole state (both racks and the bag's order: for storage, not for a player); `log`
        as `state` takes it."""
        return states.envelope(
            self.KIND, self.FORMAT_VERSION, self.lexicon, self.version, self.state(log=log)
        )

    def to_json(self) -> str:
        """The whole state as JSON text, in its envelope; `from_json` reads it back."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_dict(
        cls,
        data: object,
        lexicon: Lexicon | None = None,
        *,
        root: str | Path | None = None,
        allow_other_list: bool = False,
    ) -> Self:
        """Rebuild a game from `to_dict`, checking every field, the word list and the history;
        anything wrong raises GameStateError (a WordlistError) naming the field.

        Without `lexicon`, the word list the state names is opened under `root` (see
        `Lexicon.open`). A state saved on another build of the word list is refused unless
        `allow_other_list` (its moves are then judged on this list).
        """
        reader, lexicon, version = states.open_envelope(
            data, cls.KIND, cls.FORMAT_VERSION, lexicon, root=root, allow_other_list=allow_other_list
        )
        return cls.from_state(reader, lexicon, version)

    @classmethod
    def from_json(
        cls,
        text: str | bytes,
        lexicon: Lexicon | None = None,
        *,
        root: str | Path | None = None,
        allow_other_list: bool = False,
    ) -> Self:
        """`from_dict` of JSON text (or UTF-8 bytes)."""
        data = states.parse_json(text, cls.KIND)
        return cls.from_dict(data, lexicon, root=root, allow_other_list=allow_other_list)


def logged_definitions(definitions: Iterable[str], most: int = MAX_TURN_DEFINITIONS) -> tuple[str, ...]:
    """The definitions a turn of the log keeps of its word: the first `most` (at most
    MAX_TURN_DEFINITIONS), each cut to MAX_DEFINITION_LENGTH characters (its end an ellipsis), so
    that a saved game holds what `read_definitions` reads back."""
    kept = []
    for text in definitions:
        if len(kept) == min(most, MAX_TURN_DEFINITIONS):
            break
        cut = len(text) > MAX_DEFINITION_LENGTH
        kept.append(text[: MAX_DEFINITION_LENGTH - 1] + "…" if cut else text)
    return tuple(kept)


def read_definitions(turn: states.Reader) -> tuple[str, ...]:
    """The definitions of a saved turn (its field "definitions"): what `logged_definitions` keeps,
    else GameStateError naming the field."""
    return tuple(turn.strings("definitions", MAX_TURN_DEFINITIONS, MAX_DEFINITION_LENGTH))


def checked_player(player: object) -> int:
    """`player` if it is 0 or 1 (not True); else ArgumentError."""
    if not isinstance(player, int) or isinstance(player, bool) or player not in (0, 1):
        raise ArgumentError(f"player {player!r:.40}: a game has players 0 and 1")
    return player  # type: ignore[return-value]


def checked_lexicon(lexicon: object) -> Lexicon:
    """`lexicon` if it is a Lexicon, the word list a game is played on; else ArgumentTypeError."""
    if not isinstance(lexicon, Lexicon):
        raise ArgumentTypeError(f"a game is played on a Lexicon, not {type(lexicon).__name__}")
    return lexicon


def checked_settings(settings: object, kind: type) -> None:
    """`settings` must be None or the game's settings record: else ArgumentTypeError."""
    if settings is not None and not isinstance(settings, kind):
        raise ArgumentTypeError(f"settings must be {kind.__name__} or None, not {type(settings).__name__}")


def checked_players(players: Sequence[object], game: str) -> list[str]:
    """Two players' names, each one `wordlist.text.check_name` accepts; else WordlistError."""
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise ArgumentTypeError(f"{game} players are a list of two names, not {type(players).__name__}")
    names = list(players)
    if len(names) != 2:
        raise WordlistError(f"{game} is played by two players, not {len(names)}")
    for i, name in enumerate(names):
        try:
            check_name(name)
        except NameRefused as error:
            raise WordlistError(f"{game}: player {i + 1}'s name: {error}") from None
    return names  # type: ignore[return-value]


def checked_seed(seed: object) -> int | None:
    """`seed` if it is None or a whole number a saved game can keep (MIN_SEED to MAX_SEED); else
    WordlistError (a game whose seed cannot be saved could not be loaded again)."""
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not MIN_SEED <= seed <= MAX_SEED
    ):
        raise WordlistError(f"a game's seed is a whole number from -2**63 to 2**63 - 1, not {seed!r}")
    return seed


def read_seed(reader: states.Reader) -> int | None:
    """The seed of a saved state (its field "seed"), or None; else GameStateError naming it."""
    return reader.optional_int("seed", MIN_SEED, MAX_SEED)


def read_players(reader: states.Reader, game: str) -> list[str]:
    """The two players' names of a saved state (its field "players"), each one `check_name`
    accepts; else GameStateError naming the field."""
    players = reader.list("players", 2)
    if len(players) != 2:
        raise states.fail(reader.at("players"), f"{game} is played by two players")
    for i, name in enumerate(players):
        try:
            check_name(name)
        except NameRefused as error:
            raise states.fail(f"{reader.at('players')}[{i}]", str(error)) from None
    return players
