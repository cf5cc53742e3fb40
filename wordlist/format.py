"""The artefact format a game word list is stored in: what the pipeline writes and the library reads.

A word list is a folder (``outputs/<lang>/<profile>/``) holding:

- ``words.dawg``: a dawg2 ``IntCompletionDAWG`` mapping each game word to a bit mask of its parts
  of speech (bit i = POS[i]). Membership, prefix and completion queries run on it, and the same
  graph is walked letter by letter by pattern search, anagrams and the game bots.
- ``words.parquet``: one row per game word, sorted: word, pos, pos_mask, titles (the Wiktionary
  pages it comes from), definitions and the part of speech of each definition.
- ``words.txt``: the game words, one per line, sorted.
- ``alphabet.json``: the letters, how they are shown in capitals, and for tile games the tiles.
- ``manifest.json``: counts, the sha256 of every file, the source dump, tool versions.
"""

from __future__ import annotations

from collections.abc import Iterable

FORMAT_VERSION = 1
WORDS_DAWG = "words.dawg"
WORDS_PARQUET = "words.parquet"
WORDS_TXT = "words.txt"
ALPHABET_JSON = "alphabet.json"
MANIFEST_JSON = "manifest.json"
ARTEFACT_FILES = (WORDS_DAWG, WORDS_PARQUET, WORDS_TXT, ALPHABET_JSON)

# Normalized parts of speech, shared by both editions. The order fixes the bits of pos masks.
POS = (
    "noun", "verb", "adjective", "adverb", "proper_noun", "pronoun", "preposition", "postposition",
    "conjunction", "interjection", "determiner", "article", "numeral", "particle", "prefix", "suffix",
    "affix", "phrase", "proverb", "symbol", "letter", "character", "contraction", "abbreviation",
    "classifier", "romanization", "other",
)  # fmt: skip
POS_BITS = {name: 1 << i for i, name in enumerate(POS)}
LANGUAGE_NAMES = {"en": "English", "de": "German"}

# A tile game's board in alphabet.json ("game.board"): one string a row of these squares.
LETTER_PREMIUMS = {"d": 2, "t": 3}  # double, triple letter
WORD_PREMIUMS = {"D": 2, "T": 3}  # double, triple word
BOARD_SQUARES = "." + "".join(LETTER_PREMIUMS) + "".join(WORD_PREMIUMS)  # "." is a plain square


def pos_mask(parts_of_speech: str | Iterable[str] | None) -> int:
    """Bit mask of the given parts of speech; None means all. Unknown names raise ValueError."""
    if parts_of_speech is None:
        return (1 << len(POS)) - 1
    if isinstance(parts_of_speech, str):
        parts_of_speech = [p for p in parts_of_speech.replace(",", " ").split() if p]
    mask = 0
    for name in parts_of_speech:
        try:
            mask |= POS_BITS[name]
        except KeyError:
            raise ValueError(f"unknown part of speech {name!r} (known: {', '.join(POS)})") from None
    return mask


def pos_names(mask: int) -> tuple[str, ...]:
    return tuple(name for name, bit in POS_BITS.items() if mask & bit)
