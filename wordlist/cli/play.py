"""`wordlist play ...`: the games in a terminal (the engines and the driver live in wordlist.games).

Errors end here as one plain line on stderr and exit code 1: a file named with what is wrong with
it, never a traceback, and no rich markup (a message may hold [brackets], like a rule code); what
it quotes of a file is escaped (`wordlist.text.escaped`), so a saved game cannot write to the
terminal.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from wordlist.cli.shared import App, examples
from wordlist.errors import WordlistError
from wordlist.games.balda import BaldaGame, BaldaSettings
from wordlist.games.balda.terminal import play as play_balda
from wordlist.games.bot import LEVELS, Bot, check_level
from wordlist.games.protocol import Game
from wordlist.games.wordgame import Layout, Wordgame, WordgameSettings
from wordlist.games.wordgame.terminal import play as play_wordgame
from wordlist.lexicon import Lexicon
from wordlist.text import escaped

app = App(
    help="Play the word games in the terminal. Type `help` in a game for its commands.",
    no_args_is_help=True,
    epilog=examples("wordlist play balda", "wordlist play wordgame --lang de"),
)

_LEVELS = ", ".join(LEVELS)
_LAYOUT_HELP = 'A board layout: a JSON file {"board": [rows of . d t D T], "start": [row, col]}'
Level = Annotated[str, typer.Option("--level", help=f"Bot level: {_LEVELS}", metavar="LEVEL")]
Seed = Annotated[int | None, typer.Option("--seed", help="Same seed, same game and bot", metavar="N")]
BotFirst = Annotated[bool, typer.Option("--bot-first", help="The bot moves first")]
SelfPlay = Annotated[bool, typer.Option("--self-play", help="Bot against bot")]
Load = Annotated[
    Path | None,
    typer.Option("--load", help="Continue a game saved with 'save' (on the same word list)", metavar="FILE"),
]
Data = Annotated[
    Path | None,
    typer.Option(
        "--data", help="Folder of built word lists (default: $WORDLIST_DATA, else outputs)", metavar="DIR"
    ),
]


@app.command(
    "balda",
    epilog=examples(
        "wordlist play balda                                # English, 5x5, you against the bot",
        "wordlist play balda --lang de --size 7 --allow verb --allow adjective",
        "wordlist play balda --self-play --seed 1           # bot against bot",
        "wordlist play balda --load balda.json              # a game saved with `save balda.json`",
    ),
)
def balda(
    lang: Annotated[str, typer.Option("--lang", "-l", help="Language: en or de", metavar="LANG")] = "en",
    size: Annotated[int, typer.Option("--size", "-s", help="Board size: 5, 7 or 9", metavar="N")] = 5,
    diagonal: Annotated[bool, typer.Option("--diagonal", help="Allow diagonal connections")] = False,
    allow: Annotated[
        list[str] | None,
        typer.Option("--allow", help="Besides nouns: verb, adjective, adverb (repeatable)", metavar="POS"),
    ] = None,
    level: Level = "strong",
    seed: Seed = None,
    bot_first: BotFirst = False,
    self_play: SelfPlay = False,
    load: Load = None,
    data: Data = None,
    profile: Annotated[
        str, typer.Option("--profile", "-p", help="Word list profile", metavar="NAME")
    ] = "balda",
) -> None:
    """Balda against the bot (or bot against bot)."""

    def start() -> BaldaGame:
        extras = tuple(p for item in allow or [] for p in item.replace(",", " ").split())
        settings = BaldaSettings(size, diagonal, extras)
        return BaldaGame.new(
            Lexicon.open(lang, profile, data), settings, seed=seed, players=_players(self_play, bot_first)
        )

    _run(BaldaGame, play_balda, start, load, data, level, seed, self_play, bot_first)


@app.command(
    "wordgame",
    epilog=examples(
        "wordlist play wordgame                             # you against the strongest bot",
        "wordlist play wordgame --lang de                   # the German tiles and word list",
        "wordlist play wordgame --level beginner --seed 7 --bot-first",
        "wordlist play wordgame --layout board.json         # another board",
    ),
)
def wordgame(
    lang: Annotated[
        str, typer.Option("--lang", "-l", help="Language of the word list: en or de", metavar="LANG")
    ] = "en",
    level: Level = "strong",
    seed: Seed = None,
    bot_first: BotFirst = False,
    self_play: SelfPlay = False,
    layout: Annotated[Path | None, typer.Option("--layout", help=_LAYOUT_HELP, metavar="FILE")] = None,
    load: Load = None,
    data: Data = None,
    profile: Annotated[
        str, typer.Option("--profile", "-p", help="Word list profile", metavar="NAME")
    ] = "wordgame",
) -> None:
    """Wordgame against the bot (or bot against bot)."""

    def start() -> Wordgame:
        lexicon = Lexicon.open(lang, profile, data)
        settings = WordgameSettings.of(lexicon)
        if layout is not None:
            try:
                board = Layout.from_dict(json.loads(_read(layout)))
            except (ValueError, RecursionError) as error:  # bad JSON, too deep, an int past 4300 digits
                raise WordlistError(f"{layout}: not JSON ({error})") from None
            except WordlistError as error:
                raise WordlistError(f"{layout}: {error}") from None
            settings = dataclasses.replace(settings, layout=board)
        return Wordgame.new(lexicon, settings, seed=seed, players=_players(self_play, bot_first))

    _run(Wordgame, play_wordgame, start, load, data, level, seed, self_play, bot_first)


def _run(
    kind: type[Game],
    play: Callable[..., Game],
    start: Callable[[], Game],
    load: Path | None,
    data: Path | None,
    level: str,
    seed: int | None,
    self_play: bool,
    bot_first: bool,
) -> None:
    """Start or load a game and play it to the end; any WordlistError is one line and exit code 1."""
    try:
        check_level(level)
        if load is not None:
            try:
                game = kind.from_json(_read_bytes(load), root=data)
            except WordlistError as error:
                raise WordlistError(f"{load}: {error}") from None
        else:
            game = start()
        bots = (Bot(level, seed), Bot(level, None if seed is None else seed + 1))
        human = None if self_play else _human(game, load, bot_first)
        play(game, human=human, bots=bots)
    except WordlistError as error:
        _fail(str(error))


def _players(self_play: bool, bot_first: bool) -> tuple[str, str]:
    if self_play:
        return ("Bot 1", "Bot 2")
    return ("Bot", "You") if bot_first else ("You", "Bot")


def _human(game: Game, load: Path | None, bot_first: bool) -> int:
    """The human's seat: in a loaded game, the player called You (else the one to move)."""
    if load is not None:
        named = [i for i, name in enumerate(game.players) if name.lower() == "you"]
        return named[0] if named else game.turn
    return 1 if bot_first else 0


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise WordlistError(f"{path}: {error.strerror or error}") from None


def _read(path: Path) -> str:
    try:
        return _read_bytes(path).decode("utf-8")
    except UnicodeDecodeError as error:
        raise WordlistError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None


def _fail(message: str) -> NoReturn:
    print(f"error: {escaped(message)}", file=sys.stderr)
    raise typer.Exit(1)
