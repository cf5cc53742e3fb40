"""The optional compiled parts; everything else is declared in pyproject.toml.

- wordlist/_core.c: the C core (core/: the graph's reads, is_word's fast path and the games' move
  generators) bound to Python.
- The pipeline's parsers, compiled by mypyc from their own Python source (the modules named in
  pipeline/compiled.py). The source stays the reference: it is what runs where nothing was
  compiled, when WORDLIST_PYTHON_PARSER=1 is set, and whenever the package's source is not the
  one compiled (pipeline/compiled.py checks that at import).

And one copy: the web page's JavaScript reader, wordlist/server/static/js, is js/src copied by
every build and install (a wheel, `pip install .`, `pip install -e .`; `make` renews it after an
edit with `python setup.py copy_reader`), so that the Python package holds no link out of itself.

mypy (which brings mypyc) is a build requirement that pip installs. Every part is optional: with
no C compiler, or where mypy is missing (a build without isolation) or finds a type error in the
compiled modules (the reason is printed; `pip install -v` shows it), the install still succeeds
and the package runs the Python code, with the same results.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import ClassVar

from setuptools import Command, Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def load_compiled_module() -> ModuleType:
    """pipeline/compiled.py owns the module list and the digest; it imports nothing of the package."""
    spec = importlib.util.spec_from_file_location("_wordlist_compiled", ROOT / "pipeline" / "compiled.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


COMPILED = load_compiled_module()


def stage_sources(stage: Path) -> list[str]:
    """Copy the Python sources where mypy sees them under their import names (the folder
    pipeline/ is the package wordlist_pipeline), add the digest module; the paths to compile."""
    shutil.rmtree(stage, ignore_errors=True)
    keep = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc", "static", "schemas", "samples")
    shutil.copytree(ROOT / "pipeline", stage / COMPILED.PACKAGE, ignore=keep)
    shutil.copytree(ROOT / "wordlist", stage / "wordlist", ignore=keep)
    digest = COMPILED.source_digest(ROOT / "pipeline")
    digest_module = stage / (COMPILED.DIGEST_MODULE.replace(".", "/") + ".py")
    digest_module.write_text(
        '"""Written by setup.py: the SHA-256 of the package source this library was compiled from."""\n\n'
        f"DIGEST = {digest!r}\n"
    )
    modules = [
        stage / (f"{COMPILED.PACKAGE}.{name}".replace(".", "/") + ".py") for name in COMPILED.COMPILED_MODULES
    ]
    return [str(path) for path in (*modules, digest_module)]


def parser_extensions(build_temp: Path) -> list[Extension]:
    """mypyc's extensions for the modules compiled.py names, or none (with the reason) where it cannot run."""
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("setup.py: mypy is not installed; the pipeline's parsers stay Python", file=sys.stderr)
        return []
    stage = build_temp / "mypyc-src"
    paths = stage_sources(stage)
    # type errors count only in the compiled modules; imported ones are read for their types
    options = [
        "--ignore-missing-imports",
        "--follow-imports=silent",
        "--cache-dir",
        str(build_temp / "mypy-cache"),
    ]
    try:
        extensions = mypycify(
            [*options, *paths],
            group_name=COMPILED.LIBRARY.removesuffix("__mypyc"),
            target_dir=str(build_temp / "mypyc"),
        )
    except (Exception, SystemExit) as error:  # a type error mypy found: keep the Python modules
        print(f"setup.py: mypyc could not compile the parsers ({error}); they stay Python", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True
    return extensions


class BuildExt(build_ext):
    """build_ext that adds the compiled parsers. (A partial build is harmless: without the library,
    pipeline/compiled.py imports every module from its source.)"""

    def finalize_options(self) -> None:
        # before setuptools' finalize_options, which prepares every extension of the distribution
        self.set_undefined_options("build", ("build_temp", "build_temp"))
        added = parser_extensions(Path(self.build_temp))
        self.distribution.ext_modules = [*(self.distribution.ext_modules or []), *added]
        super().finalize_options()


READER_SOURCE = ROOT / "js" / "src"  # the JavaScript reader: the npm package's source
READER_COPY = ROOT / "wordlist" / "server" / "static" / "js"  # the web page's copy (git-ignored)


def copy_reader(source: Path = READER_SOURCE, target: Path = READER_COPY) -> None:
    """Make `target` a copy of `source`'s files, replaced whole (a link there, from an older
    checkout, is replaced, never written through). Without `source` (a source distribution, which
    holds the copy) the copy there is kept."""
    if not source.is_dir():
        if (target / "index.js").is_file() and not target.is_symlink():
            return
        raise SystemExit(f"setup.py: {source}: missing, and no copy of the JavaScript reader in {target}")
    stage = Path(tempfile.mkdtemp(prefix=".js-", dir=target.parent))
    previous = stage.with_name(f"{stage.name}-old")  # free: the stage's name is new
    try:
        # new files (their time is the copy's: make compares it with js/src's), the folder's mode
        shutil.copytree(source, stage, copy_function=shutil.copyfile, dirs_exist_ok=True)
        if target.is_symlink() or target.is_file():
            target.unlink()
        elif target.is_dir():
            target.rename(previous)
        stage.rename(target)
    finally:
        shutil.rmtree(stage, ignore_errors=True)  # still there only when something failed
        shutil.rmtree(previous, ignore_errors=True)


class BuildPy(build_py):
    """build_py that first copies the reader into the package. In finalize_options, before
    anything lists the package's data files (setuptools lists them once, for the wheel, the
    editable install and the source distribution alike)."""

    def finalize_options(self) -> None:
        copy_reader()
        super().finalize_options()


class CopyReader(Command):
    """`python setup.py copy_reader`: the Makefile renews the copy after an edit of js/src."""

    description = "copy js/src into wordlist/server/static/js"
    user_options: ClassVar[list] = []

    def initialize_options(self) -> None:
        pass

    def finalize_options(self) -> None:
        pass

    def run(self) -> None:
        copy_reader()


# The C core and its binding: core/include/wordlist.h (the layout and the limits, from the generated
# wordlist_limits.h) and core/src/*.c; optional: without a compiler the Python reads and move
# generators (the reference) are used.
CORE_SOURCES = sorted(
    f"core/src/{path.name}" for path in (ROOT / "core" / "src").glob("*.c") if path.name != "wasm.c"
)
CORE_HEADERS = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "core").glob("*/*.h"))

setup(
    ext_modules=[
        Extension(
            "wordlist._core",
            [
                "wordlist/_core.c",
                "wordlist/_core_search.c",
                "wordlist/_core_equity.c",
                "wordlist/_core_isword.c",
                *CORE_SOURCES,
            ],
            include_dirs=["core/include"],
            depends=[*CORE_HEADERS, "wordlist/_core.h"],
            optional=True,
        ),
    ],
    cmdclass={"build_ext": BuildExt, "build_py": BuildPy, "copy_reader": CopyReader},
)
