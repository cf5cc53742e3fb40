"""A word list's records: each word with its parts of speech, titles and definitions, read from
words.parquet on demand (checked against the manifest on first use) or held in memory for a list
built by `Lexicon.from_words`."""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordlist.errors import ArgumentError, ArtefactError
from wordlist.format import WORDS_PARQUET, FileInfo, pos_names
from wordlist.format.folder import check_file

__all__ = ["Definitions", "MemoryDefinitions", "Merging", "ParquetDefinitions", "WordRecord"]


@dataclass(frozen=True)
class WordRecord:
    """One word of a list with everything the list knows about it (an export's row)."""

    word: str
    pos_mask: int
    titles: tuple[str, ...]  # the Wiktionary pages (or given spellings) it comes from
    definitions: tuple[tuple[str, str], ...]  # (part of speech, text), in page order
    # where each definition comes from ("wiktionary", or "overrides": a site's own); empty when the
    # list does not say (built in memory, or before words.parquet had the column)
    sources: tuple[str, ...] = ()

    @property
    def pos(self) -> tuple[str, ...]:
        """The word's parts of speech, in POS order."""
        return pos_names(self.pos_mask)


class Definitions:
    """Where a Lexicon finds its words' records."""

    def lookup(self, word: str) -> WordRecord | None:  # pragma: no cover - interface
        """The record of game word `word`, or None."""
        raise NotImplementedError

    def records(self) -> Iterator[WordRecord]:  # pragma: no cover - interface
        """Every record, in word order."""
        raise NotImplementedError


class Merging:
    """A word of `Lexicon.from_words` being gathered from its spellings."""

    def __init__(self) -> None:
        self.mask = 0
        self.titles: list[str] = []
        self.definitions: list[tuple[str, str]] = []

    def add(self, title: str, mask: int, texts: Iterable[str]) -> None:
        """Gather spelling `title` with parts of speech `mask` and definitions `texts` (of its first
        part of speech), each (part of speech, text) once."""
        self.mask |= mask
        if title not in self.titles:
            self.titles.append(title)
        pos = pos_names(mask)[0]
        for text in texts:
            if not isinstance(text, str):
                raise ArgumentError(f"{title!r}: a definition must be a string, not {type(text).__name__}")
            if (pos, text) not in self.definitions:
                self.definitions.append((pos, text))

    def record(self, word: str) -> WordRecord:
        """The gathered word's record, its titles sorted."""
        return WordRecord(word, self.mask, tuple(sorted(self.titles)), tuple(self.definitions))


class MemoryDefinitions(Definitions):
    """The records of a list built in memory (`Lexicon.from_words`), by word."""

    def __init__(self, records: Mapping[str, WordRecord]) -> None:
        self._records = dict(records)

    def lookup(self, word: str) -> WordRecord | None:
        """The record of game word `word`, or None."""
        return self._records.get(word)

    def records(self) -> Iterator[WordRecord]:
        """Every record, in word order."""
        return iter(self._records.values())


