"""The English definition fast path (parser.simple_definition) gives exactly what the full path
(tokenizer and renderer) gives, on every line it takes: real pages, synthetic pages and random
lines of markup characters. A line it cannot vouch for is left to the full path."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.conftest import real_pages
from wordlist_pipeline.editions.common import Sense
from wordlist_pipeline.editions.en import tables
from wordlist_pipeline.editions.en.parser import (
    TEMPLATES,
    definition_lines,
    parse_definition,
    parse_definition_fully,
    simple_definition,
)
from wordlist_pipeline.editions.en.synth import EnglishPages
from wordlist_pipeline.wikitext import Renderer


def full(line: str, title: str = "word") -> Sense:
    return parse_definition_fully(Renderer(TEMPLATES, title, tables.LINKS), line)


def check_lines(lines: Iterator[tuple[str, str]]) -> tuple[int, int]:
    """(lines, lines the fast path took); asserts it agrees with the full path on each one."""
    seen = taken = 0
    for title, line in lines:
        seen += 1
        fast = simple_definition(line)
        if fast is not None:
            taken += 1
            assert fast == full(line, title), line
    return seen, taken


def page_lines(pages: Iterator[tuple[str, str]]) -> Iterator[tuple[str, str]]:
    """(title, definition line) of every language's definitions on the pages: more variety."""
    for title, text in pages:
        for _, line in definition_lines(text.split("\n")):
            yield title, line


@pytest.mark.realdata
def test_the_fast_path_agrees_on_real_pages() -> None:
    seen, taken = check_lines(page_lines((title, text) for _, title, text in real_pages("en")))
    # about half of real definition lines are simple enough; the rest use other templates
    assert seen > 8000 and seen * 0.3 < taken < seen * 0.8, (seen, taken)


def test_the_fast_path_agrees_on_synthetic_pages() -> None:
    factory = EnglishPages("en", seed=3)
    kinds = ("en_lemma", "en_form", "en_proper", "en_abbreviation", "foreign_lemma", "foreign_form")
    pages = ((f"w{n}", factory.page(kind, f"w{n}", n).text) for kind in kinds for n in range(150))
    seen, taken = check_lines(page_lines(pages))
    assert taken > seen * 0.5, (seen, taken)


# Pieces of wikitext, markup characters, whitespace of every kind (which str.split and the
# tokenizer must see alike) and control characters (the tokenizer stops at a NUL) for random lines.
_CHARS = [*"|=!\"#*;/-'_~\\\t\r\x00\x7f ab.,()?%$+@^`", "\xa0", "\x0b", "\x0c", "\x1c", "\x85", "\u2028",
          "\ufeff", "é"]  # fmt: skip
_MARKUP = ["''", "'", "[", "]", "{", "}", "<", ">", "&", ":", "http://x", "&amp;", "{{", "}}", "[[", "]]",
           "\n", "<!--", "----", "{|", "//", "{{l|en|x}}", "<ref>x</ref>"]  # fmt: skip
_LABELS = ["slang", "informal", "_", "and", "or", ",", "chiefly", "UK", "obsolete", ""]


def random_line(rng: random.Random) -> str:
    def text(most: int) -> str:
        return "".join(rng.choice(_CHARS) for _ in range(rng.randint(0, most)))

    def piece() -> str:
        kind = rng.random()
        if kind < 0.4:
            return text(6)
        if kind < 0.55:
            return rng.choice([" of ", "Plural of ", "Abbreviation of "])
        if kind < 0.8:
            return f"[[{text(5)}]]"
        if kind < 0.9:
            return f"[[{text(4)}|{text(4)}]]"
        return rng.choice(_MARKUP)

    line = "".join(piece() for _ in range(rng.randint(0, 6)))
    if rng.random() < 0.5:
        labels = "|".join(rng.choice([*_LABELS, text(4)]) for _ in range(rng.randint(0, 3)))
        line = "{{lb|en" + (f"|{labels}" if labels or rng.random() < 0.5 else "") + "}}" + line
    return line


def test_the_fast_path_agrees_on_random_lines() -> None:
    rng = random.Random(20240601)
    seen, taken = check_lines(("word", random_line(rng)) for _ in range(30_000))
    assert seen * 0.3 < taken < seen * 0.7, (seen, taken)


@pytest.mark.parametrize(
    "line",
    [
        "[[//example.org]] a site",  # a link target starting with // is an external link
        "''Italic'' text",  # formatting
        "; a term",  # a list or heading at the line's start
        "* item",
        "= heading =",
        "---- rule",
        "Plural of [[cat]]",  # a form-of phrase: the full path finds its target
        "{{lb|en|slang}} Abbreviation of [[as soon as possible]]",
        "{{l|en|cat}}",  # any other template
        "{{lb|en|slang}} {{lb|en|dated}} Twice labelled",
        "{{lb|en|x=y}} A named label argument",
        "[[w:Paris|Paris]] a link with a prefix",
        "time: a colon may start a link (http://example.org)",
        "fish &amp; chips",  # an entity
        "text<ref>a note</ref>",
        "[[a|b|c]]",
    ],
)
def test_lines_left_to_the_full_path(line: str) -> None:
    assert simple_definition(line) is None
    assert parse_definition(Renderer(TEMPLATES, "word", tables.LINKS), line) == full(line)


def test_what_the_fast_path_makes_of_labels_and_links() -> None:
    assert simple_definition(
        "{{lb|en|chiefly|UK|_|slang}} A [[cat]]'s [[ toy ]] or [[plaything#Noun|thing]]."
    ) == Sense("(chiefly UK slang) A cat's toy or thing.", ("slang",))
    assert simple_definition("## A sub-sense") is None  # the caller strips the marker
    assert simple_definition("Of [[dogs]]; canine.") == Sense("Of dogs; canine.")
