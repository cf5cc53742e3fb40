"""The pipeline's parsers compiled by mypyc (setup.py) held to their Python source.

setup.py compiles the per-page modules of extraction from their own source; the source is the
reference and runs wherever nothing was compiled. These tests check that the compiled modules are
the ones running here, that they give the same entries as the source on every real page and on
synthetic pages of both editions, that a build gives the same bytes either way, and that an edited
source file is never shadowed by a compiled module built from an older one.
"""

from __future__ import annotations

import copy
import hashlib
import importlib
import json
import os
import pickle
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT, real_pages
from wordlist_pipeline import compiled
from wordlist_pipeline.editions import edition
from wordlist_pipeline.editions.common import Sense
from wordlist_pipeline.editions.de.synth import GermanPages
from wordlist_pipeline.editions.en.synth import EnglishPages
from wordlist_pipeline.wikitext import CANONICAL_LINKS

PYTHON_SOURCE = {**os.environ, compiled.PYTHON_PARSER_ENV: "1"}
# A copy of the package runs with -S: without site's .pth files, so the editable install's finder
# cannot lead an import from the copy back to this checkout's files (see copy_path).
COPY_PYTHON = [sys.executable, "-S"]

# Reads [lang, title, text] lists as JSON on stdin, prints each page's entries (repr) and which
# modules ran compiled; the same code runs in this process and, with the variable set, on the source.
PARSE = """
import json, sys
from wordlist_pipeline import compiled
from wordlist_pipeline.editions import edition
from wordlist_pipeline.editions.common import Sense
pages = json.load(sys.stdin)
print(json.dumps({
    "compiled": sorted(compiled.compiled_modules()),
    "entries": [[repr(e) for e in edition(lang).parse_page(title, text, 1)] for lang, title, text in pages],
}))
"""


def parse_in_subprocess(pages: list[list[str]], env: dict[str, str], copy: Path | None = None) -> dict:
    """PARSE's answer in a new process: this environment's package, or the copy of it in `copy`."""
    command = [sys.executable, "-c", PARSE] if copy is None else [*COPY_PYTHON, "-c", PARSE]
    env = env if copy is None else {**env, "PYTHONPATH": copy_path(copy)}
    done = subprocess.run(
        command, input=json.dumps(pages), capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def copy_path(folder: Path) -> str:
    """The copy first, then the library package and the dependencies, all by plain path."""
    paths = [folder, ROOT, sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    return os.pathsep.join(map(str, paths))


def synthetic_pages(count: int) -> Iterator[list[str]]:
    for lang, factory in (("en", EnglishPages("en", 5)), ("de", GermanPages("de", 5))):
        kinds = list(factory.MIX)
        for number in range(count):
            word = factory.word()
            yield [lang, word, factory.page(kinds[number % len(kinds)], word, number + 1).text]


def test_the_parsers_run_compiled_here() -> None:
    """`make build`/`make test` install with mypyc: every module setup.py names runs compiled."""
    names = compiled.compiled_modules()
    assert names, (
        "the parsers run from source: compile them with `make build`; if they still do not, "
        "`.venv/bin/pip install -v --no-deps --no-build-isolation -e .` prints why (setup.py)"
    )
    assert "wordlist_pipeline.editions.de.parser" in names and "wordlist_pipeline.wikitree" in names
    for name in names:
        assert importlib.import_module(name).__file__.endswith(".so"), name


def test_the_scale_benchmark_says_which_parsers_ran(monkeypatch: pytest.MonkeyPatch) -> None:
    """A benchmark of an edited checkout (which runs its source, a third slower or more) must not
    pass for one of the compiled parsers: the scale benchmark names the parsers it measured."""
    from tests.bench.scale import parsers

    assert parsers() == f"compiled ({len(compiled.COMPILED_MODULES)} modules)"
    monkeypatch.setenv(compiled.PYTHON_PARSER_ENV, "1")
    assert parsers() == f"Python source (0 of {len(compiled.COMPILED_MODULES)} modules compiled)"


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
    pages = [list(page) for page in real_pages("en", "de")]
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


def package_copy(tmp_path: Path) -> Path:
    """A copy of the package as installed here, compiled modules and all; the folder to import it from."""
    shutil.copytree(
        ROOT / "pipeline", tmp_path / "wordlist_pipeline", ignore=shutil.ignore_patterns("__pycache__")
    )
    return tmp_path


def module_files(folder: Path, *names: str) -> list[str]:
    lines = [f"import {name}" for name in names] + [f"print({name}.__file__)" for name in names]
    done = subprocess.run(
        [*COPY_PYTHON, "-c", "\n".join(lines)], capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": copy_path(folder)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return [str(Path(f).relative_to(folder)) for f in done.stdout.split()]


def test_an_edited_source_is_never_shadowed_by_an_older_compiled_module(tmp_path: Path) -> None:
    """A copy of the package with its compiled modules runs them; once any source file of the
    package changes, every module runs from source (compiled modules call each other directly)."""
    folder = package_copy(tmp_path)
    pages = list(synthetic_pages(20))
    as_built = parse_in_subprocess(pages, dict(os.environ), folder)
    assert as_built["compiled"] == sorted(compiled.compiled_modules())
    assert module_files(folder, "wordlist_pipeline.wikitree")[0].endswith(".so")

    paths = folder / "wordlist_pipeline" / "paths.py"  # not compiled, but the compiled code imports it
    paths.write_text(paths.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    edited = parse_in_subprocess(pages, dict(os.environ), folder)
    assert edited["compiled"] == []
    assert edited["entries"] == as_built["entries"]
    assert module_files(folder, "wordlist_pipeline.editions.de.parser", "wordlist_pipeline.wikitree") == [
        "wordlist_pipeline/editions/de/parser.py",
        "wordlist_pipeline/wikitree.py",
    ]


def test_without_the_compiled_library_every_module_runs_from_source(tmp_path: Path) -> None:
    """A partial build (module stubs without the library they call) still imports: from source."""
    folder = package_copy(tmp_path)
    for library in (folder / "wordlist_pipeline").glob("_parser__mypyc.*"):
        library.unlink()
    assert module_files(folder, "wordlist_pipeline.sections") == ["wordlist_pipeline/sections.py"]
    found = parse_in_subprocess(list(synthetic_pages(20)), dict(os.environ), folder)
    assert found["compiled"] == [] and sum(map(len, found["entries"])) > 10


def test_a_compiled_module_left_over_from_an_older_build_is_not_imported(tmp_path: Path) -> None:
    """A stub of a module no longer compiled (still beside its source after an in-place build)."""
    folder = package_copy(tmp_path)
    package = folder / "wordlist_pipeline"
    (stub,) = package.glob("sections.*.so")
    shutil.copyfile(stub, package / stub.name.replace("sections", "atomic", 1))
    assert module_files(folder, "wordlist_pipeline.atomic", "wordlist_pipeline.sections") == [
        "wordlist_pipeline/atomic.py",
        f"wordlist_pipeline/{stub.name}",
    ]


def test_entries_pickle_and_copy() -> None:
    """Entry, Sense and LinkRules are compiled frozen dataclasses: they pickle and copy through
    their constructors, as the source's do."""
    entries = edition("en").parse_page(
        "pies", "==English==\n===Noun===\n# {{plural of|en|pie}}\n# Pastries.", 3
    )
    assert entries and entries[0].form_of == ("pie",)
    senses = [Sense("a cat", ("informal",), (("inflection", "cat"),))]
    for value in (entries, senses, edition("de").links, CANONICAL_LINKS):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.copy(value) == value and copy.deepcopy(value) == value
