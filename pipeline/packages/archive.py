"""An archive of a language's lists for engines that take files (Godot, Unity, mobile): a zip.

`wiktionary-wordlist-data-<lang>-<version>/` holds the list folders as built, each with its SQLite
export (`words.sqlite`, which engines read without extra code), the release's LICENSE.md and
README.md, and SHA256SUMS: the sha256 of every other file, as `sha256sum -c SHA256SUMS` checks
them from that folder.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from wordlist.export import FORMATS, export
from wordlist.format import LICENSE_MD
from wordlist.lexicon import Lexicon
from wordlist_pipeline.packages.archives import Member, write_zip
from wordlist_pipeline.packages.plan import Release
from wordlist_pipeline.packages.readme import readme

SHA256SUMS = "SHA256SUMS"
SQLITE = FORMATS["sqlite"]


def archive_name(release: Release) -> str:
    """wiktionary-wordlist-data-en-2026.11.1.zip"""
    return f"{release.distribution}-{release.version}.zip"


def write_archive(release: Release, out_dir: Path) -> Path:
    """The release's archive in `out_dir`; its path. The SQLite exports are made in a temporary
    folder (deterministic: wordlist.export), deleted after."""
    path = out_dir / archive_name(release)
    top = f"{release.distribution}-{release.version}"
    scratch = Path(tempfile.mkdtemp(prefix="wordlist-package-"))
    try:
        members = [
            Member(LICENSE_MD, release.notice().encode("utf-8")),
            Member("README.md", readme(release).encode("utf-8")),
        ]
        for item in release.lists:
            members += [Member(f"{item.name}/{name}", item.folder / name) for name in item.files()]
            sqlite = scratch / item.manifest.language / item.manifest.profile / SQLITE
            sqlite.parent.mkdir(parents=True)
            export(Lexicon.load(item.folder), "sqlite", sqlite)
            members.append(Member(f"{item.name}/{SQLITE}", sqlite))
        members.sort(key=lambda member: member.name)
        sums = "".join(f"{m.sha256().hex()}  {m.name}\n" for m in members)
        members.append(Member(SHA256SUMS, sums.encode("ascii")))
        write_zip(path, [Member(f"{top}/{m.name}", m.source) for m in members])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return path
