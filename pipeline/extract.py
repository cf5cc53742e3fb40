"""Extract a dump's entries into the entries table (Parquet): streaming, parallel, in dump order.

A multistream dump is cut into runs of bz2 streams that worker processes decompress and parse
on their own. Any other dump is read by this process and its pages are handed to the workers in
batches. Either way results are taken back in submission order and at most a few tasks are in
flight, so the output is byte-identical for any number of workers and memory does not grow with
the dump. The table is written to a temporary file and renamed into place only when complete.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from wordlist import interrupt
from wordlist.errors import WordlistError
from wordlist_pipeline.atomic import atomic_path
from wordlist_pipeline.dump import (
    DumpReader,
    Multistream,
    Page,
    SiteInfo,
    StreamRange,
    open_multistream,
    pages_in_range,
)
from wordlist_pipeline.dump.limit import MAX_PAGE_BYTES, too_large
from wordlist_pipeline.dump.multistream import default_index_path, dump_header
from wordlist_pipeline.dump.prefilter import OTHER_NAMESPACE, REDIRECT, WITHOUT_MARKER
from wordlist_pipeline.dump.reader import is_bz2
from wordlist_pipeline.editions import edition, language_name
from wordlist_pipeline.entries import SCHEMA, Entry, entries_to_table
from wordlist_pipeline.errors import DumpError
from wordlist_pipeline.paths import check_input_file, check_output_file

ROW_GROUP_ROWS = 10_000
PAGE_BATCH = 400
PAGE_BATCH_TEXT = 8 << 20  # characters of text a batch may hold (400 pages of the cap would be GBs)
MAX_PROBLEMS = 20
MAX_PAGE_ID = 2**63 - 1  # the entries table stores page ids as int64


@dataclass
class ExtractStats:
    """Counts of one extraction; the pieces from each worker task add up."""

    pages: int = 0
    articles: int = 0  # main namespace, wikitext, not a redirect
    with_section: int = 0  # articles with a section in the edition's language
    entries: int = 0
    lemmas: int = 0
    forms: int = 0
    by_pos: Counter = field(default_factory=Counter)
    skipped: Counter = field(default_factory=Counter)  # reason -> pages
    problems: list[str] = field(default_factory=list)  # first few skipped pages, described

    def add(self, other: ExtractStats) -> None:
        self.pages += other.pages
        self.articles += other.articles
        self.with_section += other.with_section
        self.entries += other.entries
        self.lemmas += other.lemmas
        self.forms += other.forms
        self.by_pos.update(other.by_pos)
        self.skipped.update(other.skipped)
        self.problems.extend(other.problems[: MAX_PROBLEMS - len(self.problems)])

    def note_malformed(self, descriptions: list[str]) -> None:
        if not descriptions:
            return
        self.pages += len(descriptions)
        self.skipped["malformed <page>"] += len(descriptions)
        self.problems.extend(descriptions[: MAX_PROBLEMS - len(self.problems)])

    def note_passed_over(self, passed_over: Counter, lang: str) -> None:
        """Count the pages the prefilter sorted out without building them."""
        self.pages += passed_over.total()
        self.articles += passed_over[WITHOUT_MARKER]
        for reason, count in passed_over.items():
            self.skipped[_no_section(lang) if reason == WITHOUT_MARKER else reason] += count

    def to_dict(self) -> dict:
        return {
            "pages": self.pages,
            "articles": self.articles,
            "pages_with_section": self.with_section,
            "entries": self.entries,
            "lemmas": self.lemmas,
            "forms": self.forms,
            "entries_by_pos": dict(sorted(self.by_pos.items(), key=lambda kv: (-kv[1], kv[0]))),
            "pages_skipped": dict(sorted(self.skipped.items())),
            "problems": list(self.problems),
        }


@dataclass(frozen=True)
class ExtractResult:
    dump: Path
    output: Path
    lang: str
    siteinfo: SiteInfo
    multistream: bool
    workers: int
    seconds: float
    stats: ExtractStats


def _no_section(lang: str) -> str:
    return f"no {language_name(lang)} section"


def extract_pages(pages: Iterable[Page], lang: str) -> tuple[list[Entry], ExtractStats]:
    """Entries of the pages that are articles; everything else counted as skipped."""
    parse = edition(lang).parse_page
    no_section = _no_section(lang)
    found: list[Entry] = []
    stats = ExtractStats()
    for page in pages:
        stats.pages += 1
        if not 0 <= page.page_id <= MAX_PAGE_ID:
            stats.skipped["malformed <page>"] += 1
            if len(stats.problems) < MAX_PROBLEMS:
                stats.problems.append(f"page {page.title!r}: id {page.page_id} is out of range (0 to 2^63-1)")
            continue
        if page.namespace != 0:
            stats.skipped[OTHER_NAMESPACE] += 1
            continue
        if page.redirect is not None:
            stats.skipped[REDIRECT] += 1
            continue
        if page.model not in (None, "wikitext"):
            stats.skipped[f"content model {page.model}"] += 1
            continue
        stats.articles += 1
        try:
            entries = parse(page.title, page.text, page.page_id)
        except Exception as error:  # one bad page must not stop a 10 GB run
            stats.skipped["unparsable wikitext"] += 1
            if len(stats.problems) < MAX_PROBLEMS:
                stats.problems.append(
                    f"page {page.title!r} (id {page.page_id}): {type(error).__name__}: {error}"
                )
            continue
        if not entries:
            stats.skipped[no_section] += 1
            continue
        stats.with_section += 1
        found.extend(entries)
        for entry in entries:
            stats.by_pos[entry.pos] += 1
            if entry.is_lemma:
                stats.lemmas += 1
            else:
                stats.forms += 1
        stats.entries += len(entries)
    return found, stats


# Worker tasks: top-level functions so they pickle. Each returns (entries, stats, bytes covered);
# entries go back as an Arrow table, which pickles as a few buffers instead of a tuple per row.
def _extract_range(task: tuple[Path, StreamRange, SiteInfo, str, int]) -> tuple[pa.Table, ExtractStats, int]:
    path, chunk, siteinfo, lang, max_page_bytes = task
    malformed: list[str] = []
    passed_over: Counter = Counter()
    pages = pages_in_range(
        path,
        chunk,
        siteinfo,
        malformed,
        marker=edition(lang).marker,
        passed_over=passed_over,
        max_page_bytes=max_page_bytes,
    )
    entries, stats = extract_pages(pages, lang)
    stats.note_malformed(malformed)
    stats.note_passed_over(passed_over, lang)
    return entries_to_table(entries), stats, chunk.size


def _extract_batch(task: tuple[list[Page], str, int]) -> tuple[pa.Table, ExtractStats, int]:
    pages, lang, position = task
    entries, stats = extract_pages(pages, lang)
    return entries_to_table(entries), stats, position


def default_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def resolve_lang(siteinfo: SiteInfo, lang: str | None, dump: Path) -> str:
    """The language to extract: as asked, or the dump's own edition; a mismatch is an error."""
    dump_edition = siteinfo.edition
    if lang is None:
        if dump_edition is None:
            raise DumpError(f"{dump}: the dump does not say which Wiktionary it is from; pass --lang")
        lang = dump_edition
    elif dump_edition is not None and dump_edition != lang:
        raise DumpError(
            f"{dump}: this is a dump of the {language_name(dump_edition)} Wiktionary "
            f"({siteinfo.dbname or dump_edition + 'wiktionary'}), but --lang {lang} was asked for"
        )
    edition(lang)
    return lang


