"""Balda's records: the rules' codes, the settings, a move, a turn of the log, a candidate move.

They are what the game (`game.BaldaGame`) and its screen share.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordlist.errors import ArgumentTypeError, WordlistError
from wordlist.games import protocol, state
from wordlist.games.protocol import PLAY, Cell, checked_cell
from wordlist.games.state import GameStateError, Reader

BOARD_SIZES = (5, 7, 9)
EXTRA_PARTS_OF_SPEECH = ("verb", "adjective", "adverb")

# Every way a move can be illegal: the code a frontend can branch on, and the message a player reads.
RULES = {
    **protocol.COMMON_RULES,
    "off_board": "the cell is not on the board",
    "cell_taken": "the cell already holds a letter",
    "not_adjacent": "the new letter must touch a letter already on the board",
    "not_a_letter": "not a letter of the game's alphabet",
    "empty_path": "the word's path is empty",
    "path_gap": "the path jumps between cells that do not touch",
    "path_empty_cell": "the path goes through an empty cell",
    "cell_reused": "the path uses a cell twice",
    "new_letter_unused": "the word must use the new letter",
    "already_scored": "this word was already scored using some of the same cells",
    "not_a_word": "not a word in this game's word list",
}


class IllegalMove(protocol.IllegalMove):
    """A move that breaks a Balda rule; `rule` is one of RULES. The game state is left unchanged."""

    RULES = RULES


@dataclass(frozen=True)
class BaldaSettings:
    """A game's options; the word list (language and profile) is the lexicon the game is played on."""

    size: int = 5
    diagonal: bool = False
    extra_parts_of_speech: tuple[str, ...] = ()  # besides nouns: any of verb, adjective, adverb

    def __post_init__(self) -> None:
        if not isinstance(self.size, int) or self.size not in BOARD_SIZES:
            raise WordlistError(
                f"board size {self.size}: Balda is played on {', '.join(map(str, BOARD_SIZES))}"
            )
        if not isinstance(self.diagonal, bool):
            raise WordlistError(f"diagonal must be true or false, not {self.diagonal!r}")
        if not isinstance(self.extra_parts_of_speech, tuple | list):
            kind = type(self.extra_parts_of_speech).__name__
            raise ArgumentTypeError(f"the extra parts of speech are a list of names, not {kind}")
        object.__setattr__(self, "extra_parts_of_speech", tuple(self.extra_parts_of_speech))
        unknown = [p for p in self.extra_parts_of_speech if p not in EXTRA_PARTS_OF_SPEECH]
        if unknown or len(set(self.extra_parts_of_speech)) != len(self.extra_parts_of_speech):
            raise WordlistError(
                f"parts of speech {list(self.extra_parts_of_speech)}: besides nouns, Balda allows "
                f"{', '.join(EXTRA_PARTS_OF_SPEECH)}, each once"
            )

    @property
    def parts_of_speech(self) -> tuple[str, ...]:
        """The parts of speech a word may have to score: nouns, and the extra ones."""
        return ("noun", *self.extra_parts_of_speech)

    def to_dict(self) -> dict:
        """The settings as a saved game holds them."""
        return {
            "size": self.size,
            "diagonal": self.diagonal,
            "extra_parts_of_speech": list(self.extra_parts_of_speech),
        }


@dataclass(frozen=True)
class Move:
    """Put `letter` on `cell`, then score the word along `path` (cells in order, `cell` among them).

    JSON: {"cell": [row, col], "letter": "b", "path": [[row, col], ...]}.
    """

    cell: Cell
    letter: str
    path: tuple[Cell, ...]

    def to_dict(self) -> dict:
        """The move as JSON: {"cell": [row, col], "letter": ..., "path": [[row, col], ...]}."""
        return {"cell": list(self.cell), "letter": self.letter, "path": list(map(list, self.path))}

    @classmethod
    def from_dict(cls, data: object) -> Move:
        """A move read from JSON; IllegalMove('malformed') says what is wrong with its shape."""
        try:
            reader = Reader(data, "move", {"cell": True, "letter": True, "path": True})
            cell = state.as_list(reader.raw("cell"), "move.cell", 2)
            path = reader.list("path", 81)
            letter = reader.str("letter", 8)
            return cls(
                checked_cell(cell, "move.cell"), letter, tuple(checked_cell(c, "a path cell") for c in path)
            )
        except (GameStateError, ValueError) as error:
            raise IllegalMove("malformed", str(error)) from None


@dataclass(frozen=True)
class Turn:
    """One turn of the game log: who played what, for how many points, and what the word means.
    A resignation (`action` "resign") has no cell, letter or word."""

    player: int
    cell: Cell | None = None
    letter: str = ""
    path: tuple[Cell, ...] = ()
    word: str = ""
    points: int = 0
    definitions: tuple[str, ...] = ()
    action: str = PLAY

    def to_dict(self) -> dict:
        """The turn as the game log in a saved game holds it."""
        return {
            "player": self.player,
            "action": self.action,
            "cell": list(self.cell) if self.cell is not None else None,
            "letter": self.letter,
            "path": list(map(list, self.path)),
            "word": self.word,
            "points": self.points,
            "definitions": list(self.definitions),
        }


@dataclass(frozen=True)
class Candidate:
    """A legal move and the word it scores."""

    move: Move
    word: str

    @property
    def points(self) -> int:
        """What the move scores: the word's length."""
        return len(self.word)

    def to_dict(self) -> dict:
        """The candidate as JSON: the move, the word and its points."""
        return {"move": self.move.to_dict(), "word": self.word, "points": self.points}
