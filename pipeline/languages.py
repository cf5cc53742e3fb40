"""Display names of the languages the pipeline builds lists for, written into each list's artefacts.

(Until each edition's record carries its name: then the artefacts take it from there.)
"""

from __future__ import annotations

LANGUAGE_NAMES = {"en": "English", "de": "German"}


def language_name(lang: str) -> str:
    return LANGUAGE_NAMES.get(lang, lang)
