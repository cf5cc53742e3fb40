"""Saved game states: the envelope around a game's state, reading it as untrusted input, saving it.

A state is JSON in an envelope:

    {"format": "balda", "format_version": 2, "version": 7,
     "lexicon": {"language": "en", "profile": "balda", "words": 131, "fingerprint": "<sha256>"},
     "state": {...the game's own fields...}}

`format` names the game, `format_version` the layout of "state", `version` the number of turns
played (a server's optimistic-concurrency token), `lexicon` the word list the game is played on:
its language and profile, and the sha256 of its DAWG as the list's manifest records it, so that
a game is not resumed on another build of the list by accident.

Everything is checked on the way in: a state may come from a file anyone edited or from a client
of a server. `Reader` reads one JSON object and names the path of any field that is missing or of
the wrong type or range ("state.history[3].cell: ..."); the games then check that the fields agree
with each other and with the rules.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wordlist.atomic import atomic_path, file_path
from wordlist.errors import ArgumentTypeError, GameStateError
from wordlist.format import WORDS_DAWG
from wordlist.format.limits import MAX_STATE_BYTES
from wordlist.lexicon import Lexicon

# Names that may become a folder (outputs/<language>/<profile>) when a state opens its own list.
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return {dict: "an object", list: "a list", str: "a string", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__
    )


def fail(where: str, message: str) -> GameStateError:
    """A GameStateError saying `message` about the field at `where` (to raise)."""
    return GameStateError(f"{where}: {message}")


def as_int(value: object, where: str, low: int, high: int) -> int:
    """`value` if it is a whole number from `low` to `high`; else GameStateError naming `where`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise fail(where, f"expected a whole number, not {_kind(value)}")
    if not low <= value <= high:
        raise fail(where, f"{value} is out of range ({low} to {high})")
    return value


def as_bool(value: object, where: str) -> bool:
    """`value` if it is true or false; else GameStateError naming `where`."""
    if not isinstance(value, bool):
        raise fail(where, f"expected true or false, not {_kind(value)}")
    return value


def as_str(value: object, where: str, max_length: int = 200) -> str:
    """`value` if it is a string of at most `max_length` characters; else GameStateError."""
    if not isinstance(value, str):
        raise fail(where, f"expected a string, not {_kind(value)}")
    if len(value) > max_length:
        raise fail(where, f"longer than {max_length} characters")
    return value


def as_list(value: object, where: str, max_length: int) -> list:
    """`value` if it is a list of at most `max_length` items; else GameStateError."""
    if not isinstance(value, list):
        raise fail(where, f"expected a list, not {_kind(value)}")
    if len(value) > max_length:
        raise fail(where, f"more than {max_length} items")
    return value


def as_cell(value: object, where: str, size: int) -> tuple[int, int]:
    """`value` as a (row, column) cell of a board of `size`; else GameStateError."""
    cell = as_list(value, where, 2)
    if len(cell) != 2:
        raise fail(where, "expected [row, column]")
    return (as_int(cell[0], f"{where}[0]", 0, size - 1), as_int(cell[1], f"{where}[1]", 0, size - 1))


def as_letter(value: object, where: str, letters: str) -> str:
    """`value` if it is one letter of `letters`; else GameStateError."""
    letter = as_str(value, where, 1)
    if len(letter) != 1 or letter not in letters:
        raise fail(where, f"{letter!r} is not a letter of the game's alphabet ({letters})")
    return letter


class Reader:
    """One JSON object of an untrusted state: typed access by key, errors naming the field."""

    def __init__(self, data: object, where: str, keys: Mapping[str, bool] | None = None) -> None:
        """`keys`: {key: required}; any other key is refused (a typo must not pass silently)."""
        if not isinstance(data, dict):
            raise fail(where, f"expected an object, not {_kind(data)}")
        self.data: dict[str, Any] = data
        self.where = where
        if keys is not None:
            unknown = sorted(str(k) for k in data if k not in keys)
            if unknown:
                raise fail(where, f"unknown keys {unknown} (known: {', '.join(keys)})")
            missing = [k for k, required in keys.items() if required and k not in data]
            if missing:
                raise fail(f"{where}.{missing[0]}", "missing")

    def at(self, key: str) -> str:
        """The path of field `key` in the state, as messages name it ("state.board")."""
        return f"{self.where}.{key}" if self.where else key

    def raw(self, key: str, default: object = ...) -> object:
        """The value of `key` unchecked; `default` if it is missing, else GameStateError."""
        if key not in self.data:
            if default is ...:
                raise fail(self.at(key), "missing")
            return default
        return self.data[key]

    def int(self, key: str, low: int, high: int) -> int:
        """Field `key`, a whole number from `low` to `high`."""
        return as_int(self.raw(key), self.at(key), low, high)

    def optional_int(self, key: str, low: int, high: int) -> int | None:
        """Field `key`, a whole number from `low` to `high`, or None when missing or null."""
        value = self.raw(key, None)
        return None if value is None else as_int(value, self.at(key), low, high)

    def bool(self, key: str) -> bool:
        """Field `key`, true or false."""
        return as_bool(self.raw(key), self.at(key))

    def str(self, key: str, max_length: int = 200) -> str:
        """Field `key`, a string of at most `max_length` characters."""
        return as_str(self.raw(key), self.at(key), max_length)

    def list(self, key: str, max_length: int) -> list:
        """Field `key`, a list of at most `max_length` items."""
        return as_list(self.raw(key), self.at(key), max_length)

    def object(self, key: str, keys: Mapping[str, bool] | None = None) -> Reader:
        """Field `key`, a JSON object, read by a Reader of its own (with only `keys`, if given)."""
        return Reader(self.raw(key), self.at(key), keys)

    def strings(self, key: str, max_items: int, max_length: int = 200) -> list[str]:
        """Field `key`, a list of at most `max_items` strings."""
        return [
            as_str(v, f"{self.at(key)}[{i}]", max_length) for i, v in enumerate(self.list(key, max_items))
        ]


