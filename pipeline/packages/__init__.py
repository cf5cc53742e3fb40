"""`wordlist package`: built word lists as packages a game developer installs, one set per language.

- a Python wheel, `wiktionary-wordlist-data-<lang>` (wheel.py), which `Lexicon.open` finds by its
  entry point without any outputs/ folder (wordlist.locations);
- an npm package of the same name (npm.py), which loads with the JavaScript reader;
- an archive for engines that take files (archive.py): the lists, their SQLite exports, the
  licence and SHA256SUMS.

All are versioned by the dump's date (plan.py), carry the data's licence (not the software's
MIT), are written without network, and are deterministic: the same lists give the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from wordlist.errors import WordlistError
from wordlist_pipeline.errors import OutputError
from wordlist_pipeline.packages.archive import archive_name, write_archive
from wordlist_pipeline.packages.npm import tarball_name, write_npm_package
from wordlist_pipeline.packages.plan import Release, plan_release
from wordlist_pipeline.packages.wheel import wheel_name, write_wheel
from wordlist_pipeline.paths import check_output_file, check_output_folder

# format -> (its file's name, its writer)
FORMATS: dict[str, tuple[Callable[[Release], str], Callable[[Release, Path], Path]]] = {
    "wheel": (wheel_name, write_wheel),
    "npm": (tarball_name, write_npm_package),
    "archive": (archive_name, write_archive),
}

__all__ = ["FORMATS", "Release", "package", "plan_release"]


def package(
    data: Path,
    out_dir: Path,
    *,
    languages: list[str] | None = None,
    formats: list[str] | None = None,
    version: str | None = None,
) -> list[Path]:
    """Write the packages of the lists built in `data` into `out_dir`; the files written, in order.
    Every list and every output is checked before the first file is written."""
    chosen = list(dict.fromkeys(formats or FORMATS))
    for name in chosen:
        if name not in FORMATS:
            raise WordlistError(f"--format {name!r}: not one of {', '.join(FORMATS)}")
    out_dir = check_output_folder(Path(out_dir))
    releases = plan_release(Path(data), languages, version)
    inputs = [item.folder / name for release in releases for item in release.lists for name in item.files()]
    for release in releases:
        for item in release.lists:
            if out_dir.resolve().is_relative_to(item.folder.resolve()):
                raise OutputError(f"{out_dir}: inside the word list {item.folder}; choose another folder")
        for name in chosen:
            check_output_file(out_dir / FORMATS[name][0](release), inputs)
    return [FORMATS[name][1](release, out_dir) for release in releases for name in chosen]
