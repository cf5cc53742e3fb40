"""Wikimedia multistream dumps: many independent bz2 streams, readable one at a time at a byte offset.

Layout (written by Wikimedia's recompressxml): stream 0 holds the XML header through </siteinfo>,
then come streams of up to 100 <page>s each, and a last stream holds </mediawiki>. The index file
(``...-multistream-index.txt.bz2``) has one line per page, ``offset:page_id:title``, where offset is
the byte offset of the page's stream. Without an index the offsets are found by scanning the file
for the bz2 stream header, which is byte-aligned at every stream start.
"""

from __future__ import annotations

import bz2
import contextlib
import itertools
import os
import re
import tempfile
import threading
from collections import Counter, OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

try:
    import indexed_bzip2 as _indexed_bzip2
except ImportError:  # pragma: no cover - no wheel for this platform: libbz2 does the same, slower
    _indexed_bzip2 = None

from wordlist.os_errors import os_reason
from wordlist_pipeline.dump.limit import MAX_PAGE_BYTES, XML_ENCODING, ChunkReader, PageLimit, too_large
from wordlist_pipeline.dump.pages import Page, SiteInfo, iter_page_elements, make_page
from wordlist_pipeline.dump.prefilter import Triage, read_candidates, triage
from wordlist_pipeline.dump.reader import (
    BZ2_MAGIC,
    describe_io_error,
    header_info,
    is_bz2,
    pages_from_elements,
    read_siteinfo,
    read_siteinfo_element,
)
from wordlist_pipeline.errors import DumpError

# "BZh" + block size digit, then either a block header magic (pi) or an end-of-stream magic (sqrt pi).
STREAM_START = re.compile(rb"BZh[1-9](?:1AY&SY|\x17rE8P\x90)")
_MAGIC_LEN = 10
_SCAN_CHUNK = 1 << 22
_HEADER_LIMIT = 1 << 20  # a multistream header (siteinfo) is a few KB; a page stream would go on
_CHUNK = 1 << 20  # what a stream read stream by stream is decompressed by
_RANGE_BYTES = 16 << 20  # at least what a range may decompress to for the one-piece path
_TRAILER = b"</mediawiki>"
_PARSER = etree.XMLParser(huge_tree=True, encoding=XML_ENCODING)
# A run of index lines with the same offset (a stream's ~100 pages): one match, so no object is
# made per line; the runs must cover a block from end to end. (At most 20 digits, as the line
# reader takes: a longer offset is its error to report.)
_INDEX_RUN = re.compile(rb"([0-9]{1,20}):[^\n]+\n(?:\1:[^\n]+\n)*")


def find_stream_offsets(path: Path | str, *, chunk_size: int = _SCAN_CHUNK) -> list[int]:
    """Byte offsets of every bz2 stream in the file, found by scanning for stream headers."""
    offsets: list[int] = []
    with open(path, "rb") as f:
        position = 0
        tail = b""
        while block := f.read(chunk_size):
            data = tail + block
            base = position - len(tail)
            for match in STREAM_START.finditer(data):
                offset = base + match.start()
                if not offsets or offset > offsets[-1]:
                    offsets.append(offset)
            tail = data[-(_MAGIC_LEN - 1) :]
            position += len(block)
    return offsets


def read_index(path: Path | str) -> list[int]:
    """The distinct stream offsets listed in a multistream index (bz2-compressed or plain text).

    The real English index has ten million lines; a regex pass per block reads them in a
    fraction of the time of a Python loop. Anything irregular (blank or malformed lines, offsets
    going backwards, corrupt data) is read again line by line, which says what and where.
    """
    path = Path(path)
    if not path.exists():
        raise DumpError(f"{path}: no such index file")
    try:
        offsets = _read_index_blocks(path)
    except Exception:  # any decoder error: the line reader reports it
        offsets = None
    return offsets if offsets is not None else _read_index_lines(path)


def _read_index_blocks(path: Path) -> list[int] | None:
    offsets: list[int] = []
    tail = b""
    with _open_index(path, parallel=True) as f:
        while block := f.read(1 << 22):
            block = tail + block
            cut = block.rfind(b"\n") + 1
            block, tail = block[:cut], block[cut:]
            position = 0
            for run in _INDEX_RUN.finditer(block):
                if run.start() != position:
                    return None
                position = run.end()
                offset = int(run.group(1))
                if offsets and offset <= offsets[-1]:
                    if offset == offsets[-1]:
                        continue  # the stream of the previous block's last line
                    return None
                offsets.append(offset)
            if position != len(block):
                return None
    return None if tail.strip() else offsets


