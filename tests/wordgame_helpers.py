"""Small hand-made word lists for the Wordgame tests, built in memory with `Lexicon.from_words`,
and a brute-force move finder to hold the generator to."""

from __future__ import annotations

import contextlib
import itertools
from pathlib import Path

from wordlist import Lexicon
from wordlist.games.wordgame import ACROSS, BLANK, DOWN, IllegalMove, Tile, Wordgame
from wordlist_pipeline.profile import load_profile


def make_lexicon(_folder: Path | None, words: list[str], lang: str = "en") -> Lexicon:
    """A wordgame word list of `words` (nouns, one definition each) with the wordgame profile's
    alphabet, tiles and board. (The folder is not needed any more: nothing is written.)"""
    profile = load_profile("wordgame")
    entries = [(word, "noun", [f"meaning of {word}"]) for word in words]
    return Lexicon.from_words(
        entries, profile.alphabet_record(lang), game=profile.game_spec(lang), profile="wordgame"
    )


WORDS = [
    "cat", "cats", "at", "as", "ta", "act", "acts", "scat", "cast", "tact", "taco", "coat", "coats",
    "oat", "oats", "to", "so", "do", "go", "dog", "dogs", "god", "gods", "cod", "cods", "doc", "docs",
    "tog", "tag", "tags", "stag", "gas", "sag", "cog", "cogs", "ago", "goat", "goats", "toad", "toads",
    "date", "dates", "data", "ate", "eat", "eats", "tea", "teas", "seat", "set", "sea", "east", "cadet",
    "ox", "ax", "ex", "xi", "zoa", "adz", "quota", "quotas", "coast", "coda", "codas", "stoa", "taste",
    "outcast", "outcasts",
]  # fmt: skip


def place(game: Wordgame, word: str, start: tuple[int, int], direction: str = ACROSS) -> None:
    """Put `word` on the board directly (a test position, not a move)."""
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    for i, letter in enumerate(word):
        game.board[start[0] + dr * i][start[1] + dc * i] = letter


def brute_force(game: Wordgame, rack: list[str]) -> dict[frozenset[Tile], int]:
    """Every legal placement of tiles from `rack` and its points, found by trying every run of
    squares in every line with every arrangement of rack tiles (blanks as every letter), each
    judged by `Wordgame.check`. Slow: for small boards and racks only."""
    saved = game.racks[game.turn]
    game.racks[game.turn] = list(rack)
    found: dict[frozenset[Tile], int] = {}
    size = game.size
    try:
        for direction in (ACROSS, DOWN):
            for line in range(size):
                cells = [(line, p) if direction == ACROSS else (p, line) for p in range(size)]
                for a, b in itertools.combinations_with_replacement(range(size), 2):
                    empties = [c for c in cells[a : b + 1] if game.letter_at(c) is None]
                    if game.letter_at(cells[a]) or game.letter_at(cells[b]) or len(empties) > len(rack):
                        continue
                    for tiles in set(itertools.permutations(rack, len(empties))):
                        for letters in _spellings(tiles, game.lexicon.letters):
                            placed = frozenset(
                                Tile(cell, letter, tile == BLANK)
                                for cell, tile, letter in zip(empties, tiles, letters, strict=True)
                            )
                            with contextlib.suppress(IllegalMove):
                                found[placed] = game.check(placed).points
    finally:
        game.racks[game.turn] = saved
    return found


def _spellings(tiles: tuple[str, ...], alphabet: str):
    choices = [alphabet if tile == BLANK else tile for tile in tiles]
    return itertools.product(*choices)
