"""The prefilter passes pages over without parsing them; its verdicts must be those of parsing all.

Each test extracts the same pages twice: from a multistream dump (ranges of streams are sorted by
the prefilter) and from a plain .xml dump (every page is parsed and built), and compares.
"""

from __future__ import annotations

import bz2
import re
from collections import Counter
from pathlib import Path

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from wordlist_pipeline.dump import open_multistream, pages_in_range
from wordlist_pipeline.dump.limit import PageLimit, too_large
from wordlist_pipeline.dump.multistream import _page_run, decompress_streams, read_range
from wordlist_pipeline.dump.pages import SiteInfo, page_from_element
from wordlist_pipeline.dump.prefilter import (
    _USUAL_PAGE,
    OTHER_NAMESPACE,
    REDIRECT,
    WITHOUT_MARKER,
    Triage,
    read_candidates,
    triage,
)
from wordlist_pipeline.dump.writer import (
    MultistreamWriter,
    SourcePage,
    header,
    numbered,
    page_xml,
    write_dump,
)
from wordlist_pipeline.extract import extract

from .conftest import SAMPLE_DIR, SHARED

REAL_MULTISTREAM = SHARED / "en" / "enwiktionary-20150224-300pages-multistream.xml.bz2"

ENGLISH_NOUN = "==English==\n===Noun===\n{{en-noun}}\n# A [[fruit]].\n"
FRENCH_NOUN = "==French==\n===Noun===\n{{fr-noun|f}}\n# [[apple]]\n"

TRICKY_PAGES = [
    SourcePage("apple", ENGLISH_NOUN),
    SourcePage("pomme", FRENCH_NOUN),
    SourcePage("Sandbox", ENGLISH_NOUN, namespace=4),  # the marker outside the main namespace
    SourcePage("aple", "#REDIRECT [[apple]]", redirect="apple"),
    SourcePage("appel", "#REDIRECT [[apple]]"),  # a text redirect: no <redirect/> element
    SourcePage("appl", "\n  #redirect [[apple]]"),  # ... after blank lines and spaces
    SourcePage("aplle", "\u00a0#REDIRECT [[apple]]"),  # ... after a no-break space
    SourcePage("data", '{"English": false}', model="json"),  # another content model
    SourcePage("data2", "{}", model="json"),
    SourcePage("empty", ""),
    SourcePage("English", FRENCH_NOUN),  # the marker in the title only
    SourcePage("pear", "==English==\n===Noun===\n{{en-noun}}\n# A [[fruit]]; the &amp; sign <b>x</b>.\n"),
    SourcePage("hash", "# not a redirect\n" + FRENCH_NOUN),
]


def extract_both(pages: list[SourcePage], tmp_path: Path, lang: str = "en") -> tuple:
    multistream, plain = tmp_path / "m-multistream.xml.bz2", tmp_path / "p.xml"
    write_dump(pages, multistream, lang=lang, pages_per_stream=4)
    write_dump(pages, plain, lang=lang, compress=False, multistream=False)
    fast = extract(multistream, tmp_path / "fast.parquet", workers=1)
    full = extract(plain, tmp_path / "full.parquet", workers=1)
    assert fast.multistream and not full.multistream
    return fast, full, pl.read_parquet(fast.output), pl.read_parquet(full.output)


def test_verdicts_and_entries_match_parsing_every_page(tmp_path: Path) -> None:
    fast, full, fast_rows, full_rows = extract_both(TRICKY_PAGES, tmp_path)
    assert fast.stats.to_dict() == full.stats.to_dict()
    assert fast_rows.equals(full_rows)
    assert fast_rows["word"].to_list() == ["apple", "pear"]
    assert fast.stats.skipped == Counter(
        {"no English section": 4, "redirect": 4, "not in the main namespace": 1, "content model json": 2}
    )


