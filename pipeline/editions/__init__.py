"""The Wiktionary editions the pipeline reads, each a pure `parse_page(title, wikitext, page_id)`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wordlist_pipeline.editions import english, german
from wordlist_pipeline.entries import Entry
from wordlist_pipeline.errors import DumpError

PageParser = Callable[[str, str, int], list[Entry]]


@dataclass(frozen=True)
class Edition:
    lang: str
    parse_page: PageParser
    # Every page with an entry of the edition contains this text, so a page without it is
    # skipped unread (most pages of a dump are; see pipeline.dump.prefilter).
    marker: str


EDITIONS: dict[str, Edition] = {
    "en": Edition("en", english.parse_page, english.MARKER),
    "de": Edition("de", german.parse_page, german.MARKER),
}


def edition(lang: str) -> Edition:
    try:
        return EDITIONS[lang]
    except KeyError:
        known = ", ".join(sorted(EDITIONS))
        raise DumpError(f"no extractor for language {lang!r} (known: {known})") from None