ProgressCallback = Callable[[int, int, ExtractStats], None]


def check_paths(dump: Path | str, out: Path | str, index: Path | str | None = None) -> Path | None:
    """Check what extract() reads and writes before it reads a byte; returns the index to use.

    The dump and index must be readable files; the output must not be a folder, the dump or the
    index, nor lie under a file.
    """
    dump = check_input_file(Path(dump), "a dump", DumpError)
    index_path = Path(index) if index else default_index_path(dump)
    if index_path is not None:
        check_input_file(index_path, "a multistream index", DumpError)
    check_output_file(Path(out), [dump, index_path])
    return index_path


def check_max_page_bytes(max_page_bytes: int) -> int:
    """The page size cap, if it is a positive number of bytes."""
    if max_page_bytes < 1:
        raise WordlistError(f"--max-page-size {max_page_bytes}: give a positive number of bytes")
    return max_page_bytes


def check_workers(workers: int | None) -> int | None:
    """`workers` as given with --workers (None: all cores), if it is 1 or more."""
    if workers is not None and workers < 1:
        raise WordlistError(f"--workers {workers}: give 1 or more worker processes")
    return workers


def extract(
    dump: Path | str,
    out: Path | str,
    *,
    lang: str | None = None,
    workers: int | None = None,
    index: Path | str | None = None,
    on_progress: ProgressCallback | None = None,
    on_started: Callable[[], None] | None = None,
    max_page_bytes: int = MAX_PAGE_BYTES,
) -> ExtractResult:
    """Extract `dump` into the Parquet entries table `out`; see the module docstring.

    A page larger than `max_page_bytes` is skipped while it is read, and counted (dump.limit).
    `on_progress(bytes_done, bytes_total, stats_so_far)` is called as results come in.
    `on_started()` is called once the worker processes run (never with one worker): what this
    process starts or imports from then on is not copied into them, and costs no idle core.
    """
    started = time.perf_counter()
    dump, out = Path(dump), Path(out)
    index = check_paths(dump, out, index)
    check_max_page_bytes(max_page_bytes)
    workers = check_workers(workers) or default_workers()
    multistream = open_multistream(dump, index) if is_bz2(dump) or index else None
    siteinfo = multistream.siteinfo if multistream else dump_header(dump).siteinfo  # (read once a build)
    lang = resolve_lang(siteinfo, lang, dump)
    size = dump.stat().st_size
    stats = ExtractStats()
    done = multistream.stream_offsets[0] if multistream else 0
    with atomic_path(out) as tmp, _TableWriter(tmp) as writer:
        tasks = (
            _range_tasks(multistream, lang, workers, max_page_bytes)
            if multistream
            else _batch_tasks(dump, lang, stats, max_page_bytes)
        )
        for table, part, covered in _run(tasks, workers, on_started):
            writer.add(table)
            stats.add(part)
            done = done + covered if multistream else covered
            if on_progress is not None:
                on_progress(min(done, size), size, stats)
    if on_progress is not None:
        on_progress(size, size, stats)
    return ExtractResult(
        dump, out, lang, siteinfo, multistream is not None, workers, time.perf_counter() - started, stats
    )


