"""`wordlist synth`: labelled, seeded, realistic multistream dumps that the pipeline reads like real ones."""

from __future__ import annotations

import bz2
from pathlib import Path

import polars as pl
import pytest

from tests.conftest import run_cli
from wordlist_pipeline.dump import open_multistream
from wordlist_pipeline.errors import SynthError
from wordlist_pipeline.extract import extract
from wordlist_pipeline.synth import parse_size, synthetic_dump


@pytest.fixture(scope="module")
def english_dump(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("synth-en")
    result = run_cli("synth", "--lang", "en", "--size", "3MB", "--seed", "7", "--dest", dest, "-j", "2")
    assert result.returncode == 0, result.stderr
    (dump,) = dest.glob("*.xml.bz2")
    return dump


def test_files_are_named_and_headed_as_synthetic(english_dump: Path) -> None:
    assert english_dump.name == "synthetic-enwiktionary-3MB-seed7-pages-articles-multistream.xml.bz2"
    assert english_dump.with_name(english_dump.name.replace(".xml.bz2", "-index.txt.bz2")).is_file()
    siteinfo = open_multistream(english_dump).siteinfo
    assert siteinfo.dbname == "enwiktionary" and "synthetic" in siteinfo.generator.lower()
    with bz2.open(english_dump) as f:
        head = f.read(2000).decode()
    assert "SYNTHETIC" in head.split("<sitename>")[1].split("</sitename>")[0]


def test_same_seed_same_bytes_whatever_the_workers(english_dump: Path, tmp_path: Path) -> None:
    again = synthetic_dump(tmp_path, "en", parse_size("3MB"), seed=7, workers=1)
    assert again.dump.read_bytes() == english_dump.read_bytes()
    assert again.index.read_bytes() == english_dump.with_name(again.index.name).read_bytes()
    # the index, compressed as it is written, has the bytes of its lines compressed whole
    assert again.index.read_bytes() == bz2.compress(bz2.decompress(again.index.read_bytes()))
    other_seed = synthetic_dump(tmp_path / "other", "en", parse_size("3MB"), seed=8, workers=2)
    assert other_seed.dump.read_bytes() != english_dump.read_bytes()


def test_the_pipeline_reads_it_like_a_real_dump(english_dump: Path, tmp_path: Path) -> None:
    result = extract(english_dump, tmp_path / "e.parquet", workers=2)
    stats = result.stats
    assert result.multistream and stats.pages > 2000
    # the page mix (per mille): 78 other namespaces, 10 redirects, 740 without English, 172 English
    assert 0.06 < stats.skipped["not in the main namespace"] / stats.pages < 0.10
    assert 0.005 < stats.skipped["redirect"] / stats.pages < 0.02
    assert 0.70 < stats.skipped["no English section"] / stats.pages < 0.78
    assert {"noun", "verb", "adjective", "adverb", "proper_noun"} <= set(stats.by_pos)
    assert stats.forms > 0.3 * stats.entries and stats.lemmas > 0.4 * stats.entries
    table = pl.read_parquet(result.output)
    tags = set(table["tags"].explode().drop_nulls())
    assert tags & {"abbreviation", "acronym", "initialism"} and {"slang", "informal", "obsolete"} <= tags
    forms = table.filter(~pl.col("is_lemma"))
    assert forms["form_of"].list.len().min() >= 1  # every form names its lemma
    assert not table["definitions"].explode().str.contains(r"\{\{|\[\[").any()


def test_a_german_dump_too(tmp_path: Path) -> None:
    made = synthetic_dump(tmp_path, "de", parse_size("1MB"), seed=2)
    result = extract(made.dump, tmp_path / "e.parquet")
    assert result.lang == "de"
    assert result.stats.by_pos["noun"] > 0 and result.stats.forms > 0
    nouns = pl.read_parquet(result.output).filter((pl.col("pos") == "noun") & pl.col("is_lemma"))
    genders = nouns["gender"].explode().drop_nulls()
    assert set(genders) <= {"m", "f", "n"} and genders.len() > 0.9 * nouns.height


@pytest.mark.parametrize(
    ("text", "expected"),
    [("4096", 4096), ("200MB", 200 * 2**20), ("1GB", 2**30), ("1.5g", 3 * 2**29), ("64 KiB", 65536)],
)
def test_sizes(text: str, expected: int) -> None:
    assert parse_size(text) == expected


def test_bad_requests_say_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(SynthError, match="size 'lots'"):
        parse_size("lots")
    with pytest.raises(SynthError, match="language 'fr'"):
        synthetic_dump(tmp_path, "fr", 1000)
    result = run_cli("synth", "--size", "0MB", "--dest", tmp_path)
    assert result.returncode == 1 and "size '0MB'" in result.stderr
    assert list(tmp_path.iterdir()) == []
