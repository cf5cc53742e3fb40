"""The dump reader: every format and schema, stream access, and clear errors for bad files."""

from __future__ import annotations

import bz2
import itertools
import random
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from tests.conftest import DE_SAMPLE, EN_SAMPLE
from wordlist_pipeline.build import build, dumps_by_language
from wordlist_pipeline.dump import (
    DumpHeader,
    DumpReader,
    dump_header,
    find_stream_offsets,
    multistream,
    open_multistream,
    pages_in_range,
    read_index,
)
from wordlist_pipeline.dump.limit import PageLimit, too_large
from wordlist_pipeline.dump.multistream import decompress_stream, default_index_path, pages_in_stream
from wordlist_pipeline.dump.reader import read_siteinfo
from wordlist_pipeline.dump.writer import SourcePage, header, numbered, page_xml, write_dump
from wordlist_pipeline.errors import DumpError

PAGES = [
    SourcePage("Wiktionary:About", "project page", namespace=4),
    SourcePage("apple", "==English==\n===Noun===\n{{en-noun}}\n# A fruit & a tree <b>."),
    SourcePage("grain of salt", "#REDIRECT [[with a grain of salt]]", redirect="with a grain of salt"),
    SourcePage("Template:en-noun", "template body", namespace=10),
    SourcePage("Bär", "== Bär ({{Sprache|Deutsch}}) ==\n", timestamp="2011-03-04T05:06:07Z"),
    *(SourcePage(f"word{i}", f"text {i}") for i in range(7)),
]


def pages_of(path: Path) -> list:
    with DumpReader(path) as reader:
        return list(reader)


@pytest.mark.parametrize(
    ("suffix", "options"),
    [
        (".xml", {"compress": False, "multistream": False}),
        (".xml.bz2", {"multistream": False}),
        ("-multistream.xml.bz2", {"pages_per_stream": 3}),
    ],
)
@pytest.mark.parametrize("schema", ["0.11", "0.10", "0.3"])
def test_reader_yields_every_page_with_its_fields(
    tmp_path: Path, suffix: str, options: dict, schema: str
) -> None:
    dump = tmp_path / f"dump{suffix}"
    write_dump(PAGES, dump, lang="en", schema=schema, **options)
    pages = pages_of(dump)
    assert [p.title for p in pages] == [
        "Wiktionary:About",
        "apple",
        "grain of salt",
        "Template:en-noun",
        "Bär",
        *(f"word{i}" for i in range(7)),
    ]
    by_title = {p.title: p for p in pages}
    # namespaces come from <ns>, or from the title prefix and <siteinfo> in the old schema
    assert by_title["Wiktionary:About"].namespace == 4
    assert by_title["Template:en-noun"].namespace == 10
    assert by_title["apple"].namespace == 0
    # redirects come from <redirect/>, or from the #REDIRECT text in the old schema
    assert by_title["grain of salt"].redirect == "with a grain of salt"
    assert by_title["apple"].redirect is None
    assert by_title["apple"].text.endswith("# A fruit & a tree <b>.")
    assert by_title["apple"].page_id == 2
    assert by_title["Bär"].timestamp == "2011-03-04T05:06:07Z"
    assert [p.title for p in pages if p.is_article] == ["apple", "Bär", *(f"word{i}" for i in range(7))]


def test_siteinfo_names_the_edition_and_schema(tmp_path: Path) -> None:
    dump = tmp_path / "d.xml"
    write_dump(PAGES[:2], dump, lang="de", schema="0.10", compress=False, multistream=False)
    with DumpReader(dump) as reader:
        list(reader)
        info = reader.siteinfo
    assert (info.edition, info.dbname, info.export_version) == ("de", "dewiktionary", "0.10")
    assert info.namespaces["Vorlage"] == 10


