"""The committed sample dumps are exactly what dumps/make_samples.py writes from their sources."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from pipeline.dump import DumpReader
from tests.conftest import ROOT, SAMPLE_DIR


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
