"""alphabet.json: a word list's letters, how a typed word becomes a game word, how words are shown."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from wordlist.errors import ArgumentTypeError
from wordlist.format import base
from wordlist.format.base import FORMAT_VERSION, FormatError
from wordlist.format.limits import (
    MAX_LETTERS,
    MAX_REPLACEMENTS,
    MAX_SPELLING,
)

BLANK = "?"  # a blank tile in a rack, one letter in a pattern
WILDCARDS = "?*"  # never letters and never removed: patterns and racks use them
# Conjoining jamo: the vowels and finals compose with the syllable before them (no combining class)
_HANGUL_JAMO = ((0x1100, 0x11FF), (0xA960, 0xA97F), (0xD7B0, 0xD7FF))


@dataclass(frozen=True)
class Alphabet:
    """The letters of a word list and its normalization.

    `normalize` is the one definition of "the game word for what was typed or written": compose
    (NFC), delete the characters of `remove`, then, if `lowercase`, lower-case with Python's full
    Unicode mapping (ẞ -> ß; "SS" stays "ss"), compose again, then apply `replace` (spellings a
    tile set has no tile for: German Wordgame writes ß as "ss"), in its order. The pipeline
    applies it to titles (vectorized in Polars, tested equal) and the library to every query. A
    game word is made of `letters` only.

    No character of a `replace` value is in any key, so each character is replaced at most once
    (a value never feeds a later key): a word normalizes to at most MAX_SPELLING letters per
    character, and normalizing a game word again changes nothing. `normal_letters` are the
    letters that normalizing leaves alone in any text made of them (the lookups' fast path).
    """

    language: str
    letters: str
    language_name: str = ""  # "English"; the language code when not given
    upper: Mapping[str, str] = field(default_factory=dict, repr=False)  # capitals a game shows (ß -> ẞ)
    remove: str = ""
    lowercase: bool = True
    replace: Mapping[str, str] = field(default_factory=dict)  # {"ß": "ss"}: applied after lower-casing
    normal_letters: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check(self)
        object.__setattr__(self, "language_name", self.language_name or self.language)
        # every letter gets its capital: the given ones, else str.upper()
        shown = {c: self.upper.get(c) or c.upper() for c in self.letters}
        object.__setattr__(self, "upper", MappingProxyType(shown))
        object.__setattr__(self, "replace", MappingProxyType(dict(self.replace)))
        object.__setattr__(self, "normal_letters", _normal_letters(self))

    def normalize(self, word: str) -> str:
        """The game word for `word`: composed (NFC), `remove` deleted, lower-cased if the list is
        case-insensitive, composed again, then the `replace` spellings ("a" + combining
        diaeresis is "ä", as most keyboards send it; so is "a-" + that mark once "-" is removed)."""
        if not isinstance(word, str):
            raise ArgumentTypeError(f"a word must be a string, not {type(word).__name__}")
        if not word.isascii():  # ASCII is composed already
            word = unicodedata.normalize("NFC", word)
        for char in self.remove:
            word = word.replace(char, "")
        if self.lowercase:
            word = word.lower()
        if not word.isascii():  # a removal or a lower-cased letter ("J\u030c" -> "ǰ") leaves text to compose
            word = unicodedata.normalize("NFC", word)
        for old, new in self.replace.items():
            word = word.replace(old, new)
        return word

    def display(self, word: str) -> str:
        """A word in capitals as a game shows it: each letter one tile (ß -> ẞ, never SS)."""
        if not isinstance(word, str):
            raise ArgumentTypeError(f"a word must be a string, not {type(word).__name__}")
        upper = self.upper
        return "".join(upper.get(c) or c.upper() for c in word)

    def spells(self, word: str) -> bool:
        """Is `word` made of this alphabet's letters only (and not empty)?"""
        if not isinstance(word, str):
            raise ArgumentTypeError(f"a word must be a string, not {type(word).__name__}")
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
            language_name=base.optional_text(data, "language_name", ""),  # absent: the code
            upper=upper,
            remove=base.field(data, "remove", str, "", default=""),
            lowercase=base.field(data, "lowercase", bool, "", default=True),
            replace=replace,
        )


