"""Exports of a word list for frontends that do not read DAWG or Parquet: SQLite and JSON Lines.

    from wordlist import Lexicon
    from wordlist.export import export

    export(Lexicon.open("en", "balda"), "sqlite", "balda-en.sqlite")

SQLite is what Godot, Unity, Android, iOS and every backend read without extra code; JSON Lines
is what every language parses line by line. Both are documented in docs/FORMAT.md, written to a
temporary file next to the target and renamed into place (wordlist.atomic: a failed export leaves
the old file, and only a regular file is replaced), or to a stream (`wordlist export -o -`), and
deterministic: the same list gives the same bytes (SQLite: one page size, rows inserted in word
order, the file rewritten by VACUUM INTO, no timestamps anywhere).

By default an export goes to the `exports/` folder of the list's data folder
(`outputs/exports/en-balda.sqlite`), not into the list's folder: a build replaces that folder
whole, and a game's files are found in one place under names that say which list they are.

Both carry the list's licence (docs/FORMAT.md): SQLite in its `meta` table (`license`, and
`license_text`, the list's LICENSE.md); JSON Lines, whose every line is a word, by the list's
LICENSE.md: the one in its folder, or a copy beside a file written elsewhere (`<file>.LICENSE.md`).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from wordlist.atomic import atomic_path, check_file_name, check_replaceable_file, file_path
from wordlist.errors import ArgumentTypeError, ExportError, NotAFileError
from wordlist.format import POS, POS_BITS, OverrideChange
from wordlist.lexicon import Lexicon, WordRecord
from wordlist.locations import data_root, folder_lists

FORMATS = {"sqlite": "words.sqlite", "jsonl": "words.jsonl"}  # format -> file name in a list's folder
EXPORTS = "exports"  # the data folder's folder of exports: exports/<language>-<profile>.<format>
EXPORT_VERSION = 1  # the layout of the exported tables and objects (meta row "export_format")
OVERRIDES = "overrides"  # a definition's source when a site's overrides file gave it
LICENSE_SUFFIX = ".LICENSE.md"  # a JSON Lines file's licence, beside it when not in the list's folder
_PAGE_SIZE = 4096

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
CREATE TABLE parts_of_speech (bit INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, mask INTEGER NOT NULL);
CREATE TABLE words (word TEXT PRIMARY KEY, pos_mask INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE definitions (word TEXT NOT NULL, pos TEXT NOT NULL, n INTEGER NOT NULL, text TEXT NOT NULL,
                          source TEXT);
CREATE TABLE titles (word TEXT NOT NULL, title TEXT NOT NULL);
CREATE TABLE overrides (line INTEGER NOT NULL, action TEXT NOT NULL, word TEXT NOT NULL, pos TEXT,
                        note TEXT NOT NULL);
"""
_INDEXES = """
CREATE INDEX definitions_word ON definitions (word);
CREATE INDEX titles_word ON titles (word);
"""


@dataclass(frozen=True)
class ExportResult:
    """What `export` wrote: the file (None for a stream), its format, how many words and bytes."""

    path: Path | None
    format: str
    words: int
    bytes: int
    license_file: Path | None = None  # the licence written beside a JSON Lines file


def default_path(lexicon: Lexicon, fmt: str) -> Path:
    """Where an export goes by default: the exports of the data folder the list is in, as
    <language>-<profile>.<format> (outputs/en/balda -> outputs/exports/en-balda.sqlite)."""
    folder = lexicon.path
    if folder is None:
        raise ExportError("this word list was built in memory: give the file to export it to")
    if (folder.parent.name, folder.name) != (lexicon.language, lexicon.profile):
        raise ExportError(
            f"{folder}: not a list of a data folder (<folder>/{lexicon.language}/{lexicon.profile}), "
            "so there is no exports folder beside it: give the file to export it to"
        )
    return folder.parent.parent / EXPORTS / f"{lexicon.language}-{lexicon.profile}{Path(FORMATS[fmt]).suffix}"


