"""game.json: a tile game's board (premium squares, start square), tiles (points, counts) and rack size.

This module is the one validator of a game spec: the pipeline checks a profile's `[game]` table
with it, the library checks game.json with it, and a board or tile set given to a game as data
(a layout file) goes through the same records.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from wordlist.errors import ArgumentTypeError
from wordlist.format import base
from wordlist.format.alphabet import BLANK
from wordlist.format.base import FORMAT_VERSION, FormatError
from wordlist.format.limits import (
    MAX_BOARD,
    MAX_POINTS,
    MAX_RACK,
    MAX_TILE_COUNT,
    MAX_TILES,
    MIN_BOARD,
    MIN_RACK,
)

Cell = tuple[int, int]  # (row, column) from (0, 0) at the top left

# Board squares, one character each: "." plain, letter premiums "d" "t", word premiums "D" "T".
LETTER_PREMIUMS = {"d": 2, "t": 3}  # double, triple letter
WORD_PREMIUMS = {"D": 2, "T": 3}  # double, triple word
BOARD_SQUARES = "." + "".join(LETTER_PREMIUMS) + "".join(WORD_PREMIUMS)


@dataclass(frozen=True)
class Board:
    """A square board as data: one string a row of square codes, and the square the first word covers."""

    rows: tuple[str, ...]
    start: Cell

    def __post_init__(self) -> None:
        check_board(self.rows, self.start)
        object.__setattr__(self, "rows", tuple(self.rows))
        object.__setattr__(self, "start", (int(self.start[0]), int(self.start[1])))

    @property
    def size(self) -> int:
        """The number of rows (and columns) of the square board."""
        return len(self.rows)

    def square(self, cell: Cell) -> str:
        """The premium code of `cell` (row, column): '.', 'd', 't', 'D' or 'T'."""
        return self.rows[cell[0]][cell[1]]

    def letter_multiplier(self, cell: Cell) -> int:
        """What a tile's points are multiplied by on `cell` (1, 2 or 3)."""
        return LETTER_PREMIUMS.get(self.rows[cell[0]][cell[1]], 1)

    def word_multiplier(self, cell: Cell) -> int:
        """What a word's points are multiplied by when a new tile covers `cell` (1, 2 or 3)."""
        return WORD_PREMIUMS.get(self.rows[cell[0]][cell[1]], 1)


@dataclass(frozen=True)
class Tiles:
    """The tile set: points and count of each tile; BLANK ("?") is the blank."""

    points: Mapping[str, int]
    counts: Mapping[str, int]

    def __post_init__(self) -> None:
        for name in ("points", "counts"):
            if not isinstance(value := getattr(self, name), Mapping):
                raise FormatError(f"'tiles': the {name} must be a mapping, not {type(value).__name__}")
        if set(self.points) != set(self.counts):
            raise FormatError("'tiles': every tile needs both its points and its count")
        check_tiles(
            {t: {"points": p, "count": self.counts[t]} for t, p in self.points.items()}, None, "tiles."
        )
        for name in ("points", "counts"):  # (whole numbers: 1.0 is 1)
            whole = {tile: base.whole_number(value) for tile, value in getattr(self, name).items()}
            object.__setattr__(self, name, MappingProxyType(whole))

    def value(self, tile: str) -> int:
        """The points of `tile` (0 for a letter the set does not have, such as a blank)."""
        return self.points.get(tile, 0)

    def bag(self) -> list[str]:
        """Every tile of the set, in a fixed order (a game shuffles it)."""
        return [tile for tile in sorted(self.counts) for _ in range(self.counts[tile])]

    @property
    def total(self) -> int:
        """How many tiles the bag holds at the start, blanks included."""
        return sum(self.counts.values())


