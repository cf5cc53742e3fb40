"""Wordgame's rules for a move, step by step: which tiles it places (each on the board, on an empty
square, a letter, from the rack), in which line, which words it forms, and what they score.

Functions of the game's position (`game.Wordgame`), which they never change: the game judges a
move with `judge` before it commits it, and a saved game's replay (`saved`) judges each logged
move the same way. The rules themselves are told in `game`'s docstring.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from wordlist.format.limits import FIRST_WORD_LETTERS, MAX_RACK
from wordlist.games.protocol import Cell, cell_name, checked_cell
from wordlist.games.wordgame.board import ACROSS, DOWN, neighbours, step
from wordlist.games.wordgame.movegen import BINGO_FACTOR
from wordlist.games.wordgame.records import IllegalMove, Move, Score, Word
from wordlist.games.wordgame.tiles import BLANK, Tile

if TYPE_CHECKING:
    from wordlist.games.wordgame.game import Wordgame


def judge(game: Wordgame, move: Move | Iterable[Tile]) -> tuple[Score, dict[Cell, Tile]]:
    """The score of placing the tiles of `move` from the rack of the player to move, and the
    tiles by cell (normalized), or IllegalMove naming the first rule broken. Changes nothing."""
    placed = placed_tiles(game, _tiles_of(move))
    direction = direction_of(game, placed)
    first = game.is_empty
    if first and game.layout.start not in placed:
        raise IllegalMove("first_move_off_start", f"{cell_name(game.layout.start)} is not covered")
    if not first and not any(
        game.on_board(n) and game.letter_at(n) is not None for cell in placed for n in neighbours(cell)
    ):
        raise IllegalMove("not_connected")
    main = word_through(game, next(iter(placed)), direction, placed)
    if first and len(main) < FIRST_WORD_LETTERS:
        raise IllegalMove("first_move_too_short", f"{word_text(game, main, placed).upper()} has {len(main)}")
    crossing = ACROSS if direction == DOWN else DOWN
    spans = [main] + [span for cell in placed if len(span := word_through(game, cell, crossing, placed)) > 1]
    words = []
    for span in spans:
        text = word_text(game, span, placed)
        if not game.lexicon.is_word(text):
            raise IllegalMove("not_a_word", game.lexicon.display(text))
        words.append(Word(text, span, word_points(game, span, placed)))
    bingo = len(placed) == game.settings.rack_size
    if bingo:
        words[0] = Word(words[0].text, words[0].cells, words[0].points * BINGO_FACTOR)
    return Score(tuple(words), direction, bingo, sum(w.points for w in words)), placed


def placed_tiles(game: Wordgame, tiles: Iterable[object]) -> dict[Cell, Tile]:
    """The tiles by cell, each checked: on the board, on an empty square, a letter, on the rack."""
    placed: dict[Cell, Tile] = {}
    for tile in tiles:
        cell, letter, blank = _tile_shape(tile)
        if not game.on_board(cell):
            raise IllegalMove("off_board", cell_name(cell))
        if (there := game.letter_at(cell)) is not None:
            raise IllegalMove("square_taken", f"{cell_name(cell)} holds {game.lexicon.display(there)}")
        if cell in placed:
            raise IllegalMove("same_square", cell_name(cell))
        letter = game.lexicon.normalize(letter)
        if len(letter) != 1 or letter not in game.lexicon.letters:
            raise IllegalMove("not_a_letter", f"{_shown(tile)!r} on {cell_name(cell)}")
        placed[cell] = Tile(cell, letter, blank)
        if len(placed) > MAX_RACK:
            raise IllegalMove("not_on_rack", f"more than {MAX_RACK} tiles")
    if not placed:
        raise IllegalMove("no_tiles")
    check_on_rack(game, [BLANK if t.blank else t.letter for t in placed.values()])
    return dict(sorted(placed.items()))


def check_on_rack(game: Wordgame, tiles: Sequence[str]) -> None:
    """IllegalMove('not_on_rack') naming every tile of `tiles` that the rack of the player to
    move lacks, in their order."""
    have = Counter(game.rack)
    missing = []
    for tile in tiles:
        if have[tile] > 0:
            have[tile] -= 1
        else:
            missing.append("a blank" if tile == BLANK else game.lexicon.display(tile))
    if missing:
        raise IllegalMove("not_on_rack", f"{', '.join(missing)} (the rack holds {_rack_text(game)})")


def direction_of(game: Wordgame, placed: Mapping[Cell, Tile]) -> str:
    """ACROSS or DOWN; the line must have no empty square between the placed tiles."""
    rows = {r for r, _ in placed}
    cols = {c for _, c in placed}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalMove("not_in_line")
    if len(placed) == 1:  # one tile: the main word is the one along its neighbours
        ((row, col),) = placed
        sideways = any(
            game.on_board((row, c)) and game.letter_at((row, c)) is not None for c in (col - 1, col + 1)
        )
        return ACROSS if sideways or game.is_empty else DOWN
    direction = ACROSS if len(rows) == 1 else DOWN
    cells = sorted(placed)
    first, last = cells[0], cells[-1]
    dr, dc = step(direction)
    cell = first
    while cell != last:
        cell = (cell[0] + dr, cell[1] + dc)
        if cell not in placed and game.letter_at(cell) is None:
            raise IllegalMove("gap", f"{cell_name(cell)} is empty")
    return direction


def word_through(game: Wordgame, cell: Cell, direction: str, placed: Mapping[Cell, Tile]) -> tuple[Cell, ...]:
    """The cells of the word through `cell` along `direction`: the run of filled or placed squares."""
    dr, dc = step(direction)

    def filled(c: Cell) -> bool:
        return game.on_board(c) and (c in placed or game.letter_at(c) is not None)

    start = cell
    while filled((start[0] - dr, start[1] - dc)):
        start = (start[0] - dr, start[1] - dc)
    cells = [start]
    while filled((cells[-1][0] + dr, cells[-1][1] + dc)):
        cells.append((cells[-1][0] + dr, cells[-1][1] + dc))
    return tuple(cells)


def word_text(game: Wordgame, cells: Sequence[Cell], placed: Mapping[Cell, Tile]) -> str:
    """The letters of a word's cells: the placed tiles' and the board's."""
    return "".join(placed[c].letter if c in placed else game.letter_at(c) for c in cells)