def test_german_pages_match_too(tmp_path: Path) -> None:
    pages = [
        SourcePage(
            "Apfel",
            "== Apfel ({{Sprache|Deutsch}}) ==\n=== {{Wortart|Substantiv|Deutsch}} ===\n"
            "{{Bedeutungen}}\n:[1] eine [[Frucht]]\n",
        ),
        SourcePage("Apfl", "#WEITERLEITUNG [[Apfel]]"),
        SourcePage("apple", ENGLISH_NOUN),
        SourcePage("Vorlage:Deutsch", "Deutsch", namespace=10),
    ]
    fast, full, fast_rows, full_rows = extract_both(pages, tmp_path, lang="de")
    assert fast.stats.to_dict() == full.stats.to_dict()
    assert fast_rows.equals(full_rows)
    assert fast_rows["word"].to_list() == ["Apfel"]
    assert fast.stats.skipped == Counter(
        {"redirect": 1, "no German section": 1, "not in the main namespace": 1}
    )


def _one_stream_dump(tmp_path: Path, xml: str) -> Path:
    path = tmp_path / "x-multistream.xml.bz2"
    with MultistreamWriter(path, lang="en", header_xml=header("en")) as writer:
        writer.add_compressed(bz2.compress(xml.encode()), [(1, "x")])
    return path


@pytest.mark.parametrize(
    ("change", "skipped"),
    [
        (("==English==", "==&#69;nglish=="), {"no English section": 1}),  # a reference hides the marker
        (("<ns>0</ns>", "<ns>0</ns><!-- <ns>4</ns> -->"), {"no English section": 1}),
        (("{{en-noun}}", "<![CDATA[{{en-noun}}]]>"), {"no English section": 1}),
        # a <redirect/> that does not follow the id
        (
            ("<id>2</id>", '<id>2</id><restrictions>move=sysop</restrictions><redirect title="apple" />'),
            {"redirect": 1},
        ),
    ],
)
def test_unusual_markup_is_left_to_the_full_path(
    tmp_path: Path, change: tuple[str, str], skipped: dict
) -> None:
    pages = list(numbered([SourcePage("apple", ENGLISH_NOUN), SourcePage("pomme", FRENCH_NOUN)]))
    body = "".join(page_xml(page, "en") for page in pages)
    assert change[0] in body
    dump = _one_stream_dump(tmp_path, body.replace(*change, 1))
    result = extract(dump, tmp_path / "e.parquet", workers=1)
    assert pl.read_parquet(result.output)["word"].to_list() == ["apple"]
    assert result.stats.skipped == Counter(skipped)


def test_triage_counts_and_keeps_candidates_in_dump_order() -> None:
    pages = list(numbered(TRICKY_PAGES))
    body = "".join(page_xml(page, "en") for page in pages).encode()
    sorted_pages = triage(body.strip(), "English")
    assert sorted_pages is not None
    kept = [p.title for p in pages if f"<title>{p.title}</title>".encode() in sorted_pages.candidates]
    # articles with the marker, and those only parsing can judge: text redirects, other models
    assert kept == ["apple", "appel", "appl", "aplle", "data", "data2", "English", "pear", "hash"]
    assert sorted_pages.passed_over == Counter({WITHOUT_MARKER: 2, REDIRECT: 1, OTHER_NAMESPACE: 1})


def test_triage_declines_what_it_cannot_read() -> None:
    page = page_xml(next(numbered([SourcePage("apple", ENGLISH_NOUN)])), "en").encode().strip()
    assert triage(page, "English") is not None
    assert triage(b"<page><title>x</title></page>", "English") is None  # no <ns>, no <id>
    assert triage(b"garbage" + page, "English") is None
    assert triage(page.replace(b"<ns>0</ns>", b"<ns>main</ns>"), "English") is None
    assert triage(page + b"\n<!-- a comment -->", "English") is None
    assert triage(page.replace(b"English", b"&#69;nglish"), "English") is None
    # a <page> with attributes is no page to the scan: it must not be taken for part of the one before
    sandbox = (
        page_xml(next(numbered([SourcePage("Sandbox", FRENCH_NOUN, namespace=4)])), "en").encode().strip()
    )
    assert triage(sandbox + page.replace(b"<page>", b'<page lang="en">'), "English") is None
    assert triage(sandbox + page, "English") == Triage(page, Counter({OTHER_NAMESPACE: 1}))


