"""Wordgame: a two-player crossword game with letter tiles. The rules, the game state, its JSON form.

The rules
---------
- The board is 15x15 with premium squares: double and triple letter, double and triple word
  (`Layout`: the classic symmetric layout by default, or any layout given as data). The first
  word must cover the start square, the centre.
- The tiles are the word list's tile set (alphabet.json of its profile): for English 102 letters
  with their points, and 2 blanks worth 0 that stand for any letter. Each player holds 8 tiles,
  drawn at random (seeded) from the bag, and refills to 8 after a move while the bag lasts. A
  player sees only their own rack (`view`).
- The first move forms a word of at least 4 letters covering the start square, across or down.
  Every later move places tiles in one row or one column, with no gap along that line (the gaps
  may be filled by tiles already there), touching the tiles on the board. Every word formed (the
  main word along the line, and the cross word through each placed tile) must be in the list.
- Scoring: a word scores the sum of its letters' points. A letter premium multiplies the tile
  placed on it. A word premium multiplies a word that covers it, but a word takes only one word
  premium, the highest: two double-word squares give x2, a triple and a double give x3.
  Premiums count only for tiles placed by this move. Blanks score 0. A move scores the sum of its
  words. A move that places all 8 tiles of a full rack (a bingo) doubles the main word's value,
  premiums included; its cross words count once.
- Passing: if both players pass their first turn, both racks go back to the bag and both draw
  new tiles (once; the pass count starts again). The game ends after 3 passes in a row, or when a
  player has played out their rack and the bag is empty. Final score: points scored minus the
  points of the tiles left on the player's rack. Most points wins; a tie is shared.

Cells are (row, column) from (0, 0) at the top left; in text, "h8" is column h, row 8 (the centre).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from wordlist.errors import WordlistError
from wordlist.format import BOARD_SQUARES, LETTER_PREMIUMS, WORD_PREMIUMS
from wordlist.games import common as games
from wordlist.games.common import Cell, cell_name, parse_cell
from wordlist.lexicon import Lexicon

__all__ = [
    "ACROSS",
    "BLANK",
    "DOWN",
    "IllegalMove",
    "Layout",
    "Score",
    "Tile",
    "TileSet",
    "Turn",
    "Word",
    "Wordgame",
    "WordgameSettings",
    "cell_name",
    "parse_cell",
]

ACROSS, DOWN = "across", "down"
BLANK = "?"
STATE_FORMAT = "wordgame/1"
FIRST_WORD_LETTERS = 4
PASSES_TO_END = 3
BINGO_FACTOR = 2
DEFAULT_RACK = 8

RULES = {
    "game_over": "the game is over",
    "no_tiles": "the move places no tile",
    "off_board": "the square is not on the board",
    "square_taken": "the square already holds a tile",
    "same_square": "two tiles on one square",
    "not_a_letter": "not a letter of the game's alphabet",
    "not_on_rack": "the tile is not on your rack",
    "not_in_line": "the tiles must lie in one row or one column",
    "gap": "the tiles leave a gap in their line",
    "first_move_off_start": "the first word must cover the start square",
    "first_move_too_short": f"the first word must have at least {FIRST_WORD_LETTERS} letters",
    "not_connected": "the tiles must touch a tile on the board",
    "not_a_word": "not a word in this game's word list",
}


class IllegalMove(games.IllegalMove):
    """A move that breaks a Wordgame rule; `rule` is one of RULES. The game state is left unchanged."""

    RULES = RULES


@dataclass(frozen=True)
class Layout:
    """The board as data: one string a row of premium codes, and the start square.

    Codes: "." plain, "d" double letter, "t" triple letter, "D" double word, "T" triple word.
    """

    rows: tuple[str, ...]
    start: Cell

    def __post_init__(self) -> None:
        size = len(self.rows)
        if size == 0 or any(len(row) != size for row in self.rows):
            raise WordlistError(f"a board layout must be square, not {[len(r) for r in self.rows]}")
        bad = sorted({c for row in self.rows for c in row} - set(BOARD_SQUARES))
        if bad:
            raise WordlistError(
                f"unknown squares {bad} in the board layout (known: {' '.join(BOARD_SQUARES)})"
            )
        if not all(0 <= v < size for v in self.start):
            raise WordlistError(f"the start square {self.start} is not on the {size}x{size} board")

    @property
    def size(self) -> int:
        return len(self.rows)

    def letter_multiplier(self, cell: Cell) -> int:
        return LETTER_PREMIUMS.get(self.rows[cell[0]][cell[1]], 1)

    def word_multiplier(self, cell: Cell) -> int:
        return WORD_PREMIUMS.get(self.rows[cell[0]][cell[1]], 1)

    def to_dict(self) -> dict:
        return {"board": list(self.rows), "start": list(self.start)}

    @classmethod
    def from_dict(cls, data: Mapping) -> Layout:
        """From {"board": [rows], "start": [row, col]}: the `game` table of a profile, or a JSON file."""
        try:
            return cls(tuple(data["board"]), (int(data["start"][0]), int(data["start"][1])))
        except (KeyError, TypeError, IndexError, ValueError) as error:
            raise WordlistError(
                f"a board layout needs 'board' rows and a 'start' [row, col] ({error})"
            ) from None


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


@dataclass(frozen=True)
class TileSet:
    """Points and counts of the tiles; BLANK ("?") is the blank."""

    points: Mapping[str, int]
    counts: Mapping[str, int]

    @classmethod
    def of(cls, lexicon: Lexicon) -> TileSet:
        tiles = lexicon.alphabet.get("game", {}).get("tiles")
        if not tiles:
            raise WordlistError(
                f"{lexicon!r} has no tile set (its profile's alphabet.json has no game.tiles); "
                "build a word list with tiles, like the wordgame profile"
            )
        return cls(
            {letter: t["points"] for letter, t in tiles.items()},
            {letter: t["count"] for letter, t in tiles.items()},
        )

    def value(self, tile: str) -> int:
        return self.points.get(tile, 0)

    def bag(self) -> list[str]:
        """Every tile of the set, in a fixed order (shuffled by the game)."""
        return [tile for tile in sorted(self.counts) for _ in range(self.counts[tile])]


@dataclass(frozen=True)
class WordgameSettings:
    language: str = "en"
    profile: str = "wordgame"
    rack_size: int = DEFAULT_RACK
    layout: Layout = CLASSIC

    @classmethod
    def of(cls, lexicon: Lexicon) -> WordgameSettings:
        """The settings a word list's game data give: its rack size and board layout."""
        game = lexicon.alphabet.get("game", {})
        layout = Layout.from_dict(game) if "board" in game else CLASSIC
        return cls(lexicon.language, lexicon.profile, game.get("rack_size", DEFAULT_RACK), layout)


