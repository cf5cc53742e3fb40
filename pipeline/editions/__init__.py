"""The Wiktionary editions the pipeline reads, each a pure `parse_page(title, wikitext, page_id)`."""

from __future__ import annotations

from collections.abc import Callable

from pipeline.editions import english, german
from pipeline.entries import Entry
from pipeline.errors import DumpError

PageParser = Callable[[str, str, int], list[Entry]]

EDITIONS: dict[str, PageParser] = {
    "en": english.parse_page,
    "de": german.parse_page,
}


def page_parser(lang: str) -> PageParser:
    try:
        return EDITIONS[lang]
    except KeyError:
        known = ", ".join(sorted(EDITIONS))
        raise DumpError(f"no extractor for language {lang!r} (known: {known})") from None
