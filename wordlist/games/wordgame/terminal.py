"""Wordgame in a terminal: how the board looks and how a move is typed (the driver is shared).

A move is the square of the word's first letter, its direction, and the whole
word (letters already on the board included); a letter after ? is a blank:

    h8 across cats         C, A, T, S from h8 rightwards
    h8 a cats              the same (d or down: from the square downwards)
    e5 d s?tar             S on e5, a blank as T, then A and R down
                           (letters already on the board are skipped)

On the board: # triple word, + double word, " triple letter, ' double letter,
* start square; a blank's letter is in lower case. The rack shows each tile's
points: E₁ is an E worth 1, ?₀ a blank.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from wordlist.errors import ArgumentError
from wordlist.format.limits import PASSES_TO_END
from wordlist.games import terminal
from wordlist.games.protocol import EXCHANGE, PASS, RESIGN, cell_name
from wordlist.games.terminal import Style, letters_long, parse_cell, shown, speaker
from wordlist.games.wordgame.board import ACROSS, DOWN, step
from wordlist.games.wordgame.game import Wordgame
from wordlist.games.wordgame.records import Candidate, Turn, spelled
from wordlist.games.wordgame.tiles import BLANK, Tile

_SQUARES = {".": "·", "d": "'", "t": '"', "D": "+", "T": "#"}
_DIRECTIONS = {"a": ACROSS, "across": ACROSS, "d": DOWN, "down": DOWN}
_SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


class WordgameScreen(terminal.Screen):
    name = "Wordgame"
    save_name = "wordgame.json"
    move_help = __doc__.split("\n\n", 1)[1].strip()

    def intro(self, game: Wordgame) -> str:
        first = f" The first word covers {cell_name(game.layout.start)}." if game.is_empty else ""
        size, rack = f"{game.size}x{game.size}", game.settings.rack_size
        return f"Wordgame, {size}, {game.lexicon.language}, racks of {rack} tiles.{first}"

    def draw(self, game: Wordgame, player: int | None = None, style: Style | None = None) -> str:
        """The board with column letters and row numbers (the last move marked), the scores, the bag,
        and `player`'s rack with each tile's points."""
        style = style or Style()
        lexicon, layout = game.lexicon, game.layout
        last = next((t for t in reversed(game.history) if t.action == "play"), None)
        fresh = {t.cell for t in last.tiles} if last is not None else set()
        rows = ["    " + " ".join(chr(ord("a") + c) for c in range(game.size))]
        for r in range(game.size):
            cells, kinds = [], []
            for c in range(game.size):
                letter = game.board[r][c]
                if letter is None:
                    square = layout.rows[r][c]
                    start = (r, c) == layout.start and game.is_empty
                    cells.append("*" if start else _SQUARES[square])
                    kinds.append("start" if start else (square if square != "." else "empty"))
                else:
                    cells.append(letter if (r, c) in game.blanks else lexicon.display(letter))
                    kinds.append("last" if (r, c) in fresh else None)
            rows.append(style.row(f"{r + 1:>3}", cells, kinds, " "))
        scores = "   ".join(f"{terminal.player(game, p)}: {score}" for p, score in enumerate(game.scores))
        rows += ["", f"{scores}   bag: {len(game.bag)}"]
        if player is not None:
            rows.append(f"your rack: {rack_text(game, game.racks[player])}")
        return "\n".join(rows)

    def describe(self, game: Wordgame, turn: Turn) -> str:
        """A log line: who, the move as typed, the words and their points, what the main word means."""
        name = terminal.player(game, turn.player)
        if turn.action == PASS:
            redraw = " Both racks are drawn again." if turn.redraw else ""
            return f"{speaker(name, 'pass.', 'passes.')}{redraw}"
        if turn.action == RESIGN:
            return speaker(name, "resign.", "resigns.")
        if turn.action == EXCHANGE:  # how many tiles, never which: the log is what both players see
            count = f"{turn.exchanged} tile{'s' if turn.exchanged != 1 else ''}"
            return f"{name} exchanged {count}."
        lexicon = game.lexicon
        words = ", ".join(f"{lexicon.display(word)} {points}" for word, points in turn.words)
        bingo = "; all tiles: main word doubled" if turn.bingo else ""
        lines = [f"{name}: {game.notation(turn)} ({words}{bingo}) +{turn.points}"]
        lines += [f"    {i}. {shown(d)}" for i, d in enumerate(turn.definitions, 1)]
        return "\n".join(lines)

    def parse(self, game: Wordgame, text: str) -> tuple[Tile, ...]:
        return parse_move(text, game)

    def notation(self, game: Wordgame, candidate: Candidate) -> str:
        return spelled(
            candidate.start, candidate.direction, candidate.word, (t.cell for t in candidate.tiles if t.blank)
        )

    def hint(self, game: Wordgame, candidate: Candidate, level: int) -> str:
        word = game.lexicon.display(candidate.word)
        if level == 1:
            return f"Try {letters_long(len(word))} word beginning with {word[0]}, worth {candidate.points}."
        if level == 2:
            return f"It starts on {cell_name(candidate.start)} and goes {candidate.direction}."
        return f"{word} for {candidate.points}: type {self.notation(game, candidate)}"

    def nothing_to_play(self, game: Wordgame) -> str:
        if game.can_exchange():
            return "No move here: exchange tiles (like exchange QJK) or pass."
        return super().nothing_to_play(game)

    def warning(self, game: Wordgame) -> str | None:
        if game.passes == PASSES_TO_END - 1:
            if game.can_exchange():
                return f"A pass or an exchange now ends the game ({PASSES_TO_END} scoreless turns in a row)."
            return f"A pass now ends the game ({PASSES_TO_END} passes in a row)."
        return None

    def result(self, game: Wordgame) -> str:
        left = ", ".join(
            f"{speaker(terminal.player(game, p), 'lose', 'loses')} {game.rack_value(p)} for tiles left"
            for p in (0, 1)
            if game.rack_value(p)
        )
        ending = f" ({left})" if left and game.resigned is None else ""
        why = ""
        if game.passes >= PASSES_TO_END:
            passes = all(t.action == PASS for t in game.history[-PASSES_TO_END:])
            why = f" after {PASSES_TO_END} {'passes' if passes else 'scoreless turns'} in a row"
        return terminal.result_line(game, game.final_scores, ending, why)


SCREEN = WordgameScreen()


def rack_text(game: Wordgame, rack: Sequence[str]) -> str:
    """'C₂ O₁ ?₀': each tile with its points."""
    return " ".join(
        (BLANK if tile == BLANK else game.lexicon.display(tile))
        + str(game.tiles.value(tile)).translate(_SUBSCRIPTS)
        for tile in rack
    )


def draw(game: Wordgame, player: int | None = None, style: Style | None = None) -> str:
    """The board of `game` as text, with `player`'s rack (none for a spectator)."""
    return SCREEN.draw(game, player, style)


