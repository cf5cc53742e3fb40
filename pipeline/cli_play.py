"""`wordlist play ...`: the games in a terminal (the engines live in wordlist.games)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Annotated

import typer

from wordlist.errors import WordlistError
from wordlist.games.balda import BaldaGame, BaldaSettings
from wordlist.games.balda_bot import LEVELS, BaldaBot
from wordlist.games.balda_terminal import play
from wordlist.games.wordgame import Layout, Wordgame, WordgameSettings
from wordlist.games.wordgame_bot import LEVELS as WORDGAME_LEVELS
from wordlist.games.wordgame_bot import WordgameBot
from wordlist.games.wordgame_terminal import play as play_wordgame
from wordlist.lexicon import Lexicon

app = typer.Typer(help="Play the word games in the terminal.", no_args_is_help=True)


@app.command("balda")
def balda(
    lang: Annotated[str, typer.Option("--lang", "-l", help="Language: en or de")] = "en",
    size: Annotated[int, typer.Option("--size", "-s", help="Board size: 5, 7 or 9")] = 5,
    diagonal: Annotated[bool, typer.Option("--diagonal", help="Allow diagonal connections")] = False,
    allow: Annotated[
        list[str] | None, typer.Option("--allow", help="Besides nouns: verb, adjective, adverb (repeatable)")
    ] = None,
    level: Annotated[str, typer.Option("--level", help=f"Bot level: {', '.join(LEVELS)}")] = "strong",
    seed: Annotated[int | None, typer.Option("--seed", help="Same seed, same starting word and bot")] = None,
    bot_first: Annotated[bool, typer.Option("--bot-first", help="The bot moves first")] = False,
    self_play: Annotated[bool, typer.Option("--self-play", help="Bot against bot")] = False,
    load: Annotated[Path | None, typer.Option("--load", help="Continue a game saved with 'save'")] = None,
    data: Annotated[
        Path | None, typer.Option("--data", help="Folder of built word lists (default outputs)")
    ] = None,
    profile: Annotated[str, typer.Option("--profile", "-p", help="Word list profile")] = "balda",
) -> None:
    """Balda against the bot (or bot against bot)."""
    lexicon = Lexicon.open(lang, profile, data)
    if load is not None:
        game = BaldaGame.from_json(_read(load), lexicon)
    else:
        extras = tuple(p for item in allow or [] for p in item.replace(",", " ").split())
        settings = BaldaSettings(size, diagonal, extras, lang, profile)
        players = ("Bot 1", "Bot 2") if self_play else (("Bot", "You") if bot_first else ("You", "Bot"))
        game = BaldaGame.new(lexicon, settings, seed=seed, players=players)
    if level not in LEVELS:
        raise WordlistError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    bots = (BaldaBot(level, seed), BaldaBot(level, None if seed is None else seed + 1))
    human = None if self_play else (1 if bot_first else 0)
    play(game, human=human, bots=bots)


@app.command("wordgame")
def wordgame(
    lang: Annotated[str, typer.Option("--lang", "-l", help="Language of the word list")] = "en",
    level: Annotated[
        str, typer.Option("--level", help=f"Bot level: {', '.join(WORDGAME_LEVELS)}")
    ] = "strong",
    seed: Annotated[int | None, typer.Option("--seed", help="Same seed, same tiles and bot")] = None,
    bot_first: Annotated[bool, typer.Option("--bot-first", help="The bot moves first")] = False,
    self_play: Annotated[bool, typer.Option("--self-play", help="Bot against bot")] = False,
    layout: Annotated[
        Path | None, typer.Option("--layout", help='A board layout: JSON {"board": [rows], "start": [r, c]}')
    ] = None,
    load: Annotated[Path | None, typer.Option("--load", help="Continue a game saved with 'save'")] = None,
    data: Annotated[
        Path | None, typer.Option("--data", help="Folder of built word lists (default outputs)")
    ] = None,
    profile: Annotated[str, typer.Option("--profile", "-p", help="Word list profile")] = "wordgame",
) -> None:
    """Wordgame against the bot (or bot against bot)."""
    lexicon = Lexicon.open(lang, profile, data)
    if level not in WORDGAME_LEVELS:
        raise WordlistError(f"unknown bot level {level!r} (levels: {', '.join(WORDGAME_LEVELS)})")
    if load is not None:
        game = Wordgame.from_json(_read(load), lexicon)
    else:
        settings = WordgameSettings.of(lexicon)
        if layout is not None:
            try:
                board = Layout.from_dict(json.loads(_read(layout)))
            except json.JSONDecodeError as error:
                raise WordlistError(f"{layout}: not JSON ({error})") from None
            settings = dataclasses.replace(settings, layout=board)
        players = ("Bot 1", "Bot 2") if self_play else (("Bot", "You") if bot_first else ("You", "Bot"))
        game = Wordgame.new(lexicon, settings, seed=seed, players=players)
    bots = (WordgameBot(level, seed), WordgameBot(level, None if seed is None else seed + 1))
    play_wordgame(game, human=None if self_play else (1 if bot_first else 0), bots=bots)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise WordlistError(f"{path}: {error.strerror}") from None
