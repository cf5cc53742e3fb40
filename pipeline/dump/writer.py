"""Write MediaWiki XML dumps: plain or bz2, Wikimedia multistream with its index, old or new schema.

Used for the project's own sample dumps, the synthetic benchmark dumps and test fixtures. The
output follows what Wikimedia publishes: export-0.10/0.11 with <ns>, <redirect/> and <model>, or
the old export-0.3 schema of 2004-2008 dumps (no <ns>, no <redirect/>: readers must derive both).
Multistream files put the header through </siteinfo> in stream 0, then 100 pages per stream, then
</mediawiki> alone; the index lists ``offset:page_id:title`` per page.
"""

from __future__ import annotations

import bz2
import contextlib
import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from wordlist_pipeline.atomic import atomic_path


def _edition(lang: str):
    """The edition record of `lang` (imported when needed: editions build on the dump layer)."""
    from wordlist_pipeline.editions import edition

    return edition(lang)


@dataclass(frozen=True, slots=True)
class SourcePage:
    title: str
    text: str
    namespace: int = 0
    redirect: str | None = None
    model: str = "wikitext"
    timestamp: str = "2024-06-01T12:00:00Z"
    page_id: int = 0


def header(
    lang: str, schema: str = "0.11", generator: str = "MediaWiki 1.43.0-wmf.8", sitename: str = "Wiktionary"
) -> str:
    wiki = _edition(lang)
    namespaces = "\n".join(
        f'      <namespace key="{key}" case="case-sensitive" />'
        if not name
        else f'      <namespace key="{key}" case="case-sensitive">{escape(name)}</namespace>'
        for key, name in wiki.namespaces.items()
    )
    dbname = "" if _old(schema) else f"    <dbname>{wiki.dbname}</dbname>\n"
    return (
        f'<mediawiki xmlns="http://www.mediawiki.org/xml/export-{schema}/" '
        f'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        f'xsi:schemaLocation="http://www.mediawiki.org/xml/export-{schema}/ '
        f'http://www.mediawiki.org/xml/export-{schema}.xsd" version="{schema}" xml:lang="{lang}">\n'
        "  <siteinfo>\n"
        f"    <sitename>{escape(sitename)}</sitename>\n"
        f"{dbname}"
        f"    <base>https://{wiki.host}/wiki/{wiki.main_page}</base>\n"
        f"    <generator>{generator}</generator>\n"
        "    <case>case-sensitive</case>\n"
        "    <namespaces>\n"
        f"{namespaces}\n"
        "    </namespaces>\n"
        "  </siteinfo>\n"
    )


def _version(schema: str) -> tuple[int, ...]:
    return tuple(int(p) for p in schema.split("."))


def _old(schema: str) -> bool:
    return _version(schema) < (0, 4)


def _base36_sha1(data: bytes) -> str:
    """A revision's <sha1> as MediaWiki writes it: the SHA-1 in base 36, 31 digits."""
    number = int.from_bytes(hashlib.sha1(data, usedforsecurity=False).digest(), "big")
    digits = []
    while number:
        number, digit = divmod(number, 36)
        digits.append("0123456789abcdefghijklmnopqrstuvwxyz"[digit])
    return "".join(reversed(digits)).rjust(31, "0")


def full_title(page: SourcePage, lang: str) -> str:
    """The title as the dump writes it: with its namespace prefix."""
    prefix = _edition(lang).namespaces.get(page.namespace, "")
    return f"{prefix}:{page.title}" if prefix and not page.title.startswith(prefix + ":") else page.title


def page_xml(page: SourcePage, lang: str, schema: str = "0.11") -> str:
    title = full_title(page, lang)
    old = _old(schema)
    lines = ["  <page>", f"    <title>{escape(title)}</title>"]
    if not old:
        lines.append(f"    <ns>{page.namespace}</ns>")
    lines.append(f"    <id>{page.page_id}</id>")
    if page.redirect is not None and not old:
        lines.append(f"    <redirect title={quoteattr(page.redirect)} />")
    revision = page.page_id * 10 + 7
    lines += [
        "    <revision>",
        f"      <id>{revision}</id>",
        f"      <parentid>{revision - 3}</parentid>",
        f"      <timestamp>{page.timestamp}</timestamp>",
        "      <contributor>",
        "        <username>SampleWriter</username>",
        "        <id>4242</id>",
        "      </contributor>",
        "      <comment>sample entry, written for the wordlist project</comment>",
    ]
    encoded = page.text.encode("utf-8")
    if not old:
        if _version(schema) >= (0, 11):
            lines.append(f"      <origin>{revision}</origin>")
        lines += [f"      <model>{page.model}</model>", "      <format>text/x-wiki</format>"]
    attrs = (
        ' xml:space="preserve"'
        if _version(schema) < (0, 11)
        else f' bytes="{len(encoded)}" xml:space="preserve"'
    )
    lines.append(f"      <text{attrs}>{escape(page.text)}</text>")
    if not old:
        lines.append(f"      <sha1>{_base36_sha1(encoded)}</sha1>")
    lines += ["    </revision>", "  </page>"]
    return "\n".join(lines) + "\n"


