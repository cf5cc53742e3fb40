"""The word lists a server offers: those built under its data root and those of the installed data
packages (wordlist.locations), found and loaded at start-up.

A request names a list by language and profile; both are looked up in this catalog's table, never
joined into a path. The table's paths come from the folder scan, and a name that could not be a
list's (a dot, a slash, anything but `a-z A-Z 0-9 _ -`) is never in it.

A list's files are those it was loaded from until the server restarts: a list whose files changed
on disk since (rebuilt, replaced, removed) is answered 503 `list_changed` by every request that
uses it, rather than served half from memory and half from the new files (definitions are read
from words.parquet on demand). Each use costs a stat of its few files.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from wordlist.errors import ListChanged, UnknownList, WordlistError
from wordlist.format import ALPHABET_JSON, GAME_JSON, MANIFEST_JSON, WORDS_DAWG
from wordlist.format.base import LEAVES_JSON, NAME_PATTERN
from wordlist.games.balda import BOARD_SIZES
from wordlist.lexicon import Lexicon
from wordlist.locations import all_lists, data_root

log = logging.getLogger("wordlist.server")

# what a browser loads for instant checks, and for its bot (leaves.json: Wordgame's leave values)
CLIENT_FILES = (WORDS_DAWG, ALPHABET_JSON, GAME_JSON, LEAVES_JSON)


# A list's files as they were: (path, (device, inode, size, modification time) or None if missing).
Signature = tuple[tuple[str, tuple[int, int, int, int] | None], ...]


def _stat(path: str) -> tuple[int, int, int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)


@dataclass(frozen=True)
class ClientFile:
    """A list's file as a browser gets it: the bytes, gzipped once, and an ETag (its sha256)."""

    data: bytes
    gzipped: bytes
    etag: str
    media_type: str


class Catalog:
    """Every word list under `root` and in the installed data packages (`Lexicon.available`), each
    loaded (and its checksums checked) once; a list that fails to load is logged and left out.
    Safe to share between threads: the table does not change after start-up, and a `Lexicon` is
    thread-safe."""

    def __init__(self, root: str | Path | None = None) -> None:
        self.root = data_root(root)  # its lists, then those of the installed data packages
        self._lists: dict[tuple[str, str], Lexicon] = {}
        self._signatures: dict[tuple[str, str], Signature] = {}  # each list's files as loaded
        self._changed: set[tuple[str, str]] = set()  # lists found changed (logged once each)
        self._files: dict[tuple[str, str, str], ClientFile] = {}
        self._lock = threading.Lock()
        for (language, profile), folder in all_lists(self.root).items():
            if not (NAME_PATTERN.fullmatch(language) and NAME_PATTERN.fullmatch(profile)):
                log.warning("%s/%s: not a word list name; not served", language, profile)
                continue
            # taken before loading: a file replaced while it loads counts as changed
            before = {entry.name: _stat(entry.path) for entry in os.scandir(folder)}
            try:
                lexicon = Lexicon.load(folder)
                if lexicon.game_spec is None:  # a Balda list: its starting words, listed once now
                    for size in BOARD_SIZES:  # (rather than by each of the first games at once)
                        with contextlib.suppress(LookupError):
                            lexicon.random_word(size, pos="noun", seed=0)
            except WordlistError as error:  # (listing the words finds a damaged words.dawg)
                log.warning("%s/%s: not served: %s", language, profile, error)
                continue
            names = sorted({MANIFEST_JSON, *lexicon.manifest.files})
            self._signatures[(language, profile)] = tuple((str(folder / n), before.get(n)) for n in names)
            self._lists[(language, profile)] = lexicon

    def __len__(self) -> int:
        return len(self._lists)

    def names(self) -> list[tuple[str, str]]:
        """The (language, profile) of every list served, sorted."""
        return sorted(self._lists)

    def get(self, language: str, profile: str) -> Lexicon:
        """The list of that language and profile; UnknownList (naming those served) if none,
        ListChanged if its files changed on disk since it was loaded."""
        lexicon = self._lists.get((language, profile))
        if lexicon is None:
            have = ", ".join(f"{lang}/{prof}" for lang, prof in self.names()) or "none"
            raise UnknownList(f"no word list {language}/{profile} here (served: {have})")
        if not self._unchanged(language, profile):
            raise ListChanged([f"{language}/{profile}"])
        return lexicon

    def changed(self) -> list[str]:
        """The lists whose files changed on disk since they were loaded ("en/balda", ...)."""
        return [
            f"{language}/{profile}"
            for language, profile in self.names()
            if not self._unchanged(language, profile)
        ]

    def _unchanged(self, language: str, profile: str) -> bool:
        key = (language, profile)
        if all(_stat(path) == was for path, was in self._signatures[key]):  # a few stats: microseconds
            return True
        with self._lock:
            first = key not in self._changed
            self._changed.add(key)
        if first:
            log.error(
                "%s: its files changed since the server loaded them; restart the server to serve them",
                self._lists[key].path,
            )
        return False

    def client_file(self, language: str, profile: str, name: str) -> ClientFile:
        """words.dawg, alphabet.json, game.json or leaves.json of a list, read once and kept (a DAWG
        is a few bytes a word); FileNotFoundError for a file the list does not have."""
        if name not in CLIENT_FILES:
            raise FileNotFoundError(name)
        lexicon = self.get(language, profile)
        key = (language, profile, name)
        with self._lock:
            found = self._files.get(key)
        if found is not None:
            return found
        entry = lexicon.manifest.files.get(name)
        if entry is None or lexicon.path is None:
            raise FileNotFoundError(name)
        try:
            data = (lexicon.path / name).read_bytes()  # the name is one of CLIENT_FILES, the folder ours
        except OSError as error:
            raise WordlistError(f"{lexicon.path / name}: cannot be read ({error.strerror})") from None
        if hashlib.sha256(data).hexdigest() != entry.sha256:  # replaced since the check in get()
            log.error("%s: its checksum is not the manifest's", lexicon.path / name)
            raise ListChanged([f"{language}/{profile}"])
        media = "application/octet-stream" if name == WORDS_DAWG else "application/json"
        found = ClientFile(data, gzip.compress(data, 6, mtime=0), f'"{entry.sha256}"', media)
        with self._lock:
            self._files[key] = found
        return found
