"""Which parser runs: the modules mypyc compiled from this package's source, or that source.

setup.py compiles the per-page and per-line modules of extraction (wikitext, the editions'
parsers ...) with mypyc, which makes them about a third cheaper with the same results. The Python
source stays the reference; it is imported instead of the compiled modules

- where nothing was compiled (no mypy or no C compiler at install: nothing to choose),
- when WORDLIST_PYTHON_PARSER=1 is set (tests compare the two; a traceback shows source lines), or
- when a source file is not the one compiled (an edited checkout of an editable install): the
  compiled modules record the SHA-256 of their sources, and one changed file sends every module
  back to its source, since compiled modules call each other directly.

`choose()` runs once, when wordlist_pipeline is imported, before any of these modules is.
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

__all__ = ["PYTHON_PARSER_ENV", "choose", "compiled_modules"]

PYTHON_PARSER_ENV = "WORDLIST_PYTHON_PARSER"
_PACKAGE = Path(__file__).resolve().parent


class _SourceOnly(importlib.abc.MetaPathFinder):
    """Finds the named modules' .py files only, so a compiled .so beside them is not imported."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names or not path:
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for folder in path:
            spec = importlib.machinery.FileFinder(folder, loader).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def _source_digest(name: str) -> str | None:
    source = _PACKAGE.joinpath(*name.split(".")[1:]).with_suffix(".py")
    try:
        return hashlib.sha256(source.read_bytes()).hexdigest()
    except OSError:
        return None


def _recorded_digests() -> dict[str, str]:
    try:
        from wordlist_pipeline import _compiled_sources  # type: ignore[attr-defined]
    except ImportError:  # nothing compiled, or the compiled library could not be loaded
        return {}
    return dict(_compiled_sources.DIGESTS)


_COMPILED: frozenset[str] = frozenset()


def choose() -> None:
    """Import the Python source instead of the compiled modules where it must be (see above)."""
    global _COMPILED
    digests = _recorded_digests()
    if not digests:
        return
    current = all(_source_digest(name) == digest for name, digest in digests.items())
    if current and os.environ.get(PYTHON_PARSER_ENV, "0") in ("", "0"):
        _COMPILED = frozenset(digests)
        return
    if not any(isinstance(finder, _SourceOnly) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceOnly(frozenset(digests)))


def compiled_modules() -> frozenset[str]:
    """The modules running compiled in this process (empty: the Python source runs)."""
    return _COMPILED
