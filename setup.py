"""The optional compiled parts; everything else is declared in pyproject.toml.

- wordlist/_dawg.c, wordlist/_movegen.c: is_word's fast path and the games' move generators in C.
- The pipeline's wikitext parsers, compiled by mypyc from their own Python source (the modules in
  COMPILED_PARSER below). The source stays the reference: it is what runs where nothing could be
  compiled, when WORDLIST_PYTHON_PARSER=1 is set, and whenever a source file no longer matches
  what was compiled (wordlist_pipeline/compiled.py checks that at import).

Every part is optional: without mypy, or without a C compiler, `pip install` still succeeds and the
package runs the Python code, with the same results.
"""

from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent

# The modules mypyc compiles, as paths under pipeline/ (imported as wordlist_pipeline.*): the
# per-page and per-line work of extraction. Modules whose classes cross process boundaries
# (dump/pages.py's SiteInfo and Page, extract.py's ExtractStats) stay Python: mypyc's frozen
# dataclasses do not unpickle.
COMPILED_PARSER = (
    "sections.py",
    "wikitext.py",
    "wikitree.py",
    "entries.py",
    "dump/prefilter.py",
    "editions/common.py",
    "editions/labels.py",
    "editions/en/parser.py",
    "editions/en/labels.py",
    "editions/de/parser.py",
    "editions/de/labels.py",
)
# The shared library of the compiled modules: wordlist_pipeline/_parser__mypyc.*.so
GROUP = "wordlist_pipeline._parser"
# A module compiled with them that records the SHA-256 of each source it was compiled from.
SOURCES_MODULE = "_compiled_sources.py"


def source_digests() -> dict[str, str]:
    """module name -> SHA-256 of its source, as wordlist_pipeline/compiled.py computes it."""
    return {
        "wordlist_pipeline." + path.removesuffix(".py").replace("/", "."): hashlib.sha256(
            (ROOT / "pipeline" / path).read_bytes()
        ).hexdigest()
        for path in COMPILED_PARSER
    }


def stage_sources(stage: Path) -> list[str]:
    """Copy the Python sources where mypy sees them under their import names (the folder
    pipeline/ is the package wordlist_pipeline), add the digest module; the paths to compile."""
    shutil.rmtree(stage, ignore_errors=True)
    keep = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc", "static", "schemas", "samples")
    shutil.copytree(ROOT / "pipeline", stage / "wordlist_pipeline", ignore=keep)
    shutil.copytree(ROOT / "wordlist", stage / "wordlist", ignore=keep)
    digests = "".join(f"    {name!r}: {digest!r},\n" for name, digest in source_digests().items())
    (stage / "wordlist_pipeline" / SOURCES_MODULE).write_text(
        '"""Written by setup.py: the SHA-256 of each source compiled with this module."""\n\n'
        f"DIGESTS: dict[str, str] = {{\n{digests}}}\n"
    )
    return [str(stage / "wordlist_pipeline" / path) for path in (*COMPILED_PARSER, SOURCES_MODULE)]


def parser_extensions(build_temp: Path) -> list[Extension]:
    """mypyc's extensions for COMPILED_PARSER, or none (with the reason) where it cannot run."""
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
        extensions = mypycify([*options, *paths], group_name=GROUP, target_dir=str(build_temp / "mypyc"))
    except (Exception, SystemExit) as error:  # a type error mypy found: keep the Python modules
        print(f"setup.py: mypyc could not compile the parsers ({error}); they stay Python", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True
    return extensions


class BuildExt(build_ext):
    """build_ext that adds the compiled parsers, and builds them all or none: a module's stub
    without the shared library would not import, so when the library fails its stubs are skipped."""

    def finalize_options(self) -> None:
        # before setuptools' finalize_options, which prepares every extension of the distribution
        self.set_undefined_options("build", ("build_temp", "build_temp"))
        added = parser_extensions(Path(self.build_temp))
        self.distribution.ext_modules = [*(self.distribution.ext_modules or []), *added]
        self._parser_failed = False
        super().finalize_options()

    def build_extension(self, ext: Extension) -> None:
        is_parser = ext.name.startswith("wordlist_pipeline.")
        if is_parser and self._parser_failed:
            return
        try:
            super().build_extension(ext)
        except Exception:
            if is_parser:
                self._parser_failed = True
            raise


setup(
    ext_modules=[
        # is_word's fast path in C; optional: without a compiler the Python path is used
        Extension("wordlist._dawg", ["wordlist/_dawg.c"], optional=True),
        # the games' move generators in C; optional: without a compiler the Python ones are used
        Extension("wordlist._movegen", ["wordlist/_movegen.c"], optional=True),
    ],
    cmdclass={"build_ext": BuildExt},
)