@dataclass(frozen=True)
class GameSpec:
    """What game.json holds: the board, the tiles and how many tiles a rack holds."""

    board: Board
    tiles: Tiles
    rack_size: int

    def __post_init__(self) -> None:
        if not isinstance(self.board, Board) or not isinstance(self.tiles, Tiles):
            raise FormatError("a game spec is a Board, Tiles and a rack size")
        object.__setattr__(self, "rack_size", base.expect(self.rack_size, int, "rack_size"))
        if not MIN_RACK <= self.rack_size <= MAX_RACK:
            raise FormatError(f"'rack_size' must be between {MIN_RACK} and {MAX_RACK}, not {self.rack_size}")

    def to_json(self) -> dict[str, Any]:
        """The game as game.json holds it: board, start square, rack size and tiles."""
        return {
            "format": FORMAT_VERSION,
            "board": list(self.board.rows),
            "start": list(self.board.start),
            "rack_size": self.rack_size,
            "tiles": {
                tile: {"points": self.tiles.points[tile], "count": self.tiles.counts[tile]}
                for tile in sorted(self.tiles.points)
            },
        }

    @classmethod
    def from_json(
        cls,
        data: Any,
        letters: str | None = None,
        *,
        where: str = "",
        tiles_where: str | None = None,
        versioned: bool = True,
    ) -> GameSpec:
        """The record of a parsed game.json (or of a profile's game table: fields named from `where`,
        the tiles from `tiles_where`, no version). With `letters`, every tile but the blank must be
        one of them. FormatError names the field at fault."""
        if letters is not None and not isinstance(letters, str):
            raise ArgumentTypeError(f"letters must be a string or None, not {type(letters).__name__}")
        data = base.an_object(data, "the game spec")
        if versioned:
            base.check_version(data, where)
        rows = base.field(data, "board", list, where)
        start = data.get("start")  # (checked with the board: a missing start reads as a wrong one)
        check_board(rows, start, where)
        rack_size = base.count(data, "rack_size", where, low=MIN_RACK, high=MAX_RACK)
        tiles = base.field(data, "tiles", dict, where)
        check_tiles(tiles, letters, tiles_where or f"{where}tiles.")
        return cls(
            Board(tuple(rows), (int(start[0]), int(start[1]))),
            Tiles({t: v["points"] for t, v in tiles.items()}, {t: v["count"] for t, v in tiles.items()}),
            rack_size,
        )


def check_board(rows: Any, start: Any, where: str = "") -> None:
    """`rows`: a square of board codes, MIN_BOARD to MAX_BOARD a side; `start`: a [row, column] on it."""
    size = len(rows) if isinstance(rows, list | tuple) else 0
    if not MIN_BOARD <= size <= MAX_BOARD or any(not isinstance(r, str) or len(r) != size for r in rows):
        shape = (
            f"square: {size} strings of {size} squares"
            if MIN_BOARD <= size <= MAX_BOARD
            else f"square, of {MIN_BOARD} to {MAX_BOARD} rows"
        )
        raise FormatError(f"{where + 'board'!r} must be {shape}")
    bad = sorted({c for r in rows for c in r} - set(BOARD_SQUARES))
    if bad:
        raise FormatError(f"{where + 'board'!r} has unknown squares {bad} (known: {' '.join(BOARD_SQUARES)})")
    if not (
        isinstance(start, list | tuple)
        and len(start) == 2
        and all((n := base.whole_number(v)) is not None and 0 <= n < size for v in start)
    ):
        raise FormatError(f"{where + 'start'!r} must be [row, column] on the {size}x{size} board")


def check_tiles(tiles: Mapping[str, Any], letters: str | None, where: str) -> None:
    """Each tile {points, count} within the limits; a tile is a letter (of `letters`) or the blank."""
    if not tiles:
        raise FormatError(f"{where[:-1]!r} must list at least one tile")
    total = 0
    for tile, spec in tiles.items():
        if not isinstance(tile, str):
            raise FormatError(f"{where[:-1]!r} must name each tile by its letter, not {type(tile).__name__}")
        if tile != BLANK and (len(tile) != 1 or (letters is not None and tile not in letters)):
            raise FormatError(f"{where + tile!r} is not a letter of the alphabet (nor {BLANK!r}, the blank)")
        spec = base.an_object(spec, repr(where + tile))
        base.count(spec, "points", f"{where}{tile}.", high=MAX_POINTS)
        total += base.count(spec, "count", f"{where}{tile}.", high=MAX_TILE_COUNT)
    if total > MAX_TILES:
        raise FormatError(f"{where[:-1]!r} holds {total:,} tiles, more than {MAX_TILES:,}")
