"""Wordgame's move generator: every legal move of a position, found on the word list's DAWG.

The interface is narrow so that a compiled core can take its place: a `Position` (the board, the
layout, the tile points and the rack) goes in; compact moves come out, one tuple each:

    (direction, line, first position of the word, ((letter, kind), ...), points)

with direction 0 across (the line is a row) or 1 down (a column), and each letter of the whole
word with its kind: ON_BOARD (already there), TILE (from the rack) or BLANK_TILE (a blank played
as that letter). The game turns the few tuples it needs into move objects.

The algorithm is Appel & Jacobson's ("The World's Fastest Scrabble Program", 1988). For each
direction the board is read as lines (rows for across moves, columns for down moves):

- a cross-set for every empty square: the letters that make a word with the tiles above and
  below it (for across moves; left and right for down moves), as a bit mask over the alphabet,
  and those tiles' points;
- anchors: the empty squares next to a tile (on an empty board, the start square); every move
  covers at least one, and is generated from its leftmost one;
- a left part is the run of rack tiles placed left of an anchor on squares that are neither
  anchors nor next to a tile. Left parts are walked recursively in the DAWG from each anchor, so
  a prefix shared by many left parts is walked once. Where the anchor has tiles to its left,
  those tiles are the left part;
- from the anchor the word is extended rightwards through the DAWG, placing a rack tile (or a
  blank as any letter) on each empty square that its cross-set allows and reading the tiles
  already there, and recorded wherever it ends on a word. At an empty square only the rack's
  letters that the cross-set allows are tried (a blank tries every letter the DAWG offers).

Scores are added up on the way (letter premiums, the single highest word premium, cross words,
the bingo), so every move comes with the points `Wordgame.check` gives it; the tests check both
agree, and that on small word lists the generator finds exactly what a brute-force search finds.

`generate` runs the same search in C (the C core, core/src, `Graph.compiled`) where it is built:
the same moves in the same order, 25 to 70 times as fast; `python_moves` here is the reference
and the fallback, and the tests hold the two to each other.
"""

from __future__ import annotations

import operator
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple

from wordlist.errors import WordlistError
from wordlist.games.protocol import Cell
from wordlist.games.wordgame.board import ACROSS, DOWN, Layout
from wordlist.games.wordgame.tiles import BLANK
from wordlist.graph import ROOT, CorruptGraph, Graph

ON_BOARD, TILE, BLANK_TILE = 0, 1, 2
BINGO_FACTOR = 2
RawMove = tuple[int, int, int, tuple[tuple[str, int], ...], int]
ANY = -1  # the cross-set of a square with no tile across the line from it


class Position(NamedTuple):
    """What the move generator needs to know of a Wordgame position, in compact form."""

    board: Sequence[Sequence[str | None]]  # rows of letters (None: empty)
    blanks: Collection[Cell]  # squares whose tile is a blank (worth 0)
    layout: Layout
    points: Mapping[str, int]  # each letter's tile value
    rack: Sequence[str]  # the tiles to play from: letters and BLANK
    rack_size: int  # placing this many tiles is a bingo
    first_word: int  # letters the first word needs


def generate(graph: Graph, position: Position) -> Sequence[RawMove]:
    """Every legal move of `position`, one per set of placed tiles, in a fixed order: from the
    compiled core where there is one (its moves are tuples built as they are read), else from
    the Python search. `move_points` gives the points of all of them."""
    if graph.compiled is None:
        return python_moves(graph, position)
    return compiled_moves(graph, position)


def move_points(moves: Sequence[RawMove]) -> list[int]:
    """Each move's points, in order (the compiled core's moves carry them as a list already)."""
    points = getattr(moves, "points", None)
    return points if points is not None else [move[4] for move in moves]


