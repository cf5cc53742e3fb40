"""A package that installs anywhere: the wheel, its contents, and a new environment that uses it.

The wheel test builds `pip wheel .` from a copy of the sources (so nothing is written into the
repository), installs it with `pip install --no-deps` into a new virtual environment outside the
repository, and runs the quick start there: `wordlist build` from an empty folder, then the lists
opened from Python. The new environment finds the dependencies (polars, pyarrow ...) through a
.pth file naming this environment's site-packages, so nothing is downloaded: only the wheel's own
files come from the wheel. About 15 s.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import pkgutil
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

import wordlist
from tests.conftest import ROOT

SOURCES = (
    "pyproject.toml",
    "setup.py",
    "MANIFEST.in",
    "README.md",
    "LICENSE",
    "wordlist",
    "pipeline",
    "dumps/sample",
    "js/src",  # (with core.wasm where `make build` made it: the page's copy ships it)
    "core",
)
READER = ROOT / "js" / "src"  # the JavaScript reader, which the web page gets a copy of
READER_COPY = Path("wordlist", "server", "static", "js")  # git-ignored: not in a fresh clone


def left_out(folder: str, names: list[str]) -> set[str]:
    """What a fresh clone does not have: compiled and cached files, and the reader's copy."""
    built = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc", "*.egg-info")(folder, names)
    return built | ({"js"} if Path(folder).resolve() == (ROOT / READER_COPY.parent).resolve() else set())


def copy_sources(source: Path) -> Path:
    """The files of a fresh clone that make the distribution, copied into `source`."""
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=left_out)
        else:
            source.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / name, source / name)
    return source