def test_multistream_streams_match_the_index_and_read_alone(tmp_path: Path) -> None:
    dump, index = tmp_path / "d-multistream.xml.bz2", tmp_path / "d-multistream-index.txt.bz2"
    write_dump(PAGES, dump, lang="en", pages_per_stream=5, index=index)
    offsets = find_stream_offsets(dump)
    assert read_index(index) == offsets[1:-1]  # the index lists page streams, not header or trailer
    multistream = open_multistream(dump, index)
    assert multistream is not None and multistream.siteinfo.dbname == "enwiktionary"
    # every stream can be read on its own at its offset
    data = dump.read_bytes()
    titles = []
    for start, end in itertools.pairwise(offsets[1:]):
        text = decompress_stream(data[start:end], "test")
        titles += [p.title for p in pages_in_stream(text, multistream.siteinfo, "test")]
    assert titles == [p.title for p in pages_of(dump)]
    # and the chunks used for parallel work cover every page exactly once, in order
    chunks = multistream.chunks(target_bytes=1, min_chunks=2)
    assert len(chunks) == 3
    assert [p.title for c in chunks for p in pages_in_range(dump, c, multistream.siteinfo)] == titles


def test_single_stream_bz2_is_not_taken_for_multistream(tmp_path: Path) -> None:
    dump = tmp_path / "d.xml.bz2"
    write_dump(PAGES, dump, lang="en", multistream=False)
    assert open_multistream(dump) is None


def test_parallel_compressor_output_is_not_a_multistream_dump(tmp_path: Path) -> None:
    """pbzip2-style files have many streams cut at arbitrary bytes, not after </siteinfo>."""
    plain = tmp_path / "d.xml"
    write_dump(PAGES, plain, lang="en", compress=False, multistream=False)
    data = plain.read_bytes()
    cut = len(data) // 3
    dump = tmp_path / "d.xml.bz2"
    dump.write_bytes(bz2.compress(data[:cut]) + bz2.compress(data[cut:]))
    assert open_multistream(dump) is None
    assert len(pages_of(dump)) == len(PAGES)


def test_a_page_without_title_is_skipped_and_described(tmp_path: Path) -> None:
    dump = tmp_path / "d.xml"
    write_dump(PAGES[:2], dump, lang="en", compress=False, multistream=False)
    text = dump.read_text().replace("<title>apple</title>", "")
    dump.write_text(text)
    with DumpReader(dump) as reader:
        titles = [p.title for p in reader]
        assert titles == ["Wiktionary:About"]
        assert len(reader.malformed) == 1 and "without <title>" in reader.malformed[0]
        assert str(dump) in reader.malformed[0]


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DumpError, match=r"nothere\.xml: no such file"):
        DumpReader(tmp_path / "nothere.xml")


def test_not_a_dump(tmp_path: Path) -> None:
    other = tmp_path / "notes.xml"
    other.write_text("<?xml version='1.0'?>\n<html><body>hi</body></html>")
    with pytest.raises(DumpError, match=r"notes\.xml: not a MediaWiki XML export \(it starts with <html>"):
        pages_of(other)