def test_pages_in_range_reports_what_was_passed_over(tmp_path: Path) -> None:
    dump = tmp_path / "d-multistream.xml.bz2"
    write_dump(TRICKY_PAGES, dump, lang="en", pages_per_stream=3)
    multistream = open_multistream(dump)
    passed_over: Counter = Counter()
    titles = [
        page.title
        for chunk in multistream.chunks(target_bytes=1)
        for page in pages_in_range(
            dump, chunk, multistream.siteinfo, marker="English", passed_over=passed_over
        )
    ]
    assert titles == ["apple", "appel", "appl", "aplle", "data", "data2", "English", "pear", "hash"]
    assert passed_over == Counter({WITHOUT_MARKER: 2, REDIRECT: 1, OTHER_NAMESPACE: 1})


@pytest.mark.parametrize("decoder", ["indexed_bzip2", "libbz2"])
def test_a_range_of_streams_decompresses_in_one_piece(tmp_path: Path, monkeypatch, decoder: str) -> None:
    from wordlist_pipeline.dump import multistream

    if decoder == "libbz2":
        monkeypatch.setattr(multistream, "_indexed_bzip2", None)
    streams = [bz2.compress(f"<page>{i}</page>".encode() * 50) for i in range(3)]
    assert multistream.decompress_streams(b"".join(streams)) == b"".join(map(bz2.decompress, streams))
    assert multistream.decompress_streams(b"".join(streams)[:-20]) is None  # truncated
    corrupt = bytearray(b"".join(streams))
    corrupt[len(streams[0]) + 30] ^= 0xFF
    assert multistream.decompress_streams(bytes(corrupt)) is None


def test_triage_passes_over_a_page_larger_than_the_cap_as_the_reader_would() -> None:
    """Sizes from "<page" to "</page>", as dump.limit measures them: a page of exactly the cap is
    kept, one byte more is passed over, whatever the page is (in another namespace too)."""
    long_noun = ENGLISH_NOUN + "\n# A longer definition." * 20
    pages = [SourcePage("apple", ENGLISH_NOUN), SourcePage("Talk:x", "chat", namespace=1),
             SourcePage("pear", long_noun)]  # fmt: skip
    xml = [page_xml(page, "en").encode() for page in numbered(pages)]
    body = b"".join(xml).strip()
    apple, talk, pear = (len(page.strip()) for page in xml)
    assert talk < apple < pear
    assert triage(body, "English", pear) == triage(body, "English")
    assert triage(body, "English", pear - 1) == Triage(
        body[: body.index(b"<page>", 1)], Counter({too_large(pear - 1): 1, OTHER_NAMESPACE: 1})
    )
    assert triage(body, "English", talk - 1) == Triage(b"", Counter({too_large(talk - 1): 3}))
    for cap in (talk - 1, talk, apple, pear - 1, pear):  # the reader's limit drops the same pages
        limit = PageLimit(cap, "test")
        b"".join(limit.pieces([body]))
        assert limit.dropped == triage(body, "English", cap).passed_over[too_large(cap)], cap


def test_a_range_that_decompresses_past_the_limit_takes_the_slow_path(tmp_path: Path, monkeypatch) -> None:
    from wordlist_pipeline.dump import multistream

    streams = [bz2.compress(f"<page>{i}</page>".encode() * 50) for i in range(3)]
    whole = b"".join(map(bz2.decompress, streams))
    for decoder in ("indexed_bzip2", "libbz2"):
        if decoder == "libbz2":
            monkeypatch.setattr(multistream, "_indexed_bzip2", None)
        assert multistream.decompress_streams(b"".join(streams), len(whole)) == whole
        assert multistream.decompress_streams(b"".join(streams), len(whole) - 1) is None
        assert multistream.decompress_streams(streams[0], 10) is None


# Reading the candidates off their markup (read_candidates) instead of parsing them as XML: the
# same fields as page_from_element reads from the tree, or None, and never fields for markup that
# is not XML.
def _fields_by_xml(candidates: bytes) -> list[tuple] | None:
    """What the XML path reads from `candidates`: None if it is not XML."""
    try:
        root = etree.fromstring(
            b"<mediawiki>" + candidates + b"</mediawiki>", etree.XMLParser(huge_tree=True)
        )
    except etree.XMLSyntaxError:
        return None
    pages = []
    for element in root:
        try:
            page = page_from_element(element, SiteInfo())
        except ValueError:
            return None
        pages.append((page.title, page.namespace, page.page_id, page.timestamp, page.text, page.model))
    return pages


def _candidates(pages: list[SourcePage]) -> bytes:
    """The markup of `pages` as triage gives it (pages with a <redirect/> it passes over)."""
    return "".join(page_xml(page, "en") for page in numbered(pages) if page.redirect is None).strip().encode()


