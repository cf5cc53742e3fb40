"""`wordlist export`: SQLite and JSON Lines that say what the list says, byte-identical twice, atomic."""

from __future__ import annotations

import io
import json
import os
import pty
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli
from wordlist import Lexicon
from wordlist.export import ExportError, export, export_lists
from wordlist.format import POS


@pytest.fixture()
def lists(sample_outputs: Path, tmp_path: Path) -> Path:
    """A private copy of the built sample lists (exports are written in its exports/)."""
    out = tmp_path / "outputs"
    for manifest in sample_outputs.glob("*/*/manifest.json"):
        shutil.copytree(manifest.parent, out / manifest.parent.relative_to(sample_outputs))
    return out


def test_sqlite_holds_the_list(lists: Path, tmp_path: Path) -> None:
    lexicon = Lexicon.open("en", "balda", lists)
    result = export(lexicon, "sqlite", tmp_path / "en.sqlite")
    assert result.words == len(lexicon) and result.bytes == (tmp_path / "en.sqlite").stat().st_size
    db = sqlite3.connect(tmp_path / "en.sqlite")
    assert db.execute("SELECT word, pos_mask FROM words ORDER BY word").fetchall() == [
        (r.word, r.pos_mask) for r in lexicon.records()
    ]
    assert db.execute("SELECT bit, name, mask FROM parts_of_speech ORDER BY bit").fetchall() == [
        (i, name, 1 << i) for i, name in enumerate(POS)
    ]
    rows = db.execute("SELECT pos, text FROM definitions WHERE word = 'table' ORDER BY n").fetchall()
    assert [text for _, text in rows] == lexicon.definitions("table")
    assert [text for pos, text in rows if pos == "verb"] == lexicon.definitions("table", pos="verb")
    assert [t for (t,) in db.execute("SELECT title FROM titles WHERE word = 'email'")] == lexicon.titles(
        "email"
    )
    meta = dict(db.execute("SELECT key, value FROM meta"))
    assert (meta["format"], meta["language"], meta["language_name"], meta["profile"]) == (
        2,
        "en",
        "English",
        "balda",
    )
    assert json.loads(meta["counts"])["words"] == len(lexicon) and meta["export_format"] == 1
    plan = " ".join(
        str(r) for r in db.execute("EXPLAIN QUERY PLAN SELECT text FROM definitions WHERE word = 'x'")
    )
    assert "definitions_word" in plan


def test_the_documented_query_gives_words_by_part_of_speech(lists: Path, tmp_path: Path) -> None:
    page = (ROOT / "docs" / "exports.md").read_text(encoding="utf-8")
    sql = re.search(r"```sql\n(.*?)```", page, re.DOTALL).group(1)  # the example a Godot developer runs
    lexicon = Lexicon.open("en", "balda", lists)
    export(lexicon, "sqlite", tmp_path / "en.sqlite")
    rows = sqlite3.connect(tmp_path / "en.sqlite").execute(sql).fetchall()
    assert [word for word, _ in rows] == lexicon.words(pos="noun", length=5) and len(rows) > 3
    assert all(text == lexicon.definitions(word)[0] for word, text in rows)


def test_jsonl_has_one_object_per_word(lists: Path, tmp_path: Path) -> None:
    lexicon = Lexicon.open("de", "balda", lists)
    export(lexicon, "jsonl", tmp_path / "de.jsonl")
    lines = (tmp_path / "de.jsonl").read_text(encoding="utf-8").splitlines()
    objects = [json.loads(line) for line in lines]
    assert [o["word"] for o in objects] == list(lexicon)
    bauen = next(o for o in objects if o["word"] == "bauen")
    assert bauen["pos"] == ["noun", "verb"] and bauen["titles"] == ["Bauen", "bauen"]
    assert [d["text"] for d in bauen["definitions"]] == lexicon.definitions("bauen")
    assert (
        list(bauen) == ["word", "pos", "titles", "definitions"] and "ß" in (tmp_path / "de.jsonl").read_text()
    )


@pytest.mark.parametrize("fmt", ["sqlite", "jsonl"])
def test_exports_are_deterministic(lists: Path, tmp_path: Path, fmt: str) -> None:
    first = export(Lexicon.open("en", "wordgame", lists), fmt, tmp_path / f"a.{fmt}")
    second = export(Lexicon.open("en", "wordgame", lists), fmt, tmp_path / f"b.{fmt}")
    assert first.path.read_bytes() == second.path.read_bytes()
    again = export(Lexicon.open("en", "wordgame", lists), fmt, tmp_path / f"a.{fmt}")  # over the old file
    assert again.path.read_bytes() == second.path.read_bytes()


