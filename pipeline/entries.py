"""The entries table: one row per (page, part-of-speech section), the same for every edition.

Columns
-------
word             page title, unchanged (case, spaces, hyphens, diacritics kept)
lang             edition language ("en", "de"); only entries of the edition's own language are kept
pos              normalized part of speech (see wordlist.format.POS)
is_lemma         False for inflected forms (plurals, verb forms, comparatives, German Deklinierte Form ...)
form_of          lemma(s) an inflected form belongs to
alt_of           the standard spelling an alternative form or misspelling points to
tags             entry-level tags (see TAGS): structural ones (abbreviation, plural_only ...) and every
                 register label that applies to all of the entry's definitions
definitions      cleaned plain-text definitions, in page order (sub-senses included)
definition_tags  the tags of each definition, parallel to `definitions`
gender           grammatical gender(s) of nouns: "m", "f", "n" (German), empty otherwise
heading          the section heading as written, for tracing a row back to the page
page_id          the page's id in the dump
"""

from __future__ import annotations

from collections.abc import Iterable

import pyarrow as pa

TAGS = {
    # what the entry is
    "abbreviation": "shortened written form (abbreviation, Abkürzung)",
    "acronym": "abbreviation read as a word",
    "initialism": "abbreviation read letter by letter",
    "misspelling": "common misspelling of another word",
    "alternative_form": "alternative spelling or form of another word",
    "obsolete_spelling": "an obsolete spelling or form of a word spelled otherwise today (Abschluß, musick)",
    "brand": "a brand name (Markenname, a heading marked ®)",
    "plural_only": "noun used only in the plural (plurale tantum)",
    "singular_only": "noun without a plural (uncountable, kein Plural)",
    "participle": "participle section",
    # register and usage labels
    "slang": "slang, Internet slang, youth language",
    "informal": "informal, umgangssprachlich",
    "colloquial": "colloquial",
    "vulgar": "vulgar, derb",
    "offensive": "offensive, ethnic slur",
    "derogatory": "derogatory, pejorative, abwertend",
    "slur": "a slur on a group (ethnic, racial, religious, homophobic slur; rassistisch): see select.py",
    "humorous": "humorous, jocular, scherzhaft",
    "euphemistic": "euphemistic, verhüllend",
    "formal": "formal, gehoben",
    "literary": "literary, poetic, dichterisch",
    "obsolete": "obsolete, veraltet",
    "archaic": "archaic",
    "dated": "dated, veraltend",
    "historical": "historical, historisch",
    "rare": "rare, selten",
    "nonce": "nonce word",
    "nonstandard": "nonstandard, proscribed, eye dialect",
    "dialectal": "dialectal, mundartlich",
    "regional": "regional (landschaftlich, österreichisch, schweizerisch ...)",
}


# The fields of Entry, in the order of the table's columns.
COLUMNS = (
    "word",
    "lang",
    "pos",
    "is_lemma",
    "form_of",
    "alt_of",
    "tags",
    "definitions",
    "definition_tags",
    "gender",
    "heading",
    "page_id",
)


class Entry:
    """One row of the entries table (see the module docstring for the columns).

    A value: never changed once made. A plain class rather than a frozen dataclass: mypyc
    compiles its constructor (a dataclass's generated __init__ stays interpreted Python, and
    extraction makes one Entry per part-of-speech section). Equality, hash and repr are a
    dataclass's.
    """

    __slots__ = COLUMNS

    def __init__(
        self,
        word: str,
        lang: str,
        pos: str,
        is_lemma: bool = True,
        form_of: tuple[str, ...] = (),
        alt_of: tuple[str, ...] = (),
        tags: tuple[str, ...] = (),
        definitions: tuple[str, ...] = (),
        definition_tags: tuple[tuple[str, ...], ...] = (),
        gender: tuple[str, ...] = (),
        heading: str = "",
        page_id: int = 0,
    ) -> None:
        self.word = word
        self.lang = lang
        self.pos = pos
        self.is_lemma = is_lemma
        self.form_of = form_of
        self.alt_of = alt_of
        self.tags = tags
        self.definitions = definitions
        self.definition_tags = definition_tags
        self.gender = gender
        self.heading = heading
        self.page_id = page_id

    def row(self) -> tuple[object, ...]:
        """The fields in COLUMNS order."""
        return (
            self.word,
            self.lang,
            self.pos,
            self.is_lemma,
            self.form_of,
            self.alt_of,
            self.tags,
            self.definitions,
            self.definition_tags,
            self.gender,
            self.heading,
            self.page_id,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Entry):
            return NotImplemented
        return self.row() == other.row()

    def __hash__(self) -> int:
        return hash(self.row())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(COLUMNS, self.row(), strict=True))
        return f"Entry({shown})"

    def __reduce__(self) -> tuple[type[Entry], tuple[object, ...]]:
        # pickle and copy through the constructor: compiled by mypyc (setup.py), the class has no
        # __dict__ to restore
        return (Entry, self.row())


_STRINGS = pa.list_(pa.string())
SCHEMA = pa.schema(
    [
        pa.field("word", pa.string(), nullable=False),
        pa.field("lang", pa.string(), nullable=False),
        pa.field("pos", pa.string(), nullable=False),
        pa.field("is_lemma", pa.bool_(), nullable=False),
        pa.field("form_of", _STRINGS, nullable=False),
        pa.field("alt_of", _STRINGS, nullable=False),
        pa.field("tags", _STRINGS, nullable=False),
        pa.field("definitions", _STRINGS, nullable=False),
        pa.field("definition_tags", pa.list_(_STRINGS), nullable=False),
        pa.field("gender", _STRINGS, nullable=False),
        pa.field("heading", pa.string(), nullable=False),
        pa.field("page_id", pa.int64(), nullable=False),
    ]
)
assert tuple(SCHEMA.names) == COLUMNS, "Entry fields and SCHEMA columns must stay in the same order"


def entries_to_table(entries: Iterable[Entry]) -> pa.Table:
    """The entries as a table: a column at a time (Arrow reads the tuples as lists)."""
    entries = entries if isinstance(entries, list) else list(entries)
    return pa.table([[getattr(e, name) for e in entries] for name in COLUMNS], schema=SCHEMA)
