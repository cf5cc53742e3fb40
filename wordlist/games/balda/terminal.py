"""Balda in a terminal: how the board looks and how a move is typed (the driver is shared).

A move is typed as the cell for the new letter, the letter, then the word's path of cells:

    b2 t b2 c2 c3 d3       put T on b2 and spell along b2, c2, c3, d3
    b2 t b2-c2-c3-d3       the same
    b2 t                   the letter alone (one point)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from wordlist.games import terminal
from wordlist.games.balda.game import BaldaGame, Candidate, Move, Turn
from wordlist.games.bot import Bot
from wordlist.games.protocol import RESIGN, cell_name, parse_cell, speaker
from wordlist.games.terminal import Style


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
        scores = "   ".join(f"{name}: {score}" for name, score in zip(game.players, game.scores, strict=True))
        return "\n".join([*rows, "", scores])

    def describe(self, game: BaldaGame, turn: Turn) -> str:
        """A log line as Balda sites show it: who, the new letter, the word and its path, points, meanings."""
        name = game.players[turn.player]
        if turn.action == RESIGN or turn.cell is None:
            return f"{speaker(name, 'resign.', 'resigns.')}"
        lexicon = game.lexicon
        route = "-".join(cell_name(c) for c in turn.path)
        letter = lexicon.display(turn.letter)
        word = lexicon.display(turn.word)
        line = f"{name}: {letter} on {cell_name(turn.cell)}, {word} ({route}), +{turn.points}"
        return "\n".join([line, *(f"    {i}. {d}" for i, d in enumerate(turn.definitions[:3], 1))])

    def parse(self, game: BaldaGame, text: str) -> Move:
        return parse_move(text)

    def notation(self, game: BaldaGame, candidate: Candidate) -> str:
        move = candidate.move
        return f"{cell_name(move.cell)} {move.letter} {' '.join(cell_name(c) for c in move.path)}"

    def hint(self, game: BaldaGame, candidate: Candidate, level: int) -> str:
        word = game.lexicon.display(candidate.word)
        if len(candidate.word) == 1:
            return f"No word here: place a single letter, like {cell_name(candidate.move.cell)} {word}."
        if level == 1:
            return f"Try a {len(word)}-letter word beginning with {word[0]}."
        if level == 2:
            return f"Put a letter on {cell_name(candidate.move.cell)} for a {len(word)}-letter word."
        return f"{word}: type {self.notation(game, candidate)}"

    def result(self, game: BaldaGame) -> str:
        return terminal.result_line(game, game.scores)


SCREEN = BaldaScreen()


def draw(game: BaldaGame, style: Style | None = None) -> str:
    return SCREEN.draw(game, None, style)


def describe(game: BaldaGame, turn: Turn) -> str:
    return SCREEN.describe(game, turn)


def parse_move(text: str) -> Move:
    """'b2 t b2 c2 c3' (or with dashes) -> Move; raises ValueError with what is wrong."""
    tokens = [t for t in re.split(r"[\s,\-]+", text.strip()) if t]
    if len(tokens) < 2:
        raise ValueError("type the cell, the letter, then the path, like: b2 t b2 c2 c3 (or help)")
    cell = parse_cell(tokens[0])
    path = tuple(parse_cell(t) for t in tokens[2:]) or (cell,)
    return Move(cell, tokens[1], path)


def play(
    game: BaldaGame,
    *,
    human: int | None = 0,
    bots: Sequence[Bot] | None = None,
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] = print,
    style: Style | None = None,
) -> BaldaGame:
    """Run `game` to the end in a terminal. `human` is the human's player index (None: bots on both sides)."""
    terminal.play(game, SCREEN, human=human, bots=bots, read=read, write=write, style=style)
    return game
