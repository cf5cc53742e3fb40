"""What both editions do with parsed senses: decide lemma vs form, gather tags, keep definitions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wordlist_pipeline.editions.rules import ABBREVIATION_TAGS, ALTERNATIVE, INFLECTION, MISSPELLING
from wordlist_pipeline.entries import TAGS, Entry

_TAG_ORDER = {tag: i for i, tag in enumerate(TAGS)}


class Sense:
    """One definition: its plain text, its tags, and the entries it points to ("plural of pie").

    A value: never changed once made. A plain class rather than a frozen dataclass: mypyc
    compiles its constructor (a dataclass's generated __init__ stays interpreted Python, and the
    parsers make one Sense per definition line).
    """

    __slots__ = ("refs", "tags", "text")

    def __init__(self, text: str, tags: tuple[str, ...] = (), refs: tuple[tuple[str, str], ...] = ()) -> None:
        self.text = text
        self.tags = tags
        self.refs = refs

    @property
    def is_inflection(self) -> bool:
        return bool(self.refs) and any(kind == INFLECTION for kind, _ in self.refs)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sense):
            return NotImplemented
        return self.text == other.text and self.tags == other.tags and self.refs == other.refs

    def __hash__(self) -> int:
        return hash((self.text, self.tags, self.refs))

    def __repr__(self) -> str:
        return f"Sense(text={self.text!r}, tags={self.tags!r}, refs={self.refs!r})"

    def __reduce__(self) -> tuple[type[Sense], tuple[object, ...]]:
        # pickle and copy through the constructor (compiled by mypyc: see Entry.__reduce__)
        return (Sense, (self.text, self.tags, self.refs))


def ordered_tags(tags: Iterable[str]) -> tuple[str, ...]:
    """Unique tags in the canonical order of TAGS (so rows compare equal whatever the page order)."""
    unique_tags = set(tags)
    if len(unique_tags) < 2:  # most definitions have no tag or one
        return tuple(unique_tags)
    return tuple(sorted(unique_tags, key=_tag_key))


def _tag_key(tag: str) -> tuple[int, str]:
    return _TAG_ORDER.get(tag, len(_TAG_ORDER)), tag


def common_tags(senses: Sequence[Sense]) -> set[str]:
    """Tags that hold for the whole entry: those on every sense, with abbreviation kinds pooled.

    An entry whose senses are all shortenings ("abbreviation of X", "initialism of Y") is an
    abbreviation entry even when no single kind covers every sense.
    """
    if not senses:
        return set()
    for sense in senses:
        if not sense.tags:  # most entries: nothing is on every sense (and not every sense is an abbreviation)
            return set()
    tag_sets = [set(s.tags) for s in senses]
    shared = set.intersection(*tag_sets)
    if all(t & ABBREVIATION_TAGS for t in tag_sets):
        shared |= set().union(*tag_sets) & ABBREVIATION_TAGS
    return shared


# Tags that say what a sense points to ("abbreviation of X"): a sub-sense does not inherit them.
_OWN_TAGS = ABBREVIATION_TAGS | {"misspelling", "alternative_form", "obsolete_spelling"}


def written_in_capitals(title: str) -> bool:
    """FBI, TÜV, LOL: two letters or more, every one a capital (how initialisms and acronyms are written)."""
    letters = [c for c in title if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def alternative_form_tags(sense: Sense) -> Sense:
    """An alternative form is what its spelling says it is: of a title written in capitals
    ("alternative form of LOL", "alternative case form of NATO") an abbreviation itself; marked
    obsolete (obsolete or superseded spelling of, ''obsolete'' + alternative form of), an obsolete
    spelling."""
    targets = [target for kind, target in sense.refs if kind == ALTERNATIVE]
    if not targets:
        return sense
    extra = []
    if all(written_in_capitals(target) for target in targets):
        extra.append("abbreviation")
    if "obsolete" in sense.tags:
        extra.append("obsolete_spelling")
    return Sense(sense.text, unique((*sense.tags, *extra)), sense.refs) if extra else sense


def inherit_labels(senses: Iterable[tuple[int, Sense]]) -> list[Sense]:
    """The senses with text, each carrying its parents' labels.

    `senses` are (depth, sense): depth 1 for `#` or `:[1]`, 2 for `##` or `::[1a]` ... A sub-sense
    is used in the register its parent is labelled with: under "# (slang) A man." the sub-sense
    "## A boyfriend." is slang too. A parent without text still passes its labels on.
    """
    found: list[Sense] = []
    chain: list[tuple[str, ...]] = []  # the labels in force at each depth
    for depth, sense in senses:
        tags = sense.tags
        own = tags if _OWN_TAGS.isdisjoint(tags) else tuple(t for t in tags if t not in _OWN_TAGS)
        if depth <= 1:  # most senses: nothing to inherit
            chain.clear()
            chain.append(own)
        else:
            del chain[depth - 1 :]
            inherited = chain[-1] if chain else ()
            while len(chain) < depth - 1:  # a sub-sense deeper than the one before it
                chain.append(inherited)
            chain.append(unique((*inherited, *own)))
            if not set(inherited) <= set(tags):
                sense = Sense(sense.text, unique((*tags, *inherited)), sense.refs)
        if sense.text:
            found.append(sense)
    return found


def unique(values: Iterable[str]) -> tuple[str, ...]:
    """The non-empty values, each once, in their first order."""
    if isinstance(values, (list, tuple)) and len(values) <= 8:
        # most calls: a value or two, checked against the few found (cheaper than a dict)
        found: list[str] = []
        for value in values:
            if value and value not in found:
                found.append(value)
        return tuple(found)
    return tuple(dict.fromkeys(filter(None, values)))


def make_entry(
    *,
    word: str,
    lang: str,
    pos: str,
    senses: Sequence[Sense],
    head_tags: Iterable[str] = (),
    head_non_lemma: bool = False,
    form_of: Iterable[str] = (),
    alt_of: Iterable[str] = (),
    gender: Sequence[str] = (),
    heading: str = "",
    page_id: int = 0,
) -> Entry:
    """Assemble an Entry from its senses.

    Only inflections make a non-lemma: an entry is one when every definition is an inflection
    ("plural of pie"), or when its head or heading says so (`{{head|en|noun plural form}}`,
    Deklinierte Form) and no definition says otherwise. One real definition beside an
    inflection keeps it a lemma, whatever the head says (`wares`: "Plural of ware" and "Goods
    for sale"). A lemma with some inflection definitions keeps only its real ones. `alt_of`:
    the standard spellings the page names apart from its definitions (German {{Lemmaverweis|X}}).
    """
    pointing = False  # most entries have no "X of Y" definition
    for sense in senses:
        if sense.refs:
            pointing = True
            break
    real = [s for s in senses if not s.is_inflection] if pointing else list(senses)
    # a head is trusted unless the page itself tells its form senses from its real ones
    is_lemma = (0 < len(real) < len(senses)) if head_non_lemma else (bool(real) or not senses)
    kept = real if is_lemma else list(senses)
    if pointing:
        kept = [alternative_form_tags(s) for s in kept]
        lemmas = unique([*form_of, *(t for s in senses for k, t in s.refs if k == INFLECTION)])
        alt_of = unique([*alt_of, *(t for s in kept for k, t in s.refs if k in (ALTERNATIVE, MISSPELLING))])
    else:
        lemmas, alt_of = unique(form_of), unique(alt_of)
    tags = ordered_tags([*head_tags, *common_tags(kept)])
    return Entry(
        word=word,
        lang=lang,
        pos=pos,
        is_lemma=is_lemma,
        form_of=lemmas,
        alt_of=alt_of,
        tags=tags,
        definitions=tuple(s.text for s in kept),
        definition_tags=tuple([ordered_tags(s.tags) if s.tags else () for s in kept]),
        gender=tuple(gender),
        heading=heading,
        page_id=page_id,
    )
