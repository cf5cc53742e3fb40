"""Balda in a terminal: how the board looks and how a move is typed (the driver is shared).

A move is the new letter's cell, the letter, then the word's path of cells:

    b2 t b2 c2 c3 d3       put T on b2 and spell along b2, c2, c3, d3
    b2 t b2-c2-c3-d3       the same
    b2 t b2..e2            b2..e2: every cell from b2 to e2 in a line
    b2 t                   the letter alone (one point)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from wordlist.errors import ArgumentError
from wordlist.games import terminal
from wordlist.games.balda.game import BaldaGame
from wordlist.games.balda.records import Candidate, Move, Turn
from wordlist.games.protocol import RESIGN, Cell, cell_name
from wordlist.games.terminal import Style, letters_long, parse_cell, shown, speaker


class BaldaScreen(terminal.Screen):
    name = "Balda"
    save_name = "balda.json"
    move_help = __doc__.split("\n\n", 1)[1].strip()

    def intro(self, game: BaldaGame) -> str:
        kinds = ", ".join(game.settings.parts_of_speech)
        diagonal = ", diagonal connections" if game.settings.diagonal else ""
        return (
            f"Balda, {game.size}x{game.size}, {game.lexicon.language}, words: {kinds}{diagonal}. "
            f"Starting word: {game.lexicon.display(game.start_word)}"
        )

    def draw(self, game: BaldaGame, player: int | None = None, style: Style | None = None) -> str:
        """The board with column letters and row numbers (the last move marked), and the scores."""
        style = style or Style()
        last = game.history[-1] if game.history and game.history[-1].cell is not None else None
        rows = ["     " + "   ".join(chr(ord("a") + c) for c in range(game.size))]
        for r, row in enumerate(game.board):
            cells, kinds = [], []
            for c, letter in enumerate(row):
                cells.append(game.lexicon.display(letter) if letter else "·")
                if last is not None and (r, c) == last.cell:
                    kinds.append("last")
                elif last is not None and (r, c) in last.path:
                    kinds.append("path")
                else:
                    kinds.append(None if letter else "empty")
            rows.append(style.row(f"{r + 1:>2}", cells, kinds, "   "))
        scores = "   ".join(f"{terminal.player(game, p)}: {score}" for p, score in enumerate(game.scores))
        return "\n".join([*rows, "", scores])

    def describe(self, game: BaldaGame, turn: Turn) -> str:
        """A log line as Balda sites show it: who, the new letter, the word and its path, points, meanings."""
        name = terminal.player(game, turn.player)
        if turn.action == RESIGN or turn.cell is None:
            return f"{speaker(name, 'resign.', 'resigns.')}"
        lexicon = game.lexicon
        route = "-".join(cell_name(c) for c in turn.path)
        letter = lexicon.display(turn.letter)
        if len(turn.path) == 1:
            return f"{name}: {letter} on {cell_name(turn.cell)}, a letter alone, +1"
        word = lexicon.display(turn.word)
        line = f"{name}: {letter} on {cell_name(turn.cell)}, {word} ({route}), +{turn.points}"
        return "\n".join([line, *(f"    {i}. {shown(d)}" for i, d in enumerate(turn.definitions[:3], 1))])

    def parse(self, game: BaldaGame, text: str) -> Move:
        return parse_move(text)

    def notation(self, game: BaldaGame, candidate: Candidate) -> str:
        move = candidate.move
        if len(move.path) == 1:
            return f"{cell_name(move.cell)} {move.letter}"
        return f"{cell_name(move.cell)} {move.letter} {' '.join(_runs(move.path))}"

    def listable(self, moves: list[Candidate]) -> list[Candidate]:
        return [m for m in moves if m.points > 1]

    def listing_notes(self, game: BaldaGame, moves: Sequence[Candidate]) -> list[str]:
        return ["      (or any letter alone on a free cell next to a letter, for 1 point)"]

    def nothing_to_play(self, game: BaldaGame) -> str:
        cell = cell_name(game.placeable_cells()[0])
        return f"No word here: play a letter alone on a free cell next to a letter, like {cell} x (1 point)."

    def hint(self, game: BaldaGame, candidate: Candidate, level: int) -> str:
        word = game.lexicon.display(candidate.word)
        if len(candidate.word) == 1:
            return self.nothing_to_play(game)
        if level == 1:
            return f"Try {letters_long(len(word))} word beginning with {word[0]}."
        if level == 2:
            return f"Put a letter on {cell_name(candidate.move.cell)} for {letters_long(len(word))} word."
        return f"{word}: type {self.notation(game, candidate)}"

    def result(self, game: BaldaGame) -> str:
        return terminal.result_line(game, game.scores)


SCREEN = BaldaScreen()


def draw(game: BaldaGame, style: Style | None = None) -> str:
    """The board of `game` as text, as the terminal game shows it."""
    return SCREEN.draw(game, None, style)


def describe(game: BaldaGame, turn: Turn) -> str:
    """The log line of `turn`: who played what, for how many points, with the word's definitions."""
    return SCREEN.describe(game, turn)


def parse_move(text: str) -> Move:
    """'b2 t b2 c2 c3' (or with dashes, or runs like 'a4..g4') -> Move; ValueError says what is wrong."""
    tokens = [t for t in re.split(r"[\s,\-]+", text.strip()) if t]
    if len(tokens) < 2:
        raise ArgumentError("type the cell, the letter, then the path, like: b2 t b2 c2 c3 (or help)")
    cell = parse_cell(tokens[0])
    path = tuple(step for token in tokens[2:] for step in _cells(token)) or (cell,)
    return Move(cell, tokens[1], path)


def _runs(path: Sequence[Cell]) -> list[str]:
    """A path as typed, with straight runs of three cells or more as 'a4..d4'."""
    parts: list[str] = []
    i = 0
    while i < len(path):
        j = i + 1
        if j < len(path):
            step = (path[j][0] - path[i][0], path[j][1] - path[i][1])
            while j + 1 < len(path) and (path[j + 1][0] - path[j][0], path[j + 1][1] - path[j][1]) == step:
                j += 1
        if j - i >= 2:
            parts.append(f"{cell_name(path[i])}..{cell_name(path[j])}")
            i = j + 1
        else:
            parts.append(cell_name(path[i]))
            i += 1
    return parts


def _cells(token: str) -> list[Cell]:
    """'c3' -> [c3]; 'a4..d4' -> [a4, b4, c4, d4]: a straight run along a row, column or diagonal."""
    if ".." not in token:
        return [parse_cell(token)]
    first, _, last = token.partition("..")
    (r1, c1), (r2, c2) = parse_cell(first), parse_cell(last)
    dr, dc = r2 - r1, c2 - c1
    steps = max(abs(dr), abs(dc))
    if steps == 0 or (dr and dc and abs(dr) != abs(dc)):
        raise ArgumentError(f"{token!r}: a run goes along a row, a column or a diagonal")
    return [(r1 + i * (dr // steps), c1 + i * (dc // steps)) for i in range(steps + 1)]


# play(game, human=0, bots=None, read=None, write=print, style=None): the shared driver with this screen
play = functools.partial(terminal.play, screen=SCREEN)
