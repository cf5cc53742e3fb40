"""Record types the edition tables are written in, shared by every edition."""

from __future__ import annotations

from dataclasses import dataclass

# Kinds of "X of Y" definitions. Only inflections make an entry a non-lemma.
INFLECTION = "inflection"
ALTERNATIVE = "alternative"
MISSPELLING = "misspelling"
ABBREVIATION = "abbreviation"
ACRONYM = "acronym"
INITIALISM = "initialism"
OTHER = "other"  # clipping of, synonym of ...: a real word, the template is only phrasing

ABBREVIATION_TAGS = frozenset({"abbreviation", "acronym", "initialism"})


@dataclass(frozen=True, slots=True)
class PosRule:
    """What a heading or head template says about an entry."""

    pos: str | None = None
    tags: tuple[str, ...] = ()
    non_lemma: bool = False


@dataclass(frozen=True, slots=True)
class FormOfRule:
    """A form-of template: its kind, the words it renders before the target, extra tags it implies."""

    kind: str
    text: str
    tags: tuple[str, ...] = ()


def rule(pos: str | None = None, *tags: str, non_lemma: bool = False) -> PosRule:
    return PosRule(pos, tags, non_lemma)


def form(kind: str, text: str, *tags: str) -> FormOfRule:
    return FormOfRule(kind, text, tags)
