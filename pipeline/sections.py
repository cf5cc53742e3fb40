"""Split a page's wikitext into headed sections, and pick out the language sections an edition wants.

Headings are found by their `=` lines; the level is taken from the shorter side, because real
pages carry mismatched headings like ``====Adjective=====``. Which heading means what is the
editions' business (their tables), not this module's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import NamedTuple

_HEADING_LINE = re.compile(r"^=[^\n]*", re.MULTILINE)  # candidates; `_heading` decides
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)


class Section(NamedTuple):
    """A heading and the text under it, up to the next heading of any level."""

    level: int
    title: str
    body: str


def strip_comments(text: str) -> str:
    """Remove HTML comments (an unterminated one runs to the end, as MediaWiki renders it)."""
    return _COMMENT.sub("", text) if "<!--" in text else text


def _heading(line: str) -> tuple[int, str] | None:
    """(level, title) if `line` is a heading: '=' runs on both sides of a title."""
    stripped = line.rstrip()
    inner = stripped.lstrip("=")
    left = len(stripped) - len(inner)
    title = inner.rstrip("=")
    right = len(inner) - len(title)
    title = title.strip()
    if not right or not title:
        return None
    return min(left, right, 6), title


def _headings(text: str) -> list[tuple[int, int, int, str]]:
    """(start, end, level, title) of each heading line."""
    found = []
    for match in _HEADING_LINE.finditer(text):
        heading = _heading(match.group())
        if heading is not None:
            found.append((match.start(), match.end(), *heading))
    return found


def split_sections(text: str) -> tuple[str, list[Section]]:
    """The text before the first heading, and every headed section in page order."""
    headings = _headings(text)
    if not headings:
        return text, []
    sections = []
    for i, (_, end, level, title) in enumerate(headings):
        stop = headings[i + 1][0] if i + 1 < len(headings) else len(text)
        sections.append(Section(level, title, text[end + 1 : stop]))
    return text[: headings[0][0]], sections


def _top_headings(text: str) -> list[tuple[int, int, int, str]]:
    """(start, end, level, title) of the level-2 headings, found with str.find (a page's other
    text is far longer than its language headings, and a regex scan of it costs more)."""
    found = []
    start = 0 if text.startswith("==") else text.find("\n==") + 1
    while start >= 0 and (start > 0 or text.startswith("==")):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        if text[start + 2 : start + 3] != "=":
            heading = _heading(text[start:end])
            if heading is not None and heading[0] <= 2:
                found.append((start, end, *heading))
        following = text.find("\n==", end - 1 if end > start else start + 2)
        start = following + 1 if following >= 0 else -1
    return found


def language_sections(text: str, is_wanted: Callable[[str], bool]) -> Iterator[tuple[str, str]]:
    """(heading title, text) of each level-2 section whose title `is_wanted`, subsections included."""
    headings = _top_headings(text)
    for i, (_, end, level, title) in enumerate(headings):
        if level == 2 and is_wanted(title):
            stop = headings[i + 1][0] if i + 1 < len(headings) else len(text)
            yield title, text[end + 1 : stop]
