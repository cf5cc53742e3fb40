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


# (page, balda decisions, wordgame decisions); None = kept
ENGLISH = [
    ("abandon", [("verb", None), ("noun", None)], [("verb", None), ("noun", None)]),
    ("abandoned", [("adjective", None), ("verb", "inflected form")], [("adjective", None), ("verb", None)]),
    ("pies", [("noun", "inflected form"), ("verb", "inflected form")], [("noun", None), ("verb", None)]),
    ("abler", [("adjective", "inflected form")], [("adjective", None)]),
    ("GDP", [("noun", "tagged initialism")], [("noun", "tagged initialism")]),
    ("Monday", [("noun", None), ("adverb", None)], [("noun", "capitalized"), ("adverb", "capitalized")]),
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
    assert balda.is_word("monday", pos="adverb") and not wordgame.is_word("monday")
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
    assert len(balda) > 850 and len(wordgame) > 850  # 972 and 900 when written


def test_german_2011_balda(built: Path) -> None:
    balda = Lexicon.open("de", "balda", built)
    assert balda.is_word("JANUAR", pos="noun") and balda.is_word("LIEBEN", pos="verb")
    assert balda.parts_of_speech("liebe") == ("noun",)  # the Toponym section is left out
    assert balda.is_word("aal") and not balda.is_word("ich") and not balda.is_word("ordo")
    assert decisions(built, "de", "balda", "Liebe") == [
        ("noun", None),
        ("proper_noun", "part of speech proper_noun"),
    ]
    assert decisions(built, "de", "balda", "ich") == [("pronoun", "part of speech pronoun")]
