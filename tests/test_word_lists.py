"""`wordlist build` into word-list folders: files, manifest counts, determinism, atomic writes, stats."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import dawg
import polars as pl
import pyarrow.parquet as pq
import pytest
from polars.testing import assert_frame_equal

from tests.conftest import run_cli
from wordlist_pipeline import artefacts
from wordlist_pipeline.build import build
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import select

LISTS = [("en", "balda"), ("en", "wordgame"), ("de", "balda"), ("de", "wordgame")]


def test_build_writes_every_language_and_profile(sample_outputs: Path) -> None:
    assert sorted(p.parent.name for p in sample_outputs.glob("*/entries.parquet")) == ["de", "en"]
    for lang, profile in LISTS:
        folder = sample_outputs / lang / profile
        game = ["game.json"] if profile == "wordgame" else []  # only a profile with a game has one
        assert sorted(p.name for p in folder.iterdir()) == [
            "LICENSE.md",
            "alphabet.json",
            *game,
            "manifest.json",
            "words.dawg",
            "words.parquet",
            "words.txt",
        ]


@pytest.mark.parametrize(("lang", "profile"), LISTS)
def test_manifest_counts_match_parquet_dawg_and_text(sample_outputs: Path, lang: str, profile: str) -> None:
    folder = sample_outputs / lang / profile
    manifest = json.loads((folder / "manifest.json").read_text())
    words = pl.read_parquet(folder / "words.parquet")
    graph = dawg.IntCompletionDAWG().load(str(folder / "words.dawg"))
    lines = (folder / "words.txt").read_text(encoding="utf-8").splitlines()
    counts = manifest["counts"]
    assert counts["words"] == words.height == len(graph.keys()) == len(lines) > 50
    assert lines == words["word"].to_list() == sorted(lines) == graph.keys()
    assert counts["definitions"] == words["definitions"].list.len().sum()
    for pos, n in counts["by_pos"].items():
        assert words.filter(pl.col("pos").list.contains(pos)).height == n
    for name, recorded in manifest["files"].items():
        data = (folder / name).read_bytes()
        assert recorded == {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    source = manifest["source"]
    assert source["dump"] == f"{lang}wiktionary-sample-pages-articles-multistream.xml.bz2"
    assert source["dbname"] == f"{lang}wiktionary"
    extracted = source["extraction"]["entries"]
    assert counts["entries_used"] + sum(r["count"] for r in counts["left_out"]) == extracted
    assert set(manifest["files"]) == {p.name for p in folder.iterdir()} - {"manifest.json"}
    assert manifest["language_name"] == {"en": "English", "de": "German"}[lang]
    assert set(manifest["tools"]) >= {
        "python",
        "wiktionary-wordlist",
        "polars",
        "pyarrow",
        "dawg2",
        "mwparserfromhell",
        "lxml",
    }


def test_alphabet_files(sample_outputs: Path) -> None:
    de = json.loads((sample_outputs / "de" / "balda" / "alphabet.json").read_text(encoding="utf-8"))
    assert (
        de["letters"] == "abcdefghijklmnopqrstuvwxyzäöüß" and de["upper"]["ß"] == "ẞ" and de["remove"] == "-"
    )
    assert de["format"] == 2 and de["language_name"] == "German" and de["lowercase"] is True
    game = json.loads((sample_outputs / "en" / "wordgame" / "game.json").read_text())
    assert len(game["board"]) == 15 and game["start"] == [7, 7] and game["rack_size"] == 8
    assert game["tiles"]["z"] == {"points": 7, "count": 2} and game["tiles"]["?"] == {"points": 0, "count": 2}


def test_building_twice_gives_identical_bytes(sample_outputs: Path, tmp_path: Path) -> None:
    build(out_dir=tmp_path, workers=2)
    for path in sorted(sample_outputs.rglob("*")):
        if path.is_file():
            twin = tmp_path / path.relative_to(sample_outputs)
            assert twin.read_bytes() == path.read_bytes(), path.relative_to(sample_outputs)


def test_a_failed_build_leaves_the_previous_word_list_intact(tmp_path: Path, monkeypatch) -> None:
    build(out_dir=tmp_path, langs=["en"], profiles=["balda"], workers=1)
    before = {p.name: p.read_bytes() for p in (tmp_path / "en" / "balda").iterdir()}

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(artefacts, "sha256_file", broken)
    with pytest.raises(OSError, match="disk full"):
        build(out_dir=tmp_path, langs=["en"], profiles=["balda"], workers=1)
    after = {p.name: p.read_bytes() for p in (tmp_path / "en" / "balda").iterdir()}
    assert after == before
    assert [p.name for p in (tmp_path / "en").iterdir() if p.name.startswith(".")] == []


# Run as `wordlist build`: records what is loaded when the extraction's workers are forked.
_FORK_PROBE = """
import os, sys
from wordlist.cli import run
heavy = ("polars", "wordlist.games", "wordlist_pipeline.word_lists")
os.register_at_fork(before=lambda: print("fork", *[m for m in heavy if m in sys.modules], file=sys.stderr))
sys.exit(run(["build", "--out", sys.argv[1], "--lang", "en", "--workers", "2", "--quiet"]))
"""


def test_build_forks_its_workers_before_loading_polars_or_the_games(tmp_path: Path) -> None:
    # Loaded before the fork they would hold up the start of the extraction while the second
    # core waits; the word-list phase loads Polars while the workers run.
    result = subprocess.run(
        [sys.executable, "-c", _FORK_PROBE, str(tmp_path)], capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr
    forks = [line for line in result.stderr.splitlines() if line.startswith("fork")]
    assert forks == ["fork", "fork"]  # two workers, neither with Polars or the games
    assert (tmp_path / "en" / "wordgame" / "words.parquet").is_file()


def test_build_cli_and_stats(tmp_path: Path) -> None:
    result = run_cli("build", "--out", tmp_path, "-q", "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert re.search(r"en/balda: \d+ unique English words with \d+ definitions", result.stdout)
    assert re.search(r"de/balda: \d+ unique German words with \d+ definitions", result.stdout)
    stats = run_cli("stats", "--out", tmp_path)
    assert stats.returncode == 0
    manifest = json.loads((tmp_path / "de" / "balda" / "manifest.json").read_text())
    counts = manifest["counts"]
    line = f"de/balda: {counts['words']:,} unique German words with {counts['definitions']:,}"
    assert line in stats.stdout
    assert re.search(r"nouns\s+" + f"{manifest['counts']['by_pos']['noun']:,}", stats.stdout)
    assert "left out: inflected form" in stats.stdout


def test_why_explains_decisions(sample_outputs: Path) -> None:
    result = run_cli("why", "cops", "--profile", "wordgame", "--out", sample_outputs)
    assert result.stdout.strip() == "cops (noun): left out: form of a dropped word"
    result = run_cli("why", "Bauen", "--lang", "de", "--out", sample_outputs)
    assert result.stdout.strip() == "Bauen (noun): in as BAUEN"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--lang", "fr"], "no data for language 'fr' (have: de, en)"),
        (["--profile", "scrabble"], "no profile named 'scrabble'"),
        (["--dump", "missing.xml.bz2"], "missing.xml.bz2: no such file"),
    ],
)
def test_build_bad_requests(tmp_path: Path, args: list[str], message: str) -> None:
    result = run_cli("build", "--out", tmp_path, "-q", *args)
    assert result.returncode == 1 and message in result.stderr, result.stderr


def test_build_refuses_a_profile_without_the_language(tmp_path: Path) -> None:
    profile = tmp_path / "english.toml"
    profile.write_text(
        'name = "english"\nlanguages = ["en"]\n[alphabet]\nen = "abcdefghijklmnopqrstuvwxyz"\n'
    )
    result = run_cli("build", "--out", tmp_path / "out", "-q", "--profile", profile, "--lang", "de")
    assert result.returncode == 1 and "profile 'english' has no word list for language 'de'" in result.stderr


def test_stats_without_a_build(tmp_path: Path) -> None:
    result = run_cli("stats", "--out", tmp_path)
    assert result.returncode == 1 and "no word lists built here" in result.stderr


@pytest.mark.parametrize("lang", ["en", "de"])
def test_word_lists_written_in_batches_are_the_whole_lists(
    sample_outputs: Path, tmp_path: Path, monkeypatch, lang: str
) -> None:
    """words.parquet is assembled and written a batch of row groups at a time, from the table's
    definitions read apart from the decisions: the bytes are the same whatever the batches, and
    the words are those of one selection made on the whole table, definitions and all."""
    built: dict[int, dict[str, bytes]] = {}
    monkeypatch.setattr(artefacts, "WORD_ROW_GROUP", 3)
    for groups in (1, 1_000_000):  # a batch of 3 words, and the whole list in one batch
        monkeypatch.setattr(artefacts, "WORD_BATCH_GROUPS", groups)
        out = tmp_path / str(groups)
        (out / lang).mkdir(parents=True)
        for name in ("entries.parquet", "source.json"):
            (out / lang / name).write_bytes((sample_outputs / lang / name).read_bytes())
        build(out_dir=out, langs=[lang], from_entries=True)
        built[groups] = {
            str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()
        }
    assert built[1] == built[1_000_000]
    entries = pl.read_parquet(sample_outputs / lang / "entries.parquet")
    for profile in ("balda", "wordgame"):
        written = pl.read_parquet(tmp_path / "1" / lang / profile / "words.parquet")
        assert written.height > 10 and pq.ParquetFile(
            tmp_path / "1" / lang / profile / "words.parquet"
        ).num_row_groups == -(-written.height // 3)
        whole = select(entries, load_profile(profile), lang).words
        assert_frame_equal(written, whole)
        # the merge showed a repeated (definition, part of speech) of a game word once
        for definitions, pos in written.select("definitions", "definition_pos").iter_rows():
            assert len(set(zip(definitions, pos, strict=True))) == len(definitions)


def test_a_foreign_file_in_a_list_folder_stops_the_build_before_it_extracts(
    sample_outputs: Path, tmp_path: Path
) -> None:
    """Every output is checked before the first extraction: a user's file in the last list the build
    would write (en/wordgame; German is extracted first) is one line, and nothing is extracted."""
    out = tmp_path / "outputs"
    shutil.copytree(sample_outputs, out)
    (out / "en" / "wordgame" / "notes.txt").write_text("mine\n", encoding="utf-8")
    before = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in out.rglob("*") if p.is_file()}
    result = run_cli("build", "--out", out, "--workers", "1")
    assert (result.returncode, result.stdout) == (1, "")  # no extraction's summary: none ran
    assert result.stderr.splitlines() == [
        f"error: {out}/en/wordgame: not replaced: it holds what the pipeline does not write there "
        "(notes.txt); move that away or choose another output folder"
    ]
    assert {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in out.rglob("*") if p.is_file()} == before


def test_a_build_writes_the_exports_in_a_list_folder_again(sample_outputs: Path, tmp_path: Path) -> None:
    """An export `--out` put into a list's folder (where `wordlist export` wrote them before they
    had a folder of their own) does not stop the next build: it is made again from the new list."""
    out = tmp_path / "outputs"
    shutil.copytree(sample_outputs, out)
    balda = out / "en" / "balda"
    for fmt in ("sqlite", "jsonl"):  # exports of another list's bytes: the new ones must not be these
        done = run_cli(
            "export", "--data", out, "-l", "de", "-p", "balda", "-f", fmt, "-o", tmp_path / f"de.{fmt}"
        )
        assert done.returncode == 0, done.stderr
        shutil.copyfile(tmp_path / f"de.{fmt}", balda / f"words.{fmt}")
    stale = {fmt: (balda / f"words.{fmt}").read_bytes() for fmt in ("sqlite", "jsonl")}
    result = run_cli("build", "--out", out, "--workers", "1", "-q")
    assert result.returncode == 0, result.stderr
    for fmt in ("sqlite", "jsonl"):
        fresh = run_cli(
            "export", "--data", out, "-l", "en", "-p", "balda", "-f", fmt, "-o", tmp_path / f"fresh.{fmt}"
        )
        assert fresh.returncode == 0, fresh.stderr
        again = (balda / f"words.{fmt}").read_bytes()
        assert again == (tmp_path / f"fresh.{fmt}").read_bytes() != stale[fmt]
    assert not (balda / "words.jsonl.LICENSE.md").exists()  # (the folder's LICENSE.md covers it)


def test_a_list_that_loses_its_game_replaces_the_old_folder(tmp_path: Path) -> None:
    """The swap allows what the checks before the build allowed: a game.json the new list does not
    have (its profile lost its [game]) is replaced, not an error after the extraction."""
    wordgame = load_profile("wordgame").path.read_text(encoding="utf-8")
    balda = load_profile("balda").path.read_text(encoding="utf-8")
    profile = tmp_path / "mine.toml"
    profile.write_text(wordgame.replace('name = "wordgame"', 'name = "mine"'), encoding="utf-8")
    build(out_dir=tmp_path / "out", langs=["en"], profiles=[str(profile)], workers=1)
    assert (tmp_path / "out" / "en" / "mine" / "game.json").is_file()
    profile.write_text(balda.replace('name = "balda"', 'name = "mine"'), encoding="utf-8")
    build(out_dir=tmp_path / "out", langs=["en"], profiles=[str(profile)], workers=1, from_entries=True)
    folder = tmp_path / "out" / "en" / "mine"
    assert (
        not (folder / "game.json").exists()
        and json.loads((folder / "manifest.json").read_text())["profile"] == "mine"
    )
