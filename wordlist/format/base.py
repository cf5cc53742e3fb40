"""What every artefact shares: file names, the format version, parts of speech, field checks, JSON I/O."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from wordlist.errors import (
    ArgumentError,
    ArgumentTypeError,
    ArtefactError,
    FormatError,
    UnknownPartOfSpeech,
    WordlistError,
)

# The version of the whole word-list folder. A reader reads the version it knows and refuses any
# other one (see docs/FORMAT.md); keys it does not know are ignored, so adding an optional key
# does not change the version, while renaming, removing or re-meaning one does.
FORMAT_VERSION = 2

WORDS_DAWG = "words.dawg"
WORDS_PARQUET = "words.parquet"
WORDS_TXT = "words.txt"
ALPHABET_JSON = "alphabet.json"
GAME_JSON = "game.json"  # only in lists whose profile defines a game
LEAVES_JSON = "leaves.json"  # only once `wordlist leaves` has learned them for a game list
MANIFEST_JSON = "manifest.json"
LICENSE_MD = "LICENSE.md"  # the licence and attribution in words (lists built before it have none)
ARTEFACT_FILES = (WORDS_DAWG, WORDS_PARQUET, WORDS_TXT, ALPHABET_JSON, LICENSE_MD)

# Normalized parts of speech, shared by both editions. The order fixes the bits of pos masks.
POS = (
    "noun", "verb", "adjective", "adverb", "proper_noun", "pronoun", "preposition", "postposition",
    "conjunction", "interjection", "determiner", "article", "numeral", "particle", "prefix", "suffix",
    "affix", "phrase", "proverb", "symbol", "letter", "character", "contraction", "abbreviation",
    "classifier", "romanization", "other",
)  # fmt: skip
POS_BITS = {name: 1 << i for i, name in enumerate(POS)}
ALL_POS = (1 << len(POS)) - 1
UNKNOWN_POS = "unknown:{bit}"  # how a bit this version does not name is shown (docs/FORMAT.md)
MASK_BITS = 64  # a mask has at most so many bits (a DAWG's values have 31)

# Names that become no path and no markup: a language code, a profile name.
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
# Stricter, the names a list is given (the pipeline checks a profile's with them) and the commands
# take (--lang, --profile): identifiers, never a path. A list's name has no dots, so it is never a
# file its language's folder holds (entries.parquet, source.json, .tmp files).
LIST_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")  # also a folder name: outputs/<lang>/


def check_language(lang: str) -> str:
    """`lang` as given with --lang, if it is a language code (it becomes a folder name)."""
    if not LANGUAGE_CODE.fullmatch(lang):
        raise WordlistError(f"--lang {lang!r}: not a language code like en or de")
    return lang


def pos_mask(parts_of_speech: str | Iterable[str] | None) -> int:
    """Bit mask of the given parts of speech; None means all. An unknown name is UnknownPartOfSpeech
    (a ValueError), anything but a string, names or None an ArgumentTypeError (a TypeError)."""
    if parts_of_speech is None:
        return ALL_POS
    if isinstance(parts_of_speech, str):
        return _text_mask(parts_of_speech)
    if not isinstance(parts_of_speech, Iterable):
        raise ArgumentTypeError(
            f"parts of speech are a name, a list of names or None, not {type(parts_of_speech).__name__}"
        )
    return _names_mask(parts_of_speech)


@lru_cache(maxsize=256)  # `pos="noun"` is asked per lookup: parse each spelling once
def _text_mask(text: str) -> int:
    return _names_mask([p for p in text.replace(",", " ").split() if p])


def _names_mask(parts_of_speech: Iterable[str]) -> int:
    mask = 0
    for name in parts_of_speech:
        try:
            mask |= POS_BITS[name]
        except (KeyError, TypeError):
            raise UnknownPartOfSpeech(f"unknown part of speech {name!r} (known: {', '.join(POS)})") from None
    return mask


def pos_names(mask: int) -> tuple[str, ...]:
    """The part-of-speech names of bit mask `mask`, in bit order: 3 -> ('noun', 'verb'). A bit
    this version does not name (a newer list's) is shown as unknown: bit 27 -> 'unknown:27'."""
    if not isinstance(mask, int) or isinstance(mask, bool):
        raise ArgumentTypeError(f"a part-of-speech mask is a whole number, not {type(mask).__name__}")
    if not 0 <= mask < 1 << MASK_BITS:
        raise ArgumentError(f"a part-of-speech mask is from 0 to 2**{MASK_BITS} - 1, not {mask}")
    names = tuple(name for name, bit in POS_BITS.items() if mask & bit)
    if mask >> len(POS) <= 0:
        return names
    return names + tuple(
        UNKNOWN_POS.format(bit=bit) for bit in range(len(POS), mask.bit_length()) if mask >> bit & 1
    )


# --- field checks: every reader goes through these, so every message has the same shape -------------

_KINDS: dict[type, str] = {
    str: "a string",
    int: "a whole number",
    bool: "true or false",
    list: "a list",
    dict: "an object",
}


def field(data: Mapping[str, Any], key: str, kind: type, where: str, *, default: Any = ...) -> Any:
    """data[key], checked to be of `kind` (bool is not an int); `default` if absent, else required."""
    if key not in data:
        if default is ...:
            raise FormatError(f"missing key {where + key!r}")
        return default
    return expect(data[key], kind, where + key)


# The largest whole number every reader reads exactly (JavaScript's numbers are doubles).
MAX_EXACT = 2**53 - 1


def whole_number(value: Any) -> int | None:
    """`value` as a whole number, or None if it is none. JSON has one kind of number: 2, 2.0 and
    2e0 are the same, and a JavaScript reader cannot tell them apart, so a float without a fraction
    (up to MAX_EXACT) is that whole number; true and false are not numbers."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer() and abs(value) <= MAX_EXACT:
        return int(value)
    return None


def expect(value: Any, kind: type, name: str) -> Any:
    """`value` if it is of JSON type `kind` (a bool is not an int; a float without a fraction is
    the int it equals); else FormatError naming `name`."""
    if kind is int:
        number = whole_number(value)
        if number is None:
            raise FormatError(f"{name!r} must be {_KINDS[kind]}, not {_shown(value)}")
        return number
    if not isinstance(value, kind):
        raise FormatError(f"{name!r} must be {_KINDS[kind]}, not {_shown(value)}")
    return value


def optional_text(data: Mapping[str, Any], key: str, where: str) -> str:
    """`data[key]`, a string of one character or more, or "" when the key is absent (the caller
    takes another value then); an empty string is refused, as the schemas refuse it."""
    value = field(data, key, str, where, default="")
    if key in data and not value:
        raise FormatError(f"{where + key!r} must not be empty (leave the key out instead)")
    return value


def printable(value: str, name: str) -> str:
    """`value` if it is printable text (Python's str.isprintable(): no control, format, private-use,
    unassigned or surrogate code point, no separator but the space), as the files' names of things
    are: they reach terminals and messages. Else FormatError naming `name`."""
    if not value.isprintable():
        raise FormatError(
            f"{name!r} must be printable text (no control, format or unassigned character), not {value!r}"
        )
    return value


def count(data: Mapping[str, Any], key: str, where: str, *, low: int = 0, high: int = 2**62) -> int:
    """A required whole number in [low, high]."""
    value = field(data, key, int, where)
    if not low <= value <= high:
        raise FormatError(f"{where + key!r} must be between {low:,} and {high:,}, not {value:,}")
    return value


def name(data: Mapping[str, Any], key: str, where: str) -> str:
    """`data[key]`, a name of letters, digits, '_' and '-' (a folder name); else FormatError."""
    value = field(data, key, str, where)
    if not NAME_PATTERN.fullmatch(value):
        raise FormatError(f"{where + key!r} must be a name of letters, digits, '_' and '-', not {value!r}")
    return value


def check_version(data: Mapping[str, Any], where: str = "") -> None:
    """The `format` key: exactly the version this library reads, else a message saying what to do.
    A file without the key is version 1 (whose alphabet.json had none)."""
    version = field(data, "format", int, where, default=1)
    if version > FORMAT_VERSION:
        raise FormatError(
            f"format {version} is newer than this library reads (format {FORMAT_VERSION}): "
            "upgrade wiktionary-wordlist"
        )
    if version < FORMAT_VERSION:
        raise FormatError(
            f"format {version} is older than this library reads (format {FORMAT_VERSION}): "
            "rebuild the word list with `wordlist build`"
        )


def an_object(data: Any, what: str) -> Mapping[str, Any]:
    """`data` if it is a JSON object; else FormatError saying `what` must be one."""
    if not isinstance(data, dict):
        raise FormatError(f"{what} must be a JSON object, not {_shown(data)}")
    return data


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True) if _is_json(value) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _is_json(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool | list | dict)


# --- JSON files ----------------------------------------------------------------------------------------


def dumps_json(document: Mapping[str, Any]) -> str:
    """How artefact JSON is written: UTF-8, 2-space indent, keys in record order, a final newline."""
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def read_bytes(path: Path, size: int | None = None) -> bytes:
    """A file's bytes; with `size`, the size it must have (checked before reading it all).

    A missing, unreadable or wrong-sized file is an ArtefactError naming it."""
    with reading(path):
        if size is not None and (found := Path(path).stat().st_size) != size:
            raise wrong_size(path, found, size)
        data = Path(path).read_bytes()
    if size is not None and len(data) != size:  # changed between stat and read
        raise ArtefactError(f"{path}: {len(data):,} bytes, the manifest says {size:,}")
    return data


@contextmanager
def reading(path: Path) -> Iterator[None]:
    """What reading file `path` raises (missing, a folder, unreadable, a name no file can have) as
    an ArtefactError naming it."""
    try:
        yield
    except FileNotFoundError:
        raise ArtefactError(f"{path}: missing") from None
    except IsADirectoryError:
        raise ArtefactError(f"{path}: a folder, not a file") from None
    except OSError as error:
        raise ArtefactError(f"{path}: cannot be read ({error.strerror or error})") from None
    except WordlistError:
        raise
    except ValueError as error:  # a NUL or a lone surrogate in the name
        raise ArtefactError(f"{str(path)!r}: not a file name ({error})") from None


def wrong_size(path: Path, found: int, size: int) -> ArtefactError:
    """The error of a file `found` bytes long where the manifest says `size`."""
    return ArtefactError(f"{path}: {found:,} bytes, the manifest says {size:,} (truncated or replaced?)")


def parse_json(data: bytes, path: Path) -> Any:
    """The JSON value of `data`, the bytes of file `path`; ArtefactError naming it if not UTF-8 JSON."""
    try:
        return json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as error:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ArtefactError(f"{path}: not valid JSON ({error})") from None


def read_json(path: Path) -> Any:
    """A JSON file's value; a missing, unreadable or malformed file is an ArtefactError naming it."""
    return parse_json(read_bytes(path), path)