def test_a_failed_export_keeps_the_old_file(lists: Path, tmp_path: Path, monkeypatch) -> None:
    lexicon = Lexicon.open("en", "balda", lists)
    target = tmp_path / "en.jsonl"
    target.write_text("the old export\n")

    first = list(lexicon.records())[:5]

    def broken():
        yield from first
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(lexicon, "records", broken)
    with pytest.raises(ExportError, match=r"en\.jsonl: cannot be written \(No space left on device\)"):
        export(lexicon, "jsonl", target)
    assert target.read_text() == "the old export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["en.jsonl", "outputs"]  # no temporary left


def test_bad_targets(lists: Path, tmp_path: Path) -> None:
    lexicon = Lexicon.open("en", "balda", lists)
    with pytest.raises(ExportError, match="a folder; give the file to write"):
        export(lexicon, "sqlite", tmp_path)
    with pytest.raises(ExportError, match="no folder"):
        export(lexicon, "sqlite", tmp_path / "missing" / "x.sqlite")
    dawg_before = (lists / "en" / "balda" / "words.dawg").read_bytes()
    with pytest.raises(ExportError, match="one of the word list's own files"):
        export(lexicon, "jsonl", lists / "en" / "balda" / "words.dawg")
    assert (lists / "en" / "balda" / "words.dawg").read_bytes() == dawg_before
    with pytest.raises(ExportError, match="unknown export format 'xml'"):
        export(lexicon, "xml", tmp_path / "x.xml")
    memory = Lexicon.from_words([("cat", "noun", ["A pet."])], "abcdefghijklmnopqrstuvwxyz")
    with pytest.raises(ExportError, match="built in memory: give the file"):
        export(memory, "jsonl")
    alone = tmp_path / "mine"  # a list folder not in a data folder's <language>/<profile>
    shutil.copytree(lists / "en" / "balda", alone)
    with pytest.raises(ExportError, match=r"mine: not a list of a data folder \(<folder>/en/balda\), so"):
        export(Lexicon.load(alone), "sqlite")
    assert not (tmp_path / "exports").exists()
    assert export(memory, "jsonl", tmp_path / "m.jsonl").words == 1


def test_export_every_list_by_default(lists: Path) -> None:
    """Into the data folder's exports/, named by list: not into the lists' own folders, which a build
    replaces whole (it stopped at an export there, after extracting a dump)."""
    lists_before = {p: p.read_bytes() for p in lists.rglob("*") if p.is_file()}
    results = export_lists("sqlite", root=lists)
    assert sorted(str(r.path.relative_to(lists)) for r in results) == [
        "exports/de-balda.sqlite", "exports/de-wordgame.sqlite",
        "exports/en-balda.sqlite", "exports/en-wordgame.sqlite",
    ]  # fmt: skip
    assert {
        p: p.read_bytes() for p in lists.rglob("*") if p.is_file() and "exports" not in p.parts
    } == lists_before
    jsonl = export_lists("jsonl", root=lists, language="de", profile="balda")
    assert [(r.path, r.license_file) for r in jsonl] == [
        (lists / "exports" / "de-balda.jsonl", lists / "exports" / "de-balda.jsonl.LICENSE.md")
    ]
    # the library's export() alone: the exports of the data folder the list is in
    assert (
        export(Lexicon.load(lists / "en" / "balda"), "sqlite").path == lists / "exports" / "en-balda.sqlite"
    )
    with pytest.raises(ExportError, match="--out names one file but 2 lists match"):
        export_lists("jsonl", root=lists, language="en", out=lists / "x.jsonl")
    with pytest.raises(ExportError, match="no word list fr/\\* built here"):
        export_lists("jsonl", root=lists, language="fr")


def test_export_cli(lists: Path, tmp_path: Path) -> None:
    result = run_cli(
        "export", "--data", lists, "-l", "en", "-p", "balda", "-f", "jsonl", "--out", tmp_path / "b.jsonl"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"{tmp_path / 'b.jsonl'}  (") and "words" in result.stdout
    result = run_cli("export", "--data", lists)
    assert result.returncode == 0 and result.stdout.splitlines() == [
        f"{lists / 'exports' / name}.sqlite  ({len(Lexicon.open(*name.split('-'), lists)):,} words, "
        f"{(lists / 'exports' / f'{name}.sqlite').stat().st_size:,} bytes, sqlite)"
        for name in ("de-balda", "de-wordgame", "en-balda", "en-wordgame")
    ]
    # then a build replaces the lists, the exports untouched (it stopped at one in a list's folder)
    exports = {p.name: p.read_bytes() for p in (lists / "exports").iterdir()}
    rebuilt = run_cli("build", "--out", lists, "-q", "--workers", "1")
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert {p.name: p.read_bytes() for p in (lists / "exports").iterdir()} == exports
    bad = run_cli("export", "--data", lists, "--format", "xml")
    assert bad.returncode == 2 and "'xml' is not one of: sqlite, jsonl" in bad.stderr
    bad = run_cli("export", "--data", lists, "--out", tmp_path / "all.sqlite")
    assert bad.returncode == 1 and "--out names one file but 4 lists match" in bad.stderr
    assert "Traceback" not in bad.stderr and not (tmp_path / "all.sqlite").exists()