def _open_index(path: Path, *, parallel: bool = False):
    with open(path, "rb") as f:
        compressed = f.read(3) == BZ2_MAGIC
    if not compressed:
        return open(path, "rb")
    if parallel and _indexed_bzip2 is not None:  # nothing else runs yet: use every core
        return _indexed_bzip2.open(str(path), parallelization=os.cpu_count() or 1)
    return bz2.open(path, "rb")


def _read_index_lines(path: Path) -> list[int]:
    offsets: list[int] = []
    try:
        with _open_index(path) as f:
            for lineno, line in enumerate(f, 1):
                head, sep, _ = line.partition(b":")
                if not sep:
                    if line.strip():
                        raise DumpError(f"{path}: line {lineno} is not 'offset:page_id:title'")
                    continue
                # digits only: int() would also take "-5", "+5", " 5" and "5_000"
                if not head.isdigit():
                    raise DumpError(f"{path}: line {lineno} starts with {head[:20]!r}, not a byte offset")
                if len(head) > 20:  # (int() of thousands of digits is refused, or slow)
                    too_long = f"the offset has {len(head)} digits (a byte offset has at most 20)"
                    raise DumpError(f"{path}: line {lineno}: {too_long}")
                offset = int(head)
                if offsets and offset < offsets[-1]:
                    raise DumpError(
                        f"{path}: line {lineno}: offsets go backwards ({offset} after {offsets[-1]})"
                    )
                if not offsets or offset != offsets[-1]:
                    offsets.append(offset)
    except (EOFError, OSError) as error:
        raise DumpError(describe_io_error(path, error)) from error
    return offsets


def default_index_path(dump: Path) -> Path | None:
    """The index Wikimedia publishes next to a multistream dump, if it is there."""
    name = dump.name
    if "-multistream" in name and name.endswith(".xml.bz2"):
        candidate = dump.with_name(name.replace(".xml.bz2", "-index.txt.bz2"))
        if candidate.exists():
            return candidate
    return None


def decompress_stream(data: bytes, source: str) -> bytes:
    """Decompress exactly one bz2 stream (extra bytes after its end marker are ignored)."""
    return b"".join(decompressed_chunks(data, source))


def decompressed_chunks(data: bytes, source: str) -> Iterator[bytes]:
    """One bz2 stream decompressed a chunk at a time (a small stream can hold gigabytes)."""
    decompressor = bz2.BZ2Decompressor()
    try:
        chunk = decompressor.decompress(data, _CHUNK)
        while True:
            if chunk:
                yield chunk
            if decompressor.eof:
                return
            if decompressor.needs_input:
                raise DumpError(
                    f"{source}: the bzip2 data is truncated (a compressed stream ends before its end marker)"
                )
            chunk = decompressor.decompress(b"", _CHUNK)
    except OSError as error:
        raise DumpError(f"{source}: corrupt bzip2 data ({error})") from error


@dataclass(frozen=True, slots=True)
class StreamRange:
    """A run of consecutive page streams, [start, end) in compressed bytes: one unit of parallel work."""

    start: int
    end: int
    stream_starts: tuple[int, ...]

    @property
    def size(self) -> int:
        return self.end - self.start