def compiled_moves(graph: Graph, position: Position) -> Sequence[RawMove]:
    """`generate` in C (`Graph.compiled` must be there): the position's squares, premiums, tile
    points and rack handed over as letter indexes and bytes."""
    core = graph.compiled
    if core is None:
        raise RuntimeError("the compiled move generator is not available (wordlist/_core.c)")
    try:
        return core.wordgame(*compiled_arguments(graph, position))
    except RuntimeError as error:  # the search's step budget ran out
        raise WordlistError(str(error)) from None
    except CorruptGraph as error:  # a damaged guide, met where the Python search meets it
        raise graph.corrupt(str(error)) from None


def compiled_arguments(graph: Graph, position: Position) -> tuple:
    """The arguments of the compiled core's `wordgame` for `position` (letter indexes and bytes)."""
    letters = graph.letters
    index = _letter_index(letters)
    layout = position.layout
    size = layout.size
    blanks = bytearray(size * size)
    for row, col in position.blanks:
        if 0 <= row < size and 0 <= col < size:
            blanks[row * size + col] = 1
    rack = position.rack
    # tried in the Python search's order: the rack's distinct letters sorted; a tile that is not a
    # letter of the alphabet (no validated game has one) is never placed
    order = [letter for letter in sorted(set(rack) - {BLANK}) if letter in index]
    letter_premiums, word_premiums = _premium_squares(layout)
    return (
        position.board,
        bytes(blanks),
        letter_premiums,
        word_premiums,
        [position.points.get(letter, 0) for letter in letters],
        bytes(index[letter] for letter in order),
        bytes(rack.count(letter) for letter in order),
        rack.count(BLANK),
        len(rack),
        position.rack_size,
        position.first_word,
        *layout.start,
    )


@lru_cache(maxsize=16)
def _letter_index(letters: str) -> dict[str, int]:
    return {letter: i for i, letter in enumerate(letters)}


@lru_cache(maxsize=16)
def _premium_squares(layout: Layout) -> tuple[bytes, bytes]:
    """The letter and word multiplier of every square, row by row, as the compiled core reads them."""
    letter_premiums, word_premiums = layout.premiums[ACROSS]
    return bytes(v for row in letter_premiums for v in row), bytes(v for row in word_premiums for v in row)


def python_moves(graph: Graph, position: Position) -> list[RawMove]:
    """`generate` in Python: the reference, and the fallback where the compiled core is not built."""
    board, layout = position.board, position.layout
    size = layout.size
    empty = all(letter is None for row in board for letter in row)
    bits = {letter: 1 << i for i, letter in enumerate(graph.letters)}
    moves: list[RawMove] = []
    for flag, direction in enumerate((ACROSS, DOWN)):
        if direction == ACROSS:
            grid = [list(row) for row in board]
            cells = [[(line, pos) for pos in range(size)] for line in range(size)]
        else:
            grid = [[board[pos][line] for pos in range(size)] for line in range(size)]
            cells = [[(pos, line) for pos in range(size)] for line in range(size)]
        worth = [
            [0 if letter is None or cell in position.blanks else position.points.get(letter, 0)
             for letter, cell in zip(grid[line], cells[line], strict=True)]
            for line in range(size)
        ]  # fmt: skip
        start = layout.start if direction == ACROSS else layout.start[::-1]
        for line in range(size):
            anchors = _anchors(grid, line, size, start if empty else None)
            if anchors:
                _line_moves(graph, position, flag, grid, worth, line, anchors, bits, empty, moves)
    return moves


