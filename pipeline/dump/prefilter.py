"""Sort a stream's pages before parsing them: most pages of a dump are never read.

Of the real English dump's millions of pages, most are outside the main namespace, redirects, or
without a section in the edition's language; parsing their XML and building a Page for each costs
more than the extraction of the rest. In a Wikimedia dump every page starts with the same lines
(``<title>``, ``<ns>``, ``<id>``, then ``<redirect .../>`` for a redirect) and markup inside text
is escaped, so those facts and "the text contains the marker" can be read off the raw bytes.

The verdicts are those of parsing every page: a page is passed over only when it would certainly
be skipped; anything else (a text redirect without <redirect>, another content model, several
revisions, text starting with a space) stays a candidate for the full path. A stream where
anything is unusual (a page of another shape, comments, CDATA, character references) is left
whole to the full path. Passed-over pages are not checked for well-formed XML.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

# Why a page was passed over; the extraction reports these counts as skip reasons.
OTHER_NAMESPACE = "not in the main namespace"
REDIRECT = "redirect"
WITHOUT_MARKER = "without marker"

# A page's first lines when they are MediaWiki's usual ones, with its namespace and redirect flag.
_HEADER = re.compile(rb"<page>\s*<title>[^<]*</title>\s*<ns>(-?\d+)</ns>\s*<id>\d+</id>\s*(<redirect\b)?")
_REDIRECT = re.compile(rb"<redirect\b")
# What makes a page worth parsing besides the marker: text that may be a text redirect ("#...",
# maybe after spaces, which Python's str.isspace also finds among non-ASCII characters), and a
# content model other than wikitext.
_MAYBE_TEXT_REDIRECT = re.compile(rb"<text\b[^>/]*>[#\s\x80-\xff]")
_OTHER_MODEL = re.compile(rb"<model>(?!wikitext</model>)")
# Comments, CDATA, processing instructions, character references: not in MediaWiki's output.
_UNUSUAL = (b"<!", b"<?", b"&#")
_PAGE = b"<page>"


@dataclass(frozen=True, slots=True)
class Triage:
    candidates: bytes  # the <page> elements worth parsing, in dump order, concatenated
    passed_over: Counter  # reason -> pages


def triage(body: bytes, marker: str) -> Triage | None:
    """Sort the <page> elements of `body` (a stream without its root), given that only a page
    containing `marker` can hold an entry. None: the stream needs the full path.

    Python does no work per page passed over: the pages are counted by namespace and redirect
    flag from one regex pass (the counting in C), and the pages worth parsing are found by
    searching for the marker from one such page to the next.
    """
    if any(unusual in body for unusual in _UNUSUAL) or not body.startswith(_PAGE):
        return None
    headers = _HEADER.findall(body)
    if len(headers) != body.count(_PAGE):
        return None  # a page of another shape
    kinds = Counter(headers)  # (namespace, redirect) -> pages
    if sum(n for (_, redirect), n in kinds.items() if redirect) != len(_REDIRECT.findall(body)):
        return None  # a <redirect> somewhere else than right after the id
    candidates: list[bytes] = []
    for start, end in _flagged(body, marker.encode()):
        namespace, redirect = _HEADER.match(body, start).groups()
        if int(namespace) == 0 and not redirect:
            candidates.append(body[start:end])
    articles = sum(n for (namespace, _), n in kinds.items() if int(namespace) == 0)
    redirects = sum(n for (namespace, redirect), n in kinds.items() if int(namespace) == 0 and redirect)
    passed_over = Counter(
        {
            OTHER_NAMESPACE: len(headers) - articles,
            REDIRECT: redirects,
            WITHOUT_MARKER: articles - redirects - len(candidates),
        }
    )
    return Triage(b"".join(candidates), +passed_over)  # (+: only the reasons that occur)


def _flagged(body: bytes, marker: bytes) -> list[tuple[int, int]]:
    """(start, end) of each page that contains the marker, may be a text redirect or has another
    content model, in dump order. A page ends where the next one starts."""
    find, rfind = body.find, body.rfind
    pages: dict[int, int] = {}

    def page_at(position: int) -> int:
        start = rfind(_PAGE, 0, position + len(_PAGE))
        end = find(_PAGE, position + 1)
        pages[start] = len(body) if end < 0 else end
        return pages[start]

    position = find(marker)
    while position >= 0:  # one search per page with the marker, however often it occurs there
        position = find(marker, page_at(position))
    for pattern in (_MAYBE_TEXT_REDIRECT, _OTHER_MODEL):
        for match in pattern.finditer(body):
            page_at(match.start())
    return sorted(pages.items())
