"""A Python wheel of a language's lists, written directly: a zip with the package, METADATA, WHEEL,
the entry point and RECORD (the binary distribution format, PEP 427 and 491), built offline.

The wheel installs the package `wiktionary_wordlist_data_<lang>`, a folder holding
`<lang>/<profile>/` (the lists as built) and an `__init__.py` that names them, and declares the
entry point `<lang> = wiktionary_wordlist_data_<lang>` in the group `wordlist.lists`, by which
`Lexicon.open` finds the lists (wordlist.locations). Its licence is the data's (PEP 639:
License-Expression, and the licence file in the .dist-info's licenses/).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import wordlist
from wordlist.format import LICENSE_MD
from wordlist.locations import LISTS_GROUP
from wordlist_pipeline.packages.archives import Member, write_zip
from wordlist_pipeline.packages.plan import Release
from wordlist_pipeline.packages.readme import readme

TAG = "py3-none-any"  # data and a module of constants: any Python 3, any platform


def wheel_name(release: Release) -> str:
    """wiktionary_wordlist_data_en-2026.11.1-py3-none-any.whl"""
    return f"{release.module}-{release.version}-{TAG}.whl"


def write_wheel(release: Release, out_dir: Path) -> Path:
    """The release's wheel in `out_dir`; its path."""
    path = out_dir / wheel_name(release)
    package = _package_members(release)
    info = f"{release.module}-{release.version}.dist-info"
    metadata = [
        Member(f"{info}/METADATA", _metadata(release).encode("utf-8")),
        Member(f"{info}/WHEEL", _wheel_file().encode("utf-8")),
        Member(f"{info}/entry_points.txt", _entry_points(release).encode("utf-8")),
        Member(f"{info}/licenses/{LICENSE_MD}", release.notice().encode("utf-8")),
    ]
    members = [*package, *metadata]
    record = "".join(f"{m.name},sha256={_urlsafe(m.sha256())},{m.size()}\n" for m in members)
    record += f"{info}/RECORD,,\n"
    write_zip(path, [*members, Member(f"{info}/RECORD", record.encode("utf-8"))])
    return path


def _package_members(release: Release) -> list[Member]:
    module = release.module
    members = [
        Member(f"{module}/__init__.py", _init_module(release).encode("utf-8")),
        Member(f"{module}/{LICENSE_MD}", release.notice().encode("utf-8")),
    ]
    for item in release.lists:
        members += [Member(f"{module}/{item.name}/{name}", item.folder / name) for name in item.files()]
    return members


def _init_module(release: Release) -> str:
    """The package's module: where its lists are, and what they are, without importing anything."""
    profiles = ", ".join(json.dumps(p) for p in release.profiles)
    return (
        f'"""{release.summary()}.\n\n'
        "Data of wiktionary-wordlist: `wordlist.Lexicon.open(LANGUAGE, profile)` finds these lists\n"
        f"through this package's entry point (group {LISTS_GROUP}). Licence: {release.license.expression}\n"
        f'(LICENSE.md).\n"""\n\n'
        "from pathlib import Path\n\n"
        f"LANGUAGE = {json.dumps(release.language)}\n"
        f"VERSION = {json.dumps(release.version)}\n"
        f"PROFILES = ({profiles},)\n"
        f"LICENSE = {json.dumps(release.license.expression)}\n"
        f"ATTRIBUTION = {json.dumps(release.license.attribution, ensure_ascii=False)}\n"
        "ROOT = Path(__file__).resolve().parent  # holds <LANGUAGE>/<profile>/, a data root\n\n\n"
        "def folder(profile: str) -> Path:\n"
        '    """The folder of the list `profile` (for wordlist.Lexicon.load)."""\n'
        "    if profile not in PROFILES:\n"
        "        raise LookupError(f\"no word list {profile!r} here (have: {', '.join(PROFILES)})\")\n"
        "    return ROOT / LANGUAGE / profile\n"
    )


def _metadata(release: Release) -> str:
    """METADATA (core metadata 2.4): the name, version, licence expression and file, a description."""
    headers = [
        ("Metadata-Version", "2.4"),
        ("Name", release.distribution),
        ("Version", release.version),
        ("Summary", release.summary()),
        ("Keywords", "wiktionary,word list,dawg,word game,dictionary"),
        ("Author", release.license.authors or "Wiktionary contributors"),
        ("License-Expression", release.license.expression),
        ("License-File", LICENSE_MD),
        ("Classifier", "Topic :: Games/Entertainment :: Puzzle Games"),
        ("Classifier", "Topic :: Text Processing :: Linguistic"),
        # the reader that finds the package by its entry point; its version wrote the package
        ("Requires-Dist", f"wiktionary-wordlist>={wordlist.__version__}"),
        ("Description-Content-Type", "text/markdown"),
    ]
    if release.license.site:
        headers.append(("Project-URL", f"Source, {release.license.site}"))
    return "".join(f"{key}: {value}\n" for key, value in headers) + "\n" + readme(release)


def _entry_points(release: Release) -> str:
    """The entry point Lexicon.open finds the package by: the language names the package."""
    return f"[{LISTS_GROUP}]\n{release.language} = {release.module}\n"


def _wheel_file() -> str:
    return (
        "Wheel-Version: 1.0\n"
        f"Generator: wordlist package (wiktionary-wordlist {wordlist.__version__})\n"
        "Root-Is-Purelib: true\n"
        f"Tag: {TAG}\n"
    )


def _urlsafe(digest: bytes) -> str:
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")