def test_out_dash_streams_to_standard_output(lists: Path, tmp_path: Path) -> None:
    """`-o -` writes the bytes a file export holds to stdout; what was written is said on stderr."""
    for fmt in ("jsonl", "sqlite"):
        made = export(Lexicon.open("en", "balda", lists), fmt, tmp_path / f"en.{fmt}")
        command = [sys.executable, "-m", "wordlist_pipeline", "export", "--data", str(lists)]
        streamed = subprocess.run(
            [*command, "-l", "en", "-p", "balda", "-f", fmt, "-o", "-"], capture_output=True, timeout=300
        )
        assert streamed.returncode == 0, streamed.stderr
        assert streamed.stdout == (tmp_path / f"en.{fmt}").read_bytes()
        said = f"-  ({made.words:,} words, {made.bytes:,} bytes, {fmt})\n"
        assert streamed.stderr.decode() == said
    assert sorted(p.name for p in lists.rglob("*") if p.suffix in (".sqlite", ".jsonl")) == []


def test_the_library_writes_to_a_stream(lists: Path, tmp_path: Path) -> None:
    lexicon = Lexicon.open("de", "wordgame", lists)
    for fmt in ("jsonl", "sqlite"):
        stream = io.BytesIO()
        result = export(lexicon, fmt, stream)
        in_file = export(lexicon, fmt, tmp_path / f"de.{fmt}")
        assert stream.getvalue() == in_file.path.read_bytes()
        assert (result.path, result.words, result.bytes) == (None, len(lexicon), len(stream.getvalue()))


def test_a_reader_that_stops_early_is_one_line(lists: Path) -> None:
    command = [sys.executable, "-m", "wordlist_pipeline", "export", "--data", str(lists), "-f", "jsonl"]
    reader, writer = os.pipe()
    os.close(reader)  # nobody reads: the first write fails (EPIPE)
    done = subprocess.run(
        [*command, "-l", "de", "-p", "balda", "-o", "-"], stdout=writer, stderr=subprocess.PIPE, timeout=300
    )
    os.close(writer)
    assert done.returncode == 1
    assert done.stderr.decode() == "error: -o -: standard output was closed before the end of the export\n"


CLOSED = "standard output is closed: there is nowhere to write the answer"
CLOSED_EXPORT = "-o -: standard output is closed (give -o a file, or leave out >&-)"


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("export", "-f", "jsonl", "-l", "de", "-p", "balda", "-o", "-", "--data"), 1, CLOSED_EXPORT),
        (("export", "-f", "sqlite", "-l", "de", "-p", "balda", "-o", "-", "--data"), 1, CLOSED_EXPORT),
        (("stats", "--json", "-o"), 1, CLOSED),
        (("query", "--data"), 2, CLOSED),  # (then: match --json a*)
    ],
)
def test_a_command_started_with_standard_output_closed_says_so(
    lists: Path, args: tuple[str, ...], code: int, message: str
) -> None:
    """`... >&-`: Python has no sys.stdout at all; a command that writes its answer there ends with
    one line and its exit code, not an internal error."""
    command = [sys.executable, "-m", "wordlist_pipeline", *args, str(lists)]
    command += ["match", "--json", "a*"] if args[0] == "query" else []
    closed = ["sh", "-c", 'exec "$@" >&-', "sh", *command]
    done = subprocess.run(closed, capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stderr) == (code, f"error: {message}\n")


def test_sqlite_is_not_sent_to_a_terminal(lists: Path) -> None:
    command = [
        sys.executable,
        "-m",
        "wordlist_pipeline",
        "export",
        "--data",
        str(lists),
        "-l",
        "en",
        "-p",
        "balda",
    ]
    terminal, other_end = pty.openpty()
    try:
        done = subprocess.run([*command, "-o", "-"], stdout=other_end, stderr=subprocess.PIPE, timeout=300)
    finally:
        os.close(other_end)
        os.close(terminal)
    assert done.returncode == 1
    assert done.stderr.decode() == (
        "error: -o -: standard output is a terminal, not a place for a SQLite file (add > FILE)\n"
    )


def test_format_md_gives_the_tables_as_they_are(lists: Path, tmp_path: Path) -> None:
    """docs/FORMAT.md's SQLite schema is the export's, statement for statement."""
    text = (ROOT / "docs" / "FORMAT.md").read_text(encoding="utf-8")
    documented = re.search(r"### SQLite.*?```sql\n(.*?)```", text, re.DOTALL).group(1)
    export(Lexicon.open("en", "wordgame", lists), "sqlite", tmp_path / "en.sqlite")
    made = sqlite3.connect(tmp_path / "en.sqlite").execute("SELECT sql FROM sqlite_master ORDER BY rowid")
    assert [" ".join(s.split()) for s in documented.split(";") if s.strip()] == [
        " ".join(sql.split()) for (sql,) in made if sql
    ]
