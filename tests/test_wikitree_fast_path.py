"""parse() reads text made only of simple templates without the tokenizer: the same nodes."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.conftest import SHARED
from wordlist_pipeline.dump.reader import DumpReader
from wordlist_pipeline.editions.de.synth import GermanPages
from wordlist_pipeline.editions.en.synth import EnglishPages
from wordlist_pipeline.sections import split_sections, strip_comments
from wordlist_pipeline.wikitree import (
    _TEMPLATES_ONLY,
    Argument,
    ExternalLink,
    Heading,
    Link,
    Tag,
    Template,
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
]
GAPS = ["", " ", "\n", "\n\n", "\t", "x", "\n*"]


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
    if _TEMPLATES_ONLY.fullmatch(text) is None:
        return False
    assert outcome(parse, text) == outcome(parse_tokenized, text), text
    return True


def pieces_of(text: str) -> Iterator[str]:
    """What the parsers hand to parse(): lines, section bodies and their parts before a blank line."""
    text = strip_comments(text)
    yield from text.split("\n")
    for section in split_sections(text)[1]:
        yield section.title
        yield section.body
        yield from section.body.split("\n\n")


def test_template_only_text_parses_like_the_tokenizer_on_random_text() -> None:
    taken = sum(check(text) for text in set(random_texts(10_000)) | set(template_texts(20_000)))
    assert taken > 1000  # the fast path is exercised, not only refused


def test_template_only_text_parses_like_the_tokenizer_on_synthetic_pages() -> None:
    pieces: set[str] = set()
    for factory in (GermanPages("de", 1), EnglishPages("en", 1)):
        names = list(factory.MIX)
        for number in range(400):
            pieces.update(
                pieces_of(factory.page(names[number % len(names)], factory.word(), number + 1).text)
            )
    assert sum(check(piece) for piece in pieces) > 100


@pytest.mark.realdata
def test_template_only_text_parses_like_the_tokenizer_on_real_pages() -> None:
    pieces: set[str] = set()
    for path in sorted(SHARED.glob("*/*.xml*")):
        with DumpReader(path) as reader:
            for page in reader:
                pieces.update(pieces_of(page.text))
    for path in sorted(SHARED.glob("*/pages/*.wiki")):
        pieces.update(pieces_of(path.read_text(encoding="utf-8")))
    assert sum(check(piece) for piece in pieces) > 1000
