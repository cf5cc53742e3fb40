"""Balda: the rules and the game state. Any frontend drives a game through `BaldaGame` (a `Game`).

The rules
---------
- The board is 5x5, 7x7 or 9x9. A starting word as long as the board is wide, picked at random
  (seeded) from the lexicon's nouns, fills the middle row. It counts as scored; nobody gets its points.
- A turn: place one letter on an empty cell next to a letter (orthogonally, or also diagonally if
  the game allows diagonal connections), then trace a word through neighbouring cells. The score
  is the word's length.
- The word must (A) use the new letter, (B) use each cell at most once, (C) not have been scored
  before in this game unless that earlier word shares no cell with this one, and (D) be in the
  word list for the game's parts of speech (nouns, plus any of verbs/adjectives/adverbs allowed).
- The new letter on its own may always be scored as a one-letter word (1 point): the game cannot
  get stuck, and there is no passing.
- The game ends when every cell is filled (or a player resigns); most points wins, a tie is shared.

Cells are (row, column) pairs from (0, 0) at the top left; `cell_name` writes them in the "b3"
notation (column letter, row number) of the game's log, and the terminal's `parse_cell` reads it.
The settings, moves, turns and the rules' codes are the records of `records`.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from wordlist.errors import ArgumentError, WordlistError
from wordlist.format import pos_mask
from wordlist.games import protocol, state
from wordlist.games.balda import board as geometry
from wordlist.games.balda import movegen, search
from wordlist.games.balda.records import BaldaSettings, Candidate, IllegalMove, Move, Turn
from wordlist.games.protocol import PLAY, RESIGN, Cell, Found, cell_name, checked_cell
from wordlist.games.state import GameStateError, Reader
from wordlist.lexicon import Lexicon


@dataclass(repr=False)
class BaldaGame(protocol.Game):
    """A game in progress. Create with `BaldaGame.new`, drive with `play`, store with `to_json`."""

    KIND = "balda"
    FORMAT_VERSION = 2
    Illegal = IllegalMove
    MOVE = Move
    TURN = Turn

    lexicon: Lexicon
    settings: BaldaSettings
    board: list[list[str | None]]
    players: list[str]
    scores: list[int]
    start_word: str
    seed: int | None = None
    turn: int = 0  # index of the player to move
    history: list[Turn] = field(default_factory=list)
    scored: list[tuple[str, frozenset[Cell]]] = field(default_factory=list)
    resigned: int | None = None

    # --- creating ----------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        lexicon: Lexicon,
        settings: BaldaSettings | None = None,
        *,
        seed: int | None = None,
        players: Sequence[str] = ("Player 1", "Player 2"),
        start_word: str | None = None,
    ) -> BaldaGame:
        """A new game: the starting word is a random noun of the board's width (or `start_word`, a
        word of the list for the game's parts of speech, as wide as the board)."""
        lexicon = protocol.checked_lexicon(lexicon)
        protocol.checked_settings(settings, BaldaSettings)
        settings = settings or BaldaSettings()
        players = protocol.checked_players(players, "Balda")
        seed = protocol.checked_seed(seed)
        if start_word is None:
            try:
                start_word = lexicon.random_word(settings.size, pos="noun", rng=random.Random(seed))
            except LookupError as error:
                raise WordlistError(str(error)) from None
        start_word = check_start_word(lexicon, settings, start_word)
        board: list[list[str | None]] = [[None] * settings.size for _ in range(settings.size)]
        middle = settings.size // 2
        board[middle] = list(start_word)
        game = cls(lexicon, settings, board, players, [0, 0], start_word, seed)
        game.scored.append((start_word, frozenset((middle, col) for col in range(settings.size))))
        return game

    def restarted(self) -> BaldaGame:
        """The game as it began: the same starting word, settings, players and seed."""
        return type(self).new(
            self.lexicon, self.settings, seed=self.seed, players=self.players, start_word=self.start_word
        )

    # --- state -------------------------------------------------------------------------------------

    @property
    def size(self) -> int:
        """The board's number of rows (and columns)."""
        return self.settings.size

    @property
    def is_over(self) -> bool:
        """Whether the game has ended: the board is full, or a player resigned."""
        return self.resigned is not None or all(letter is not None for row in self.board for letter in row)

    @property
    def scored_words(self) -> list[str]:
        """The words scored so far, the starting word first."""
        return [word for word, _ in self.scored]

    def on_board(self, cell: Cell) -> bool:
        """Whether `cell` lies on this game's board."""
        return geometry.on_board(cell, self.size)

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cells next to `cell` (diagonal ones too when the game allows them)."""
        return geometry.neighbours(cell, self.size, self.settings.diagonal)

    def touches(self, a: Cell, b: Cell) -> bool:
        """Whether cells `a` and `b` are neighbours in this game."""
        return geometry.touches(a, b, self.settings.diagonal)

    def placeable_cells(self) -> list[Cell]:
        """Empty cells next to a letter: where the player to move may put a letter."""
        size = self.size
        return [(i // size, i % size) for i, ok in enumerate(movegen.placeable(self.position())) if ok]

    def allows(self, word: str) -> bool:
        """Rule D: is `word` in the word list for this game's parts of speech?"""
        return self.lexicon.is_word(word, pos=self.settings.parts_of_speech)

    def allowed_mask(self) -> int:
        """The parts of speech that score, as a bit mask (see wordlist.format.pos_mask)."""
        return pos_mask(self.settings.parts_of_speech)

    def view(self, player: int | None = None, *, log: Sequence[Any] | None = None) -> dict:
        """Everything on a Balda table is public: the board, the scores, the log, the options
        (`log` as `Game.view` takes it)."""
        return {
            **self._view_common(player, log),
            "settings": self.settings.to_dict(),
            "board": self.board_rows(),
            "start_word": self.start_word,
            "placeable": [list(c) for c in self.placeable_cells()] if not self.is_over else [],
        }

    # --- moves -------------------------------------------------------------------------------------

    def position(self) -> movegen.Position:
        """The position as the move generator takes it (cells as indexes)."""
        size = self.size
        scored: dict[str, list[frozenset[int]]] = {}
        for word, cells in self.scored:
            scored.setdefault(word, []).append(frozenset([r * size + c for r, c in cells]))
        board = [letter for row in self.board for letter in row]
        return movegen.Position(size, self.settings.diagonal, board, self.allowed_mask(), scored)

    def search(self, *, single_letters: bool = True) -> Found[Candidate]:
        """Every legal move, compact: the word moves in a fixed order, then (with `single_letters`)
        the one-letter moves."""
        if self.is_over:
            return Found([], self._candidate([]))
        position = self.position()
        words = movegen.word_moves(self.lexicon.graph, position)
        singles = movegen.single_letters(position, self.lexicon.letters) if single_letters else []
        return Found(movegen.move_points(words) + [1] * len(singles), self._candidate(words, singles))

    def bot_search(self) -> Found[Candidate]:
        """A bot chooses among the words; a single letter only where no word can be made."""
        words = self.search(single_letters=False)
        return words if len(words) or self.is_over else self.search()

    def bot_values(self, found: Found, level: Any, rng: random.Random) -> list[float]:
        """Each move's value to a bot at `level`: the score difference the lookahead foresees
        (wordlist.games.balda.search) within the level's budget; a bot with no word move places a
        single letter, worth its point."""
        budget = level.budget(self.KIND)
        if self.is_over or budget < 1 or not len(found):
            return [float(p) for p in found.points]
        position = self.position()
        moves = movegen.word_moves(self.lexicon.graph, position)
        if len(moves) != len(found):  # single letters only: each worth its point, nothing to search
            return [float(p) for p in found.points]
        mover = self.turn
        difference = self.scores[mover] - self.scores[1 - mover]
        return [
            float(v) for v in search.lookahead(self.lexicon.graph, position, moves, difference, budget).values
        ]

    def _candidate(self, words: Sequence[movegen.RawMove], singles: Sequence[movegen.RawMove] = ()):
        """Build move i of the word moves followed by the single letters."""
        size = self.size
        cells = [(i // size, i % size) for i in range(size * size)]
        board = [letter for row in self.board for letter in row]
        count = len(words)

        def build(i: int) -> Candidate:
            new_cell, letter, path = words[i] if i < count else singles[i - count]
            word = "".join([letter if j == new_cell else board[j] for j in path])
            return Candidate(Move(cells[new_cell], letter, tuple([cells[j] for j in path])), word)

        return build

    def move_of(self, turn: Turn) -> Move:
        """The move a played turn made: its letter on its cell, and its word's path."""
        if turn.cell is None:
            raise ArgumentError(f"a {turn.action} turn made no move")
        return Move(turn.cell, turn.letter, turn.path)

    def check(self, move: Move) -> str:
        """The word `move` would score; raises IllegalMove naming the broken rule. Changes nothing."""
        return self._checked(move)[3]

    def _checked(self, move: Move) -> tuple[Cell, str, tuple[Cell, ...], str]:
        """`check`, with the move's cell, letter (normalized) and path that `_apply` places."""
        self._check_not_over()
        cell, letter, path = self._shape(move)
        if not self.on_board(cell):
            raise IllegalMove("off_board", cell_name(cell))
        if (there := self.letter_at(cell)) is not None:
            raise IllegalMove("cell_taken", f"{cell_name(cell)} holds {self.lexicon.display(there)}")
        if not any(self.letter_at(n) is not None for n in self.neighbours(cell)):
            raise IllegalMove("not_adjacent", cell_name(cell))
        if len(letter) != 1 or letter not in self.lexicon.letters:
            raise IllegalMove("not_a_letter", repr(move.letter))
        if not path:
            raise IllegalMove("empty_path")
        for step in path:
            if not self.on_board(step):
                raise IllegalMove("off_board", f"{cell_name(step)} in the path")
        for a, b in itertools.pairwise(path):
            if not self.touches(a, b):
                raise IllegalMove("path_gap", f"{cell_name(a)} to {cell_name(b)}")
        if len(set(path)) != len(path):
            twice = next(c for c in path if path.count(c) > 1)
            raise IllegalMove("cell_reused", cell_name(twice))
        if cell not in path:
            raise IllegalMove("new_letter_unused", f"the path does not go through {cell_name(cell)}")
        letters = []
        for step in path:
            found = letter if step == cell else self.letter_at(step)
            if found is None:
                raise IllegalMove("path_empty_cell", cell_name(step))
            letters.append(found)
        word = "".join(letters)
        if len(word) == 1:
            return cell, letter, path, word  # the new letter alone always scores one point
        cells = frozenset(path)
        for earlier, earlier_cells in self.scored:
            if earlier == word and earlier_cells & cells:
                raise IllegalMove("already_scored", self.lexicon.display(word))
        if not self.allows(word):
            raise IllegalMove("not_a_word", self.lexicon.display(word))
        return cell, letter, path, word

    def _shape(self, move: object) -> tuple[Cell, str, tuple[Cell, ...]]:
        """The move's cell, letter (normalized) and path, with their types checked."""
        if not isinstance(move, Move):
            raise IllegalMove("malformed", f"expected a Move, not {type(move).__name__}")
        try:
            cell = checked_cell(move.cell)
            if not isinstance(move.letter, str):
                raise ValueError(f"the letter {move.letter!r} is not a string")
            if not isinstance(move.path, (tuple, list)) or len(move.path) > self.size * self.size:
                raise ValueError("the path is not a sequence of cells on the board")
            path = tuple(checked_cell(c, "path cell") for c in move.path)
        except ValueError as error:
            raise IllegalMove("malformed", str(error)) from None
        return cell, self.lexicon.normalize(move.letter), path

    def play(self, move: Move) -> Turn:
        """Play `move` for the player to move; raises IllegalMove (and changes nothing) if it is illegal."""
        cell, letter, path, word = self._checked(move)
        meanings = self.lexicon.definitions(word, pos=self.settings.parts_of_speech) if len(word) > 1 else []
        definitions = protocol.logged_definitions(meanings)
        return self._apply(cell, letter, path, word, definitions)

    def _apply(
        self, cell: Cell, letter: str, path: tuple[Cell, ...], word: str, definitions: tuple[str, ...]
    ) -> Turn:
        record = Turn(self.turn, cell, letter, path, word, len(word), definitions)
        self.board[cell[0]][cell[1]] = letter
        self.scores[self.turn] += len(word)
        self.scored.append((word, frozenset(path)))
        self.history.append(record)
        self.turn = 1 - self.turn
        return record

    def notation(self, turn: Turn) -> str:
        """'b2 t b2-b3-a3' (the cell, the letter, the path), 'b2 t' for a single letter, or 'resign'."""
        if turn.action != PLAY or turn.cell is None:
            return turn.action
        if len(turn.path) == 1:
            return f"{cell_name(turn.cell)} {turn.letter}"
        return f"{cell_name(turn.cell)} {turn.letter} {'-'.join(cell_name(c) for c in turn.path)}"

    # --- JSON --------------------------------------------------------------------------------------

    def state(self, *, log: Sequence[Any] | None = None) -> dict:
        """The saved state: options, players, the starting word and the log; the board, scores and
        turn are stored too (readable, and checked against the log on loading)."""
        return {
            "settings": self.settings.to_dict(),
            "players": list(self.players),
            "start_word": self.start_word,
            "seed": self.seed,
            "board": self.board_rows(),
            "scores": list(self.scores),
            "turn": self.turn,
            "history": self._log(log, self.saved_turn),
        }

    @classmethod
    def from_state(cls, reader: Reader, lexicon: Lexicon, version: int) -> BaldaGame:
        """Rebuild a game by replaying its log from the starting word: every move must be legal and
        score what the log says, and the board, scores and turn must be what the replay gives."""
        keys = dict.fromkeys(("settings", "players", "start_word", "seed", "board", "scores", "turn"), True)
        reader = Reader(reader.data, reader.where, {**keys, "seed": False, "history": True})  # absent: null
        raw = reader.object("settings", {"size": True, "diagonal": True, "extra_parts_of_speech": True})
        size, diagonal = raw.int("size", 0, 99), raw.bool("diagonal")
        extra = tuple(raw.strings("extra_parts_of_speech", 3))
        try:
            settings = BaldaSettings(size, diagonal, extra)
        except WordlistError as error:
            raise GameStateError(f"{raw.where}: {error}") from None
        size = settings.size
        start_word = reader.str("start_word", size)
        try:
            start_word = check_start_word(lexicon, settings, start_word)
        except WordlistError as error:
            raise state.fail(reader.at("start_word"), str(error)) from None
        players = protocol.read_players(reader, "Balda")
        seed = protocol.read_seed(reader)
        game = cls.new(lexicon, settings, seed=seed, players=players, start_word=start_word)
        history = reader.list("history", size * size - size + 1)
        for i, item in enumerate(history):
            game._replay(Reader(item, f"{reader.at('history')}[{i}]", _TURN_KEYS), size)
        if version != len(history):
            raise GameStateError(f"version: {version}, but the log has {len(history)} turns")
        board = reader.strings("board", size, size)
        if board != game.board_rows():
            raise state.fail(reader.at("board"), "does not match the starting word and the moves in the log")
        for key, expected in (("scores", game.scores), ("turn", game.turn)):
            found = reader.raw(key)
            if found != expected or (key == "turn" and isinstance(found, bool)):
                raise state.fail(reader.at(key), f"{found!r}, but the log gives {expected!r}")
        return game

    def _replay(self, turn: Reader, size: int) -> None:
        """Apply one logged turn, checked against the rules and against what the log recorded."""
        player = turn.int("player", 0, 1)
        if player != self.turn:
            raise state.fail(turn.at("player"), f"{player}, but it is player {self.turn}'s turn")
        action = turn.str("action", 10)
        if action == RESIGN:
            if self.is_over:
                raise state.fail(turn.where, "a resignation after the end of the game")
            self.resign()
            return
        if action != PLAY:
            raise state.fail(turn.at("action"), f"{action!r}: a Balda turn is 'play' or 'resign'")
        cell = state.as_cell(turn.raw("cell"), turn.at("cell"), size)
        letter = state.as_letter(turn.raw("letter"), turn.at("letter"), self.lexicon.letters)
        path = tuple(
            state.as_cell(c, f"{turn.at('path')}[{k}]", size)
            for k, c in enumerate(turn.list("path", size * size))
        )
        definitions = protocol.read_definitions(turn)
        try:
            cell, letter, path, word = self._checked(Move(cell, letter, path))
        except IllegalMove as error:
            raise state.fail(turn.where, f"an illegal move ({error})") from None
        for key, expected in (("word", word), ("points", len(word))):
            if turn.raw(key) != expected or isinstance(turn.raw(key), bool):
                raise state.fail(turn.at(key), f"{turn.raw(key)!r}, but the move scores {expected!r}")
        self._apply(cell, letter, path, word, definitions)


def check_start_word(lexicon: Lexicon, settings: BaldaSettings, word: str) -> str:
    """`word` normalized, if it can start a game: as many letters as the board is wide, and a word of
    the list for the game's parts of speech; else WordlistError saying which it is not."""
    if not isinstance(word, str):
        raise WordlistError(f"the starting word must be text, not {type(word).__name__}")
    normal = lexicon.normalize(word)
    if len(normal) != settings.size or not lexicon.alphabet_spec.spells(normal):
        raise WordlistError(f"the starting word {word!r} must have {settings.size} letters of the alphabet")
    if not lexicon.is_word(normal, pos=settings.parts_of_speech):
        kinds = " or ".join(settings.parts_of_speech)
        raise WordlistError(f"the starting word {word!r} is not a {kinds} of the word list")
    return normal


_TURN_KEYS = dict.fromkeys(
    ("player", "action", "cell", "letter", "path", "word", "points", "definitions"), True
)
