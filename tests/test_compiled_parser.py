"""The pipeline's parsers compiled by mypyc (setup.py) held to their Python source.

setup.py compiles the per-page modules of extraction from their own source; the source is the
reference and runs wherever nothing was compiled. These tests check that the compiled modules are
the ones running here, that they give the same entries as the source on every real page and on
synthetic pages of both editions, that a build gives the same bytes either way, and that an edited
source file is never shadowed by a compiled module built from an older one.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT, SHARED
from wordlist_pipeline import compiled
from wordlist_pipeline.dump.reader import DumpReader
from wordlist_pipeline.editions import edition
from wordlist_pipeline.editions.de.synth import GermanPages
from wordlist_pipeline.editions.en.synth import EnglishPages

PYTHON_SOURCE = {**os.environ, compiled.PYTHON_PARSER_ENV: "1"}

# Reads [lang, title, text] lists as JSON on stdin, prints each page's entries (repr) and which
# modules ran compiled; the same code runs in this process and, with the variable set, on the source.
PARSE = """
import json, sys
from wordlist_pipeline import compiled
from wordlist_pipeline.editions import edition
pages = json.load(sys.stdin)
print(json.dumps({
    "compiled": sorted(compiled.compiled_modules()),
    "entries": [[repr(e) for e in edition(lang).parse_page(title, text, 1)] for lang, title, text in pages],
}))
"""


def parse_in_subprocess(pages: list[list[str]], env: dict[str, str], path: list[str] | None = None) -> dict:
    if path is not None:
        env = {**env, "PYTHONPATH": os.pathsep.join(path)}
    done = subprocess.run(
        [sys.executable, "-c", PARSE], input=json.dumps(pages), capture_output=True, text=True, env=env,
        timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def synthetic_pages(count: int) -> Iterator[list[str]]:
    for lang, factory in (("en", EnglishPages("en", 5)), ("de", GermanPages("de", 5))):
        kinds = list(factory.MIX)
        for number in range(count):
            word = factory.word()
            yield [lang, word, factory.page(kinds[number % len(kinds)], word, number + 1).text]


def real_pages() -> Iterator[list[str]]:
    for lang in ("en", "de"):
        for path in sorted((SHARED / lang).glob("*.xml*")):
            with DumpReader(path) as reader:
                for page in reader:
                    yield [lang, page.title, page.text]
        for path in sorted((SHARED / lang / "pages").glob("*.wiki")):
            yield [lang, path.stem, path.read_text(encoding="utf-8")]


def test_the_parsers_run_compiled_here() -> None:
    """`make build`/`make test` install with mypyc: every module setup.py names runs compiled."""
    names = compiled.compiled_modules()
    assert names, "setup.py did not compile the parsers (was the package installed with mypy?)"
    assert "wordlist_pipeline.editions.de.parser" in names and "wordlist_pipeline.wikitree" in names
    for name in names:
        assert importlib.import_module(name).__file__.endswith(".so"), name


def compare(pages: list[list[str]]) -> None:
    source = parse_in_subprocess(pages, PYTHON_SOURCE)
    assert source["compiled"] == []
    ours = [[repr(e) for e in edition(lang).parse_page(title, text, 1)] for lang, title, text in pages]
    assert sum(map(len, ours)) > len(pages) // 2  # the pages do have entries
    for page, mine, theirs in zip(pages, ours, source["entries"], strict=True):
        assert mine == theirs, page[:2]


def test_compiled_and_source_parsers_give_the_same_entries_on_synthetic_pages() -> None:
    compare(list(synthetic_pages(400)))


@pytest.mark.realdata
def test_compiled_and_source_parsers_give_the_same_entries_on_the_real_pages() -> None:
    pages = list(real_pages())
    assert len(pages) > 1500
    compare(pages)


def digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name not in ("manifest.json", "build.json")
    }


@pytest.mark.slow
def test_a_build_writes_the_same_bytes_with_the_source_parsers(tmp_path: Path) -> None:
    for name, env in (("compiled", None), ("source", PYTHON_SOURCE)):
        command = [sys.executable, "-m", "wordlist_pipeline", "build", "-q", "--lang", "de", "--workers", "2"]
        done = subprocess.run(
            [*command, "--out", tmp_path / name], capture_output=True, text=True, env=env, timeout=600
        )
        assert done.returncode == 0, done.stderr
    compiled_files, source_files = digests(tmp_path / "compiled"), digests(tmp_path / "source")
    assert "de/entries.parquet" in compiled_files and "de/wordgame/words.dawg" in compiled_files
    assert compiled_files == source_files


def test_an_edited_source_is_never_shadowed_by_an_older_compiled_module(tmp_path: Path) -> None:
    """A copy of the package with its compiled modules runs them; once one source file changes,
    every module runs from source (compiled modules call each other directly)."""
    copy = tmp_path / "wordlist_pipeline"
    shutil.copytree(ROOT / "pipeline", copy, ignore=shutil.ignore_patterns("__pycache__", "samples"))
    pages = list(synthetic_pages(20))
    as_built = parse_in_subprocess(pages, dict(os.environ), [str(tmp_path)])
    assert as_built["compiled"] == sorted(compiled.compiled_modules())

    sections = copy / "sections.py"
    sections.write_text(sections.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    edited = parse_in_subprocess(pages, dict(os.environ), [str(tmp_path)])
    assert edited["compiled"] == []
    assert edited["entries"] == as_built["entries"]
    check = "import wordlist_pipeline.editions.de.parser as p, wordlist_pipeline.wikitree as w\n"
    check += "print(p.__file__, w.__file__)"
    done = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )  # fmt: skip
    files = done.stdout.split()
    assert files == [str(copy / "editions" / "de" / "parser.py"), str(copy / "wikitree.py")], done.stderr
