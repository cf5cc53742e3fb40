"""`wordlist extract` end to end: output rows, summary, parallel = serial, determinism, bad input."""

from __future__ import annotations

import bz2
import dataclasses
import multiprocessing
import os
import re
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from tests.conftest import EN_SAMPLE, ROOT, run_cli
from wordlist_pipeline.dump.writer import SourcePage, write_dump
from wordlist_pipeline.editions import EDITIONS
from wordlist_pipeline.extract import extract

PAGES = [
    SourcePage("About", "project page", namespace=4),
    SourcePage(
        "apple",
        "==English==\n===Noun===\n{{en-noun}}\n# A [[fruit]].\n===Verb===\n{{en-verb}}\n# To pick apples.",
    ),
    SourcePage("apples", "==English==\n===Noun===\n{{head|en|noun form}}\n# {{plural of|en|apple}}"),
    SourcePage("pomme", "==French==\n===Noun===\n{{fr-noun|f}}\n# [[apple]]"),
    SourcePage("aple", "#REDIRECT [[apple]]", redirect="apple"),
]


def test_extract_cli_writes_rows_and_a_summary(tmp_path: Path) -> None:
    dump, out = tmp_path / "d.xml.bz2", tmp_path / "entries.parquet"
    write_dump(PAGES, dump, lang="en", multistream=False)
    result = run_cli("extract", dump, "--out", out, "--lang", "en", "--quiet")
    assert result.returncode == 0, result.stderr
    rows = pl.read_parquet(out).select("word", "pos", "is_lemma", "form_of", "definitions").rows()
    assert rows == [
        ("apple", "noun", True, [], ["A fruit."]),
        ("apple", "verb", True, [], ["To pick apples."]),
        ("apples", "noun", False, ["apple"], ["Plural of apple"]),
    ]
    summary = result.stdout
    for line in (
        "pages read",
        "articles (main namespace)",
        "pages with English entries",
        "lemmas",
        "inflected forms",
        "skipped: redirect",
        "skipped: no English section",
        "skipped: not in the main namespace",
    ):
        assert line in summary, line
    assert re.search(r"pages read\s+5\n", summary)
    assert re.search(r"entries\s+3\n", summary)


def test_parallel_and_serial_runs_give_identical_bytes(tmp_path: Path) -> None:
    one, two = tmp_path / "one.parquet", tmp_path / "two.parquet"
    extract(EN_SAMPLE, one, workers=1)
    result = extract(EN_SAMPLE, two, workers=2)
    assert result.multistream and result.stats.entries > 200
    assert one.read_bytes() == two.read_bytes()
    extract(EN_SAMPLE, one, workers=2)
    assert one.read_bytes() == two.read_bytes()


@pytest.mark.parametrize("workers", [1, 2])
def test_on_started_is_called_once_the_worker_processes_run(tmp_path: Path, workers: int) -> None:
    running: list[int] = []  # worker processes alive at each call
    extract(
        EN_SAMPLE,
        tmp_path / "e.parquet",
        workers=workers,
        on_started=lambda: running.append(len(multiprocessing.active_children())),
    )
    assert running == ([2] if workers == 2 else [])  # one worker: this process, nothing beside it


def test_plain_dump_in_parallel_matches_serial(tmp_path: Path) -> None:
    dump = tmp_path / "d.xml"
    write_dump(PAGES * 300, dump, lang="en", compress=False, multistream=False)
    a, b = tmp_path / "a.parquet", tmp_path / "b.parquet"
    extract(dump, a, workers=1)
    extract(dump, b, workers=2)
    assert a.read_bytes() == b.read_bytes()
    assert pl.read_parquet(a).height == 900


def test_wrong_language_is_refused(tmp_path: Path) -> None:
    dump = tmp_path / "de.xml"
    write_dump(PAGES, dump, lang="de", compress=False, multistream=False)
    result = run_cli("extract", dump, "--lang", "en", "--out", tmp_path / "x.parquet", "-q")
    assert result.returncode == 1
    assert (
        "de.xml: this is a dump of the German Wiktionary (dewiktionary), but --lang en was asked for"
        in result.stderr
    )


