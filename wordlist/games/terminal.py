"""One terminal driver for every game: turns, commands, hints, saving; each game brings its `Screen`.

The driver runs a game between a human (who types) and bots (or bots alone), drawing the board
before each turn. The human's commands are the same in every game:

    help            how to type a move, and these commands
    hint            a hint, more specific each time: the word, where, the move
    moves           the best moves, as you would type them
    board           draw the board again
    pass            pass the turn (where the game has passing)
    exchange QJK    put tiles back in the bag and draw as many (? a blank)
    resign          give up
    save FILE       save the game (continue it with --load FILE)
    quit            stop (save FILE first to continue it later)
    analysis        after the game: your moves beside the strong bot's best

Anything else is read as a move by the game's `Screen.parse`. Lines are read with readline where
the terminal has it (line editing, Up for the previous line). Colour marks the last move and the
premium squares where the terminal shows colour (not with NO_COLOR or TERM=dumb, nor when the
output is not a terminal); elsewhere the last move is put in [brackets].

Names, words and definitions may come from a file anyone edited: the screens escape what they
show of them (`shown`: a control character as \x1b, a new line too, so no line can be forged),
and the driver escapes whatever else reaches the terminal but its own colours (`terminal_text`).
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from wordlist.atomic import file_path
from wordlist.errors import ArgumentError, ArgumentTypeError, FolderNameError, WordlistError
from wordlist.games.analysis import ANALYSIS_LEVEL, analyse, best_move, total_given_up
from wordlist.games.bot import Bot
from wordlist.games.protocol import Cell, Game, IllegalMove
from wordlist.games.state import write_atomic
from wordlist.text import escaped as shown

COMMANDS = __doc__.split("\n\n")[2].rstrip()
MOVES_LISTED = 15

_ANSI = {
    "last": "1;30;43",  # the tiles or letter of the last move: black on yellow, bold
    "path": "1;33",  # the rest of the last word (Balda): bold yellow
    "T": "31",  # triple word: red
    "D": "35",  # double word: magenta
    "t": "34",  # triple letter: blue
    "d": "36",  # double letter: cyan
    "start": "1;35",
    "empty": "2",  # dim
    "note": "2",
}


_COLOUR = re.compile("\x1b\\[[0-9;]*m")  # what Style.paint writes (ESC [ ... m), and nothing else


def terminal_text(text: str, colour: bool = False) -> str:
    """`text` as the driver writes it: every hidden character escaped (`shown`) but its line
    breaks and, with `colour`, the colour codes Style writes."""
    pieces = _COLOUR.split(text) if colour else [text]
    codes = _COLOUR.findall(text) if colour else []
    out = ["\n".join(map(shown, pieces[0].split("\n")))]
    for code, piece in zip(codes, pieces[1:], strict=True):
        out += [code, "\n".join(map(shown, piece.split("\n")))]
    return "".join(out)


def player(game: Game, index: int) -> str:
    """Player `index`'s name as a screen shows it (escaped: a name may come from an edited file)."""
    return shown(game.players[index])


@dataclass(frozen=True)
class Style:
    """How marks are shown: ANSI colour, or plain text with the last move in brackets."""

    colour: bool = False

    @classmethod
    def detect(cls, stream: TextIO | None = None) -> Style:
        """Colour when `stream` (default stdout) is a terminal, TERM is not dumb and NO_COLOR is not set."""
        stream = stream or sys.stdout
        term = os.environ.get("TERM", "")
        tty = hasattr(stream, "isatty") and stream.isatty()
        return cls(colour=tty and term not in ("", "dumb") and "NO_COLOR" not in os.environ)

    def paint(self, text: str, kind: str | None) -> str:
        """`text` in the colour of `kind` ("last", "premium", ...), or as it is without colour."""
        if not self.colour or kind is None or kind not in _ANSI:
            return text
        return f"\x1b[{_ANSI[kind]}m{text}\x1b[0m"

    def row(self, label: str, cells: Sequence[str], kinds: Sequence[str | None], gap: str) -> str:
        """One board row: `label`, then each cell after `gap`. The cells of the last move (kind
        "last") are coloured, or bracketed in plain text without moving the columns."""
        parts = [label]
        for i, (cell, kind) in enumerate(zip(cells, kinds, strict=True)):
            marked = kind == "last"
            before = i > 0 and kinds[i - 1] == "last"
            separator = gap
            if not self.colour and marked and not before:
                separator = gap[:-1] + "["
            elif not self.colour and before and not marked:
                separator = "]" + gap[1:]
            parts.append(separator + self.paint(cell, kind))
        if not self.colour and kinds and kinds[-1] == "last":
            parts.append("]")
        return "".join(parts).rstrip()


