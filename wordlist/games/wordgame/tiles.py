"""Wordgame's tiles: the tile set of a word list (letters, points, counts) and a tile on the board.

The tile set is data: the profile's `[game.tiles.<lang>]` table, copied into the list's
alphabet.json, so another language or distribution needs no code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from wordlist.errors import WordlistError
from wordlist.games.protocol import Cell
from wordlist.lexicon import Lexicon

BLANK = "?"


@dataclass(frozen=True)
class TileSet:
    """Points and counts of the tiles; BLANK ("?") is the blank."""

    points: Mapping[str, int]
    counts: Mapping[str, int]

    @classmethod
    def of(cls, lexicon: Lexicon) -> TileSet:
        game = lexicon.alphabet.get("game")
        tiles = game.get("tiles") if isinstance(game, dict) else None
        if not tiles:
            raise WordlistError(
                f"{lexicon!r} has no tile set (its profile's alphabet.json has no game.tiles); "
                "build a word list with tiles, like the wordgame profile"
            )
        try:
            points = {letter: int(t["points"]) for letter, t in tiles.items()}
            counts = {letter: int(t["count"]) for letter, t in tiles.items()}
        except (TypeError, KeyError, ValueError) as error:
            raise WordlistError(f"{lexicon!r}: its tile set is malformed ({error!r})") from None
        bad = sorted(t for t in points if t != BLANK and t not in lexicon.letters)
        if bad:
            raise WordlistError(f"{lexicon!r}: tiles {bad} are not letters of its alphabet")
        return cls(points, counts)

    def value(self, tile: str) -> int:
        return self.points.get(tile, 0)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def bag(self) -> list[str]:
        """Every tile of the set, in a fixed order (shuffled by the game)."""
        return [tile for tile in sorted(self.counts) for _ in range(self.counts[tile])]


@dataclass(frozen=True)
class Tile:
    """A tile placed on `cell`. For a blank, `letter` is the letter the player chose for it.

    JSON: {"cell": [row, col], "letter": "c", "blank": false}.
    """

    cell: Cell
    letter: str
    blank: bool = False

    def to_dict(self) -> dict:
        return {"cell": list(self.cell), "letter": self.letter, "blank": self.blank}