def test_the_candidates_are_read_as_the_xml_parser_reads_them() -> None:
    candidates = _candidates(TRICKY_PAGES)
    fields = read_candidates(candidates)
    assert fields is not None and fields == _fields_by_xml(candidates)
    by_title = {title: (text, model) for title, _, _, _, text, model in fields}
    assert by_title["pear"][0].endswith("the &amp; sign <b>x</b>.\n")  # its markup was escaped once more
    assert by_title["data"] == ('{"English": false}', "json")
    assert by_title["empty"] == ("", "wikitext")


@pytest.mark.parametrize(
    ("change", "read"),
    [
        # shapes the XML parser reads like the usual one: read the same way
        (("<timestamp>2024-06-01T12:00:00Z</timestamp>", "<timestamp></timestamp>"), True),  # None
        (('<text bytes="', '<text  xml:lang="en" bytes="'), True),
        (("</title>", "</title  >"), True),
        (("<title>apple</title>", "<title>a &lt;&amp;&gt; b</title>"), True),
        (("<format>text/x-wiki</format>", "<minor />"), True),
        (("<format>text/x-wiki</format>", "<format>a<b/>c</format>"), True),
        # variants of MediaWiki's own shape, read whole by one match (and the next page too)
        (('<text bytes="50" xml:space="preserve">', '<text xml:space="preserve">'), True),
        (('<text bytes="50" ', '<text bytes="50" sha1="157qygq8voncpgvva4h2wiybkiqzvos" '), True),
        (("<parentid>14</parentid>", ""), True),
        (("<username>SampleWriter</username>\n        <id>4242</id>", "<ip>192.0.2.1</ip>"), True),
        (("<origin>17</origin>", "<minor />"), True),
        (
            (
                "<comment>sample entry, written for the wordlist project</comment>",
                '<comment deleted="deleted" />',
            ),
            True,
        ),
        (("<contributor>", '<contributor deleted="deleted" /><contributor>'), True),
        (("<revision>", "<restrictions>edit=autoconfirmed:move=sysop</restrictions><revision>"), True),
        (("<sha1>157qygq8voncpgvva4h2wiybkiqzvos</sha1>", ""), True),
        (("<ns>0</ns>", "<ns>000</ns>"), True),
        (("<title>apple</title>", "<title>&quot;a&apos; &gt; b&amp;amp;</title>"), True),
        (("<model>wikitext</model>", "<model>x &lt; y</model>"), True),
        (("==English==", "==English== &lt;ref&gt;&amp;&quot;&apos;&lt;/ref&gt;"), True),
        (("  <page>", "<page>"), True),
        (("</page>", "</page>\n\n\t "), True),
        # the same elements in another order or with other attributes: walked, read the same
        (("<ns>0</ns>\n    <id>1</id>", "<id>1</id>\n    <ns>0</ns>"), True),
        (("<revision>", '<revision xml:lang="en">'), True),
        (("<id>17</id>", "<id>17</id><id>18</id>"), True),
        # what is not XML: never read
        (("</title>", "</titl>"), False),
        (("</text>", "</txt>"), False),
        (("<ns>0</ns>", "<ns>0</ns></ns>"), False),
        (("==English==", "==English== <"), False),
        (("</ns>", ""), False),
        (("{{en-noun}}", "{{en-noun}} &nbsp;"), False),
        (("{{en-noun}}", "{{en-noun}}\r\n"), None),  # the parser reads "\r\n" as "\n"
        (("{{en-noun}}", "{{en-noun}}\x01"), False),
        (("{{en-noun}}", "]]>"), False),
        (('xml:space="preserve"', 'xml:space="preserve" bytes="3"'), False),  # a repeated attribute
        (('xml:space="preserve"', 'foo:space="preserve"'), False),  # an undeclared prefix
        (("</page>", "</page>\ntext between pages"), None),
        (("</page>", "</page><foo/>"), False),  # the XML path refuses it as a page
        # XML of another shape: left to the XML parser
        (("<title>apple</title>", "<title/>"), None),
        (("<timestamp>2024-06-01T12:00:00Z</timestamp>", "<timestamp/>"), None),
        (("</revision>", "</revision><revision><text>x</text></revision>"), True),
    ],
)
def test_markup_of_other_shapes_is_read_the_same_or_left_to_the_xml_parser(
    change: tuple[str, str], read: bool | None
) -> None:
    candidates = _candidates([SourcePage("apple", ENGLISH_NOUN), SourcePage("pomme", FRENCH_NOUN)])
    changed = candidates.decode().replace(*change, 1).encode()
    assert changed != candidates
    fields, by_xml = read_candidates(changed), _fields_by_xml(changed)
    if read:
        assert fields is not None and fields == by_xml
    else:
        assert fields is None
        assert (by_xml is None) == (read is False)