def export(lexicon: Lexicon, fmt: str, out: str | Path | BinaryIO | None = None) -> ExportResult:
    """Write `lexicon` as `fmt` ("sqlite" or "jsonl") to `out`: a file (default: `default_path`, its
    exports folder made if missing), or a binary stream such as sys.stdout.buffer, which is
    written as the export is made (JSON Lines), or once made (SQLite, built in a temporary folder)."""
    if not isinstance(lexicon, Lexicon):
        raise ArgumentTypeError(f"export takes a Lexicon, not {type(lexicon).__name__}")
    if not isinstance(fmt, str) or fmt not in FORMATS:
        raise ExportError(f"unknown export format {fmt!r:.40} (known: {', '.join(FORMATS)})")
    if out is not None and not isinstance(out, str | os.PathLike):
        if not callable(getattr(out, "write", None)):
            raise ArgumentTypeError(f"out must be a path or a binary stream, not {type(out).__name__}")
        return _export_to_stream(lexicon, fmt, out)
    path = file_path(out) if out is not None else _exports_folder_made(default_path(lexicon, fmt))
    _check_target(path, lexicon)
    license_file = license_path(lexicon, path) if fmt == "jsonl" else None
    if license_file is not None:
        _check_target(license_file, lexicon)
        check_replaceable_file(license_file)
    try:
        with atomic_path(path) as tmp:
            words = _WRITERS[fmt](lexicon, tmp)
        if license_file is not None and lexicon.manifest.license is not None:
            with atomic_path(license_file) as tmp:
                tmp.write_text(lexicon.manifest.license.text(), encoding="utf-8")
    except NotAFileError:
        raise
    except (OSError, sqlite3.Error) as error:
        reason = getattr(error, "strerror", None) or error
        failed = getattr(error, "filename", None) or path  # the export or its licence
        raise ExportError(f"{failed}: cannot be written ({reason})") from None
    return ExportResult(path, fmt, words, path.stat().st_size, license_file)


def _exports_folder_made(path: Path) -> Path:
    """`path` (a default export), its folder made if missing (in the data folder, which is there)."""
    folder = path.parent
    if not os.path.lexists(folder):
        try:
            folder.mkdir()
        except OSError as error:
            raise ExportError(
                f"{folder}: cannot be made ({getattr(error, 'strerror', None) or error})"
            ) from None
    return path


def license_path(lexicon: Lexicon, path: Path) -> Path | None:
    """Where the licence of a JSON Lines export goes: beside it (`<file>.LICENSE.md`) unless the file
    is in the list's own folder, whose LICENSE.md covers it; None for a list without a licence."""
    if lexicon.manifest.license is None:
        return None
    if lexicon.path is not None and path.parent.resolve() == lexicon.path.resolve():
        return None
    return path.with_name(path.name + LICENSE_SUFFIX)


def _export_to_stream(lexicon: Lexicon, fmt: str, stream: BinaryIO) -> ExportResult:
    if fmt == "jsonl":
        words, size = _write_jsonl_stream(lexicon, stream)
        return ExportResult(None, fmt, words, size)
    folder = Path(tempfile.mkdtemp(prefix="wordlist-export-"))
    try:
        made = folder / FORMATS[fmt]
        words = _write_sqlite(lexicon, made)
        with open(made, "rb") as file:
            shutil.copyfileobj(file, stream)
        size = made.stat().st_size
    except sqlite3.Error as error:
        raise ExportError(f"{folder}: the export cannot be made there ({error})") from None
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    stream.flush()
    return ExportResult(None, fmt, words, size)


def export_lists(
    fmt: str,
    *,
    root: str | Path | None = None,
    language: str | None = None,
    profile: str | None = None,
    out: str | Path | BinaryIO | None = None,
) -> list[ExportResult]:
    """Export every built list under the data root (or those of `language` / `profile`).

    Each goes to the data root's exports (`default_path`), or to `out` (a file or a binary stream)
    when exactly one list is chosen.
    """
    for name, value in (("language", language), ("profile", profile)):
        if value is not None and not isinstance(value, str):
            raise ArgumentTypeError(f"{name} must be a string or None, not {type(value).__name__}")
    base = data_root(root)
    chosen = [  # the data folder's lists only (its exports folder is theirs)
        (lang, prof)
        for lang, prof in folder_lists(base)
        if (language is None or lang == language) and (profile is None or prof == profile)
    ]
    if not chosen:
        wanted = "/".join(p for p in (language or "*", profile or "*"))
        raise ExportError(f"{base}: no word list {wanted} built here (run `wordlist build`)")
    if out is not None and len(chosen) > 1:
        names = ", ".join(f"{lang}/{prof}" for lang, prof in chosen)
        raise ExportError(
            f"--out names one file but {len(chosen)} lists match ({names}): add --lang and --profile"
        )
    return [export(Lexicon.load(base / lang / prof), fmt, out) for lang, prof in chosen]


def _check_target(path: Path, lexicon: Lexicon) -> None:
    """Refuse a target that is a folder, has no folder, is one of the list's own files, or is
    anything but a regular file (wordlist.atomic); or a name no file can have."""
    try:
        _check_path(path, lexicon)
    except (OSError, ValueError) as error:  # a name too long, or holding a NUL or a lone surrogate
        reason = getattr(error, "strerror", None) or error
        raise ExportError(f"{str(path)!r}: cannot be written ({reason})") from None


def _check_path(path: Path, lexicon: Lexicon) -> None:
    check_file_name(path)
    if path.is_dir():
        raise ExportError(f"{path}: a folder; give the file to write")
    if not path.parent.is_dir():
        raise ExportError(f"{path}: no folder {path.parent} to write it in")
    if lexicon.path is not None and path.exists():
        own = {p.resolve() for p in lexicon.path.iterdir() if p.name not in FORMATS.values()}
        if path.resolve() in own:
            raise ExportError(f"{path}: one of the word list's own files; choose another name")


