"""Every error the library raises on purpose, under one root: `except WordlistError` catches them all.

Each message names the file, field or argument at fault and what is wrong with it. A class keeps
the built-in base callers relied on before it joined the root: a bad pattern is still a
ValueError, a word that is not a string a TypeError, a list that is not served a LookupError.
The modules that raise them still export them under the names they had (`wordlist.format.
FormatError`, `wordlist.games.IllegalMove`, ...). Two families live elsewhere, under the same
root: the HTTP server's answers (`wordlist.server.errors.ApiError`) and the pipeline's errors
(`wordlist_pipeline.errors`). Each game's `IllegalMove` subclass (with its rules) is in the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

__all__ = [
    "COMMON_RULES",
    "ArgumentError",
    "ArgumentTypeError",
    "ArtefactError",
    "ExportError",
    "FolderNameError",
    "FormatError",
    "GameStateError",
    "IllegalMove",
    "ListChanged",
    "NameRefused",
    "NoWordFound",
    "NotAFileError",
    "OutputError",
    "PatternError",
    "StoreBusy",
    "StoreDamaged",
    "StoreError",
    "StoreFull",
    "StoreIOError",
    "UnknownLevel",
    "UnknownList",
    "UnknownPartOfSpeech",
    "UnknownSchema",
    "WordlistError",
]


class WordlistError(Exception):
    """Base class of every error this project raises on purpose (bad input, bad artefact, bad move)."""


# --- arguments a call cannot take ----------------------------------------------------------------------


class ArgumentError(WordlistError, ValueError):
    """An argument of the right type that a call cannot take (a negative limit, an empty word list)."""


class ArgumentTypeError(WordlistError, TypeError):
    """An argument of the wrong type (a word that is not a string), a TypeError as Python's own are."""


class PatternError(ArgumentError):
    """A pattern or rack that cannot be searched: a letter outside the list's alphabet, or too long."""


class UnknownPartOfSpeech(ArgumentError):
    """A part of speech this version does not name."""


class NoWordFound(WordlistError, LookupError):
    """No word of the list fits what was asked (`Lexicon.random_word`)."""


class NameRefused(ArgumentError):
    """A player's name that cannot be shown as typed; the message says why."""


class UnknownSchema(WordlistError, KeyError):
    """A JSON Schema asked for a file that has none (`wordlist.format.schema`)."""


class UnknownLevel(ArgumentError):
    """A bot level that does not exist."""


# --- artefacts: a word list's files ---------------------------------------------------------------------


class ArtefactError(WordlistError):
    """A built artefact is missing, corrupt or does not match its manifest."""


class FormatError(WordlistError, ValueError):
    """A value does not follow the artefact format; the message names the field (the caller adds the file)."""


# --- outputs ----------------------------------------------------------------------------------------------


class OutputError(WordlistError):
    """An output cannot be written where it was asked for, or would replace something it must not."""


class NotAFileError(OutputError, OSError):
    """An output's path names something that is not a regular file; it is not replaced.

    An OSError too, as IsADirectoryError is, with the reason as its `strerror` and the path as its
    `filename`: code that reports a failed write by its OSError reports this one alike.
    """

    def __init__(
        self, path: Path | str, kind: str, hint: str = "give the name of a regular file or a new one"
    ) -> None:
        OSError.__init__(self, None, f"{kind}, not a regular file; not replaced ({hint})", str(path))
        self.kind = kind

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


class FolderNameError(OutputError, ValueError):
    """An output file's path ends with a separator: a folder's name. A ValueError too, so that a
    command-line parser (click's) reports it as a usage error."""


class ExportError(OutputError):
    """An export cannot be written where it was asked to be."""


# --- games --------------------------------------------------------------------------------------------------

# Rules every game shares; each game's IllegalMove adds its own.
COMMON_RULES = {
    "game_over": "the game is over",
    "malformed": "the move is malformed",
    "not_your_turn": "it is not your turn",
    "cannot_pass": "this game has no passing: play a move (a single letter always scores)",
    "cannot_exchange": "this game has no tile exchange",
}


class IllegalMove(WordlistError):
    """A move that breaks a rule; `rule` is a key of the game's RULES. The game is left unchanged.

    Each game subclasses it with its RULES: {code a frontend can branch on: message a player reads}.
    """

    RULES: ClassVar[Mapping[str, str]] = COMMON_RULES

    def __init__(self, rule: str, detail: str = "") -> None:
        self.rule = rule
        self.detail = detail
        super().__init__(f"{self.RULES[rule]}{': ' + detail if detail else ''} [{rule}]")

    def to_dict(self) -> dict[str, str]:
        """The error as JSON: {"rule": code, "message": what a player reads, "detail": ...}."""
        return {"rule": self.rule, "message": str(self), "detail": self.detail}


class GameStateError(WordlistError):
    """A game state that cannot be loaded: malformed, inconsistent, or for another game or word list.
    The message names the field at fault."""


# --- the HTTP server's word lists and games database ------------------------------------------------------


class UnknownList(WordlistError, LookupError):
    """No list of that language and profile is served."""


class ListChanged(WordlistError):
    """Lists whose files changed on disk since the server loaded them ("en/balda", ...)."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(", ".join(names))
        self.names = names


class StoreError(WordlistError):
    """The games database cannot be used now; the subclass says why."""


class StoreBusy(StoreError):
    """The database stayed locked (by another process) longer than the busy timeout."""


class StoreFull(StoreError):
    """The disk (or the database's size limit) is full: nothing more can be written."""


class StoreIOError(StoreError):
    """The disk or the file system failed a read or write (or refused it: permissions)."""


class StoreDamaged(StoreError):
    """The file is damaged, not an SQLite database, or was changed under the server."""
