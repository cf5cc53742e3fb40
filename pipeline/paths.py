"""Checks on the paths a command reads and writes, made before the first byte is read.

A long extraction that ends in "cannot write the output" wastes the run; an output that resolves
to an input destroys it. Every command checks its inputs and outputs with these first.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from wordlist.atomic import check_replaceable_file
from wordlist.errors import WordlistError
from wordlist.export import FORMATS as EXPORT_FILES
from wordlist.format import ARTEFACT_FILES, GAME_JSON, MANIFEST_JSON
from wordlist.format.base import LEAVES_JSON
from wordlist.os_errors import os_reason
from wordlist_pipeline.errors import OutputError

# The sample dumps and their page sources: dumps/sample/ in the repository, shipped in a wheel as
# wordlist_pipeline/samples/ (pyproject.toml), so that `wordlist build` works from either.
_PACKAGED_SAMPLES = Path(__file__).resolve().parent / "samples"
_REPOSITORY_SAMPLES = Path(__file__).resolve().parents[1] / "dumps" / "sample"
SAMPLE_DIR = _PACKAGED_SAMPLES if _PACKAGED_SAMPLES.is_dir() else _REPOSITORY_SAMPLES

# What a word list's folder may hold, so what a build replaces there: its artefacts, and the
# exports `wordlist export` wrote beside them (before exports had a folder of their own, or by
# `--out`), which the build writes again from the new list. Anything else stops the build before
# it extracts (build.plan_build), and the swap allows no more (artefacts.write_word_list). The
# leave values `wordlist leaves` learned are dropped too: they describe the old list.
WORD_LIST_FILES = frozenset({*ARTEFACT_FILES, GAME_JSON, LEAVES_JSON, MANIFEST_JSON, *EXPORT_FILES.values()})


def check_input_file(path: Path, what: str, error: type[WordlistError] = WordlistError) -> Path:
    """`path` is a regular file this process can open; otherwise `error` naming it.

    `what` says what the file should be, with its article ("a dump"). Regular files only: a FIFO
    or a device (``/dev/zero``) would block or never end.
    """
    path = Path(path)
    if not os.path.lexists(path):
        raise error(f"{path}: no such file")
    if path.is_dir():
        raise error(f"{path}: a folder, not {what}")
    if not path.exists():
        raise error(f"{path}: a broken symbolic link")
    if not path.is_file():
        raise error(f"{path}: not a regular file ({what} is read from a file)")
    try:
        with open(path, "rb"):
            pass
    except OSError as failure:
        raise error(f"{path}: cannot be read ({os_reason(failure)})") from None
    return path


def same_file(a: Path, b: Path) -> bool:
    """Whether `a` and `b` are one file (through symbolic links and hard links alike)."""
    try:
        return os.path.samefile(a, b)
    except OSError:  # one does not exist (yet): compare where they would be
        return Path(a).resolve() == Path(b).resolve()


def check_location(final: Path) -> None:
    """Refuse a path that cannot be created because something on its way is a file, not a folder."""
    for parent in Path(final).parents:
        if os.path.lexists(parent):
            if not parent.is_dir():
                raise OutputError(f"{parent}: a file, not a folder, so {final} cannot be written in it")
            return


def check_output_file(out: Path, inputs: Iterable[Path | None] = ()) -> Path:
    """`out` can be written as a file: not a folder, not one of `inputs`, nothing there but a
    regular file (no FIFO, device or symbolic link: wordlist.atomic), its folder creatable."""
    out = Path(out)
    if out.is_dir():
        raise OutputError(f"{out}: a folder, not a file to write (give the output file's name)")
    for source in inputs:
        if source is not None and same_file(out, source):
            which = "an input" if Path(source) == out else f"the same file as the input {source}"
            raise OutputError(f"{out}: {which}; writing the output there would replace it")
    check_replaceable_file(out)
    check_location(out)
    return out


def check_output_folder(folder: Path) -> Path:
    """`folder` is a folder or can be made one."""
    folder = Path(folder)
    if os.path.lexists(folder) and not folder.is_dir():
        raise OutputError(f"{folder}: a file, not a folder; give a folder to write into")
    check_location(folder / "_")
    return folder


def check_writable_folder(folder: Path) -> Path:
    """`folder` exists (it is made if missing) and a file can be created in it."""
    check_output_folder(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".wordlist-write-test-{os.getpid()}"
        probe.touch()
        probe.unlink()
    except OSError as failure:
        raise OutputError(f"{folder}: cannot write here ({os_reason(failure)})") from None
    return folder