@pytest.mark.parametrize("problem", ["missing", "not a dump", "truncated", "invalid xml"])
def test_bad_input_fails_clearly_and_leaves_no_output(tmp_path: Path, problem: str) -> None:
    dump, out = tmp_path / "dump.xml.bz2", tmp_path / "entries.parquet"
    write_dump(PAGES * 200, dump, lang="en", multistream=False)
    expected = {
        "missing": "dump.xml.bz2: no such file",
        "not a dump": "dump.xml.bz2: not a MediaWiki XML export",
        "truncated": "dump.xml.bz2: the bzip2 data is truncated",
        "invalid xml": "dump.xml.bz2: invalid XML at line",
    }[problem]
    if problem == "missing":
        dump.unlink()
    elif problem == "not a dump":
        dump.write_bytes(b"a,b,c\n1,2,3\n")
    elif problem == "truncated":
        dump.write_bytes(dump.read_bytes()[:-2000])
    else:
        import bz2

        text = bz2.decompress(dump.read_bytes()).replace(b"<title>pomme</title>", b"<title>pomme</tit>", 1)
        dump.write_bytes(bz2.compress(text))
    result = run_cli("extract", dump, "--out", out, "--lang", "en", "-q")
    assert result.returncode == 1
    assert expected in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists()
    assert list(tmp_path.glob(".entries.parquet.*")) == []


def test_truncated_multistream_dump_fails_clearly(tmp_path: Path) -> None:
    dump, out = tmp_path / "d-multistream.xml.bz2", tmp_path / "e.parquet"
    write_dump(PAGES * 100, dump, lang="en", pages_per_stream=50)
    dump.write_bytes(dump.read_bytes()[:-300])
    result = run_cli("extract", dump, "--out", out, "-q", "--workers", "2")
    assert result.returncode == 1
    assert "d-multistream.xml.bz2" in result.stderr and "truncated" in result.stderr
    assert not out.exists()


def test_an_unparsable_page_is_skipped_counted_and_reported(tmp_path: Path, monkeypatch) -> None:
    def fragile(title: str, text: str, page_id: int = 0):
        if title == "apples":
            raise RecursionError("maximum recursion depth exceeded")
        return real.parse_page(title, text, page_id)

    real = EDITIONS["en"]
    monkeypatch.setitem(EDITIONS, "en", dataclasses.replace(real, parse_page=fragile))
    dump = tmp_path / "d.xml"
    write_dump(PAGES, dump, lang="en", compress=False, multistream=False)
    result = extract(dump, tmp_path / "e.parquet", workers=1)
    assert result.stats.skipped["unparsable wikitext"] == 1
    assert result.stats.problems == ["page 'apples' (id 3): RecursionError: maximum recursion depth exceeded"]
    assert result.stats.entries == 2


def test_a_malformed_page_is_skipped_not_fatal(tmp_path: Path) -> None:
    dump = tmp_path / "d.xml"
    write_dump(PAGES, dump, lang="en", compress=False, multistream=False)
    dump.write_text(dump.read_text().replace("<id>3</id>", "", 1))
    result = extract(dump, tmp_path / "e.parquet", workers=1)
    assert result.stats.skipped["malformed <page>"] == 1
    assert "without <id>" in result.stats.problems[0]
    assert result.stats.entries == 2


def test_output_bytes_do_not_depend_on_how_the_work_is_split(tmp_path: Path, monkeypatch) -> None:
    """Row groups over 1 MB of distinct text make the Parquet writer flush pages at chunk boundaries."""
    from wordlist_pipeline import extract as extract_module
    from wordlist_pipeline.dump.multistream import Multistream

    long_pages = [
        SourcePage(
            f"w{i}",
            f"==English==\n===Noun===\n{{{{en-noun}}}}\n# {' '.join(f'x{i}y{k}' for k in range(300))}\n",
        )
        for i in range(1200)
    ]
    dump = tmp_path / "d-multistream.xml.bz2"
    write_dump(long_pages, dump, lang="en", pages_per_stream=20)
    monkeypatch.setattr(extract_module, "ROW_GROUP_ROWS", 1000)
    outputs = []
    real_chunks = Multistream.chunks
    for target in (1, 30_000, 1 << 20):
        monkeypatch.setattr(
            Multistream, "chunks", lambda self, target=target, **kw: real_chunks(self, target_bytes=target)
        )
        out = tmp_path / f"out-{target}.parquet"
        extract(dump, out, workers=2)
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1] == outputs[2]


