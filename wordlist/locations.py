"""Where word lists are found: the data folder, then the installed data packages.

`Lexicon.open(language, profile)`, `wordlist query`, `play` and `serve` look for a list

1. in the data folder: `root=` (`--data`) when given, else `$WORDLIST_DATA` when set, else
   `./outputs`, at `<folder>/<language>/<profile>/`;
2. when it is not there, in the installed data packages (`wordlist package` makes them, one per
   language: `pip install wiktionary_wordlist_data_en-*.whl`), found by their entry points in the
   group `wordlist.lists`, as model packages are found elsewhere in the ecosystem: the entry point
   is named by the language and names the package, whose folder holds `<language>/<profile>/`.
   Only the package's location is looked up (importlib.util.find_spec): nothing of it runs.

A list in the data folder hides a packaged one of the same name, so a site's own build wins over
an installed package; of two packages for one language, the one whose distribution name sorts
first is used.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from wordlist.errors import ArgumentTypeError, ArtefactError
from wordlist.format import MANIFEST_JSON
from wordlist.format.base import LANGUAGE_CODE, LIST_NAME, reading

DATA_ENV = "WORDLIST_DATA"
DEFAULT_ROOT = Path("outputs")
LISTS_GROUP = "wordlist.lists"  # the entry-point group of data packages


@dataclass(frozen=True)
class DataPackage:
    """An installed data package: its distribution, version, language and the folder holding
    `<language>/<profile>/`."""

    distribution: str
    version: str
    language: str
    root: Path

    def lists(self) -> dict[tuple[str, str], Path]:
        """(language, profile) -> folder of every list the package holds."""
        return {
            (self.language, path.parent.name): path.parent
            for path in sorted((self.root / self.language).glob(f"*/{MANIFEST_JSON}"))
            if LIST_NAME.fullmatch(path.parent.name)
        }


def data_root(root: str | os.PathLike | None = None) -> Path:
    """The data folder: `root`, else $WORDLIST_DATA, else ./outputs. ArgumentTypeError if `root`
    is neither a string nor a path."""
    if root is not None and not isinstance(root, str | os.PathLike):
        raise ArgumentTypeError(f"root must be a path or a string, not {type(root).__name__}")
    return Path(root or os.environ.get(DATA_ENV) or DEFAULT_ROOT)


def folder_lists(root: str | Path | None = None) -> dict[tuple[str, str], Path]:
    """(language, profile) -> folder of every list built in the data folder."""
    base = data_root(root)
    with reading(base):  # (a name too long for the file system, say)
        return {
            (path.parent.parent.name, path.parent.name): path.parent
            for path in sorted(base.glob(f"*/*/{MANIFEST_JSON}"))
        }


def data_packages() -> list[DataPackage]:
    """The installed data packages, by distribution name. An entry point that is not a language
    code, or names no installed package, is passed over."""
    found = []
    for entry in metadata.entry_points(group=LISTS_GROUP):
        if not LANGUAGE_CODE.fullmatch(entry.name) or entry.dist is None:
            continue
        try:
            spec = importlib.util.find_spec(entry.module)
        except (ImportError, ValueError):
            continue
        locations = spec.submodule_search_locations if spec is not None else None
        if not locations:  # a module, not a package: it holds no folders
            continue
        folder = Path(next(iter(locations)))
        found.append(DataPackage(entry.dist.name, entry.dist.version, entry.name, folder))
    return sorted(found, key=lambda package: (package.distribution, package.language))


def packaged_lists() -> dict[tuple[str, str], Path]:
    """(language, profile) -> folder of every list of the installed data packages."""
    lists: dict[tuple[str, str], Path] = {}
    for package in data_packages():
        for key, folder in package.lists().items():
            lists.setdefault(key, folder)
    return lists


def all_lists(root: str | Path | None = None) -> dict[tuple[str, str], Path]:
    """(language, profile) -> folder of every list `find_list` finds, sorted: the data folder's,
    then the packages' of other names."""
    found = {**packaged_lists(), **folder_lists(root)}
    return dict(sorted(found.items()))


def find_list(language: str, profile: str, root: str | Path | None = None) -> Path:
    """The folder of the list (`language`, `profile`): in the data folder, else in an installed data
    package; an ArtefactError saying where it looked otherwise."""
    folder = data_root(root) / language / profile
    with reading(folder):  # (a name too long for the file system, say)
        if (folder / MANIFEST_JSON).exists():
            return folder
    packaged = packaged_lists().get((language, profile))
    if packaged is not None:
        return packaged
    packages = data_packages()
    installed = ", ".join(f"{p.distribution} {p.version}" for p in packages) or "none installed"
    have = ", ".join(f"{lang}/{prof}" for lang, prof in all_lists(root))
    raise ArtefactError(
        f"{folder}: no {profile!r} word list for language {language!r} there ({chosen_by(root)}) "
        f"nor in the installed data packages ({installed}); available: "
        + (have or "none (`wordlist build` builds them)")
    )


def chosen_by(root: str | os.PathLike | None) -> str:
    """How the data folder was chosen (as data_root chooses it), and how to choose another: what
    one whose lists are elsewhere (another folder, another working directory) reads when a list is
    not found."""
    if root:
        return "the data folder given as root= or --data"
    if os.environ.get(DATA_ENV):
        return f"the data folder ${DATA_ENV} names; give root= or --data, or unset it, to look elsewhere"
    try:
        here = f", in {os.getcwd()}"
    except OSError:  # the working directory was removed
        here = ""
    return (
        f"the default data folder ./{DEFAULT_ROOT}{here}; give root=, --data or ${DATA_ENV} to look elsewhere"
    )
