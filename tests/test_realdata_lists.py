"""Word lists built from the real pages: which end up in balda and wordgame, and why the others do not.

Each expectation follows from the page's wikitext (checked by reading it) and the profile's rules.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from tests.conftest import SHARED
from wordlist import Lexicon
from wordlist.format import LeftOut
from wordlist_pipeline.build import build
from wordlist_pipeline.editions import edition
from wordlist_pipeline.entries import entries_to_table
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
    # text-speak ({{lb|en|informal|internet|text messaging}} People) beside "initialism of parts
    # per litre": every sense a shortening, an abbreviation entry (Balda kept it before issue 26)
    (
        "ppl",
        [("noun", "tagged abbreviation"), ("noun", "tagged abbreviation")],
        [("noun", "tagged abbreviation"), ("noun", "tagged abbreviation")],
    ),
    # "alternative form of LOL", "alternative case form of LOL": LOL is written in capitals, an
    # initialism, and so is lol (LOL has no page here); the archaic nonsense syllable of song stays
    (
        "lol",
        [
            ("interjection", "part of speech interjection"),
            ("noun", "tagged abbreviation"),
            ("verb", "tagged abbreviation"),
            ("interjection", "part of speech interjection"),
        ],
        [
            ("interjection", "tagged slang"),
            ("noun", "tagged abbreviation"),
            ("verb", "tagged slang"),
            ("interjection", None),
        ],
    ),
    # {{plural of|dl}}: dl has no page in these pages, so nothing vouches for dls
    ("dls", [("noun", "inflected form")], [("noun", "form of a word not in the dump")]),
    # {{lb|en|pejorative}} A traitor ...: derogatory, not a slur; Wordgame keeps it (issue 26)
    ("quisling", [("noun", None)], [("noun", None)]),
    # {{obsolete form of|abominable}}: Balda leaves obsolete spellings out, Wordgame keeps them
    ("abhominable", [("adjective", "tagged obsolete_spelling")], [("adjective", None)]),
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
            ("verb", "form of a word not in the dump"),  # {{en-past of|heat}}: no heat page here
            ("adjective", None),
            ("noun", None),
            ("adjective", None),
        ],
    ),
    # lemmas: a real sense beside "plural of"; a shortened form is not an inflection
    ("wares", [("noun", None)], [("noun", None)]),
    # (its verb is {{en-third-person singular of|table}}, and table has no page here)
    (
        "tables",
        [("noun", None), ("verb", "inflected form")],
        [("noun", None), ("verb", "form of a word not in the dump")],
    ),
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


def test_english_2018_a_slur_is_in_no_list_and_a_slur_sense_beside_a_main_one_is(built: Path) -> None:
    """The N-word's 2018 page: noun sense 1 "(now offensive, ethnic slur, vulgar ...)", senses 3-4
    (AAVE) and 7-11 (archaic) unlabelled as offensive, a verb with dated senses first: neither an
    entry tag nor the every-definition rule caught it, and both lists had it (issue 26). Its first
    sense is a slur: every list leaves out both entries. apple (noun sense "(pejorative, ethnic
    slur) A Native American ...") and brown (a verb sense) keep their words: the fruit and the colour."""
    slur_word = "nig" + "ger"  # the page's title, not spelled out in the source
    entries = pl.read_parquet(built / "en" / "entries.parquet")
    noun = entries.filter((pl.col("word") == slur_word) & (pl.col("pos") == "noun")).row(0, named=True)
    assert noun["definition_tags"][0] == ["vulgar", "offensive", "derogatory", "slur"]
    assert noun["definition_tags"][2] == [] and noun["tags"] == []
    for title in ("apple", "brown"):
        senses = entries.filter(pl.col("word") == title)["definition_tags"].explode()
        assert any("slur" in tags for tags in senses), title
    for profile in ("balda", "wordgame"):
        assert decisions(built, "en", profile, slur_word) == [
            ("noun", "a slur (in no list)"),
            ("verb", "a slur (in no list)"),
        ]
        lexicon = Lexicon.open("en", profile, root=built)
        assert not lexicon.is_word(slur_word) and lexicon.is_word("apple") and lexicon.is_word("brown")
        manifest = lexicon.manifest.counts.left_out
        assert LeftOut("slur", None, 2) in manifest