@pytest.mark.parametrize("page_id", [2**63, 2**64 + 5, -5])
def test_a_page_id_out_of_int64_range_is_a_malformed_page(tmp_path: Path, page_id: int) -> None:
    dump, out = tmp_path / "d.xml.bz2", tmp_path / "e.parquet"
    write_dump(
        [*PAGES, SourcePage("pear", PAGES[1].text.replace("apple", "pear"), page_id=page_id)], dump, lang="en"
    )
    result = run_cli("extract", dump, "--out", out, "-q", "-w", "1")
    assert result.returncode == 0, result.stderr
    assert re.search(r"skipped: malformed <page>\s+1\n", result.stdout)
    assert f"page 'pear': id {page_id} is out of range (0 to 2^63-1)" in result.stderr
    assert "pear" not in pl.read_parquet(out)["word"].to_list()


def test_extract_checks_its_paths_before_drawing_anything(tmp_path: Path) -> None:
    """A missing dump is one line: no empty progress bar first (stderr is a terminal here)."""
    import pty

    leader, follower = pty.openpty()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordlist_pipeline",
            "extract",
            tmp_path / "none.xml.bz2",
            "--out",
            tmp_path / "e",
        ],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        cwd=ROOT,
        timeout=120,
    )
    os.close(follower)
    seen = b""
    while True:
        try:
            block = os.read(leader, 1 << 16)
        except OSError:  # the terminal's other end is closed: all is read
            break
        if not block:
            break
        seen += block
    os.close(leader)
    text = seen.decode()
    assert done.returncode == 1
    assert "none.xml.bz2: no such file" in text
    assert "\x1b[?25l" not in text and "━" not in text  # no progress display was started


@pytest.mark.parametrize("field", ["namespace", "page_id"])
def test_a_number_too_long_to_read_is_a_malformed_page(tmp_path: Path, field: str) -> None:
    """<ns> or <id> of 5,000 digits (int() refuses more than 4,300): skipped, in the fast path too."""
    dump, out = tmp_path / "d-multistream.xml.bz2", tmp_path / "e.parquet"
    huge = SourcePage("pear", PAGES[1].text.replace("apple", "pear"))
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # to write the number; the extraction runs in a process of its own
    try:
        write_dump([*PAGES, dataclasses.replace(huge, **{field: int("7" * 5000)})], dump, lang="en")
    finally:
        sys.set_int_max_str_digits(limit)
    result = run_cli("extract", dump, "--out", out, "-q", "-w", "1")
    assert result.returncode == 0, result.stderr
    assert re.search(r"skipped: malformed <page>\s+1\n", result.stdout)
    assert "a number of more than 4,300 digits" in result.stderr
    assert pl.read_parquet(out)["word"].to_list() == ["apple", "apple", "apples"]


@pytest.mark.parametrize("anonymous_file", ["memfd", "temporary file"])
def test_decoding_a_range_keeps_nothing_of_it(monkeypatch, anonymous_file: str) -> None:
    """A worker lets go of every range of streams it decodes, and of the file it decodes it from.
    (indexed_bzip2 never releases a Python file object it reads: a BytesIO over each range kept
    the range, and a worker's memory grew by its share of the compressed dump.)"""
    from wordlist_pipeline.dump import multistream

    if anonymous_file == "temporary file":  # where there is no memfd_create
        monkeypatch.delattr(os, "memfd_create")
    streams = [bz2.compress(f"<page>{i}</page>".encode() * 50) for i in range(3)]
    whole = b"".join(streams)
    open_files = len(os.listdir("/proc/self/fd"))
    for data, decoded in [(whole, b"".join(map(bz2.decompress, streams))), (whole[:-20], None)]:
        held = sys.getrefcount(data)
        assert multistream.decompress_streams(data) == decoded
        assert sys.getrefcount(data) == held
    assert len(os.listdir("/proc/self/fd")) == open_files


def test_tags_a_dump_makes_up_do_not_grow_a_cache_without_bound(tmp_path: Path) -> None:
    """Every page with an element of its own name (read by lxml, each name cached): at most
    _MAX_LOCAL_NAMES are kept, and the pages read as they would without them."""
    from wordlist_pipeline.dump import pages as page_module

    many = [SourcePage(f"w{i}", PAGES[1].text.replace("apple", f"w{i}")) for i in range(1500)]
    dump = tmp_path / "d.xml"
    write_dump(many, dump, lang="en", compress=False, multistream=False)
    numbers = iter(range(len(many)))
    made_up = re.sub("<ns>0</ns>", lambda _: f"<ns>0</ns><made-up-{next(numbers)} />", dump.read_text())
    dump.write_text(made_up)
    result = extract(dump, tmp_path / "e.parquet", workers=1)
    assert result.stats.entries == 2 * len(many) and not result.stats.problems
    assert len(page_module._LOCAL_NAMES) <= page_module._MAX_LOCAL_NAMES
