"""What `wordlist package` makes of a folder of built lists: one release per language, checked first.

Every list of a language goes into its language's packages. Each list is read as a reader reads
it, every file it ships checked against its manifest (size and sha256), and it must carry its
licence (LICENSE.md and the manifest's `license`: lists built before them cannot be packaged).
The lists of one language must come from one dump, whose date is the version (20261101 ->
2026.11.1), unless `--version` gives one.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from pathlib import Path

from wordlist.errors import ArtefactError, WordlistError
from wordlist.format import LICENSE_MD, MANIFEST_JSON, License, Manifest, read_word_list
from wordlist.format.base import LANGUAGE_CODE, LIST_NAME
from wordlist.format.folder import check_file
from wordlist.locations import folder_lists
from wordlist_pipeline.errors import InputError

DISTRIBUTION = "wiktionary-wordlist-data-{language}"  # the name of every package of a language
# MAJOR.MINOR.PATCH without leading zeros: a version both PEP 440 and npm's semver read alike
VERSION = re.compile(r"(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})")


@dataclass(frozen=True)
class PackagedList:
    """One built list as packages ship it: its folder, manifest and the files to copy."""

    folder: Path
    manifest: Manifest

    @property
    def name(self) -> str:
        """ "en/balda": the list's place in every package."""
        return f"{self.manifest.language}/{self.manifest.profile}"

    @property
    def license(self) -> License:
        assert self.manifest.license is not None  # plan_release refuses a list without one
        return self.manifest.license

    def files(self) -> list[str]:
        """The files every package ships: the manifest and every file it lists (not exports)."""
        return sorted({MANIFEST_JSON, *self.manifest.files})


@dataclass(frozen=True)
class Release:
    """The packages of one language: its lists, the version, the names every format derives."""

    language: str
    language_name: str
    version: str
    lists: tuple[PackagedList, ...]

    @property
    def distribution(self) -> str:
        """The Python distribution's and the npm package's name: wiktionary-wordlist-data-en."""
        return DISTRIBUTION.format(language=self.language)

    @property
    def module(self) -> str:
        """The Python package the wheel installs: wiktionary_wordlist_data_en."""
        return self.distribution.replace("-", "_")

    @property
    def license(self) -> License:
        """The licence every list of the release shares (checked by plan_release)."""
        return self.lists[0].license

    @property
    def profiles(self) -> list[str]:
        return [item.manifest.profile for item in self.lists]

    def summary(self) -> str:
        """One sentence of what the packages hold, for their descriptions."""
        counts = ", ".join(f"{i.manifest.profile} ({i.manifest.counts.words:,} words)" for i in self.lists)
        dump = self.license.dump or "a dump"
        dated = f" of {self.license.dump_date}" if self.license.dump_date else ""
        return f"{self.language_name} game word lists: {counts}, from Wiktionary ({dump}{dated})"

    def notice(self) -> str:
        """The package's LICENSE.md: what it holds, then each list's own LICENSE.md as written."""
        parts = [
            f"# Licence of {self.distribution} {self.version}\n",
            f"The word lists in this package ({', '.join(item.name for item in self.lists)}) are "
            "made of Wiktionary's text and are under its licences, not under the MIT licence of "
            f"the software that made them: `{self.license.expression}`. Each list's folder holds "
            "its LICENSE.md, copied here.\n",
        ]
        for item in self.lists:
            text = (item.folder / LICENSE_MD).read_text(encoding="utf-8")
            parts.append(f"---\n\n{item.name}/{LICENSE_MD}:\n\n{text}")
        return "\n".join(parts)


def version_of(date: str | None, where: Path, dump: str | None) -> str:
    """The version of a dump's date (YYYY-MM-DD): 2026-11-01 -> 2026.11.1."""
    if date is None:
        raise InputError(
            f"{where}: the dump {dump or '(unnamed)'} has no date in its name to version the packages "
            "by; give --version"
        )
    try:
        day = datetime.date.fromisoformat(date)
    except ValueError:
        raise InputError(f"{where}: license.dump_date {date!r} is not a date; give --version") from None
    return f"{day.year}.{day.month}.{day.day}"


def check_version(version: str) -> str:
    """`version` if it is MAJOR.MINOR.PATCH (1.0.2; 2026.11.1), which PEP 440 and semver read alike."""
    if not VERSION.fullmatch(version):
        raise WordlistError(
            f"--version {version!r}: not a version like 2026.11.1 (three numbers, no leading zeros)"
        )
    return version


def read_list(folder: Path) -> PackagedList:
    """A built list, read and every file it ships checked; an error if it carries no licence."""
    manifest = read_word_list(folder).manifest  # the manifest, alphabet, game and DAWG checked
    for name in manifest.files:
        check_file(folder, name, manifest.files[name], verify=True)  # words.parquet, words.txt ...
    if manifest.license is None or LICENSE_MD not in manifest.files:
        raise ArtefactError(
            f"{folder}: built before word lists carried their licence (no {LICENSE_MD}); "
            "rebuild it with `wordlist build` to package it"
        )
    return PackagedList(folder, manifest)


def plan_release(data: Path, languages: list[str] | None = None, version: str | None = None) -> list[Release]:
    """The releases of the lists built in `data` (those of `languages`), every list checked."""
    data = Path(data)
    if not data.is_dir():
        kind = "not a folder" if data.exists() else "no such folder"
        raise InputError(f"{data}: {kind} of built word lists")
    if version is not None:
        check_version(version)
    built = folder_lists(data)
    for (language, profile), folder in built.items():
        if not (LANGUAGE_CODE.fullmatch(language) and LIST_NAME.fullmatch(profile)):
            raise InputError(f"{folder}: not the folder of a word list (<language>/<profile>, like en/balda)")
    if not built:
        raise InputError(f"{data}: no word lists built here (run `wordlist build`)")
    have = sorted({language for language, _ in built})
    for language in languages or []:
        if language not in have:
            raise InputError(
                f"{data}: no word list of language {language!r} built here (have: {', '.join(have)})"
            )
    found: dict[str, list[PackagedList]] = {}
    for (language, _), folder in built.items():
        if not languages or language in languages:
            found.setdefault(language, []).append(read_list(folder))
    return [_release(language, lists, version) for language, lists in sorted(found.items())]


def _release(language: str, lists: list[PackagedList], version: str | None) -> Release:
    first = lists[0]
    for other in lists[1:]:
        if (other.license.dump, other.license.dump_date) != (first.license.dump, first.license.dump_date):
            raise InputError(
                f"{other.folder}: built from {other.license.dump}, but {first.folder} from "
                f"{first.license.dump}: the lists of one package come from one dump (rebuild them)"
            )
        if other.license.expression != first.license.expression:
            raise InputError(
                f"{other.folder}: licence {other.license.expression!r}, but {first.folder} has "
                f"{first.license.expression!r}"
            )
    chosen = version or version_of(first.license.dump_date, first.folder / MANIFEST_JSON, first.license.dump)
    return Release(language, first.manifest.language_name, chosen, tuple(lists))