class Screen(ABC):
    """What one game shows and reads in a terminal; the driver does the rest."""

    name: str  # "Balda"
    save_name: str  # the default file of `save`
    move_help: str  # how to type a move, with examples

    @abstractmethod
    def intro(self, game: Any) -> str:
        """The first line of a game: what is played, on which list, how it starts."""

    @abstractmethod
    def draw(self, game: Any, player: int | None, style: Style) -> str:
        """The board, the scores, and `player`'s rack where the game has racks."""

    @abstractmethod
    def describe(self, game: Any, turn: Any) -> str:
        """A log line for `turn` (with what the word means)."""

    @abstractmethod
    def parse(self, game: Any, text: str) -> Any:
        """A typed move -> the game's move; ValueError says what is wrong with the typing."""

    @abstractmethod
    def notation(self, game: Any, candidate: Any) -> str:
        """A candidate move as the player would type it."""

    @abstractmethod
    def hint(self, game: Any, candidate: Any, level: int) -> str:
        """Level 1: the word's length and first letter; 2: where it goes; 3: the move itself."""

    @abstractmethod
    def result(self, game: Any) -> str:
        """The last line of a game: who won, and the scores."""

    def nothing_to_play(self, game: Any) -> str:
        """What the hint says when the player has no move."""
        return "No move here: pass."

    def listable(self, moves: list[Any]) -> list[Any]:
        """The moves `moves` lists (Balda leaves out single letters)."""
        return moves

    def listing_notes(self, game: Any, moves: Sequence[Any]) -> list[str]:
        """Lines after the list of moves."""
        return []

    def warning(self, game: Any) -> str | None:
        """A line to show before the human's turn, if any (a pass that would end the game)."""
        return None


def ranked(game: Game) -> list[Any]:
    """The moves worth playing (the bot's choice: Balda's words), best first, in a fixed order."""
    return sorted(game.bot_search().all(), key=lambda c: (-c.points, c.word))