# --- the envelope ----------------------------------------------------------------------------------


def fingerprint(lexicon: Lexicon) -> str | None:
    """The sha256 of the list's DAWG as its manifest records it (None for a list without one)."""
    entry = lexicon.manifest.files.get(WORDS_DAWG)
    return entry.sha256 if entry is not None else None


def lexicon_stamp(lexicon: Lexicon) -> dict:
    """What a saved game records of its word list: language, profile, words and fingerprint."""
    return {
        "language": lexicon.language,
        "profile": lexicon.profile,
        "words": len(lexicon),
        "fingerprint": fingerprint(lexicon),
    }


def envelope(kind: str, format_version: int, lexicon: Lexicon, version: int, state: dict) -> dict:
    """A saved game: the format tag and version, the game's version, its word list and `state`."""
    return {
        "format": kind,
        "format_version": format_version,
        "version": version,
        "lexicon": lexicon_stamp(lexicon),
        "state": state,
    }


def parse_json(text: str | bytes, kind: str) -> object:
    """The JSON value of a saved `kind` game (text or UTF-8 bytes, size bounded); else GameStateError."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise GameStateError(f"not a {kind} game state: not UTF-8 ({error.reason})") from None
    if not isinstance(text, str):
        raise GameStateError(f"not a {kind} game state: expected JSON text, not {_kind(text)}")
    if len(text) > MAX_STATE_BYTES:
        raise GameStateError(f"not a {kind} game state: larger than {MAX_STATE_BYTES >> 20} MB")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:  # ValueError: JSONDecodeError, and an int past 4300 digits
        raise GameStateError(f"not a {kind} game state: not JSON ({error})") from None


_ENVELOPE = {"format": True, "format_version": True, "version": True, "lexicon": True, "state": True}
_STAMP = {"language": True, "profile": True, "words": False, "fingerprint": False}


def open_envelope(
    data: object,
    kind: str,
    format_version: int,
    lexicon: Lexicon | None,
    *,
    root: str | os.PathLike | None = None,
    allow_other_list: bool = False,
) -> tuple[Reader, Lexicon, int]:
    """The state inside a saved envelope, the word list it is played on, and its version."""
    if lexicon is not None and not isinstance(lexicon, Lexicon):
        raise ArgumentTypeError(f"a game is played on a Lexicon, not {type(lexicon).__name__}")
    if not isinstance(data, dict) or data.get("format") != kind:
        found = data.get("format") if isinstance(data, dict) else _kind(data)
        raise GameStateError(f"not a {kind} game state (format {found!r}, expected {kind!r})")
    top = Reader(data, "", _ENVELOPE)
    found_version = top.raw("format_version")
    if found_version != format_version:
        raise GameStateError(
            f"format_version: {found_version!r}; this version of wordlist reads {kind} "
            f"states of format version {format_version}"
        )
    stamp = top.object("lexicon", _STAMP)
    language, profile = stamp.str("language", 64), stamp.str("profile", 64)
    if lexicon is None:
        for key, name in (("language", language), ("profile", profile)):
            if not _NAME.fullmatch(name):
                raise fail(stamp.at(key), f"{name!r} is not a word list name")
        lexicon = Lexicon.open(language, profile, root)
    if (lexicon.language, lexicon.profile) != (language, profile):
        raise GameStateError(f"the game is played on the {language}/{profile} word list, not {lexicon!r}")
    saved = stamp.raw("fingerprint", None)
    if saved is not None:
        saved = stamp.str("fingerprint", 64)
    ours = fingerprint(lexicon)
    if not allow_other_list and saved and ours and saved != ours:
        raise GameStateError(
            f"the game was played on another build of the {language}/{profile} word list "
            f"(DAWG sha256 {saved[:12]}..., this one {ours[:12]}...): its words may not be words here"
        )
    version = top.int("version", 0, 1 << 20)
    return top.object("state"), lexicon, version


# --- saving ----------------------------------------------------------------------------------------


def write_atomic(path: str | os.PathLike, text: str) -> Path:
    """Write `text` to `path` through a temporary file in the same folder, renamed into place
    (wordlist.atomic): a failure (a full disk, a missing folder, a path that is not a regular
    file) raises OSError naming `path` and leaves any earlier file intact; a path that ends with a
    separator names a folder, not a file: FolderNameError (a ValueError), nothing written."""
    path = file_path(path)
    with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())
    return path
