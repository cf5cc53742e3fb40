"""Wordgame's records: the rules' codes, the settings, a move, a turn of the log, a candidate move.

They are what the game (`game.Wordgame`), its saved state (`saved`) and its screens share.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from wordlist.errors import ArgumentTypeError, WordlistError
from wordlist.format.limits import FIRST_WORD_LETTERS, MAX_RACK, MIN_RACK
from wordlist.games import protocol, state
from wordlist.games.protocol import PASS, PLAY, Cell, cell_name, checked_cell
from wordlist.games.state import GameStateError, Reader
from wordlist.games.wordgame.board import CLASSIC, Layout, step
from wordlist.games.wordgame.tiles import Tile
from wordlist.lexicon import Lexicon

DEFAULT_RACK = 8

RULES = {
    **protocol.COMMON_RULES,
    "no_tiles": "the move places no tile",
    "off_board": "the square is not on the board",
    "square_taken": "the square already holds a tile",
    "same_square": "two tiles on one square",
    "not_a_letter": "not a letter of the game's alphabet",
    "not_on_rack": "not on your rack",
    "not_in_line": "the tiles must lie in one row or one column",
    "gap": "the tiles leave a gap in their line",
    "first_move_off_start": "the first word must cover the start square",
    "first_move_too_short": f"the first word must have at least {FIRST_WORD_LETTERS} letters",
    "not_connected": "the tiles must touch a tile on the board",
    "not_a_word": "not a word in this game's word list",
    "empty_exchange": "choose at least one tile of your rack to exchange",
    "bag_too_small": "the bag holds too few tiles to exchange",
}


class IllegalMove(protocol.IllegalMove):
    """A move that breaks a Wordgame rule; `rule` is one of RULES. The game state is left unchanged."""

    RULES = RULES


@dataclass(frozen=True)
class WordgameSettings:
    """A game's options; the word list (language, profile, tile set) is the lexicon it is played on."""

    rack_size: int = DEFAULT_RACK
    layout: Layout = CLASSIC

    def __post_init__(self) -> None:
        if not isinstance(self.rack_size, int) or isinstance(self.rack_size, bool):
            raise WordlistError(f"the rack size must be a whole number, not {self.rack_size!r}")
        if not MIN_RACK <= self.rack_size <= MAX_RACK:
            raise WordlistError(f"a rack holds {MIN_RACK} to {MAX_RACK} tiles, not {self.rack_size}")
        if not isinstance(self.layout, Layout):
            raise ArgumentTypeError(f"the layout must be a Layout, not {type(self.layout).__name__}")

    @classmethod
    def of(cls, lexicon: Lexicon) -> WordgameSettings:
        """The settings a word list's game data give: its rack size and board layout."""
        spec = protocol.checked_lexicon(lexicon).game_spec
        if spec is None:
            return cls()
        return cls(spec.rack_size, Layout.of(spec.board))

    def to_dict(self) -> dict:
        """The settings as a saved game holds them: the rack size and the layout."""
        return {"rack_size": self.rack_size, "layout": self.layout.to_dict()}


@dataclass(frozen=True)
class Move:
    """Place `tiles` (in one line).

    JSON: {"tiles": [{"cell": [row, col], "letter": "c", "blank": false}, ...]}.
    """

    tiles: tuple[Tile, ...]

    def to_dict(self) -> dict:
        """The move as JSON: {"tiles": [{"cell", "letter", "blank"}, ...]}."""
        return {"tiles": [t.to_dict() for t in self.tiles]}

    @classmethod
    def from_dict(cls, data: object) -> Move:
        """A move read from JSON; IllegalMove('malformed') says what is wrong with its shape."""
        try:
            reader = Reader(data, "move", {"tiles": True})
            tiles = []
            for i, item in enumerate(reader.list("tiles", MAX_RACK)):
                tile = Reader(item, f"move.tiles[{i}]", {"cell": True, "letter": True, "blank": False})
                cell = checked_cell(state.as_list(tile.raw("cell"), tile.at("cell"), 2), tile.at("cell"))
                blank = tile.bool("blank") if "blank" in tile.data else False
                tiles.append(Tile(cell, tile.str("letter", 8), blank))
            return cls(tuple(tiles))
        except (GameStateError, ValueError) as error:
            raise IllegalMove("malformed", str(error)) from None


@dataclass(frozen=True)
class Word:
    """A word a move makes: its letters, its squares and its points."""

    text: str
    cells: tuple[Cell, ...]
    points: int


@dataclass(frozen=True)
class Score:
    """What a move forms: the main word first, then each cross word; the move's total points."""

    words: tuple[Word, ...]
    direction: str
    bingo: bool
    points: int

    @property
    def main(self) -> Word:
        """The main word: the one along the move's line."""
        return self.words[0]


@dataclass(frozen=True)
class Turn:
    """One turn of the log. A pass, an exchange or a resignation has no tiles; `redraw` marks the
    pass after which both racks were drawn again; `exchanged` is how many tiles an exchange put
    back; which ones (`returned`) only a saved state holds, for its replay to deal the same tiles
    again: the log a player sees (`to_dict`) never shows them. `start` is the square where the
    main word begins."""

    player: int
    tiles: tuple[Tile, ...] = ()
    direction: str = ""
    words: tuple[tuple[str, int], ...] = ()  # the main word first
    points: int = 0
    bingo: bool = False
    redraw: bool = False
    definitions: tuple[str, ...] = ()  # of the main word
    action: str = PLAY
    start: Cell | None = None
    exchanged: int = 0
    returned: tuple[str, ...] = field(default=(), repr=False)  # never in a view, nor in a log line

    @property
    def word(self) -> str:
        """The main word a move made ("" for a pass, an exchange or a resignation), as Balda's turn."""
        return self.words[0][0] if self.words else ""

    @property
    def is_pass(self) -> bool:
        """Whether the player passed."""
        return self.action == PASS

    def to_dict(self) -> dict:
        """The turn as the game log shows it (a saved game adds an exchange's `returned` tiles)."""
        return {
            "player": self.player,
            "action": self.action,
            "tiles": [t.to_dict() for t in self.tiles],
            "start": list(self.start) if self.start is not None else None,
            "direction": self.direction,
            "words": [list(w) for w in self.words],
            "points": self.points,
            "bingo": self.bingo,
            "redraw": self.redraw,
            "definitions": list(self.definitions),
            "exchanged": self.exchanged,
        }


@dataclass(frozen=True)
class Candidate:
    """A legal move: its tiles, main word, the square the word starts on, direction and points."""

    move: Move
    word: str
    start: Cell
    direction: str
    points: int

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles the move places."""
        return self.move.tiles

    def to_dict(self) -> dict:
        """The candidate as JSON: the move, the word, where it starts, its direction and points."""
        return {
            "move": self.move.to_dict(),
            "word": self.word,
            "start": list(self.start),
            "direction": self.direction,
            "points": self.points,
        }


def spelled(start: Cell, direction: str, word: str, blanks: Iterable[Cell] = ()) -> str:
    """'h8 down tea': the square where the word starts, the direction, the word with '?' before the
    letter of each blank (as a player types a move)."""
    dr, dc = step(direction)
    blank_cells = set(blanks)
    letters = "".join(
        ("?" if (start[0] + dr * i, start[1] + dc * i) in blank_cells else "") + letter
        for i, letter in enumerate(word)
    )
    return f"{cell_name(start)} {direction} {letters}"
