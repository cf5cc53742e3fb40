"""Render wikitext to plain readable text with mwparserfromhell, driven by an edition's template table.

The renderer walks mwparserfromhell's node tree: text stays, links become their visible text,
formatting tags their contents, references and comments vanish. Templates are looked up in a
table of handlers; a handler returns the template's visible words and may note what it means
(a register label, "plural of X") in the `Notes` passed along. Unknown templates render as nothing:
a missing word reads better than raw markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

import mwparserfromhell
from mwparserfromhell.nodes import (
    Argument,
    Comment,
    ExternalLink,
    Heading,
    HTMLEntity,
    Tag,
    Template,
    Text,
    Wikilink,
)
from mwparserfromhell.wikicode import Wikicode


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


Handler = Callable[["TemplateCall", Notes], str]

# Links into these namespaces are images, categories, interwiki: not part of the text.
_DROPPED_LINK_PREFIXES = frozenset(
    {
        "category",
        "file",
        "image",
        "media",
        "kategorie",
        "datei",
        "bild",
        "thesaurus",
        "appendix",
        "wikisaurus",
    }
)
_KEPT_LINK_PREFIXES = frozenset({"w", "wikipedia", "wikt", "wiktionary", "s", "wikisource"})
_INTERLANGUAGE = re.compile(r"^[a-z]{2,3}(?:-[a-z]+)*$")
_DROPPED_TAGS = frozenset({"ref", "references", "gallery", "timeline", "templatedata", "score"})
_SPACE = re.compile(r"\s+")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.;:!?)\]])")
_SPACE_AFTER_OPEN = re.compile(r"([(\[])\s+")
_EMPTY_BRACKETS = re.compile(r"\(\s*[,;]?\s*\)|\[\s*\]")
_DOUBLE_PUNCT = re.compile(r"([,;])\s*([,;.])")
_EMPTY = mwparserfromhell.parse("")
_LITERAL_REF = re.compile(r"<ref[^>/]*/>|<ref[^>]*>.*?</ref>", re.DOTALL)
_SCRIPTABLE = frozenset("0123456789+-−")
_SCRIPT_DIGITS = {
    "sup": str.maketrans("0123456789+-−", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻"),
    "sub": str.maketrans("0123456789+-−", "₀₁₂₃₄₅₆₇₈₉₊₋₋"),
}


def parse(text: str) -> Wikicode:
    """mwparserfromhell's tree; bold and italic quotes become formatting tags (rendered as contents)."""
    return mwparserfromhell.parse(text, skip_style_tags=False)


def template_key(name: str) -> str:
    """Lookup key of a template name: MediaWiki ignores case of the first letter and treats _ as space."""
    return _SPACE.sub(" ", name.replace("_", " ")).strip().lower()


class TemplateCall:
    """One template occurrence; its arguments are rendered to plain text on demand."""

    __slots__ = ("_named", "_positional", "key", "name", "renderer")

    def __init__(self, node: Template, renderer: Renderer) -> None:
        self.name = str(node.name).strip()
        self.key = template_key(self.name)
        self.renderer = renderer
        self._named: dict[str, Wikicode] = {}
        numbered: dict[int, Wikicode] = {}
        count = 0
        for param in node.params:
            if not param.showkey:
                count += 1
                numbered[count] = param.value
                continue
            name = str(param.name).strip()
            if name.isdigit():  # {{x|1=...}} is positional argument 1, as MediaWiki reads it
                numbered[int(name)] = param.value
            else:
                self._named[name] = param.value
        self._positional: list[Wikicode] = [
            numbered.get(i, _EMPTY) for i in range(1, max(numbered, default=0) + 1)
        ]

    def __len__(self) -> int:
        return len(self._positional)

    def arg(self, index: int, default: str = "") -> str:
        """Positional argument `index` (1-based) as plain text."""
        if 1 <= index <= len(self._positional):
            return self.renderer.text(self._positional[index - 1])
        return default

    def raw(self, index: int) -> str:
        """Positional argument `index` (1-based) as raw wikitext, stripped."""
        if 1 <= index <= len(self._positional):
            return str(self._positional[index - 1]).strip()
        return ""

    def args(self, start: int = 1) -> list[str]:
        return [self.renderer.text(v) for v in self._positional[start - 1 :]]

    def raw_args(self, start: int = 1) -> list[str]:
        return [str(v).strip() for v in self._positional[start - 1 :]]

    def get(self, key: str, default: str = "") -> str:
        """Named argument `key` as plain text."""
        value = self._named.get(key)
        return self.renderer.text(value) if value is not None else default

    def has(self, key: str) -> bool:
        return key in self._named