def _line_moves(
    graph: Graph,
    position: Position,
    flag: int,
    grid: list[list[str | None]],
    worth: list[list[int]],
    line: int,
    anchors: list[int],
    bits: dict[str, int],
    empty: bool,
    moves: list[RawMove],
) -> None:
    """The moves along one line, from each of its anchors. (Closures over local variables: the
    search's inner loops run millions of times with a blank, and local lookups are the cheapest.)"""
    size = len(grid)
    row, row_worth = grid[line], worth[line]
    letter_premiums, word_premiums = position.layout.premiums[ACROSS if flag == 0 else DOWN]
    lm, wm = letter_premiums[line], word_premiums[line]
    points = position.points
    rack = position.rack
    counts = {letter: rack.count(letter) for letter in sorted(set(rack) - {BLANK})}
    blanks = [rack.count(BLANK)]  # a list: changed in place by the nested functions
    rack_tiles = len(rack)
    bingo_tiles = position.rack_size
    min_letters = position.first_word if empty else 2
    skip_single_with_cross = flag == 1  # a lone tile with a word sideways was found across
    masks, cross_points = _cross_sets(grid, worth, line, size, graph, bits)
    letters = list(counts)
    # per square: the rack's letters its cross-set allows, and the letters a blank may be (None: any)
    rack_here = [letters if m == ANY else [c for c in letters if m & bits[c]] for m in masks]
    fits = [None if m == ANY else frozenset(c for c, b in bits.items() if m & b) for m in masks]
    children, value = graph.children, graph.value
    tiles: list[tuple[str, int]] = []  # the word so far, from word_start[0]
    word_start = [0]

    def record(main: int, multiplier: int, cross: int, placed: int) -> None:
        if len(tiles) < min_letters:
            return
        if placed == 1 and skip_single_with_cross:
            offset = next(i for i, (_, kind) in enumerate(tiles) if kind != ON_BOARD)
            if cross_points[word_start[0] + offset] >= 0:
                return
        bingo = BINGO_FACTOR if placed == bingo_tiles else 1
        moves.append((flag, line, word_start[0], tuple(tiles), main * multiplier * bingo + cross))

    def extend(pos: int, node: int, main: int, multiplier: int, cross: int, placed: int) -> None:
        # the word so far (tiles) ends at pos - 1 and leads to `node`; continue at `pos`
        last = pos + 1 == size
        ends = last or row[pos + 1] is None
        here = row[pos]
        if here is not None:
            child = children(node).get(here)
            if child is None:
                return
            tiles.append((here, ON_BOARD))
            grown = main + row_worth[pos]
            if ends and value(child) is not None:
                record(grown, multiplier, cross, placed)
            if not last:
                extend(pos + 1, child, grown, multiplier, cross, placed)
            tiles.pop()
            return
        if placed == rack_tiles:
            return
        following = children(node)
        if not following:
            return
        square_lm, square_wm, square_cross = lm[pos], wm[pos], cross_points[pos]
        grown_multiplier = multiplier if multiplier >= square_wm else square_wm
        for letter in rack_here[pos]:
            count = counts[letter]
            if not count or (child := following.get(letter)) is None:
                continue
            tile_points = points[letter] * square_lm
            grown_cross = cross + (square_cross + tile_points) * square_wm if square_cross >= 0 else cross
            counts[letter] = count - 1
            tiles.append((letter, TILE))
            if ends and value(child) is not None:
                record(main + tile_points, grown_multiplier, grown_cross, placed + 1)
            if not last:
                extend(pos + 1, child, main + tile_points, grown_multiplier, grown_cross, placed + 1)
            tiles.pop()
            counts[letter] = count
        if blanks[0]:
            allowed = fits[pos]
            grown_cross = cross + square_cross * square_wm if square_cross >= 0 else cross
            blanks[0] -= 1
            for letter, child in following.items():
                if allowed is not None and letter not in allowed:
                    continue
                tiles.append((letter, BLANK_TILE))
                if ends and value(child) is not None:
                    record(main, grown_multiplier, grown_cross, placed + 1)
                if not last:
                    extend(pos + 1, child, main, grown_multiplier, grown_cross, placed + 1)
                tiles.pop()
            blanks[0] += 1

    def left(node: int, anchor: int, room: int, values: list[int], premiums: list[tuple[int, ...]]) -> None:
        # the left part (tiles, their points in `values`) leads to `node`: extend from the anchor if
        # the anchor square can take a letter after it, then grow the left part by one tile
        following = children(node)
        k = len(tiles)
        if not following:
            return
        if (blanks[0] and (fits[anchor] is None or not fits[anchor].isdisjoint(following))) or any(
            counts[c] and c in following for c in rack_here[anchor]
        ):
            word_start[0] = anchor - k
            squares = premiums[k]
            main = sum(map(operator.mul, values, squares)) if squares else sum(values)
            extend(anchor, node, main, max(wm[anchor - k : anchor], default=1), 0, k)
        if k == room:
            return
        for letter, count in counts.items():
            if count and (child := following.get(letter)) is not None:
                counts[letter] = count - 1
                tiles.append((letter, TILE))
                values.append(points[letter])
                left(child, anchor, room, values, premiums)
                values.pop()
                tiles.pop()
                counts[letter] = count
        if blanks[0]:
            blanks[0] -= 1
            values.append(0)
            for letter, child in following.items():
                tiles.append((letter, BLANK_TILE))
                left(child, anchor, room, values, premiums)
                tiles.pop()
            values.pop()
            blanks[0] += 1

    is_anchor = set(anchors)
    for anchor in anchors:
        if not rack_here[anchor] and not (blanks[0] and fits[anchor] != frozenset()):
            continue  # nothing on the rack fits the anchor square
        if anchor > 0 and row[anchor - 1] is not None:  # the tiles to the left are the left part
            start = anchor - 1
            while start > 0 and row[start - 1] is not None:
                start -= 1
            node = graph.find("".join(row[start:anchor]))
            if node is not None:
                word_start[0] = start
                tiles[:] = [(letter, ON_BOARD) for letter in row[start:anchor]]
                extend(anchor, node, sum(row_worth[start:anchor]), 1, 0, 0)
                tiles.clear()
            continue
        room = 0
        while anchor - room > 0 and row[anchor - room - 1] is None and anchor - room - 1 not in is_anchor:
            room += 1
        room = min(room, rack_tiles - 1)
        # the letter premiums under a left part of k tiles (empty where all are plain squares)
        premiums = [
            lm[anchor - k : anchor] if any(v != 1 for v in lm[anchor - k : anchor]) else ()
            for k in range(room + 1)
        ]
        left(ROOT, anchor, room, [], premiums)


