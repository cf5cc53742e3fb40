"""Wordgame's board: the layout of premium squares as data, the start square, and directions.

Cells are (row, column) from (0, 0) at the top left; in text, "h8" is column h, row 8 (the centre
of the classic board).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from wordlist.errors import WordlistError
from wordlist.format import LETTER_PREMIUMS, WORD_PREMIUMS, Board, check_board
from wordlist.games.protocol import Cell

ACROSS, DOWN = "across", "down"
DIRECTIONS = (ACROSS, DOWN)


def step(direction: str) -> Cell:
    """The (row, column) step from one letter of a word to the next."""
    return (0, 1) if direction == ACROSS else (1, 0)


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The four squares next to `cell` (some may lie off the board)."""
    row, col = cell
    return ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))


@dataclass(frozen=True)
class Layout(Board):
    """The board as data (wordlist.format's `Board`: rows of premium codes and the start square,
    checked by the format's one validator of a board). Every board the format accepts is one this
    game plays (wordlist/format/limits.py: 4x4, for a first word of 4 letters, to 26x26, for
    columns a to z).

    Codes: "." plain, "d" double letter, "t" triple letter, "D" double word, "T" triple word.
    """

    @classmethod
    def of(cls, board: Board) -> Layout:
        """`board` as a Layout (the board of a GameSpec, or a Layout already)."""
        return board if isinstance(board, Layout) else cls(board.rows, board.start)

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
        """The layout as JSON: {"board": [rows], "start": [row, col]} (what --layout reads)."""
        return {"board": list(self.rows), "start": list(self.start)}

    @classmethod
    def from_dict(cls, data: object) -> Layout:
        """From {"board": [rows], "start": [row, col]}: game.json's board, or a layout file."""
        if not isinstance(data, Mapping):
            raise WordlistError('a board layout is a JSON object {"board": [rows], "start": [row, col]}')
        rows, start = data.get("board"), data.get("start")
        check_board(rows, start)
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
