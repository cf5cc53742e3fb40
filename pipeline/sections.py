"""Split a page's wikitext into headed sections, and pick out the language sections an edition wants.

Headings are found by their `=` lines; the level is taken from the shorter side, because real
pages carry mismatched headings like ``====Adjective=====``. Which heading means what is the
editions' business (their tables), not this module's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

_HEADING = re.compile(r"^(={1,6})[ \t]*(.*?[^=\s].*?)[ \t]*(={1,6})[ \t]*$", re.MULTILINE)
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Section:
    """A heading and the text under it, up to the next heading of any level."""

    level: int
    title: str
    body: str


def strip_comments(text: str) -> str:
    """Remove HTML comments (an unterminated one runs to the end, as MediaWiki renders it)."""
    return _COMMENT.sub("", text) if "<!--" in text else text


def split_sections(text: str) -> tuple[str, list[Section]]:
    """The text before the first heading, and every headed section in page order."""
    matches = list(_HEADING.finditer(text))
    if not matches:
        return text, []
    sections = []
    for i, match in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        level = min(len(match.group(1)), len(match.group(3)))
        sections.append(Section(level, match.group(2).strip(), text[match.end() + 1 : end]))
    return text[: matches[0].start()], sections


def language_sections(text: str, is_wanted: Callable[[str], bool]) -> Iterator[tuple[str, str]]:
    """(heading title, text) of each level-2 section whose title `is_wanted`, subsections included."""
    matches = [m for m in _HEADING.finditer(text) if min(len(m.group(1)), len(m.group(3))) <= 2]
    for i, match in enumerate(matches):
        title = match.group(2).strip()
        if min(len(match.group(1)), len(match.group(3))) == 2 and is_wanted(title):
            end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
            yield title, text[match.end() + 1 : end]
