"""Regenerate the committed sample dumps in dumps/sample/ from their readable sources (*.pages).

    python dumps/make_samples.py          # or: make samples

The sample dumps are Wikimedia multistream files with their index, like the real downloads, but
with 25 pages per stream instead of 100 so that a small sample still has several streams to
process in parallel. A test checks that the committed files match what this script writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from wordlist_pipeline.dump.writer import read_page_source, write_dump
from wordlist_pipeline.editions import EDITIONS

SAMPLE_DIR = Path(__file__).resolve().parent / "sample"
PAGES_PER_STREAM = 25


def sample_paths(lang: str, directory: Path = SAMPLE_DIR) -> tuple[Path, Path, Path]:
    """(source, dump, index) paths of one language's sample: <code>.pages and the dump named
    like a Wikimedia download of the edition (<dbname>-sample-pages-articles-multistream)."""
    stem = f"{EDITIONS[lang].dbname}-sample-pages-articles-multistream"
    return directory / f"{lang}.pages", directory / f"{stem}.xml.bz2", directory / f"{stem}-index.txt.bz2"


def write_sample(lang: str, directory: Path = SAMPLE_DIR, out_dir: Path | None = None) -> tuple[Path, int]:
    source, dump, index = sample_paths(lang, directory)
    if out_dir is not None:
        dump, index = out_dir / dump.name, out_dir / index.name
    count = write_dump(
        read_page_source(source),
        dump,
        lang=lang,
        schema="0.11",
        pages_per_stream=PAGES_PER_STREAM,
        index=index,
    )
    return dump, count


def main() -> None:
    for lang in EDITIONS:
        if not sample_paths(lang)[0].exists():
            continue
        dump, count = write_sample(lang)
        print(f"{dump.relative_to(Path.cwd()) if dump.is_relative_to(Path.cwd()) else dump}: {count} pages")


if __name__ == "__main__":
    sys.exit(main())
