"""The Wordgame move generator and bot: every legal move of a position, found on the word list's DAWG.

The generator is Appel & Jacobson's ("The World's Fastest Scrabble Program", 1988) on the same
DAWG the dictionary queries use. For each direction the board is read as lines (rows for
across moves, columns for down moves):

- a cross-check for every empty square: the letters that make a word with the tiles above and
  below it (for across moves; left and right for down moves), and those tiles' points;
- anchors: the empty squares next to a tile (on an empty board, the start square); every move
  covers at least one, and is generated from its leftmost one;
- a left part is the run of rack tiles placed left of an anchor on squares that are neither
  anchors nor next to a tile; they spell a prefix of some word, so the left parts of a rack are
  walked once in the DAWG and reused at every anchor (limited to the room left of it). Where the
  anchor has tiles to its left, those tiles are the left part;
- from the anchor the word is extended rightwards through the DAWG, placing a rack tile (or a
  blank as any letter) on each empty square that its cross-check allows and reading the tiles
  already there, and recorded wherever it ends on a word.

Scores are added up on the way (letter premiums, the single highest word premium, cross words,
the bingo), so every move comes with the points `Wordgame.check` gives it; the tests check both
agree, and that on small word lists the generator finds exactly what a brute-force search finds.

Bot levels: "strong" plays the highest-scoring move; "beginner" a random move among those
scoring at most the median. With no move at all, the bot passes.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from wordlist.games.wordgame import (
    ACROSS,
    BINGO_FACTOR,
    BLANK,
    DOWN,
    FIRST_WORD_LETTERS,
    Tile,
    Turn,
    Wordgame,
)
from wordlist.graph import ROOT

LEVELS = ("strong", "beginner")


@dataclass(frozen=True)
class Candidate:
    """A legal move: its tiles, main word, direction and points."""

    tiles: tuple[Tile, ...]
    word: str
    direction: str
    points: int


def legal_moves(game: Wordgame, rack: Sequence[str] | None = None) -> list[Candidate]:
    """Every legal move of the position for `rack` (default: the rack of the player to move),
    one per set of placed tiles, in a fixed order."""
    if game.is_over:
        return []
    tiles = _Rack.of(list(game.rack if rack is None else rack), game.lexicon.graph.children)
    moves: list[Candidate] = []
    for direction in (ACROSS, DOWN):
        lines = _Lines.of(game, direction)
        start = game.layout.start if direction == ACROSS else game.layout.start[::-1]
        for line in range(game.size):
            anchors = _anchors(lines.grid, line, game.size, start if lines.empty else None)
            if anchors:
                _line_moves(game, lines, line, anchors, tiles, moves)
    return moves


@dataclass
class _Rack:
    """The rack being played from: letter counts and blanks (used and given back during the
    search), and every left part it can spell."""

    counts: Counter
    blanks: list[int]  # one number, in a list so the search can change it in place
    size: int
    left_parts: list[tuple[tuple, int]]

    @classmethod
    def of(cls, tiles: list[str], children) -> _Rack:
        counts = Counter(t for t in tiles if t != BLANK)
        blanks = [tiles.count(BLANK)]
        return cls(counts, blanks, len(tiles), _left_parts(children, counts, blanks, len(tiles) - 1))


def _left_parts(children, counts: Counter, blanks: list[int], longest: int) -> list[tuple[tuple, int]]:
    """(tiles, DAWG node) of every prefix the rack can spell, shortest first; a tile is
    (letter, is_blank)."""
    parts: list[tuple[tuple, int]] = [((), ROOT)]

    def walk(node: int, tiles: tuple) -> None:
        if len(tiles) == longest:
            return
        for letter, child in children(node).items():
            if counts[letter]:
                counts[letter] -= 1
                grown = (*tiles, (letter, False))
                parts.append((grown, child))
                walk(child, grown)
                counts[letter] += 1
            if blanks[0]:
                blanks[0] -= 1
                grown = (*tiles, (letter, True))
                parts.append((grown, child))
                walk(child, grown)
                blanks[0] += 1

    walk(ROOT, ())
    parts.sort(key=lambda part: len(part[0]))
    return parts


@dataclass(frozen=True)
class _Lines:
    """The board read as lines along one direction (rows across, columns down): grid[line][pos]."""

    direction: str
    empty: bool  # no tile on the board yet: the first move
    grid: list[list[str | None]]
    worth: list[list[int]]  # points of the tile on each square (0: blank or empty)
    letter_premium: list[list[int]]
    word_premium: list[list[int]]

    @classmethod
    def of(cls, game: Wordgame, direction: str) -> _Lines:
        size, layout, points = game.size, game.layout, game.tiles.points
        cells = [[_cell(direction, line, pos) for pos in range(size)] for line in range(size)]
        grid = [[game.board[r][c] for r, c in line] for line in cells]
        worth = [
            [0 if cell in game.blanks else points.get(game.letter_at(cell), 0) for cell in line]
            for line in cells
        ]
        letter_premium = [[layout.letter_multiplier(cell) for cell in line] for line in cells]
        word_premium = [[layout.word_multiplier(cell) for cell in line] for line in cells]
        return cls(direction, game.is_empty, grid, worth, letter_premium, word_premium)


def _cell(direction: str, line: int, pos: int) -> tuple[int, int]:
    return (line, pos) if direction == ACROSS else (pos, line)


def _line_moves(
    game: Wordgame, lines: _Lines, line: int, anchors: list[int], rack: _Rack, moves: list[Candidate]
) -> None:
    """The moves along one line, from each of its anchors."""
    counts, blanks, rack_tiles, left_parts = rack.counts, rack.blanks, rack.size, rack.left_parts
    size = game.size
    points = game.tiles.points
    graph = game.lexicon.graph
    children, value = graph.children, graph.value
    direction = lines.direction
    row, row_worth = lines.grid[line], lines.worth[line]
    lm, wm = lines.letter_premium[line], lines.word_premium[line]
    allowed, cross_points = _cross_checks(lines.grid, lines.worth, line, size, graph)
    bingo_tiles = game.settings.rack_size
    min_letters = FIRST_WORD_LETTERS if lines.empty else 2
    skip_single_with_cross = direction == DOWN  # a lone tile with a word sideways was found across
    is_anchor = set(anchors)
    word: list[str] = []
    placed: list[tuple[int, str, bool]] = []

    def record(main: int, multiplier: int, cross: int) -> None:
        if len(word) < min_letters:
            return
        if skip_single_with_cross and len(placed) == 1 and cross_points[placed[0][0]] >= 0:
            return
        total = main * multiplier * (BINGO_FACTOR if len(placed) == bingo_tiles else 1) + cross
        tiles = tuple(Tile(_cell(direction, line, pos), letter, blank) for pos, letter, blank in placed)
        moves.append(Candidate(tiles, "".join(word), direction, total))

    def extend(pos: int, node: int, main: int, multiplier: int, cross: int) -> None:
        # the word so far ends at pos - 1 and leads to `node`; continue at `pos`
        if pos == size:
            return
        letter_here = row[pos]
        ends = pos + 1 == size or row[pos + 1] is None
        if letter_here is not None:
            child = children(node).get(letter_here)
            if child is not None:
                word.append(letter_here)
                grown = main + row_worth[pos]
                if ends and value(child) is not None:
                    record(grown, multiplier, cross)
                extend(pos + 1, child, grown, multiplier, cross)
                word.pop()
            return
        fits = allowed[pos]
        if (fits is not None and not fits) or len(placed) == rack_tiles:
            return
        square_lm, square_wm, square_cross = lm[pos], wm[pos], cross_points[pos]
        grown_multiplier = max(multiplier, square_wm)
        for letter, child in children(node).items():
            if fits is not None and letter not in fits:
                continue
            is_word = ends and value(child) is not None
            for blank in (False, True):
                if blank:
                    if not blanks[0]:
                        continue
                    blanks[0] -= 1
                    tile_points = 0
                else:
                    if not counts[letter]:
                        continue
                    counts[letter] -= 1
                    tile_points = points[letter] * square_lm
                grown_cross = cross + ((square_cross + tile_points) * square_wm if square_cross >= 0 else 0)
                word.append(letter)
                placed.append((pos, letter, blank))
                if is_word:
                    record(main + tile_points, grown_multiplier, grown_cross)
                extend(pos + 1, child, main + tile_points, grown_multiplier, grown_cross)
                placed.pop()
                word.pop()
                if blank:
                    blanks[0] += 1
                else:
                    counts[letter] += 1

    for anchor in anchors:
        if anchor > 0 and row[anchor - 1] is not None:  # the tiles to the left are the left part
            start = anchor - 1
            while start > 0 and row[start - 1] is not None:
                start -= 1
            node = graph.find("".join(row[start:anchor]))
            if node is not None:
                word.extend(row[start:anchor])
                extend(anchor, node, sum(row_worth[start:anchor]), 1, 0)
                word.clear()
            continue
        room = 0
        while anchor - room > 0 and row[anchor - room - 1] is None and anchor - room - 1 not in is_anchor:
            room += 1
        for tiles, node in left_parts:  # all spelled from this rack: every one is usable
            if len(tiles) > room:
                break
            start = anchor - len(tiles)
            main, multiplier = 0, 1
            for offset, (letter, blank) in enumerate(tiles):
                if blank:
                    blanks[0] -= 1
                else:
                    counts[letter] -= 1
                    main += points[letter] * lm[start + offset]
                multiplier = max(multiplier, wm[start + offset])
                word.append(letter)
                placed.append((start + offset, letter, blank))
            extend(anchor, node, main, multiplier, 0)
            for _, letter, blank in placed:
                if blank:
                    blanks[0] += 1
                else:
                    counts[letter] += 1
            placed.clear()
            word.clear()


def _anchors(grid, line: int, size: int, start: tuple[int, int] | None) -> list[int]:
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


def _cross_checks(grid, worth, line: int, size: int, graph) -> tuple[list, list[int]]:
    """For each square of `line`: the letters allowed by the tiles across the line from it (None:
    no tile there, any letter), and those tiles' points (-1: no cross word)."""
    allowed: list[set[str] | None] = [None] * size
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
        allowed[pos] = {
            letter
            for letter, child in (graph.children(above).items() if above is not None else ())
            if (end := graph.find(below, child)) is not None and graph.value(end) is not None
        }
    return allowed, cross_points


def choose_move(game: Wordgame, level: str = "strong", rng: random.Random | None = None) -> Candidate | None:
    """The bot's move for the player to move by the strategy of `level`, or None to pass."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    moves = legal_moves(game)
    if not moves:
        return None
    if level == "strong":
        best = max(m.points for m in moves)
        return next(m for m in moves if m.points == best)
    median = statistics.median(m.points for m in moves)
    return (rng or random.Random(0)).choice([m for m in moves if m.points <= median])


class WordgameBot:
    """A player: `bot.move(game)` plays (or passes) and returns the turn. Seeded."""

    def __init__(self, level: str = "strong", seed: int | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, game: Wordgame) -> Candidate | None:
        return choose_move(game, self.level, self.rng)

    def move(self, game: Wordgame) -> Turn:
        chosen = self.choose(game)
        return game.pass_turn() if chosen is None else game.play(chosen.tiles)


def self_play(game: Wordgame, bots: tuple[WordgameBot, WordgameBot]) -> Wordgame:
    """Play `game` to the end with a bot on each side."""
    while not game.is_over:
        bots[game.turn].move(game)
    return game
