"""Synthetic data for benchmarks and scale tests: plausible words, and (see synth_dump) whole dumps.

Everything here is labelled synthetic and seeded: the same seed gives the same words and bytes.
Words come from a character trigram model trained on the project's own sample pages, so their
letter statistics (and hence the shape of a DAWG built from them) resemble a real language's.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

SAMPLE_DIR = Path(__file__).resolve().parents[1] / "dumps" / "sample"
_WORD = re.compile(r"[^\W\d_]{3,}")
_START, _END = "^", "$"
SUFFIXES = {
    "en": ["s", "es", "ed", "ing", "er", "ers", "est", "ly", "ness", "ment", "able", "less"],
    "de": ["e", "en", "er", "es", "n", "s", "ung", "ungen", "heit", "lich", "isch", "chen"],
}


class WordGenerator:
    """Plausible words for one language, from a character trigram model of the sample pages."""

    def __init__(self, lang: str, seed: int = 0) -> None:
        source = SAMPLE_DIR / f"{lang}.pages"
        words = {w.lower() for w in _WORD.findall(source.read_text(encoding="utf-8"))}
        if lang == "en":  # English pages quote foreign words; train on plain English letters
            words = {w for w in words if w.isascii()}
        self._next: dict[str, list[str]] = defaultdict(list)
        for word in sorted(words):
            padded = _START * 2 + word + _END
            for i in range(len(padded) - 2):
                self._next[padded[i : i + 2]].append(padded[i + 2])
        self._rng = random.Random(seed)
        self.lang = lang
        self.training_words = len(words)

    def word(self, min_length: int = 3, max_length: int = 14) -> str:
        while True:
            state, letters = _START * 2, []
            while len(letters) <= max_length:
                char = self._rng.choice(self._next[state])
                if char == _END:
                    break
                letters.append(char)
                state = state[1] + char
            if min_length <= len(letters) <= max_length:
                return "".join(letters)

    def unique_words(self, count: int) -> Iterator[str]:
        """`count` distinct words: generated stems and, as in a real word list, their regular
        inflected and derived forms (a trigram model alone runs dry long before 100,000 words)."""
        seen: set[str] = set()
        suffixes = SUFFIXES[self.lang]
        while len(seen) < count:
            stem = self.word()
            if stem in seen:
                continue
            for suffix in ("", *self._rng.sample(suffixes, self._rng.randint(0, len(suffixes)))):
                word = stem + suffix
                if word not in seen and len(seen) < count:
                    seen.add(word)
                    yield word
