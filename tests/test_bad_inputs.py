"""Bad inputs against every pipeline command: each ends in one line naming the file, and touches nothing.

Every row of CASES runs the real command (a fresh `python -m wordlist_pipeline` process) in a
world of its own: a small multistream dump with its index, the word lists built from it, a good
profile, and whatever the row's `setup` spoils. For each row the test asserts

- the exit code (1 for bad input; 2 for a usage error, and for any error of `query`, whose exit
  code 1 is the answer "no"),
- exactly one line on stderr, naming the file (or option, or URL) and saying what is wrong, and
  nothing on stdout (no work reported before the failure),
- no traceback and no "internal error" (the CLI's last-resort line for bugs),
- the world byte-identical afterwards: previous outputs unchanged, no file added anywhere
  (except what the row allows, such as a download's partial file kept for resuming).

To add a case, add a row. The rows run in parallel before the assertions (each row is a process).
"""

from __future__ import annotations

import bz2
import hashlib
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from wordlist_pipeline.build import build
from wordlist_pipeline.dump.writer import SourcePage, write_dump

DUMP = "dumps/enwiktionary-test-pages-articles-multistream.xml.bz2"
INDEX = "dumps/enwiktionary-test-pages-articles-multistream-index.txt.bz2"
OUT = "outputs"
ENTRIES = "outputs/en/entries.parquet"
SOURCE = "outputs/en/source.json"
MANIFEST = "outputs/en/balda/manifest.json"
CUT = "dumps/cut-multistream.xml.bz2"  # a multistream dump without its index
PROFILE = "profiles/mine.toml"
BAD = "profiles/bad.toml"
SITE = "profiles/site.tsv"  # an overrides file
DATE = "20260101"
DL_NAME = f"enwiktionary-{DATE}-pages-articles-multistream.xml.bz2"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
GOOD_PROFILE = 'name = "mine"\nlanguages = ["en"]\n[alphabet]\nen = "abcdefghijklmnopqrstuvwxyz"\n'
WORDS = ["apple", "bread", "cat", "dog", "egg", "fish", "grape", "house", "ice", "jam", "kite", "lamp"]
PAGES = [
    SourcePage(word, f"==English==\n===Noun===\n{{{{en-noun}}}}\n# A {word} of some kind.\n")
    for word in WORDS
] + [
    SourcePage("Talk:apple", "chat", namespace=1),
    SourcePage("aple", "#REDIRECT [[apple]]", redirect="apple"),
]


# --- what a row can do to its world ------------------------------------------------------------------


def write(rel: str, data: bytes | str) -> Callable[[Path], None]:
    def setup(root: Path) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)

    return setup


def profile(extra: str, base: str = GOOD_PROFILE) -> Callable[[Path], None]:
    return write(BAD, base + extra)


def game(
    rack: str = "7", board: str = '["....", "....", "....", "...."]', tiles: str = "a = [1, 5]\n"
) -> str:
    """A complete [game] table with one value changed (a game table is whole or an error)."""
    return f"[game]\nboard = {board}\nstart = [1, 1]\nrack_size = {rack}\n[game.tiles.en]\n{tiles}"


def named(name: str) -> Callable[[Path], None]:
    return write(BAD, GOOD_PROFILE.replace('name = "mine"', f"name = {name}"))


def folder(rel: str) -> Callable[[Path], None]:
    def setup(root: Path) -> None:
        path = root / rel
        if path.is_file():
            path.unlink()
        path.mkdir(parents=True, exist_ok=True)
        (path / "keep.txt").write_text("a user's file\n")

    return setup


def _clear(path: Path) -> None:
    """Make room at `path` (in its folder, made if missing) for what a row puts there instead."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif os.path.lexists(path):
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)


def symlink(rel: str, target: str) -> Callable[[Path], None]:
    def setup(root: Path) -> None:
        _clear(root / rel)
        (root / rel).symlink_to(target)

    return setup


def fifo(rel: str) -> Callable[[Path], None]:
    def setup(root: Path) -> None:
        _clear(root / rel)
        os.mkfifo(root / rel)

    return setup


def truncate(rel: str, keep: float) -> Callable[[Path], None]:
    def setup(root: Path) -> None:
        data = (root / rel).read_bytes()
        (root / rel).write_bytes(data[: int(len(data) * keep)])

    return setup


def edit_text(rel: str, old: str, new: str) -> Callable[[Path], None]:
    def setup(root: Path) -> None:
        text = (root / rel).read_text(encoding="utf-8")
        assert old in text, old
        (root / rel).write_text(text.replace(old, new, 1), encoding="utf-8")

    return setup


def hard_link(rel: str, target: str) -> Callable[[Path], None]:
    return lambda root: os.link(root / target, root / rel)


def copy(rel: str, source: str) -> Callable[[Path], None]:
    def setup(root: Path) -> None:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / source, root / rel)

    return setup


def index(rel: str, text: str) -> Callable[[Path], None]:
    return write(rel, bz2.compress(text.encode()))


def plain_dump(rel: str, *, compress: bool, spoil: Callable[[bytes], bytes] = lambda b: b):
    def setup(root: Path) -> None:
        path = root / rel
        write_dump(PAGES * 40, path, lang="en", multistream=False, compress=compress)
        path.write_bytes(spoil(path.read_bytes()))

    return setup


def comment_after_a_page(size: int) -> Callable[[bytes], bytes]:
    """A dump's XML with a comment of `size` bytes after its first page (XML outside any page)."""
    return lambda xml: xml.replace(b"</page>", b"</page><!--" + b"x" * size + b"-->", 1)


def other_table(rel: str, columns: dict[str, list]) -> Callable[[Path], None]:
    def setup(root: Path) -> None:
        (root / rel).unlink()
        pq.write_table(pa.table(columns), root / rel)

    return setup


def with_null(rel: str, column: str) -> Callable[[Path], None]:
    """The entries table with one value of `column` (or one item of its first list) null."""

    def setup(root: Path) -> None:
        table = pq.read_table(root / rel)
        values = table.column(column).to_pylist()
        values[0] = [None] if isinstance(values[0], list) else None
        schema = pa.schema([field.with_nullable(True) for field in table.schema])
        pq.write_table(
            table.set_column(table.schema.get_field_index(column), column, [values]).cast(schema), root / rel
        )

    return setup


def both(*setups: Callable[[Path], None]) -> Callable[[Path], None]:
    def setup(root: Path) -> None:
        for one in setups:
            one(root)

    return setup