def _range_tasks(
    multistream: Multistream, lang: str, workers: int, max_page_bytes: int
) -> Iterator[tuple[Callable, tuple]]:
    # ~256 KB of bz2 (1.5 MB of XML) a task: workers finish together, and a task's overhead is nil
    for chunk in multistream.chunks(target_bytes=1 << 18, min_chunks=workers * 16):
        yield _extract_range, (multistream.path, chunk, multistream.siteinfo, lang, max_page_bytes)


def _batch_tasks(
    dump: Path, lang: str, stats: ExtractStats, max_page_bytes: int
) -> Iterator[tuple[Callable, tuple]]:
    with DumpReader(dump, max_page_bytes) as reader:
        batch: list[Page] = []
        text = 0
        for page in reader:
            batch.append(page)
            text += len(page.text)
            if len(batch) >= PAGE_BATCH or text >= PAGE_BATCH_TEXT:  # large pages: fewer a batch
                yield _extract_batch, (batch, lang, reader.bytes_read)
                batch, text = [], 0
        if batch:
            yield _extract_batch, (batch, lang, reader.bytes_read)
        stats.note_malformed(reader.malformed)
        if reader.too_large:
            stats.note_passed_over(Counter({too_large(max_page_bytes): reader.too_large}), lang)


def _run(
    tasks: Iterator[tuple[Callable, tuple]], workers: int, on_started: Callable[[], None] | None = None
) -> Iterator[tuple]:
    """Results of `tasks` in order; with several workers at most 3 tasks per worker are in flight.
    `on_started()` is called once the workers are forked (at the first task's submission)."""
    if workers <= 1:
        for function, args in tasks:
            yield function(args)
        return
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context("fork"), initializer=_keep_freed_memory
    )
    pending: deque[Future] = deque()
    try:
        for function, args in tasks:
            with interrupt.deferred():  # the first submit forks the workers: not to be cut in half
                pending.append(pool.submit(function, args))
            if on_started is not None:
                on_started()
                on_started = None
            if len(pending) >= workers * 3:
                yield pending.popleft().result()
            interrupt.check()
        while pending:
            yield pending.popleft().result()
            interrupt.check()
    except BrokenProcessPool:
        _stop_workers(pool)
        raise WordlistError(
            "a worker process died (killed, or out of memory?); try again with fewer --workers"
        ) from None
    except BaseException:  # an error, Ctrl-C, SIGTERM (interrupt.Terminated): stop at once
        _stop_workers(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# glibc's mallopt() parameters (malloc.h)
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3


def _keep_freed_memory() -> None:
    """Let a worker reuse the memory of its last task instead of handing it back to the kernel.

    A worker frees nearly everything between tasks, so glibc hands the top of its heap and its
    separately mapped large buffers (a range's megabytes of XML) back to the kernel, and the next
    task faults every page in anew: about 2,000 page faults a task, 6% of a worker's CPU, where
    the single-process path, whose heap holds the results, has none. Fixed thresholds at glibc's
    own ceiling (maps from 32 MiB, trims above 64 MiB) keep those pages; a worker's peak memory is
    what it was, what one task needs.
    """
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (AttributeError, OSError):  # no mallopt (macOS): another allocator, nothing to tune
        return
    mallopt(_M_MMAP_THRESHOLD, 32 << 20)
    mallopt(_M_TRIM_THRESHOLD, 64 << 20)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Kill the workers now rather than let them finish their tasks, whose results nobody reads.

    ProcessPoolExecutor has no public way to do this before Python 3.14 (terminate_workers).
    """
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()


class _TableWriter:
    """Rows to Parquet in fixed-size row groups (fixed sizes keep the file's bytes deterministic).

    Pending rows are held as Arrow tables, a fraction of the memory of Python tuples, so what is
    buffered before a row group is written stays small.
    """

    def __init__(self, path: Path) -> None:
        self._writer = pq.ParquetWriter(path, SCHEMA, compression="zstd")
        self._pending: list[pa.Table] = []
        self._pending_rows = 0

    def add(self, table: pa.Table) -> None:
        if not table.num_rows:
            return
        self._pending.append(table)
        self._pending_rows += table.num_rows
        if self._pending_rows >= ROW_GROUP_ROWS:
            table = pa.concat_tables(self._pending)
            while table.num_rows >= ROW_GROUP_ROWS:
                self._write(table.slice(0, ROW_GROUP_ROWS))
                table = table.slice(ROW_GROUP_ROWS)
            self._pending, self._pending_rows = [table], table.num_rows

    def __enter__(self) -> _TableWriter:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None and self._pending_rows:
            self._write(pa.concat_tables(self._pending))
        self._writer.close()

    def _write(self, table: pa.Table) -> None:
        # one contiguous chunk per row group: the bytes must not depend on how the work was split
        self._writer.write_table(table.combine_chunks())
