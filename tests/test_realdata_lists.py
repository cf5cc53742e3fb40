"""Word lists built from the real pages: which end up in balda and wordgame, and why the others do not.

Each expectation follows from the page's wikitext (checked by reading it) and the profile's rules.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from tests.conftest import SHARED
from wordlist import Lexicon
from wordlist_pipeline.build import build
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import select

pytestmark = pytest.mark.realdata


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("real-lists")
    build(
        {
            "en": SHARED / "en" / "enwiktionary-2018-head-1394pages.xml.bz2",
            "de": SHARED / "de" / "dewiktionary-2011-57pages-no-ns.xml",
        },
        out,
        workers=2,
    )
    return out


def decisions(built: Path, lang: str, profile: str, title: str) -> list[tuple[str, str | None]]:
    entries = pl.read_parquet(built / lang / "entries.parquet")
    return [(pos, reason) for pos, _, reason in select(entries, load_profile(profile), lang).explain(title)]


CAPITALS = "written in capitals (initialism or acronym)"
EVERY_SENSE = "every definition has an excluded tag"

# (page, balda decisions, wordgame decisions); None = kept
ENGLISH = [
    ("abandon", [("verb", None), ("noun", None)], [("verb", None), ("noun", None)]),
    ("abandoned", [("adjective", None), ("verb", "inflected form")], [("adjective", None), ("verb", None)]),
    ("pies", [("noun", "inflected form"), ("verb", "inflected form")], [("noun", None), ("verb", None)]),
    ("abler", [("adjective", "inflected form")], [("adjective", None)]),
    ("GDP", [("noun", "tagged initialism")], [("noun", "tagged initialism")]),
    # English titles with a capital are proper nouns or made from one, whatever the heading says
    (
        "Monday",
        [("noun", "capitalized"), ("adverb", "capitalized")],
        [("noun", "capitalized"), ("adverb", "capitalized")],
    ),
    ("Aaronic", [("adjective", "capitalized")], [("adjective", "capitalized")]),
    (
        "German",
        [
            ("noun", "capitalized"),
            ("proper_noun", "part of speech proper_noun"),
            ("adjective", "capitalized"),
        ],
        [
            ("noun", "capitalized"),
            ("proper_noun", "part of speech proper_noun"),
            ("adjective", "capitalized"),
        ],
    ),
    (
        "Cameroon",
        [("proper_noun", "part of speech proper_noun"), ("noun", "capitalized")],
        [("proper_noun", "part of speech proper_noun"), ("noun", "capitalized")],
    ),
    # all-capital titles are initialisms or acronyms, however few of their senses say so
    ("PM", [("noun", CAPITALS), ("verb", CAPITALS)], [("noun", CAPITALS), ("verb", CAPITALS)]),
    (
        "FBI",
        [("proper_noun", "part of speech proper_noun"), ("noun", CAPITALS)],
        [("proper_noun", "part of speech proper_noun"), ("noun", CAPITALS)],
    ),
    (
        "RAM",
        [("noun", CAPITALS), ("proper_noun", "part of speech proper_noun")],
        [("noun", CAPITALS), ("proper_noun", "part of speech proper_noun")],
    ),
    ("OMC", [("noun", CAPITALS)], [("noun", "tagged slang")]),  # {{lb|en|fandom slang}}
    # every sense excluded, by different labels (informal + vulgar, colloquial ...)
    ("fart", [("verb", None), ("noun", None)], [("verb", EVERY_SENSE), ("noun", EVERY_SENSE)]),
    # the slang verb goes, the larva and robot nouns and the video-game verb stay
    (
        "bot",
        [("noun", None), ("verb", None), ("noun", None), ("verb", None)],
        [("noun", None), ("verb", EVERY_SENSE), ("noun", None), ("verb", None)],
    ),
    (
        "ppl",
        [("noun", None), ("noun", "tagged abbreviation")],
        [("noun", EVERY_SENSE), ("noun", "tagged abbreviation")],
    ),
    # het: slang (a heterosexual) and fandom slang (fan fiction): a slang entry
    (
        "het",
        [
            ("noun", None),
            ("adjective", None),
            ("verb", "inflected form"),
            ("adjective", None),
            ("noun", None),
            ("adjective", None),
        ],
        [
            ("noun", "tagged slang"),
            ("adjective", "tagged slang"),
            ("verb", None),
            ("adjective", None),
            ("noun", None),
            ("adjective", None),
        ],
    ),
    # lemmas: a real sense beside "plural of"; a shortened form is not an inflection
    ("wares", [("noun", None)], [("noun", None)]),
    ("tables", [("noun", None), ("verb", "inflected form")], [("noun", None), ("verb", None)]),
    ("abit", [("adverb", "tagged misspelling")], [("adverb", "tagged misspelling")]),
    ("able-bodied", [("adjective", None)], [("adjective", "contains '-'")]),
    (
        "December",
        [("proper_noun", "part of speech proper_noun")],
        [("proper_noun", "part of speech proper_noun")],
    ),
    ("grain of salt", [], []),  # a redirect: no entries at all
    ("chien", [], []),  # no English section
]


@pytest.mark.parametrize(("page", "balda", "wordgame"), ENGLISH)
def test_english_2018_pages_in_balda_and_wordgame(
    built: Path, page: str, balda: list, wordgame: list
) -> None:
    assert decisions(built, "en", "balda", page) == balda
    assert decisions(built, "en", "wordgame", page) == wordgame


def test_english_2018_lexicons(built: Path) -> None:
    balda = Lexicon.open("en", "balda", built)
    wordgame = Lexicon.open("en", "wordgame", built)
    assert balda.is_word("ABLEBODIED") and balda.titles("ablebodied") == ["able-bodied"]
    assert not balda.is_word("monday") and not wordgame.is_word("monday") and not balda.is_word("fbi")
    assert balda.is_word("fart") and not wordgame.is_word("fart") and wordgame.is_word("bot")
    assert balda.is_word("wares") and balda.definitions("wares") == [
        "(plural only) Goods or services that are for sale."
    ]
    assert balda.definitions("tables")[0] == "Backgammon."
    assert balda.parts_of_speech("abandoned") == ("adjective",) and wordgame.parts_of_speech("abandoned") == (
        "verb", "adjective"
    )  # fmt: skip
    assert wordgame.is_word("pies") and not balda.is_word("pies")
    assert wordgame.definitions("pies") == [
        "Plural of pie",
        "Third-person singular simple present indicative form of pie",
        "Third-person singular simple present indicative form of pi",
    ]
    assert not balda.is_word("gdp") and not wordgame.is_word("gdp") and not wordgame.is_word("abit")
    assert len(balda) > 850 and len(wordgame) > 850  # 912 and 897 when written (972 and 900 before issue 11)
    # no all-capital or capitalized title in English Balda
    titles = [t for word in balda.words() for t in balda.titles(word)]
    assert titles and not [t for t in titles if t[:1].isupper()]


def test_german_2011_balda(built: Path) -> None:
    balda = Lexicon.open("de", "balda", built)
    assert balda.is_word("JANUAR", pos="noun") and balda.is_word("LIEBEN", pos="verb")
    assert balda.parts_of_speech("liebe") == ("noun",)  # the Toponym section is left out
    assert balda.titles("liebe") == ["Liebe"] and balda.titles("lieben") == [
        "lieben"
    ]  # German capitals count
    assert balda.is_word("aal") and not balda.is_word("ich") and not balda.is_word("ordo")
    assert decisions(built, "de", "balda", "Liebe") == [
        ("noun", None),
        ("proper_noun", "part of speech proper_noun"),
    ]
    assert decisions(built, "de", "balda", "ich") == [("pronoun", "part of speech pronoun")]


def test_english_2018_wordgame_keeps_no_entry_whose_every_sense_is_excluded(built: Path) -> None:
    entries = pl.read_parquet(built / "en" / "entries.parquet").with_row_index("row")
    profile = load_profile("wordgame")
    kept = select(entries.drop("row"), profile, "en").decisions.filter(pl.col("rule").is_null())["row"]
    excluded = set(profile.exclude_tags)
    offending = [
        (row["word"], row["pos"])
        for row in entries.filter(pl.col("row").is_in(kept.implode())).iter_rows(named=True)
        if row["definition_tags"] and all(excluded & set(tags) for tags in row["definition_tags"])
    ]
    assert offending == [] and len(kept) > 1000
