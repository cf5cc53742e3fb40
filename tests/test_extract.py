"""`wordlist extract` end to end: output rows, summary, parallel = serial, determinism, bad input."""

from __future__ import annotations

import bz2
import dataclasses
import json
import multiprocessing
import os
import re
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import polars as pl
import pytest

from tests.conftest import EN_SAMPLE, ROOT, run_cli
from wordlist_pipeline.dump.multistream import find_stream_offsets
from wordlist_pipeline.dump.writer import SourcePage, page_xml, write_dump
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


# --- the page size cap: a page larger than it is skipped while it is read, and counted -----------------

HUGE_ID = 999
CAP = 1 << 20


# How a page can be made to look like many small ones to a reader that does not read XML as XML:
# fake page tags in text the tokenizer reads as characters (the review's shapes).
HIDING = {"cdata": (b"<![CDATA[", b"]]>"), "comment": (b"<!--", b"-->"), "instruction": (b"<?x ", b"?>")}
FAKE_TAGS = b"</page><page>"


def huge_page_parts(size: int, hide: str | None = None) -> Iterator[bytes]:
    """The XML of an English noun page whose wikitext is `size` bytes, most of them one letter;
    with `hide`, they are in one markup of HIDING, with fake page tags every 512 KB."""
    xml = page_xml(SourcePage("huge", "==English==\n===Noun===\n# HUGE", page_id=HUGE_ID), "en")
    before, after = xml.encode().split(b"HUGE")
    start, end = HIDING[hide] if hide else (b"", b"")
    filler = b"a" * (1 << 20) if hide is None else 2 * (b"a" * ((1 << 19) - len(FAKE_TAGS)) + FAKE_TAGS)
    yield before + start
    for done in range(0, size, 1 << 20):
        yield filler[: size - done]
    yield end + after


def compressed(parts: Iterable[bytes]) -> bytes:
    compressor = bz2.BZ2Compressor()
    return b"".join([*(compressor.compress(part) for part in parts), compressor.flush()])


def dump_with_a_huge_page(folder: Path, kind: str, page: int, hide: str | None = None) -> tuple[Path, Path]:
    """A dump of PAGES as `kind` (plain, bz2, multistream, multistream-index: with the index of
    its streams) with a page of `page` bytes of wikitext after its first page, and the same dump
    without it."""
    name = {"plain": "d.xml", "bz2": "d.xml.bz2"}.get(kind, "d-multistream.xml.bz2")
    without, dump = folder / f"without-{name}", folder / name
    multistream = kind.startswith("multistream")
    write_dump(PAGES, without, lang="en", compress=kind != "plain", multistream=multistream,
               pages_per_stream=1)  # fmt: skip
    data = without.read_bytes()
    if multistream:  # a stream of its own, after the header's and the first page's
        at = find_stream_offsets(without)[2]
        dump.write_bytes(data[:at] + compressed(huge_page_parts(page, hide)) + data[at:])
        if kind == "multistream-index":
            index = "".join(
                f"{offset}:{n}:page {n}\n" for n, offset in enumerate(find_stream_offsets(dump)[1:])
            )
            (folder / "d-multistream-index.txt.bz2").write_bytes(bz2.compress(index.encode()))
        return dump, without
    xml = data if kind == "plain" else bz2.decompress(data)
    at = xml.index(b"<page>", xml.index(b"<page>") + 1) - 2
    parts = [xml[:at], *huge_page_parts(page, hide), xml[at:]]
    dump.write_bytes(b"".join(parts) if kind == "plain" else compressed(parts))
    return dump, without


@pytest.mark.parametrize("kind", ["plain", "bz2", "multistream"])
def test_a_page_over_the_cap_is_skipped_and_counted(tmp_path: Path, kind: str) -> None:
    """3 MB of wikitext against a 1 MB cap: skipped whatever path reads it (the multistream range
    is sorted in one piece), the other pages extracted as if it was not there."""
    dump, without = dump_with_a_huge_page(tmp_path, kind, 3 * CAP)
    result = extract(dump, tmp_path / "e.parquet", lang="en", workers=1, max_page_bytes=CAP)
    alone = extract(without, tmp_path / "alone.parquet", lang="en", workers=1, max_page_bytes=CAP)
    assert result.stats.skipped["page larger than 1 MB"] == 1
    assert result.stats.pages == alone.stats.pages + 1 and result.stats.entries == alone.stats.entries == 3
    assert (tmp_path / "e.parquet").read_bytes() == (tmp_path / "alone.parquet").read_bytes()
    # with a cap above it, the page is read as any other
    extract(dump, tmp_path / "all.parquet", lang="en", workers=2, max_page_bytes=4 * CAP)
    assert HUGE_ID in pl.read_parquet(tmp_path / "all.parquet")["page_id"].to_list()


