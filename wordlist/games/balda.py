"""Balda: the rules, the game state, and its JSON form. Any frontend drives a game through `BaldaGame`.

The rules
---------
- The board is 5x5, 7x7 or 9x9. A starting word as long as the board is wide, picked at random
  (seeded) from the lexicon's nouns, fills the middle row. It counts as scored; nobody gets its points.
- A turn: place one letter on an empty cell next to a letter (orthogonally, or also diagonally if
  the game allows diagonal connections), then trace a word through neighbouring cells. The score
  is the word's length.
- The word must (A) use the new letter, (B) use each cell at most once, (C) not have been scored
  before in this game unless that earlier word shares no cell with this one, and (D) be in the
  word list for the game's parts of speech (nouns, plus any of verbs/adjectives/adverbs allowed).
- The new letter on its own may always be scored as a one-letter word (1 point): the game cannot
  get stuck.
- The game ends when every cell is filled (or a player resigns); most points wins, a tie is shared.

Cells are (row, column) pairs from (0, 0) at the top left; `cell_name` and `parse_cell` convert to
and from the "b3" notation (column letter, row number) that the terminal game uses.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from wordlist.errors import WordlistError
from wordlist.format import pos_mask
from wordlist.games import common as games
from wordlist.games.common import Cell, cell_name, parse_cell
from wordlist.lexicon import Lexicon

BOARD_SIZES = (5, 7, 9)
EXTRA_PARTS_OF_SPEECH = ("verb", "adjective", "adverb")
STATE_FORMAT = "balda/1"

__all__ = ["BaldaGame", "BaldaSettings", "IllegalMove", "Move", "Turn", "cell_name", "parse_cell"]

# Every way a move can be illegal: the code a frontend can branch on, and the message a player reads.
RULES = {
    "game_over": "the game is over",
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


class IllegalMove(games.IllegalMove):
    """A move that breaks a Balda rule; `rule` is one of RULES. The game state is left unchanged."""

    RULES = RULES


@dataclass(frozen=True)
class BaldaSettings:
    size: int = 5
    diagonal: bool = False
    extra_parts_of_speech: tuple[str, ...] = ()  # besides nouns: any of verb, adjective, adverb
    language: str = "en"
    profile: str = "balda"

    def __post_init__(self) -> None:
        if self.size not in BOARD_SIZES:
            raise WordlistError(
                f"board size {self.size}: Balda is played on {', '.join(map(str, BOARD_SIZES))}"
            )
        unknown = [p for p in self.extra_parts_of_speech if p not in EXTRA_PARTS_OF_SPEECH]
        if unknown:
            raise WordlistError(
                f"parts of speech {unknown}: besides nouns, Balda allows {', '.join(EXTRA_PARTS_OF_SPEECH)}"
            )

    @property
    def parts_of_speech(self) -> tuple[str, ...]:
        return ("noun", *self.extra_parts_of_speech)


@dataclass(frozen=True)
class Move:
    cell: Cell
    letter: str
    path: tuple[Cell, ...]


@dataclass(frozen=True)
class Turn:
    """One turn of the game log: who played what, for how many points, and what the word means."""

    player: int
    cell: Cell
    letter: str
    path: tuple[Cell, ...]
    word: str
    points: int
    definitions: tuple[str, ...] = ()


@dataclass
class BaldaGame:
    """A game in progress. Create with `BaldaGame.new`, drive with `play`, store with `to_json`."""

    lexicon: Lexicon
    settings: BaldaSettings
    board: list[list[str | None]]
    players: list[str]
    scores: list[int]
    start_word: str
    seed: int | None = None
    turn: int = 0  # index of the player to move
    history: list[Turn] = field(default_factory=list)
    scored: list[tuple[str, frozenset[Cell]]] = field(default_factory=list)
    resigned: int | None = None

    # --- creating ----------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        lexicon: Lexicon,
        settings: BaldaSettings | None = None,
        *,
        seed: int | None = None,
        players: Sequence[str] = ("Player 1", "Player 2"),
        start_word: str | None = None,
    ) -> BaldaGame:
        """A new game: the starting word is a random noun of the board's width (or `start_word`)."""
        settings = settings or BaldaSettings(language=lexicon.language, profile=lexicon.profile)
        if len(players) != 2:
            raise WordlistError("Balda is played by two players")
        if start_word is None:
            try:
                start_word = lexicon.random_word(settings.size, pos="noun", rng=random.Random(seed))
            except LookupError as error:
                raise WordlistError(str(error)) from None
        start_word = lexicon.normalize(start_word)
        if len(start_word) != settings.size:
            raise WordlistError(f"the starting word {start_word!r} must have {settings.size} letters")
        board: list[list[str | None]] = [[None] * settings.size for _ in range(settings.size)]
        middle = settings.size // 2
        board[middle] = list(start_word)
        game = cls(lexicon, settings, board, list(players), [0, 0], start_word, seed)
        game.scored.append((start_word, frozenset((middle, col) for col in range(settings.size))))
        return game

    # --- state -------------------------------------------------------------------------------------

    @property
    def size(self) -> int:
        return self.settings.size

    @property
    def current_player(self) -> int:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.resigned is not None or all(letter is not None for row in self.board for letter in row)

    @property
    def winners(self) -> list[int]:
        """The players with the most points (both on a tie); the other player if one resigned."""
        if not self.is_over:
            return []
        if self.resigned is not None:
            return [1 - self.resigned]
        best = max(self.scores)
        return [i for i, score in enumerate(self.scores) if score == best]

    @property
    def scored_words(self) -> list[str]:
        return [word for word, _ in self.scored]

    def letter_at(self, cell: Cell) -> str | None:
        return self.board[cell[0]][cell[1]]

    def on_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def neighbours(self, cell: Cell) -> list[Cell]:
        row, col = cell
        steps = ((-1, 0), (1, 0), (0, -1), (0, 1))
        if self.settings.diagonal:
            steps += ((-1, -1), (-1, 1), (1, -1), (1, 1))
        return [(row + dr, col + dc) for dr, dc in steps if self.on_board((row + dr, col + dc))]

    def touches(self, a: Cell, b: Cell) -> bool:
        dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
        return (dr + dc == 1) or (self.settings.diagonal and dr == 1 and dc == 1)

    def placeable_cells(self) -> list[Cell]:
        """Empty cells next to a letter: where the player to move may put a letter."""
        return [
            (row, col)
            for row in range(self.size)
            for col in range(self.size)
            if self.board[row][col] is None
            and any(self.letter_at(n) is not None for n in self.neighbours((row, col)))
        ]

    def allows(self, word: str) -> bool:
        """Rule D: is `word` in the word list for this game's parts of speech?"""
        return self.lexicon.is_word(word, pos=self.settings.parts_of_speech)

    # --- moves -------------------------------------------------------------------------------------

    def check(self, move: Move) -> str:
        """The word `move` would score; raises IllegalMove naming the broken rule. Changes nothing."""
        if self.is_over:
            raise IllegalMove("game_over")
        cell = tuple(move.cell)
        if not self.on_board(cell):
            raise IllegalMove("off_board", cell_name(cell))
        if self.letter_at(cell) is not None:
            raise IllegalMove("cell_taken", f"{cell_name(cell)} holds {self.letter_at(cell).upper()}")
        if not any(self.letter_at(n) is not None for n in self.neighbours(cell)):
            raise IllegalMove("not_adjacent", cell_name(cell))
        letter = self.lexicon.normalize(move.letter)
        if len(letter) != 1 or letter not in self.lexicon.letters:
            raise IllegalMove("not_a_letter", repr(move.letter))
        path = [tuple(c) for c in move.path]
        if not path:
            raise IllegalMove("empty_path")
        for step in path:
            if not self.on_board(step):
                raise IllegalMove("off_board", f"{cell_name(step)} in the path")
        for a, b in itertools.pairwise(path):
            if not self.touches(a, b):
                raise IllegalMove("path_gap", f"{cell_name(a)} to {cell_name(b)}")
        if len(set(path)) != len(path):
            twice = next(c for c in path if path.count(c) > 1)
            raise IllegalMove("cell_reused", cell_name(twice))
        if cell not in path:
            raise IllegalMove("new_letter_unused", f"the path does not go through {cell_name(cell)}")
        letters = []
        for step in path:
            found = letter if step == cell else self.letter_at(step)
            if found is None:
                raise IllegalMove("path_empty_cell", cell_name(step))
            letters.append(found)
        word = "".join(letters)
        if len(word) == 1:
            return word  # the new letter alone always scores one point
        cells = frozenset(path)
        for earlier, earlier_cells in self.scored:
            if earlier == word and earlier_cells & cells:
                raise IllegalMove("already_scored", self.lexicon.display(word))
        if not self.allows(word):
            raise IllegalMove("not_a_word", self.lexicon.display(word))
        return word

    def play(self, move: Move) -> Turn:
        """Play `move` for the player to move; raises IllegalMove (and changes nothing) if it is illegal."""
        word = self.check(move)
        cell = tuple(move.cell)
        path = tuple(tuple(c) for c in move.path)
        letter = self.lexicon.normalize(move.letter)
        definitions = (
            tuple(self.lexicon.definitions(word, pos=self.settings.parts_of_speech)) if len(word) > 1 else ()
        )
        record = Turn(self.turn, cell, letter, path, word, len(word), definitions)
        self.board[cell[0]][cell[1]] = letter
        self.scores[self.turn] += len(word)
        self.scored.append((word, frozenset(path)))
        self.history.append(record)
        self.turn = 1 - self.turn
        return record

    def resign(self) -> None:
        """The player to move gives up: the other player wins."""
        if self.is_over:
            raise IllegalMove("game_over")
        self.resigned = self.turn

    # --- JSON --------------------------------------------------------------------------------------

    def to_dict(self) -> dict:
        return {
            "format": STATE_FORMAT,
            "settings": {
                **asdict(self.settings),
                "extra_parts_of_speech": list(self.settings.extra_parts_of_speech),
            },
            "players": list(self.players),
            "board": ["".join(letter or "." for letter in row) for row in self.board],
            "scores": list(self.scores),
            "turn": self.turn,
            "start_word": self.start_word,
            "seed": self.seed,
            "resigned": self.resigned,
            "scored": [{"word": word, "cells": sorted(map(list, cells))} for word, cells in self.scored],
            "history": [
                {
                    "player": t.player,
                    "cell": list(t.cell),
                    "letter": t.letter,
                    "path": [list(c) for c in t.path],
                    "word": t.word,
                    "points": t.points,
                    "definitions": list(t.definitions),
                }
                for t in self.history
            ],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_dict(cls, data: dict, lexicon: Lexicon | None = None) -> BaldaGame:
        """Rebuild a game from `to_dict`; the lexicon is opened from the settings if not given."""
        if data.get("format") != STATE_FORMAT:
            raise WordlistError(
                f"not a Balda game state (format {data.get('format')!r}, expected {STATE_FORMAT!r})"
            )
        raw = data["settings"]
        settings = BaldaSettings(
            size=raw["size"],
            diagonal=raw["diagonal"],
            extra_parts_of_speech=tuple(raw["extra_parts_of_speech"]),
            language=raw["language"],
            profile=raw["profile"],
        )
        lexicon = lexicon or Lexicon.open(settings.language, settings.profile)
        if (lexicon.language, lexicon.profile) != (settings.language, settings.profile):
            raise WordlistError(
                f"the game is played on {settings.language}/{settings.profile}, not {lexicon!r}"
            )
        board = [[None if c == "." else c for c in row] for row in data["board"]]
        if len(board) != settings.size or any(len(row) != settings.size for row in board):
            raise WordlistError(f"the board is not {settings.size}x{settings.size}")
        return cls(
            lexicon=lexicon,
            settings=settings,
            board=board,
            players=list(data["players"]),
            scores=list(data["scores"]),
            start_word=data["start_word"],
            seed=data.get("seed"),
            turn=data["turn"],
            history=[
                Turn(
                    t["player"],
                    tuple(t["cell"]),
                    t["letter"],
                    tuple(tuple(c) for c in t["path"]),
                    t["word"],
                    t["points"],
                    tuple(t["definitions"]),
                )
                for t in data["history"]
            ],
            scored=[(s["word"], frozenset(tuple(c) for c in s["cells"])) for s in data["scored"]],
            resigned=data.get("resigned"),
        )

    @classmethod
    def from_json(cls, text: str, lexicon: Lexicon | None = None) -> BaldaGame:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise WordlistError(f"not a Balda game state: {error}") from None
        return cls.from_dict(data, lexicon)

    def allowed_mask(self) -> int:
        return pos_mask(self.settings.parts_of_speech)
