"""Render wikitext to plain readable text, driven by an edition's template table.

The renderer walks the light tree of pipeline.wikitree (mwparserfromhell's tokenizer feeding a
small builder): text stays, links become their visible text, formatting tags their contents,
references and comments vanish. Templates are looked up in a table of handlers; a handler returns
the template's visible words and may note what it means (a register label, "plural of X") in the
`Notes` passed along. Unknown templates render as nothing: a missing word reads better than raw
markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from wordlist_pipeline.wikitree import (
    Argument,
    ExternalLink,
    Heading,
    Link,
    Nodes,
    Tag,
    Template,
    parse,
    templates,
)

__all__ = [
    "TITLE_TEMPLATES",
    "LinkRules",
    "Notes",
    "Renderer",
    "TemplateCall",
    "clean_text",
    "parse",
    "render_plain_links",
    "render_target_links",
    "template_key",
    "template_keys",
    "template_table",
    "templates",
]


@dataclass
class Notes:
    """What template handlers noticed while rendering one piece of wikitext."""

    tags: list[str] = field(default_factory=list)
    refs: list[tuple[str, str]] = field(default_factory=list)  # (kind, target), e.g. ("inflection", "pie")

    def tag(self, *tags: str) -> None:
        for tag in tags:
            if tag not in self.tags:
                self.tags.append(tag)

    def ref(self, kind: str, target: str) -> None:
        if target and (kind, target) not in self.refs:
            self.refs.append((kind, target))


class _DiscardedNotes(Notes):
    """Notes nobody reads (while rendering a template argument)."""

    def tag(self, *tags: str) -> None:
        pass

    def ref(self, kind: str, target: str) -> None:
        pass


_DISCARDED = _DiscardedNotes()
Handler = Callable[["TemplateCall", Notes], str]


@dataclass(frozen=True)
class LinkRules:
    """How an edition's links render: into which namespaces a link is not text (images,
    categories: ``[[Category:x]]``, ``[[Datei:x.jpg]]``), and which interwiki prefixes show their
    target (``[[w:Paris]]`` reads "Paris"). Names are lower-case; every edition has its own."""

    dropped: frozenset[str] = frozenset({"category", "file", "image", "media"})
    kept: frozenset[str] = frozenset({"w", "wikipedia", "wikt", "wiktionary", "s", "wikisource"})

    def __reduce__(self) -> tuple[type[LinkRules], tuple[object, ...]]:
        # pickle and copy through the constructor (compiled by mypyc: see entries.Entry.__reduce__)
        return (LinkRules, (self.dropped, self.kept))


CANONICAL_LINKS = LinkRules()  # MediaWiki's own namespace names, which every wiki understands
_INTERLANGUAGE = re.compile(r"^[a-z]{2,3}(?:-[a-z]+)*$")
_DROPPED_TAGS = frozenset({"ref", "references", "gallery", "timeline", "templatedata", "score"})
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.;:!?)\]])")
_SPACE_AFTER_OPEN = re.compile(r"([(\[])\s+")
_EMPTY_BRACKETS = re.compile(r"\(\s*[,;]?\s*\)|\[\s*\]")
_DOUBLE_PUNCT = re.compile(r"([,;])\s*([,;.])")
# A full stop after a sentence's own end, or after a colon, that a removed template or reference
# stood between ("antifouling. {{defdate|...}}<ref>...</ref>." -> "antifouling.."; "things:
# {{unknown|...}}." -> "things:."): the stop is said once (an ellipsis stays one). Never before a
# letter (".NET").
_STOP_AFTER_STOP = re.compile(r"(\.\.\.|(?<!\.)[.!?:])\s*\.(?=[\s)\]]|$)")
# Two characters that any of the rules above needs, once whitespace is single spaces (a cheap
# first look: most lines need no tidying).
_NEEDS_TIDYING = re.compile(r"[(\[][ \]),;]|[ ][,.;:!?)\]]|[,;][,;.]|[.!?:]\.")
# A cheaper first look (one pair of classes, no alternation): every pair _NEEDS_TIDYING finds but
# "( " and "[ " is a pair of these two classes, and those two are looked for as substrings.
_MAY_NEED_TIDYING = re.compile(r"[(\[ ,;.!?:][\]),;.:!?]")
_LITERAL_REF = re.compile(r"<ref[^>/]*/>|<ref[^>]*>.*?</ref>", re.DOTALL)
_SCRIPTABLE = frozenset("0123456789+-−")
_SCRIPT_DIGITS = {
    "sup": str.maketrans("0123456789+-−", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻"),
    "sub": str.maketrans("0123456789+-−", "₀₁₂₃₄₅₆₇₈₉₊₋₋"),
}


_KEYS: dict[str, str] = {}


def template_key(name: str) -> str:
    """Lookup key of a template name: MediaWiki ignores case of the first letter and treats _ as space."""
    key = _KEYS.get(name)
    if key is None:
        key = " ".join(name.replace("_", " ").split()).lower()
        if len(_KEYS) < 100_000:  # the names in a dump are few; never let odd ones grow it without bound
            _KEYS[name] = key
    return key


def template_keys(nodes: Nodes) -> Iterator[str]:
    """The lookup keys of every template in `nodes`, nested ones included."""
    for node in nodes:
        if isinstance(node, Template):
            yield template_key(node.name_text())
            for value in (node.name, *node.positional, *node.named.values()):
                yield from template_keys(value)
        elif isinstance(node, (Link, ExternalLink)):
            for part in (node.title, node.text) if isinstance(node, Link) else (node.url, node.title):
                yield from template_keys(part or [])
        elif isinstance(node, Tag):
            yield from template_keys(node.contents or [])
        elif isinstance(node, Argument):
            yield from template_keys(node.name)
            yield from template_keys(node.default or [])
        elif isinstance(node, Heading):
            yield from template_keys(node.title)


class TemplateCall:
    """One template occurrence; its arguments are rendered to plain text on demand."""

    __slots__ = ("key", "name", "node", "renderer")

    def __init__(self, node: Template, renderer: Renderer) -> None:
        self.node = node
        self.name = node.name_text()
        self.key = template_key(self.name)
        self.renderer = renderer

    def __len__(self) -> int:
        return len(self.node.positional)

    def arg(self, index: int, default: str = "") -> str:
        """Positional argument `index` (1-based) as plain text."""
        positional = self.node.positional
        return self.renderer.text(positional[index - 1]) if 1 <= index <= len(positional) else default

    def args(self, start: int = 1) -> list[str]:
        return [self.renderer.text(v) for v in self.node.positional[start - 1 :]]

    def get(self, key: str, default: str = "") -> str:
        """Named argument `key` as plain text."""
        value = self.node.named.get(key)
        return self.renderer.text(value) if value is not None else default

    def has(self, key: str) -> bool:
        return key in self.node.named


class Renderer:
    """Plain-text renderer for one page: knows the page title ({{PAGENAME}}) and the edition's templates."""

    def __init__(
        self, templates: Mapping[str, Handler], title: str = "", links: LinkRules = CANONICAL_LINKS
    ) -> None:
        self.templates = templates
        self.title = title
        self.links = links

    def render(self, wikitext: str | Nodes, notes: Notes | None = None) -> str:
        """Plain text of `wikitext`, whitespace tidied. Handlers record into `notes`."""
        nodes = parse(wikitext) if isinstance(wikitext, str) else wikitext
        return clean_text(self._nodes(nodes, notes if notes is not None else Notes()))

    def join(self, nodes: Nodes, notes: Notes) -> str:
        """The text of `nodes` before tidying: for a piece that is joined to others, then cleaned
        once as a whole (clean_text of the pieces would not always give the same text)."""
        return self._nodes(nodes, notes)

    def text(self, nodes: Nodes) -> str:
        """Plain text of a template argument (notes from nested templates are not kept).

        Only whitespace is normalized: the text of the whole line is cleaned once at the end.
        """
        if len(nodes) == 1 and type(nodes[0]) is str:  # most arguments: one piece of text
            return " ".join(nodes[0].split())
        return " ".join(self._nodes(nodes, _DISCARDED).split())

    def _nodes(self, nodes: Nodes, notes: Notes) -> str:
        return "".join([node if type(node) is str else self._node(node, notes) for node in nodes])

    def _node(self, node: object, notes: Notes) -> str:
        if isinstance(node, Template):
            call = TemplateCall(node, self)
            handler = self.templates.get(call.key)
            return handler(call, notes) if handler is not None else ""
        if isinstance(node, Link):
            return self._link(node, notes)
        if isinstance(node, Tag):
            return self._tag(node, notes)
        if isinstance(node, ExternalLink):
            if not node.brackets:  # a bare URL is shown as written
                return self._nodes(node.url, notes)
            return self._nodes(node.title, notes) if node.title is not None else ""
        if isinstance(node, Argument):
            return self._nodes(node.default, notes) if node.default is not None else ""
        if isinstance(node, Heading):
            return ""
        return str(node)

    def _link(self, node: Link, notes: Notes) -> str:
        title = node.title
        if node.text is None and len(title) == 1:  # [[word]], the common case
            target = title[0]
            if type(target) is str and ":" not in target and "#" not in target:
                return target.strip()
        target = "".join([n for n in title if type(n) is str]).strip()
        leading_colon = target.startswith(":")
        target = target.lstrip(":").strip()
        prefix, sep, rest = target.partition(":")
        prefix_key = prefix.strip().lower()
        dropped = self.links.dropped
        if sep and prefix_key in dropped and not leading_colon:
            return ""
        if node.text is not None:
            return self._nodes(node.text, notes)
        if sep:
            if prefix_key in self.links.kept:
                target = rest
            elif _INTERLANGUAGE.match(prefix_key) and not leading_colon:
                return ""  # interlanguage link ([[de:Platz]]): not shown in the text
            elif prefix_key in dropped:
                target = rest
        return target.partition("#")[0].strip()

    def _tag(self, node: Tag, notes: Notes) -> str:
        name = node.name
        if name in _DROPPED_TAGS:
            return ""
        if name == "br":
            return " "
        text = self._nodes(node.contents, notes) if node.contents is not None else ""
        if name in _SCRIPT_DIGITS and text.strip() and set(text.strip()) <= _SCRIPTABLE:
            return text.strip().translate(
                _SCRIPT_DIGITS[name]
            )  # 10<sup>9</sup> -> 10⁹, H<sub>2</sub>O -> H₂O
        return text