# --- single real pages, selected with the pages they point to -------------------------------------
# The German new spelling of Abschluß is not among the real pages: this one is ours, in the markup
# de.wiktionary uses, so that the old spelling has its new one to take its part of speech from.
ABSCHLUSS = (
    "== Abschluss ({{Sprache|Deutsch}}) ==\n=== {{Wortart|Substantiv|Deutsch}}, {{m}} ===\n"
    "{{Bedeutungen}}\n:[1] das Ende, mit dem etwas fertig wird\n"
)


def page_table(lang: str, pages: list[tuple[str, str]]) -> pl.DataFrame:
    parse = edition(lang).parse_page
    return pl.from_arrow(entries_to_table([e for title, text in pages for e in parse(title, text, 0)]))


def real_page(lang: str, name: str) -> str:
    return (SHARED / lang / "pages" / f"{name}.wiki").read_text(encoding="utf-8")


def explained(table: pl.DataFrame, lang: str, profile: str, title: str) -> list[tuple[str, str, str | None]]:
    return select(table, load_profile(profile), lang).explain(title)


def test_german_brand_nutella_is_in_neither_list() -> None:
    """Nutella ® ({{Sprache|Deutsch}}), ":[1] Markenname einer Nuss-Nugat-Creme": a brand; the German
    lists kept it as the common noun NUTELLA before issue 26."""
    table = page_table(
        "de", [("Nutella", real_page("de", "Nutella")), ("Kartoffel", real_page("de", "Kartoffel"))]
    )
    for profile in ("balda", "wordgame"):
        assert explained(table, "de", profile, "Nutella") == [("noun", "nutella", "tagged brand")]
        selection = select(table, load_profile(profile), "de")
        assert selection.words["word"].to_list() == ["kartoffel"]
        assert LeftOut("tag", "brand", 1) in selection.left_out()


def test_german_old_spelling_abschluss_takes_the_part_of_speech_of_its_new_spelling() -> None:
    """Abschluß's page is "{{Alte Schreibweise|Abschluss|Reform 1996}}" under its language heading,
    no entry heading: the noun its new spelling is. Balda leaves the obsolete spelling out;
    Wordgame, which writes ß as ss, has the one word ABSCHLUSS with both titles."""
    alone = page_table("de", [("Abschluß", real_page("de", "Abschlusz"))])
    assert alone.select("word", "pos", "alt_of", "definitions").rows() == [
        ("Abschluß", "other", ["Abschluss"], ["Alte Schreibweise von Abschluss"])
    ]
    table = page_table("de", [("Abschluß", real_page("de", "Abschlusz")), ("Abschluss", ABSCHLUSS)])
    assert explained(table, "de", "balda", "Abschluß") == [("noun", "abschluß", "tagged obsolete_spelling")]
    assert explained(table, "de", "wordgame", "Abschluß") == [("noun", "abschluss", None)]
    (word,) = select(table, load_profile("wordgame"), "de").words.iter_rows(named=True)
    assert (word["word"], word["pos"], word["titles"]) == ("abschluss", ["noun"], ["Abschluss", "Abschluß"])
    assert select(table, load_profile("balda"), "de").words["word"].to_list() == ["abschluss"]


def test_x_ray_is_a_balda_word_joined() -> None:
    """X-ray (noun, verb, adjective): a capital alone before a hyphen names the letter X; Balda joins
    it as XRAY, as it joins e-mail; Wordgame leaves every hyphenated word out."""
    table = page_table("en", [("X-ray", real_page("en", "X-ray")), ("Monday", real_page("en", "Monday"))])
    assert explained(table, "en", "balda", "X-ray") == [
        ("noun", "xray", None), ("verb", "xray", None), ("adjective", "xray", None)
    ]  # fmt: skip
    assert explained(table, "en", "balda", "Monday")[0][2] == "capitalized"
    assert [reason for _, _, reason in explained(table, "en", "wordgame", "X-ray")] == ["contains '-'"] * 3
    (word,) = select(table, load_profile("balda"), "en").words.iter_rows(named=True)
    assert (word["word"], word["titles"], word["pos"]) == ("xray", ["X-ray"], ["noun", "verb", "adjective"])