def line_reader() -> Callable[[str], str]:
    """input(), with line editing and history where readline exists and the input is a terminal."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # Windows without pyreadline: plain input()
            import readline  # noqa: F401 - importing it gives input() editing and history
    return input


@dataclass
class _Hints:
    """The hint for the current position, and how much of it has been given."""

    version: int = -1
    level: int = 0
    candidate: Any = None

    def next(self, game: Game) -> tuple[Any, int]:
        if self.version != game.version:
            self.version, self.level, self.candidate = game.version, 0, best_move(game)
        self.level = min(self.level + 1, 3)
        return self.candidate, self.level


@dataclass
class Driver:
    """Plays a game in the terminal: the human's commands and moves, the bots' moves, the log."""

    game: Game
    screen: Screen
    human: int | None
    bots: Sequence[Bot]
    read: Callable[[str], str]
    write: Callable[[str], None]
    style: Style
    hints: _Hints = field(default_factory=_Hints)
    saved: tuple[Path, int] | None = None  # the last save: its file and the game's version then

    def __post_init__(self) -> None:
        # everything reaches the terminal through here, escaped but for the style's own colours
        write, colour = self.write, self.style.colour
        self.write = lambda text: write(terminal_text(text, colour))

    def run(self) -> Game:
        """Play the game until it ends or the human quits (or the input ends); the game."""
        game, write = self.game, self.write
        write(self.screen.intro(game))
        if self.human is not None:
            write("Type help for the commands and how to type a move, quit to stop.")
        while not game.is_over:
            write("")
            write(self.screen.draw(game, self.human, self.style))
            if game.turn == self.human:
                if warning := self.screen.warning(game):
                    write(warning)
                if not self.human_turn():
                    write(self.farewell())
                    return game
            else:
                write(self.screen.describe(game, self.bots[game.turn].move(game)))
        write("")
        write(self.screen.draw(game, None, self.style))
        write(self.screen.result(game))
        if self.human is not None:
            self.after_game()
        return game

    def after_game(self) -> None:
        """Once the game is over: the human's moves reviewed on request, until they leave."""
        while True:
            try:
                text = self.read("Type analysis to review your moves, or Enter to leave> ").strip().lower()
            except EOFError:
                return
            if text == "analysis":
                self.write(self.analysis())
            elif text == "board":
                self.write(self.screen.draw(self.game, None, self.style))
            elif text in ("", "quit", "exit"):
                return
            else:
                self.write("The game is over: analysis, board, or Enter to leave.")

    def analysis(self) -> str:
        """The human's turns beside the best moves the analysing bot finds, and what each gave up."""
        game, screen = self.game, self.screen
        assert self.human is not None  # only a human's moves are reviewed
        reviews = analyse(game, self.human)
        lines = [
            f"Your moves beside the best the {ANALYSIS_LEVEL} bot finds (points; given up by its value):"
        ]
        for r in reviews:
            played = game.lexicon.display(r.turn.word) if r.turn.action == "play" else r.turn.action
            mine = f"{r.index + 1:>4}  {played:<12}{r.points:>4}"
            if r.best is None:
                lines.append(f"{mine}   no move could be made")
                continue
            best = f"{game.lexicon.display(r.best.word):<12}{r.best_points:>4}"
            if r.given_up:
                lines.append(
                    f"{mine}   {best}  {'gave up ' + _number(r.given_up):<14} {screen.notation(game, r.best)}"
                )
            elif (r.best.word, r.best_points) == (r.turn.word, r.points):
                lines.append(f"{mine}   {best}  the best")
            else:  # another move, valued as much
                lines.append(f"{mine}   {best}  {'as good':<14} {screen.notation(game, r.best)}")
        lines.append(f"Given up in all: {_number(total_given_up(reviews))}.")
        return "\n".join(lines)

    def human_turn(self) -> bool:
        """Read commands until the human has moved; False if they quit or the input ends."""
        game, screen, write = self.game, self.screen, self.write
        while True:
            try:
                text = self.read(f"{player(game, game.turn)}> ").strip()
            except EOFError:
                return False
            command, _, argument = text.partition(" ")
            command = command.lower()
            if command in ("quit", "exit"):
                return False
            if not text:
                continue
            if command == "help":
                commands = [c for c in COMMANDS.splitlines() if _has_command(game, c.split()[0])]
                write(f"{screen.move_help}\n\nCommands:\n" + "\n".join(commands))
            elif command == "hint":
                candidate, level = self.hints.next(game)
                write(screen.hint(game, candidate, level) if candidate else screen.nothing_to_play(game))
            elif command == "moves":
                write(self.listing())
            elif command == "board":
                write(screen.draw(game, self.human, self.style))
            elif command == "save":
                self.save(argument.strip() or screen.save_name)
            elif (command in ("pass", "resign") and not argument) or (
                command == "exchange" and game.CAN_EXCHANGE
            ):
                try:
                    if command == "exchange":
                        turn = game.exchange(argument)
                    else:
                        turn = game.pass_turn() if command == "pass" else game.resign()
                except IllegalMove as error:
                    write(f"Not allowed: {error}")
                    continue
                write(screen.describe(game, turn))
                return True
            else:
                try:
                    turn = game.play(screen.parse(game, text))
                except (ValueError, WordlistError) as error:
                    write(f"Not allowed: {error}")
                    continue
                write(screen.describe(game, turn))
                return True

    def farewell(self) -> str:
        """What quitting says: where the game is saved, or that it is not (a save is not lost silently)."""
        if self.saved is None:
            return "Game abandoned (not saved)."
        path, version = self.saved
        if version == self.game.version:
            return f"Game stopped. It is saved in {path}: continue it with --load {path}."
        return f"Game abandoned. {path} holds it as it was before the last moves (--load {path})."

    def listing(self) -> str:
        """The best words, one line each: the points of its best move, the word, how to type that
        move; the word's other moves (elsewhere, or for fewer points) are counted, not listed."""
        game, screen = self.game, self.screen
        moves = screen.listable(ranked(game))
        if not moves:
            return screen.nothing_to_play(game)
        groups: dict[str, list[Any]] = {}
        for move in moves:
            groups.setdefault(move.word, []).append(move)
        lines = []
        for word, same in list(groups.items())[:MOVES_LISTED]:
            best, others = same[0], len(same) - 1
            more = f"   (+{others} more {'ways' if others > 1 else 'way'})" if others else ""
            shown = game.lexicon.display(word)
            lines.append(f"{best.points:>4}  {shown:<12} {screen.notation(game, best)}{more}")
        if len(groups) > MOVES_LISTED:
            lines.append(f"      ... {len(groups) - MOVES_LISTED} more words ({len(moves)} moves in all)")
        return "\n".join([*lines, *screen.listing_notes(game, moves)])

    def save(self, name: str) -> None:
        """Save the game to file `name` (atomically); a failure is said, and the game goes on."""
        try:
            path = file_path(name).expanduser()  # ("game/" names a folder: not saved as "game")
            write_atomic(path, self.game.to_json())
        except FolderNameError as error:  # ("reg/: ends with '/', so it names a folder; give a file's name")
            self.write(f"Could not save to {shown(str(error))}. The game goes on; try another file.")
            return
        except OSError as error:
            reason = error.strerror or str(error)
            self.write(f"Could not save to {path}: {reason}. The game goes on; try another file.")
            return
        self.saved = (path, self.game.version)
        self.write(f"Saved to {path}. Continue it later with --load {path}.")


