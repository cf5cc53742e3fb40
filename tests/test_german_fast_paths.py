"""The German parser's fast paths give exactly what the full parse gives.

The parser reads its commonest lines (plain senses, labelled senses, simple feature lines,
{{Grundformverweis}} lines, subsection markers) without the wikitext tokenizer. Each fast path is
checked here against the full path on every line of the real German pages, on the synthetic
dumps' lines, and on random lines mixing the markup that could break them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from tests.conftest import SHARED, real_pages
from wordlist_pipeline.editions.de import parser as P
from wordlist_pipeline.editions.de import tables as T
from wordlist_pipeline.editions.de.synth import GermanPages
from wordlist_pipeline.wikitext import TITLE_TEMPLATES, Renderer, template_key

# Pieces a definition line is made of, the markup that a fast path must recognise or refuse among
# them: labels, italics, links of every shape, quotes, colons, entities, tags, rules, URLs.
FRAGMENTS = [
    "{{K|ugs.}}", "{{K|landsch.}}", "{{K|ugs.|abw.|t1=_}}", "{{K|Bergbau|österr.|ft=selten}}",
    "{{va.|:}}", "{{ugs.}}", "{{ugs.|:}}", "{{geh.|:}}", "{{trans.}}", "{{PAGENAME}}", "{{pagename}}",
    "{{Ü|en|house}}", "{{L|Haus|Häuser}}", "{{unbekannt|x}}", "{{ K |ugs.}}", "{{K|}}", "{{|x}}",
    "{{K|{{ugs.}}}}", "{{{1}}}", "''", "'''", "''''", "'", "''[[Zoologie]]:''", "''Zoologie:''",
    "''[[Biologie]], fachsprachlich:''", "''ohne Plural''", "''{{ugs.}}:''", "''x'' :", "''a''''b''",
    "[[Haus]]", "[[ Haus ]]", "[[Haus|Häuser]]", "[[#Haus|Haus]]", "[[w:Haus]]", "[[Datei:x.jpg]]",
    "[[de:Haus]]", "[[", "]]", "[x]", "[[Haus]]en", "Wort", "zwei Wörter", " ", "  ", ":", "::", ";",
    ",", ".", "(", ")", "-", "----", "„Zitat“", "&amp;", "&nbsp;", "<ref>{{Lit|x}}</ref>", "<br />",
    "<sup>2</sup>", "http://example.org", "[http://example.org Seite]", "geo:1,2", "mailto:a@b.de",
    "=", "==", "*", "#", "~~~~", "__NOTOC__", "|", "{{", "}}", "{", "}", "<!-- x -->", "\t", "ß",
]  # fmt: skip


def random_lines(count: int, seed: int = 7) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(FRAGMENTS) for _ in range(rng.randint(1, 8)))


def synthetic_lines(pages: int = 600) -> Iterator[str]:
    factory = GermanPages("de", 3)
    kinds = list(factory.MIX)
    for number in range(pages):
        kind = kinds[number % len(kinds)]
        yield from factory.page(kind, factory.word(), number + 1).text.split("\n")


def real_texts() -> Iterator[str]:
    return (text for _, _, text in real_pages("de"))


def real_lines() -> Iterator[str]:
    for text in real_texts():
        yield from text.split("\n")


def contents(line: str) -> Iterator[str]:
    """A line as a definition would hold it: as written, and without a leading list marker."""
    yield line
    stripped = line.lstrip("*:# ")
    if stripped != line:
        yield stripped


def check_sense(renderer: Renderer, content: str) -> None:
    if not content.strip() or "\n" in content:
        return
    expected = (1, P.render_sense(renderer, content.strip()))
    assert P.parse_sense(renderer, f":[1] {content}") == expected, content
    nested = P.parse_sense(renderer, f"::[2a]{content}")
    assert nested is not None and nested[1] == expected[1], content


def check_feature(renderer: Renderer, line: str) -> None:
    assert P._render_feature(renderer, line) == renderer.render(line.lstrip("*: ")), line


def check_lemma_links(text: str) -> None:
    if "{{" in text:
        assert P.lemma_links(text) == P.parsed_lemma_links(text), text


def check_line(renderer: Renderer, line: str) -> None:
    for content in contents(line):
        check_sense(renderer, content)
        check_feature(renderer, content)
        check_lemma_links(content)
        check_lemma_links(f"{content}\n{{{{Grundformverweis Dekl|Haus}}}}")


def renderer(title: str = "Haus") -> Renderer:
    return Renderer(P.TEMPLATES, title, T.LINKS)


def test_fast_paths_match_the_full_parse_on_random_lines() -> None:
    r = renderer()
    for line in set(random_lines(8000)):
        check_line(r, line)


def test_fast_paths_match_the_full_parse_on_synthetic_pages() -> None:
    r = renderer()
    lines = set(synthetic_lines())
    assert len(lines) > 5000
    for line in lines:
        check_line(r, line)


@pytest.mark.realdata
def test_fast_paths_match_the_full_parse_on_real_pages() -> None:
    r = renderer()
    lines = set(real_lines())
    assert len(lines) > 5000
    for line in lines:
        check_line(r, line)


def test_fast_paths_are_taken_for_the_common_senses() -> None:
    """The labelled fast path is used (a cached prefix), and still yields the full path's tags."""
    r = renderer()
    assert P.parse_sense(r, ":[1] {{K|ugs.|abw.}} ein [[Haus]] aus Holz.") == (
        1,
        P.render_sense(r, "{{K|ugs.|abw.}} ein [[Haus]] aus Holz."),
    )
    assert "{{K|ugs.|abw.}}" in P._PREFIXES
    depth, sense = P.parse_sense(r, "::[2] ''[[Zoologie]], veraltet:'' ein [[Tier]]")
    assert (depth, sense.text, sense.tags) == (2, "Zoologie, veraltet: ein Tier", ("obsolete",))


