"""The main job: extract each language's dump into outputs/<lang>/entries.parquet."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pipeline.dump.reader import read_siteinfo
from pipeline.extract import ExtractResult, extract

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_DIR = ROOT / "dumps" / "sample"
DEFAULT_OUTPUT = Path("outputs")


def sample_dumps(directory: Path = SAMPLE_DIR) -> dict[str, Path]:
    """The committed sample dumps, by language."""
    found = {}
    for dump in sorted(directory.glob("*wiktionary-sample-pages-articles-multistream.xml.bz2")):
        found[dump.name.split("wiktionary-")[0]] = dump
    return found


def dumps_by_language(dumps: list[Path]) -> dict[str, Path]:
    """Each dump under its edition's language, read from its header."""
    by_lang: dict[str, Path] = {}
    for dump in dumps:
        edition = read_siteinfo(dump).edition or dump.name[:2]
        by_lang[edition] = dump
    return by_lang


@dataclass(frozen=True)
class BuildResult:
    extractions: dict[str, ExtractResult]


def build(
    dumps: dict[str, Path] | None = None,
    out_dir: Path = DEFAULT_OUTPUT,
    *,
    workers: int | None = None,
    run_extract: Callable[..., ExtractResult] = extract,
) -> BuildResult:
    """Extract every dump (default: the samples) into `out_dir`/<lang>/entries.parquet."""
    dumps = dumps if dumps is not None else sample_dumps()
    results = {}
    for lang, dump in sorted(dumps.items()):
        results[lang] = run_extract(dump, out_dir / lang / "entries.parquet", lang=lang, workers=workers)
    return BuildResult(results)
