"""A light wikitext tree: mwparserfromhell's tokenizer feeding a small builder of plain nodes.

mwparserfromhell's C tokenizer is fast (a few microseconds a line); building its full node tree
(Wikicode, SmartList, Parameter objects ...) costs ten times more, and the extractor parses
millions of definition lines. So the same token stream is turned here into the little the
renderer needs: a node list is a list whose items are ``str`` (text) or one of the node classes
below. Comments are dropped while building; entities arrive decoded as text.
"""

from __future__ import annotations

import html
import re

from mwparserfromhell.definitions import URI_SCHEMES
from mwparserfromhell.parser import tokens as T

try:
    from mwparserfromhell.parser import CTokenizer as _Tokenizer
except ImportError:  # pragma: no cover - the pure-Python tokenizer, same tokens
    from mwparserfromhell.parser import Tokenizer as _Tokenizer  # type: ignore[attr-defined]

Nodes = list  # of str | Template | Link | ExternalLink | Tag | Argument | Heading


class Template:
    """{{name|positional|key=value}}; numbered keys (1=...) are positional, as MediaWiki reads them."""

    __slots__ = ("name", "named", "positional")

    def __init__(self, name: Nodes, positional: list[Nodes], named: dict[str, Nodes]) -> None:
        self.name = name
        self.positional = positional
        self.named = named

    def name_text(self) -> str:
        return plain(self.name)

    def plain_args(self) -> list[str]:
        """Positional arguments as plain text (markup inside them is ignored)."""
        return [plain(value) for value in self.positional]


class Link:
    """[[title|text]]"""

    __slots__ = ("text", "title")

    def __init__(self, title: Nodes, text: Nodes | None) -> None:
        self.title = title
        self.text = text


class ExternalLink:
    """[url title] or a bare URL."""

    __slots__ = ("brackets", "title", "url")

    def __init__(self, url: Nodes, title: Nodes | None, brackets: bool) -> None:
        self.url = url
        self.title = title
        self.brackets = brackets


class Tag:
    """<name ...>contents</name>, or '' / ''' formatting (markup holds the quotes)."""

    __slots__ = ("contents", "markup", "name")

    def __init__(self, name: str, contents: Nodes | None, markup: str | None) -> None:
        self.name = name
        self.contents = contents
        self.markup = markup


class Argument:
    """{{{name|default}}}"""

    __slots__ = ("default", "name")

    def __init__(self, name: Nodes, default: Nodes | None) -> None:
        self.name = name
        self.default = default


class Heading:
    __slots__ = ("level", "title")

    def __init__(self, title: Nodes, level: int) -> None:
        self.title = title
        self.level = level


_TOKENIZER = _Tokenizer()


def parse(text: str) -> Nodes:
    """The node list of `text` (never raises: text the tokenizer rejects stays plain text)."""
    if not text:
        return []
    nodes = _plain_nodes(text)
    return parse_tokenized(text) if nodes is None else nodes


def parse_tokenized(text: str) -> Nodes:
    """parse() through mwparserfromhell's tokenizer whatever the text (the reference for parse's
    fast path)."""
    if not text:
        return []
    try:
        stream = _TOKENIZER.tokenize(text, 0, False)
    except Exception:  # a tokenizer bug on odd input must not lose the page
        return [text]
    return _Builder(stream).nodes(())


def plain(nodes: Nodes | None) -> str:
    """The text of `nodes` without any markup (for template names and simple argument values)."""
    if not nodes:
        return ""
    if len(nodes) == 1 and type(nodes[0]) is str:
        return nodes[0].strip()
    return "".join([n for n in nodes if type(n) is str]).strip()


def templates(nodes: Nodes) -> list[Template]:
    """The templates at the top level of `nodes` (not those nested inside others)."""
    return [n for n in nodes if isinstance(n, Template)]


