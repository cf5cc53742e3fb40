"""Helpers for the game tests that set up real positions (the list builders are in *_helpers.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests import balda_helpers, wordgame_helpers
from tests.conftest import ROOT
from wordlist import Lexicon
from wordlist.games.wordgame import Wordgame


def deal(game: Wordgame, tiles: str, player: int | None = None) -> Wordgame:
    """Give a player exactly `tiles`, taken from the bag (their old tiles go back), so that the
    board, racks and bag still hold the tile set: a position a saved game may have."""
    rack = game.racks[game.turn if player is None else player]
    game.bag.extend(rack)
    rack.clear()
    for tile in tiles:
        game.bag.remove(tile)
        rack.append(tile)
    return game


def hand_made_lists(folder: Path) -> dict[str, Lexicon]:
    """The small Balda and Wordgame lists of the *_helpers modules, by game."""
    return {
        "balda": balda_helpers.make_lexicon(folder, balda_helpers.WORDS),
        "wordgame": wordgame_helpers.make_lexicon(folder, wordgame_helpers.WORDS),
    }


def play_cli(*args: str | Path, typed: str) -> subprocess.CompletedProcess:
    """`wordlist play ...` in a fresh process, with `typed` as the player's input."""
    command = [sys.executable, "-m", "wordlist_pipeline", "play", *map(str, args)]
    return subprocess.run(command, input=typed, capture_output=True, text=True, timeout=300, cwd=ROOT)