def files(folder: Path) -> dict[str, bytes]:
    """{path under `folder`: its bytes} of every file in it."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def build_wheel(into: Path, env: dict[str, str] | None = None) -> Path:
    """`pip wheel .` of a copy of the sources (as a fresh clone has them); returns the wheel."""
    source = copy_sources(into / "source")
    assert not (source / READER_COPY).exists()  # the build makes it
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", "dist", "."]
    done = subprocess.run(command, cwd=source, capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    (wheel,) = (source / "dist").glob("*.whl")
    return wheel


def new_environment(folder: Path, wheel: Path) -> Path:
    """A new virtual environment with `wheel` installed (no dependencies downloaded); its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", folder], check=True, timeout=120)
    python = folder / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # the dependencies: this environment's site-packages, after the new one's own (its .pth files,
    # such as an editable install's finder, are not run from there)
    dependencies = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site, "project-dependencies.pth").write_text("".join(f"{p}\n" for p in sorted(dependencies)))
    install = [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", wheel]
    done = subprocess.run(install, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return python


def run(command: list, cwd: Path) -> subprocess.CompletedProcess:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done


OPEN_THE_LISTS = """
import json, sys
import wordlist, wordlist_pipeline
from importlib import metadata
from wordlist import Lexicon
from wordlist.lexicon import _FastIsWord
from wordlist_pipeline.compiled import compiled_modules
en, de = Lexicon.open("en", "balda"), Lexicon.open("de", "wordgame")
print(json.dumps({
    "wordlist": wordlist.__file__, "pipeline": wordlist_pipeline.__file__,
    "version": wordlist.__version__, "distribution": metadata.version("wiktionary-wordlist"),
    "fast_path": _FastIsWord is not None,
    "compiled_parser": sorted(compiled_modules()),
    "answers": [en.is_word("E-Mail"), en.is_word("paris"), de.is_word("STRASSE"), en.random_word(5, seed=7)],
}))
"""


@pytest.mark.slow
def test_the_wheel_installs_anywhere_and_builds_the_samples(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path / "wheel")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in (
        "wordlist/py.typed",
        "wordlist_pipeline/py.typed",
        "wordlist_pipeline/profiles/balda.toml",
        "wordlist_pipeline/samples/enwiktionary-sample-pages-articles-multistream.xml.bz2",
        "wordlist_pipeline/samples/dewiktionary-sample-pages-articles-multistream-index.txt.bz2",
        "wordlist_pipeline/samples/en.pages",
        "wordlist/format/schemas/manifest.schema.json",
        f"wiktionary_wordlist-{wordlist.__version__}.dist-info/licenses/LICENSE",
    ):
        assert name in names, f"{wheel.name} has no {name}"
    assert not any(n.startswith(("tests/", "dumps/", "pipeline/", "js/")) for n in names)
    # every file of the web page (its offline play's service worker, manifest and worker too)
    static = Path("wordlist", "server", "static")
    page = {f.as_posix() for f in static.rglob("*") if f.is_file() and not f.is_relative_to(READER_COPY)}
    assert page and page <= names, sorted(page - names)
    # the web page's reader: the build's copy of js/src, byte for byte
    reader = {n.removeprefix(f"{READER_COPY}/"): n for n in names if n.startswith(f"{READER_COPY}/")}
    with zipfile.ZipFile(wheel) as archive:
        assert {name: archive.read(n) for name, n in reader.items()} == files(READER)
    if shutil.which("cc") or shutil.which("gcc"):  # the C fast path is built where it can be
        assert any(re.fullmatch(r"wordlist/_core\..*\.so", n) for n in names), sorted(names)

    python = new_environment(tmp_path / "env", wheel)
    work = tmp_path / "somewhere"  # a folder with nothing of the repository: the quick start
    work.mkdir()
    wordlist_command = python.parent / "wordlist"
    done = run([wordlist_command, "build", "--workers", "1"], work)
    assert "outputs/en/balda: " in done.stdout and "outputs/de/wordgame: " in done.stdout
    assert (work / "outputs" / "de" / "wordgame" / "manifest.json").is_file()
    assert (
        run([wordlist_command, "--version"], work).stdout == f"wiktionary-wordlist {wordlist.__version__}\n"
    )
    assert (
        run([python, "-m", "wordlist", "query", "check", "email"], work).stdout == "EMAIL: yes (noun, verb)\n"
    )

    found = json.loads(run([python, "-c", OPEN_THE_LISTS], work).stdout)
    assert Path(found["wordlist"]).is_relative_to(tmp_path / "env"), found  # the wheel's, not ours
    run([python, "-c", "from wordlist.server import create_app; create_app('outputs', 'g.sqlite')"], work)
    assert Path(found["pipeline"]).is_relative_to(tmp_path / "env"), found
    assert found["version"] == found["distribution"] == wordlist.__version__
    assert found["answers"] == [True, False, True, "pants"]
    assert found["fast_path"] == any(n.startswith("wordlist/_core.") and n.endswith(".so") for n in names)
    # the parsers mypyc compiled (setup.py) are in the wheel, and run in the new environment
    assert "wordlist_pipeline.editions.en.parser" in found["compiled_parser"]
    assert any(re.fullmatch(r"wordlist_pipeline/editions/de/parser\..*\.so", n) for n in names)


@pytest.mark.slow
def test_without_a_compiler_the_wheel_builds_without_the_fast_path(tmp_path: Path) -> None:
    """The C extensions are optional: a failing compiler leaves them out, and is_word, the move
    generators and the parsers run in Python."""
    wheel = build_wheel(tmp_path / "wheel", {**os.environ, "CC": "false"})  # fails every file
    assert not [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".so")]
    python = new_environment(tmp_path / "env", wheel)
    work = tmp_path / "somewhere"
    work.mkdir()
    run([python.parent / "wordlist", "build", "--lang", "en", "--workers", "1", "-q"], work)
    english_only = OPEN_THE_LISTS.replace('"de", "wordgame"', '"en", "wordgame"')
    found = json.loads(run([python, "-c", english_only], work).stdout)
    assert found["fast_path"] is False and found["answers"][:2] == [True, False]
    assert found["compiled_parser"] == []  # the parsers run from their Python source


def test_the_version_is_the_distributions() -> None:
    assert wordlist.__version__ == metadata.version("wiktionary-wordlist")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["dynamic"] == ["version"]  # one source: wordlist.__version__
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "wordlist.__version__"}


def test_license_and_changelog() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License\n") and "WITHOUT WARRANTY OF ANY KIND" in license_text
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", changelog, re.MULTILINE)
    assert releases and releases[0][0] == wordlist.__version__, "CHANGELOG.md: no entry for this version"
    assert [r[0] for r in releases] == sorted((r[0] for r in releases), reverse=True)
    assert "## [Unreleased]" in changelog


