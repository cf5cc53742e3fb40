"""Shared fixtures: where the real Wiktionary data and the sample dumps are, and helpers to run the CLI."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("WORDLIST_SHARED", ROOT.parent / "shared")) / "wiktionary"
SAMPLE_DIR = ROOT / "dumps" / "sample"
EN_SAMPLE = SAMPLE_DIR / "enwiktionary-sample-pages-articles-multistream.xml.bz2"
DE_SAMPLE = SAMPLE_DIR / "dewiktionary-sample-pages-articles-multistream.xml.bz2"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if SHARED.is_dir():
        return
    skip = pytest.mark.skip(reason=f"real Wiktionary data not found at {SHARED}")
    for item in items:
        if "realdata" in item.keywords:
            item.add_marker(skip)


def real_pages(*langs: str) -> Iterator[tuple[str, str, str]]:
    """(lang, title, text) of every real page of these editions in ../shared/wiktionary: the pages
    of its dumps, then its single pages (pages/*.wiki, titled by file name, "_" read as a space)."""
    from wordlist_pipeline.dump.reader import DumpReader

    for lang in langs:
        for path in sorted((SHARED / lang).glob("*.xml*")):
            with DumpReader(path) as reader:
                for page in reader:
                    yield lang, page.title, page.text
        for path in sorted((SHARED / lang / "pages").glob("*.wiki")):
            yield lang, path.stem.replace("_", " "), path.read_text(encoding="utf-8")


def run_cli(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run the installed `wordlist` command the way a user does (a fresh process)."""
    command = [sys.executable, "-m", "wordlist_pipeline", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd or ROOT, timeout=600)


def scripted(lines: list[str]):
    """A `read` for the terminal games that types `lines`, then ends the input."""
    queue = list(lines)

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return read


@pytest.fixture(scope="session")
def shared() -> Path:
    return SHARED


@pytest.fixture(scope="session")
def sample_outputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample dumps built into word lists once per test session, like `make build` does."""
    from wordlist_pipeline.build import build

    out = tmp_path_factory.mktemp("outputs")
    build(out_dir=out, workers=1)
    return out


DUMP_DATE = "20261101"  # the date dated_outputs' dump is named with, as Wikimedia names its dumps


@pytest.fixture(scope="session")
def dated_outputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The English sample dump under a Wikimedia dump's name (enwiktionary-20261101-...), with its
    index, built into word lists: lists whose manifests know the dump's date."""
    from wordlist_pipeline.build import build

    dumps = tmp_path_factory.mktemp("dated-dumps")
    name = f"enwiktionary-{DUMP_DATE}-pages-articles-multistream"
    shutil.copyfile(EN_SAMPLE, dumps / f"{name}.xml.bz2")
    shutil.copyfile(SAMPLE_DIR / "enwiktionary-sample-pages-articles-multistream-index.txt.bz2",
                    dumps / f"{name}-index.txt.bz2")  # fmt: skip
    out = tmp_path_factory.mktemp("dated-outputs")
    build({"en": dumps / f"{name}.xml.bz2"}, out, workers=1)
    return out


@pytest.fixture(params=["compiled", "python"])
def move_generator(request: pytest.FixtureRequest) -> Iterator[str]:
    """The test runs once on the compiled move generators, once on the Python reference."""
    from tests.game_helpers import generator  # (it imports this module)

    with generator(request.param) as kind:
        yield kind


BACKENDS = ["sqlite", "postgresql"]  # the games stores a server runs on (wordlist.server.records)


@pytest.fixture(scope="session")
def postgres() -> Iterator[object]:
    """A throwaway PostgreSQL server for the session (tests/postgres.py), started when a test first
    asks for it; the tests that need one are skipped, saying why, where its binaries are absent."""
    from tests.postgres import MISSING, Cluster, binaries

    if binaries() is None:
        pytest.skip(MISSING)
    cluster = Cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


def new_database(request: pytest.FixtureRequest, backend: str, folder: Path) -> Path | str:
    """A new, empty games database of `backend`: an SQLite file's path in `folder`, or the URL of a
    new database of the session's PostgreSQL server."""
    if backend == "sqlite":
        return folder / "games.sqlite"
    return request.getfixturevalue("postgres").new_database()


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """A new games database, the test running once on each backend."""
    return new_database(request, request.param, tmp_path)
