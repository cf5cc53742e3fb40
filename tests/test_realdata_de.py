"""Real German Wiktionary pages (../shared/wiktionary/de): outcomes checked against the wikitext.

Every XML file there is extracted through the public `extract` API; single .wiki pages go
through the German parser. Each expectation was verified by reading the page's wikitext.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from tests.conftest import SHARED
from wordlist_pipeline.editions.de.parser import parse_page
from wordlist_pipeline.extract import extract

pytestmark = pytest.mark.realdata
DE = SHARED / "de"


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pl.DataFrame]:
    """Every German XML file extracted, keyed by file stem; all must run without error."""
    out = tmp_path_factory.mktemp("de")
    found = {}
    for dump in sorted(DE.glob("*.xml")):
        result = extract(dump, out / f"{dump.stem}.parquet", workers=1)
        assert result.lang == "de"
        assert not result.stats.skipped.get("unparsable wikitext")
        found[dump.stem] = pl.read_parquet(out / f"{dump.stem}.parquet")
    assert len(found) == 9
    return found


def rows(table: pl.DataFrame, word: str) -> list[dict]:
    return table.filter(pl.col("word") == word).to_dicts()


def wiki(name: str, title: str) -> list:
    return parse_page(title, (DE / "pages" / f"{name}.wiki").read_text(encoding="utf-8"))


def test_2019_dump(tables: dict[str, pl.DataFrame]) -> None:
    table = tables["dewiktionary-20191020-8pages"]
    # MediaWiki pages, and the Latin "ordo", give nothing
    assert sorted(set(table["word"])) == ["Hallo", "Januar", "Subfamilia", "durchführen", "ich"]
    (hallo,) = rows(table, "Hallo")
    assert (hallo["pos"], hallo["gender"], hallo["definitions"]) == (
        "noun",
        ["n"],
        ["lautes Rufen; fröhliches, lautes Durcheinander"],
    )
    (januar,) = rows(table, "Januar")
    assert januar["definitions"] == [
        "gemeindeutsch, österreichisch selten: erster, 31-tägiger Monat im Kalenderjahr"
    ]
    assert januar["tags"] == []  # standard German; "rare" only qualifies Austria
    (ich,) = rows(table, "ich")  # Limburgish, Middle English, Polish ... sections are not read
    assert (ich["pos"], len(ich["definitions"])) == ("pronoun", 1)
    (durch,) = rows(table, "durchführen")
    assert (durch["pos"], durch["is_lemma"], len(durch["definitions"])) == ("verb", True, 3)
    assert durch["definitions"][0] == "einen Plan, ein Vorhaben oder einen Befehl in die Tat umsetzen"


def test_2011_dump_without_ns_elements(tables: dict[str, pl.DataFrame]) -> None:
    table = tables["dewiktionary-2011-57pages-no-ns"]
    assert rows(table, "ordo") == [] and rows(table, "Wiktionary:Impressum") == []
    (lieben,) = rows(table, "lieben")
    assert lieben["pos"] == "verb" and len(lieben["definitions"]) == 3
    assert lieben["definitions"][0].startswith("transitiv: eine innige, gefühlsmäßige Zuneigung")
    liebe = rows(table, "Liebe")
    assert [(r["pos"], r["gender"]) for r in liebe] == [("noun", ["f"]), ("proper_noun", ["f"])]
    assert liebe[0]["definition_tags"][0] == ["singular_only"]  # ''kein Plural:''
    assert liebe[1]["definitions"] == ["Fluss in Polen"]  # Toponym
    aal = rows(table, "Aal")
    assert [r["pos"] for r in aal] == ["noun", "proper_noun"]  # the second section is a Nachname
    august = rows(table, "August")
    assert [r["pos"] for r in august] == ["noun", "proper_noun"]  # month, and a Vorname
    (januar,) = rows(table, "Januar")
    assert januar["definitions"] == ["der erste, 31-tägige Monat im Kalenderjahr"]


def test_2008_dump_in_the_oldest_schema(tables: dict[str, pl.DataFrame]) -> None:
    table = tables["dewiktionary-20080617-5pages"]
    assert sorted(set(table["word"])) == ["Mönch", "Parameter", "Platz"]  # França is Catalan
    (moench,) = rows(table, "Mönch")
    assert (moench["pos"], moench["gender"], len(moench["definitions"])) == ("noun", ["m"], 5)
    assert moench["definitions"][0] == "Einsiedler oder Mitglied eines geistlichen Männer-Ordens"
    (platz,) = rows(table, "Platz")
    assert (platz["pos"], platz["gender"], len(platz["definitions"])) == ("noun", ["m"], 5)
    assert platz["definitions"][2] == "ohne Plural verfügbarer Raum"


def test_2018_dump_lieben_has_no_definitions_in_that_revision(tables: dict[str, pl.DataFrame]) -> None:
    table = tables["dewiktionary-2018-3pages"]
    (lieben,) = rows(table, "lieben")
    assert (lieben["pos"], lieben["definitions"]) == ("verb", [])  # the page ends after its Übersicht
    (klieben,) = rows(table, "klieben")
    assert klieben["tags"] == ["informal", "regional"]


def test_single_page_exports(tables: dict[str, pl.DataFrame]) -> None:
    sein = rows(tables["dewiktionary-single-sein"], "sein")  # the French "sein" is not read
    assert [(r["pos"], len(r["definitions"])) for r in sein] == [("verb", 5), ("pronoun", 1)]
    assert sein[0]["definitions"][0] == "die Kopula, die dem Subjekt ein logisches Prädikat zuordnet"
    (kleid,) = rows(tables["dewiktionary-single-Kleid"], "Kleid")
    assert (kleid["pos"], kleid["gender"]) == ("noun", ["n"])
    (nomen,) = rows(tables["dewiktionary-single-Nomen_proprium"], "Nomen proprium")  # no language heading
    assert (nomen["pos"], nomen["gender"]) == ("noun", ["n"])


def test_single_pages() -> None:
    (reden,) = wiki("reden", "reden")  # the Dutch noun "reden" is not read
    assert (reden.pos, reden.definitions) == ("verb", ("etwas sagen, Sprache von sich geben",))
    (kartoffel,) = wiki("Kartoffel", "Kartoffel")
    assert (kartoffel.pos, kartoffel.gender, len(kartoffel.definitions)) == ("noun", ("f",), 5)
    assert kartoffel.definitions[2] == "scherzhaft: Knollennase"
    assert kartoffel.definition_tags[2] == ("humorous",) and kartoffel.tags == ()
    (hallo,) = wiki("Hallo", "Hallo")
    assert hallo.tags == ("informal",)  # its one sense is {{ugs.|:}}
    (eingaben,) = wiki("Eingaben", "Eingaben")
    assert (eingaben.pos, eingaben.is_lemma, eingaben.form_of) == ("noun", False, ("Eingabe",))
    boot = wiki("Boot", "Boot")
    assert [e.pos for e in boot] == ["noun", "noun", "proper_noun"]  # Wasserfahrzeug, Schuh, Nachname
    (wisent,) = wiki("Wisent", "Wisent")  # {{Bedeutung}} instead of {{Bedeutungen}}
    assert wisent.definitions == ("eine europäische Bisonart (Bison bonasus)",)
    zug = wiki("Zug", "Zug")
    assert [(e.pos, e.tags) for e in zug] == [("noun", ()), ("proper_noun", ("singular_only",))]
    assert wiki("boulder", "boulder") == []  # English only
    (staat,) = wiki("Staat", "Staat")
    assert staat.definition_tags[5] == ("singular_only", "informal", "dated")


def test_every_single_page_parses(tmp_path: Path) -> None:
    for path in sorted((DE / "pages").glob("*.wiki")):
        for entry in parse_page(path.stem, path.read_text(encoding="utf-8")):
            # only a page that points to another spelling has no part of speech of its own (Abschluß)
            assert entry.pos != "other" or entry.alt_of, (path.name, entry.heading)
            assert all("{{" not in d and "[[" not in d and "<ref" not in d for d in entry.definitions), (
                path.name
            )


def test_kunsttherapie_second_bedeutungen_is_its_etymology() -> None:
    """The page has {{Bedeutungen}} twice, the second where {{Herkunft}} belongs, over
    ":[[Determinativkompositum]] aus ''[[Kunst]]'' und ''[[Therapie]]''": not a definition."""
    (entry,) = wiki("Kunsttherapie", "Kunsttherapie")
    assert (entry.pos, entry.gender, entry.definitions) == (
        "noun",
        ("f",),
        ("Therapie mit bildnerischen Medien",),
    )


def test_german_label_families(tables: dict[str, pl.DataFrame]) -> None:
    """Aal [4] ''[[Soldatensprache]]:'' is slang (the language of a group); Staat [4] ''in der
    [[Schweiz]]:'' is regional."""
    aal = rows(tables["dewiktionary-2011-57pages-no-ns"], "Aal")[0]
    assert aal["definition_tags"] == [[], ["informal"], [], ["slang"]] and aal["tags"] == []
    (staat,) = wiki("Staat", "Staat")
    assert staat.definitions[3] == "in der Schweiz: ein Kanton" and staat.definition_tags[3] == ("regional",)


def test_nutella_is_a_brand() -> None:
    """ "== Nutella ® ({{Sprache|Deutsch}}) ==" and ":[1] Markenname einer [[Nuss-Nugat-Creme]] ...":
    the registered mark and the definition's first word each say so."""
    (nutella,) = wiki("Nutella", "Nutella")
    assert (nutella.pos, nutella.tags) == ("noun", ("brand", "singular_only"))
    assert nutella.definition_tags == (("brand",),)
    assert nutella.definitions[0].startswith("Markenname einer Nuss-Nugat-Creme (als Brotaufstrich)")


def test_abschluss_old_spelling_without_an_entry_heading() -> None:
    """The page is "{{Alte Schreibweise|Abschluss|Reform 1996}}" and interwiki links under the
    language heading: one entry pointing to Abschluss (its part of speech is Abschluss's, taken
    when the lists are selected: tests/test_realdata_lists.py)."""
    (entry,) = wiki("Abschlusz", "Abschluß")
    assert (entry.word, entry.pos, entry.alt_of) == ("Abschluß", "other", ("Abschluss",))
    assert entry.tags == ("alternative_form", "obsolete_spelling", "obsolete")
    assert entry.definitions == ("Alte Schreibweise von Abschluss",)


def test_gams_points_to_gaemse_through_its_lemmaverweis() -> None:
    """Gams has its own definition, and "{{Lemmaverweis|Gämse}}" after its Wortbildungen."""
    (gams,) = wiki("Gams", "Gams")
    assert (gams.pos, gams.alt_of, gams.tags) == ("noun", ("Gämse",), ("alternative_form",))
    assert gams.definitions == (
        "horntragendes Tier der höheren Gebirge Europas und Kleinasiens: Rupicapra rupicapra",
    )
