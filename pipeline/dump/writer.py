"""Write MediaWiki XML dumps: plain or bz2, Wikimedia multistream with its index, old or new schema.

Used for the project's own sample dumps, the synthetic benchmark dumps and test fixtures. The
output follows what Wikimedia publishes: export-0.10/0.11 with <ns>, <redirect/> and <model>, or
the old export-0.3 schema of 2004-2008 dumps (no <ns>, no <redirect/>: readers must derive both).
Multistream files put the header through </siteinfo> in stream 0, then 100 pages per stream, then
</mediawiki> alone; the index lists ``offset:page_id:title`` per page.
"""

from __future__ import annotations

import bz2
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from pipeline.atomic import atomic_path

NAMESPACES = {
    "en": {
        -2: "Media",
        -1: "Special",
        0: "",
        1: "Talk",
        2: "User",
        4: "Wiktionary",
        6: "File",
        8: "MediaWiki",
        10: "Template",
        12: "Help",
        14: "Category",
        100: "Appendix",
        110: "Thesaurus",
        118: "Reconstruction",
        828: "Module",
    },
    "de": {
        -2: "Medium",
        -1: "Spezial",
        0: "",
        1: "Diskussion",
        2: "Benutzer",
        4: "Wiktionary",
        6: "Datei",
        8: "MediaWiki",
        10: "Vorlage",
        12: "Hilfe",
        14: "Kategorie",
        102: "Verzeichnis",
        104: "Thesaurus",
        108: "Flexion",
        828: "Modul",
    },
}
MAIN_PAGE = {"en": "Main_Page", "de": "Hauptseite"}


@dataclass(frozen=True, slots=True)
class SourcePage:
    title: str
    text: str
    namespace: int = 0
    redirect: str | None = None
    model: str = "wikitext"
    timestamp: str = "2024-06-01T12:00:00Z"
    page_id: int = 0


def header(lang: str, schema: str = "0.11", generator: str = "MediaWiki 1.43.0-wmf.8") -> str:
    namespaces = "\n".join(
        f'      <namespace key="{key}" case="case-sensitive" />'
        if not name
        else f'      <namespace key="{key}" case="case-sensitive">{escape(name)}</namespace>'
        for key, name in NAMESPACES[lang].items()
    )
    dbname = "" if _old(schema) else f"    <dbname>{lang}wiktionary</dbname>\n"
    return (
        f'<mediawiki xmlns="http://www.mediawiki.org/xml/export-{schema}/" '
        f'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        f'xsi:schemaLocation="http://www.mediawiki.org/xml/export-{schema}/ '
        f'http://www.mediawiki.org/xml/export-{schema}.xsd" version="{schema}" xml:lang="{lang}">\n'
        "  <siteinfo>\n"
        "    <sitename>Wiktionary</sitename>\n"
        f"{dbname}"
        f"    <base>https://{lang}.wiktionary.org/wiki/{MAIN_PAGE[lang]}</base>\n"
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


def page_xml(page: SourcePage, lang: str, schema: str = "0.11") -> str:
    prefix = NAMESPACES[lang].get(page.namespace, "")
    title = f"{prefix}:{page.title}" if prefix and not page.title.startswith(prefix + ":") else page.title
    old = _old(schema)
    lines = ["  <page>", f"    <title>{escape(title)}</title>"]
    if not old:
        lines.append(f"    <ns>{page.namespace}</ns>")
    lines.append(f"    <id>{page.page_id}</id>")
    if page.redirect is not None and not old:
        lines.append(f"    <redirect title={quoteattr(page.redirect)} />")
    lines += [
        "    <revision>",
        f"      <id>{page.page_id * 10 + 7}</id>",
        f"      <timestamp>{page.timestamp}</timestamp>",
        "      <contributor>",
        "        <username>SampleWriter</username>",
        "        <id>4242</id>",
        "      </contributor>",
    ]
    if not old:
        lines += [f"      <model>{page.model}</model>", "      <format>text/x-wiki</format>"]
    size = len(page.text.encode("utf-8"))
    attrs = ' xml:space="preserve"' if _version(schema) < (0, 11) else f' bytes="{size}" xml:space="preserve"'
    lines.append(f"      <text{attrs}>{escape(page.text)}</text>")
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
    with atomic_path(path) as tmp:
        if not compress:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(head)
                for page in pages:
                    f.write(page_xml(page, lang, schema))
                f.write("</mediawiki>\n")
        elif not multistream:
            with bz2.open(tmp, "wt", encoding="utf-8") as f:
                f.write(head)
                for page in pages:
                    f.write(page_xml(page, lang, schema))
                f.write("</mediawiki>\n")
        else:
            index_lines = _write_multistream(tmp, head, pages, lang, schema, pages_per_stream)
            if index is not None:
                with atomic_path(index) as index_tmp:
                    index_tmp.write_bytes(bz2.compress("".join(index_lines).encode("utf-8")))
    return len(pages)


def _write_multistream(
    path: Path, head: str, pages: list[SourcePage], lang: str, schema: str, pages_per_stream: int
) -> list[str]:
    index_lines = []
    with open(path, "wb") as f:
        f.write(bz2.compress(head.encode("utf-8")))
        for start in range(0, len(pages), pages_per_stream):
            group = pages[start : start + pages_per_stream]
            offset = f.tell()
            f.write(bz2.compress("".join(page_xml(p, lang, schema) for p in group).encode("utf-8")))
            for page in group:
                prefix = NAMESPACES[lang].get(page.namespace, "")
                title = f"{prefix}:{page.title}" if prefix else page.title
                index_lines.append(f"{offset}:{page.page_id}:{escape(title)}\n")
        f.write(bz2.compress(b"</mediawiki>\n"))
    return index_lines


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
