"""Wordgame: the game and its state (`game`), a move's rules and scoring (`rules`), its records
(`records`), saved states (`saved`), the board layout (`board`), tiles (`tiles`), move generation
(`movegen`), and the terminal screen (`terminal`). The bot is the shared `wordlist.games.bot.Bot`.

    from wordlist.games.wordgame import IllegalMove, Move, Tile, Wordgame
"""

from wordlist.format.limits import FIRST_WORD_LETTERS
from wordlist.games.protocol import Cell, cell_name
from wordlist.games.terminal import parse_cell
from wordlist.games.wordgame.board import ACROSS, CLASSIC, DOWN, Layout
from wordlist.games.wordgame.game import Wordgame
from wordlist.games.wordgame.movegen import BINGO_FACTOR
from wordlist.games.wordgame.records import (
    RULES,
    Candidate,
    IllegalMove,
    Move,
    Score,
    Turn,
    Word,
    WordgameSettings,
)
from wordlist.games.wordgame.tiles import BLANK, Tile, TileSet

__all__ = [
    "ACROSS",
    "BINGO_FACTOR",
    "BLANK",
    "CLASSIC",
    "DOWN",
    "FIRST_WORD_LETTERS",
    "RULES",
    "Candidate",
    "Cell",
    "IllegalMove",
    "Layout",
    "Move",
    "Score",
    "Tile",
    "TileSet",
    "Turn",
    "Word",
    "Wordgame",
    "WordgameSettings",
    "cell_name",
    "parse_cell",
]
