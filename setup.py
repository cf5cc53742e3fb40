"""The optional compiled parts; everything else is declared in pyproject.toml.

- wordlist/_dawg.c, wordlist/_movegen.c: is_word's fast path and the games' move generators in C.
- The pipeline's parsers, compiled by mypyc from their own Python source (the modules named in
  pipeline/compiled.py). The source stays the reference: it is what runs where nothing was
  compiled, when WORDLIST_PYTHON_PARSER=1 is set, and whenever the package's source is not the
  one compiled (pipeline/compiled.py checks that at import).

mypy (which brings mypyc) is a build requirement that pip installs. Every part is optional: with
no C compiler, or where mypy is missing (a build without isolation) or finds a type error in the
compiled modules (the reason is printed; `pip install -v` shows it), the install still succeeds
and the package runs the Python code, with the same results.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

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


setup(
    ext_modules=[
        # The DAWG's reader and is_word's fast path, and the games' move generators, in C; optional:
        # without a compiler the Python ones are used. Their limits are wordlist/_limits.h, written
        # from wordlist/format/limits.py.
        Extension("wordlist._dawg", ["wordlist/_dawg.c"], depends=["wordlist/_limits.h"], optional=True),
        Extension(
            "wordlist._movegen", ["wordlist/_movegen.c"], depends=["wordlist/_limits.h"], optional=True
        ),
    ],
    cmdclass={"build_ext": BuildExt},
)
