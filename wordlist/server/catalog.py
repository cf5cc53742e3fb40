"""The word lists a server offers: those built under its data root, found and loaded at start-up.

A request names a list by language and profile; both are looked up in this catalog's table, never
joined into a path. The table's paths come from the folder scan, and a name that could not be a
list's (a dot, a slash, anything but `a-z A-Z 0-9 _ -`) is never in it.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import logging
import threading
from dataclasses import dataclass
from pathlib import Path

from wordlist.errors import WordlistError
from wordlist.format import ALPHABET_JSON, GAME_JSON, WORDS_DAWG
from wordlist.format.base import NAME_PATTERN
from wordlist.games.balda import BOARD_SIZES
from wordlist.lexicon import Lexicon, data_root

log = logging.getLogger("wordlist.server")

CLIENT_FILES = (WORDS_DAWG, ALPHABET_JSON, GAME_JSON)  # what a browser loads for instant checks


class UnknownList(WordlistError, LookupError):
    """No list of that language and profile is served."""


@dataclass(frozen=True)
class ClientFile:
    """A list's file as a browser gets it: the bytes, gzipped once, and an ETag (its sha256)."""

    data: bytes
    gzipped: bytes
    etag: str
    media_type: str


class Catalog:
    """Every word list under `root` (`Lexicon.available`), each loaded (and its checksums checked)
    once; a list that fails to load is logged and left out. Safe to share between threads: the
    table does not change after start-up, and a `Lexicon` is thread-safe."""

    def __init__(self, root: str | Path | None = None) -> None:
        self.root = data_root(root)
        self._lists: dict[tuple[str, str], Lexicon] = {}
        self._files: dict[tuple[str, str, str], ClientFile] = {}
        self._lock = threading.Lock()
        for language, profile in Lexicon.available(self.root):
            if not (NAME_PATTERN.fullmatch(language) and NAME_PATTERN.fullmatch(profile)):
                log.warning("%s/%s: not a word list name; not served", language, profile)
                continue
            try:
                lexicon = Lexicon.load(self.root / language / profile)
                if lexicon.game_spec is None:  # a Balda list: its starting words, listed once now
                    for size in BOARD_SIZES:  # (rather than by each of the first games at once)
                        with contextlib.suppress(LookupError):
                            lexicon.random_word(size, pos="noun", seed=0)
            except WordlistError as error:  # (listing the words finds a damaged words.dawg)
                log.warning("%s/%s: not served: %s", language, profile, error)
                continue
            self._lists[(language, profile)] = lexicon

    def __len__(self) -> int:
        return len(self._lists)

    def names(self) -> list[tuple[str, str]]:
        """The (language, profile) of every list served, sorted."""
        return sorted(self._lists)

    def get(self, language: str, profile: str) -> Lexicon:
        """The list of that language and profile; UnknownList (naming those served) if none."""
        lexicon = self._lists.get((language, profile))
        if lexicon is None:
            have = ", ".join(f"{lang}/{prof}" for lang, prof in self.names()) or "none"
            raise UnknownList(f"no word list {language}/{profile} here (served: {have})")
        return lexicon

    def client_file(self, language: str, profile: str, name: str) -> ClientFile:
        """words.dawg, alphabet.json or game.json of a list, read once and kept (a DAWG is a few
        bytes a word); FileNotFoundError for game.json of a list without a game."""
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
        data = (lexicon.path / name).read_bytes()  # the name is one of CLIENT_FILES, the folder ours
        if hashlib.sha256(data).hexdigest() != entry.sha256:  # rebuilt since the server started
            raise WordlistError(f"{lexicon.path / name}: changed since the server started; restart it")
        media = "application/octet-stream" if name == WORDS_DAWG else "application/json"
        found = ClientFile(data, gzip.compress(data, 6, mtime=0), f'"{entry.sha256}"', media)
        with self._lock:
            self._files[key] = found
        return found
