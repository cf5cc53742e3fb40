"""One Edition record per language: found by the registry, read by every part that knows a language."""

from __future__ import annotations

import bz2
import re
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import ROOT, SAMPLE_DIR
from wordlist.errors import WordlistError
from wordlist_pipeline import editions
from wordlist_pipeline.build import dumps_by_language, sample_dumps
from wordlist_pipeline.download import downloaded, file_names
from wordlist_pipeline.dump import DumpReader, read_siteinfo
from wordlist_pipeline.dump.writer import SourcePage, full_title, header, write_dump
from wordlist_pipeline.editions import EDITIONS, Edition, edition
from wordlist_pipeline.editions.labels import LabelTable
from wordlist_pipeline.errors import DumpError

EDITIONS_DIR = ROOT / "pipeline" / "editions"


def test_every_edition_folder_is_an_installed_edition() -> None:
    folders = sorted(p.parent.name for p in EDITIONS_DIR.glob("*/__init__.py"))
    assert folders == list(EDITIONS) == ["de", "en"]
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    assert {f"wordlist_pipeline.editions.{code}" for code in folders} <= set(packages)
    english, german = edition("en"), edition("de")
    assert (english.name, english.dbname, english.host) == ("English", "enwiktionary", "en.wiktionary.org")
    assert (german.name, german.dbname, german.redirect_words) == (
        "German",
        "dewiktionary",
        ("WEITERLEITUNG",),
    )
    assert german.namespaces[10] == "Vorlage" and english.namespaces[10] == "Template"
    with pytest.raises(DumpError, match=r"no extractor for language 'fr' \(known: de, en\)"):
        edition("fr")


def test_a_third_edition_is_one_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder with an EDITION record is all the registry needs."""
    folder = tmp_path / "nl"
    folder.mkdir()
    (folder / "__init__.py").write_text(
        "from wordlist_pipeline.editions.labels import LabelTable\n"
        "from wordlist_pipeline.editions.record import Edition\n"
        "EDITION = Edition(code='nl', name='Dutch', dbname='nlwiktionary', main_page='Hoofdpagina',\n"
        "    namespaces={0: ''}, parse_page=lambda title, text, page_id=0: [], marker='{{-nl-}}',\n"
        "    labels=LabelTable({}), alphabet='abcdefghijklmnopqrstuvwxyz')\n"
    )
    monkeypatch.setattr(editions, "__path__", [*editions.__path__, str(tmp_path)])
    monkeypatch.delitem(sys.modules, "wordlist_pipeline.editions.nl", raising=False)
    found = editions._discover()
    assert list(found) == ["de", "en", "nl"] and found["nl"].host == "nl.wiktionary.org"


def test_the_dump_writer_reads_the_record() -> None:
    head = header("de")
    assert "<dbname>dewiktionary</dbname>" in head
    assert "<base>https://de.wiktionary.org/wiki/Hauptseite</base>" in head
    assert '<namespace key="14" case="case-sensitive">Kategorie</namespace>' in head
    assert full_title(SourcePage("Deutsch", "", namespace=14), "de") == "Kategorie:Deutsch"
    assert full_title(SourcePage("English", "", namespace=14), "en") == "Category:English"


def test_text_redirects_use_the_editions_magic_words(tmp_path: Path) -> None:
    """Old dumps have no <redirect/>: German pages redirect with #WEITERLEITUNG too, as the German
    record says; every wiki reads #REDIRECT."""
    pages = [SourcePage("Platz", "#WEITERLEITUNG [[Plätze]]"), SourcePage("Ort", "#REDIRECT [[Orte]]")]
    for lang, expected in (("de", ["Plätze", "Orte"]), ("en", [None, "Orte"])):
        dump = tmp_path / f"{lang}.xml"
        write_dump(pages, dump, lang=lang, schema="0.3", compress=False, multistream=False)
        with DumpReader(dump) as reader:
            assert [page.redirect for page in reader] == expected, lang


def test_a_dumps_edition_comes_from_its_header_not_its_name(tmp_path: Path) -> None:
    misnamed = tmp_path / "enwiktionary-20240101-pages-articles.xml"
    write_dump([SourcePage("Hallo", "x")], misnamed, lang="de", compress=False, multistream=False)
    assert read_siteinfo(misnamed).edition == "de"
    assert dumps_by_language([misnamed]) == {"de": misnamed}
    anonymous = tmp_path / "dewiktionary-20240101-pages-articles.xml"
    anonymous.write_text(
        '<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/">\n'
        "<siteinfo><sitename>Some wiki</sitename></siteinfo>\n</mediawiki>\n"
    )
    with pytest.raises(WordlistError, match="does not say which Wiktionary it is from"):
        dumps_by_language([anonymous])
    assert sample_dumps() == {
        "de": SAMPLE_DIR / "dewiktionary-sample-pages-articles-multistream.xml.bz2",
        "en": SAMPLE_DIR / "enwiktionary-sample-pages-articles-multistream.xml.bz2",
    }


def test_downloads_are_named_after_the_dbname(tmp_path: Path) -> None:
    assert file_names("de", "20260101") == (
        "dewiktionary-20260101-pages-articles-multistream.xml.bz2",
        "dewiktionary-20260101-pages-articles-multistream-index.txt.bz2",
    )
    for name in (
        "dewiktionary-20250101-pages-articles-multistream.xml.bz2",
        "dewiktionary-20260101-pages-articles-multistream.xml.bz2",
        "dewiktionary-20270101-pages-articles-multistream.xml.bz2.part",  # not complete
        "frwiktionary-20260101-pages-articles-multistream.xml.bz2",  # no French edition
    ):
        (tmp_path / name).write_bytes(bz2.compress(b""))
    assert downloaded(tmp_path) == {
        "de": tmp_path / "dewiktionary-20260101-pages-articles-multistream.xml.bz2"
    }


def test_label_tables_name_only_known_tags() -> None:
    with pytest.raises(ValueError, match=r"unknown tags: \['rude'\]"):
        LabelTable({"rude": ("rude",)})
    for record in EDITIONS.values():
        assert isinstance(record, Edition) and record.labels.tags("no such label at all") == ()


def _documented_label_table() -> list[tuple[str, list[str], list[str]]]:
    text = (ROOT / "docs" / "entries.md").read_text(encoding="utf-8")
    start = text.index("| tag | English labels | German labels |")
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        tag, english, german = (cell.strip() for cell in line.strip("|").split("|"))
        rows.append((tag.strip("`"), re.findall(r"`([^`]+)`", english), re.findall(r"`([^`]+)`", german)))
    return rows


def test_the_documented_label_table_is_what_the_tables_do() -> None:
    rows = _documented_label_table()
    assert len(rows) >= 18
    for tag, english, german in rows:
        for label in english:
            assert tag in edition("en").labels.tags(label), (tag, label)
        for label in german:
            assert tag in edition("de").labels.tags(label), (tag, label)
