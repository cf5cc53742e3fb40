"""The prefilter passes pages over without parsing them; its verdicts must be those of parsing all.

Each test extracts the same pages twice: from a multistream dump (ranges of streams are sorted by
the prefilter) and from a plain .xml dump (every page is parsed and built), and compares.
"""

from __future__ import annotations

import bz2
from collections import Counter
from pathlib import Path

import polars as pl
import pytest

from wordlist_pipeline.dump import open_multistream, pages_in_range
from wordlist_pipeline.dump.prefilter import OTHER_NAMESPACE, REDIRECT, WITHOUT_MARKER, Triage, triage
from wordlist_pipeline.dump.writer import (
    MultistreamWriter,
    SourcePage,
    header,
    numbered,
    page_xml,
    write_dump,
)
from wordlist_pipeline.extract import extract

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
