"""Reading a word-list folder: the manifest first, then each file checked against it, then its record.

Every file the library uses is checked against the manifest when it is first used: its size
always, its sha256 unless the reader was told not to (`verify=False`). manifest.json, alphabet.json,
game.json and leaves.json (when listed) and words.dawg at load; words.parquet on the first lookup
of a definition or title (`check_file`). words.txt is for other programs: the library never reads it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from wordlist.errors import ArgumentTypeError, ArtefactError
from wordlist.format.alphabet import Alphabet
from wordlist.format.base import (
    ALPHABET_JSON,
    GAME_JSON,
    LEAVES_JSON,
    MANIFEST_JSON,
    WORDS_DAWG,
    FormatError,
    parse_json,
    read_bytes,
    read_json,
    reading,
    wrong_size,
)
from wordlist.format.dawg import dawg_layout
from wordlist.format.game import GameSpec
from wordlist.format.leaves import LeaveValues
from wordlist.format.manifest import FileInfo, Manifest

T = TypeVar("T")


@dataclass(frozen=True)
class WordListFiles:
    """What a reader loads from a folder: the records and the DAWG's bytes (header checked)."""

    path: Path
    manifest: Manifest
    alphabet: Alphabet
    game: GameSpec | None
    dawg: bytes
    leaves: LeaveValues | None = None  # leaves.json, when listed


def read_manifest(folder: Path) -> Manifest:
    """The Manifest of the word list in `folder`; ArtefactError naming manifest.json if it is bad."""
    path = folder_path(folder) / MANIFEST_JSON
    try:
        return Manifest.from_json(read_json(path))
    except FormatError as error:
        raise ArtefactError(f"{path}: {error}") from None


def read_word_list(folder: str | Path, *, verify: bool = True) -> WordListFiles:
    """Load the folder's manifest, alphabet, game spec and DAWG. With `verify`, sha256s are checked."""
    folder = folder_path(folder)
    with reading(folder):
        is_folder = folder.is_dir()
    if not is_folder:
        raise ArtefactError(f"{folder}: no word list here (build one with `wordlist build`)")
    manifest = read_manifest(folder)
    alphabet_path = folder / ALPHABET_JSON
    try:
        alphabet = Alphabet.from_json(read_json_checked(folder, ALPHABET_JSON, manifest, verify))
        if alphabet.language != manifest.language:
            raise FormatError(f"language {alphabet.language!r}, the manifest says {manifest.language!r}")
    except FormatError as error:
        raise ArtefactError(f"{alphabet_path}: {error}") from None
    game = _optional(
        folder, GAME_JSON, manifest, verify, lambda data: GameSpec.from_json(data, alphabet.letters)
    )
    leaves = _optional(
        folder, LEAVES_JSON, manifest, verify, lambda data: LeaveValues.from_json(data, alphabet.letters)
    )
    data = read_checked(folder, WORDS_DAWG, manifest, verify)
    try:
        dawg_layout(data)
    except FormatError as error:
        raise ArtefactError(f"{folder / WORDS_DAWG}: not a valid DAWG: {error}") from None
    return WordListFiles(folder, manifest, alphabet, game, data, leaves)


def folder_path(folder: str | os.PathLike) -> Path:
    """`folder` as a Path; anything but a string or a path is an ArgumentTypeError."""
    if not isinstance(folder, str | os.PathLike):
        raise ArgumentTypeError(f"a word list's folder is a path or a string, not {type(folder).__name__}")
    return Path(folder)


def _optional(
    folder: Path, name: str, manifest: Manifest, verify: bool, parse: Callable[[object], T]
) -> T | None:
    """A JSON file the list may have (game.json, leaves.json): None if the manifest does not name
    it, else its record; ArtefactError naming the file when it is not what the format says."""
    if name not in manifest.files:
        return None
    try:
        return parse(read_json_checked(folder, name, manifest, verify))
    except FormatError as error:
        raise ArtefactError(f"{folder / name}: {error}") from None


def read_json_checked(folder: Path, name: str, manifest: Manifest, verify: bool) -> object:
    """The JSON of file `name` of a word list (size and sha256 checked against `manifest` if `verify`)."""
    return parse_json(read_checked(folder, name, manifest, verify), folder / name)


def read_checked(folder: Path, name: str, manifest: Manifest, verify: bool) -> bytes:
    """A file's bytes, checked against the size (and with `verify` the sha256) the manifest records."""
    expected = _listed(folder, name, manifest.files.get(name))
    data = read_bytes(folder / name, expected.bytes)
    if verify and hashlib.sha256(data).hexdigest() != expected.sha256:
        raise _mismatch(folder / name)
    return data


def check_file(folder: Path, name: str, expected: FileInfo | None, verify: bool) -> Path:
    """The path of file `name`, which a reader opens itself (words.parquet), checked against its
    manifest entry `expected`: its size, and with `verify` its sha256 (read through, not kept)."""
    expected = _listed(folder, name, expected)
    path = folder / name
    with reading(path), open(path, "rb") as file:
        if (found := os.fstat(file.fileno()).st_size) != expected.bytes:
            raise wrong_size(path, found, expected.bytes)
        if verify and hashlib.file_digest(file, "sha256").hexdigest() != expected.sha256:
            raise _mismatch(path)
    return path


def _listed(folder: Path, name: str, expected: FileInfo | None) -> FileInfo:
    if expected is None:
        raise ArtefactError(f"{folder / MANIFEST_JSON}: does not list {name}")
    return expected


def _mismatch(path: Path) -> ArtefactError:
    return ArtefactError(f"{path}: checksum does not match the manifest (corrupt or replaced)")
