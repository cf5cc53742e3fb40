"""What a dump is made of: the site header and the pages, and how to read them off lxml elements.

Tags are matched by local name, so every export schema version (0.3 ... 0.11) reads the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from lxml import etree

_EDITION_FROM_DBNAME = re.compile(r"^([a-z][a-z-]*)wiktionary$")
_EDITION_FROM_BASE = re.compile(r"//([a-z][a-z-]*)\.wiktionary\.org")


@dataclass(frozen=True, slots=True)
class SiteInfo:
    """The <siteinfo> header, plus what the root element says (schema version, xml:lang)."""

    dbname: str | None = None
    base: str | None = None
    generator: str | None = None
    xml_lang: str | None = None
    export_version: str | None = None
    namespaces: Mapping[str, int] = field(default_factory=dict)

    @property
    def edition(self) -> str | None:
        """The Wiktionary edition's language code ('en', 'de'), read from the header only: the
        <dbname>, else the <base> URL's host, else xml:lang."""
        return edition_code(self.dbname, self.base, self.xml_lang)

    def namespace_of(self, title: str) -> int:
        """Namespace key from a title's prefix, for old exports that have no <ns> element."""
        prefix, sep, _ = title.partition(":")
        if not sep:
            return 0
        return self.namespaces.get(prefix, 0)


@dataclass(frozen=True, slots=True)
class Page:
    """One page of a dump: the latest revision's wikitext and what identifies it."""

    title: str
    namespace: int
    page_id: int
    redirect: str | None
    timestamp: str | None
    text: str
    model: str | None = None

    @property
    def is_article(self) -> bool:
        """True for the pages extraction reads: main namespace, wikitext, not a redirect."""
        return self.namespace == 0 and self.redirect is None and self.model in (None, "wikitext")


def local_name(tag: str) -> str:
    return tag[tag.rfind("}") + 1 :]


def siteinfo_from_element(
    element: etree._Element, *, xml_lang: str | None, export_version: str | None
) -> SiteInfo:
    values: dict[str, str | None] = {}
    namespaces: dict[str, int] = {}
    for child in element:
        name = local_name(child.tag)
        if name == "namespaces":
            for ns in child:
                key = ns.get("key")
                if key is not None and ns.text:
                    namespaces[ns.text.strip()] = int(key)
        elif name in ("dbname", "base", "generator"):
            values[name] = (child.text or "").strip() or None
    return SiteInfo(
        dbname=values.get("dbname"),
        base=values.get("base"),
        generator=values.get("generator"),
        xml_lang=xml_lang,
        export_version=export_version,
        namespaces=namespaces,
    )


_LOCAL_NAMES: dict[str, str] = {}
_MAX_LOCAL_NAMES = 1000  # a dump has a handful of tags; odd ones must not grow it without bound


def _local(tag: str) -> str:
    """local_name with a cache: a dump has a handful of distinct tags, seen millions of times."""
    name = _LOCAL_NAMES.get(tag)
    if name is None:  # comments and processing instructions have a function as their tag
        name = local_name(tag) if isinstance(tag, str) else ""
        if len(_LOCAL_NAMES) < _MAX_LOCAL_NAMES:
            _LOCAL_NAMES[tag] = name
    return name


def page_from_element(element: etree._Element, siteinfo: SiteInfo) -> Page:
    """Build a Page from a parsed <page> element. Raises ValueError if a required field is missing."""
    title: str | None = None
    namespace: int | None = None
    page_id: int | None = None
    redirect: str | None = None
    timestamp = text = model = None
    for child in element:
        name = _local(child.tag)
        if name == "title":
            title = child.text or ""
        elif name == "ns":
            namespace = int(child.text or 0)
        elif name == "id":
            page_id = int(child.text or 0)
        elif name == "redirect":
            redirect = child.get("title") or ""
        elif name == "revision":
            for field_ in child:
                field_name = _local(field_.tag)
                if field_name == "text":
                    text = field_.text or ""
                elif field_name == "timestamp":
                    timestamp = field_.text
                elif field_name == "model":
                    model = field_.text
    if title is None:
        raise ValueError("page without <title>")
    if page_id is None:
        raise ValueError(f"page {title!r} without <id>")
    if namespace is None:
        namespace = siteinfo.namespace_of(title)
    return make_page(title, namespace, page_id, redirect, timestamp, text or "", model, siteinfo)


def make_page(
    title: str,
    namespace: int,
    page_id: int,
    redirect: str | None,
    timestamp: str | None,
    text: str,
    model: str | None,
    siteinfo: SiteInfo,
) -> Page:
    """A Page of the fields read off a <page>, with a redirect told by its text (old dumps have no
    <redirect/> element) as one."""
    if (
        redirect is None
        and (text[:1] == "#" or text[:1].isspace())
        and (m := redirect_text(siteinfo.edition).match(text))
    ):
        redirect = m.group(1).strip()
    return Page(title, namespace, page_id, redirect, timestamp, text, model)


@lru_cache(maxsize=16)
def edition_code(dbname: str | None, base: str | None, xml_lang: str | None) -> str | None:
    """An edition's code from what a <siteinfo> says: the Edition record whose dbname or host it
    names; a Wiktionary without a record by Wikimedia's naming (frwiktionary: 'fr'), so that
    messages can name it."""
    from wordlist_pipeline.editions import EDITIONS  # the records know their wikis' names

    for code, record in EDITIONS.items():
        if dbname == record.dbname or (base and f"//{record.host}/" in base):
            return code
    if dbname and (m := _EDITION_FROM_DBNAME.match(dbname)):
        return m.group(1)
    if base and (m := _EDITION_FROM_BASE.search(base)):
        return m.group(1)
    return xml_lang


@lru_cache(maxsize=16)
def redirect_text(edition: str | None) -> re.Pattern:
    """What a redirect's text looks like in a dump of `edition`, for old dumps that have no
    <redirect/> element: ``#REDIRECT [[target]]``, which every wiki reads, or the wiki's own magic
    word (``#WEITERLEITUNG`` in German) as its Edition record gives it; any edition's if unknown."""
    from wordlist_pipeline.editions import EDITIONS  # the editions know their wikis' words

    known = EDITIONS.get(edition or "")
    words = known.redirect_words if known else [w for e in EDITIONS.values() for w in e.redirect_words]
    alternatives = "|".join(re.escape(w) for w in ("REDIRECT", *words))
    return re.compile(rf"\A\s*#(?:{alternatives})\s*:?\s*\[\[([^\]|#]+)", re.IGNORECASE)


def iter_page_elements(events: Iterator[tuple[str, etree._Element]]) -> Iterator[etree._Element]:
    """Yield each <page>/<siteinfo> element once parsed, then free it and everything before it.

    Freeing the previous siblings is what keeps memory flat: the root would otherwise keep
    every page ever parsed.
    """
    for _, element in events:
        yield element
        element.clear()
        parent = element.getparent()
        if parent is not None:
            while element.getprevious() is not None:
                del parent[0]