def play(
    game: Game,
    screen: Screen,
    *,
    human: int | None = 0,
    bots: Sequence[Bot] | None = None,
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] = print,
    style: Style | None = None,
) -> Game:
    """Run `game` to the end in a terminal. `human` is the human's player index (None: bots only)."""
    seed = getattr(game, "seed", None)
    bots = bots or (Bot("strong", seed), Bot("strong", None if seed is None else seed + 1))
    driver = Driver(game, screen, human, bots, read or line_reader(), write, style or Style.detect())
    return driver.run()


def _number(value: float) -> str:
    """3.0 -> '3', 2.5 -> '2.5': a value as a player reads it."""
    return f"{value:.1f}".removesuffix(".0")


def _has_command(game: Game, command: str) -> bool:
    """Whether `game` has the command the help lists (passing and exchanging are in some games)."""
    return {"pass": game.CAN_PASS, "exchange": game.CAN_EXCHANGE}.get(command, True)


def result_line(game: Game, final: Sequence[int], ending: str = "", why: str = "") -> str:
    """'Game over: You win, 30 to 21.' / 'a tie' / 'Bot resigned. You win.'; `why` the game ended,
    when it is not plain ('3 passes in a row': 'Game over after 3 passes in a row: ...')."""
    resigned = [t.player for t in game.history if t.action == "resign"]
    if resigned:
        loser = resigned[-1]
        return f"{speaker(player(game, loser), 'resigned.', 'resigned.')} {_wins(player(game, 1 - loser))}."
    winners = game.winners
    if len(winners) == 2:
        return f"Game over{why}: a tie, {final[0]} to {final[1]}{ending}."
    winner = winners[0]
    return f"Game over{why}: {_wins(player(game, winner))}, {final[winner]} to {final[1 - winner]}{ending}."


def _wins(name: str) -> str:
    return speaker(name, "win", "wins")


# --- the cells a player types, and the English the screens write ------------------------------------------


def parse_cell(text: str) -> Cell:
    """'b3' -> (2, 1): a cell as a player types it (`wordlist.games.protocol.cell_name` writes it);
    anything else is an ArgumentError (a ValueError) saying how a cell is typed."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"a cell is typed as text, like b3, not {type(text).__name__}")
    text = text.strip().lower()
    row = text[1:]
    if not 2 <= len(text) <= 10 or not ("a" <= text[0] <= "z") or not row.isascii() or not row.isdigit():
        raise ArgumentError(f"{text[:20]!r} is not a cell (column letter and row number, like b3)")
    return int(row) - 1, ord(text[0]) - ord("a")


def letters_long(n: int) -> str:
    """'a 5-letter', 'an 8-letter', 'an 11-letter': the article that fits the number as it is read."""
    article = "an" if str(n).startswith("8") or n in (11, 18) else "a"
    return f"{article} {n}-letter"


def speaker(name: str, you: str, others: str) -> str:
    """'You pass.' but 'Bot passes.': the verb form that fits a player's name."""
    return f"{name} {you if name.lower() == 'you' else others}"