@dataclass(frozen=True)
class Tile:
    """A tile placed on `cell`. For a blank, `letter` is the letter the player chose for it."""

    cell: Cell
    letter: str
    blank: bool = False


@dataclass(frozen=True)
class Word:
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
        return self.words[0]


@dataclass(frozen=True)
class Turn:
    """One turn of the log. A pass has no tiles; `redraw` marks the pass after which both racks
    were drawn again."""

    player: int
    tiles: tuple[Tile, ...] = ()
    direction: str = ""
    words: tuple[tuple[str, int], ...] = ()  # the main word first
    points: int = 0
    bingo: bool = False
    redraw: bool = False
    definitions: tuple[str, ...] = ()  # of the main word

    @property
    def is_pass(self) -> bool:
        return not self.tiles


@dataclass
class Wordgame:
    """A game in progress. Create with `Wordgame.new`, drive with `play` and `pass_turn`, store with
    `to_json`; `view(player)` is what that player may see."""

    lexicon: Lexicon
    settings: WordgameSettings
    tiles: TileSet
    board: list[list[str | None]]
    blanks: set[Cell]
    racks: list[list[str]]
    bag: list[str]  # drawn from the end
    players: list[str]
    scores: list[int]
    seed: int | None = None
    turn: int = 0
    passes: int = 0  # passes in a row
    redrawn: bool = False
    history: list[Turn] = field(default_factory=list)

    # --- creating ----------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        lexicon: Lexicon,
        settings: WordgameSettings | None = None,
        *,
        seed: int | None = None,
        players: Sequence[str] = ("Player 1", "Player 2"),
    ) -> Wordgame:
        """A new game: the bag shuffled (seeded), each player's rack drawn from it."""
        settings = settings or WordgameSettings.of(lexicon)
        if len(players) != 2:
            raise WordlistError("Wordgame is played by two players")
        tiles = TileSet.of(lexicon)
        bag = tiles.bag()
        random.Random(seed).shuffle(bag)
        size = settings.layout.size
        game = cls(
            lexicon, settings, tiles, [[None] * size for _ in range(size)], set(), [[], []], bag,
            list(players), [0, 0], seed,
        )  # fmt: skip
        for player in (0, 1):
            game._refill(player)
        return game

    # --- state -------------------------------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        return self.settings.layout

    @property
    def size(self) -> int:
        return self.layout.size

    @property
    def current_player(self) -> int:
        return self.turn

    @property
    def rack(self) -> list[str]:
        """The rack of the player to move."""
        return self.racks[self.turn]

    @property
    def is_empty(self) -> bool:
        return not any(letter for row in self.board for letter in row)

    @property
    def is_over(self) -> bool:
        return self.passes >= PASSES_TO_END or (not self.bag and any(not rack for rack in self.racks))

    def rack_value(self, player: int) -> int:
        return sum(self.tiles.value(tile) for tile in self.racks[player])

    @property
    def final_scores(self) -> list[int]:
        """Points scored minus the points of the tiles left on each rack (meaningful once over)."""
        return [self.scores[p] - self.rack_value(p) for p in (0, 1)]

    @property
    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        final = self.final_scores
        return [p for p in (0, 1) if final[p] == max(final)]

    def letter_at(self, cell: Cell) -> str | None:
        return self.board[cell[0]][cell[1]]

    def on_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def view(self, player: int) -> dict:
        """What `player` may see: the board, their own rack, the other rack's size, scores, bag size."""
        return {
            "player": player,
            "players": list(self.players),
            "board": self._board_rows(),
            "blanks": sorted(map(list, self.blanks)),
            "rack": list(self.racks[player]),
            "opponent_tiles": len(self.racks[1 - player]),
            "bag": len(self.bag),
            "scores": list(self.scores),
            "turn": self.turn,
            "over": self.is_over,
            "final_scores": self.final_scores if self.is_over else None,
            "history": [_turn_dict(t) for t in self.history],
        }

    # --- moves -------------------------------------------------------------------------------------

    def check(self, tiles: Iterable[Tile]) -> Score:
        """What placing `tiles` would score for the player to move; raises IllegalMove naming the
        broken rule. Changes nothing."""
        return self._judge(tiles)[0]

    def _judge(self, tiles: Iterable[Tile]) -> tuple[Score, dict[Cell, Tile]]:
        """The score of placing `tiles`, and the tiles by cell (normalized), or IllegalMove."""
        if self.is_over:
            raise IllegalMove("game_over")
        placed = self._placed(tiles)
        direction = self._direction(placed)
        first = self.is_empty
        if first and self.layout.start not in placed:
            raise IllegalMove("first_move_off_start", f"{cell_name(self.layout.start)} is not covered")
        if not first and not any(
            self.on_board(n) and self.letter_at(n) is not None for cell in placed for n in _neighbours(cell)
        ):
            raise IllegalMove("not_connected")
        main = self._word_through(next(iter(placed)), direction, placed)
        if first and len(main) < FIRST_WORD_LETTERS:
            raise IllegalMove("first_move_too_short", f"{self._text(main, placed).upper()} has {len(main)}")
        crossing = ACROSS if direction == DOWN else DOWN
        spans = [main] + [
            span for cell in placed if len(span := self._word_through(cell, crossing, placed)) > 1
        ]
        words = []
        for span in spans:
            text = self._text(span, placed)
            if not self.lexicon.is_word(text):
                raise IllegalMove("not_a_word", self.lexicon.display(text))
            words.append(Word(text, span, self._points(span, placed)))
        bingo = len(placed) == self.settings.rack_size
        if bingo:
            words[0] = Word(words[0].text, words[0].cells, words[0].points * BINGO_FACTOR)
        return Score(tuple(words), direction, bingo, sum(w.points for w in words)), placed

    def play(self, tiles: Iterable[Tile]) -> Turn:
        """Place `tiles` for the player to move; raises IllegalMove (and changes nothing) if illegal."""
        score, placed = self._judge(tiles)
        for cell, tile in placed.items():
            self.board[cell[0]][cell[1]] = tile.letter
            if tile.blank:
                self.blanks.add(cell)
            self.racks[self.turn].remove(BLANK if tile.blank else tile.letter)
        self.scores[self.turn] += score.points
        definitions = tuple(self.lexicon.definitions(score.main.text)[:3])
        record = Turn(
            self.turn,
            tuple(placed.values()),
            score.direction,
            tuple((w.text, w.points) for w in score.words),
            score.points,
            score.bingo,
            definitions=definitions,
        )
        self.history.append(record)
        self._refill(self.turn)
        self.passes = 0
        self.turn = 1 - self.turn
        return record

    def pass_turn(self) -> Turn:
        """The player to move passes. Two passes on the players' first turns redraw both racks."""
        if self.is_over:
            raise IllegalMove("game_over")
        self.passes += 1
        redraw = not self.redrawn and len(self.history) == 1 and self.history[0].is_pass and self.is_empty
        record = Turn(self.turn, redraw=redraw)
        self.history.append(record)
        if redraw:
            self._redraw()
        self.turn = 1 - self.turn
        return record

    # --- rules, step by step -----------------------------------------------------------------------

    def _placed(self, tiles: Iterable[Tile]) -> dict[Cell, Tile]:
        """The tiles by cell, each checked: on the board, on an empty square, a letter, on the rack."""
        placed: dict[Cell, Tile] = {}
        for tile in tiles:
            cell = (int(tile.cell[0]), int(tile.cell[1]))
            if not self.on_board(cell):
                raise IllegalMove("off_board", cell_name(cell))
            if self.letter_at(cell) is not None:
                raise IllegalMove(
                    "square_taken", f"{cell_name(cell)} holds {self.lexicon.display(self.letter_at(cell))}"
                )
            if cell in placed:
                raise IllegalMove("same_square", cell_name(cell))
            letter = self.lexicon.normalize(tile.letter)
            if len(letter) != 1 or letter not in self.lexicon.letters:
                raise IllegalMove("not_a_letter", f"{tile.letter!r} on {cell_name(cell)}")
            placed[cell] = Tile(cell, letter, bool(tile.blank))
        if not placed:
            raise IllegalMove("no_tiles")
        wanted = Counter(BLANK if t.blank else t.letter for t in placed.values())
        have = Counter(self.rack)
        for tile, count in sorted(wanted.items()):
            if have[tile] < count:
                shown = "a blank" if tile == BLANK else self.lexicon.display(tile)
                raise IllegalMove("not_on_rack", f"{shown} (the rack holds {self._rack_text()})")
        return dict(sorted(placed.items()))

    def _direction(self, placed: Mapping[Cell, Tile]) -> str:
        """ACROSS or DOWN; the line must have no empty square between the placed tiles."""
        rows = {r for r, _ in placed}
        cols = {c for _, c in placed}
        if len(rows) > 1 and len(cols) > 1:
            raise IllegalMove("not_in_line")
        if len(placed) == 1:  # one tile: the main word is the one along its neighbours
            ((row, col),) = placed
            sideways = any(
                self.on_board((row, c)) and self.letter_at((row, c)) is not None for c in (col - 1, col + 1)
            )
            return ACROSS if sideways or self.is_empty else DOWN
        direction = ACROSS if len(rows) == 1 else DOWN
        cells = sorted(placed)
        first, last = cells[0], cells[-1]
        step = (0, 1) if direction == ACROSS else (1, 0)
        cell = first
        while cell != last:
            cell = (cell[0] + step[0], cell[1] + step[1])
            if cell not in placed and self.letter_at(cell) is None:
                raise IllegalMove("gap", f"{cell_name(cell)} is empty")
        return direction

    def _word_through(self, cell: Cell, direction: str, placed: Mapping[Cell, Tile]) -> tuple[Cell, ...]:
        """The cells of the word through `cell` along `direction`: the run of filled or placed squares."""
        dr, dc = (0, 1) if direction == ACROSS else (1, 0)

        def filled(c: Cell) -> bool:
            return self.on_board(c) and (c in placed or self.letter_at(c) is not None)

        start = cell
        while filled((start[0] - dr, start[1] - dc)):
            start = (start[0] - dr, start[1] - dc)
        cells = [start]
        while filled((cells[-1][0] + dr, cells[-1][1] + dc)):
            cells.append((cells[-1][0] + dr, cells[-1][1] + dc))
        return tuple(cells)

    def _text(self, cells: Sequence[Cell], placed: Mapping[Cell, Tile]) -> str:
        return "".join(placed[c].letter if c in placed else self.letter_at(c) for c in cells)

    def _points(self, cells: Sequence[Cell], placed: Mapping[Cell, Tile]) -> int:
        """A word's points: letters (premium letters for placed tiles), times the highest word
        premium among the squares this move covers."""
        total, multiplier = 0, 1
        for cell in cells:
            tile = placed.get(cell)
            if tile is None:
                total += 0 if cell in self.blanks else self.tiles.value(self.letter_at(cell))
            else:
                value = 0 if tile.blank else self.tiles.value(tile.letter)
                total += value * self.layout.letter_multiplier(cell)
                multiplier = max(multiplier, self.layout.word_multiplier(cell))
        return total * multiplier

    def _refill(self, player: int) -> None:
        rack = self.racks[player]
        while len(rack) < self.settings.rack_size and self.bag:
            rack.append(self.bag.pop())

    def _redraw(self) -> None:
        for player in (0, 1):
            self.bag.extend(self.racks[player])
            self.racks[player] = []
        self.bag.sort()
        random.Random(f"{self.seed}/redraw" if self.seed is not None else None).shuffle(self.bag)
        for player in (0, 1):
            self._refill(player)
        self.redrawn = True
        self.passes = 0

    def _rack_text(self) -> str:
        return " ".join(self.lexicon.display(t) if t != BLANK else BLANK for t in sorted(self.rack))

    def _board_rows(self) -> list[str]:
        return ["".join(letter or "." for letter in row) for row in self.board]

    # --- JSON --------------------------------------------------------------------------------------

    def to_dict(self) -> dict:
        """The whole state (both racks and the bag's order: for a server, not for a player)."""
        return {
            "format": STATE_FORMAT,
            "settings": {
                "language": self.settings.language,
                "profile": self.settings.profile,
                "rack_size": self.settings.rack_size,
                "layout": self.layout.to_dict(),
            },
            "players": list(self.players),
            "board": self._board_rows(),
            "blanks": sorted(map(list, self.blanks)),
            "racks": [list(r) for r in self.racks],
            "bag": list(self.bag),
            "scores": list(self.scores),
            "seed": self.seed,
            "turn": self.turn,
            "passes": self.passes,
            "redrawn": self.redrawn,
            "history": [_turn_dict(t) for t in self.history],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_dict(cls, data: dict, lexicon: Lexicon | None = None) -> Wordgame:
        """Rebuild a game from `to_dict`; the lexicon is opened from the settings if not given."""
        if data.get("format") != STATE_FORMAT:
            raise WordlistError(
                f"not a Wordgame state (format {data.get('format')!r}, expected {STATE_FORMAT!r})"
            )
        raw = data["settings"]
        settings = WordgameSettings(
            raw["language"], raw["profile"], raw["rack_size"], Layout.from_dict(raw["layout"])
        )
        lexicon = lexicon or Lexicon.open(settings.language, settings.profile)
        if (lexicon.language, lexicon.profile) != (settings.language, settings.profile):
            raise WordlistError(
                f"the game is played on {settings.language}/{settings.profile}, not {lexicon!r}"
            )
        board = [[None if c == "." else c for c in row] for row in data["board"]]
        if len(board) != settings.layout.size or any(len(row) != settings.layout.size for row in board):
            raise WordlistError(f"the board is not {settings.layout.size}x{settings.layout.size}")
        return cls(
            lexicon=lexicon,
            settings=settings,
            tiles=TileSet.of(lexicon),
            board=board,
            blanks={(r, c) for r, c in data["blanks"]},
            racks=[list(r) for r in data["racks"]],
            bag=list(data["bag"]),
            players=list(data["players"]),
            scores=list(data["scores"]),
            seed=data.get("seed"),
            turn=data["turn"],
            passes=data["passes"],
            redrawn=data["redrawn"],
            history=[_turn_from_dict(t) for t in data["history"]],
        )

    @classmethod
    def from_json(cls, text: str, lexicon: Lexicon | None = None) -> Wordgame:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise WordlistError(f"not a Wordgame state: {error}") from None
        return cls.from_dict(data, lexicon)


def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    row, col = cell
    return ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))


def _turn_dict(turn: Turn) -> dict:
    return {
        "player": turn.player,
        "tiles": [{"cell": list(t.cell), "letter": t.letter, "blank": t.blank} for t in turn.tiles],
        "direction": turn.direction,
        "words": [list(w) for w in turn.words],
        "points": turn.points,
        "bingo": turn.bingo,
        "redraw": turn.redraw,
        "definitions": list(turn.definitions),
    }


def _turn_from_dict(data: dict) -> Turn:
    return Turn(
        data["player"],
        tuple(Tile(tuple(t["cell"]), t["letter"], t["blank"]) for t in data["tiles"]),
        data["direction"],
        tuple((w, p) for w, p in data["words"]),
        data["points"],
        data["bingo"],
        data["redraw"],
        tuple(data["definitions"]),
    )