@dataclass(frozen=True)
class Multistream:
    """A multistream dump opened for random access: its header and where each page stream lies."""

    path: Path
    siteinfo: SiteInfo
    stream_offsets: tuple[int, ...]  # page streams only (the header stream at 0 is not included)
    size: int

    def chunks(self, *, target_bytes: int = 4 << 20, min_chunks: int = 1) -> list[StreamRange]:
        """Consecutive streams in ranges of about `target_bytes`, `min_chunks` ranges or more if possible."""
        offsets = self.stream_offsets
        if not offsets:
            return []
        total = self.size - offsets[0]
        target = max(1, min(target_bytes, total // max(1, min_chunks)))
        ranges: list[StreamRange] = []
        group: list[int] = []
        for i, start in enumerate(offsets):
            group.append(start)
            end = offsets[i + 1] if i + 1 < len(offsets) else self.size
            if end - group[0] >= target or i + 1 == len(offsets):
                ranges.append(StreamRange(group[0], end, tuple(group)))
                group = []
        return ranges


def read_header_stream(path: Path | str, limit: int = _HEADER_LIMIT) -> tuple[bytes, int] | None:
    """Decompress the file's first bz2 stream if it is a small multistream header.

    Returns (decompressed header, offset where the next stream starts), or None when the first
    stream runs past `limit` bytes (an ordinary .bz2) or does not end with </siteinfo>.
    """
    decompressor = bz2.BZ2Decompressor()
    out = bytearray()
    consumed = 0
    with open(path, "rb") as f:
        while not decompressor.eof:
            block = f.read(1 << 16)
            if not block:
                return None
            try:
                out += decompressor.decompress(block, limit + 1 - len(out))  # never more than limit + 1
            except OSError as error:
                raise DumpError(f"{path}: corrupt bzip2 data ({error})") from error
            consumed += len(block)
            if len(out) > limit:
                return None
    end = consumed - len(decompressor.unused_data)
    return (bytes(out), end) if out.rstrip().endswith(b"</siteinfo>") else None


@dataclass(frozen=True)
class DumpHeader:
    """What a dump's header says, and where a multistream dump's page streams begin."""

    siteinfo: SiteInfo
    page_streams: int | None  # the offset after the header stream; None: not a multistream dump


_HEADERS_KEPT = 32  # (a build reads a dump or two a language)
_headers: OrderedDict[tuple[int, int, int, int], DumpHeader] = OrderedDict()
_headers_lock = threading.Lock()


def dump_header(path: Path | str) -> DumpHeader:
    """The header of the dump at `path`, read once per file: remembered by the file's identity
    (device, inode, size, modification time), so that the steps of one build which need it (each
    dump's language, the plan, the extraction) share one read, and a file replaced is read again.

    A multistream dump's header is its first bz2 stream alone; any other dump is read up to its
    first page (`read_siteinfo`). A dump that cannot be read raises DumpError, and is not remembered.
    """
    try:
        found = os.stat(path)
        key = (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)
    except (OSError, ValueError):  # the readers below say what is wrong with the path
        key = None
    with _headers_lock:
        header = _headers.get(key) if key is not None else None
    if header is not None:
        return header
    stream = read_header_stream(path) if is_bz2(Path(path)) else None
    if stream is None:
        header = DumpHeader(read_siteinfo(path), None)
    else:
        header = DumpHeader(parse_header(stream[0], path), stream[1])
    if key is not None:
        with _headers_lock:
            _headers[key] = header
            while len(_headers) > _HEADERS_KEPT:
                _headers.popitem(last=False)
    return header


def open_multistream(path: Path | str, index: Path | str | None = None) -> Multistream | None:
    """Open `path` as a Wikimedia multistream dump, or return None if it is not one.

    A .bz2 made by plain bzip2 has a single stream; one made by a parallel compressor (pbzip2,
    lbzip2) has many streams that split pages at arbitrary bytes. Neither is a multistream dump:
    the first stream must hold the header and end exactly after </siteinfo>. Only then are the
    stream offsets read from the index, or found by scanning. With an explicit index, a file that
    is not a multistream dump is an error.
    """
    path = Path(path)
    if not path.is_file():
        raise DumpError(f"{path}: no such file")
    size = path.stat().st_size
    with open(path, "rb") as f:
        is_bzip2 = f.read(3) == BZ2_MAGIC
    header = dump_header(path) if is_bzip2 else None
    if header is None or header.page_streams is None:
        if index is not None:
            raise DumpError(
                f"{path}: an index was given but the file is not a multistream dump "
                "(its first bz2 stream does not end with </siteinfo>)"
            )
        return None
    first_page_stream = header.page_streams
    if index is not None:
        page_offsets = read_index(index)
        _check_index(path, index, page_offsets, size)
    else:
        page_offsets = [o for o in find_stream_offsets(path) if o >= first_page_stream]
    if not page_offsets:
        if index is not None:
            raise DumpError(f"{index}: lists no streams")
        return None
    return Multistream(path, header.siteinfo, tuple(page_offsets), size)


def _check_index(path: Path, index: Path | str, offsets: list[int], size: int) -> None:
    """Every offset must lie in the file and start a bz2 stream; otherwise the index is another dump's."""
    with open(path, "rb", buffering=0) as f:  # unbuffered: read 10 bytes, not 8 KB, at each offset
        for offset in offsets:
            if not 0 <= offset < size:
                raise DumpError(f"{index}: offset {offset} lies beyond the end of {path} ({size} bytes)")
            f.seek(offset)
            if not STREAM_START.match(f.read(_MAGIC_LEN)):
                raise DumpError(
                    f"{index}: offset {offset} is not the start of a bz2 stream in {path}; "
                    "is this the index of another dump?"
                )


def parse_header(header: bytes, path: Path | str) -> SiteInfo:
    """The SiteInfo of a multistream header stream (<mediawiki ...><siteinfo>...</siteinfo>)."""
    export_version, xml_lang = header_info(header[:8192], path)
    try:
        root = etree.fromstring(header.rstrip() + _TRAILER, _PARSER)
    except etree.XMLSyntaxError as error:
        raise DumpError(describe_io_error(Path(str(path)), error)) from error
    for child in root:
        if child.tag.endswith("siteinfo"):
            return read_siteinfo_element(child, path, xml_lang=xml_lang, export_version=export_version)
    return SiteInfo(xml_lang=xml_lang, export_version=export_version)


def read_range(path: Path | str, chunk: StreamRange) -> bytes:
    try:
        with open(path, "rb") as f:
            f.seek(chunk.start)
            data = f.read(chunk.size)
    except OSError as error:
        raise DumpError(f"{path}: cannot be read ({os_reason(error)})") from None
    if len(data) != chunk.size:
        raise DumpError(f"{path}: file ends at byte {chunk.start + len(data)}, expected {chunk.end}")
    return data


def pages_in_stream(
    data: bytes | Iterable[bytes],
    siteinfo: SiteInfo,
    source: str,
    malformed: list[str] | None = None,
    *,
    max_page_bytes: int = MAX_PAGE_BYTES,
    passed_over: Counter | None = None,
) -> Iterator[Page]:
    """Pages of one decompressed page stream (a run of <page> elements without a root), given
    whole or in chunks. Pages larger than `max_page_bytes` are dropped as they are read and
    counted in `passed_over`."""
    limit = PageLimit(max_page_bytes, source)
    pieces = limit.pieces([data] if isinstance(data, bytes) else data, closing=_TRAILER)
    xml = ChunkReader(itertools.chain([b"<mediawiki>"], pieces, [_TRAILER]))
    events = etree.iterparse(xml, events=("end",), tag="{*}page", huge_tree=True, encoding=XML_ENCODING)
    try:
        yield from _pages(iter_page_elements(events), siteinfo, source, malformed)
    except etree.XMLSyntaxError as error:
        raise DumpError(f"{source}: invalid XML at line {error.lineno} of the stream: {error.msg}") from error
    if passed_over is not None and limit.dropped:
        passed_over[too_large(max_page_bytes)] += limit.dropped


def pages_in_range(
    path: Path | str,
    chunk: StreamRange,
    siteinfo: SiteInfo,
    malformed: list[str] | None = None,
    *,
    marker: str | None = None,
    passed_over: Counter | None = None,
    max_page_bytes: int = MAX_PAGE_BYTES,
) -> Iterator[Page]:
    """The pages of one range of streams, but for those larger than `max_page_bytes` (counted in
    `passed_over`, as the dump.limit module says).

    With `marker`, only articles whose text contains it are built (see prefilter); the pages
    passed over are counted by reason in `passed_over`. The range is then decompressed and
    sorted in one piece, if it decompresses to no more than a few times the cap. Whatever that
    cannot handle (a larger range, unusual markup, corrupt or truncated bzip2, invalid XML) is
    read again stream by stream, a chunk at a time, which finds and reports the exact stream.
    """
    data = read_range(path, chunk)
    if marker is not None:
        sorted_pages = _triaged_range(data, marker, max_page_bytes)
        if sorted_pages is not None:
            source = f"{path} (bz2 streams at {chunk.start})"
            pages = _candidate_pages(sorted_pages.candidates, siteinfo, source, malformed)
            if pages is not None:
                if passed_over is not None:
                    passed_over.update(sorted_pages.passed_over)
                yield from pages
                return
    for start, end in itertools.pairwise([*chunk.stream_starts, chunk.end]):
        source = f"{path} (bz2 stream at byte {start})"
        text = decompressed_chunks(data[start - chunk.start : end - chunk.start], source)
        yield from pages_in_stream(
            text, siteinfo, source, malformed, max_page_bytes=max_page_bytes, passed_over=passed_over
        )


def range_limit(max_page_bytes: int) -> int:
    """How much XML a range may decompress to for the one-piece path (a range is ~1.5 MB)."""
    return max(_RANGE_BYTES, 2 * max_page_bytes)


def _triaged_range(data: bytes, marker: str, max_page_bytes: int) -> Triage | None:
    """The candidate pages' markup and the passed-over counts of a range, or None for the slow path."""
    body = _page_run(decompress_streams(data, range_limit(max_page_bytes)) or b"")
    return triage(body, marker, max_page_bytes) if body else None


def _candidate_pages(
    candidates: bytes, siteinfo: SiteInfo, source: str, malformed: list[str] | None
) -> Iterator[Page] | None:
    """The pages triage left to parse: read off their markup where it has the usual shape, else
    parsed as XML; None if that is not XML either (the stream-by-stream path says where)."""
    fields = read_candidates(candidates)
    if fields is not None:
        return (make_page(t, n, i, None, time, text, m, siteinfo) for t, n, i, time, text, m in fields)
    try:
        root = etree.fromstring(b"<mediawiki>" + candidates + _TRAILER, _PARSER)
    except etree.XMLSyntaxError:
        return None
    return _pages(iter(root), siteinfo, source, malformed)


def decompress_streams(data: bytes, limit: int | None = None) -> bytes | None:
    """All bz2 streams in `data`, decompressed; None if anything is wrong with them, or if they
    decompress to more than `limit` bytes.

    indexed_bzip2 decodes a quarter faster than libbz2 (Python's bz2) on one core; it checks
    each block's CRC just the same. It is handed a file descriptor, not a Python file object:
    indexed_bzip2 1.7 never releases a file object it reads (six bound methods of it), and a
    BytesIO holds its bytes, so a worker kept every range it decoded (its memory grew by the
    compressed size of its share of the dump).
    """
    wanted = -1 if limit is None else limit + 1
    try:
        if _indexed_bzip2 is not None:
            with _memory_file(data) as fd, _indexed_bzip2.open(fd, parallelization=1) as f:
                out = f.read(wanted)
            return None if limit is not None and len(out) > limit else out
        # not bz2.decompress: it silently drops whatever follows the first corrupt stream
        parts = []
        while data:
            decompressor = bz2.BZ2Decompressor()
            parts.append(decompressor.decompress(data, wanted))
            if limit is not None:
                wanted -= len(parts[-1])
                if wanted <= 0:
                    return None
            if not decompressor.eof:
                return None
            data = decompressor.unused_data
        return b"".join(parts)
    except Exception:  # the stream-by-stream path says what and where
        return None


@contextlib.contextmanager
def _memory_file(data: bytes) -> Iterator[int]:
    """The file descriptor of an anonymous file holding `data`, at its start; closed afterwards."""
    # Linux: a file in memory; elsewhere a temporary file, gone once closed
    memory = os.memfd_create("wordlist-range", os.MFD_CLOEXEC) if hasattr(os, "memfd_create") else None
    with tempfile.TemporaryFile() if memory is None else open(memory, "w+b") as file:
        file.write(data)
        file.flush()
        file.seek(0)
        yield file.fileno()


def _page_run(data: bytes) -> bytes:
    """The <page> elements of decompressed stream(s), without the closing </mediawiki>."""
    body = data.strip()
    if body.endswith(_TRAILER):
        body = body[: -len(_TRAILER)].rstrip()
    return body


def _pages(
    elements: Iterator[etree._Element], siteinfo: SiteInfo, source: str, malformed: list[str] | None
) -> Iterator[Page]:
    return pages_from_elements(
        elements,
        source,
        export_version=siteinfo.export_version,
        xml_lang=siteinfo.xml_lang,
        siteinfo=siteinfo,
        malformed=malformed,
    )
