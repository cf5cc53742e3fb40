"""What `stats`, `why` and `query define` tell a reader: a table that fits an 80-column terminal,
two entries of one part of speech told apart, a page without an entry said as an error, the
definitions of a word under their parts of speech. Each runs the `wordlist` command as a user does
(a fresh process) on the sample lists, its answers checked against the entries table and the
library."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from tests.conftest import ROOT
from wordlist import Lexicon


def wordlist(*args: str | Path, columns: int = 80) -> subprocess.CompletedProcess:
    """`wordlist ARGS` in a terminal `columns` wide (as $COLUMNS says to Rich and click)."""
    env = {**os.environ, "COLUMNS": str(columns)}
    env.pop("WORDLIST_DATA", None)
    command = [sys.executable, "-m", "wordlist_pipeline", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)


ROW = re.compile(r"^  (?P<label>\S.*?) +(?P<count>[\d,]+)$")  # a row of a list's table
DETAIL = re.compile(r"^      (?P<items>\S.*)$")  # the parts of speech under their row


@pytest.mark.parametrize("columns", [80, 60, 200])
def test_stats_fits_the_terminal(sample_outputs: Path, columns: int) -> None:
    done = wordlist("stats", "--out", sample_outputs, columns=columns)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines and all(len(line) <= max(columns, 60) and line == line.rstrip() for line in lines)
    manifests = {m["language"] + "/" + m["profile"]: m for m in stats_json(sample_outputs)}
    tables = split_tables(lines)
    assert tables.keys() == manifests.keys()
    for name, rows in tables.items():
        counts = manifests[name]["counts"]
        table = {}
        details: list[str] = []
        for line in rows:
            row, detail = ROW.match(line), DETAIL.match(line)
            assert row or detail, f"{name}: a line neither a row nor the detail under one: {line!r}"
            if row:
                table[row["label"]] = int(row["count"].replace(",", ""))
            else:
                details += [item.strip() for item in detail["items"].split(",") if item.strip()]
        ends = {len(line) for line in rows if ROW.match(line)}
        assert len(ends) == 1, f"{name}: the counts are not in one column"
        assert table["entries used"] == counts["entries_used"]
        assert table["nouns"] == counts["by_pos"]["noun"]
        other = [r for r in counts["left_out"] if r["rule"] == "part_of_speech"]
        assert table["left out: other parts of speech"] == sum(r["count"] for r in other)
        # every part of speech left out under its row, its name and count on one line
        assert details == [f"{r['value'].replace('_', ' ')} {r['count']}" for r in other]
        for reason in counts["left_out"]:
            if reason["rule"] != "part_of_speech":
                assert table[f"left out: {reason['description']}"] == reason["count"]


def stats_json(data: Path) -> list[dict]:
    done = wordlist("stats", "--out", data, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["lists"]


def split_tables(lines: list[str]) -> dict[str, list[str]]:
    """{"en/balda": its lines} from `stats`: a list's line ("en/balda: 129 unique...") then its rows."""
    tables: dict[str, list[str]] = {}
    for line in lines:
        head = re.match(r"^([a-z]{2,3}/[a-z0-9_-]+): \d", line)
        if head:
            tables[head[1]] = []
        else:
            tables[list(tables)[-1]].append(line)
    return tables


def page_entries(data: Path, title: str) -> list[tuple[str, str]]:
    """(part of speech, first definition) of each English entry of page `title`, in page order."""
    table = pl.read_parquet(data / "en" / "entries.parquet").filter(pl.col("word") == title)
    return [(pos, definitions[0]) for pos, definitions in table.select("pos", "definitions").iter_rows()]