# [[target]] and [[target|text]] in text the editions' fast paths read without the tokenizer.
_PLAIN_LINK = re.compile(r"\[\[([^|\]]*)(?:\|([^\]]*))?\]\]")
# [[ x ]] shows "x": spaces inside a link's brackets go (two patterns, each found by its literal)
_SPACE_OPENS_LINK = re.compile(r"\[\[\s")
_SPACE_CLOSES_LINK = re.compile(r"\]\](?<=\s\]\])")


def render_plain_links(text: str) -> str:
    """`text` with each link shown as Renderer shows it, for text whose links have no namespace
    prefix and hold only plain text (the callers' fast-path patterns make sure of that)."""
    if "[[" not in text:
        return text
    if "|" in text or "#" in text or _SPACE_OPENS_LINK.search(text) or _SPACE_CLOSES_LINK.search(text):
        return _PLAIN_LINK.sub(_plain_link_text, text)
    return text.replace("[[", "").replace("]]", "")  # every link shows its target as written


def render_target_links(text: str) -> str:
    """render_plain_links(text) for text whose links are all [[target]] with no "|" or "#" and
    no blank but a space (the German sense fast path's text): the same result without its
    searches."""
    if "[[" not in text:
        return text
    if "[[ " in text or " ]]" in text:
        return _PLAIN_LINK.sub(_plain_link_text, text)
    return text.replace("[[", "").replace("]]", "")


