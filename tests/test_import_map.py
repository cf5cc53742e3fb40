"""The import map of the library: no arrow from wordlist/ to the pipeline or to js/, by import or by link.

The map is read from the source (an AST walk of every module of wordlist/): import statements
(relative ones resolved), the module names given as strings to importlib.import_module,
__import__, importlib.util.find_spec, runpy.run_module and pkgutil.resolve_name, and every string
written as an entry point ("module:attribute", as the `wordlist` command names its lazily
imported commands). A module name computed at run time would escape it; none is.

The pipeline reaches the library from above only: the entry points of the group
`wordlist.commands` (pyproject.toml) name its commands, and the `wordlist` command finds them
there. The web page's files import only files of the package (its reader is a copy of js/src,
made at build time: tests/test_packaging.py).
"""

from __future__ import annotations

import ast
import os
import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from tests.conftest import ROOT

LIBRARY = ROOT / "wordlist"
STATIC = LIBRARY / "server" / "static"
ARROW_CALLS = {"import_module", "__import__", "find_spec", "run_module", "resolve_name"}
ENTRY_POINT = re.compile(r"(?P<module>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*):[A-Za-z_][\w.]*")
FORBIDDEN = ("wordlist_pipeline", "pipeline", "js")  # the pipeline (by either name), the npm package


def module_name(path: Path, root: Path = LIBRARY) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_from(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The module a `from ... import` reads, its dots resolved against `module`."""
    if not node.level:
        return node.module or ""
    package = module if is_package else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def arrows(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module `source` (the module `module`) names: by import, by a string it imports, by an
    entry point's "module:attribute"."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = imported_from(node, module, is_package)
            found |= {base, *(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")}
        elif isinstance(node, ast.Call):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            first = node.args[0] if node.args else None
            if called in ARROW_CALLS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value.partition(":")[0])
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            entry = ENTRY_POINT.fullmatch(node.value)
            if entry:
                found.add(entry["module"])
    return found


def import_map(root: Path = LIBRARY) -> dict[str, set[str]]:
    """{module: the modules it names} for every module under `root`."""
    return {
        module_name(path, root): arrows(
            path.read_text(encoding="utf-8"), module_name(path, root), path.stem == "__init__"
        )
        for path in sorted(root.rglob("*.py"))
    }


def forbidden(target: str) -> bool:
    return target.split(".")[0] in FORBIDDEN


def links_out(root: Path) -> list[Path]:
    """The symbolic links under `root`, and anything that resolves outside it."""
    found = []
    for folder, folders, files in os.walk(root):
        for name in [*folders, *files]:
            path = Path(folder, name)
            if path.is_symlink() or not path.resolve().is_relative_to(root.resolve()):
                found.append(path)
    return found


def test_the_map_sees_every_kind_of_arrow(tmp_path: Path) -> None:
    """The walk finds each way a module can name another (so that the checks below can fail)."""
    source = """
import importlib, importlib.util, runpy
import wordlist_pipeline.build as b
from wordlist_pipeline import cli
from . import sibling
from ..up import thing
importlib.import_module("wordlist_pipeline.select")
__import__("wordlist_pipeline.synth")
importlib.util.find_spec("wordlist_pipeline")
runpy.run_module("wordlist_pipeline.download")
LAZY = {"build": "wordlist_pipeline.extract:app"}
"""
    found = arrows(source, "wordlist.cli.root")
    assert {
        "wordlist_pipeline.build",
        "wordlist_pipeline",
        "wordlist_pipeline.cli",
        "wordlist.cli.sibling",
        "wordlist.up",
        "wordlist.up.thing",
        "wordlist_pipeline.select",
        "wordlist_pipeline.synth",
        "wordlist_pipeline.download",
        "wordlist_pipeline.extract",
    } <= found
    assert arrows("from . import x", "wordlist.cli", is_package=True) >= {"wordlist.cli.x"}
    folder = tmp_path / "package"
    folder.mkdir()
    (folder / "page.js").write_text("")
    (folder / "reader").symlink_to(tmp_path)
    assert links_out(folder) == [folder / "reader"]


def test_no_module_of_the_library_names_the_pipeline_or_js() -> None:
    found = import_map()
    # the map is the library's: its modules, and arrows of every kind between them
    assert len(found) > 50 and "wordlist.cli.root" in found and "wordlist.server.app" in found
    assert "wordlist.graph" in found["wordlist.lexicon"]
    assert {"wordlist.cli.query", "wordlist.cli.play"} <= found["wordlist.cli.root"]  # lazily imported
    offenders = sorted(
        f"{module} -> {target}"
        for module, targets in found.items()
        for target in targets
        if forbidden(target)
    )
    assert not offenders, "\n".join(offenders)


def test_no_link_out_of_the_library() -> None:
    """No file or folder of wordlist/ is a link (the page's reader was one, to js/src)."""
    assert links_out(LIBRARY) == []


IMPORTS_IN_JS = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*|\bsrc=)["']([^"']+\.(?:js|mjs))["']""")


@pytest.mark.parametrize("page_file", sorted([*STATIC.rglob("*.js"), *STATIC.rglob("*.html")]), ids=str)
def test_the_page_imports_only_files_of_the_package(page_file: Path) -> None:
    """Each import of the web page is a file the server serves from the package: / is static/,
    /js/ the reader's copy in static/js."""
    for specifier in IMPORTS_IN_JS.findall(page_file.read_text(encoding="utf-8")):
        if specifier.startswith("/"):
            target = STATIC / specifier[1:]
        else:
            assert specifier.startswith("."), f"{page_file}: {specifier!r} is not a file of the package"
            target = page_file.parent / specifier
        assert target.resolve().is_relative_to(STATIC.resolve()) and target.is_file(), (page_file, specifier)


def test_the_pipeline_joins_the_command_from_above() -> None:
    """The arrow between the two: the entry points of `wordlist.commands` name the pipeline's
    commands; the `wordlist` script is the library's."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"] == {"wordlist": "wordlist.cli:main"}
    declared = project["entry-points"]["wordlist.commands"]
    assert set(declared) == {
        "build",
        "extract",
        "download",
        "synth",
        "why",
        "diff",
        "profiles",
        "package",
        "leaves",
    }
    assert all(value.startswith("wordlist_pipeline.") for value in declared.values())
    installed = {entry.name: entry.value for entry in metadata.entry_points(group="wordlist.commands")}
    assert installed == declared  # the installed metadata is this pyproject's
    for name, value in declared.items():  # each names an app that has that command
        app = metadata.EntryPoint(name, value, "wordlist.commands").load()
        assert name in {info.name for info in app.registered_commands}