def word_points(game: Wordgame, cells: Sequence[Cell], placed: Mapping[Cell, Tile]) -> int:
    """A word's points: letters (premium letters for placed tiles), times the highest word
    premium among the squares this move covers."""
    total, multiplier = 0, 1
    for cell in cells:
        tile = placed.get(cell)
        if tile is None:
            total += 0 if cell in game.blanks else game.tiles.value(game.letter_at(cell))
        else:
            value = 0 if tile.blank else game.tiles.value(tile.letter)
            total += value * game.layout.letter_multiplier(cell)
            multiplier = max(multiplier, game.layout.word_multiplier(cell))
    return total * multiplier


def _rack_text(game: Wordgame) -> str:
    return " ".join(game.lexicon.display(t) if t != BLANK else BLANK for t in sorted(game.rack))


def _tiles_of(move: object) -> Iterable[object]:
    if isinstance(move, Move):
        return move.tiles
    if isinstance(move, (list, tuple, set, frozenset)):
        return move
    raise IllegalMove("malformed", f"expected a Move or a sequence of Tiles, not {type(move).__name__}")


def _tile_shape(tile: object) -> tuple[Cell, str, bool]:
    """A tile's cell, letter and blank flag, with their types checked (7.9 is not a row)."""
    if not isinstance(tile, Tile):
        raise IllegalMove("malformed", f"expected a Tile, not {type(tile).__name__}")
    try:
        cell = checked_cell(tile.cell, "the tile's cell")
    except ValueError as error:
        raise IllegalMove("malformed", str(error)) from None
    if not isinstance(tile.letter, str) or not isinstance(tile.blank, bool):
        raise IllegalMove("malformed", f"a tile's letter is a string and blank true or false: {tile!r}")
    return cell, tile.letter, tile.blank


def _shown(tile: object) -> str:
    return getattr(tile, "letter", "?")