class Renderer:
    """Plain-text renderer for one page: knows the page title ({{PAGENAME}}) and the edition's templates."""

    def __init__(self, templates: Mapping[str, Handler], title: str = "") -> None:
        self.templates = templates
        self.title = title

    def render(self, wikitext: str | Wikicode, notes: Notes | None = None) -> str:
        """Plain text of `wikitext`, whitespace tidied. Handlers record into `notes`."""
        code = parse(wikitext) if isinstance(wikitext, str) else wikitext
        return clean_text(self._nodes(code, notes if notes is not None else Notes()))

    def text(self, code: Wikicode) -> str:
        """Plain text of a template argument (notes from nested templates are not kept)."""
        return clean_text(self._nodes(code, Notes()))

    def _nodes(self, code: Wikicode, notes: Notes) -> str:
        return "".join(self._node(node, notes) for node in code.nodes)

    def _node(self, node: object, notes: Notes) -> str:
        if isinstance(node, Text):
            return node.value
        if isinstance(node, Wikilink):
            return self._link(node, notes)
        if isinstance(node, Template):
            call = TemplateCall(node, self)
            handler = self.templates.get(call.key)
            return handler(call, notes) if handler is not None else ""
        if isinstance(node, Tag):
            return self._tag(node, notes)
        if isinstance(node, HTMLEntity):
            return node.normalize()
        if isinstance(node, ExternalLink):
            if not node.brackets:  # a bare URL is shown as written
                return str(node.url)
            return self._nodes(node.title, notes) if node.title is not None else ""
        if isinstance(node, Argument):
            return self._nodes(node.default, notes) if node.default is not None else ""
        if isinstance(node, Comment | Heading):
            return ""
        return str(node)

    def _link(self, node: Wikilink, notes: Notes) -> str:
        target = str(node.title).strip()
        leading_colon = target.startswith(":")
        target = target.lstrip(":").strip()
        prefix, sep, rest = target.partition(":")
        prefix_key = prefix.strip().lower()
        if sep and prefix_key in _DROPPED_LINK_PREFIXES and not leading_colon:
            return ""
        if node.text is not None:
            return self._nodes(node.text, notes)
        if sep:
            if prefix_key in _KEPT_LINK_PREFIXES:
                target = rest
            elif _INTERLANGUAGE.match(prefix_key) and not leading_colon:
                return ""  # interlanguage link ([[de:Platz]]): not shown in the text
            elif prefix_key in _DROPPED_LINK_PREFIXES:
                target = rest
        return target.partition("#")[0].strip()

    def _tag(self, node: Tag, notes: Notes) -> str:
        name = str(node.tag).strip().lower()
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


def clean_text(text: str) -> str:
    """Collapse whitespace and tidy the punctuation left behind by removed markup."""
    if not text:
        return ""
    if "<ref" in text:  # escaped references (&lt;ref&gt;) arrive here as text
        text = _LITERAL_REF.sub("", text)
    text = _SPACE.sub(" ", text.replace("\xa0", " ")).strip()
    text = _EMPTY_BRACKETS.sub("", text)
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    text = _SPACE_AFTER_OPEN.sub(r"\1", text)
    text = _DOUBLE_PUNCT.sub(r"\2", text)
    return _SPACE.sub(" ", text).strip()


def silent(call: TemplateCall, notes: Notes) -> str:
    """Handler for templates that show nothing in a definition (references, audio, categories)."""
    return ""


def template_table(silent_names: Iterable[str]) -> dict[str, Handler]:
    """A starting template table for an edition: magic words, plus templates that render as nothing."""
    table = dict(BASE_TEMPLATES)
    table.update(dict.fromkeys(silent_names, silent))
    return table


# Templates every edition renders the same way (magic words and escapes).
BASE_TEMPLATES: dict[str, Handler] = {
    "pagename": lambda call, notes: call.renderer.title,
    "!": lambda call, notes: "|",
    "=": lambda call, notes: "=",
    ",": lambda call, notes: ",",
}
