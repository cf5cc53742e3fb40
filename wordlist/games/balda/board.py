"""Balda's board geometry: which cells touch, orthogonally or also diagonally.

Cells are (row, column) pairs; the move generator works on cell indexes (row * size + column)
and reads the neighbours of each index from a table computed once per board shape.
"""

from __future__ import annotations

from functools import lru_cache

from wordlist.games.protocol import Cell

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def on_board(cell: Cell, size: int) -> bool:
    """Whether `cell` (row, column) lies on a board of `size` x `size`."""
    return 0 <= cell[0] < size and 0 <= cell[1] < size


def neighbours(cell: Cell, size: int, diagonal: bool) -> list[Cell]:
    """The cells next to `cell` on the board (with `diagonal`, the diagonal ones too)."""
    row, col = cell
    steps = ORTHOGONAL + DIAGONAL if diagonal else ORTHOGONAL
    return [(row + dr, col + dc) for dr, dc in steps if on_board((row + dr, col + dc), size)]


def touches(a: Cell, b: Cell, diagonal: bool) -> bool:
    """Whether cells `a` and `b` are neighbours (with `diagonal`, diagonally too)."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dr + dc == 1) or (diagonal and dr == 1 and dc == 1)


@lru_cache(maxsize=16)
def neighbour_table(size: int, diagonal: bool) -> tuple[tuple[int, ...], ...]:
    """For each cell index, the indexes of the cells it touches."""
    return tuple(
        tuple(r * size + c for r, c in neighbours((i // size, i % size), size, diagonal))
        for i in range(size * size)
    )