DAMAGE = [b"", b"<", b">", b"/", b"&", b'"', b"=", b" ", b"<a>", b"</a>", b"<a/>", b"</page>", b"<page>"]
DAMAGE += [b"&amp;", b"\xc3", b"\x00", b"x", b"<!--"]


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_random_damage_is_never_read_as_other_pages(data: st.DataObject) -> None:
    """Whatever bytes are cut, doubled or put in: read_candidates reads what the XML parser
    reads, or leaves the markup to it."""
    candidates = _candidates(TRICKY_PAGES[:4])
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(candidates)))
        cut = data.draw(st.integers(0, 12))
        put = data.draw(st.sampled_from(DAMAGE))
        candidates = candidates[:at] + put + candidates[at + cut :]
    fields = read_candidates(candidates)
    if fields is not None:
        assert fields == _fields_by_xml(candidates)


def test_every_range_of_the_sample_dumps_is_read_as_the_xml_parser_reads_it() -> None:
    for name, marker in [("enwiktionary", "English"), ("dewiktionary", "Deutsch")]:
        _assert_ranges_read_alike(SAMPLE_DIR / f"{name}-sample-pages-articles-multistream.xml.bz2", marker)


@pytest.mark.realdata
def test_a_real_dump_is_read_without_the_xml_parser() -> None:
    """The 2015 English multistream dump: MediaWiki's own markup takes the fast path, every range."""
    assert _assert_ranges_read_alike(REAL_MULTISTREAM, "English") == (2, 267)


@pytest.mark.realdata
@pytest.mark.parametrize(
    ("dump", "pages"),
    [
        ("en/enwiktionary-20150224-300pages-multistream.xml.bz2", 295),
        ("en/enwiktionary-2018-head-1394pages.xml.bz2", 1379),
        ("de/dewiktionary-20191020-8pages.xml", 8),
    ],
)
def test_mediawikis_own_pages_are_read_by_one_match(dump: str, pages: int) -> None:
    """Every page of these real dumps but the redirects (which triage passes over) has the shape
    read_candidates reads by one match, not tag by tag: a fault in that pattern would only make the
    build slower, which no other test sees. (Older dumps, without <ns> or <model>, are walked.)"""
    path = SHARED / dump
    markup = (bz2.decompress(path.read_bytes()) if path.suffix == ".bz2" else path.read_bytes()).decode()
    elements = [markup[m.start() : m.end()] for m in re.finditer(r"<page>.*?</page>\s*", markup, re.S)]
    redirects = [page for page in elements if "<redirect" in page]
    read_whole = [page for page in elements if _USUAL_PAGE.fullmatch(page)]
    assert len(read_whole) == len(elements) - len(redirects) == pages
    candidates = "".join(read_whole).encode()
    fields = read_candidates(candidates)
    assert fields is not None and fields == _fields_by_xml(candidates)


def _assert_ranges_read_alike(dump: Path, marker: str) -> tuple[int, int]:
    """(ranges read without the XML parser, their pages), each range compared with the XML path."""
    stream = open_multistream(dump)
    assert stream is not None
    ranges = pages = 0
    for chunk in stream.chunks(target_bytes=1 << 18, min_chunks=3):
        body = _page_run(decompress_streams(read_range(dump, chunk)) or b"")
        if not body:  # the stream that closes the dump
            continue
        sorted_pages = triage(body, marker)
        assert sorted_pages is not None
        fields = read_candidates(sorted_pages.candidates)
        if fields is not None:
            assert fields == _fields_by_xml(sorted_pages.candidates)
            ranges, pages = ranges + 1, pages + len(fields)
    assert ranges
    return ranges, pages