def describe(game: Wordgame, turn: Turn) -> str:
    """The log line of `turn`, in the notation players type, with its words and points."""
    return SCREEN.describe(game, turn)


def parse_move(text: str, game: Wordgame) -> tuple[Tile, ...]:
    """'h8 a ca?ts' -> the tiles to place; raises ValueError saying what is wrong."""
    tokens = text.split()
    if len(tokens) != 3 or tokens[1].lower() not in _DIRECTIONS:
        raise ArgumentError("type the square, the direction and the word, like: h8 across cats (or help)")
    row, col = parse_cell(tokens[0])
    dr, dc = step(_DIRECTIONS[tokens[1].lower()])
    tiles, blank = [], False
    # the list's own spelling of what was typed: case folded, and 'ß' as 'ss' where the tiles have no ß
    for char in game.lexicon.normalize(tokens[2]):
        if char == BLANK:
            blank = True
            continue
        if not game.on_board((row, col)):
            raise ArgumentError(f"the word runs off the board at {cell_name((row, col))}")
        on_board = game.letter_at((row, col))
        if on_board is None:
            tiles.append(Tile((row, col), char, blank))
        elif on_board != char or blank:
            there = game.lexicon.display(on_board)
            raise ArgumentError(
                f"{cell_name((row, col))} already holds {there}, not {game.lexicon.display(char)}"
            )
        blank = False
        row, col = row + dr, col + dc
    if blank:
        raise ArgumentError("a ? must be followed by the letter the blank stands for")
    if not tiles:
        raise ArgumentError("the word places no tile")
    return tuple(tiles)


# play(game, human=0, bots=None, read=None, write=print, style=None): the shared driver with this screen
play = functools.partial(terminal.play, screen=SCREEN)