def test_dawg2_is_pinned_to_the_version_the_format_was_checked_against() -> None:
    """dawg2 writes words.dawg: another version could write other bytes (docs/FORMAT.md names it)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pinned = [d for d in project["dependencies"] if d.startswith("dawg2")]
    assert pinned == [f"dawg2=={metadata.version('dawg2')}"] == ["dawg2==0.13.3"]
    assert "dawg2 0.13.3" in " ".join((ROOT / "docs" / "FORMAT.md").read_text(encoding="utf-8").split())


def test_both_packages_are_typed() -> None:
    for folder in ("wordlist", "pipeline"):
        assert (ROOT / folder / "py.typed").is_file()
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert "py.typed" in data["package-data"]["wordlist"]
    assert "py.typed" in data["package-data"]["wordlist_pipeline"]


def public_api() -> list[tuple[str, object]]:
    """(name, object) of every public module, class, function and method of the library: modules
    without a leading underscore, their `__all__` (or names without one) defined there, and the
    public methods and properties of those classes."""
    found: list[tuple[str, object]] = []
    for info in pkgutil.walk_packages(wordlist.__path__, "wordlist."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        module = importlib.import_module(info.name)
        found.append((info.name, module))
        names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
        for name in names:
            thing = getattr(module, name)
            if not (inspect.isclass(thing) or inspect.isfunction(thing)) or thing.__module__ != info.name:
                continue
            found.append((f"{info.name}.{name}", thing))
            if inspect.isclass(thing):
                for attribute, value in vars(thing).items():
                    member = value.__func__ if isinstance(value, classmethod | staticmethod) else value
                    if not attribute.startswith("_") and (
                        inspect.isfunction(member) or isinstance(member, property)
                    ):
                        found.append((f"{info.name}.{name}.{attribute}", getattr(thing, attribute, member)))
    return found


def documented(thing: object) -> bool:
    """A docstring of its own (a method may take its base class's), not one Python made up."""
    doc = inspect.getdoc(thing)
    if not doc or not doc.strip():
        return False
    made_up = inspect.isclass(thing) and doc.startswith(f"{thing.__name__}(")  # a dataclass's signature
    return not made_up


def test_every_public_function_and_class_of_the_library_has_a_docstring() -> None:
    api = public_api()
    assert len(api) > 300 and any(name == "wordlist.lexicon.Lexicon.is_word" for name, _ in api)
    missing = [name for name, thing in api if not documented(thing)]
    assert not missing, f"{len(missing)} without a docstring:\n" + "\n".join(missing)


def test_the_page_s_reader_is_a_copy_of_js_src() -> None:
    """The web page's JavaScript reader is js/src copied by the install (setup.py; `make` after an
    edit of js/src), byte for byte, and not a link out of the package."""
    copy = ROOT / READER_COPY
    assert copy.is_dir() and not copy.is_symlink(), f"{copy}: run `make build` (or pip install -e .)"
    assert files(copy) == files(READER), f"{copy} is not js/src: run `make build` to copy it again"


def test_setup_py_replaces_the_copy_whole(tmp_path: Path) -> None:
    """`python setup.py copy_reader` (the Makefile's) replaces an older checkout's link without
    writing through it, and an older copy whole: a file js/src no longer has goes."""
    source = copy_sources(tmp_path / "clone")
    copy = source / READER_COPY
    copy.symlink_to(Path("..", "..", "..", "js", "src"))  # what static/js was
    before = files(source / "js" / "src")
    command = [sys.executable, "setup.py", "--quiet", "copy_reader"]
    run(command, source)
    assert not copy.is_symlink() and files(copy) == before == files(source / "js" / "src")
    (copy / "gone.js").write_text("export const gone = 1;\n")
    (source / "js" / "src" / "index.js").write_text("export const changed = 1;\n")
    run(command, source)
    assert files(copy) == files(source / "js" / "src") and not (copy / "gone.js").exists()
    assert sorted(p.name for p in copy.parent.iterdir() if p.name.startswith(".js-")) == []  # no stage left