def test_why_tells_two_entries_of_one_part_of_speech_apart(sample_outputs: Path) -> None:
    entries = page_entries(sample_outputs, "cat")
    assert [pos for pos, _ in entries] == ["noun", "verb", "noun"]  # two etymologies of the noun
    done = wordlist("why", "cat", "--out", sample_outputs)
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(set(lines)) == 3
    assert lines[1] == "cat (verb): in as CAT"  # alone of its part of speech: named by it alone
    for line, number, (_, definition) in zip(
        [lines[0], lines[2]], (1, 2), [entries[0], entries[2]], strict=True
    ):
        start = f'cat (noun {number} of 2, "{definition[:20]}'
        assert line.startswith(start) and line.endswith('"): in as CAT'), line
    answer = json.loads(wordlist("why", "cat", "--out", sample_outputs, "--json").stdout)
    assert [(e["entry"], e["pos"], e["first_definition"]) for e in answer["entries"]] == [
        (i, pos, definition) for i, (pos, definition) in enumerate(entries, 1)
    ]


@pytest.mark.parametrize("title", ["zebra", "Cat"])  # no such page; a page of another capital
@pytest.mark.parametrize("as_json", [False, True])
def test_why_of_a_page_without_an_entry_is_an_error(sample_outputs: Path, title: str, as_json: bool) -> None:
    done = wordlist("why", title, "--out", sample_outputs, *(["--json"] if as_json else []))
    assert (done.returncode, done.stdout) == (1, "")  # 1: bad input, as for every command but query
    assert done.stderr.splitlines() == [
        f"error: '{title}': no English entry in the entries table {sample_outputs}/en/entries.parquet (no "
        "page of that title in the dump, or no English section on it; a title is written as on Wiktionary, "
        "capitals included)"
    ]


def test_define_shows_each_part_of_speech_over_its_definitions(sample_outputs: Path) -> None:
    en = Lexicon.open("en", "balda", sample_outputs)
    assert en.parts_of_speech("cat") == ("noun", "verb")
    done = wordlist("query", "--data", sample_outputs, "define", "cat")
    assert done.returncode == 0, done.stderr
    expected = ["CAT (cat)"]
    for pos in ("noun", "verb"):
        expected += [
            f"  {pos}",
            *(f"    {i}. {text}" for i, text in enumerate(en.definitions("cat", pos=pos), 1)),
        ]
    assert done.stdout.splitlines() == expected and len(expected) == 8
    # --pos: only its heading; --json: the same groups, the keys it had kept as they were
    verbs = wordlist("query", "--data", sample_outputs, "define", "cat", "--pos", "verb").stdout.splitlines()
    assert verbs == ["CAT (cat)", "  verb", f"    1. {en.definitions('cat', pos='verb')[0]}"]
    answer = json.loads(wordlist("query", "--data", sample_outputs, "define", "cat", "--json").stdout)
    assert answer["pos"] == ["noun", "verb"] and answer["definitions"] == en.definitions("cat")
    assert answer["by_pos"] == {pos: en.definitions("cat", pos=pos) for pos in ("noun", "verb")}
    assert list(answer) == ["word", "normalized", "pos", "titles", "definitions", "by_pos"]
    # the German list: the noun Bauen first, as on its page, then the verb bauen
    german = wordlist("query", "--data", sample_outputs, "-l", "de", "define", "bauen").stdout.splitlines()
    assert [line for line in german if not line.startswith("    ")] == [
        "BAUEN (Bauen, bauen)",
        "  noun",
        "  verb",
    ]


def test_a_non_gloss_definition_is_shown_whole(sample_outputs: Path) -> None:
    """The sample's "A sequence of similar things: {{ng|used with "of"}}." read "things:." before."""
    done = wordlist("query", "--data", sample_outputs, "define", "run", "--pos", "noun")
    assert '    3. A sequence of similar things: used with "of".' in done.stdout.splitlines()
    wordgame = Lexicon.open("en", "wordgame", sample_outputs)
    texts = [text for word in wordgame for text in wordgame.definitions(word)]
    assert texts and not [text for text in texts if re.search(r":\.|[^.]\.\.$", text)]
