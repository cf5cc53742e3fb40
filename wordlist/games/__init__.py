"""The word games: Balda and Wordgame, on one protocol (`protocol.Game`), one bot (`bot.Bot`) and one
terminal driver (`terminal`). Each game is a package: board, move generation, game, terminal.

    from wordlist.games import Bot, load_game
    from wordlist.games.balda import BaldaGame
    from wordlist.games.wordgame import Wordgame
"""

from __future__ import annotations

import os

from wordlist.games.balda import BaldaGame
from wordlist.games.bot import LEVELS, Bot, self_play
from wordlist.games.protocol import Game, IllegalMove, cell_name
from wordlist.games.state import GameStateError, parse_json
from wordlist.games.terminal import parse_cell
from wordlist.games.wordgame import Wordgame
from wordlist.lexicon import Lexicon

GAMES: dict[str, type[Game]] = {BaldaGame.KIND: BaldaGame, Wordgame.KIND: Wordgame}


def load_game(
    data: str | bytes | dict,
    lexicon: Lexicon | None = None,
    *,
    root: str | os.PathLike | None = None,
    allow_other_list: bool = False,
) -> Game:
    """A saved state of any game (JSON text or bytes, or the parsed object), by its "format" tag;
    checked as `Game.from_dict` checks it. GameStateError says what is wrong."""
    if isinstance(data, (str, bytes, bytearray)):
        data = parse_json(data, "saved")
    kind = data.get("format") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in GAMES:
        raise GameStateError(f"not a saved game (format {kind!r:.40}; games: {', '.join(GAMES)})")
    return GAMES[kind].from_dict(data, lexicon, root=root, allow_other_list=allow_other_list)


__all__ = [
    "GAMES",
    "LEVELS",
    "Bot",
    "Game",
    "GameStateError",
    "IllegalMove",
    "cell_name",
    "load_game",
    "parse_cell",
    "self_play",
]
