"""Real English Wiktionary pages (../shared/wiktionary/en): outcomes checked against the wikitext.

Each expectation below was verified by reading the page's wikitext in the shared dump.
"""

from __future__ import annotations

import bz2
import itertools
from pathlib import Path

import polars as pl
import pytest

from tests.conftest import SHARED
from wordlist_pipeline.dump import DumpReader, find_stream_offsets, open_multistream, pages_in_range
from wordlist_pipeline.dump.multistream import StreamRange
from wordlist_pipeline.dump.writer import MultistreamWriter
from wordlist_pipeline.editions.en.parser import parse_page
from wordlist_pipeline.extract import extract

pytestmark = pytest.mark.realdata
EN_2018 = SHARED / "en" / "enwiktionary-2018-head-1394pages.xml.bz2"
EN_2015 = SHARED / "en" / "enwiktionary-20150224-300pages-multistream.xml.bz2"
PAGES = SHARED / "en" / "pages"


@pytest.fixture(scope="module")
def table_2018(tmp_path_factory: pytest.TempPathFactory) -> pl.DataFrame:
    out = tmp_path_factory.mktemp("en2018") / "entries.parquet"
    result = extract(EN_2018, out, lang="en", workers=2)
    assert result.stats.pages == 1394
    assert result.stats.articles + result.stats.skipped["redirect"] == 1338  # ns 0 pages (SOURCES.md)
    return pl.read_parquet(out)


def rows(table: pl.DataFrame, word: str) -> list[dict]:
    return table.filter(pl.col("word") == word).to_dicts()


def test_2018_abandon_is_a_verb_and_noun_lemma(table_2018: pl.DataFrame) -> None:
    abandon = rows(table_2018, "abandon")
    assert [(r["pos"], r["is_lemma"]) for r in abandon] == [("verb", True), ("noun", True)]
    verb = abandon[0]
    assert len(verb["definitions"]) == 7
    assert verb["definitions"][0] == "(transitive, obsolete) To subdue; to take control of."
    assert verb["definition_tags"][0] == ["obsolete"] and verb["tags"] == []
    assert all("{{" not in d and "[[" not in d and "<ref" not in d for d in verb["definitions"])


def test_2018_abandoned_adjective_lemma_and_verb_form(table_2018: pl.DataFrame) -> None:
    found = {r["pos"]: r for r in rows(table_2018, "abandoned")}
    assert found["adjective"]["is_lemma"] is True and len(found["adjective"]["definitions"]) == 4
    verb = found["verb"]
    assert (verb["is_lemma"], verb["form_of"]) == (False, ["abandon"])
    assert verb["definitions"] == ["Simple past tense and past participle of abandon"]


def test_2018_pies_plural_and_verb_form(table_2018: pl.DataFrame) -> None:
    pies = rows(table_2018, "pies")
    assert [(r["pos"], r["is_lemma"], r["form_of"]) for r in pies] == [
        ("noun", False, ["pie"]),
        ("verb", False, ["pie", "pi"]),
    ]


def test_2018_gdp_is_an_initialism(table_2018: pl.DataFrame) -> None:
    (gdp,) = rows(table_2018, "GDP")
    assert (gdp["pos"], gdp["tags"]) == ("noun", ["initialism"])
    assert gdp["definitions"] == [
        "(economics, initialism) Gross domestic product.",
        "(biochemistry, initialism) Guanosine diphosphate.",
    ]


def test_2018_monday_noun_and_adverb(table_2018: pl.DataFrame) -> None:
    monday, adverb = rows(table_2018, "Monday")  # the Middle English section is not read
    assert (monday["pos"], monday["is_lemma"], monday["tags"]) == ("noun", True, [])
    assert len(monday["definitions"]) == 1
    assert monday["definitions"][0].startswith("The first day of the week in systems using the ISO 8601 norm")
    assert (adverb["pos"], adverb["definitions"]) == ("adverb", ["(US, Canada) on Monday"])


def test_2018_abit_is_a_misspelling(table_2018: pl.DataFrame) -> None:
    (abit,) = rows(table_2018, "abit")  # the Finnish, Latin, Middle English sections are not read
    assert (abit["pos"], abit["tags"], abit["alt_of"]) == ("adverb", ["misspelling"], ["a bit"])


