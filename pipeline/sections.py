"""Split a page's wikitext into headed sections, and pick out the language sections an edition wants.

Headings are found by their `=` lines; the level is taken from the shorter side, because real
pages carry mismatched headings like ``====Adjective=====``. Which heading means what is the
editions' business (their tables), not this module's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import NamedTuple

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
    # Read anew each time (a few strips, compiled): a cache of heading lines cost more than it
    # saved, since every page has headings of its own (German: "== Platz ({{Sprache|Deutsch}}) ==").
    return _read_heading(line)


def _read_heading(line: str) -> tuple[int, str] | None:
    stripped = line.rstrip()
    inner = stripped.lstrip("=")
    left = len(stripped) - len(inner)
    title = inner.rstrip("=")
    right = len(inner) - len(title)
    title = title.strip()
    if not right or not title:
        return None
    return min(left, right, 6), title


def _lines_starting(text: str, marker: str) -> list[tuple[int, int]]:
    """(start, end) of each line that starts with `marker`.

    Found with str.find rather than a regex: a page's text is far longer than its headings, and
    a find skips through it in C. A list rather than a generator: this runs on every page, and
    compiled, a generator costs more than the finds.
    """
    found: list[tuple[int, int]] = []
    start = 0 if text.startswith(marker) else text.find("\n" + marker) + 1
    while start > 0 or (start == 0 and text.startswith(marker)):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        found.append((start, end))
        following = text.find("\n" + marker, end - 1)  # from end - 1: the line may be empty
        start = following + 1 if following >= 0 else -1
    return found


def heading_spans(text: str) -> list[tuple[int, int, int, str]]:
    """(start, end, level, title) of each heading line: a section's body runs from its heading's
    end + 1 to the next heading's start (or the end of the text)."""
    found: list[tuple[int, int, int, str]] = []
    for start, end in _lines_starting(text, "="):
        heading = _heading(text[start:end])
        if heading is not None:
            found.append((start, end, heading[0], heading[1]))
    return found


def split_sections(text: str) -> tuple[str, list[Section]]:
    """The text before the first heading, and every headed section in page order."""
    headings = heading_spans(text)
    if not headings:
        return text, []
    sections = []
    for i, (_, end, level, title) in enumerate(headings):
        stop = headings[i + 1][0] if i + 1 < len(headings) else len(text)
        sections.append(Section(level, title, text[end + 1 : stop]))
    return text[: headings[0][0]], sections


def _top_headings(text: str) -> list[tuple[int, int, int, str]]:
    """(start, end, level, title) of the level-2 headings. A line opening with three `=` is a
    deeper heading whatever its end, so "===Noun==" does not end a language section."""
    return [
        (start, end, *heading)
        for start, end in _lines_starting(text, "==")
        if text[start + 2 : start + 3] != "="
        and (heading := _heading(text[start:end])) is not None
        and heading[0] <= 2
    ]


def language_sections(text: str, is_wanted: Callable[[str], bool]) -> Iterator[tuple[str, str]]:
    """(heading title, text) of each level-2 section whose title `is_wanted`, subsections included."""
    headings = _top_headings(text)
    for i, (_, end, level, title) in enumerate(headings):
        if level == 2 and is_wanted(title):
            stop = headings[i + 1][0] if i + 1 < len(headings) else len(text)
            yield title, text[end + 1 : stop]
