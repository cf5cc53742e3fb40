"""The word games: Balda and Wordgame, on one protocol (`protocol.Game`), one bot (`bot.Bot`) and one
terminal driver (`terminal`). Each game is a package: board, move generation, game, terminal.

    from wordlist.games import Bot
    from wordlist.games.balda import BaldaGame
    from wordlist.games.wordgame import Wordgame
"""

from wordlist.games.bot import LEVELS, Bot, self_play
from wordlist.games.protocol import Game, IllegalMove, cell_name, parse_cell
from wordlist.games.state import GameStateError

__all__ = ["LEVELS", "Bot", "Game", "GameStateError", "IllegalMove", "cell_name", "parse_cell", "self_play"]
