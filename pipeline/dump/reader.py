"""Stream the pages of a dump file (.xml or .xml.bz2, one or many bz2 streams) in one pass.

Memory stays flat whatever the dump's size: lxml's iterparse hands over one <page> at a time and
every parsed page is freed before the next one is read; a page larger than the cap is dropped
before the parser sees it (dump.limit), however large it is.
"""

from __future__ import annotations

import bz2
import functools
import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from lxml import etree

from wordlist.os_errors import os_reason
from wordlist_pipeline.dump.limit import MAX_PAGE_BYTES, XML_ENCODING, ChunkReader, PageLimit
from wordlist_pipeline.dump.pages import (
    Page,
    SiteInfo,
    iter_page_elements,
    local_name,
    page_from_element,
    siteinfo_from_element,
)
from wordlist_pipeline.errors import DumpError

_HEAD_BYTES = 8192
_CHUNK = 1 << 20
_PIECE = 1 << 18  # what the page limit looks at a time (a copy or two of it is held)
_EXPORT_VERSION = re.compile(rb'xmlns="http://www\.mediawiki\.org/xml/export-([0-9.]+)/"')
_XML_LANG = re.compile(rb'xml:lang="([A-Za-z-]+)"')
_ROOT = re.compile(rb"<([A-Za-z_][\w.:-]*)[\s>]")
BZ2_MAGIC = b"BZh"
_TAGS = ("{*}siteinfo", "{*}page")


