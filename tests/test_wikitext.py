"""Rendering wikitext to plain text, and splitting pages into sections."""

from __future__ import annotations

import pytest

from wordlist_pipeline.sections import language_sections, split_sections, strip_comments
from wordlist_pipeline.wikitext import _NEEDS_TIDYING, Notes, Renderer, _may_need_tidying, clean_text


def shout(call, notes: Notes) -> str:
    notes.tag("loud")
    return call.arg(1).upper()


RENDER = Renderer({"shout": shout, "pagename": lambda call, notes: call.renderer.title}, title="page")


@pytest.mark.parametrize(
    ("wikitext", "text"),
    [
        ("A [[fruit]] of the [[tree|trees]].", "A fruit of the trees."),
        ("[[w:Paris|the capital]] and [[w:Rome]]", "the capital and Rome"),
        ("see [[cat#English|cat]] and [[dog#Noun]]", "see cat and dog"),
        ("x[[Category:English nouns]][[File:x.jpg|thumb|a picture]] y", "x y"),
        ("'''bold''' and ''italic''", "bold and italic"),
        ("H<sub>2</sub>O, 16<sup>th</sup> c., 10<sup>9</sup>", "H₂O, 16th c., 10⁹"),
        ("text &lt;ref&gt;escaped source&lt;/ref&gt; end", "text end"),
        ("word<ref>Some source, p. 3</ref>.<ref name=a/>", "word."),
        ("one <!-- hidden --> two", "one two"),
        ("fish&nbsp;&amp;&nbsp;chips &ndash; cheap", "fish & chips – cheap"),
        ("[http://example.org the site] and http://bare.example", "the site and http://bare.example"),
        ("{{unknown template|x}} kept", "kept"),
        ("{{shout|quiet}} words", "QUIET words"),
        ("{{shout|1=named one}}", "NAMED ONE"),
        ("{{PAGENAME}} itself", "page itself"),
        ("a ( ) b , c", "a b, c"),
    ],
)
def test_render(wikitext: str, text: str) -> None:
    assert RENDER.render(wikitext) == text


def test_handlers_record_notes() -> None:
    notes = Notes()
    assert RENDER.render("{{shout|a}} and {{shout|b}}", notes) == "A and B"
    assert notes.tags == ["loud"]


def test_clean_text_tidies_left_over_punctuation() -> None:
    assert clean_text("  A  word ,  with ( ) gaps ;. ") == "A word, with gaps."


@pytest.mark.parametrize(
    ("text", "tidied"),
    [
        ("A sequence of similar things: .", "A sequence of similar things."),  # a template gone after ":"
        ("paints used for antifouling. .", "paints used for antifouling."),  # a date and a reference gone
        ("hand-lances, etc. .", "hand-lances, etc."),
        ("Who are you? .", "Who are you?"),
        ("Wait... .", "Wait..."),
        # what a full stop after a stop may also be: left as it is
        ("and so on...", "and so on..."),
        ("see: .NET and .com", "see:.NET and.com"),  # (a space before a stop goes, as before)
        ("(e.g.) x", "(e.g.) x"),
    ],
)
def test_clean_text_says_a_full_stop_once(text: str, tidied: str) -> None:
    assert clean_text(text) == tidied


def test_clean_texts_first_look_finds_whatever_needs_tidying() -> None:
    # Both patterns match a pair of adjacent characters (the first look also two substrings of
    # two), so a text matches either one exactly where one of its pairs does: trying every pair of
    # the characters they name, and one other, proves that the first look never misses one.
    chars = "([ ]),;.:!?a\u00a0"
    pairs = [a + b for a in chars for b in chars]
    assert [p for p in pairs if _NEEDS_TIDYING.search(p) and not _may_need_tidying(p)] == []
    assert sum(map(_may_need_tidying, pairs)) > sum(_NEEDS_TIDYING.search(p) is not None for p in pairs)
    # and it lets the usual definition through at once
    assert not _may_need_tidying("A cat, a dog (a pet); or [[x]] (see: y) or the like!")


def test_split_sections_takes_level_from_the_shorter_side() -> None:
    text = "top\n==English==\n===Noun===\nnoun body\n====Adjective=====\nadj\n= =\n"
    preamble, sections = split_sections(text)
    assert preamble == "top\n"
    assert [(s.level, s.title) for s in sections] == [(2, "English"), (3, "Noun"), (4, "Adjective")]
    assert sections[1].body == "noun body\n"


def test_language_sections_run_to_the_next_level_two_heading() -> None:
    text = "==French==\n===Noun===\nx\n== English ==\n===Noun===\ny\n====Synonyms====\nz\n----\n==German==\nw"
    found = list(language_sections(text, lambda t: t == "English"))
    assert len(found) == 1
    title, body = found[0]
    assert title == "English" and "===Noun===\ny" in body and "Synonyms" in body and "German" not in body


def test_comments_can_hide_headings_and_run_to_the_end() -> None:
    assert strip_comments("a<!--\n===Verb===\n-->b<!-- unterminated") == "ab"


def test_language_sections_at_the_edges_of_the_page() -> None:
    assert list(language_sections("==English==", lambda t: True)) == [("English", "")]
    assert list(language_sections("==English==\nbody", lambda t: True)) == [("English", "body")]
    found = list(language_sections("==A==\n==B==\nb\n===C===\nc", lambda t: t == "B"))
    assert found == [("B", "b\n===C===\nc")]
    assert list(language_sections("no heading at all", lambda t: True)) == []


def test_a_mismatched_deeper_heading_does_not_end_the_language_section() -> None:
    text = "==English==\n===Noun==\nn\n====Verb===\nv\n==French==\nf\n"
    assert list(language_sections(text, lambda t: t == "English")) == [
        ("English", "===Noun==\nn\n====Verb===\nv\n")
    ]
    assert [(s.level, s.title) for s in split_sections(text)[1]][:3] == [
        (2, "English"),
        (2, "Noun"),
        (3, "Verb"),
    ]


@pytest.mark.parametrize(
    ("wikitext", "positional", "named"),
    [
        ("{{x|a|2=b}}", ["a", "b"], {}),
        ("{{x|3=c}}", ["", "", "c"], {}),
        # a key int() cannot read ("²".isdigit() is True) or a position no template reads is a name:
        # neither may lose the page, nor build a list of a billion empty positions
        ("{{x|²=sq|a}}", ["a"], {"²": "sq"}),
        ("{{x|0=z|a}}", ["a"], {"0": "z"}),
        ("{{x|999999999=far|a}}", ["a"], {"999999999": "far"}),
        ("{{x\n|a\n|999999999=[[far]]\n}}", ["a"], {"999999999": ""}),
    ],
)
def test_numbered_keys_are_positions_only_when_a_template_could_read_them(
    wikitext: str, positional: list[str], named: dict[str, str]
) -> None:
    from wordlist_pipeline.wikitree import Template, parse, plain

    (template,) = [node for node in parse(wikitext) if isinstance(node, Template)]
    assert template.plain_args() == positional
    assert {key: plain(value) for key, value in template.named.items()} == named


def test_a_page_with_odd_numbered_keys_still_renders() -> None:
    from wordlist_pipeline.wikitree import parse

    assert RENDER.render(parse("{{shout|²=x|999999999=y|quiet}} [[word]]"), Notes()) == "QUIET word"
