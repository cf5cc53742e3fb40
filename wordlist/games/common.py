"""What the board games share: cell names, and the error for a move that breaks a rule."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import ClassVar

from wordlist.errors import WordlistError

Cell = tuple[int, int]  # (row, column) from (0, 0) at the top left


class IllegalMove(WordlistError):
    """A move that breaks a rule; `rule` is a key of the game's RULES. The game is left unchanged.

    Each game subclasses it with its RULES: {code a frontend can branch on: message a player reads}.
    """

    RULES: ClassVar[Mapping[str, str]] = {}

    def __init__(self, rule: str, detail: str = "") -> None:
        self.rule = rule
        self.detail = detail
        super().__init__(f"{self.RULES[rule]}{': ' + detail if detail else ''} [{rule}]")


def cell_name(cell: Iterable[int]) -> str:
    """(row, col) -> 'b3': column letter, row number from 1 at the top."""
    row, col = tuple(cell)
    return f"{chr(ord('a') + col)}{row + 1}" if col >= 0 and row >= 0 else f"({row},{col})"


def parse_cell(text: str) -> Cell:
    """'b3' -> (2, 1); raises ValueError for anything else."""
    text = text.strip().lower()
    if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
        raise ValueError(f"{text!r} is not a cell (column letter and row number, like b3)")
    return int(text[1:]) - 1, ord(text[0]) - ord("a")


def commands(prompt: str, read: Callable[[str], str]) -> Iterator[tuple[str, str, str]]:
    """(command, argument, the whole line) as a player types them, until quit, exit or end of input."""
    while True:
        try:
            text = read(prompt).strip()
        except EOFError:
            return
        command, _, argument = text.partition(" ")
        if command in ("quit", "exit"):
            return
        yield command, argument, text


def run_turns(
    game,
    *,
    human: int | None,
    bots,
    draw: Callable[[int | None], str],
    describe: Callable[[object], str],
    human_turn: Callable[[], bool],
    result: Callable[[], str],
    write: Callable[[str], None],
) -> None:
    """Turns until the game is over: the human's typed (`human_turn` is False if they quit), the
    bots' played; the board is drawn before each turn (`draw(player whose rack may be shown)`)."""
    while not game.is_over:
        write("")
        write(draw(human))
        if game.turn == human:
            if not human_turn():
                write("Game abandoned.")
                return
        else:
            write(describe(bots[game.turn].move(game)))
    write("")
    write(draw(None))
    write(result())