def is_bz2(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(3) == BZ2_MAGIC
    except OSError as error:
        raise DumpError(f"{path}: cannot be read ({os_reason(error)})") from None


def describe_io_error(path: Path, error: BaseException) -> str:
    """One sentence for what went wrong while decompressing or reading `path`."""
    if isinstance(error, EOFError):
        return f"{path}: the bzip2 data is truncated (a compressed stream ends before its end marker)"
    if isinstance(error, OSError) and "Invalid data stream" in str(error):
        return f"{path}: corrupt bzip2 data ({error})"
    if isinstance(error, etree.XMLSyntaxError):
        line = f" at line {error.lineno}" if error.lineno else ""
        return f"{path}: invalid XML{line}: {error.msg}"
    if isinstance(error, OSError):
        return f"{path}: cannot be read ({os_reason(error)})"
    return f"{path}: {error}"


def header_info(head: bytes, path: Path | str) -> tuple[str | None, str | None]:
    """Check that `head` starts a MediaWiki export; return (export version, xml:lang)."""
    body = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if body.startswith(b"<?xml"):
        body = body[body.find(b"?>") + 2 :].lstrip()
    while body.startswith(b"<!--"):
        body = body[body.find(b"-->") + 3 :].lstrip()
    root = _ROOT.match(body)
    if root is None or local_name(root.group(1).decode("utf-8", "replace")) != "mediawiki":
        found = f"<{root.group(1).decode('utf-8', 'replace')}>" if root else repr(body[:40])
        raise DumpError(f"{path}: not a MediaWiki XML export (it starts with {found}, not <mediawiki>)")
    version = _EXPORT_VERSION.search(head)
    lang = _XML_LANG.search(head)
    return (version.group(1).decode() if version else None, lang.group(1).decode() if lang else None)


class DumpReader:
    """Pages of one dump file, in dump order.

    >>> with DumpReader(Path("dump.xml.bz2")) as reader:
    ...     for page in reader:
    ...         print(page.title)

    `siteinfo` is set once the header has been read; `bytes_read` is the position in the file
    (compressed bytes for .bz2), for progress bars. Pages without a title or id are skipped and
    described in `malformed`; pages larger than `max_page_bytes` are skipped and counted in
    `too_large`.
    """

    def __init__(self, path: Path | str, max_page_bytes: int = MAX_PAGE_BYTES) -> None:
        self.path = Path(path)
        self.malformed: list[str] = []  # pages skipped because a required field is missing
        self._limit = PageLimit(max_page_bytes, str(self.path))
        if not self.path.exists():
            raise DumpError(f"{self.path}: no such file")
        if not self.path.is_file():
            raise DumpError(f"{self.path}: not a file")
        try:
            self.size = self.path.stat().st_size
            self._raw: BinaryIO = open(self.path, "rb")  # noqa: SIM115 - closed in close()
        except OSError as error:
            raise DumpError(f"{self.path}: cannot be read ({os_reason(error)})") from None
        self._stream: io.BufferedReader = self._open_stream()
        self.siteinfo = SiteInfo()

    def _open_stream(self) -> io.BufferedReader:
        if self._raw.read(3) == BZ2_MAGIC:
            self._raw.seek(0)
            decompressed: BinaryIO = bz2.BZ2File(self._raw)
        else:
            self._raw.seek(0)
            decompressed = self._raw
        return io.BufferedReader(decompressed, buffer_size=_CHUNK)  # type: ignore[arg-type]

    @property
    def too_large(self) -> int:
        """How many pages were larger than the cap, so far."""
        return self._limit.dropped

    @property
    def bytes_read(self) -> int:
        return self._raw.tell() if not self._raw.closed else self.size

    def close(self) -> None:
        self._stream.close()
        self._raw.close()

    def __enter__(self) -> DumpReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __iter__(self) -> Iterator[Page]:
        try:
            head = self._stream.peek(_HEAD_BYTES)[:_HEAD_BYTES]
            export_version, xml_lang = header_info(head, self.path)
            chunks = iter(functools.partial(self._stream.read1, _PIECE), b"")
            limited = ChunkReader(self._limit.pieces(chunks))
            events = etree.iterparse(
                limited, events=("end",), tag=_TAGS, encoding=XML_ENCODING, huge_tree=True
            )
            yield from pages_from_elements(
                iter_page_elements(events),
                self.path,
                export_version=export_version,
                xml_lang=xml_lang,
                on_siteinfo=self._set_siteinfo,
                malformed=self.malformed,
            )
        except DumpError:
            raise
        except (EOFError, OSError, etree.XMLSyntaxError) as error:
            raise DumpError(describe_io_error(self.path, error)) from error

    def _set_siteinfo(self, siteinfo: SiteInfo) -> None:
        self.siteinfo = siteinfo


def pages_from_elements(
    elements: Iterator[etree._Element],
    source: Path | str,
    *,
    export_version: str | None,
    xml_lang: str | None,
    siteinfo: SiteInfo | None = None,
    on_siteinfo: Callable[[SiteInfo], None] | None = None,
    malformed: list[str] | None = None,
) -> Iterator[Page]:
    """Turn parsed <siteinfo>/<page> elements into Pages.

    A page missing its title or id is skipped and described in `malformed` (never fatal).
    """
    current = siteinfo or SiteInfo(xml_lang=xml_lang, export_version=export_version)
    for element in elements:
        if local_name(element.tag) == "siteinfo":
            current = read_siteinfo_element(element, source, xml_lang=xml_lang, export_version=export_version)
            if on_siteinfo is not None:
                on_siteinfo(current)
            continue
        try:
            page = page_from_element(element, current)
        except ValueError as error:
            if malformed is not None:
                reason = "a number of more than 4,300 digits" if "4300 digits" in str(error) else error
                malformed.append(f"{source}: <page> near line {element.sourceline}: {reason}")
            continue
        yield page


def read_siteinfo_element(
    element: etree._Element, source: Path | str, *, xml_lang: str | None, export_version: str | None
) -> SiteInfo:
    """siteinfo_from_element, with a malformed header (a namespace key that is not a number) a DumpError."""
    try:
        return siteinfo_from_element(element, xml_lang=xml_lang, export_version=export_version)
    except ValueError as error:
        raise DumpError(f"{source}: a malformed <siteinfo> header ({error})") from None


def read_siteinfo(path: Path | str) -> SiteInfo:
    """Read just the header of a dump (stops at the first page)."""
    with DumpReader(path) as reader:
        for _ in reader:
            break
        return reader.siteinfo
