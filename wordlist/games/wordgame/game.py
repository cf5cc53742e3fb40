"""Wordgame: a two-player crossword game with letter tiles. The rules and the game state (a `Game`);
a move is judged and scored step by step in `rules`, a saved game dealt and replayed in `saved`.

The rules
---------
- The board is 15x15 with premium squares: double and triple letter, double and triple word
  (`Layout`: the classic symmetric layout by default, or any layout given as data). The first
  word must cover the start square, the centre.
- The tiles are the word list's tile set (game.json of its profile): for English 102 letters
  with their points, and 2 blanks worth 0 that stand for any letter. Each player holds 8 tiles,
  drawn at random from the bag, and refills to 8 after a move while the bag lasts. A player
  sees only their own rack (`view`). Every draw follows from the game's seed, so a saved game is
  loaded by dealing its tiles again (`saved`): a file cannot choose who holds which tiles.
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
- Exchanging: instead of a move, a player may put 1 or more tiles of their rack (blanks too)
  back in the bag and draw as many, while the bag holds at least a full rack of tiles (8 for an
  8-tile rack: Scrabble's "7 tiles in the bag" for its 7-tile rack). The new tiles are drawn
  before the old ones go back, and the bag is then shuffled with a random source seeded by the
  game's seed and turn, so a saved game replays the same. It scores 0; the opponent sees only how
  many tiles were exchanged.
- Passing: if both players pass their first turn, both racks go back to the bag and both draw
  new tiles (once; the pass count starts again). The game ends after 3 scoreless turns in a row
  (passes and exchanges alike, as in Scrabble: exchanges cannot make a stuck game endless), when
  a player has played out their rack and the bag is empty, or when a player resigns. Final score:
  points scored minus the points of the tiles left on the player's rack. Most points wins (the
  other player if one resigned); a tie is shared.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from wordlist.errors import ArgumentError, ArgumentTypeError
from wordlist.format.leaves import LEAVE_UNIT
from wordlist.format.limits import (
    FIRST_WORD_LETTERS,
    MAX_RACK,
    PASSES_TO_END,
    WORDGAME_ENDGAME_NODES,
    WORDGAME_EXPERT_CANDIDATES,
)
from wordlist.games import protocol
from wordlist.games.bot import POINTS
from wordlist.games.protocol import EXCHANGE, PASS, PLAY, Cell, Found
from wordlist.games.state import Reader
from wordlist.games.wordgame import equity, movegen, rules, saved
from wordlist.games.wordgame.board import DIRECTIONS, Layout
from wordlist.games.wordgame.movegen import BLANK_TILE, ON_BOARD
from wordlist.games.wordgame.records import (
    Candidate,
    IllegalMove,
    Move,
    Score,
    Turn,
    WordgameSettings,
    spelled,
)
from wordlist.games.wordgame.tiles import BLANK, Tile, TileSet
from wordlist.lexicon import Lexicon

# A turn logs the first meanings of its main word, as many as its log line shows (Balda's keep all
# of them, up to limits.MAX_TURN_DEFINITIONS, the most a saved turn of either game holds).
LOGGED_DEFINITIONS = 3


@dataclass(repr=False)
class Wordgame(protocol.Game):
    """A game in progress. Create with `Wordgame.new`, drive with `play` and `pass_turn`, store with
    `to_json`; `view(player)` is what that player may see."""

    KIND = "wordgame"
    FORMAT_VERSION = 2
    Illegal = IllegalMove
    MOVE = Move
    TURN = Turn
    CAN_PASS = True
    CAN_EXCHANGE = True

    lexicon: Lexicon
    settings: WordgameSettings
    tiles: TileSet
    board: list[list[str | None]]
    blanks: set[Cell]
    racks: list[list[str]]
    bag: list[str]  # drawn from the end
    players: list[str]
    scores: list[int]
    seed: int | None = None  # every draw and shuffle follows from it; `new` always gives one
    turn: int = 0
    passes: int = 0  # scoreless turns in a row: passes and exchanges
    redrawn: bool = False
    history: list[Turn] = field(default_factory=list)
    resigned: int | None = None

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
        """A new game: the bag shuffled, each player's rack drawn from it. Every draw follows from
        `seed` (a secret random one when None), which a saved game keeps so that its racks and bag
        can be dealt again when it is loaded (see `saved`)."""
        lexicon = protocol.checked_lexicon(lexicon)
        protocol.checked_settings(settings, WordgameSettings)
        settings = settings or WordgameSettings.of(lexicon)
        names = protocol.checked_players(players, "Wordgame")
        seed = protocol.checked_seed(seed)
        if seed is None:
            seed = secrets.randbits(63)
        tiles = TileSet.of(lexicon)
        bag = tiles.bag()
        random.Random(seed).shuffle(bag)
        size = settings.layout.size
        game = cls(
            lexicon,
            settings,
            tiles,
            [[None] * size for _ in range(size)],
            set(),
            [[], []],
            bag,
            names,
            [0, 0],
            seed,
        )
        for player in (0, 1):
            game._refill(player)
        return game

    def restarted(self) -> Wordgame:
        """The game as it began: the same settings and players, the racks dealt from the same seed."""
        return type(self).new(self.lexicon, self.settings, seed=self.seed, players=self.players)

    # --- state -------------------------------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        """The board's premium squares and start square."""
        return self.settings.layout

    @property
    def size(self) -> int:
        """The board's number of rows (and columns)."""
        return self.layout.size

    @property
    def rack(self) -> list[str]:
        """The rack of the player to move."""
        return self.racks[self.turn]

    @property
    def is_empty(self) -> bool:
        """Whether no tile has been placed yet (the next move is the first)."""
        return not any(letter for row in self.board for letter in row)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended: a resignation, scoreless turns (passes, exchanges) in a row, or
        a rack played out with the bag empty."""
        return (
            self.resigned is not None
            or self.passes >= PASSES_TO_END
            or (not self.bag and any(not rack for rack in self.racks))
        )

    def rack_value(self, player: int) -> int:
        """The points of the tiles left on `player`'s rack."""
        protocol.checked_player(player)
        return sum(self.tiles.value(tile) for tile in self.racks[player])

    @property
    def final_scores(self) -> list[int]:
        """Points scored minus the points of the tiles left on each rack (meaningful once over)."""
        return [self.scores[p] - self.rack_value(p) for p in (0, 1)]

    def on_board(self, cell: Cell) -> bool:
        """Whether `cell` lies on the board."""
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def view(self, player: int | None = None, *, log: Sequence[Any] | None = None) -> dict:
        """What `player` may see: the board, their own rack, the other rack's size, scores, the bag's
        size (never its order); None: a spectator, who sees no rack (`log` as `Game.view` takes it)."""
        return {
            **self._view_common(player, log),
            "settings": self.settings.to_dict(),
            "board": self.board_rows(),
            "blanks": sorted(map(list, self.blanks)),
            "rack": list(self.racks[player]) if player is not None else [],
            "rack_tiles": [len(r) for r in self.racks],
            "opponent_tiles": len(self.racks[1 - player]) if player is not None else None,
            "bag": len(self.bag),
            "tile_points": dict(self.tiles.points),
            "passes": self.passes,
            "passes_to_end": PASSES_TO_END,
            "final_scores": self.final_scores if self.is_over else None,
            "unseen": self.unseen(player) if player is not None else None,
        }

    def unseen(self, player: int) -> dict[str, int]:
        """The tiles `player` cannot see, by tile ("?" a blank): the bag and the other rack together
        (what a player counts to know what may still come)."""
        left = Counter(self.tiles.counts)
        on_board = (
            BLANK if (r, c) in self.blanks else letter
            for r, row in enumerate(self.board)
            for c, letter in enumerate(row)
            if letter is not None
        )
        left.subtract(on_board)
        left.subtract(self.racks[player])
        return {tile: count for tile, count in sorted(left.items()) if count > 0}

    # --- moves -------------------------------------------------------------------------------------

    def position(self, rack: Sequence[str] | None = None) -> movegen.Position:
        """The position as the move generator takes it, for `rack` (default: the player to move's)."""
        return movegen.Position(
            self.board,
            self.blanks,
            self.layout,
            self.tiles.points,
            list(self.rack if rack is None else rack),
            self.settings.rack_size,
            FIRST_WORD_LETTERS,
        )

    def search(self, rack: Sequence[str] | None = None) -> Found[Candidate]:
        """Every legal move for `rack` (default: the rack of the player to move), compact; a rack
        is at most MAX_RACK tiles, each a letter of the list or the blank."""
        if rack is not None:
            self._check_rack(rack)
        if self.is_over:
            return Found([], self._candidate([]))
        raw = movegen.generate(self.lexicon.graph, self.position(rack))
        return Found(movegen.move_points(raw), self._candidate(raw), raw)

    def _check_rack(self, rack: object) -> None:
        if not isinstance(rack, list | tuple):
            raise ArgumentTypeError(f"a rack is a list of tiles, not {type(rack).__name__}")
        letters = self.lexicon.letters
        if len(rack) > MAX_RACK or not all(isinstance(t, str) and (t == BLANK or t in letters) for t in rack):
            raise ArgumentError(f"a rack is at most {MAX_RACK} tiles, each a letter of {letters} or {BLANK}")

    def legal_moves(self, rack: Sequence[str] | None = None) -> list[Candidate]:
        """Every legal move with its points, one per set of placed tiles, in a fixed order."""
        return self.search(rack).all()

    @staticmethod
    def _candidate(raw: Sequence[movegen.RawMove]):
        made: dict[tuple, Tile] = {}  # tiles are immutable: moves that place the same one share it

        def build(i: int) -> Candidate:
            flag, line, first, letters, points = raw[i]
            tiles = []
            for k, key in enumerate(letters):
                if key[1] != ON_BOARD:
                    cell = (line, first + k) if flag == 0 else (first + k, line)
                    tile = made.get((cell, key))
                    if tile is None:
                        tile = made[cell, key] = Tile(cell, key[0], key[1] == BLANK_TILE)
                    tiles.append(tile)
            word = "".join([letter for letter, _ in letters])
            start = (line, first) if flag == 0 else (first, line)
            return Candidate(Move(tuple(tiles)), word, start, DIRECTIONS[flag], points)

        return build

    def move_of(self, turn: Turn) -> Move:
        """The move a played turn made: the tiles it placed."""
        if turn.action != PLAY:
            raise ArgumentError(f"a {turn.action} turn made no move")
        return Move(turn.tiles)

    def check(self, move: Move | Iterable[Tile]) -> Score:
        """What placing the tiles of `move` would score for the player to move; raises IllegalMove
        naming the broken rule. Changes nothing."""
        return self._judge(move)[0]

    def _judge(self, move: Move | Iterable[Tile]) -> tuple[Score, dict[Cell, Tile]]:
        """The score of placing the tiles from the rack of the player to move, and the tiles by
        cell (normalized), or IllegalMove (see `rules.judge`)."""
        self._check_not_over()
        return rules.judge(self, move)

    def play(self, move: Move | Iterable[Tile]) -> Turn:
        """Place the tiles of `move` (a Move, or Tiles) for the player to move; raises IllegalMove
        (and changes nothing) if illegal."""
        score, placed = self._judge(move)
        meanings = self.lexicon.definitions(score.main.text)
        definitions = protocol.logged_definitions(meanings, LOGGED_DEFINITIONS)
        return self._commit(score, placed, definitions)

    def _commit(self, score: Score, placed: dict[Cell, Tile], definitions: tuple[str, ...]) -> Turn:
        """Place the judged tiles from the rack of the player to move, log the turn (with
        `definitions` of its main word), refill the rack and pass the turn on."""
        rack = self.racks[self.turn]
        for cell, tile in placed.items():
            self.board[cell[0]][cell[1]] = tile.letter
            if tile.blank:
                self.blanks.add(cell)
            rack.remove(BLANK if tile.blank else tile.letter)
        self.scores[self.turn] += score.points
        record = Turn(
            self.turn,
            tuple(placed.values()),
            score.direction,
            tuple((w.text, w.points) for w in score.words),
            score.points,
            score.bingo,
            definitions=definitions,
            start=score.main.cells[0],
        )
        self.history.append(record)
        self._refill(self.turn)
        self.passes = 0
        self.turn = 1 - self.turn
        return record

    def pass_turn(self) -> Turn:
        """The player to move passes. Two passes on the players' first turns redraw both racks."""
        self._check_not_over()
        self.passes += 1
        redraw = (
            not self.redrawn and len(self.history) == 1 and self.history[0].action == PASS and self.is_empty
        )
        record = Turn(self.turn, redraw=redraw, action=PASS)
        self.history.append(record)
        if redraw:
            self._redraw()
        self.turn = 1 - self.turn
        return record

    def can_exchange(self) -> bool:
        """Whether the player to move may exchange tiles: the game goes on and the bag holds at
        least a full rack."""
        return not self.is_over and len(self.bag) >= self.settings.rack_size

    def exchange(self, tiles: str | Iterable[str]) -> Turn:
        """The player to move puts `tiles` back in the bag ("qj?" or ["q", "j", "?"]; ? a blank) and
        draws as many; it scores 0 and counts as a scoreless turn. IllegalMove changes nothing:
        empty_exchange, bag_too_small, not_a_letter, not_on_rack, malformed."""
        self._check_not_over()
        if isinstance(tiles, str):
            tiles = list(self.lexicon.normalize("".join(tiles.split())[: 4 * MAX_RACK]))
        if not isinstance(tiles, (list, tuple)):
            raise IllegalMove("malformed", "the tiles to exchange are a string or a list of letters")
        if len(tiles) > len(self.rack):
            raise IllegalMove("not_on_rack", f"{len(tiles)} tiles, but the rack holds {len(self.rack)}")
        if not all(isinstance(t, str) for t in tiles):
            raise IllegalMove("malformed", "each tile to exchange is a letter, or ? for a blank")
        names = [t if t == BLANK else self.lexicon.normalize(t.strip()) for t in tiles]
        if not names:
            raise IllegalMove("empty_exchange")
        if not self.can_exchange():
            size = self.settings.rack_size
            raise IllegalMove("bag_too_small", f"it holds {len(self.bag)}, an exchange needs at least {size}")
        for name in names:
            if name != BLANK and (len(name) != 1 or name not in self.lexicon.letters):
                raise IllegalMove("not_a_letter", repr(name))
        rules.check_on_rack(self, names)
        return self._exchange(names)

    def _exchange(self, names: Sequence[str]) -> Turn:
        """Swap `names` (on the rack, checked) for as many tiles from the bag; the turn passes."""
        rack = self.racks[self.turn]
        for name in names:
            rack.remove(name)
        # draw first, so a player never draws back a tile they put back; then shuffle those in
        rack.extend(self.bag.pop() for _ in names)
        self.bag.extend(names)
        seed = f"{self.seed}/exchange/{self.version}" if self.seed is not None else None
        random.Random(seed).shuffle(self.bag)
        record = Turn(self.turn, action=EXCHANGE, exchanged=len(names), returned=tuple(names))
        self.history.append(record)
        self.passes += 1
        self.turn = 1 - self.turn
        return record

    def bot_exchange(self, level: Any = None) -> list[str]:
        """The tiles a bot puts back: by equity (the tiles whose kept rest has the best leave value)
        at a level with the game's evaluation on a list with leave values; else, with no move, every
        tile but its blanks (with no word among them, they are its worst tiles; a blank fits any
        word), all of them if it holds only blanks; [] when the bag is too small (it passes)."""
        if not self.can_exchange():
            return []
        if self.lexicon.leaves is not None and self._values_leaves(level):
            return equity.best_exchange(self.rack, self.lexicon.leaves, len(self.bag), self.lexicon.graph)[0]
        return [t for t in self.rack if t != BLANK] or list(self.rack)

    def bot_exchange_instead(self, found: Found, level: Any) -> bool:
        """At a level with the game's evaluation, on a list with leave values: whether the best
        exchange keeps tiles worth more than the best move's equity (points + leave)."""
        if not self.can_exchange() or not self._values_leaves(level):
            return False
        leaves, bag, graph = self.lexicon.leaves, len(self.bag), self.lexicon.graph
        if leaves is None:
            return False
        _, value = equity.best_exchange(self.rack, leaves, bag, graph)
        return equity.exchange_instead(value, equity.equities(found, self.rack, leaves, bag, graph))

    def _values_leaves(self, level: Any) -> bool:
        return self.lexicon.leaves is not None and getattr(level, "evaluation", POINTS) != POINTS

    def bot_values(self, found: Found, level: Any, rng: random.Random) -> list[float]:
        """Each move's value in points to a bot at `level`: its equity (points + the leave value of
        the tiles kept; the points on a list without leaves.json); with a budget (`expert`), the
        exact endgame once the bag is empty, else the equity less the opponent's simulated replies
        for the best candidates (racks drawn with `rng`). See `wordgame.equity`."""
        leaves = self.lexicon.leaves or equity.NO_LEAVES
        budget = level.budget(self.KIND)
        if budget and not self.bag:
            values = equity.endgame(self, found, WORDGAME_ENDGAME_NODES)
        elif budget:
            values = equity.simulated(self, found, leaves, rng, WORDGAME_EXPERT_CANDIDATES, budget)
        else:
            values = equity.equities(found, self.rack, leaves, len(self.bag), self.lexicon.graph)
        return [v / LEAVE_UNIT for v in values]

    def notation(self, turn: Turn) -> str:
        """'h8 down tea' (where the main word starts, the direction, the whole word; a blank's letter
        after a ?), or 'pass' / 'exchange' / 'resign'."""
        if turn.action != PLAY or turn.start is None:
            return turn.action
        blanks = {t.cell for t in turn.tiles if t.blank}
        return spelled(turn.start, turn.direction, turn.words[0][0], blanks)

    # --- the tiles ------------------------------------------------------------------------------

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

    # --- JSON --------------------------------------------------------------------------------------

    def state(self, *, log: Sequence[Any] | None = None) -> dict:
        """The saved state (see `wordgame.saved`): options, players, the seed, the racks and the bag
        in order (for storage only: a player's `view` never shows them) and the log; board,
        blanks, scores and the pass count too, all checked against the replay on loading."""
        return saved.state_of(self, log)

    def saved_turn(self, turn: Turn) -> dict:
        """A turn as the saved state's log holds it: what the log shows, and an exchange's tiles."""
        return saved.saved_turn(turn)

    @classmethod
    def from_state(cls, reader: Reader, lexicon: Lexicon, version: int) -> Wordgame:
        """Rebuild a game by dealing its tiles again from its seed and replaying its log: every
        move legal and from its player's rack, every stored field what the replay gives (see
        `wordgame.saved`); GameStateError names the first field that is not."""
        return saved.replay(cls, reader, lexicon, version)
