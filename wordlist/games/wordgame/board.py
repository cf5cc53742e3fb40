"""Wordgame's board: the layout of premium squares as data, the start square, and directions.

Cells are (row, column) from (0, 0) at the top left; in text, "h8" is column h, row 8 (the centre
of the classic board).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from wordlist.errors import WordlistError
from wordlist.format import BOARD_SQUARES, LETTER_PREMIUMS, WORD_PREMIUMS
from wordlist.games.protocol import Cell

ACROSS, DOWN = "across", "down"
DIRECTIONS = (ACROSS, DOWN)
MIN_SIZE, MAX_SIZE = 4, 26  # a first word has 4 letters; columns are named a to z


def step(direction: str) -> Cell:
    """The (row, column) step from one letter of a word to the next."""
    return (0, 1) if direction == ACROSS else (1, 0)


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    row, col = cell
    return ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))


@dataclass(frozen=True)
class Layout:
    """The board as data: one string a row of premium codes, and the start square.

    Codes: "." plain, "d" double letter, "t" triple letter, "D" double word, "T" triple word.
    """

    rows: tuple[str, ...]
    start: Cell

    def __post_init__(self) -> None:
        size = len(self.rows)
        if any(not isinstance(row, str) for row in self.rows):
            raise WordlistError("a board layout's rows must be strings of square codes")
        if size == 0 or any(len(row) != size for row in self.rows):
            raise WordlistError(f"a board layout must be square, not {[len(r) for r in self.rows]}")
        bad = sorted({c for row in self.rows for c in row} - set(BOARD_SQUARES))
        if bad:
            raise WordlistError(
                f"unknown squares {bad} in the board layout (known: {' '.join(BOARD_SQUARES)})"
            )
        if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < size for v in self.start):
            raise WordlistError(f"the start square {self.start} is not on the {size}x{size} board")
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise WordlistError(
                f"a board layout is {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}, not {size}x{size}"
            )

    @property
    def size(self) -> int:
        return len(self.rows)

    def letter_multiplier(self, cell: Cell) -> int:
        return LETTER_PREMIUMS.get(self.rows[cell[0]][cell[1]], 1)

    def word_multiplier(self, cell: Cell) -> int:
        return WORD_PREMIUMS.get(self.rows[cell[0]][cell[1]], 1)

    @cached_property
    def premiums(self) -> dict[str, tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]]:
        """{direction: (letter multipliers, word multipliers)}, each [line][position] as the move
        generator reads the board along that direction (rows across, columns down)."""
        size = self.size
        across_l = tuple(tuple(LETTER_PREMIUMS.get(c, 1) for c in row) for row in self.rows)
        across_w = tuple(tuple(WORD_PREMIUMS.get(c, 1) for c in row) for row in self.rows)

        def columns(grid: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
            return tuple(tuple(grid[r][c] for r in range(size)) for c in range(size))

        return {ACROSS: (across_l, across_w), DOWN: (columns(across_l), columns(across_w))}

    def to_dict(self) -> dict:
        return {"board": list(self.rows), "start": list(self.start)}

    @classmethod
    def from_dict(cls, data: object) -> Layout:
        """From {"board": [rows], "start": [row, col]}: the `game` table of a profile, or a JSON file."""
        if not isinstance(data, Mapping):
            raise WordlistError('a board layout is a JSON object {"board": [rows], "start": [row, col]}')
        rows, start = data.get("board"), data.get("start")
        if not isinstance(rows, list) or not isinstance(start, list) or len(start) != 2:
            raise WordlistError("a board layout needs 'board', a list of rows, and 'start', a [row, col]")
        return cls(tuple(rows), (start[0], start[1]))


CLASSIC = Layout(
    (
        "T..d...T...d..T",
        ".D...t...t...D.",
        "..D...d.d...D..",
        "d..D...d...D..d",
        "....D.....D....",
        ".t...t...t...t.",
        "..d...d.d...d..",
        "T..d...D...d..T",
        "..d...d.d...d..",
        ".t...t...t...t.",
        "....D.....D....",
        "d..D...d...D..d",
        "..D...d.d...D..",
        ".D...t...t...D.",
        "T..d...T...d..T",
    ),
    (7, 7),
)