def _check(alphabet: Alphabet) -> None:
    """Letters a reader can rely on: distinct, printable, not spaces or wildcards, already normal."""
    for name, kind in (("language", str), ("letters", str), ("language_name", str), ("remove", str)):
        base.expect(getattr(alphabet, name), kind, name)
    base.expect(alphabet.lowercase, bool, "lowercase")
    for name in ("upper", "replace"):
        value = getattr(alphabet, name)
        if not isinstance(value, Mapping) or not all(isinstance(key, str) for key in value):
            raise FormatError(f"{name!r} must be an object of strings, not {type(value).__name__}")
    letters, remove = alphabet.letters, alphabet.remove
    base.printable(alphabet.language_name, "language_name")  # (absent: "", the code stands for it)
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
    if len(remove) > MAX_LETTERS:
        raise FormatError(f"'remove' must hold at most {MAX_LETTERS} characters, not {len(remove)}")
    _check_replace(alphabet)
    for letter, capital in alphabet.upper.items():
        if letter not in letters:
            raise FormatError(f"'upper' gives a capital for {letter!r}, which is not a letter")
        if not isinstance(capital, str) or not capital or not capital.isprintable():
            raise FormatError(f"'upper.{letter}' must be printable text, not {capital!r}")


def _check_replace(alphabet: Alphabet) -> None:
    """Spellings whose replacement is bounded: a value holds no character of any key, so it can
    never be (part of) what a later key replaces: a -> bb, b -> cc, ... would make a letter 2^25."""
    replace = alphabet.replace
    if len(replace) > MAX_REPLACEMENTS:
        raise FormatError(f"'replace' must hold at most {MAX_REPLACEMENTS} spellings, not {len(replace)}")
    for old, new in replace.items():
        if not isinstance(old, str) or not 0 < len(old) <= MAX_SPELLING or any(c in WILDCARDS for c in old):
            shown = _short(old) if isinstance(old, str) else old
            raise FormatError(
                f"'replace' must map 1 to {MAX_SPELLING} characters without {WILDCARDS!r}, not {shown!r}"
            )
        if not isinstance(new, str) or len(new) > MAX_SPELLING or not alphabet.spells(new):
            shown = _short(new) if isinstance(new, str) else new
            raise FormatError(
                f"{_replace_field(old)} must be 1 to {MAX_SPELLING} of the alphabet's letters, not {shown!r}"
            )
    in_keys = {c: old for old in replace for c in old}
    for old, new in replace.items():
        for c in new:
            if c in in_keys:
                raise FormatError(
                    f"{_replace_field(old)} gives {new!r}, whose {c!r} is in the key {in_keys[c]!r}: no "
                    "value may hold a character of a key (each character is replaced at most once)"
                )


def _replace_field(key: str) -> str:
    """The field of a `replace` key in a message, quoted as every field is (on one line)."""
    return repr(f"replace.{_short(key)}")


def _short(text: str) -> str:
    """Text from a file shown in a message: a long one cut."""
    return text if len(text) <= 2 * MAX_SPELLING else text[: 2 * MAX_SPELLING] + "..."


def _normal_letters(alphabet: Alphabet) -> str:
    """The letters that `normalize` leaves alone in any text made only of them: no key of
    `replace` starts with one, and each is composed on its own and never composes with the
    letter before it (a combining mark or a conjoining jamo can). Letters are already lower
    case (when `lowercase`) and never removed (see `_check`)."""
    starts = {old[0] for old in alphabet.replace}
    return "".join(
        c
        for c in alphabet.letters
        if c not in starts
        and unicodedata.is_normalized("NFC", c)
        and unicodedata.combining(c) == 0
        and not unicodedata.category(c).startswith("M")
        and not any(low <= ord(c) <= high for low, high in _HANGUL_JAMO)
        and (not alphabet.lowercase or c.lower() == c)
    )