class _Builder:
    """Recursive descent over the token list; each method consumes the tokens of one construct."""

    __slots__ = ("i", "tokens")

    def __init__(self, stream: list) -> None:
        self.tokens = stream
        self.i = 0

    def nodes(self, stop: tuple[type, ...]) -> Nodes:
        """Nodes up to (not including) a token of one of the `stop` types, or the end."""
        tokens = self.tokens
        i = self.i
        # most runs (a link target, a template name or argument) are one piece of text
        if i + 1 < len(tokens) and type(tokens[i]) is T.Text and type(tokens[i + 1]) in stop:
            self.i = i + 1
            return [tokens[i]["text"]]
        out: Nodes = []
        end = len(tokens)
        while i < end:
            token = tokens[i]
            kind = type(token)
            if kind in stop:
                break
            i += 1
            if kind is T.Text:
                out.append(token["text"])  # tokens are dicts; attribute access is slower
                continue
            self.i = i  # a construct: its method reads on from here
            if kind is T.WikilinkOpen:
                out.append(self.link())
            elif kind is T.TemplateOpen:
                out.append(self.template())
            elif kind is T.TagOpenOpen:
                out.append(self.tag(token))
            elif kind is T.HTMLEntityStart:
                out.append(self.entity())
            elif kind is T.CommentStart:
                self.nodes((T.CommentEnd,))
                self.i += 1
            elif kind is T.ExternalLinkOpen:
                out.append(self.external_link(token))
            elif kind is T.ArgumentOpen:
                out.append(self.argument())
            elif kind is T.HeadingStart:
                title = self.nodes((T.HeadingEnd,))
                self.i += 1
                out.append(Heading(title, token.level))
            i = self.i
        self.i = i
        return out

    def template(self) -> Template:
        name = self.nodes((T.TemplateParamSeparator, T.TemplateClose))
        params: list[tuple[str | None, Nodes]] = []
        while self.i < len(self.tokens) and type(self.tokens[self.i]) is T.TemplateParamSeparator:
            self.i += 1
            value = self.nodes((T.TemplateParamEquals, T.TemplateParamSeparator, T.TemplateClose))
            if self.i < len(self.tokens) and type(self.tokens[self.i]) is T.TemplateParamEquals:
                self.i += 1
                key = "".join([n for n in value if type(n) is str])
                params.append((key, self.nodes((T.TemplateParamSeparator, T.TemplateClose))))
            else:
                params.append((None, value))
        self.i += 1  # TemplateClose
        return _template(name, params)

    def link(self) -> Link:
        tokens, i = self.tokens, self.i
        if i + 1 < len(tokens) and type(tokens[i]) is T.Text and type(tokens[i + 1]) is T.WikilinkClose:
            self.i = i + 2  # [[word]], the common case
            return Link([tokens[i]["text"]], None)
        title = self.nodes((T.WikilinkSeparator, T.WikilinkClose))
        text = None
        if self.i < len(self.tokens) and type(self.tokens[self.i]) is T.WikilinkSeparator:
            self.i += 1
            text = self.nodes((T.WikilinkClose,))
        self.i += 1
        return Link(title, text)

    def external_link(self, opening) -> ExternalLink:
        url = self.nodes((T.ExternalLinkSeparator, T.ExternalLinkClose))
        title = None
        if self.i < len(self.tokens) and type(self.tokens[self.i]) is T.ExternalLinkSeparator:
            self.i += 1
            title = self.nodes((T.ExternalLinkClose,))
        self.i += 1
        return ExternalLink(url, title, bool(opening.brackets))

    def argument(self) -> Argument:
        name = self.nodes((T.ArgumentSeparator, T.ArgumentClose))
        default = None
        if self.i < len(self.tokens) and type(self.tokens[self.i]) is T.ArgumentSeparator:
            self.i += 1
            default = self.nodes((T.ArgumentClose,))
        self.i += 1
        return Argument(name, default)

    def entity(self) -> str:
        tokens = self.tokens
        token = tokens[self.i]
        self.i += 1
        if type(token) is T.HTMLEntityNumeric:
            token = tokens[self.i]
            self.i += 1
            if type(token) is T.HTMLEntityHex:
                digits = tokens[self.i].text
                self.i += 2  # the digits, HTMLEntityEnd
                return _codepoint(int(digits, 16))
            self.i += 1  # HTMLEntityEnd
            return _codepoint(int(token.text))
        self.i += 1  # HTMLEntityEnd
        return html.unescape(f"&{token.text};")

    def tag(self, opening) -> Tag:
        tokens = self.tokens
        name_nodes = self.nodes(_TAG_NAME_END)
        name = "".join([n for n in name_nodes if type(n) is str]).strip().lower()
        contents: Nodes | None = None
        while self.i < len(tokens):
            kind = type(tokens[self.i])
            self.i += 1
            if kind is T.TagAttrStart:  # attributes are not shown: parse past them
                self.nodes(_TAG_NAME_END)
            elif kind is T.TagCloseOpen:
                contents = self.nodes((T.TagOpenClose,))
            elif kind is T.TagOpenClose:
                self.nodes((T.TagCloseClose,))
            elif kind is T.TagCloseSelfclose or kind is T.TagCloseClose:
                break
        return Tag(name, contents, opening.wiki_markup)


_TAG_NAME_END = (T.TagAttrStart, T.TagCloseOpen, T.TagCloseSelfclose)


# The highest numbered key read as a position: the list of positions is as long as the highest,
# so "{{x|999999999=y}}" in a dump must not become a list of a billion. No template of either
# edition reads a position near this; a higher number stays a named key, as "0=" and "²=" do
# (int() reads neither as a position: "²".isdigit() is True).
MAX_POSITION = 1000


def _template(name: Nodes, params: list[tuple[str | None, Nodes]]) -> Template:
    """A template from its name and its parameters in order: (key as written, or None for a
    positional one; value). Numbered keys (1=...) are positional, as MediaWiki reads them."""
    named: dict[str, Nodes] = {}
    numbered: dict[int, Nodes] = {}
    count = 0
    for key, value in params:
        if key is None:
            count += 1
            numbered[count] = value
        elif (key := key.strip()).isascii() and key.isdigit() and 0 < int(key) <= MAX_POSITION:
            numbered[int(key)] = value
        else:
            named[key] = value
    positional = [numbered.get(n, []) for n in range(1, max(numbered) + 1)] if numbered else []
    return Template(name, positional, named)


