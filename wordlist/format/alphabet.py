"""alphabet.json: a word list's letters, how a typed word becomes a game word, how words are shown."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from wordlist.format import base
from wordlist.format.base import FORMAT_VERSION, FormatError

BLANK = "?"  # a blank tile in a rack, one letter in a pattern
WILDCARDS = "?*"  # never letters and never removed: patterns and racks use them
MAX_LETTERS = 1024


@dataclass(frozen=True)
class Alphabet:
    """The letters of a word list and its normalization.

    `normalize` is the one definition of "the game word for what was typed or written": delete
    the characters of `remove`, then, if `lowercase`, lower-case with Python's full Unicode
    mapping (ẞ -> ß; "SS" stays "ss"), then apply `replace` (spellings a tile set has no tile
    for: German Wordgame writes ß as "ss"), in its order. The pipeline applies it to titles
    (vectorized in Polars, tested equal) and the library to every query. A game word is made of
    `letters` only.
    """

    language: str
    letters: str
    language_name: str = ""  # "English"; the language code when not given
    upper: Mapping[str, str] = field(default_factory=dict, repr=False)  # capitals a game shows (ß -> ẞ)
    remove: str = ""
    lowercase: bool = True
    replace: Mapping[str, str] = field(default_factory=dict)  # {"ß": "ss"}: applied after lower-casing

    def __post_init__(self) -> None:
        _check(self)
        object.__setattr__(self, "language_name", self.language_name or self.language)
        # every letter gets its capital: the given ones, else str.upper()
        shown = {c: self.upper.get(c) or c.upper() for c in self.letters}
        object.__setattr__(self, "upper", MappingProxyType(shown))
        object.__setattr__(self, "replace", MappingProxyType(dict(self.replace)))

    def normalize(self, word: str) -> str:
        """The game word for `word`: composed (NFC), `remove` deleted, lower-cased if the list is
        case-insensitive, then the `replace` spellings ("a" + combining diaeresis is "ä", as most
        keyboards send it)."""
        if not isinstance(word, str):
            raise TypeError(f"a word must be a string, not {type(word).__name__}")
        if not word.isascii():  # ASCII is composed already
            word = unicodedata.normalize("NFC", word)
        for char in self.remove:
            word = word.replace(char, "")
        if self.lowercase:
            word = word.lower()
        for old, new in self.replace.items():
            word = word.replace(old, new)
        return word

    def display(self, word: str) -> str:
        """A word in capitals as a game shows it: each letter one tile (ß -> ẞ, never SS)."""
        if not isinstance(word, str):
            raise TypeError(f"a word must be a string, not {type(word).__name__}")
        upper = self.upper
        return "".join(upper.get(c) or c.upper() for c in word)

    def spells(self, word: str) -> bool:
        """Is `word` made of this alphabet's letters only (and not empty)?"""
        return bool(word) and all(c in self.letters for c in word)

    def to_json(self) -> dict[str, Any]:
        """The alphabet as alphabet.json holds it (format version included)."""
        return {
            "format": FORMAT_VERSION,
            "language": self.language,
            "language_name": self.language_name,
            "letters": self.letters,
            "upper": dict(self.upper),
            "remove": self.remove,
            "lowercase": self.lowercase,
            "replace": dict(self.replace),
        }

    @classmethod
    def from_json(cls, data: Any) -> Alphabet:
        """The record of a parsed alphabet.json; FormatError names the field at fault."""
        data = base.an_object(data, "the alphabet")
        base.check_version(data)
        upper = base.field(data, "upper", dict, "", default={})
        for letter, capital in upper.items():
            base.expect(capital, str, f"upper.{letter}")
        replace = base.field(data, "replace", dict, "", default={})
        for old, new in replace.items():
            base.expect(new, str, f"replace.{old}")
        return cls(
            language=base.name(data, "language", ""),
            letters=base.field(data, "letters", str, ""),
            language_name=base.field(data, "language_name", str, "", default=""),  # absent: the code
            upper=upper,
            remove=base.field(data, "remove", str, "", default=""),
            lowercase=base.field(data, "lowercase", bool, "", default=True),
            replace=replace,
        )


def _check(alphabet: Alphabet) -> None:
    """Letters a reader can rely on: distinct, printable, not spaces or wildcards, already normal."""
    letters, remove = alphabet.letters, alphabet.remove
    if not base.NAME_PATTERN.fullmatch(alphabet.language):
        raise FormatError(f"'language' must be a language code, not {alphabet.language!r}")
    if not letters or len(letters) > MAX_LETTERS:
        raise FormatError(f"'letters' must give 1 to {MAX_LETTERS} letters")
    if len(set(letters)) != len(letters):
        raise FormatError(f"'letters' lists a letter twice: {letters!r}")
    bad = [c for c in letters if not c.isprintable() or c.isspace() or c in WILDCARDS or c in remove]
    if bad:
        raise FormatError(
            f"'letters' has {', '.join(map(repr, bad))}: a letter is printable, not a space, "
            f"not one of {WILDCARDS!r} and not removed"
        )
    if alphabet.lowercase and letters.lower() != letters:
        raise FormatError(f"'letters' must be lower case when 'lowercase' is true: {letters!r}")
    if any(c in WILDCARDS for c in remove):
        raise FormatError(f"'remove' must not hold the wildcards {WILDCARDS!r}")
    for old, new in alphabet.replace.items():
        if not old or any(c in WILDCARDS for c in old):
            raise FormatError(f"'replace' must map non-empty text without {WILDCARDS!r}, not {old!r}")
        if not isinstance(new, str) or not alphabet.spells(new):
            raise FormatError(f"'replace.{old}' must be made of the alphabet's letters, not {new!r}")
    for letter, capital in alphabet.upper.items():
        if letter not in letters:
            raise FormatError(f"'upper' gives a capital for {letter!r}, which is not a letter")
        if not isinstance(capital, str) or not capital or not capital.isprintable():
            raise FormatError(f"'upper.{letter}' must be printable text, not {capital!r}")
