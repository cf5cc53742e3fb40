"""Helpers for the game tests that set up real positions (the list builders are in *_helpers.py)."""

from __future__ import annotations

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