def _anchors(grid: list[list[str | None]], line: int, size: int, start: Cell | None) -> list[int]:
    """Positions on `line` of the empty squares next to a tile; on an empty board, the `start`
    square (line, pos)."""
    if start is not None:
        return [start[1]] if line == start[0] else []
    row = grid[line]
    above = grid[line - 1] if line > 0 else None
    below = grid[line + 1] if line + 1 < size else None
    return [
        pos
        for pos in range(size)
        if row[pos] is None
        and (
            (pos > 0 and row[pos - 1] is not None)
            or (pos + 1 < size and row[pos + 1] is not None)
            or (above is not None and above[pos] is not None)
            or (below is not None and below[pos] is not None)
        )
    ]


def _cross_sets(
    grid: list[list[str | None]],
    worth: list[list[int]],
    line: int,
    size: int,
    graph: Graph,
    bits: dict[str, int],
) -> tuple[list[int], list[int]]:
    """For each square of `line`: the bit mask of the letters allowed by the tiles across the line
    from it (ANY: no tile there), and those tiles' points (-1: no cross word)."""
    masks = [ANY] * size
    cross_points = [-1] * size
    for pos in range(size):
        if grid[line][pos] is not None:
            continue
        first = line
        while first > 0 and grid[first - 1][pos] is not None:
            first -= 1
        last = line
        while last + 1 < size and grid[last + 1][pos] is not None:
            last += 1
        if first == last:
            continue
        cross_points[pos] = sum(worth[k][pos] for k in range(first, last + 1) if k != line)
        above = graph.find("".join(grid[k][pos] for k in range(first, line)))
        below = "".join(grid[k][pos] for k in range(line + 1, last + 1))
        mask = 0
        if above is not None:
            for letter, child in graph.children(above).items():
                end = graph.find(below, child)
                if end is not None and graph.value(end) is not None:
                    mask |= bits[letter]
        masks[pos] = mask
    return masks, cross_points
