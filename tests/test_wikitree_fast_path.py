"""parse() reads lines of text, links and simple templates, and text made only of simple templates,
without the tokenizer: the same nodes as the tokenizer gives (parse_tokenized, the reference)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from mwparserfromhell.definitions import URI_SCHEMES

from tests.conftest import real_pages
from wordlist_pipeline.editions.de.synth import GermanPages
from wordlist_pipeline.editions.en.synth import EnglishPages
from wordlist_pipeline.sections import split_sections, strip_comments
from wordlist_pipeline.wikitree import (
    Argument,
    ExternalLink,
    Heading,
    Link,
    Tag,
    Template,
    _plain_nodes,
    parse,
    parse_tokenized,
)

PIECES = [
    "{{Deutsch Substantiv Übersicht", "{{en-noun}}", "{{A", "{{ A ", "{{\nA", "{{A\nB", "{{", "}}", "|",
    "|Genus=m", "|Genus", "=", "= m ", "|1=x", "|2=", "|²=x", "|x", "| ", "|k=v=w", "\n", "\n\n", " ", "\t",
    "\n*", "\n#", "\n:", "\n;", "\n==", "\n-", "\n----", "\r", "[[x]]", "[[", "]]",
    "''", "'", "<br>", "&amp;",
    "{{{1}}}", "{", "}", "text", "Wort", "-", "~~~~", "__TOC__", "\u00a0", "{{#if:x|y}}", "<!-- c -->",
]  # fmt: skip


def random_texts(count: int, seed: int = 3) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 12)))


NAMES = ["A", " A ", "\nA", "A\n", "A\nB", "A B", "A  B\n\n", "#if:x", "\u00a0A", "Ü-Tabelle", "a_b", ""]
ARGS = [
    "",
    "x",
    " ",
    "k=v",
    "k=",
    "=v",
    " a = b \n",
    "1=x",
    "2=y",
    "²=z",
    "k=v=w",
    "\n",
    "x\n",
    "\n*x",
    "\n#x",
    "\n:x",
    "\n;x",
    "\n==x==",
    "\n-x",
    "x\n----",
    "\n x",
    "~~~~",
    "__TOC__",
    "x'y",
    "x&y",
    "x\r",
    "http://x",
    "a mailto:b",
    "a:b",
    "x\x00",
]
GAPS = ["", " ", "\n", "\n\n", "\t", "x", "\n*"]


# Pieces of one line: text, links, templates, and everything else the tokenizer reads as markup
# (external links bare or bracketed, URI schemes in any case and place, styles, tags, entities,
# comments, arguments, tables, NUL, line-start markup) and characters that only look like it.
LINE_PIECES = [
    "text", " ", "Wort", "a, b", "(x)", "x.", "\t", "\u00a0", "\u2028", "\x85", "\r", "\x00", "é", "_",
    "|", "=", "!", "#", "*", ";", ":", "-", "----", "/", "//", "~~~~", "__TOC__", "ISBN 123", "RFC 1",
    "'", "''", "'''", '"', "[[x]]", "[[x y|z]]", "[[x|]]", "[[ ]]", "[[x|y|z]]", "[[x|y:z]]", "[[a:b]]",
    "[[w:x|y]]", "[[//x]]", "[[ //x]]", "[[http://x]]", "[[mailto:x]]", "[[x#y]]", "[[", "]]", "[", "]",
    "[http://x y]", "[//x y]", "[x]", "http://x", "HTTP://x", "mailto:x", "Mailto:x", "news:x", "xhttp:",
    "éhttp://x", "_http://x", "1http://x", "http:", "http: x", "see: x", "a:b", "{{x}}", "{{ x }}",
    "{{l|en|x}}", "{{lb|en|slang}}", "{{x|k=v}}", "{{x|1=a|b}}", "{{x|²=a}}", "{{x|http://x}}",
    "{{x|a mailto:b}}", "{{x|a:b}}", "{{R:x}}", "{{#if:x|y}}", "{{x|o'clock}}", "{{x|''y''}}",
    "{{x|[[y]]}}", "{{x|{{y}}}}", "{{ }}", "{{", "}}", "{", "}", "{|", "|}", "{{{1}}}", "{{{", "}}}",
    "<br>", "<ref>x</ref>", "<!-- c -->", "<", ">", "&amp;", "&", "&#x41;", "{{x|\x00}}",
]  # fmt: skip


def line_texts(count: int, seed: int = 7) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(LINE_PIECES) for _ in range(rng.randint(1, 8)))


def template_texts(count: int, seed: int = 5) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(count):
        parts = [rng.choice(GAPS)]
        for _ in range(rng.randint(1, 3)):
            args = "".join(
                "|" + "".join(rng.choices(ARGS, k=rng.randint(1, 2))) for _ in range(rng.randint(0, 4))
            )
            parts += ["{{", rng.choice(NAMES), args, "}}", rng.choice(GAPS)]
        yield "".join(parts)


def tree(nodes: list | None) -> object:
    """Nodes as nested tuples, to compare two parses."""
    if nodes is None:
        return None
    out = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
        elif isinstance(node, Template):
            named = tuple((key, tree(value)) for key, value in node.named.items())
            out.append(("T", tree(node.name), tuple(tree(p) for p in node.positional), named))
        elif isinstance(node, Link):
            out.append(("L", tree(node.title), tree(node.text)))
        elif isinstance(node, ExternalLink):
            out.append(("E", tree(node.url), tree(node.title), node.brackets))
        elif isinstance(node, Tag):
            out.append(("Tag", node.name, tree(node.contents), node.markup))
        elif isinstance(node, Argument):
            out.append(("A", tree(node.name), tree(node.default)))
        elif isinstance(node, Heading):
            out.append(("H", tree(node.title), node.level))
    return tuple(out)


def outcome(parser, text: str) -> object:
    try:
        return tree(parser(text))
    except ValueError as error:  # both fail alike on a key like "²" (isdigit, yet no int)
        return repr(error)


def check(text: str) -> bool:
    """parse() gives what the tokenizer gives; True if it took its fast path (other text goes
    through the tokenizer in both, so only these need the comparison)."""
    try:
        if _plain_nodes(text) is None:
            return False
    except ValueError:  # outcome() compares the failures
        pass
    assert outcome(parse, text) == outcome(parse_tokenized, text), text
    return True


def pieces_of(text: str) -> Iterator[str]:
    """What the parsers hand to parse(): lines, section bodies and their parts before a blank line."""
    text = strip_comments(text)
    for line in text.split("\n"):
        yield line
        yield line.lstrip("#*:;")  # a definition line after its marker
    for section in split_sections(text)[1]:
        yield section.title
        yield section.body
        yield from section.body.split("\n\n")


def taken_kinds(pieces: set[str]) -> Counter[str]:
    """check() on every piece; how many of each kind the fast path took."""
    taken: Counter[str] = Counter()
    for piece in pieces:
        if check(piece):
            taken["lines" if "\n" in piece else "line with templates" if "{{" in piece else "line"] += 1
    return taken


def test_template_only_text_parses_like_the_tokenizer_on_random_text() -> None:
    taken = sum(check(text) for text in set(random_texts(10_000)) | set(template_texts(20_000)))
    assert taken > 1000  # the fast path is exercised, not only refused


def test_lines_of_text_links_and_templates_parse_like_the_tokenizer_on_random_text() -> None:
    texts = set(line_texts(60_000))
    taken = sum(check(text) for text in texts)
    assert len(texts) * 0.05 < taken < len(texts) * 0.5, (len(texts), taken)


@pytest.mark.parametrize(
    ("text", "fast"),
    [
        ("A [[cat]], {{l|en|dog}} or [[x|y|z]]: {{gloss|o'clock}}", True),
        ("{{lb|en|slang}} a [[w:Paris|city]] (see: [[a:b]])", True),
        ("{{x|a:b}}xhttp:y", True),
        ("[[mailto:x]]", False),  # a bracketed external link
        ("[[//x]]", False),
        ("{{x|http://a.b}}", False),  # a free external link inside an argument
        ("see NEWS:x", False),
        ("[[a|b http://c]]", False),
        ("{{x|a\x00b}}", False),  # the tokenizer stops at a NUL
        ("{{x|''y''}}", False),
        ("# a", False),
        ("----", False),
        ("{{x|1=a\nb}}\n{{y}}", True),
        ("a\n{{y}}", False),
    ],
)
def test_what_the_fast_path_takes(text: str, fast: bool) -> None:
    assert check(text) is fast


def test_template_only_text_parses_like_the_tokenizer_on_synthetic_pages() -> None:
    pieces: set[str] = set()
    for factory in (GermanPages("de", 1), EnglishPages("en", 1)):
        names = list(factory.MIX)
        for number in range(400):
            pieces.update(
                pieces_of(factory.page(names[number % len(names)], factory.word(), number + 1).text)
            )
    taken = taken_kinds(pieces)
    assert taken["line with templates"] > 300 and taken["lines"] > 100, taken


@pytest.mark.realdata
def test_template_only_text_parses_like_the_tokenizer_on_real_pages() -> None:
    pieces: set[str] = set()
    for _, _, text in real_pages("en", "de"):
        pieces.update(pieces_of(text))
    taken = taken_kinds(pieces)
    # lines of text, links and templates: most definition lines that hold templates
    assert taken["line with templates"] > 3000 and taken["lines"] > 200, taken


def test_every_uri_scheme_the_tokenizer_knows_is_refused() -> None:
    # mwparserfromhell's C tokenizer keeps its own list of schemes: these are Python's and others
    # it might hold, each in every place a link can open.
    schemes = [*URI_SCHEMES, "file", "data", "javascript", "ldap", "ws", "wss", "steam", "git+ssh"]
    for scheme in schemes:
        for form in (f"{scheme}:a", f"{scheme}://a", f"{scheme.upper()}://a"):
            for text in (f"x {form} y", f"{{{{t|{form}}}}}", f"[[a|b {form}]]", f"[[{form}]]"):
                check(text)