def test_2018_able_bodied_keeps_its_hyphen(table_2018: pl.DataFrame) -> None:
    (entry,) = rows(table_2018, "able-bodied")
    assert entry["pos"] == "adjective" and entry["tags"] == []
    assert entry["definitions"][1].startswith("(nautical) Capable of performing all requisite duties")


def test_2018_redirect_and_foreign_pages_have_no_entries(table_2018: pl.DataFrame) -> None:
    assert rows(table_2018, "grain of salt") == []  # a redirect to "with a grain of salt"
    assert rows(table_2018, "chien") == []  # French, Japanese, Middle French, Old French only
    assert rows(table_2018, "Wiktionary:Welcome, newcomers") == []


def test_2018_proper_nouns_abbreviations_and_forms(table_2018: pl.DataFrame) -> None:
    am = {r["heading"]: r for r in rows(table_2018, "AM")}
    assert (am["Proper noun"]["pos"], am["Proper noun"]["tags"]) == (
        "proper_noun",
        ["abbreviation", "initialism"],
    )
    assert (am["Initialism"]["pos"], am["Initialism"]["tags"]) == ("abbreviation", ["initialism"])
    (abler,) = rows(table_2018, "abler")
    assert (abler["is_lemma"], abler["form_of"]) == (False, ["able"])
    swop = rows(table_2018, "swop")
    assert [(r["pos"], r["tags"], r["alt_of"]) for r in swop] == [
        ("noun", ["alternative_form"], ["swap"]),
        ("verb", ["alternative_form"], ["swap"]),
        ("noun", ["singular_only"], []),  # Etymology 2: {{en-noun|-}}, the dance style
    ]
    december = rows(table_2018, "December")[0]
    assert december["pos"] == "proper_noun"
    assert december["definitions"][1:] == ["(rare) A female given name.", "A rare surname"]


def test_2018_counts(table_2018: pl.DataFrame) -> None:
    lemmas = table_2018.filter(pl.col("is_lemma")).height
    assert table_2018.height == 1900 and lemmas == 1855  # 1852 before wares, tables and van (vanguard)
    assert table_2018.filter(pl.col("pos") == "proper_noun").height == 164


def test_2015_multistream_streams_give_exactly_the_plain_pages() -> None:
    """Stream by stream, the multistream reader yields the pages of a plain decompression."""
    with DumpReader(EN_2015) as reader:
        plain = [(p.title, p.page_id, p.namespace, p.redirect, p.text) for p in reader]
    assert len(plain) == 300
    offsets = find_stream_offsets(EN_2015)
    assert offsets == [0, 654, 261373, 387572, 445068]  # header, 3 x 100 pages, </mediawiki>
    multistream = open_multistream(EN_2015)
    assert multistream is not None and multistream.stream_offsets == (654, 261373, 387572, 445068)
    by_stream = []
    for start, end in itertools.pairwise(offsets[1:]):
        pages = list(pages_in_range(EN_2015, StreamRange(start, end, (start,)), multistream.siteinfo))
        assert len(pages) == 100
        by_stream += [(p.title, p.page_id, p.namespace, p.redirect, p.text) for p in pages]
    assert by_stream == plain


def test_2015_multistream_extracts_like_its_plain_decompression(tmp_path: Path) -> None:
    import bz2

    plain = tmp_path / "plain.xml"
    plain.write_bytes(bz2.decompress(EN_2015.read_bytes()))
    a, b = tmp_path / "multi.parquet", tmp_path / "plain.parquet"
    assert extract(EN_2015, a, workers=2).multistream
    assert not extract(plain, b, workers=1).multistream
    assert pl.read_parquet(a).equals(pl.read_parquet(b))


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        ("aborted", [("adjective", True, ()), ("verb", False, ("abort",))]),
        ("did", [("verb", False, ("do",))]),
        ("women", [("noun", False, ("woman",))]),
        ("it_s", [("contraction", True, ())]),
        ("boot", []),  # German only
        ("seawater", [("noun", True, ())]),
        ("Monday", [("noun", True, ()), ("adverb", True, ())]),
    ],
)
def test_2010s_single_pages(page: str, expected: list) -> None:
    text = (PAGES / f"{page}.wiki").read_text(encoding="utf-8")
    found = parse_page(page.replace("_s", "'s"), text)
    assert [(e.pos, e.is_lemma, e.form_of) for e in found] == expected