def test_a_page_title_in_a_label_is_never_remembered_for_another_page() -> None:
    line = ":[1] {{K|ugs.}} {{PAGENAME}}: ein Wort"
    first = P.parse_sense(renderer("Haus"), line)
    second = P.parse_sense(renderer("Baum"), line)
    assert first is not None and second is not None
    assert "Haus" in first[1].text and "Baum" in second[1].text


def test_only_title_templates_depend_on_the_page() -> None:
    """Remembered prefixes assume that every other template shows the same text on every page."""
    for key in P.TEMPLATES:
        for wikitext in (f"{{{{{key}}}}}", f"{{{{{key}|a|:}}}}", f"{{{{{key}|1=a|t1=_|ft=b}}}}"):
            if key not in TITLE_TEMPLATES:
                assert renderer("Haus").render(wikitext) == renderer("Baum").render(wikitext), key


def split_subsections_by_line(body: str) -> tuple[list[str], dict[str, list[str]]]:
    """What split_subsections must give: the body read line by line, each line matched alone (what
    a marker line starts is open_subsection's, the same in both)."""
    head: list[str] = []
    subsections: dict[str, list[str]] = {}
    current = head
    for line in body.split("\n"):
        match = re.match(r"\{\{\s*([^|{}]+?)\s*(?:\||\}\})", line)
        if match and (name := template_key(match.group(1))) in T.SUBSECTIONS:
            current = P.open_subsection(subsections, name, line)
            continue
        current.append(line)
    return head, subsections


MARKERS = [
    "{{Bedeutungen}}", "{{Herkunft}}", "{{ Bedeutungen }}", "{{bedeutungen}}", "{{Bedeutungen}} x",
    "{{Grundformverweis Dekl|Haus}}", "{{Grundformverweis Konj|gehen#Deutsch}} y", "{{Silbentrennung}} Haus",
    "{{Grammatische Merkmale}}", "{{Synonyme|", "{{Beispiele}}\r", "{{\tBedeutungen\t}}", "{{Unbekannt}}",
    " {{Bedeutungen}}", "{{Bedeutungen", "{{Grammatische", "Merkmale}}", "{{Bedeu\x0btungen}}",
    "{{Bedeutungen\u2028}}", "{{Ü-Tabelle|Ü-links=",
]  # fmt: skip


def marker_bodies(count: int, seed: int) -> Iterator[str]:
    rng = random.Random(seed)
    pieces = [*MARKERS, *FRAGMENTS, ":[1] Wort", "", "\n"]
    for _ in range(count):
        yield "\n".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))


def test_subsections_match_line_by_line_reading() -> None:
    bodies = list(marker_bodies(5000, 11))
    factory = GermanPages("de", 5)
    bodies += [factory.page("de_lemma", factory.word(), 1).text for _ in range(100)]
    if (SHARED / "de").is_dir():
        bodies += list(real_texts())
    for body in bodies:
        for text in (body, body + "\n", "\n" + body):
            head, subsections = P.split_subsections(text)
            found = (P.lines(head), {name: P.lines(chunks) for name, chunks in subsections.items()})
            assert found == split_subsections_by_line(text), text


def sense_line_by_regex(line: str) -> tuple[int, str] | None:
    """What sense_line must give: _SENSE's groups (the pattern it stands for)."""
    match = P._SENSE.match(line)
    if match is None or not match.group(3).strip():
        return None
    return len(match.group(1)), match.group(3)


SENSE_STARTS = [":", "::", ":::", ": ", ":\t", ":\u2028", "[1]", "[2a]", "[[1]]", "[", "]", "[]", " ", "x"]


def test_sense_lines_are_read_as_the_sense_pattern_reads_them() -> None:
    rng = random.Random(13)
    lines = [*synthetic_lines(200), *random_lines(2000)]
    lines += ["".join(rng.choice(SENSE_STARTS) for _ in range(rng.randint(1, 5))) + line for line in lines]
    if (SHARED / "de").is_dir():
        lines += list(real_lines())
    found = {line: P.sense_line(line) for line in set(lines)}
    assert sum(value is not None for value in found.values()) > 1000  # the lines hold many senses
    for line, value in found.items():
        assert value == sense_line_by_regex(line), line


LANGUAGE_PIECES = [
    "{{Sprache|Deutsch}}", "{{Sprache| Deutsch }}", "{{ Sprache|Deutsch}}", "{{Sprache|}}", "{{Sprache| }}",
    "{{Sprache|a|b}}", "{{Sprache|Deu}tsch}}", "{{Sprache|Deutsch", "{{Sprache|{{x}}}}",
    "{{Sprache|Deu{tsch}}",
    "{{x}}", "{{", "}}", "(", ")", "Platz ", " ", "\t", "\u2028", "Deutsch", "{{sprache|Deutsch}}",
]  # fmt: skip


def test_language_headings_are_read_as_the_language_pattern_reads_them() -> None:
    rng = random.Random(17)
    titles = {"".join(rng.choice(LANGUAGE_PIECES) for _ in range(rng.randint(1, 4))) for _ in range(5000)}
    for title in titles:
        match = P._SPRACHE.search(title)
        assert P.section_language(title) == (match.group(1) if match else title.strip()), title