def numbered(pages: Iterable[SourcePage], first_id: int = 1) -> Iterator[SourcePage]:
    """Give pages without an id consecutive ids, as a dump would."""
    next_id = first_id
    for page in pages:
        page_id = page.page_id or next_id
        next_id = page_id + 1
        yield SourcePage(
            page.title, page.text, page.namespace, page.redirect, page.model, page.timestamp, page_id
        )


class MultistreamWriter:
    """Write a multistream dump (and its index) one stream at a time; nothing is final until `close`.

    Streams may be handed over already compressed (`add_compressed`), so that worker processes can
    do the slow part. Use as a context manager: on an error the partial files are removed.
    """

    def __init__(
        self, path: Path | str, *, lang: str, header_xml: str, index: Path | str | None = None
    ) -> None:
        self._stack = contextlib.ExitStack()
        self._tmp = self._stack.enter_context(atomic_path(path))
        self._index_tmp = self._stack.enter_context(atomic_path(index)) if index is not None else None
        self._out = self._stack.enter_context(open(self._tmp, "wb"))  # noqa: SIM115 - closed by the ExitStack
        # the index is compressed as it goes (one bz2 stream, the bytes of compressing it whole):
        # its lines are never all in memory
        self._index = (
            self._stack.enter_context(open(self._index_tmp, "wb"))  # noqa: SIM115 - closed by the ExitStack
            if self._index_tmp is not None
            else None
        )
        self._index_compressor = bz2.BZ2Compressor()
        self._lang = lang
        self._out.write(bz2.compress(header_xml.encode("utf-8")))

    def add_pages(self, pages: list[SourcePage], schema: str = "0.11") -> None:
        data = bz2.compress("".join(page_xml(p, self._lang, schema) for p in pages).encode("utf-8"))
        self.add_compressed(data, [(p.page_id, full_title(p, self._lang)) for p in pages])

    def add_compressed(self, data: bytes, pages: list[tuple[int, str]]) -> None:
        """One compressed stream of pages, with (page id, title) of each for the index."""
        offset = self._out.tell()
        self._out.write(data)
        if self._index is not None:
            lines = "".join(f"{offset}:{page_id}:{escape(title)}\n" for page_id, title in pages)
            self._index.write(self._index_compressor.compress(lines.encode("utf-8")))

    def __enter__(self) -> MultistreamWriter:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self._out.write(bz2.compress(b"</mediawiki>\n"))
            if self._index is not None:
                self._index.write(self._index_compressor.flush())
        self._stack.__exit__(exc_type, exc, tb)


def write_dump(
    pages: Iterable[SourcePage],
    path: Path | str,
    *,
    lang: str,
    schema: str = "0.11",
    compress: bool = True,
    multistream: bool = True,
    pages_per_stream: int = 100,
    index: Path | str | None = None,
) -> int:
    """Write a dump; returns the number of pages. Multistream needs `compress`; `index` needs multistream."""
    if multistream and not compress:
        raise ValueError("a multistream dump is bz2-compressed")
    pages = list(numbered(pages))
    head = header(lang, schema)
    if multistream:
        with MultistreamWriter(path, lang=lang, header_xml=head, index=index) as writer:
            for start in range(0, len(pages), pages_per_stream):
                writer.add_pages(pages[start : start + pages_per_stream], schema)
        return len(pages)
    with atomic_path(path) as tmp:
        opener = bz2.open if compress else open
        with opener(tmp, "wt", encoding="utf-8") as f:
            f.write(head)
            for page in pages:
                f.write(page_xml(page, lang, schema))
            f.write("</mediawiki>\n")
    return len(pages)


def read_page_source(path: Path | str) -> list[SourcePage]:
    """Pages from a readable source file: ``@@ page TITLE | ns=4 | redirect=TARGET | model=M`` lines
    start each page, the wikitext follows verbatim. Lines before the first page are comments."""
    pages: list[SourcePage] = []
    current: dict | None = None
    body: list[str] = []

    def flush() -> None:
        if current is not None:
            pages.append(SourcePage(text="\n".join(body).strip("\n"), **current))

    for line in Path(path).read_text(encoding="utf-8").split("\n"):
        if line.startswith("@@ page "):
            flush()
            fields = [f.strip() for f in line[len("@@ page ") :].split(" | ")]
            current = {"title": fields[0]}
            for option in fields[1:]:
                key, _, value = option.partition("=")
                if key == "ns":
                    current["namespace"] = int(value)
                elif key in ("redirect", "model", "timestamp"):
                    current[key] = value
                else:
                    raise ValueError(f"{path}: unknown page option {key!r} in {line!r}")
            body = []
        elif current is not None:
            body.append(line)
    flush()
    return pages