# Text made of plain text, [[links]] and templates whose arguments are plain text gives the same
# nodes without the tokenizer, read by regexes: a line of such pieces (most definition lines), or
# text of several lines made only of templates with whitespace between them (an entry's head:
# "{{Deutsch Substantiv Übersicht|Genus=m|...}}"). Nothing in it may open other markup: no tag,
# comment or entity (<>&), no '' (bold, italics), no NUL (the tokenizer stops there), no single
# bracket or brace, no URI scheme before a colon (a free or bracketed external link, even inside an
# argument or a link's text); a line opens with no list, heading or rule; in the text of several
# lines no argument line opens like one. A template name is words on one line, blanks around them.
_NAME = r"\s*[^\s{}\[\]<>&'|=\x00]+(?:[^\S\n]+[^\s{}\[\]<>&'|=\x00]+)*\s*"
_ARG_LINE = r"[^{}\[\]<>&|\n\x00]*+"
_ARG = rf"{_ARG_LINE}(?:\n(?![=*#:;\-]){_ARG_LINE})*+"
_SIMPLE_TEMPLATE = rf"\{{\{{({_NAME})((?:\|{_ARG})*+)\}}\}}"
_TEMPLATES_ONLY = re.compile(rf"\s*(?:{_SIMPLE_TEMPLATE}\s*)+")
_SIMPLE_TEMPLATE_RE = re.compile(_SIMPLE_TEMPLATE)
_LINE_TEXT = r"[^{}\[\]<>&\n\x00]"  # also a link's text, where "|" is text too
_LINK_TARGET = r"[^{}\[\]<>&|\n\x00]"
# a link's target does not open with "//" (a protocol-relative external link)
_PIECE = re.compile(
    rf"({_LINE_TEXT}++)"
    rf"|\[\[(?!//)({_LINK_TARGET}++)(?:\|({_LINE_TEXT}*+))?\]\]"
    rf"|{_SIMPLE_TEMPLATE}"
)
_TAG_OR_ENTITY = re.compile(r"[<>&]")  # a quick no for lines with references
# The tokenizer reads an external link at "scheme:" where the scheme is every letter and digit
# before the colon (mwparserfromhell.definitions.URI_SCHEMES; any case); refusing each such colon,
# with or without the "//" some schemes need, refuses a superset of what it reads as links.
_URI_SCHEME = re.compile(rf"(?<![A-Za-z0-9])(?:{'|'.join(sorted(URI_SCHEMES))}):", re.IGNORECASE)
_LINE_START_MARKUP = frozenset("#*;:=-")  # lists, headings and rules open at a line's start


def _plain_nodes(text: str) -> Nodes | None:
    """parse() of text made of the pieces described above, read without the tokenizer; None for
    other text."""
    if "''" in text:
        return None
    several_lines = "\n" in text
    if several_lines:
        if _TEMPLATES_ONLY.fullmatch(text) is None:
            return None
    elif text[:1] in _LINE_START_MARKUP or _TAG_OR_ENTITY.search(text):
        return None
    if ":" in text and _URI_SCHEME.search(text):
        return None
    return _templates_only(text) if several_lines else _line_nodes(text)


def _line_nodes(text: str) -> Nodes | None:
    """The nodes of one line of _PIECEs; None if something else is in it."""
    out: Nodes = []
    end = 0
    for match in _PIECE.finditer(text):
        if match.start() != end:
            return None
        end = match.end()
        plain_text, target, shown, name, args = match.groups()
        if plain_text is not None:
            out.append(plain_text)
        elif target is not None:
            out.append(Link([target], None if shown is None else [shown] if shown else []))
        else:
            out.append(_simple_template(name, args))
    return out if end == len(text) else None


def _templates_only(text: str) -> Nodes:
    """The nodes of text that _TEMPLATES_ONLY matches."""
    out: Nodes = []
    end = 0
    for match in _SIMPLE_TEMPLATE_RE.finditer(text):
        if match.start() > end:
            out.append(text[end : match.start()])
        out.append(_simple_template(match.group(1), match.group(2)))
        end = match.end()
    if end < len(text):
        out.append(text[end:])
    return out


def _simple_template(name: str, args: str) -> Template:
    """The Template of {{name<args>}} whose arguments ("|a|k=v|...") are plain text."""
    params: list[tuple[str | None, Nodes]] = []
    for param in args.split("|")[1:]:
        key, equals, value = param.partition("=")
        if equals:
            params.append((key, [value] if value else []))
        else:
            params.append((None, [param] if param else []))
    return _template([name], params)


def _codepoint(number: int) -> str:
    try:
        return chr(number)
    except (ValueError, OverflowError):
        return "\ufffd"
