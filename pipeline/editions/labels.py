"""Usage labels to tags, as tables: each edition lists its labels and aliases, and the families
that name a kind of a register ("fandom slang", "British slang", "ethnic slur", "Jugendsprache").

Editions write labels freely: {{lb|en|mildly|vulgar}}, "mildly vulgar" in one label, "student
slang", "Cockney rhyming slang", {{K|ugs.}}, ''umgangssprachlich veraltend:''. Listing every
variant would never end; their shape is regular. A label is looked up, lower-cased:

1. as written, in the edition's table of labels and aliases ("coarse" -> vulgar);
2. without leading qualifiers ("mildly vulgar", "now rare", "potentially offensive");
3. by its head word, the family it belongs to: the last word for English ("law student slang",
   "ice hockey slang" -> slang; "religious slur" -> offensive, derogatory), a pattern over the
   word for German compounds ("Internetslang", "schülersprachlich" -> slang).

A label that is none of these (a topic like "botany", a region like "UK") has no tag.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import ClassVar

from wordlist_pipeline.entries import TAGS

_MAX_CACHED = 100_000  # labels in a dump are few; free-text qualifiers must not grow it without bound


class LabelTable:
    """The tags of an edition's usage labels (see the module docstring). Lookups are cached."""

    __slots__ = ("_cache", "exact", "families", "negations", "qualifiers")
    _SPACES: ClassVar[re.Pattern] = re.compile(r"\s+")

    def __init__(
        self,
        exact: Mapping[str, Iterable[str]],
        *,
        families: Iterable[tuple[str, Iterable[str]]] = (),
        qualifiers: Iterable[str] = (),
        negations: Iterable[str] = (),
    ) -> None:
        """`exact`: label or alias -> tags. `families`: (regex over the head word, tags).
        `qualifiers`: leading words that only qualify the label after them. `negations`: leading
        words that turn a label around ("not", "except"): such a label has no tag."""
        self.exact = {key.lower(): tuple(tags) for key, tags in exact.items()}
        self.families = tuple((re.compile(pattern), tuple(tags)) for pattern, tags in families)
        self.qualifiers = frozenset(q.lower() for q in qualifiers)
        self.negations = frozenset(n.lower() for n in negations)
        self._cache: dict[str, tuple[str, ...]] = {}
        named = {t for tags in self.exact.values() for t in tags} | {t for _, ts in self.families for t in ts}
        if named - set(TAGS):
            raise ValueError(f"label tables name unknown tags: {sorted(named - set(TAGS))}")

    def tags(self, label: str) -> tuple[str, ...]:
        """The tags `label` means (empty when it is a topic, a region or unknown)."""
        found = self._cache.get(label)
        if found is None:
            found = self._lookup(label)
            if len(self._cache) < _MAX_CACHED:
                self._cache[label] = found
        return found

    def _lookup(self, label: str) -> tuple[str, ...]:
        key = self._SPACES.sub(" ", label.strip().lower())
        found = self.exact.get(key)
        if found is not None:
            return found
        words = key.split(" ")
        if words[0] in self.negations:
            return ()
        while len(words) > 1 and words[0] in self.qualifiers:
            words = words[1:]
            found = self.exact.get(" ".join(words))
            if found is not None:
                return found
        head = words[-1] if words else ""
        for pattern, tags in self.families:
            if pattern.search(head):
                return tags
        return ()

    def labels_for(self, tag: str) -> list[str]:
        """The labels and aliases listed for `tag` (for documentation and tests)."""
        return sorted(label for label, tags in self.exact.items() if tag in tags)