def test_truncated_bz2(tmp_path: Path) -> None:
    dump = tmp_path / "d.xml.bz2"
    write_dump(PAGES * 30, dump, lang="en", multistream=False)
    dump.write_bytes(dump.read_bytes()[: dump.stat().st_size // 2])
    with pytest.raises(DumpError, match=r"d\.xml\.bz2: the bzip2 data is truncated"):
        pages_of(dump)


def test_invalid_xml_in_the_middle(tmp_path: Path) -> None:
    dump = tmp_path / "d.xml"
    write_dump(PAGES, dump, lang="en", compress=False, multistream=False)
    dump.write_text(dump.read_text().replace("<title>word3</title>", "<title>word3</titel>"))
    with pytest.raises(DumpError, match=r"d\.xml: invalid XML at line \d+"):
        pages_of(dump)


def test_index_of_another_dump_is_refused(tmp_path: Path) -> None:
    dump, index = tmp_path / "a-multistream.xml.bz2", tmp_path / "a-multistream-index.txt.bz2"
    write_dump(PAGES, dump, lang="en", pages_per_stream=4, index=index)
    other = tmp_path / "b-multistream.xml.bz2"
    write_dump(PAGES[:3], other, lang="en", pages_per_stream=1)
    with pytest.raises(DumpError, match="is not the start of a bz2 stream"):
        open_multistream(other, index)


def test_an_index_is_read_fast_or_explained(tmp_path: Path) -> None:
    dump, index = tmp_path / "d-multistream.xml.bz2", tmp_path / "d-multistream-index.txt.bz2"
    write_dump(PAGES * 40, dump, lang="en", pages_per_stream=7, index=index)
    offsets = read_index(index)
    assert offsets == find_stream_offsets(dump)[1:-1] and len(offsets) > 10
    lines = bz2.decompress(index.read_bytes()).split(b"\n")
    plain = tmp_path / "plain-index.txt"
    plain.write_bytes(b"\n".join([*lines[:5], b"", *lines[5:]]))  # a blank line is allowed
    assert read_index(plain) == offsets
    plain.write_bytes(b"\n".join([*lines[:5], b"junk", *lines[5:]]))
    with pytest.raises(DumpError, match=r"plain-index\.txt: line 6 is not 'offset:page_id:title'"):
        read_index(plain)
    plain.write_bytes(b"\n".join([*lines[:30], lines[0], *lines[30:]]))
    with pytest.raises(DumpError, match=r"line 31: offsets go backwards"):
        read_index(plain)
    plain.write_bytes(b"\n".join([*lines[:5], b"0" * 21 + lines[5], *lines[6:]]))  # 21 digits and more
    with pytest.raises(
        DumpError, match=r"line 6: the offset has 2[0-9] digits \(a byte offset has at most 20\)"
    ):
        read_index(plain)
    index.write_bytes(index.read_bytes()[:-30])
    with pytest.raises(DumpError, match=r"d-multistream-index\.txt\.bz2: the bzip2 data is truncated"):
        read_index(index)


def test_a_large_index_is_read_whole(tmp_path: Path) -> None:
    """An index larger than the blocks it is read in (4 MiB), streams of 1 to 150 pages, titles
    with colons and digits: every stream once, in order, whichever block its lines fall in."""
    rng = random.Random(7)
    lines, expected, offset, page_id = [], [], 600, 1
    while len(lines) < 250_000:
        expected.append(offset)
        for _ in range(rng.randint(1, 150)):
            lines.append(f"{offset}:{page_id}:{rng.choice(['apple', '12:30', 'a:b:c', 'Ä ö'])}{page_id}")
            page_id += 1
        offset += rng.randint(1, 5000)
    plain = tmp_path / "large-index.txt"
    plain.write_text("\n".join(lines) + "\n")
    assert plain.stat().st_size > 5 << 20
    assert read_index(plain) == expected
    compressed = tmp_path / "large-index.txt.bz2"
    compressed.write_bytes(bz2.compress(plain.read_bytes()))
    assert read_index(compressed) == expected


# --- the page size cap (dump.limit): pages over it are cut out of the XML as it is read --------------


def xml_of(texts: list[str]) -> tuple[bytes, list[bytes], bytes]:
    """A dump's header, its pages' XML (one per text), and its closing tag."""
    pages = [
        page_xml(page, "en").encode()
        for page in numbered(SourcePage(f"w{i}", t) for i, t in enumerate(texts))
    ]
    return header("en").encode(), pages, b"</mediawiki>\n"


def without_large(pages: list[bytes], cap: int) -> bytes:
    """What the limit must pass on: each page over the cap cut from "<page" to "</page>"."""
    return b"".join(page if len(page.strip()) <= cap else page.replace(page.strip(), b"") for page in pages)


@settings(max_examples=200, deadline=None)
@given(
    lengths=st.lists(st.integers(0, 3000), max_size=6),
    cap=st.integers(400, 4000),
    cuts=st.lists(st.integers(1, 5000), max_size=12),
)
def test_the_limit_cuts_exactly_the_large_pages_however_the_xml_arrives(
    lengths: list[int], cap: int, cuts: list[int]
) -> None:
    head, pages, tail = xml_of(["x" * n for n in lengths])
    data = head + b"".join(pages) + tail
    chunks = [
        data[a:b] for a, b in itertools.pairwise([0, *sorted(c % (len(data) + 1) for c in cuts), len(data)])
    ]
    limit = PageLimit(cap, "test")
    assert b"".join(limit.pieces(chunks)) == head + without_large(pages, cap) + tail
    assert limit.dropped == sum(len(page.strip()) > cap for page in pages)
    closing = PageLimit(cap, "test")  # a multistream page stream, parsed inside a root of its own
    assert b"".join(closing.pieces(chunks, closing=b"</mediawiki>")) == head + without_large(pages, cap)


def test_a_large_page_is_dropped_as_it_is_read_and_its_bytes_are_never_held(tmp_path: Path) -> None:
    head, pages, tail = xml_of(["small", "HUGE", "after"])
    before, after = pages[1].split(b"HUGE")
    chunks = iter([head, pages[0], before, *(b"a" * 1000 for _ in range(10_000)), after, pages[2], tail])
    limit = PageLimit(64 << 10, "test")
    pieces = list(limit.pieces(chunks))
    assert max(map(len, pieces)) < 64 << 10 and limit.dropped == 1  # 10 MB read, nothing of it kept
    assert b"".join(pieces) == head + pages[0] + pages[1].replace(pages[1].strip(), b"") + pages[2] + tail


def test_more_than_the_cap_outside_any_page_is_no_dump(tmp_path: Path) -> None:
    head, pages, tail = xml_of(["one"])
    dump = tmp_path / "d.xml"
    dump.write_bytes(head + pages[0] + b"<!--" + b"x" * (2 << 20) + b"-->" + tail)
    with (
        DumpReader(dump, max_page_bytes=1 << 20) as reader,
        pytest.raises(DumpError, match=r"d\.xml: more than 1 MB of XML outside any <page>; not a dump"),
    ):
        list(reader)
    with DumpReader(dump, max_page_bytes=4 << 20) as reader:  # the cap bounds both
        assert [page.title for page in reader] == ["w0"]


@pytest.mark.parametrize("cap", [1, 200, 10_000])
def test_readers_count_what_they_skip(tmp_path: Path, cap: int) -> None:
    dump = tmp_path / "d.xml.bz2"
    write_dump(PAGES, dump, lang="en", multistream=False)
    large = {p.title for p in pages_of(dump) if len(page_xml(p, "en").strip()) > cap}
    with DumpReader(dump, max_page_bytes=cap) as reader:
        assert [p.title for p in reader] == [p.title for p in pages_of(dump) if p.title not in large]
        assert reader.too_large == len(large)
    stream = bz2.decompress(dump.read_bytes())
    stream = stream[stream.index(b"<page>") :]
    passed_over: Counter = Counter()
    read = pages_in_stream(stream, read_siteinfo(dump), "test", max_page_bytes=cap, passed_over=passed_over)
    titles = [p.title for p in read]
    assert titles == [p.title for p in pages_of(dump) if p.title not in large]
    assert passed_over == (Counter({too_large(cap): len(large)}) if large else Counter())


# What the XML tokenizer reads as characters though it holds tags: the limit must read it so too.
HIDING = {
    "cdata": (b"<![CDATA[", b"]]>"),
    "comment": (b"<!--", b"-->"),
    "instruction": (b"<?hidden ", b"?>"),
}
FAKE_TAGS = b"</page>\n  <page>"


def hidden(kind: str, inside: bytes) -> bytes:
    start, end = HIDING[kind]
    return start + inside + end


@settings(max_examples=300, deadline=None)
@given(
    texts=st.lists(
        st.tuples(st.integers(0, 2000), st.sampled_from([None, *HIDING]), st.integers(0, 4)), max_size=5
    ),
    between=st.lists(st.sampled_from(list(HIDING)), max_size=3),
    cap=st.integers(300, 3000),
    cuts=st.lists(st.integers(1, 20_000), max_size=12),
)
def test_tags_inside_comments_cdata_or_instructions_are_no_page_boundaries(
    texts: list[tuple[int, str | None, int]], between: list[str], cap: int, cuts: list[int]
) -> None:
    """A page's fake "</page><page>" hidden in markup: the limit measures the page the parser
    builds, however the bytes arrive (the review's 300 MB page in "8 MB pages" of CDATA)."""
    head, pages, tail = xml_of(["x" * n + "HIDE" for n, _, _ in texts])
    pages = [
        page.replace(b"HIDE", hidden(kind, (b"y" * 100 + FAKE_TAGS) * repeat) if kind else b"")
        for page, (_, kind, repeat) in zip(pages, texts, strict=True)
    ]
    for at, kind in enumerate(between):  # and between pages, where they are bytes outside any page
        pages[at:at] = [hidden(kind, b"<page>" + FAKE_TAGS)] if at < len(pages) else []
    data = head + b"".join(pages) + tail
    chunks = [
        data[a:b] for a, b in itertools.pairwise([0, *sorted(c % (len(data) + 1) for c in cuts), len(data)])
    ]
    limit = PageLimit(cap, "test")
    kept = b"".join(limit.pieces(chunks))
    real = [page for page in pages if page.lstrip().startswith(b"<page>")]
    assert kept == head + without_large(pages, cap) + tail
    assert limit.dropped == sum(len(page.strip()) > cap for page in real)
    parsed = [page.findtext("{*}title") for page in etree.fromstring(kept).iter("{*}page")]
    assert parsed == [f"w{i}" for i, page in enumerate(real) if len(page.strip()) <= cap]


@pytest.mark.parametrize("kind", list(HIDING))
def test_a_large_page_hidden_as_many_small_ones_is_dropped_as_it_is_read(kind: str) -> None:
    head, pages, tail = xml_of(["small", "HUGE", "after"])
    before, after = pages[1].split(b"HUGE")
    start, end = HIDING[kind]
    filler = (b"a" * 1000 + FAKE_TAGS for _ in range(10_000))  # 10 MB in "pages" of 1 KB
    chunks = iter([head, pages[0], before, start, *filler, end, after, pages[2], tail])
    limit = PageLimit(64 << 10, "test")
    pieces = list(limit.pieces(chunks))
    assert max(map(len, pieces)) < 64 << 10 and limit.dropped == 1
    assert b"".join(pieces) == head + pages[0] + pages[1].replace(pages[1].strip(), b"") + pages[2] + tail


def test_the_parser_reads_the_bytes_as_utf8_as_the_limit_does(tmp_path: Path) -> None:
    """In ISO-2022-JP, the bytes "</page><page>X" after ESC $ B are seven characters of text: a
    declaration naming it would make the parser's one page the limit's many. The parser reads
    UTF-8, in which ESC is no XML character."""
    head, pages, tail = xml_of(["HUGE"])
    head = b'<?xml version="1.0" encoding="ISO-2022-JP"?>\n' + head
    page = pages[0].replace(b"HUGE", b"\x1b$B" + b"</page><page>X" * 1000 + b"\x1b(B")
    dump = tmp_path / "d.xml"
    dump.write_bytes(head + page + tail)
    with DumpReader(dump, max_page_bytes=1000) as reader, pytest.raises(DumpError, match="invalid XML"):
        list(reader)
    utf8 = tmp_path / "utf8.xml"  # the same declaration on a dump of ASCII: read as before
    utf8.write_bytes(head + pages[0] + tail)
    assert [page.text for page in pages_of(utf8)] == ["HUGE"]


def counted(reads: Counter[str], name: str) -> Callable[..., object]:
    """multistream's `name` (a read of a dump's header), counting its calls in `reads`."""
    real = getattr(multistream, name)

    def read(*args: object) -> object:
        reads[name] += 1
        return real(*args)

    return read


def test_a_build_reads_each_dumps_header_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The dump's language, the build's plan and the extraction all need its header: one read."""
    reads: Counter[str] = Counter()
    for name in ("read_header_stream", "read_siteinfo"):  # the two ways a header is read
        monkeypatch.setattr(multistream, name, counted(reads, name))
    dump = Path(shutil.copy(EN_SAMPLE, tmp_path / EN_SAMPLE.name))  # a file this process never read
    shutil.copy(default_index_path(EN_SAMPLE), tmp_path)
    result = build(dumps_by_language([dump]), tmp_path / "out", profiles=["balda"], workers=1)
    assert result.extractions["en"].siteinfo == dump_header(dump).siteinfo and result.word_lists
    assert reads == {"read_header_stream": 1}
    plain = tmp_path / "plain.xml"  # not a multistream dump: read up to its first page
    write_dump(PAGES, plain, lang="en", compress=False, multistream=False)
    assert dump_header(plain) == dump_header(plain) == DumpHeader(read_siteinfo(plain), None)
    assert reads == {"read_header_stream": 1, "read_siteinfo": 1}


def test_a_dump_replaced_is_read_again(tmp_path: Path) -> None:
    dump = Path(shutil.copy(EN_SAMPLE, tmp_path / "dump.xml.bz2"))
    assert dump_header(dump).siteinfo.edition == "en" and dump_header(dump).page_streams is not None
    shutil.copy(DE_SAMPLE, dump)  # another size, another modification time
    assert dump_header(dump).siteinfo.edition == "de"
