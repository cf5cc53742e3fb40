"""Which parser runs: the modules mypyc compiled from this package's source, or that source.

setup.py compiles the per-page and per-line modules of extraction (COMPILED_MODULES: wikitext,
the editions' parsers ...) with mypyc, which makes them about a third cheaper with the same
results. The Python source stays the reference; it is imported instead of the compiled modules

- where nothing was compiled, or the compiled library does not load (no mypy or no C compiler
  at install, a partial build),
- when WORDLIST_PYTHON_PARSER=1 is set (tests compare the two; a traceback shows source lines), or
- when the package's source is not the one compiled (an edited checkout of an editable install):
  the compiled library records one SHA-256 over every .py file of the package (the compiled
  modules and every module they were type-checked against), and a difference sends every module
  back to its source, since compiled modules call each other directly.

`choose()` runs once, when wordlist_pipeline is imported, before any of these modules is. This
module imports nothing of the package: setup.py reads COMPILED_MODULES and `source_digest` here.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["COMPILED_MODULES", "PYTHON_PARSER_ENV", "choose", "compiled_modules", "source_digest"]

PYTHON_PARSER_ENV = "WORDLIST_PYTHON_PARSER"
PACKAGE = "wordlist_pipeline"
# The modules mypyc compiles, under the package: the per-page and per-line work of extraction.
# Modules whose classes cross process boundaries (dump/pages.py's SiteInfo and Page, extract.py's
# ExtractStats) stay Python: mypyc's frozen dataclasses do not unpickle field by field.
COMPILED_MODULES = (
    "sections",
    "wikitext",
    "wikitree",
    "entries",
    "dump.prefilter",
    "editions.common",
    "editions.labels",
    "editions.en.parser",
    "editions.en.labels",
    "editions.de.parser",
    "editions.de.labels",
)
# The compiled library itself, and the module in it that records the digest of the source.
LIBRARY = f"{PACKAGE}._parser__mypyc"
DIGEST_MODULE = f"{PACKAGE}._compiled_sources"

_FOLDER = Path(__file__).resolve().parent


def source_digest(folder: Path) -> str:
    """SHA-256 over every .py file under `folder` (the package), names and contents."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


class _SourceUnlessCompiled(importlib.abc.MetaPathFinder):
    """Imports the package's modules from their .py files, except those in `compiled`: a compiled
    module left over from an older build (or one whose library does not load) is never imported."""

    def __init__(self, compiled: frozenset[str]) -> None:
        self.compiled = compiled

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(PACKAGE + ".") or fullname in self.compiled or not path:
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for folder in path:
            spec = importlib.machinery.FileFinder(folder, loader).find_spec(fullname)
            if spec is not None:
                return spec
        return None  # no source (the compiled library, the digest module): the usual finders


def _recorded_digest() -> str | None:
    try:
        from wordlist_pipeline import _compiled_sources  # type: ignore[attr-defined]
    except ImportError:  # nothing compiled, or the compiled library does not load
        return None
    return str(_compiled_sources.DIGEST)


_COMPILED: frozenset[str] = frozenset()


def choose() -> None:
    """Run the compiled modules if they were compiled from this very source and not switched
    off; otherwise the source of every module (see above)."""
    global _COMPILED
    recorded = _recorded_digest() if os.environ.get(PYTHON_PARSER_ENV, "0") in ("", "0") else None
    if recorded is not None and recorded == source_digest(_FOLDER):
        _COMPILED = frozenset(f"{PACKAGE}.{name}" for name in COMPILED_MODULES)
    if not any(isinstance(finder, _SourceUnlessCompiled) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceUnlessCompiled(_COMPILED))


def compiled_modules() -> frozenset[str]:
    """The modules running compiled in this process (empty: the Python source runs)."""
    return _COMPILED
