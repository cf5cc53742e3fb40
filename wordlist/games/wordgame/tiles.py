"""Wordgame's tiles: the tile set of a word list (letters, points, counts) and a tile on the board.

The tile set is data: the profile's `[game.tiles.<lang>]` table, written to the list's game.json
(wordlist.format's `GameSpec`), so another language or distribution needs no code.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordlist.errors import WordlistError
from wordlist.format import BLANK, Tiles
from wordlist.games.protocol import Cell
from wordlist.lexicon import Lexicon

__all__ = ["BLANK", "Tile", "TileSet"]


class TileSet(Tiles):
    """The tile set of a word list: wordlist.format's `Tiles` (points and counts; "?" the blank)."""

    @classmethod
    def of(cls, lexicon: Lexicon) -> Tiles:
        """The tiles of the list's game.json; an error saying what to build for a list without one."""
        spec = lexicon.game_spec
        if spec is None:
            raise WordlistError(
                f"{lexicon.language}/{lexicon.profile} has no tile set (the list has no game.json); "
                "build a word list with tiles, like the wordgame profile"
            )
        return spec.tiles


@dataclass(frozen=True)
class Tile:
    """A tile placed on `cell`. For a blank, `letter` is the letter the player chose for it.

    JSON: {"cell": [row, col], "letter": "c", "blank": false}.
    """

    cell: Cell
    letter: str
    blank: bool = False

    def to_dict(self) -> dict:
        """The tile as JSON: {"cell": [row, col], "letter": ..., "blank": true or false}."""
        return {"cell": list(self.cell), "letter": self.letter, "blank": self.blank}
