"""The Wiktionary editions the pipeline reads: one folder each, found here.

An edition is a subpackage ``pipeline/editions/<code>/`` whose ``__init__`` defines ``EDITION``,
an `Edition` record (see record.py) with its parser, tables and what the rest of the pipeline
needs to know about the wiki. Adding an edition is adding such a folder (and listing the package
in pyproject.toml so that it is installed).
"""

from __future__ import annotations

import importlib
import pkgutil

from wordlist_pipeline.editions.record import Edition, PageParser
from wordlist_pipeline.errors import DumpError

__all__ = ["EDITIONS", "Edition", "PageParser", "codes", "edition"]


def _discover() -> dict[str, Edition]:
    found: dict[str, Edition] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        record = getattr(importlib.import_module(f"{__name__}.{module.name}"), "EDITION", None)
        if isinstance(record, Edition):
            found[record.code] = record
    return dict(sorted(found.items()))


EDITIONS: dict[str, Edition] = _discover()


def codes() -> tuple[str, ...]:
    """The language codes of every edition, sorted."""
    return tuple(EDITIONS)


def edition(lang: str) -> Edition:
    try:
        return EDITIONS[lang]
    except KeyError:
        known = ", ".join(EDITIONS)
        raise DumpError(f"no extractor for language {lang!r} (known: {known})") from None


def language_name(lang: str) -> str:
    """The display name of a language ("English"), or the code itself for one without an edition."""
    found = EDITIONS.get(lang)
    return found.name if found else lang
