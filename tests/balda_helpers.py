"""Small hand-made word lists for the Balda tests, built through the real pipeline."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from wordlist import Lexicon
from wordlist_pipeline.artefacts import write_word_list
from wordlist_pipeline.entries import Entry, entries_to_table
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import select


def make_lexicon(folder: Path, words: dict[str, str], lang: str = "en") -> Lexicon:
    """A balda word list of `words` ({word: part of speech}), each with one definition."""
    entries = [
        Entry(word, lang, pos, True, definitions=(f"meaning of {word}",), definition_tags=((),), page_id=i)
        for i, (word, pos) in enumerate(words.items())
    ]
    profile = load_profile("balda")
    selection = select(pl.from_arrow(entries_to_table(entries)), profile, lang)
    write_word_list(selection, profile, lang, folder / lang / "balda", {"dump": "hand-made"})
    return Lexicon.open(lang, "balda", folder)


WORDS = {
    "table": "noun", "cable": "noun", "tab": "noun", "bat": "noun", "tea": "noun", "bet": "noun",
    "belt": "noun", "tale": "noun", "lab": "noun", "ale": "noun", "ball": "noun", "bell": "noun",
    "eat": "verb", "bake": "verb", "able": "adjective", "late": "adjective", "ably": "adverb",
}  # fmt: skip
