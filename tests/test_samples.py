"""The committed sample dumps are exactly what dumps/make_samples.py writes from their sources."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.conftest import DE_SAMPLE, EN_SAMPLE, ROOT, SAMPLE_DIR
from wordlist_pipeline.dump import DumpReader


def load_make_samples():
    spec = importlib.util.spec_from_file_location("make_samples", ROOT / "dumps" / "make_samples.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("lang", ["en", "de"])
def test_committed_sample_matches_its_source(tmp_path: Path, lang: str) -> None:
    make_samples = load_make_samples()
    source, dump, index = make_samples.sample_paths(lang)
    if not source.exists():
        pytest.skip(f"no {lang} sample source yet")
    written, count = make_samples.write_sample(lang, out_dir=tmp_path)
    assert written.read_bytes() == dump.read_bytes(), f"run `make samples`: {dump.name} is stale"
    assert (tmp_path / index.name).read_bytes() == index.read_bytes()
    with DumpReader(dump) as reader:
        pages = list(reader)
    assert len(pages) == count >= 100
    assert sum(p.is_article for p in pages) >= 100
    assert any(p.redirect for p in pages) and any(p.namespace != 0 for p in pages)


def test_sample_folder_has_only_our_files() -> None:
    names = sorted(p.name for p in SAMPLE_DIR.iterdir())
    assert all(n.endswith((".pages", ".xml.bz2", ".txt.bz2", ".md")) for n in names), names


@pytest.fixture(scope="module")
def sample_tables(tmp_path_factory: pytest.TempPathFactory) -> dict:
    import polars as pl

    from wordlist_pipeline.extract import extract

    out = tmp_path_factory.mktemp("samples")
    tables = {}
    for lang, dump in (("en", EN_SAMPLE), ("de", DE_SAMPLE)):
        extract(dump, out / f"{lang}.parquet", workers=2)
        tables[lang] = pl.read_parquet(out / f"{lang}.parquet")
    return tables


def find(table, word: str, pos: str | None = None) -> dict:
    import polars as pl

    rows = table.filter(pl.col("word") == word)
    if pos:
        rows = rows.filter(pl.col("pos") == pos)
    assert rows.height >= 1, (word, pos)
    return rows.row(0, named=True)


def test_english_sample_covers_every_rule(sample_tables: dict) -> None:
    en = sample_tables["en"]
    assert find(en, "tables", "noun")["form_of"] == ["table"]  # today's {{plural of|en|x}}
    assert find(en, "dogs", "verb")["form_of"] == ["dog"]  # 2018 {{en-third-person singular of}}
    assert find(en, "jumped")["is_lemma"] is False  # 2018 {{en-past of}}
    assert find(en, "cops")["form_of"] == ["cop"]  # 2010 {{plural of|x}} without language
    assert (
        find(en, "running", "noun")["is_lemma"] is True and find(en, "running", "verb")["is_lemma"] is False
    )
    assert find(en, "Paris")["pos"] == "proper_noun" and find(en, "John")["pos"] == "proper_noun"
    assert find(en, "NASA")["tags"] == ["acronym"] and find(en, "BBC")["tags"] == ["initialism"]
    assert find(en, "Dr")["tags"] == ["abbreviation"] and find(en, "etc.")["tags"] == ["abbreviation"]
    assert find(en, "recieve")["tags"] == ["misspelling"] and find(en, "colour")["tags"] == [
        "alternative_form"
    ]
    assert find(en, "scissors")["tags"] == ["plural_only"] and find(en, "pants")["tags"] == ["plural_only"]
    assert find(en, "dude", "noun")["tags"] == ["slang"] and find(en, "cop", "noun")["tags"] == ["slang"]
    assert find(en, "booze", "noun")["tags"] == ["singular_only", "informal"]
    assert find(en, "twat")["tags"] == ["slang", "vulgar", "offensive"]
    assert find(en, "whilom", "adverb")["tags"] == ["archaic"]
    assert find(en, "pollen")["definitions"][0].startswith("(biology) ")  # 2010 bare context label
    assert find(en, "captain")["pos"] == "noun"  # misspelt ===Noum===
    assert find(en, "teacher")["pos"] == "noun"  # mismatched ====Noun=====
    assert find(en, "kitchen")["definitions"][0] == "A room where food is prepared and cooked."
    for word in ("e-mail", "baby-sitter", "ice cream", "don't", "café", "X-ray"):
        find(en, word)
    assert en.filter(en["word"] == "Hund").height == 0  # German-only page
    assert en.filter(en["word"] == "grain of salt").height == 0  # redirect


def test_german_sample_covers_every_rule(sample_tables: dict) -> None:
    de = sample_tables["de"]
    assert find(de, "Katzen")["form_of"] == ["Katze"] and find(de, "Katzen")["is_lemma"] is False
    assert find(de, "baut")["form_of"] == ["bauen"] and find(de, "gebaut", "verb")["tags"] == ["participle"]
    assert find(de, "schönsten")["pos"] == "adjective" and find(de, "anzufangen")["form_of"] == ["anfangen"]
    assert find(de, "bauen")["pos"] == "verb" and find(de, "Bauen")["pos"] == "noun"
    for name in ("Anna", "Berlin", "Deutschland", "Rhein"):
        assert find(de, name)["pos"] == "proper_noun", name
    assert [r["pos"] for r in de.filter(de["word"] == "Müller").iter_rows(named=True)] == [
        "noun",
        "proper_noun",
    ]
    assert find(de, "z. B.")["tags"] == ["abbreviation"] and find(de, "Lkw")["tags"] == ["abbreviation"]
    assert find(de, "TÜV")["tags"] == ["acronym"] and find(de, "Uni")["tags"] == ["informal"]
    assert find(de, "ins")["pos"] == "contraction"
    assert find(de, "Eltern")["tags"] == ["plural_only"] and find(de, "Leute")["tags"] == ["plural_only"]
    assert find(de, "Obst")["tags"] == ["singular_only"] and find(de, "Durst")["tags"] == ["singular_only"]
    assert find(de, "Zaster")["tags"] == ["informal"] and find(de, "Kacke")["tags"] == ["vulgar"]
    assert find(de, "Oheim")["tags"] == ["obsolete"] and find(de, "Semmel")["tags"] == ["regional"]
    assert find(de, "Sonnabend")["tags"] == []  # gemeindeutsch
    assert find(de, "Tisch")["gender"] == ["m"] and find(de, "Stuhl")["definitions"]  # old style
    assert [r["pos"] for r in de.filter(de["word"] == "schnell").iter_rows(named=True)] == [
        "adjective",
        "adverb",
    ]
    assert find(de, "Schiffahrt")["alt_of"] == ["Schifffahrt"]
    assert de.filter(de["word"] == "cool").height == 0  # English-only page
    assert find(de, "Rock")["definitions"] == [
        "Kleidungsstück, das von der Taille abwärts reicht",
        "kein Plural: Musikrichtung; Rockmusik",
    ]
