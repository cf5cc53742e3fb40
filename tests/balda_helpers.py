"""Small hand-made word lists for the Balda tests, built in memory with `Lexicon.from_words`."""

from __future__ import annotations

from pathlib import Path

from wordlist import Lexicon
from wordlist_pipeline.profile import load_profile


def make_lexicon(_folder: Path | None, words: dict[str, str], lang: str = "en") -> Lexicon:
    """A balda word list of `words` ({word: part of speech}), each with one definition, with the
    balda profile's alphabet for `lang`. (The folder is not needed any more: nothing is written.)"""
    alphabet = load_profile("balda").alphabet_record(lang)
    entries = [(word, pos, [f"meaning of {word}"]) for word, pos in words.items()]
    return Lexicon.from_words(entries, alphabet, profile="balda")


WORDS = {
    "table": "noun", "cable": "noun", "tab": "noun", "bat": "noun", "tea": "noun", "bet": "noun",
    "belt": "noun", "tale": "noun", "lab": "noun", "ale": "noun", "ball": "noun", "bell": "noun",
    "eat": "verb", "bake": "verb", "able": "adjective", "late": "adjective", "ably": "adverb",
}  # fmt: skip
