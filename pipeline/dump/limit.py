"""The page size cap: a page larger than it is dropped while it is read, and counted.

A dump is untrusted input, and bzip2 packs a run of one byte more than a million to one: a 1 KB
file can hold a 600 MB page, which an XML parser would hold whole (and the extraction after it several
times over) before anything could look at its size. So the bytes are looked at before the
parser sees them: each <page> is held until its end tag (at most the cap's worth of bytes), then
passed on, or dropped if it grew past the cap, and what is read of a larger page is dropped as it
comes. Memory stays of the order of the cap, whatever the page's size.

A page's size is its XML as the dump stores it, from ``<page`` to ``</page>``: its wikitext, with
``<`` and ``&`` escaped, and a few hundred bytes of metadata. The default, 8 MiB, is four times
what a page can be: MediaWiki refuses to save a revision of more than $wgMaxArticleSize, 2 MiB on
every Wikimedia wiki (the largest Wiktionary pages are a few hundred KB to 2 MB), which leaves room
for escaping (``&lt;`` is four bytes for one).

The limit's pages must be the parser's, or a page it passes in small pieces is one huge element to
the parser. So the bytes are read as the XML tokenizer reads them: ``<page`` and ``</page>`` inside
a comment, a CDATA section or a processing instruction are characters, not tags (MediaWiki writes
none of these, but a dump is untrusted); and the parser reads the bytes as UTF-8 (XML_ENCODING),
whatever an XML declaration says (in ISO-2022-JP, ``</page><page>`` can be seven characters of
text). A DOCTYPE, which could declare entities that grow a page as it is parsed, cannot come
after the root's start tag, and the reader refuses a dump that does not start with it. Bytes
outside any page (the header, white space) are bounded too: more than
the cap of them (1 MiB at least) is not a dump (a DumpError). The bytes passed on are those read,
unchanged, but for the pages dropped.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator

from wordlist_pipeline.errors import DumpError

MAX_PAGE_BYTES = 8 << 20
XML_ENCODING = "utf-8"  # what the parser of the limited bytes is told they are, as the limit reads them
MIN_OUTSIDE_BYTES = 1 << 20  # what may lie between pages even with a smaller cap: the header, a few KB

_START = re.compile(rb"<page[\s>/]")
_END = b"</page>"
# What the XML tokenizer reads as characters though they may hold "<page" or "</page>": comments,
# CDATA sections and processing instructions, each up to its first end. (A DOCTYPE, the only other
# markup that could, may not follow the root's start tag; the parser refuses it there.)
_MARKUP_ENDS = {b"<!--": b"-->", b"<![CDATA[": b"]]>", b"<?": b"?>"}
_MARKUP = re.compile(rb"<(?:!--|!\[CDATA\[|\?)")
_BETWEEN_PAGES = re.compile(rb"<page[\s>/]|<(?:!--|!\[CDATA\[|\?)")
_IN_PAGE = re.compile(rb"</page>|<(?:!--|!\[CDATA\[|\?)")
_OVERLAP = len(b"<![CDATA[") - 1  # bytes at a chunk's end that may begin a token

_OUTSIDE, _PAGE, _DROPPING = 0, 1, 2


def size_text(size: int) -> str:
    """A size in bytes as the option takes it: "8 MB", "512 KB", "1,000 bytes" (binary units)."""
    if size % (1 << 20) == 0:
        return f"{size >> 20} MB"
    if size % (1 << 10) == 0:
        return f"{size >> 10} KB"
    return f"{size:,} bytes"


def too_large(cap: int) -> str:
    """Why a page was skipped, as the extraction's summary counts it."""
    return f"page larger than {size_text(cap)}"


