"""Balda's move generator: every legal word move of a position, found by walking the DAWG over the board.

The interface is narrow so that a compiled core can take its place: a `Position` (the board as a
flat list of letters, the allowed parts of speech, the words already scored and where) goes in,
compact moves come out: ``(new cell index, letter, path of cell indexes)``. Points are the path's
length; the game builds move objects only for the moves it is asked for.

The search is one depth-first walk over paths of cells. A path may start anywhere a letter is or
could be placed; each step follows the next cell's letter in the DAWG, so a path is only extended
while it spells the beginning of some word (the dictionary prunes the search; nothing is
enumerated blindly). It has two phases: before the path has crossed its one empty cell (where the
new letter goes, trying exactly the letters the DAWG allows next), and after, when only cells with
letters may follow. A path that has placed its letter and ends on a word of the game's parts of
speech is a move, unless rule C forbids it (the same word scored before on a shared cell).

`word_moves` runs the same search in C (the C core, core/src, `Graph.compiled`) where it is built:
the same moves in the same order; `python_word_moves` here is the reference and the fallback, and
the tests hold the two to each other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from wordlist.errors import WordlistError
from wordlist.format.limits import COMPILED_CELLS  # the compiled core's sets of cells: 128 bits
from wordlist.games.balda.board import neighbour_table
from wordlist.graph import ROOT, CorruptGraph, Graph

RawMove = tuple[int, str, tuple[int, ...]]  # (new cell index, letter, path of cell indexes)


class Position(NamedTuple):
    """What the move generator needs to know of a Balda game, in compact form."""

    size: int
    diagonal: bool
    board: Sequence[str | None]  # row-major: board[row * size + col]
    mask: int  # the parts of speech that count (a bit mask, see wordlist.format.pos_mask)
    scored: Mapping[str, Sequence[frozenset[int]]]  # word -> the cell-index sets it was scored on


def placeable(position: Position) -> list[bool]:
    """For each cell: is it empty and next to a letter (where a new letter may go)?"""
    board = position.board
    table = neighbour_table(position.size, position.diagonal)
    return [letter is None and any(board[j] is not None for j in table[i]) for i, letter in enumerate(board)]


def word_moves(graph: Graph, position: Position) -> Sequence[RawMove]:
    """Every legal move that scores a word of two letters or more, in a fixed order: from the
    compiled core where there is one (its moves are tuples built as they are read), else from the
    Python search. `move_points` gives the points of all of them."""
    if graph.compiled is None or position.size * position.size > COMPILED_CELLS:
        return python_word_moves(graph, position)
    return compiled_word_moves(graph, position)


def move_points(moves: Sequence[RawMove]) -> list[int]:
    """Each move's points, the length of its path (the compiled core's moves carry them as a list)."""
    points = getattr(moves, "points", None)
    return points if points is not None else [len(move[2]) for move in moves]


def compiled_word_moves(graph: Graph, position: Position) -> Sequence[RawMove]:
    """`word_moves` in C (`Graph.compiled` must be there); each scored word's cells as a bit set."""
    core = graph.compiled
    if core is None:
        raise RuntimeError("the compiled move generator is not available (wordlist/_core.c)")
    try:
        return core.balda(
            position.board, position.size, position.diagonal, position.mask, compiled_scored(position)
        )
    except RuntimeError as error:  # the search's step budget ran out
        raise WordlistError(str(error)) from None
    except CorruptGraph as error:  # a damaged guide, met where the Python search meets it
        raise graph.corrupt(str(error)) from None


def compiled_scored(position: Position) -> list[tuple[str, int, int]]:
    """The words scored before as the core takes them: (word, cells 0-63, cells 64-127) bit sets."""
    scored = []
    for word, cell_sets in position.scored.items():
        for cells in cell_sets:
            on_board = cells if cells <= _CELLS else _CELLS.intersection(cells)
            bits = sum(map(_BITS.__getitem__, on_board))
            scored.append((word, bits & _LOW, bits >> 64))
    return scored


_LOW = (1 << 64) - 1
_CELLS = frozenset(range(COMPILED_CELLS))
_BITS = [1 << cell for cell in range(COMPILED_CELLS)]


def python_word_moves(graph: Graph, position: Position) -> list[RawMove]:
    """`word_moves` in Python: the reference, and the fallback where the compiled core is not built."""
    board = position.board
    neighbours = neighbour_table(position.size, position.diagonal)
    can_place = placeable(position)
    children, value = graph.children, graph.value
    mask = position.mask
    scored = position.scored
    scored_lengths = {len(word) for word in scored}
    # each cell's neighbours that hold a letter (letter, index), and its empty neighbours where a
    # letter may go: the search follows these without looking at the other cells again
    lettered = [[(board[j], j) for j in near if board[j] is not None] for near in neighbours]
    open_cells = [[j for j in near if can_place[j]] for near in neighbours]
    found: list[RawMove] = []
    used = [False] * len(board)
    path: list[int] = []

    def record(new_cell: int, letter: str) -> None:
        if len(path) in scored_lengths:  # rule C, for the few lengths that were scored before
            word = "".join(letter if i == new_cell else board[i] for i in path)
            earlier = scored.get(word)
            if earlier is not None and any(not cells.isdisjoint(path) for cells in earlier):
                return
        found.append((new_cell, letter, tuple(path)))

    def placed(cell: int, following: dict[str, int], new_cell: int, letter: str) -> None:
        # the path (ending at `cell`) holds the new letter and leads to `following` in the DAWG;
        # only cells with letters may follow. (Words are recorded, and leaves left, before the call.)
        for letter_there, step in lettered[cell]:
            if used[step]:
                continue
            child = following.get(letter_there)
            if child is None:
                continue
            path.append(step)
            here = value(child)
            if here is not None and here & mask:
                record(new_cell, letter)
            grand = children(child)
            if grand:
                used[step] = True
                placed(step, grand, new_cell, letter)
                used[step] = False
            path.pop()

    def place_here(step: int, following: dict[str, int]) -> None:
        # the path ends at the empty cell `step`: try each letter the DAWG allows there
        path.append(step)
        used[step] = True
        word = len(path) > 1
        for letter, child in following.items():
            if word:
                here = value(child)
                if here is not None and here & mask:
                    record(step, letter)
            grand = children(child)
            if grand:
                placed(step, grand, step, letter)
        used[step] = False
        path.pop()

    def unplaced(cell: int, following: dict[str, int]) -> None:
        # the path (ending at `cell`) runs over letters on the board and leads to `following`;
        # it may still cross an empty cell
        for letter, step in lettered[cell]:
            if used[step]:
                continue
            child = following.get(letter)
            if child is not None and (grand := children(child)):
                used[step] = True
                path.append(step)
                unplaced(step, grand)
                path.pop()
                used[step] = False
        for step in open_cells[cell]:
            if not used[step]:
                place_here(step, following)

    roots = children(ROOT)
    for start, letter in enumerate(board):
        if letter is not None:
            child = roots.get(letter)
            if child is not None and (grand := children(child)):
                used[start] = True
                path.append(start)
                unplaced(start, grand)
                path.pop()
                used[start] = False
        elif can_place[start]:
            place_here(start, roots)
    return found


def single_letters(position: Position, letters: str) -> list[RawMove]:
    """The one-letter moves (always legal: one point each), cell by cell, letter by letter."""
    return [(i, letter, (i,)) for i, ok in enumerate(placeable(position)) if ok for letter in letters]