def _meta(lexicon: Lexicon) -> list[tuple[str, Any]]:
    """The manifest's fields as rows: text and numbers as they are, objects as JSON text."""
    rows: list[tuple[str, Any]] = [("export_format", EXPORT_VERSION)]
    for key, value in lexicon.manifest.to_json().items():
        if isinstance(value, dict | list):
            value = json.dumps(value, ensure_ascii=False, sort_keys=True)
        rows.append((key, value))
    if lexicon.manifest.license is not None:  # the file carries its licence in words too
        rows.append(("license_text", lexicon.manifest.license.text()))
    return rows


def _write_sqlite(lexicon: Lexicon, path: Path) -> int:
    build = path.with_name(path.name + ".build")
    connection = sqlite3.connect(build, isolation_level=None)
    try:
        connection.executescript(
            f"PRAGMA page_size = {_PAGE_SIZE}; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"
        )
        connection.executescript(_SCHEMA)
        connection.execute("BEGIN")
        connection.executemany("INSERT INTO meta VALUES (?, ?)", _meta(lexicon))
        connection.executemany(
            "INSERT INTO parts_of_speech VALUES (?, ?, ?)", [(i, n, POS_BITS[n]) for i, n in enumerate(POS)]
        )
        words = 0
        for record in lexicon.records():
            words += 1
            connection.execute("INSERT INTO words VALUES (?, ?)", (record.word, record.pos_mask))
            connection.executemany(
                "INSERT INTO definitions VALUES (?, ?, ?, ?, ?)",
                [
                    (record.word, pos, n, text, _source(record, n - 1))
                    for n, (pos, text) in enumerate(record.definitions, 1)
                ],
            )
            connection.executemany(
                "INSERT INTO titles VALUES (?, ?)", [(record.word, title) for title in record.titles]
            )
        changes = lexicon.manifest.overrides.changes if lexicon.manifest.overrides is not None else ()
        connection.executemany(
            "INSERT INTO overrides VALUES (?, ?, ?, ?, ?)",
            [(c.line, c.action, c.word, c.pos, c.note) for c in changes],
        )
        connection.execute("COMMIT")
        connection.executescript(_INDEXES)
        # VACUUM INTO writes a fresh, compact copy: its bytes depend only on the rows
        connection.execute("VACUUM INTO ?", (str(path),))
    finally:
        connection.close()
        build.unlink(missing_ok=True)
    return words


def word_object(record: WordRecord, changes: Iterable[OverrideChange] = ()) -> dict[str, Any]:
    """One line of the JSON Lines export; `changes`: the lines of a site's overrides that added
    the word or removed some of its parts of speech (none: no "overrides" key)."""
    definitions = []
    for i, (pos, text) in enumerate(record.definitions):
        definition = {"pos": pos, "text": text}
        if _source(record, i) == OVERRIDES:  # (the others are Wiktionary's: no key, the lines as before)
            definition["source"] = OVERRIDES
        definitions.append(definition)
    found = {
        "word": record.word,
        "pos": list(record.pos),
        "titles": list(record.titles),
        "definitions": definitions,
    }
    made = [{"line": c.line, "action": c.action, "pos": c.pos, "note": c.note} for c in changes]
    if made:
        found["overrides"] = made
    return found


def _source(record: WordRecord, i: int) -> str | None:
    """Where definition `i` of `record` comes from, or None when the list does not say."""
    return record.sources[i] if i < len(record.sources) else None


def _changes_by_word(lexicon: Lexicon) -> dict[str, list[OverrideChange]]:
    """The changes of the list's overrides (its manifest's record), by word."""
    found: dict[str, list[OverrideChange]] = {}
    if lexicon.manifest.overrides is not None:
        for change in lexicon.manifest.overrides.changes:
            found.setdefault(change.word, []).append(change)
    return found


def _write_jsonl(lexicon: Lexicon, path: Path) -> int:
    with open(path, "wb") as out:
        return _write_jsonl_stream(lexicon, out)[0]


def _write_jsonl_stream(lexicon: Lexicon, out: BinaryIO) -> tuple[int, int]:
    """One line per word to `out`; (words, bytes)."""
    words = size = 0
    changes = _changes_by_word(lexicon)
    for record in lexicon.records():
        made = changes.get(record.word, ())
        line = json.dumps(word_object(record, made), ensure_ascii=False, separators=(",", ":")) + "\n"
        data = line.encode("utf-8")
        out.write(data)
        words += 1
        size += len(data)
    out.flush()
    return words, size


_WRITERS = {"sqlite": _write_sqlite, "jsonl": _write_jsonl}
