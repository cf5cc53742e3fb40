"""A built word list, loaded for a game: membership, parts of speech, patterns, anagrams, definitions.

    from wordlist import Lexicon

    lexicon = Lexicon.open("en", "balda")            # outputs/en/balda, or $WORDLIST_DATA/en/balda
    lexicon.is_word("EMAIL")                          # True (case-insensitive, the hyphen is dropped)
    lexicon.is_word("run", pos="noun")                # restrict to parts of speech
    lexicon.match("a??le")                            # ['apple', ...]
    lexicon.anagrams("tsera")                         # words from a rack; '?' is a blank
    lexicon.random_word(5, pos="noun", seed=7)        # a seeded starting word
    lexicon.definitions("table")

Loading reads only the DAWG (a few bytes per word) and the small JSON files; definitions are read
from words.parquet on demand, one row group at a time.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import os
import random
from collections import Counter, OrderedDict
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path

import dawg

from wordlist.errors import ArtefactError
from wordlist.format import (
    ALPHABET_JSON,
    FORMAT_VERSION,
    LANGUAGE_NAMES,
    MANIFEST_JSON,
    WORDS_DAWG,
    WORDS_PARQUET,
    pos_mask,
    pos_names,
)
from wordlist.graph import ROOT, Graph

DATA_ENV = "WORDLIST_DATA"
DEFAULT_ROOT = Path("outputs")
BLANKS = frozenset("?*")

PartsOfSpeech = str | Iterable[str] | None


def data_root(root: str | Path | None = None) -> Path:
    """Where built word lists live: `root`, else $WORDLIST_DATA, else ./outputs."""
    return Path(root or os.environ.get(DATA_ENV) or DEFAULT_ROOT)


class Lexicon:
    """One built word list (a language and a selection profile)."""

    def __init__(self, path: Path, manifest: dict, alphabet: dict, data: bytes) -> None:
        self.path = path
        self.manifest = manifest
        self.alphabet = alphabet
        self.language: str = manifest["language"]
        self.profile: str = manifest["profile"]
        self.letters: str = alphabet["letters"]
        self._upper: dict[str, str] = alphabet.get("upper", {})
        self._remove: str = alphabet.get("remove", "")
        self._lowercase: bool = alphabet.get("lowercase", True)
        try:
            self._dawg = dawg.IntCompletionDAWG().frombytes(data)
        except OSError as error:
            raise ArtefactError(f"{path / WORDS_DAWG}: not a valid DAWG ({error})") from None
        self.graph = Graph(data, self.letters, source=str(path / WORDS_DAWG))
        self._definitions: _DefinitionIndex | None = None
        self._candidates = lru_cache(maxsize=64)(self._candidates_uncached)

    # --- loading ---------------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path, *, verify: bool = True) -> Lexicon:
        """Load the word list in folder `path`. With `verify`, file checksums are checked first."""
        path = Path(path)
        if not path.is_dir():
            raise ArtefactError(f"{path}: no word list here (build one with `wordlist build`)")
        manifest = read_json(path / MANIFEST_JSON)
        version = manifest.get("format")
        if version != FORMAT_VERSION:
            raise ArtefactError(
                f"{path / MANIFEST_JSON}: format {version!r}, this library reads {FORMAT_VERSION}"
            )
        for key in ("language", "profile", "files"):
            if key not in manifest:
                raise ArtefactError(f"{path / MANIFEST_JSON}: missing key {key!r}")
        data = read_checked(path, WORDS_DAWG, manifest, verify)
        alphabet = json.loads(read_checked(path, ALPHABET_JSON, manifest, verify))
        if not alphabet.get("letters"):
            raise ArtefactError(f"{path / ALPHABET_JSON}: no letters")
        return cls(path, manifest, alphabet, data)

    @classmethod
    def open(cls, language: str, profile: str, root: str | Path | None = None) -> Lexicon:
        """The word list for (`language`, `profile`) under the data root (see `data_root`)."""
        base = data_root(root)
        path = base / language / profile
        if not (path / MANIFEST_JSON).exists():
            have = ", ".join(f"{lang}/{prof}" for lang, prof in cls.available(base)) or "none"
            raise ArtefactError(
                f"{path}: no {profile!r} word list for language {language!r} (available: {have})"
            )
        return cls.load(path)

    @staticmethod
    def available(root: str | Path | None = None) -> list[tuple[str, str]]:
        """(language, profile) of every word list built under the data root."""
        base = data_root(root)
        return sorted((p.parent.parent.name, p.parent.name) for p in base.glob(f"*/*/{MANIFEST_JSON}"))

    def __repr__(self) -> str:
        return f"<Lexicon {self.language}/{self.profile}: {len(self):,} words>"

    # --- words -----------------------------------------------------------------------------------

    def normalize(self, word: str) -> str:
        """The game word for `word` as typed: case folded (ẞ -> ß, SS stays ss), profile's removals."""
        word = word.strip()
        for char in self._remove:
            word = word.replace(char, "")
        if self._lowercase:
            word = word.replace("ẞ", "ß").lower()
        return word

    def display(self, word: str) -> str:
        """A word in capitals as a game shows it (ß becomes ẞ, so each letter stays one tile)."""
        return "".join(self._upper.get(c, c.upper()) for c in word)

    def __len__(self) -> int:
        return self.manifest["counts"]["words"]

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.normalize(word) in self._dawg

    def __iter__(self) -> Iterator[str]:
        return iter(self._dawg.keys())

    def is_word(self, word: str, pos: PartsOfSpeech = None) -> bool:
        """Is `word` in the list, as one of the parts of speech `pos` (None: any)?"""
        mask = self._dawg.get(self.normalize(word))
        return mask is not None and bool(mask & pos_mask(pos))

    def parts_of_speech(self, word: str) -> tuple[str, ...]:
        mask = self._dawg.get(self.normalize(word))
        return pos_names(mask) if mask is not None else ()

    def has_prefix(self, prefix: str) -> bool:
        """Does some word start with `prefix`?"""
        return self._dawg.has_keys_with_prefix(self.normalize(prefix))

    def words(self, *, pos: PartsOfSpeech = None, length: int | None = None, prefix: str = "") -> list[str]:
        """Words in sorted order; only those of parts of speech `pos`, `length` letters, `prefix` if given."""
        mask = pos_mask(pos)
        return [
            word
            for word, value in self._dawg.items(self.normalize(prefix))
            if value & mask and (length is None or len(word) == length)
        ]

    def complete(self, prefix: str, *, pos: PartsOfSpeech = None, limit: int | None = None) -> list[str]:
        return self.words(pos=pos, prefix=prefix)[:limit]

    def count(self, *, pos: PartsOfSpeech = None, length: int | None = None) -> int:
        if pos is None and length is None:
            return len(self)
        return len(self.words(pos=pos, length=length))

    def match(self, pattern: str, *, pos: PartsOfSpeech = None) -> list[str]:
        """Words matching `pattern`: a letter is itself, ``?`` any one letter, ``*`` any run of letters."""
        wanted = self._pattern(pattern)
        mask = pos_mask(pos)
        graph = self.graph
        found: set[str] = set()

        def walk(node: int, i: int, prefix: str) -> None:
            if i == len(wanted):
                value = graph.value(node)
                if value is not None and value & mask:
                    found.add(prefix)
                return
            char = wanted[i]
            children = graph.children(node)
            if char == "*":
                walk(node, i + 1, prefix)
                for letter, child in children.items():
                    walk(child, i, prefix + letter)
            elif char == "?":
                for letter, child in children.items():
                    walk(child, i + 1, prefix + letter)
            elif (child := children.get(char)) is not None:
                walk(child, i + 1, prefix + char)

        walk(ROOT, 0, "")
        return sorted(found)

    def anagrams(
        self, rack: str, *, pos: PartsOfSpeech = None, use_all: bool = False, min_length: int = 2
    ) -> list[str]:
        """Words that can be spelled with the letters of `rack` (``?`` or ``*``: a blank), longest first.

        With `use_all`, only words that use every tile of the rack.
        """
        blanks = sum(1 for c in rack if c in BLANKS)
        letters = self._pattern("".join(c for c in rack if c not in BLANKS))
        counts = Counter(letters)
        total = len(letters) + blanks
        mask = pos_mask(pos)
        graph = self.graph
        found: set[str] = set()

        def walk(node: int, prefix: str, blanks_left: int) -> None:
            if len(prefix) >= min_length and (not use_all or len(prefix) == total):
                value = graph.value(node)
                if value is not None and value & mask:
                    found.add(prefix)
            if len(prefix) == total:
                return
            for letter, child in graph.children(node).items():
                if counts[letter]:
                    counts[letter] -= 1
                    walk(child, prefix + letter, blanks_left)
                    counts[letter] += 1
                elif blanks_left:
                    walk(child, prefix + letter, blanks_left - 1)

        walk(ROOT, "", blanks)
        return sorted(found, key=lambda w: (-len(w), w))

    def random_word(
        self,
        length: int,
        *,
        pos: PartsOfSpeech = "noun",
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> str:
        """A random word of `length` letters and parts of speech `pos`; the same seed gives the same word."""
        candidates = self._candidates(length, pos_mask(pos))
        if not candidates:
            wanted = "any part of speech" if pos is None else ", ".join(pos_names(pos_mask(pos)))
            raise LookupError(f"{self!r} has no word of {length} letters ({wanted})")
        return (rng or random.Random(seed)).choice(candidates)

    def _candidates_uncached(self, length: int, mask: int) -> tuple[str, ...]:
        return tuple(w for w, v in self._dawg.items() if len(w) == length and v & mask)

    def _pattern(self, text: str) -> str:
        """Normalize a pattern or rack and check its letters belong to the alphabet."""
        normalized = self.normalize(text)
        bad = sorted({c for c in normalized if c not in self.letters and c not in "?*"})
        if bad:
            language = LANGUAGE_NAMES.get(self.language, self.language)
            raise ValueError(
                f"{text!r}: {', '.join(map(repr, bad))} not in the {language} alphabet of this word list "
                f"({self.letters})"
            )
        while "**" in normalized:
            normalized = normalized.replace("**", "*")
        return normalized

    # --- definitions -----------------------------------------------------------------------------

    def definitions(self, word: str, *, pos: PartsOfSpeech = None) -> list[str]:
        """The definitions of `word` (of parts of speech `pos`), in page order, without repeats."""
        record = self._record(word)
        if record is None:
            return []
        mask = pos_mask(pos)
        shown = [
            d
            for d, p in zip(record["definitions"], record["definition_pos"], strict=True)
            if mask & pos_mask(p)
        ]
        return list(dict.fromkeys(shown))

    def titles(self, word: str) -> list[str]:
        """The Wiktionary pages a game word comes from ("email" <- "email", "e-mail")."""
        record = self._record(word)
        return list(record["titles"]) if record else []

    def _record(self, word: str) -> dict | None:
        if self._definitions is None:
            self._definitions = _DefinitionIndex(self.path / WORDS_PARQUET)
        return self._definitions.lookup(self.normalize(word))


class _DefinitionIndex:
    """Point lookups in the sorted words.parquet: the row group is found from its min/max statistics."""

    _COLUMNS = ("word", "titles", "definitions", "definition_pos")

    def __init__(self, path: Path) -> None:
        import pyarrow.parquet as pq  # imported here: loading a lexicon for play does not need it

        if not path.exists():
            raise ArtefactError(f"{path}: missing (the word list's definitions)")
        try:
            self._file = pq.ParquetFile(path)
        except Exception as error:  # pyarrow raises ArrowInvalid and friends for a damaged file
            raise ArtefactError(f"{path}: not a readable Parquet file ({error})") from None
        self._path = path
        self._maxima: list[str] = []
        column = self._file.schema_arrow.get_field_index("word")
        for i in range(self._file.metadata.num_row_groups):
            stats = self._file.metadata.row_group(i).column(column).statistics
            if stats is None or not stats.has_min_max:
                raise ArtefactError(f"{path}: row group {i} has no word statistics")
            self._maxima.append(stats.max)
        self._cache: OrderedDict[int, dict[str, dict]] = OrderedDict()

    def lookup(self, word: str) -> dict | None:
        group = bisect.bisect_left(self._maxima, word)
        if group >= len(self._maxima):
            return None
        rows = self._cache.get(group)
        if rows is None:
            table = self._file.read_row_group(group, columns=list(self._COLUMNS))
            rows = {r["word"]: r for r in table.to_pylist()}
            self._cache[group] = rows
            if len(self._cache) > 16:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(group)
        return rows.get(word)


def read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ArtefactError(f"{path}: missing") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ArtefactError(f"{path}: not valid JSON ({error})") from None


def read_checked(folder: Path, name: str, manifest: dict, verify: bool) -> bytes:
    """A file's bytes, checked against the size (and with `verify` the sha256) the manifest records."""
    path = folder / name
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ArtefactError(f"{path}: missing") from None
    expected = manifest["files"].get(name)
    if expected is None:
        raise ArtefactError(f"{folder / MANIFEST_JSON}: does not list {name}")
    if len(data) != expected["bytes"]:
        raise ArtefactError(
            f"{path}: {len(data)} bytes, the manifest says {expected['bytes']} (truncated or replaced?)"
        )
    if verify and hashlib.sha256(data).hexdigest() != expected["sha256"]:
        raise ArtefactError(f"{path}: checksum does not match the manifest (corrupt or replaced)")
    return data