def test_2010s_old_context_label_template() -> None:
    aborted = parse_page("aborted", (PAGES / "aborted.wiki").read_text(encoding="utf-8"))[0]
    assert aborted.definitions[1].startswith("(biology) Rendered abortive or sterile; undeveloped;")
    seawater = parse_page("seawater", (PAGES / "seawater.wiki").read_text(encoding="utf-8"))[0]
    assert seawater.definitions == ("The saltwater of a sea or ocean.",)
    assert seawater.tags == ("singular_only",)


def test_2018_pages_as_a_multistream_dump_give_the_same_entries_and_counts(tmp_path: Path) -> None:
    """The real pages' bytes, as MediaWiki wrote them, cut into streams of 100 pages: the prefilter
    reads them and must reach what parsing every page of the original file does."""
    data = bz2.decompress(EN_2018.read_bytes()).decode("utf-8")
    head_end = data.index("</siteinfo>") + len("</siteinfo>")
    pages = [p + "</page>" for p in data[head_end:].split("</page>")[:-1]]
    assert len(pages) == 1394
    dump = tmp_path / "en2018-multistream.xml.bz2"
    with MultistreamWriter(dump, lang="en", header_xml=data[:head_end] + "\n") as writer:
        for start in range(0, len(pages), 100):
            writer.add_compressed(bz2.compress("".join(pages[start : start + 100]).encode()), [])
    fast = extract(dump, tmp_path / "fast.parquet", workers=2)
    full = extract(EN_2018, tmp_path / "full.parquet", workers=1)
    assert fast.multistream and not full.multistream
    assert fast.stats.to_dict() == full.stats.to_dict()
    assert pl.read_parquet(fast.output).equals(pl.read_parquet(full.output))
    assert fast.stats.entries == 1900


def tagged(row: dict) -> list[tuple[str, list[str]]]:
    """(definition, its tags) of an entry row, the definitions cut to their first 40 characters."""
    return [(d[:40], t) for d, t in zip(row["definitions"], row["definition_tags"], strict=True)]


def test_2018_only_inflections_make_a_non_lemma(table_2018: pl.DataFrame) -> None:
    """wares and tables have "Plural of" under a plural-form head, and senses of their own; van's
    {{form of|Shortened form|caravan}} and {{form of|Shortened form|vanguard}} are not inflections."""
    (wares,) = rows(table_2018, "wares")
    assert (wares["is_lemma"], wares["definitions"]) == (
        True,
        ["(plural only) Goods or services that are for sale."],
    )
    noun, verb = rows(table_2018, "tables")
    assert (noun["is_lemma"], noun["definitions"][0], len(noun["definitions"])) == (True, "Backgammon.", 3)
    assert (verb["is_lemma"], verb["form_of"]) == (False, ["table"])
    vans = [r for r in rows(table_2018, "van") if r["pos"] == "noun"]
    assert all(r["is_lemma"] and r["form_of"] == [] for r in vans)
    assert vans[0]["definitions"][-1] == "Shortened form of caravan." and vans[1]["definitions"] == [
        "Shortened form of vanguard."
    ]