def _plain_link_text(match: re.Match[str]) -> str:
    """What Renderer._link shows for [[target]] or [[target|text]] without a namespace."""
    target, text = match.groups()
    return text if text is not None else target.strip().partition("#")[0].strip()


def _may_need_tidying(text: str) -> bool:
    """False only if _NEEDS_TIDYING finds nothing in `text` (clean_text's cheap first look)."""
    return "( " in text or "[ " in text or _MAY_NEED_TIDYING.search(text) is not None


def clean_text(text: str) -> str:
    """Collapse whitespace and tidy the punctuation left behind by removed markup.

    A search or two tell whether any tidying rule applies; most lines need none.
    """
    if not text:
        return ""
    if "<ref" in text:  # escaped references (&lt;ref&gt;) arrive here as text
        text = _LITERAL_REF.sub("", text)
    text = " ".join(text.split())  # also turns no-break spaces into spaces
    if not _may_need_tidying(text) or _NEEDS_TIDYING.search(text) is None:
        return text
    text = _EMPTY_BRACKETS.sub("", text)
    text = _SPACE_AFTER_OPEN.sub(r"\1", text)
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    text = _DOUBLE_PUNCT.sub(r"\2", text)
    text = _STOP_AFTER_STOP.sub(_one_stop, text)
    return " ".join(text.split())


def _one_stop(match: re.Match[str]) -> str:
    """The stop of _STOP_AFTER_STOP said once: the sentence's own end, or a full stop for a colon."""
    return "." if match.group(1) == ":" else match.group(1)


def silent(call: TemplateCall, notes: Notes) -> str:
    """Handler for templates that show nothing in a definition (references, audio, categories)."""
    return ""


def template_table(silent_names: Iterable[str]) -> dict[str, Handler]:
    """A starting template table for an edition: magic words, plus templates that render as nothing."""
    table = dict(BASE_TEMPLATES)
    table.update(dict.fromkeys(silent_names, silent))
    return table


# Templates every edition renders the same way (magic words and escapes).
# The one among them whose text depends on the page (the others show the same text on every page).
TITLE_TEMPLATES = frozenset({"pagename"})
BASE_TEMPLATES: dict[str, Handler] = {
    "pagename": lambda call, notes: call.renderer.title,
    "!": lambda call, notes: "|",
    "=": lambda call, notes: "=",
    ",": lambda call, notes: ",",
}
