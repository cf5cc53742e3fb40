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
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass

# Why a page was passed over; the extraction reports these counts as skip reasons.
OTHER_NAMESPACE = "not in the main namespace"
REDIRECT = "redirect"
WITHOUT_MARKER = "without marker"

# Every <page> with, when it has MediaWiki's usual first lines, its namespace and redirect flag.
# Numbers of a sane length only: anything longer (int() refuses 4,300 digits) takes the full path,
# which reports the page as malformed.
_PAGE = re.compile(
    rb"<page>(?:\s*<title>[^<]*</title>\s*<ns>(-?\d{1,9})</ns>\s*<id>\d{1,19}</id>\s*(<redirect\b)?)?"
)
_REDIRECT = re.compile(rb"<redirect\b")
# What makes a page worth parsing besides the marker: text that may be a text redirect ("#...",
# maybe after spaces, which Python's str.isspace also finds among non-ASCII characters), and a
# content model other than wikitext.
_MAYBE_TEXT_REDIRECT = re.compile(rb"<text\b[^>/]*>[#\s\x80-\xff]")
_OTHER_MODEL = re.compile(rb"<model>(?!wikitext</model>)")
# Comments, CDATA, processing instructions, character references: not in MediaWiki's output.
_UNUSUAL = (re.compile(rb"<[!?]"), re.compile(rb"&#"))


@dataclass(frozen=True, slots=True)
class Triage:
    candidates: bytes  # the <page> elements worth parsing, in dump order, concatenated
    passed_over: Counter  # reason -> pages


def triage(body: bytes, marker: str) -> Triage | None:
    """Sort the <page> elements of `body` (a stream without its root), given that only a page
    containing `marker` can hold an entry. None: the stream needs the full path.

    Each fact is found by one regex pass over the whole stream and mapped to its page by
    position: a pass runs in C, while Python work per page would cost as much as the parsing
    it saves.
    """
    if any(pattern.search(body) for pattern in _UNUSUAL):
        return None
    pages = list(_PAGE.finditer(body))
    if not pages or pages[0].start() != 0 or any(page.group(1) is None for page in pages):
        return None
    if sum(page.group(2) is not None for page in pages) != len(_REDIRECT.findall(body)):
        return None  # a <redirect> somewhere else than right after the id
    starts = [page.start() for page in pages]
    flagged: set[int] = set()  # pages to parse, if articles
    for pattern in (re.compile(re.escape(marker.encode())), _MAYBE_TEXT_REDIRECT, _OTHER_MODEL):
        flagged.update(bisect_right(starts, match.start()) - 1 for match in pattern.finditer(body))
    starts.append(len(body))
    candidates: list[bytes] = []
    passed_over: Counter = Counter()
    for index, page in enumerate(pages):
        namespace, redirect = page.groups()
        if namespace != b"0" and int(namespace) != 0:
            passed_over[OTHER_NAMESPACE] += 1
        elif redirect is not None:
            passed_over[REDIRECT] += 1
        elif index in flagged:
            candidates.append(body[starts[index] : starts[index + 1]])
        else:
            passed_over[WITHOUT_MARKER] += 1
    return Triage(b"".join(candidates), passed_over)
