"""Balda: rules and state (`game`), its records (`records`), board geometry (`board`), move
generation (`movegen`), and the terminal screen (`terminal`). The bot is the shared
`wordlist.games.bot.Bot`.

    from wordlist.games.balda import BaldaGame, BaldaSettings, IllegalMove, Move
"""

from wordlist.games.balda.game import BaldaGame
from wordlist.games.balda.records import (
    BOARD_SIZES,
    EXTRA_PARTS_OF_SPEECH,
    RULES,
    BaldaSettings,
    Candidate,
    IllegalMove,
    Move,
    Turn,
)
from wordlist.games.protocol import Cell, cell_name
from wordlist.games.terminal import parse_cell

__all__ = [
    "BOARD_SIZES",
    "EXTRA_PARTS_OF_SPEECH",
    "RULES",
    "BaldaGame",
    "BaldaSettings",
    "Candidate",
    "Cell",
    "IllegalMove",
    "Move",
    "Turn",
    "cell_name",
    "parse_cell",
]