class ParquetDefinitions(Definitions):
    """Point lookups in the sorted words.parquet: the row group is found from its min/max statistics.

    pyarrow's ParquetFile is not safe to share between threads (reading one from two threads
    crashed the process), so each thread opens its own; the cache of decoded row groups is
    shared under a lock, and a group is decoded outside it. The file is checked against the
    manifest (size, and sha256 with `verify`) once, before it is first opened.
    """

    _COLUMNS = ("word", "pos_mask", "titles", "definitions", "definition_pos")
    _OPTIONAL = ("definition_source",)  # read when there: lists built before it have none
    # Decoded groups kept, least recently used first, up to this many bytes (an Arrow table of 512
    # rows is ~90 KB, its words as Python ~40 KB): a list of 500,000 words fits whole, so a server
    # reads each group once (decoding one cost a move of the bot as much as the move itself)
    _CACHE_BYTES = 96 * 2**20

    def __init__(self, folder: Path, expected: FileInfo | None, verify: bool) -> None:
        self._folder, self._expected, self._verify = folder, expected, verify
        self._path = folder / WORDS_PARQUET
        self._checked = False
        self._local = threading.local()
        self._lock = threading.Lock()
        self._groups: tuple[list[int], list[str]] | None = None  # non-empty row groups, their last words
        self._cache: OrderedDict[int, tuple[list[str], Any, int]] = OrderedDict()  # (words, table, bytes)
        self._cached_bytes = 0

    def _file(self):
        parquet = getattr(self._local, "file", None)
        if parquet is None:
            import pyarrow.parquet as pq  # imported here: loading a lexicon for play does not need it

            with self._lock:  # one thread checks the file, the others wait for its answer
                if not self._checked:
                    check_file(self._folder, WORDS_PARQUET, self._expected, self._verify)
                    self._checked = True
            try:
                parquet = pq.ParquetFile(self._path)
            except FileNotFoundError:
                raise ArtefactError(f"{self._path}: missing (the word list's definitions)") from None
            except Exception as error:  # pyarrow raises ArrowInvalid and friends for a damaged file
                raise ArtefactError(f"{self._path}: not a readable Parquet file ({error})") from None
            self._local.file = parquet
        return parquet

    def _row_groups(self) -> tuple[list[int], list[str]]:
        """The row groups that hold words (a list of no words has one of no rows), and the last
        word of each."""
        if self._groups is None:
            parquet = self._file()
            groups, maxima = [], []
            try:
                column = parquet.schema_arrow.get_field_index("word")
                for i in range(parquet.metadata.num_row_groups):
                    group = parquet.metadata.row_group(i)
                    if group.num_rows == 0:
                        continue
                    stats = group.column(column).statistics
                    if stats is None or not stats.has_min_max:
                        raise ArtefactError(f"{self._path}: row group {i} has no word statistics")
                    groups.append(i)
                    maxima.append(stats.max)
            except (IndexError, KeyError, ValueError) as error:
                raise ArtefactError(f"{self._path}: not a word list's Parquet file ({error})") from None
            self._groups = (groups, maxima)
        return self._groups

    def _read_group(self, group: int) -> Any:
        try:
            parquet = self._file()
            optional = [c for c in self._OPTIONAL if c in parquet.schema_arrow.names]
            # decoded in this thread: a group of 512 rows gains nothing from Arrow's thread pool,
            # whose hand-offs cost a fifth more CPU than the decoding (and hide it from the
            # thread's CPU time, which the server reports as the game's own work)
            return parquet.read_row_group(group, columns=[*self._COLUMNS, *optional], use_threads=False)
        except ArtefactError:
            raise
        except Exception as error:
            raise ArtefactError(f"{self._path}: row group {group} cannot be read ({error})") from None

    def lookup(self, word: str) -> WordRecord | None:
        """The record of game word `word` from its row group (decoded once, kept among the last
        few), or None."""
        groups, maxima = self._row_groups()
        index = bisect.bisect_left(maxima, word)
        if index >= len(maxima):
            return None
        group = groups[index]
        with self._lock:
            cached = self._cache.get(group)
            if cached is not None:
                self._cache.move_to_end(group)
        if cached is None:
            table = self._read_group(group)
            words = table.column("word").to_pylist()
            cached = (words, table, table.nbytes + sum(len(w) + 56 for w in words))
            with self._lock:
                if group not in self._cache:  # (another thread may have read it meanwhile)
                    self._cache[group] = cached
                    self._cached_bytes += cached[2]
                while self._cached_bytes > self._CACHE_BYTES and len(self._cache) > 1:
                    self._cached_bytes -= self._cache.popitem(last=False)[1][2]
        words, table, _ = cached
        row = bisect.bisect_left(words, word)
        if row == len(words) or words[row] != word:
            return None
        return record_of_row(table.slice(row, 1).to_pylist()[0])

    def records(self) -> Iterator[WordRecord]:
        """Every record, in word order, a row group at a time."""
        for group in self._row_groups()[0]:
            for row in self._read_group(group).to_pylist():
                yield record_of_row(row)


def record_of_row(row: dict[str, Any]) -> WordRecord:
    """The record of a row of words.parquet."""
    return WordRecord(
        row["word"],
        row["pos_mask"],
        tuple(row["titles"]),
        tuple(zip(row["definition_pos"], row["definitions"], strict=True)),
        tuple(row.get("definition_source") or ()),
    )