def manifest_edit(rel: str, change: Callable[[dict], object]) -> Callable[[Path], None]:
    """The manifest at `rel` changed by `change` (in place); no checksum covers the manifest itself."""

    def setup(root: Path) -> None:
        manifest = json.loads((root / rel).read_text(encoding="utf-8"))
        change(manifest)
        (root / rel).write_text(json.dumps(manifest), encoding="utf-8")

    return setup


def forget_license(manifest: dict) -> None:
    """A manifest as lists were built before they carried their licence."""
    del manifest["license"], manifest["files"]["LICENSE.md"]


def without_word_lists(root: Path) -> None:
    for path in (root / OUT / "en").iterdir():
        if path.is_dir():
            shutil.rmtree(path)


@dataclass(frozen=True)
class Case:
    id: str
    args: tuple[str, ...]  # relative to the world; "{mirror}" is the test dumps site
    names: str  # what the error line must name: a path as given, an option, a URL
    says: str  # and what it must say
    setup: Callable[[Path], None] | None = None
    code: int = 1  # 2: a usage error, or any error of `query` (whose 1 is the answer "no")
    may_change: tuple[str, ...] = ()  # paths a failure may leave changed (a download's .part)


def case(id: str, *args: str, names: str, says: str, **options) -> Case:
    return Case(id, args, names, says, **options)


EXTRACT = ("extract", "-q")
BUILD = ("build", "--out", OUT, "-q", "--workers", "1")
BUILD_DUMP = (*BUILD, "--dump", DUMP)
DOWNLOAD = ("download", "--lang", "en", "--date", DATE, "--dest", "dl")
EXPORT = ("export", "--data", OUT, "--lang", "en", "--profile", "balda", "--format", "jsonl")
PACKAGE = ("package", "--data", OUT, "--out", "dist")
PACKAGE_V = (*PACKAGE, "--version", "1.0.0")  # (the test dump's name has no date)
WHEEL = "dist/wiktionary_wordlist_data_en-1.0.0-py3-none-any.whl"