# VmHWM, the peak of this process's memory since it started this program: ru_maxrss would also
# count the parent's (pytest's) peak, which a child started by fork and exec inherits on Linux.
MEASURE = """
import re, sys
from pathlib import Path
from wordlist_pipeline.extract import extract
result = extract(sys.argv[1], sys.argv[2], lang="en", workers=1, max_page_bytes=int(sys.argv[3]))
peak = re.search(r"VmHWM:\\s+(\\d+) kB", Path("/proc/self/status").read_text()).group(1)
print(int(peak) >> 10, result.stats.skipped.get("page larger than 1 MB", 0))
"""


def peak_megabytes(dump: Path, out: Path) -> tuple[int, int]:
    """(peak RSS in MB, pages skipped as too large) of extracting `dump` in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(dump), str(out), str(CAP)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    peak, skipped = done.stdout.split()
    return int(peak), int(skipped)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmHWM in /proc (Linux)")
@pytest.mark.parametrize(
    ("kind", "hide", "megabytes"),
    [
        ("bz2", None, 192),
        ("multistream", None, 192),
        *((kind, hide, 64) for kind in ("bz2", "multistream-index") for hide in HIDING),
    ],
)
def test_a_page_of_hundreds_of_megabytes_in_kilobytes_of_bz2_costs_memory_of_the_cap(
    tmp_path: Path, kind: str, hide: str | None, megabytes: int
) -> None:
    """The issue's bomb, smaller: 192 MB of one letter in a few hundred bytes of bz2, or 64 MB
    in CDATA, a comment or a processing instruction with a fake "</page><page>" every 512 KB
    (the review's shapes, which looked like pages of 512 KB to the cap). Memory grows by the order
    of the cap (and the 16 MB a multistream range may take whole), not of the page."""
    dump, without = dump_with_a_huge_page(tmp_path, kind, megabytes << 20, hide)
    assert dump.stat().st_size - without.stat().st_size < 4096
    peak, skipped = peak_megabytes(dump, tmp_path / "e.parquet")
    baseline, _ = peak_megabytes(without, tmp_path / "alone.parquet")
    assert skipped == 1 and peak - baseline < 48, (peak, baseline)
    assert (tmp_path / "e.parquet").read_bytes() == (tmp_path / "alone.parquet").read_bytes()


def test_the_cap_is_an_option_and_a_setting_and_the_summary_counts_it(tmp_path: Path) -> None:
    dump, _ = dump_with_a_huge_page(tmp_path, "bz2", 3 * CAP)
    command = [sys.executable, "-m", "wordlist_pipeline", "extract", str(dump), "-q", "-w", "1"]
    environment = {**os.environ, "COLUMNS": "100"}
    environment.pop("WORDLIST_MAX_PAGE_SIZE", None)
    for extra, setting in (
        (["--max-page-size", "1MB"], None),
        ([], "1M"),
        (["--max-page-size", "1024KB"], "64MB"),  # the option wins
    ):
        env = environment if setting is None else {**environment, "WORDLIST_MAX_PAGE_SIZE": setting}
        done = subprocess.run(
            [*command, *extra], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300
        )
        assert done.returncode == 0, done.stderr
        assert re.search(r"^skipped: page larger than 1 MB +1$", done.stdout, re.MULTILINE), done.stdout
    done = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, env=environment, timeout=300)
    assert "page larger" not in done.stdout  # 3 MB: under the default, 8 MB
    done = subprocess.run(
        [*command, "--max-page-size", "0"], capture_output=True, text=True, cwd=tmp_path, timeout=300
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--max-page-size" in done.stderr
    build = [sys.executable, "-m", "wordlist_pipeline", "build", "--dump", str(dump), "--out", "out", "-q"]
    done = subprocess.run(
        [*build, "--max-page-size", "1MB"], capture_output=True, text=True, cwd=tmp_path, timeout=300
    )
    assert done.returncode == 0 and re.search(
        r"^skipped: page larger than 1 MB +1$", done.stdout, re.MULTILINE
    )
    source = json.loads((tmp_path / "out" / "en" / "source.json").read_text())
    assert source["extraction"]["pages_skipped"]["page larger than 1 MB"] == 1


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
