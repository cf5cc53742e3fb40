"""Helpers for the game tests that set up real positions (the list builders are in *_helpers.py)."""

from __future__ import annotations

import contextlib
import functools
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import polars as pl

from tests import balda_helpers, wordgame_helpers
from tests.conftest import ROOT
from wordlist import Lexicon
from wordlist import graph as graph_module
from wordlist.games.bot import Bot
from wordlist.games.wordgame import Wordgame
from wordlist_pipeline.artefacts import write_word_list
from wordlist_pipeline.entries import Entry, entries_to_table
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import select
from wordlist_pipeline.synth import WordGenerator


def deal(game: Wordgame, tiles: str, player: int | None = None) -> Wordgame:
    """Give a player exactly `tiles`, taken from the bag (their old tiles go back), so that the
    board, racks and bag still hold the tile set: a position to test the rules on, but not one a
    saved game may have (its seed did not deal it: `dealt` finds a seed that does)."""
    rack = game.racks[game.turn if player is None else player]
    game.bag.extend(rack)
    rack.clear()
    for tile in tiles:
        game.bag.remove(tile)
        rack.append(tile)
    return game


def written_list(folder: Path, profile: str, titles: dict[str, str], lang: str = "en") -> Lexicon:
    """A word list folder built through the pipeline from page `titles` ({title: part of speech},
    one definition each), so the profile's policy for `lang` applies (capitals, ß -> ss) and the
    list has a manifest, a path and a fingerprint like a built one."""
    entries = [
        Entry(title, lang, pos, True, definitions=(f"meaning of {title}",), definition_tags=((),), page_id=i)
        for i, (title, pos) in enumerate(titles.items())
    ]
    chosen = load_profile(profile)
    selection = select(pl.from_arrow(entries_to_table(entries)), chosen, lang)
    write_word_list(selection, chosen, lang, folder / lang / chosen.name, {"dump": "hand-made"})
    return Lexicon.open(lang, chosen.name, folder)


def hand_made_lists(folder: Path) -> dict[str, Lexicon]:
    """The small Balda and Wordgame lists of the *_helpers modules, by game, written as folders."""
    return {
        "balda": written_list(folder, "balda", balda_helpers.WORDS),
        "wordgame": written_list(folder, "wordgame", dict.fromkeys(wordgame_helpers.WORDS, "noun")),
    }


def play_cli(*args: str | Path, typed: str) -> subprocess.CompletedProcess:
    """`wordlist play ...` in a fresh process, with `typed` as the player's input."""
    command = [sys.executable, "-m", "wordlist_pipeline", "play", *map(str, args)]
    return subprocess.run(command, input=typed, capture_output=True, text=True, timeout=300, cwd=ROOT)


PARTS_OF_SPEECH = ("noun", "verb", "adjective", "adverb")


def dense_list(profile: str, lang: str, size: int = 3000) -> Lexicon:
    """A list dense in short words, so that positions are full of crossings and choices: generated
    words, the Wordgame tests' words and random strings of two to four letters of the alphabet
    (Balda's with random parts of speech), with the profile's alphabet and tiles for `lang`."""
    chosen = load_profile(profile)
    alphabet = chosen.alphabet_record(lang)
    rng = random.Random(f"{profile}/{lang}")
    words = list(WordGenerator(lang, seed=3).unique_words(size)) + wordgame_helpers.WORDS
    words += ["".join(rng.choices(alphabet.letters, k=rng.randint(2, 4))) for _ in range(size)]
    entries = [(w, rng.choice(PARTS_OF_SPEECH) if profile == "balda" else "noun") for w in words]
    game = chosen.game_spec(lang) if profile == "wordgame" else None
    return Lexicon.from_words(entries, alphabet, game=game, profile=profile)


GENERATORS = ("compiled", "python")  # the games' move generators: the C core, and the reference


@contextlib.contextmanager
def generator(kind: str) -> Iterator[str]:
    """Run the games' searches on the compiled move generators or on the Python reference. The
    compiled ones must be built: `make .venv/.installed` builds them wherever gcc is."""
    if kind == "compiled":
        assert graph_module._core is not None, "wordlist/_core.c was not built"
    saved = graph_module.COMPILED
    graph_module.COMPILED = kind == "compiled"
    try:
        yield kind
    finally:
        graph_module.COMPILED = saved


def midgame(lexicon: Lexicon, seed: int, turns: int) -> Wordgame:
    """A Wordgame dealt from `seed` after `turns` moves of two greedy bots (fewer if it ends)."""
    game = Wordgame.new(lexicon, seed=seed)
    bots = (Bot("greedy", seed), Bot("greedy", seed + 1))
    for _ in range(turns):
        if not game.is_over:
            bots[game.turn].move(game)
    return game


def dealt(lexicon: Lexicon, tiles: str, **new: Any) -> Wordgame:
    """A new game (`Wordgame.new(lexicon, **new)`) whose seed deals the first player `tiles` (and
    maybe more): the first such seed from 0. Unlike `deal`, a position a saved game can have, since
    loading deals the racks again from the seed."""
    return Wordgame.new(lexicon, seed=_seed_dealing(lexicon, tiles, tuple(new.items())), **new)


@functools.cache  # a search of thousands of deals: once per list and tiles
def _seed_dealing(lexicon: Lexicon, tiles: str, new: tuple[tuple[str, Any], ...]) -> int:
    wanted = Counter(tiles)
    for seed in range(200_000):
        if not wanted - Counter(Wordgame.new(lexicon, seed=seed, **dict(new)).racks[0]):
            return seed
    raise AssertionError(f"no seed below 200,000 deals {tiles!r}")