CASES = [
    # --- extract: the dump ---------------------------------------------------------------------------
    case("extract-missing-dump", *EXTRACT, "dumps/none.xml.bz2", names="dumps/none.xml.bz2",
         says="no such file"),
    case("extract-dump-is-a-folder", *EXTRACT, "dumps", names="dumps", says="a folder, not a dump"),
    case("extract-dump-is-a-fifo", *EXTRACT, "dumps/pipe.xml", names="dumps/pipe.xml",
         says="not a regular file", setup=fifo("dumps/pipe.xml")),
    case("extract-dump-is-a-symlink-loop", *EXTRACT, "dumps/loop.xml", names="dumps/loop.xml",
         says="broken symbolic link", setup=symlink("dumps/loop.xml", "loop.xml")),
    case("extract-dump-is-csv", *EXTRACT, "dumps/d.xml", names="dumps/d.xml",
         says="not a MediaWiki XML export", setup=write("dumps/d.xml", "a,b\n1,2\n")),
    case("extract-dump-is-empty", *EXTRACT, "dumps/d.xml", names="dumps/d.xml",
         says="not a MediaWiki XML export", setup=write("dumps/d.xml", b"")),
    case("extract-dump-is-corrupt-bz2", *EXTRACT, "dumps/d.xml.bz2", names="dumps/d.xml.bz2",
         says="corrupt bzip2 data", setup=write("dumps/d.xml.bz2", b"BZh91AY&SY" + bytes(range(256)) * 4)),
    case("extract-dump-truncated-bz2", *EXTRACT, "dumps/d.xml.bz2", names="dumps/d.xml.bz2", says="truncated",
         setup=plain_dump("dumps/d.xml.bz2", compress=True, spoil=lambda b: b[: len(b) // 2])),
    case("extract-dump-invalid-xml", *EXTRACT, "dumps/d.xml", names="dumps/d.xml", says="invalid XML",
         setup=plain_dump("dumps/d.xml", compress=False, spoil=lambda b: b.replace(b"</title>", b"</t>", 1))),
    case("extract-multistream-truncated", *EXTRACT, CUT, names=CUT, says="truncated",
         setup=both(copy(CUT, DUMP), truncate(CUT, 0.8))),
    case("extract-header-namespace-key", *EXTRACT, "dumps/d.xml", names="dumps/d.xml",
         says="a malformed <siteinfo> header",
         setup=plain_dump("dumps/d.xml", compress=False, spoil=lambda b: b.replace(b'key="1"', b'key="I"'))),
    case("extract-wrong-language", *EXTRACT, DUMP, "--lang", "de", names=DUMP,
         says="this is a dump of the English Wiktionary"),
    case("extract-unknown-language", *EXTRACT, DUMP, "--lang", "../x", names=DUMP,
         says="--lang ../x was asked for"),
    case("extract-workers-zero", *EXTRACT, DUMP, "--workers", "0", names="--workers", says="greater than",
         code=2),
    case("extract-max-page-size-not-a-size", *EXTRACT, DUMP, "--max-page-size", "lots",
         names="--max-page-size", says="expected a positive number of bytes", code=2),
    case("extract-xml-outside-pages", *EXTRACT, "dumps/d.xml", "--max-page-size", "1MB", names="dumps/d.xml",
         says="more than 1 MB of XML outside any <page>",
         setup=plain_dump("dumps/d.xml", compress=False, spoil=comment_after_a_page(2 << 20))),
    # --- extract: the index --------------------------------------------------------------------------
    case("index-negative-offset", *EXTRACT, DUMP, "--index", "dumps/i.txt.bz2", names="dumps/i.txt.bz2",
         says="line 1 starts with b'-5', not a byte offset", setup=index("dumps/i.txt.bz2", "-5:1:x\n")),
    case("index-huge-offset", *EXTRACT, DUMP, "--index", "dumps/i.txt.bz2", names="dumps/i.txt.bz2",
         says="the offset has 40 digits (a byte offset has at most 20)",
         setup=index("dumps/i.txt.bz2", "9" * 40 + ":1:x\n")),
    case("index-offset-past-the-end", *EXTRACT, DUMP, "--index", "dumps/i.txt.bz2", names="dumps/i.txt.bz2",
         says="lies beyond the end", setup=index("dumps/i.txt.bz2", "99999999:1:x\n")),
    case("index-of-another-dump", *EXTRACT, DUMP, "--index", "dumps/i.txt.bz2", names="dumps/i.txt.bz2",
         says="not the start of a bz2 stream", setup=index("dumps/i.txt.bz2", "7:1:x\n")),
    case("index-not-an-index", *EXTRACT, DUMP, "--index", "dumps/i.txt.bz2", names="dumps/i.txt.bz2",
         says="not 'offset:page_id:title'", setup=index("dumps/i.txt.bz2", "hello\n")),
    case("index-offsets-backwards", *EXTRACT, DUMP, "--index", "dumps/i.txt", names="dumps/i.txt",
         says="offsets go backwards", setup=write("dumps/i.txt", "900:1:a\n800:2:b\n")),
    case("index-is-a-folder", *EXTRACT, DUMP, "--index", "dumps", names="dumps", says="a folder"),
    case("index-corrupt-bz2", *EXTRACT, DUMP, "--index", "dumps/i.txt.bz2", names="dumps/i.txt.bz2",
         says="bzip2", setup=write("dumps/i.txt.bz2", b"BZh91AY&SY" + b"\x00" * 300)),
    # --- extract: the output -------------------------------------------------------------------------
    case("extract-out-is-the-dump", *EXTRACT, DUMP, "--out", DUMP, names=DUMP, says="would replace it"),
    case("extract-out-is-the-index", *EXTRACT, DUMP, "--out", INDEX, names=INDEX, says="would replace it"),
    case("extract-out-is-a-hard-link-to-the-dump", *EXTRACT, DUMP, "--out", "e.parquet", names="e.parquet",
         says=f"the same file as the input {DUMP}", setup=hard_link("e.parquet", DUMP)),
    case("extract-out-is-a-symlink-to-the-dump", *EXTRACT, DUMP, "--out", "e.parquet", names="e.parquet",
         says="would replace it", setup=symlink("e.parquet", DUMP)),
    case("extract-out-is-a-folder", *EXTRACT, DUMP, "--out", OUT, names=OUT, says="a folder"),
    case("extract-out-under-a-file", *EXTRACT, DUMP, "--out", f"{DUMP}/e.parquet", names=DUMP,
         says="a file, not a folder"),
    case("extract-out-is-a-fifo", *EXTRACT, DUMP, "--out", "e.parquet", names="e.parquet",
         says="a named pipe (FIFO), not a regular file; not replaced", setup=fifo("e.parquet")),
    case("extract-out-is-a-symlink-to-a-file", *EXTRACT, DUMP, "--out", "e.parquet", names="e.parquet",
         says="a symbolic link, not a regular file; not replaced",
         setup=both(write("mine.parquet", "the user's\n"), symlink("e.parquet", "mine.parquet"))),
    case("extract-out-is-a-symlink-to-a-fifo", *EXTRACT, DUMP, "--out", "e.parquet", names="e.parquet",
         says="a symbolic link, not a regular file", setup=both(fifo("pipe"), symlink("e.parquet", "pipe"))),
    # --- build: profiles -----------------------------------------------------------------------------
    case("build-profile-typo", *BUILD_DUMP, "--profile", "typo", names="'typo'", says="no profile named"),
    case("build-profile-missing-file", *BUILD_DUMP, "--profile", "profiles/none.toml",
         names="profiles/none.toml",
         says="no such file"),
    case("build-profile-is-a-folder", *BUILD_DUMP, "--profile", "profiles/", names="profiles",
         says="a folder"),
    case("build-profile-folder-named-toml", *BUILD_DUMP, "--profile", "profiles/d.toml",
         names="profiles/d.toml",
         says="a folder", setup=folder("profiles/d.toml")),
    case("build-profile-not-utf8", *BUILD_DUMP, "--profile", BAD, names=BAD, says="not UTF-8",
         setup=write(BAD, b'name = "caf\xe9"\n')),
    case("build-profile-not-toml", *BUILD_DUMP, "--profile", BAD, names=BAD, says="not valid TOML",
         setup=write(BAD, "name = \n")),
    case("build-profile-too-large", *BUILD_DUMP, "--profile", BAD, names=BAD, says="too large",
         setup=profile("# " + "x" * (1 << 20) + "\n")),
    case("build-profile-name-absolute", *BUILD_DUMP, "--profile", BAD, names=BAD, says="'name'",
         setup=named('"/tmp/somewhere"')),
    case("build-profile-name-dot", *BUILD_DUMP, "--profile", BAD, names=BAD, says="'name'",
         setup=named('"."')),
    case("build-profile-name-parent", *BUILD_DUMP, "--profile", BAD, names=BAD, says="'name'",
         setup=named('"../.."')),
    case("build-profile-name-entries-table", *BUILD_DUMP, "--profile", BAD, names=BAD, says="'name'",
         setup=named('"entries.parquet"')),
    case("build-profile-name-empty", *BUILD_DUMP, "--profile", BAD, names=BAD, says="'name'",
         setup=named('""')),
    case("build-profile-name-capitals", *BUILD_DUMP, "--profile", BAD, names=BAD, says="'name'",
         setup=named('"Mine"')),
    case("build-profile-name-not-a-string", *BUILD_DUMP, "--profile", BAD, names=BAD, says="'name' must be",
         setup=named("3")),
    case("build-profile-language-is-a-path", *BUILD_DUMP, "--profile", BAD, names=BAD, says="'languages'",
         setup=write(BAD, 'name = "x"\nlanguages = ["../x"]\n[alphabet]\n"../x" = "abc"\n')),
    case("build-profile-tile-count-1e9", *BUILD_DUMP, "--profile", BAD, names=BAD, says="not 1,000,000,000",
         setup=profile(game(tiles="a = [1, 1000000000]\n"))),
    case("build-profile-tile-points-negative", *BUILD_DUMP, "--profile", BAD, names=BAD,
         says="'game.tiles.en.a.points' must be between 0 and 1,000, not -1",
         setup=profile(game(tiles="a = [-1, 2]\n"))),
    case("build-profile-too-many-tiles", *BUILD_DUMP, "--profile", BAD, names=BAD, says="10,400 tiles",
         setup=profile(game(tiles="".join(f"{c} = [1, 400]\n" for c in LETTERS)))),
    case("build-profile-min-length-negative", *BUILD_DUMP, "--profile", BAD, names=BAD,
         says="'words.min_length'",
         setup=profile("[words]\nmin_length = -1\n")),
    case("build-profile-max-below-min", *BUILD_DUMP, "--profile", BAD, names=BAD, says="'words.max_length'",
         setup=profile("[words]\nmin_length = 5\nmax_length = 3\n")),
    case("build-profile-board-size-1000", *BUILD_DUMP, "--profile", BAD, names=BAD, says="'game.board'",
         setup=profile(game(board="[" + ", ".join(['"' + "." * 1000 + '"'] * 1000) + "]"))),
    case("build-profile-rack-size-negative", *BUILD_DUMP, "--profile", BAD, names=BAD,
         says="'game.rack_size'",
         setup=profile(game(rack="-8"))),
    case("build-profile-tiles-not-a-table", *BUILD_DUMP, "--profile", BAD, names=BAD, says="'game.tiles.en'",
         setup=profile("[game]\ntiles = {en = 3}\n")),
    case("build-two-profiles-one-name", *BUILD_DUMP, "--profile", PROFILE, "--profile", BAD, names=BAD,
         says="a second profile named 'mine'", setup=write(BAD, GOOD_PROFILE)),
    case("build-profile-without-the-language", *BUILD_DUMP, "--profile", "wordgame", "--lang", "de",
         names="'de'", says="no data for language"),
    # --- build: dumps and languages ------------------------------------------------------------------
    case("build-dump-missing", *BUILD, "--dump", "dumps/none.xml.bz2", names="dumps/none.xml.bz2",
         says="no such file"),
    case("build-dump-is-a-folder", *BUILD, "--dump", "dumps", names="dumps", says="a folder, not a dump"),
    case("build-dump-is-csv", *BUILD, "--dump", "dumps/d.xml", names="dumps/d.xml", says="not a MediaWiki",
         setup=write("dumps/d.xml", "a,b\n")),
    case("build-dump-is-the-entries-table", *BUILD, "--dump", ENTRIES, names=ENTRIES, says="not a MediaWiki"),
    case("build-dump-truncated", *BUILD, "--dump", "dumps/d.xml.bz2", names="dumps/d.xml.bz2",
         says="truncated",
         setup=plain_dump("dumps/d.xml.bz2", compress=True, spoil=lambda b: b[: len(b) // 2])),
    case("build-dump-with-a-bad-index", *BUILD_DUMP, names=INDEX, says="not a byte offset",
         setup=index(INDEX, "-5:1:x\n")),
    case("build-two-dumps-one-language", *BUILD_DUMP, "--dump", "dumps/copy-multistream.xml.bz2",
         names="dumps/copy-multistream.xml.bz2", says="a second en dump",
         setup=copy("dumps/copy-multistream.xml.bz2", DUMP)),
    case("build-unknown-language", *BUILD_DUMP, "--lang", "fr", names="'fr'", says="no data for language"),
    case("build-language-is-a-path", *BUILD_DUMP, "--lang", "../x", names="'../x'",
         says="not a language code"),
    case("build-dump-and-downloads", *BUILD_DUMP, "--downloads", "dumps", names="--downloads",
         says="not both"),
    case("build-downloads-empty", *BUILD, "--downloads", "profiles", names="profiles",
         says="no downloaded dumps here"),
    case("build-download-of-the-wrong-edition", *BUILD, "--downloads", "dl", names=f"dl/de{DL_NAME[2:]}",
         says="this is a dump of the English Wiktionary", setup=copy(f"dl/de{DL_NAME[2:]}", DUMP)),
    case("build-workers-zero", *BUILD_DUMP, "--workers", "0", names="--workers", says="greater than", code=2),
    case("build-max-page-size-zero", *BUILD_DUMP, "--max-page-size", "0", names="--max-page-size",
         says="expected a positive number of bytes", code=2),
    # --- build: the output folder --------------------------------------------------------------------
    case("build-out-is-a-file", "build", "--dump", DUMP, "--out", DUMP, "-q", names=DUMP,
         says="a file, not a folder"),
    case("build-out-under-a-file", "build", "--dump", DUMP, "--out", f"{DUMP}/o", "-q", names=DUMP,
         says="a file, not a folder"),
    case("build-language-folder-is-a-file", *BUILD_DUMP, names="outputs/en", says="a file, not a folder",
         setup=write("outputs/en", "not a folder\n")),
    case("build-entries-table-is-a-folder", *BUILD_DUMP, names=ENTRIES, says="a folder",
         setup=folder(ENTRIES)),
    case("build-entries-table-is-a-fifo", *BUILD_DUMP, names=ENTRIES, says="a named pipe (FIFO), not a",
         setup=fifo(ENTRIES)),
    case("build-source-is-a-symlink", *BUILD_DUMP, names=SOURCE, says="a symbolic link, not a regular file",
         setup=both(write("mine.json", "{}\n"), symlink(SOURCE, "../../mine.json"))),
    case("build-word-list-holds-a-fifo", *BUILD_DUMP, names="outputs/en/balda", says="not replaced",
         setup=fifo("outputs/en/balda/words.txt")),
    case("build-word-list-holds-a-users-file", *BUILD_DUMP, names="outputs/en/balda", says="not replaced",
         setup=write("outputs/en/balda/notes.txt", "mine\n")),
    case("build-word-list-holds-a-subfolder", *BUILD_DUMP, names="outputs/en/balda", says="not replaced",
         setup=folder("outputs/en/balda/sub")),
    case("build-word-list-is-a-symlink", *BUILD_DUMP, names="outputs/en/balda", says="symbolic link",
         setup=both(folder("elsewhere"), symlink("outputs/en/balda", "../../elsewhere"))),
    case("build-word-list-is-a-file", *BUILD_DUMP, names="outputs/en/wordgame", says="a file is in the way",
         setup=write("outputs/en/wordgame", "mine\n")),
    case("build-word-list-without-manifest", *BUILD_DUMP, names="outputs/en/balda", says="no manifest.json",
         setup=both(without_word_lists, write("outputs/en/balda/words.txt", "mine\n"))),
    case("build-dump-inside-a-word-list", *BUILD, "--dump", "outputs/en/balda/words.txt",
         names="outputs/en/balda",
         says="holds the input", setup=copy("outputs/en/balda/words.txt", DUMP)),
    # --- build --from-entries ------------------------------------------------------------------------
    case("from-entries-truncated-table", *BUILD, "--from-entries", names=ENTRIES, says="not a Parquet",
         setup=truncate(ENTRIES, 0.5)),
    case("from-entries-another-table", *BUILD, "--from-entries", names=ENTRIES, says="no column 'word'",
         setup=other_table(ENTRIES, {"colour": ["red", "blue"]})),
    case("from-entries-wrong-column-type", *BUILD, "--from-entries", names=ENTRIES,
         says="column 'word' holds int64, not string", setup=other_table(ENTRIES, {"word": [1, 2]})),
    case("from-entries-null-word", *BUILD, "--from-entries", names=ENTRIES,
         says="column 'word' has empty (null)", setup=with_null(ENTRIES, "word")),
    case("from-entries-null-in-a-list", *BUILD, "--from-entries", names=ENTRIES,
         says="column 'definitions' has empty (null)", setup=with_null(ENTRIES, "definitions")),
    case("from-entries-table-is-a-folder", *BUILD, "--from-entries", names=ENTRIES, says="a folder",
         setup=folder(ENTRIES)),
    case("from-entries-source-is-a-list", *BUILD, "--from-entries", names=SOURCE, says="a JSON list",
         setup=write(SOURCE, "[]\n")),
    case("from-entries-source-not-utf8", *BUILD, "--from-entries", names=SOURCE, says="not JSON",
         setup=write(SOURCE, b'{"dump": "\xff"}')),
    case("from-entries-source-nested-deep", *BUILD, "--from-entries", names=SOURCE, says="not JSON",
         setup=write(SOURCE, "[" * 100_000)),
    case("from-entries-source-huge-number", *BUILD, "--from-entries", names=SOURCE, says="not JSON",
         setup=write(SOURCE, '{"pages": ' + "9" * 5000 + "}")),
    case("from-entries-nothing-there", "build", "--from-entries", "--out", "dumps", "-q", names="dumps",
         says="no entries tables here"),
    # --- stats ---------------------------------------------------------------------------------------
    case("stats-manifest-is-a-list", "stats", "--out", OUT, names=MANIFEST, says="must be a JSON object",
         setup=write(MANIFEST, "[]\n")),
    case("stats-manifest-truncated", "stats", "--out", OUT, names=MANIFEST, says="not valid JSON",
         setup=truncate(MANIFEST, 0.5)),
    case("stats-manifest-not-utf8", "stats", "--out", OUT, names=MANIFEST, says="not valid JSON",
         setup=write(MANIFEST, b'{"language": "\xff"}')),
    case("stats-manifest-wrong-count", "stats", "--out", OUT, names=MANIFEST, says="'counts.words'",
         setup=edit_text(MANIFEST, '"words": ', '"words": "many", "_": ')),
    case("stats-manifest-is-a-folder", "stats", "--out", OUT, names=MANIFEST, says="a folder",
         setup=folder(MANIFEST)),
    case("stats-nothing-built", "stats", "--out", "dumps", names="dumps", says="no word lists built here"),
    case("stats-out-is-a-file", "stats", "--out", DUMP, names=DUMP, says="a file, not a folder"),
    # --- why -----------------------------------------------------------------------------------------
    case("why-truncated-entries", "why", "cat", "--out", OUT, names=ENTRIES, says="not a Parquet",
         setup=truncate(ENTRIES, 0.5)),
    case("why-entries-is-another-table", "why", "cat", "--out", OUT, names=ENTRIES, says="no column 'word'",
         setup=other_table(ENTRIES, {"colour": ["red", "blue"]})),
    case("why-entries-with-a-null", "why", "cat", "--out", OUT, names=ENTRIES,
         says="column 'pos' has empty (null)", setup=with_null(ENTRIES, "pos")),
    case("why-entries-is-a-folder", "why", "cat", "--out", OUT, names=ENTRIES, says="a folder",
         setup=folder(ENTRIES)),
    case("why-nothing-built", "why", "cat", "--out", "dumps", names="dumps/en/entries.parquet",
         says="missing"),
    case("why-profile-not-utf8", "why", "cat", "--out", OUT, "--profile", BAD, names=BAD, says="not UTF-8",
         setup=write(BAD, b"name = '\xff'")),
    case("why-profile-is-a-folder", "why", "cat", "--out", OUT, "--profile", "profiles/", names="profiles",
         says="a folder"),
    case("why-profile-name-is-a-path", "why", "cat", "--out", OUT, "--profile", BAD, names=BAD, says="'name'",
         setup=named('"../x"')),
    case("why-language-is-a-path", "why", "cat", "--out", OUT, "--lang", "../..", names="'../..'",
         says="not a language code"),
    case("why-overrides-missing", "why", "cat", "--out", OUT, "--overrides", "none.tsv", names="none.tsv",
         says="no such file"),
    case("why-overrides-bad-action", "why", "cat", "--out", OUT, "--overrides", SITE, names=f"{SITE} line 1",
         says="neither add nor remove", setup=write(SITE, "drop\ten\tcat\tnoun\n")),
    # --- build: overrides ------------------------------------------------------------------------------
    case("build-overrides-missing", *BUILD_DUMP, "--overrides", "none.tsv", names="none.tsv",
         says="no such file"),
    case("build-overrides-is-a-folder", *BUILD_DUMP, "--overrides", "dumps", names="dumps",
         says="a folder, not an overrides file"),
    case("build-overrides-is-a-fifo", *BUILD_DUMP, "--overrides", SITE, names=SITE, says="not a regular file",
         setup=fifo(SITE)),
    case("build-overrides-not-utf8", *BUILD_DUMP, "--overrides", SITE, names=f"{SITE} line 2",
         says="not UTF-8", setup=write(SITE, b"add\ten\tqi\tnoun\nadd\ten\tcaf\xe9\tnoun\n")),
    case("build-overrides-spaces-not-tabs", *BUILD_DUMP, "--overrides", SITE, names=f"{SITE} line 1",
         says="separated by tabs, not spaces", setup=write(SITE, "add en qi noun\n")),
    case("build-overrides-unknown-pos", *BUILD_DUMP, "--overrides", SITE, names=f"{SITE} line 2",
         says="'nown' is no part of speech", setup=write(SITE, "# ours\nadd\ten\tqi\tnown\n")),
    case("build-overrides-unknown-language", *BUILD_DUMP, "--overrides", SITE, names=f"{SITE} line 1",
         says="'xx' is no language", setup=write(SITE, "add\txx\tqi\tnoun\n")),
    case("build-overrides-removal-without-reason", *BUILD_DUMP, "--overrides", SITE, names=f"{SITE} line 1",
         says="a removal needs its reason", setup=write(SITE, "remove\ten\tcat\n")),
    case("build-overrides-not-letters", *BUILD_DUMP, "--overrides", SITE, names=f"{SITE} line 1",
         says="no word of en/balda: '3' not letters", setup=write(SITE, "add\ten\tqi3\tnoun\n")),
    case("build-overrides-twice", *BUILD_DUMP, "--overrides", SITE, names=f"{SITE} line 2",
         says="is added already by line 1", setup=write(SITE, "add\ten\tqi\tnoun\nadd\ten\tQi\tnoun\n")),
    case("build-overrides-added-and-removed", *BUILD_DUMP, "--overrides", SITE, names=f"{SITE} line 2",
         says="is removed here and added by line 1",
         setup=write(SITE, "add\ten\tqi\tnoun\nremove\ten\tqi\t\tdisputed\n")),
    case("build-overrides-too-short", *BUILD_DUMP, "--overrides", SITE, names=f"{SITE} line 1",
         says="has 1 letters; en/balda takes 2", setup=write(SITE, "add\ten\tq\tnoun\n")),
    case("build-overrides-german-line-checked", *BUILD_DUMP, "--overrides", SITE, names=f"{SITE} line 1",
         says="no word of de/balda", setup=write(SITE, "add\tde\tœuvre\tnoun\n")),
    case("build-overrides-too-large", *BUILD_DUMP, "--overrides", SITE, names=SITE,
         says="too large for an overrides file", setup=write(SITE, b"#" * (10 << 20 | 1))),
    case("build-profile-overrides-missing", *BUILD_DUMP, "--profile", BAD, names="profiles/none.tsv",
         says="no such file", setup=write(BAD, 'overrides = "none.tsv"\n' + GOOD_PROFILE)),
    case("build-profile-overrides-empty", *BUILD_DUMP, "--profile", BAD, names=BAD,
         says="'overrides' must name a file", setup=write(BAD, 'overrides = " "\n' + GOOD_PROFILE)),
    case("build-overrides-in-an-output", *BUILD_DUMP, "--overrides", f"{OUT}/en/balda/site.tsv",
         names="outputs/en/balda", says="not replaced: it holds what the pipeline does not write there",
         setup=write(f"{OUT}/en/balda/site.tsv", "add\ten\tqi\tnoun\n")),
    # --- diff ----------------------------------------------------------------------------------------
    case("diff-old-missing", "diff", "none", OUT, names="none", says="no such folder"),
    case("diff-old-is-a-file", "diff", DUMP, OUT, names=DUMP, says="not a folder"),
    case("diff-no-lists", "diff", "dumps", OUT, names="dumps", says="no word lists here"),
    case("diff-nothing-in-common", "diff", OUT, OUT, "--lang", "de", names=OUT,
         says="no word list of that language and profile in common"),
    case("diff-manifest-damaged", "diff", OUT, OUT, names=MANIFEST, says="'counts.words'",
         setup=edit_text(MANIFEST, '"words": ', '"words": "many", "_": ')),
    case("diff-words-truncated", "diff", OUT, OUT, names=f"{OUT}/en/balda/words.parquet",
         says="the manifest says", setup=truncate(f"{OUT}/en/balda/words.parquet", 0.5)),
    case("diff-list-against-another-language", "diff", f"{OUT}/en/balda", "lists/de", names="lists/de",
         says="a list of German, and outputs/en/balda one of English",
         setup=both(copy("lists/de/manifest.json", MANIFEST),
                    edit_text("lists/de/manifest.json", '"language": "en"', '"language": "de"'),
                    edit_text("lists/de/manifest.json", '"English"', '"German"'))),
    case("diff-profile-not-utf8", "diff", OUT, OUT, "--profile", BAD, names=BAD, says="not UTF-8",
         setup=write(BAD, b"name = '\xff'")),
    case("diff-json-and-markdown", "diff", OUT, OUT, "--json", "--markdown", names="--markdown",
         says="not both", code=2),
    case("diff-limit-negative", "diff", OUT, OUT, "--limit", "-1", names="--limit",
         says="greater than or equal to 0", code=2),
    case("diff-language-is-a-path", "diff", OUT, OUT, "--lang", "../x", names="'../x'",
         says="not a language code"),
    # --- download ------------------------------------------------------------------------------------
    case("download-cannot-connect", *DOWNLOAD, "--mirror", "http://127.0.0.1:9", names="http://127.0.0.1:9/",
         says="cannot connect"),
    case("download-redirect-loop", *DOWNLOAD, "--mirror", "{mirror}/loop", names="{mirror}/loop/",
         says="redirects in a loop"),
    case("download-server-error", *DOWNLOAD, "--mirror", "{mirror}/error", names="{mirror}/error/",
         says="HTTP 500"),
    case("download-no-such-date", *DOWNLOAD, "--mirror", "{mirror}/none", names="sha1sums.txt",
         says="not found (HTTP 404)"),
    case("download-no-checksum", *DOWNLOAD, "--mirror", "{mirror}/nosum", names="sha1sums.txt",
         says=f"no checksum for {DL_NAME}"),
    case("download-latest-without-date", "download", "--lang", "en", "--dest", "dl", "--mirror",
         "{mirror}/norss",
         names="rss.xml", says="no dated dump folder"),
    case("download-trickle", *DOWNLOAD, "--mirror", "{mirror}/trickle", "--timeout", "1", names=DL_NAME,
         says="no progress for 1 s", may_change=("dl", f"dl/{DL_NAME}.part")),
    case("download-silence", *DOWNLOAD, "--mirror", "{mirror}/silent", "--timeout", "1", names=DL_NAME,
         says="no progress for 1 s", may_change=("dl", f"dl/{DL_NAME}.part")),
    case("download-dest-is-a-file", "download", "--lang", "en", "--date", DATE, "--dest", DUMP, "--mirror",
         "{mirror}/trickle", names=DUMP, says="a file, not a folder"),
    case("download-dest-under-a-file", "download", "--lang", "en", "--date", DATE, "--dest", f"{DUMP}/d",
         "--mirror", "{mirror}/trickle", names=DUMP, says="a file, not a folder"),
    case("download-partial-is-a-folder", *DOWNLOAD, "--mirror", "{mirror}/trickle",
         names=f"dl/{DL_NAME}.part",
         says="a folder, not a regular file", setup=folder(f"dl/{DL_NAME}.part")),
    case("download-target-is-a-folder", *DOWNLOAD, "--mirror", "{mirror}/trickle", names=f"dl/{DL_NAME}",
         says="a folder, not a regular file", setup=folder(f"dl/{DL_NAME}")),
    case("download-target-is-a-fifo", *DOWNLOAD, "--mirror", "{mirror}/trickle", names=f"dl/{DL_NAME}",
         says="a named pipe (FIFO), not a regular file", setup=fifo(f"dl/{DL_NAME}")),
    case("download-partial-is-a-symlink", *DOWNLOAD, "--mirror", "{mirror}/trickle",
         names=f"dl/{DL_NAME}.part", says="a symbolic link, not a regular file",
         setup=symlink(f"dl/{DL_NAME}.part", f"../{DUMP}")),
    case("download-bad-date", "download", "--lang", "en", "--date", "last week", "--dest", "dl", "--mirror",
         "{mirror}/none", names="--date 'last week'", says="give YYYYMMDD or latest"),
    case("download-bad-language", "download", "--lang", "fr", "--dest", "dl", names="--lang 'fr'",
         says="the pipeline reads "),
    case("download-timeout-zero", *DOWNLOAD, "--timeout", "0", names="--timeout", says="greater than",
         code=2),
    # --- export --------------------------------------------------------------------------------------
    case("export-out-is-a-fifo", *EXPORT, "--out", "x.jsonl", names="x.jsonl",
         says="a named pipe (FIFO), not a regular file; not replaced (-o - writes to standard output)",
         setup=fifo("x.jsonl")),
    case("export-out-is-a-link-as-dev-stdout-is", *EXPORT, "--out", "stdout", names="stdout",
         says="a symbolic link, not a regular file; not replaced (-o - writes to standard output)",
         setup=both(fifo("pipe"), symlink("stdout", "pipe"))),
    case("export-by-default-onto-a-fifo", *EXPORT, names="outputs/exports/en-balda.jsonl",
         says="a named pipe (FIFO), not a regular file", setup=fifo("outputs/exports/en-balda.jsonl")),
    case("export-folder-is-a-file", *EXPORT, names="outputs/exports/en-balda.jsonl",
         says="no folder outputs/exports to write it in", setup=write("outputs/exports", "mine\n")),
    case("export-to-stdout-two-lists", "export", "--data", OUT, "-f", "jsonl", "--out", "-", names="--out",
         says="names one file but 2 lists match"),
    case("export-out-under-a-file", *EXPORT, "--out", f"{DUMP}/x.jsonl", names=DUMP, says="no folder"),
    # --- package -------------------------------------------------------------------------------------
    case("package-dump-without-a-date", *PACKAGE, names="outputs/en/balda/manifest.json",
         says="has no date in its name to version the packages by; give --version"),
    case("package-no-data", "package", "--data", "none", "--version", "1.0.0", names="none",
         says="no such folder of built word lists"),
    case("package-data-is-a-file", *PACKAGE_V, "--data", DUMP, names=DUMP, says="not a folder"),
    case("package-nothing-built", *PACKAGE_V, "--data", "dumps", names="dumps",
         says="no word lists built here"),
    case("package-language-not-built", *PACKAGE_V, "--lang", "de", names="outputs",
         says="no word list of language 'de' built here (have: en)"),
    case("package-language-is-a-path", *PACKAGE_V, "--lang", "../x", names="'../x'",
         says="not a language code"),
    case("package-version-not-x-y-z", *PACKAGE, "--version", "1.02", names="--version",
         says="not a version like 2026.11.1", code=2),
    case("package-unknown-format", *PACKAGE_V, "--format", "deb", names="--format",
         says="'deb' is not one of", code=2),
    case("package-list-without-licence", *PACKAGE_V, names="outputs/en/balda",
         says="built before word lists carried their licence", setup=manifest_edit(MANIFEST, forget_license)),
    case("package-licence-not-an-object", *PACKAGE_V, names=MANIFEST, says="'license' must be a JSON object",
         setup=manifest_edit(MANIFEST, lambda m: m.update(license="CC-BY-SA-4.0"))),
    case("package-list-file-truncated", *PACKAGE_V, names="outputs/en/balda/words.parquet",
         says="the manifest says", setup=truncate("outputs/en/balda/words.parquet", 0.5)),
    case("package-licence-file-replaced", *PACKAGE_V, names="outputs/en/wordgame/LICENSE.md",
         says="checksum does not match the manifest",
         setup=edit_text("outputs/en/wordgame/LICENSE.md", "CC BY-SA", "CC-BY-SA")),
    case("package-lists-of-two-dumps", *PACKAGE_V, names="outputs/en/wordgame",
         says="the lists of one package come from one dump",
         setup=manifest_edit("outputs/en/wordgame/manifest.json",
                             lambda m: m["license"].update(dump="enwiktionary-20250101.xml.bz2"))),
    case("package-out-is-a-file", *PACKAGE_V, "--out", DUMP, names=DUMP, says="a file, not a folder"),
    case("package-out-inside-a-list", *PACKAGE_V, "--out", "outputs/en/balda/dist", names="outputs/en/balda",
         says="inside the word list"),
    case("package-wheel-onto-a-fifo", *PACKAGE_V, names=WHEEL, says="a named pipe (FIFO), not a regular file",
         setup=fifo(WHEEL)),
    # --- synth ---------------------------------------------------------------------------------------
    case("synth-size-not-a-size", "synth", "--size", "huge", "--dest", "s", names="'huge'",
         says="expected a positive number of bytes"),
    case("synth-size-zero", "synth", "--size", "0", "--dest", "s", names="'0'", says="a positive number"),
    case("synth-unknown-language", "synth", "--lang", "xx", "--dest", "s", names="'xx'",
         says="no synthetic pages"),
    case("synth-dest-is-a-file", "synth", "--size", "1KB", "--dest", DUMP, names=DUMP,
         says="a file, not a folder"),
    case("synth-dest-under-a-file", "synth", "--size", "1KB", "--dest", f"{DUMP}/s", names=DUMP,
         says="a file, not a folder"),
    case("synth-workers-zero", "synth", "--size", "1KB", "--dest", "s", "-j", "0", names="--workers",
         says="greater than", code=2),
    # --- profiles ------------------------------------------------------------------------------------
    case("profiles-unexpected-argument", "profiles", "balda", names="balda", says="unexpected extra argument",
         code=2),
    # --- query: a question that cannot be answered is exit code 2 (1 is the answer "no") ------------
    case("query-nothing-built", "query", "--data", "dumps", "count", names="dumps/en/balda",
         says="no 'balda' word list", code=2),
    case("query-profile-is-a-path", "query", "--data", OUT, "--profile", "../../dumps", "count",
         names="'../../dumps'", says="not the name of a word list", code=2),
    case("query-language-is-a-path", "query", "--data", OUT, "--lang", "en/..", "count", names="'en/..'",
         says="not a language code", code=2),
    case("query-pattern-with-brackets", "query", "--data", OUT, "match", "a[b]", names="'a[b]'",
         says="'[', ']' not in the English alphabet", code=2),
    case("query-unknown-part-of-speech", "query", "--data", OUT, "words", "--pos", "nouns", names="'nouns'",
         says="unknown part of speech", code=2),
    case("query-check-unknown-part-of-speech", "query", "--data", OUT, "check", "cat", "--pos", "nouns",
         names="'nouns'", says="unknown part of speech", code=2),
    case("query-check-nothing-built", "query", "--data", "dumps", "check", "cat", "--json",
         names="dumps/en/balda", says="no 'balda' word list", code=2),
    case("query-define-language-is-a-path", "query", "--lang", "../x", "define", "cat", names="'../x'",
         says="not a language code", code=2),
    case("query-random-negative-length", "query", "--data", OUT, "random", "-3", names="-3",
         says="No such option", code=2),
    case("query-dawg-replaced", "query", "--data", OUT, "count", names="outputs/en/balda/words.dawg",
         says="the manifest says", setup=write("outputs/en/balda/words.dawg", b"garbage"), code=2),
    case("query-manifest-is-a-list", "query", "--data", OUT, "check", "cat", names=MANIFEST,
         says="must be a JSON object", setup=write(MANIFEST, "[]\n"), code=2),
    case("query-manifest-wrong-count", "query", "--data", OUT, "count", names=MANIFEST, says="words",
         setup=edit_text(MANIFEST, '"words": ', '"words": "many", "_": '), code=2),
]  # fmt: skip


# --- the world each row runs in ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dump with its index, the word lists built from it, a good profile: what every row starts from."""
    root = tmp_path_factory.mktemp("world")
    (root / "dumps").mkdir()
    write_dump(PAGES, root / DUMP, lang="en", pages_per_stream=4, index=root / INDEX)
    build({"en": root / DUMP}, root / OUT, workers=1)
    (root / "profiles").mkdir()
    (root / PROFILE).write_text(GOOD_PROFILE)
    return root


def snapshot(root: Path) -> dict[str, str]:
    """Every path under `root`: its kind, and a file's checksum or a link's target."""
    tree: dict[str, str] = {}
    for folder_name, folders, files in os.walk(root):
        for name in folders + files:
            path = Path(folder_name, name)
            rel = str(path.relative_to(root))
            if path.is_symlink():
                tree[rel] = f"link to {os.readlink(path)}"
            elif path.is_dir():
                tree[rel] = "folder"
            elif path.is_file():
                tree[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                tree[rel] = "special file"
    return tree


@dataclass
class Outcome:
    args: list[str]
    code: int
    stdout: str
    stderr: str
    before: dict[str, str]
    after: dict[str, str]


def run_case(row: Case, root: Path, mirror: str) -> Outcome:
    if row.setup is not None:
        row.setup(root)
    before = snapshot(root)
    args = [arg.replace("{mirror}", mirror) for arg in row.args]
    env = {**os.environ, "COLUMNS": "80"}
    env.pop("WORDLIST_MIRROR", None)
    done = subprocess.run(
        [sys.executable, "-m", "wordlist_pipeline", *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    return Outcome(args, done.returncode, done.stdout, done.stderr, before, snapshot(root))


class BadSite(BaseHTTPRequestHandler):
    """A dumps site that misbehaves by the first part of the path: loop, error, trickle, silent ..."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        mode = self.path.strip("/").split("/")[0]
        if mode == "loop":
            self.send_response(302)
            self.send_header("Location", self.path)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif mode == "error":
            self.send_error(500, "Internal Server Error")
        elif mode == "norss" and self.path.endswith("rss.xml"):
            self.send_body(b"<rss><channel><item><link>nowhere</link></item></channel></rss>")
        elif mode in ("trickle", "silent", "nosum") and self.path.endswith("sha1sums.txt"):
            listed = "other.xml.bz2" if mode == "nosum" else DL_NAME
            self.send_body(
                f"{'1' * 40}  {listed}\n{'2' * 40}  {DL_NAME.replace('.xml', '-index.txt')}\n".encode()
            )
        elif mode in ("trickle", "silent") and self.path.endswith(DL_NAME):
            self.send_response(200)
            self.send_header("Content-Length", str(10**7))
            self.end_headers()
            self.wfile.write(b"BZh9")  # some progress, then a trickle or nothing at all
            self.wfile.flush()
            deadline = time.monotonic() + 8
            try:
                while time.monotonic() < deadline:
                    time.sleep(0.05)
                    if mode == "trickle":
                        self.wfile.write(b"x")
                        self.wfile.flush()
            except OSError:  # the client gave up, as it should
                pass
            self.close_connection = True
        else:
            self.send_error(404)

    def send_body(self, body: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="module")
def mirror() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), BadSite)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def outcomes(
    request: pytest.FixtureRequest, template: Path, mirror: str, tmp_path_factory
) -> dict[str, Outcome]:
    """Run the selected rows, a few at a time (each is a process of its own)."""
    selected = {
        item.callspec.params["row"].id
        for item in request.session.items
        if item.module is request.module and hasattr(item, "callspec") and "row" in item.callspec.params
    }
    rows = [row for row in CASES if row.id in selected]
    worlds = {}
    for row in rows:
        worlds[row.id] = tmp_path_factory.mktemp("bad") / "world"
        shutil.copytree(template, worlds[row.id], symlinks=True)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = pool.map(lambda row: run_case(row, worlds[row.id], mirror), rows)
        return {row.id: outcome for row, outcome in zip(rows, results, strict=True)}


def params() -> list:
    return [pytest.param(row, id=row.id) for row in CASES]


@pytest.mark.slow
@pytest.mark.parametrize("row", params())
def test_bad_input(row: Case, outcomes: dict[str, Outcome], mirror: str) -> None:
    outcome = outcomes[row.id]
    where = f"wordlist {' '.join(outcome.args)}"
    assert "Traceback" not in outcome.stderr, where
    assert "internal error" not in outcome.stderr, f"{where}\n{outcome.stderr}"
    assert outcome.code == row.code, f"{where}: exit code {outcome.code}\n{outcome.stderr}"
    names, says = row.names.replace("{mirror}", mirror), row.says
    lines = outcome.stderr.strip().splitlines()
    assert len(lines) == 1, f"{where}: {len(lines)} lines on stderr\n{outcome.stderr}"
    assert lines[0].startswith("error: "), lines[0]
    assert names in lines[0] and says in lines[0], f"{where}\n{lines[0]}"
    # nothing done first: `build --profile typo` once extracted a whole dump, then said so
    assert outcome.stdout == "", f"{where} printed before failing:\n{outcome.stdout}"
    changed = {
        path
        for path in outcome.before.keys() | outcome.after.keys()
        if outcome.before.get(path) != outcome.after.get(path)
    }
    assert changed <= set(row.may_change), f"{where} changed {sorted(changed - set(row.may_change))}"


def test_the_corpus_covers_every_pipeline_command() -> None:
    commands = {row.args[0] for row in CASES}
    assert commands >= {
        "extract",
        "build",
        "stats",
        "why",
        "diff",
        "download",
        "synth",
        "profiles",
        "query",
        "export",
        "package",
    }
    assert len({row.id for row in CASES}) == len(CASES), "two rows with one id"
    assert len(CASES) >= 100