def test_2018_definitions_lost_or_misread_before(table_2018: pl.DataFrame) -> None:
    (deep_sleep,) = rows(table_2018, "deep sleep")  # {{&lit|deep|sleep|lang=en}} and a rare sense
    assert deep_sleep["definitions"][0] == "Used other than figuratively or idiomatically: see deep, sleep."
    assert deep_sleep["tags"] == [] and deep_sleep["definition_tags"] == [[], ["rare"]]
    (adverb,) = [r for r in rows(table_2018, "in") if r["pos"] == "adverb"]
    assert ("(UK) Abbreviation of in aid of.", ["abbreviation"]) in zip(
        adverb["definitions"], adverb["definition_tags"], strict=True
    )
    assert adverb["tags"] == []  # one abbreviation sense among five
    eye_dialect = rows(table_2018, "year")[
        1
    ]  # Etymology 2: "eye dialect spelling of [[here]], [[hear]], &amp;c."
    assert (eye_dialect["alt_of"], eye_dialect["tags"]) == (
        ["here", "hear"],
        ["alternative_form", "nonstandard"],
    )
    (taghairm,) = rows(table_2018, "taghairm")  # two ## sub-senses under {{lb|en|historical|Scotland}}
    assert taghairm["definition_tags"] == [["historical"]] * 3 and taghairm["tags"] == ["historical"]


def test_2018_a_dropped_date_and_reference_leave_one_full_stop(table_2018: pl.DataFrame) -> None:
    """ "...for [[antifouling]]. {{defdate|...}}<ref>...</ref>." and "etc. {{defdate|17th century}}.":
    the sentence ends once, not in ".." (nor in ":." when a template after a colon goes)."""
    (ablative,) = [r for r in rows(table_2018, "ablative") if r["pos"] == "adjective"]
    assert any(d.endswith(" as in ablative paints used for antifouling.") for d in ablative["definitions"])
    (craft,) = [r for r in rows(table_2018, "craft") if r["pos"] == "noun"]
    assert any(d.endswith("as in harpoons, hand-lances, etc.") for d in craft["definitions"])
    texts = table_2018.select(pl.col("definitions").explode()).to_series().drop_nulls()
    assert texts.str.contains(r"(?:^|[^.])\.\.$|:\.").sum() == 0 and texts.len() > 5000


def test_2018_every_kind_of_slang_is_slang(table_2018: pl.DataFrame) -> None:
    (omc,) = rows(table_2018, "OMC")  # {{lb|en|fandom slang}}
    (trekkie,) = rows(table_2018, "Trekkie")  # {{lb|en|fandom}}, the alias
    (pears,) = rows(table_2018, "apples and pears")  # {{lb|en|Cockney rhyming slang}}
    assert omc["tags"] == trekkie["tags"] == ["slang"] and pears["tags"] == ["plural_only", "slang"]
    student, period = rows(table_2018, "rag week")  # student slang; {{lb|en|British slang|coarse}}
    assert (student["tags"], period["tags"]) == (["slang"], ["slang", "vulgar"])
    (abbess,) = rows(table_2018, "abbess")  # {{lb|en|archaic|British slang}} on the second sense
    assert abbess["definition_tags"] == [[], ["slang", "archaic"]] and abbess["tags"] == []
    book = [r for r in rows(table_2018, "book") if r["is_lemma"]]
    assert ("(poker slang) four of a kind", ["slang"]) in tagged(book[0])
    assert ("(transitive, law student slang) To recei", ["slang"]) in tagged(book[1])
    bm_noun, bm_verb = rows(table_2018, "BM")  # {{lb|en|euphemism}}
    assert bm_noun["definition_tags"][0] == ["initialism", "euphemistic"] and bm_verb["tags"] == [
        "euphemistic"
    ]


def test_2018_fart_and_bot_senses(table_2018: pl.DataFrame) -> None:
    """fart: every sense excluded by Wordgame, but by different labels, so no entry tag; bot: the
    {{lb|en|British|slang}} / {{lb|en|Australia|informal}} verb, and plain senses elsewhere."""
    verb, noun = rows(table_2018, "fart")
    assert (verb["tags"], verb["definition_tags"]) == ([], [["informal", "vulgar"], ["colloquial"]])
    assert (noun["tags"], noun["definition_tags"]) == (
        [],
        [["informal"], ["colloquial", "vulgar"], ["colloquial", "vulgar", "offensive"]],
    )
    larva, slang_verb, robot, game_verb = rows(table_2018, "bot")
    assert slang_verb["definition_tags"] == [["slang"], ["informal"]]
    assert robot["definition_tags"] == [["informal"], [], []] and larva["definition_tags"] == [[]]
    assert game_verb["definition_tags"] == [[]]