class PageLimit:
    """Pages of at most `cap` bytes out of the XML of a dump read in chunks; `dropped` counts the
    others. `source` names the dump in errors."""

    def __init__(self, cap: int, source: str) -> None:
        if cap < 1:
            raise ValueError(f"a page size cap of {cap} bytes")
        self.cap = cap
        self.source = source
        self.dropped = 0

    def pieces(self, chunks: Iterable[bytes], *, closing: bytes = b"") -> Iterator[bytes]:
        """The bytes of `chunks`, but for the pages larger than the cap, in pieces (one or none a
        chunk, and one at the end). `closing`: a tag the XML may end with that is left out (the
        </mediawiki> of a multistream dump's last page stream, which is parsed inside a root of
        its own)."""
        cap, outside_cap = self.cap, max(self.cap, MIN_OUTSIDE_BYTES)
        state, held, scan = _OUTSIDE, b"", 0
        markup = b""  # the end of the comment, CDATA section or processing instruction read in
        for chunk in chunks:
            if not chunk:
                continue
            buf = held + chunk if held else chunk
            if not markup and state != _DROPPING and len(buf) <= cap and _MARKUP.search(buf) is None:
                # only tags and text, no page in it can be too large (MediaWiki's dumps): pass it on
                state, held, scan, kept = _whole(buf, state)
                if kept:
                    yield kept
                continue
            out: list[bytes] = []
            kept = start = 0  # buf[kept:start] is passed on; buf[start:] is undecided
            position = scan  # every token that starts before it has been read
            while True:
                if markup:
                    end = buf.find(markup, position)
                    if end < 0:
                        position = max(position, len(buf) - len(markup) + 1)
                        break
                    position, markup = end + len(markup), b""
                    continue
                found = (_BETWEEN_PAGES if state == _OUTSIDE else _IN_PAGE).search(buf, position)
                if found is None:
                    position = max(position, len(buf) - _OVERLAP)
                    break
                token, position = found.group(), found.end()
                if token in _MARKUP_ENDS:
                    markup = _MARKUP_ENDS[token]
                elif state == _OUTSIDE:  # a page starts
                    self._check_outside(found.start() - start, outside_cap)
                    state, start = _PAGE, found.start()
                elif state == _DROPPING:  # the end of a page too large
                    self.dropped += 1
                    state, kept = _OUTSIDE, position
                    start = kept
                else:  # the end of a page
                    if position - start > cap:
                        out.append(buf[kept:start])
                        self.dropped += 1
                        kept = position
                    state, start = _OUTSIDE, position
            if state == _OUTSIDE:
                self._check_outside(len(buf) - start, outside_cap)
            elif state == _PAGE and len(buf) - start > cap:  # too large already: drop it as it comes
                out.append(buf[kept:start])
                state, kept = _DROPPING, len(buf)
            if state == _DROPPING:
                held, scan = buf[position:], 0
            else:
                held, scan = buf[start:], position - start
                out.append(buf[kept:start])
            if any(out):
                yield b"".join(out)
        if state == _DROPPING:  # the dump ends inside a dropped page: the parser reports the cut
            return
        if state == _OUTSIDE and closing and not markup:
            body = held.rstrip()
            held = body[: -len(closing)] if body.endswith(closing) else held
        if held:
            yield held

    def _check_outside(self, size: int, outside_cap: int) -> None:
        if size > outside_cap:
            raise DumpError(
                f"{self.source}: more than {size_text(outside_cap)} of XML outside any "
                "<page>; not a dump as MediaWiki writes them"
            )


def _whole(buf: bytes, state: int) -> tuple[int, bytes, int, bytes]:
    """(state, held, scan, passed on) after `buf`, no longer than the cap and holding no markup,
    when not dropping: what ends with the last page end is passed on (one copy a chunk, where
    pieces() would walk page by page); what follows it is held, as pieces() holds it."""
    last = buf.rfind(_END)
    if last < 0:
        if state == _PAGE:
            return state, buf, max(0, len(buf) - _OVERLAP), b""
        tail, passed = buf, b""  # (outside: a gap to hold, unless a page starts in it)
    else:
        tail, passed = buf[last + len(_END) :], buf[: last + len(_END)]
    found = _START.search(tail)
    if found is None:
        return _OUTSIDE, tail, max(0, len(tail) - _OVERLAP), passed
    return (
        _PAGE,
        tail[found.start() :],
        max(0, len(tail) - found.start() - _OVERLAP),
        passed + tail[: found.start()],
    )


class ChunkReader(io.RawIOBase):
    """A binary file of the chunks an iterator gives (for an XML parser to read)."""

    def __init__(self, chunks: Iterator[bytes]) -> None:
        super().__init__()
        self._chunks = chunks
        self._pending = memoryview(b"")

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        while not self._pending:
            chunk = next(self._chunks, None)
            if chunk is None:
                return 0
            self._pending = memoryview(chunk)
        size = min(len(buffer), len(self._pending))
        buffer[:size] = self._pending[:size]
        self._pending = self._pending[size:]
        return size
