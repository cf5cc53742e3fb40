"""Sort a stream's pages before parsing them: most pages of a dump are never read.

Of the real English dump's millions of pages, most are outside the main namespace, redirects, or
without a section in the edition's language; parsing their XML and building a Page for each costs
more than the extraction of the rest. In a Wikimedia dump every page starts with the same lines
(``<title>``, ``<ns>``, ``<id>``, then ``<redirect .../>`` for a redirect) and markup inside text
is escaped, so those facts and "the text contains the marker" can be read off the raw bytes.

The verdicts are those of parsing every page: a page is passed over only when it would certainly
be skipped; anything else (a text redirect without <redirect>, another content model, several
revisions, text starting with a space) stays a candidate for the full path. A stream where
anything is unusual (a page of another shape, comments, CDATA, character references) is left
whole to the full path. Passed-over pages are not checked for well-formed XML.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass

from wordlist_pipeline.dump.limit import too_large

# Why a page was passed over; the extraction reports these counts as skip reasons.
OTHER_NAMESPACE = "not in the main namespace"
REDIRECT = "redirect"
WITHOUT_MARKER = "without marker"

# One pass finds every fact that is read off a tag. Each alternative starts with "<", so the regex
# engine skips from one "<" to the next (an alternation without a common first character would
# be tried at every byte, four times slower), and only the page's own groups capture (a capture
# in each alternative costs a third more); a match is told by its groups and its second byte:
#   group 1    a <page> with MediaWiki's usual first lines: its namespace (numbers of a sane length
#              only: anything longer, which int() refuses at 4,300 digits, takes the full path,
#              which reports the page as malformed), and group 2 if <redirect> follows the id
#   <t, <m     what makes a page worth parsing besides the marker: text that may be a text
#              redirect ("#...", maybe after spaces, which Python's str.isspace also finds among
#              non-ASCII characters), or a content model other than wikitext
#   otherwise  what the prefilter cannot read: a <page> without the usual first lines or with
#              attributes, a <redirect> elsewhere than right after the id, comments, CDATA,
#              processing instructions
_SCAN = re.compile(
    rb"<(?:page>(?:\s*<title>[^<]*</title>\s*<ns>(-?\d{1,9})</ns>\s*<id>\d{1,19}</id>\s*(<redirect\b)?)?"
    rb"|text\b[^>/]*>[#\s\x80-\xff]|model>(?!wikitext</model>)"
    rb"|redirect\b|page\b|[!?])"
)
_FLAGS = b"tm"
# Character references are not in MediaWiki's output, and could hide the marker. (A regex: it
# finds these two bytes three times faster than bytes.find.)
_CHARACTER_REFERENCE = re.compile(rb"&#")


@dataclass(frozen=True, slots=True)
class Triage:
    candidates: bytes  # the <page> elements worth parsing, in dump order, concatenated
    passed_over: Counter  # reason -> pages


def triage(body: bytes, marker: str, max_page_bytes: int | None = None) -> Triage | None:
    """Sort the <page> elements of `body` (a stream without its root), given that only a page
    containing `marker` can hold an entry. None: the stream needs the full path. A page of more
    than `max_page_bytes` (from "<page" to "</page>", as dump.limit measures it) is passed over
    as too_large(max_page_bytes), whatever it is.

    The facts are found by whole-stream passes (one regex, and a find loop for the marker) and
    mapped to their page by position: a pass runs in C, while Python work per byte or per page
    would cost as much as the parsing it saves.
    """
    if _CHARACTER_REFERENCE.search(body):
        return None
    starts: list[int] = []
    verdicts: list[str | None] = []  # per page: why it is passed over, or None for an article
    flagged: set[int] = set()  # pages to parse, if articles
    for match in _SCAN.finditer(body):
        namespace, redirect = match.groups()
        if namespace is not None:
            starts.append(match.start())
            if namespace != b"0" and int(namespace) != 0:
                verdicts.append(OTHER_NAMESPACE)
            else:
                verdicts.append(None if redirect is None else REDIRECT)
        elif body[match.start() + 1] in _FLAGS and starts:
            flagged.add(len(starts) - 1)
        else:
            return None
    if not starts or starts[0] != 0:
        return None
    starts.append(len(body))
    if max_page_bytes is not None:
        _pass_over_large_pages(body, starts, verdicts, max_page_bytes)
    needle = marker.encode()
    found = body.find(needle)
    while found >= 0:  # a page's first mention of the marker is enough: search on from the next page
        page = bisect_right(starts, found) - 1
        flagged.add(page)
        found = body.find(needle, starts[page + 1])
    candidates = [body[starts[page] : starts[page + 1]] for page in sorted(flagged) if verdicts[page] is None]
    passed_over = Counter(verdicts)
    without_marker = passed_over.pop(None, 0) - len(candidates)
    if without_marker:
        passed_over[WITHOUT_MARKER] = without_marker
    return Triage(b"".join(candidates), passed_over)


def _pass_over_large_pages(body: bytes, starts: list[int], verdicts: list[str | None], cap: int) -> None:
    """Give every page larger than `cap` the verdict too_large(cap): its span to the next page's
    start is an upper bound of its size, measured exactly only when it exceeds the cap."""
    reason = too_large(cap)
    for page in range(len(verdicts)):
        start, following = starts[page], starts[page + 1]
        if following - start > cap:
            end = body.rfind(_PAGE_END, start, following)
            if (following if end < 0 else end + len(_PAGE_END)) - start > cap:
                verdicts[page] = reason


_PAGE_END = b"</page>"


# Reading the candidates without an XML parser (which builds a tree of every element, and then
# page_from_element an object for each: a fifth of a German build's CPU). Markup inside a text is
# escaped, so every "<" in the candidates opens a tag. A walk from "<" to "<" checks what an XML
# parser checks (names, attributes, every element closed by its own end tag) and reads the fields
# a Page takes as page_from_element reads them from the tree, copying nothing else. One pass
# beforehand rules out what would make the text ill-formed or read otherwise: control characters
# and carriage returns (a parser rewrites "\r\n"), U+FFFE and U+FFFF, "]]>", and "&" other than
# the five predefined entities (triage already sent "&#" to the full path). Anything else unusual
# sends the whole range to the XML parser, which then gives the same pages or reports the exact
# fault.
_WS = " \t\n"
_NAME = "[A-Za-z_][A-Za-z0-9_.-]*"
_TAG = re.compile(  # a start tag's inside: its name, attributes (xml: the only prefix), an empty tag's "/"
    rf"""({_NAME})((?:[{_WS}]+(?:xml:)?{_NAME}[{_WS}]*=[{_WS}]*(?:"[^"<]*"|'[^'<]*'))*)[{_WS}]*/?"""
)
_ATTRIBUTE_NAME = re.compile(rf"[{_WS}]+((?:xml:)?{_NAME})[{_WS}]*=")
_CONTROL_BYTES = bytes([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)]) + b"\r"
_NON_CHARACTERS = ("\ufffe".encode(), "\uffff".encode())
_NON_CHARACTER_LEAD = _NON_CHARACTERS[0][:2]  # both start so (as does any U+FFxx): looked for first
_OTHER_REFERENCE = re.compile(rb"&(?!(?:lt|gt|amp|quot|apos);)")
# A page as MediaWiki writes it (a fixed order of elements, no attributes but the text's), read
# whole by one match: the walk's work per tag, done by the regex engine. Such markup is
# well-formed given the pass beforehand; a page of any other shape is walked.
_BLANK = f"[{_WS}]*"
_NUMBER = "[0-9]{1,19}"  # (as the walk checks <ns> and <id>: ASCII digits, a sane length)
_USUAL_PAGE = re.compile(
    f"<page>{_BLANK}<title>([^<]*)</title>{_BLANK}<ns>({_NUMBER})</ns>{_BLANK}<id>({_NUMBER})</id>{_BLANK}"
    f"(?:<restrictions>[^<]*</restrictions>{_BLANK})?"
    f"<revision>{_BLANK}<id>{_NUMBER}</id>{_BLANK}(?:<parentid>{_NUMBER}</parentid>{_BLANK})?"
    f"<timestamp>([^<]+)</timestamp>{_BLANK}"
    f"(?:<contributor>{_BLANK}(?:<username>[^<]*</username>{_BLANK}<id>{_NUMBER}</id>|<ip>[^<]*</ip>){_BLANK}"
    f'</contributor>|<contributor deleted="deleted" />){_BLANK}(?:<minor />{_BLANK})?'
    f'(?:(?:<comment>[^<]*</comment>|<comment deleted="deleted" />){_BLANK})?'
    f"(?:<origin>{_NUMBER}</origin>{_BLANK})?<model>([^<]+)</model>{_BLANK}<format>[^<]*</format>{_BLANK}"
    f'<text(?: bytes="{_NUMBER}")?(?: sha1="[0-9a-z]{{0,40}}")? xml:space="preserve">([^<]*)</text>{_BLANK}'
    f"(?:<sha1>[^<]*</sha1>{_BLANK})?</revision>{_BLANK}</page>{_BLANK}"
)
# Start tags checked before, by their inside: (name, empty). A dump has a handful (the bound is
# for a dump that does not).
_KNOWN_TAGS: dict[str, tuple[str, bool]] = {}

# title, namespace, page id, timestamp, text, content model: what a Page takes from the markup
PageFields = tuple[str, int, int, str | None, str, str | None]


def read_candidates(candidates: bytes) -> list[PageFields] | None:
    """The fields of each page in `candidates` (as triage gives them), read as an XML parser
    would read them; None if anything is unusual (the caller then parses the XML).
    """
    if (
        len(candidates.translate(None, _CONTROL_BYTES)) != len(candidates)  # one pass, in C
        or b"]]>" in candidates
        or (
            _NON_CHARACTER_LEAD in candidates
            and (_NON_CHARACTERS[0] in candidates or _NON_CHARACTERS[1] in candidates)
        )
        or _OTHER_REFERENCE.search(candidates)
    ):
        return None
    try:
        markup = candidates.decode()
    except UnicodeDecodeError:
        return None
    pages: list[PageFields] = []
    position, size = 0, len(markup)
    while position < size:
        usual = _USUAL_PAGE.match(markup, position)
        if usual is not None:
            title, namespace, page_id, timestamp, model, text = usual.groups()
            pages.append(
                (
                    _unescape(title),
                    int(namespace),
                    int(page_id),
                    _unescape(timestamp),
                    _unescape(text),
                    _unescape(model),
                )
            )
            position = usual.end()
            continue
        # a page of another shape: walked, up to where the next tag after its end tag begins
        close = markup.find("</page>", position)
        following = markup.find("<", close + 1) if close >= 0 else -1
        end = following if following >= 0 else size
        walked = _walk(markup[position:end])
        if walked is None:
            return None
        pages.extend(walked)
        position = end
    return pages


def _walk(markup: str) -> list[PageFields] | None:
    """The fields of the pages in `markup`, read by walking from tag to tag; None if unusual."""
    size = len(markup)
    pages: list[PageFields] = []
    open_names: list[str] = []  # the elements the walk is in, outermost first
    text_starts: list[int] = []  # for each, where its text begins (an element's .text: up to the next "<")
    title: str | None = None
    namespace = page_id = -1
    timestamp: str | None = None
    text: str | None = None
    model: str | None = None
    position = markup.find("<")  # every "<" starts a tag: markup in texts is escaped
    if position < 0 or not _blank(markup, 0, position):
        return None
    while position >= 0:
        if markup[position + 1 : position + 2] == "/":  # an end tag: it must close the innermost element
            if not open_names:
                return None
            name = open_names.pop()
            start = text_starts.pop()
            name_end = position + 2 + len(name)
            end = markup.find(">", name_end)
            if end < 0 or not markup.startswith(name, position + 2) or not _blank(markup, name_end, end):
                return None
            depth = len(open_names)
            if depth == 2:
                if open_names[1] == "revision" and name in _REVISION_FIELDS:  # the last one counts
                    value = _text_at(markup, start, position)
                    if name == "text":
                        text = value
                    elif name == "timestamp":
                        timestamp = value or None  # an empty element's text is None
                    else:
                        model = value or None
            elif depth == 1:  # a child of <page>
                if name in _PAGE_FIELDS:
                    value = _text_at(markup, start, position)
                    if name == "title":
                        title = value
                    elif name == "redirect":
                        return None  # (triage passes such pages over)
                    elif not (value.isascii() and value.isdigit() and len(value) <= 19):
                        return None  # (triage read <ns> and <id> as numbers: this is not the usual shape)
                    elif name == "ns":
                        namespace = int(value)
                    else:
                        page_id = int(value)
            elif depth == 0:  # </page>
                if title is None or page_id < 0 or namespace < 0:
                    return None
                pages.append((title, namespace, page_id, timestamp, text or "", model))
                title, namespace, page_id, timestamp, text, model = None, -1, -1, None, None, None
        else:
            end = markup.find(">", position)
            if end < 0:
                return None
            tag = markup[position + 1 : end]
            known = _KNOWN_TAGS.get(tag)
            if known is None:
                known = _TEXT if _is_usual_text_tag(tag) else _start_tag(tag)
                if known is None:
                    return None
            name, empty = known
            depth = len(open_names)
            if depth == 0 and (name != "page" or empty):
                return None  # an element between pages: the XML path reads it as a page, and refuses it
            if not empty:
                open_names.append(name)
                text_starts.append(end + 1)
            elif (depth == 1 and name in _PAGE_FIELDS) or (depth == 2 and name in _REVISION_FIELDS):
                return None  # <x/>, x a field: not the usual shape
        position = markup.find("<", end)
        if not open_names and not _blank(markup, end + 1, size if position < 0 else position):
            return None  # text between pages: not the usual shape
    return pages if not open_names else None


_TEXT = ("text", False)
_TEXT_TAG_START = 'text bytes="'
_TEXT_TAG_END = '" xml:space="preserve"'


def _is_usual_text_tag(tag: str) -> bool:
    """Whether a start tag's inside is MediaWiki's own <text bytes="N" xml:space="preserve">, which
    differs from page to page by its N (so it is not cached) and is checked faster than by _TAG."""
    end = len(tag) - len(_TEXT_TAG_END)
    return (
        tag.startswith(_TEXT_TAG_START)
        and tag.endswith(_TEXT_TAG_END)
        and end > len(_TEXT_TAG_START)
        and tag[len(_TEXT_TAG_START) : end].isdigit()
        and tag.isascii()
    )


def _blank(markup: str, start: int, end: int) -> bool:
    """Whether markup[start:end] is XML white space only (it is short: between tags)."""
    return not markup[start:end].strip(_WS)


def _text_at(markup: str, start: int, end: int) -> str:
    """An element's text from where its start tag ends to the next tag."""
    next_tag = markup.find("<", start, end)
    return _unescape(markup[start : end if next_tag < 0 else next_tag])


# The fields page_from_element reads, by the element they are in.
_PAGE_FIELDS = frozenset({"title", "ns", "id", "redirect"})
_REVISION_FIELDS = frozenset({"text", "timestamp", "model"})


def _start_tag(inside: str) -> tuple[str, bool] | None:
    """(name, empty) of a start tag from what is between its "<" and ">"; None if ill-formed."""
    match = _TAG.fullmatch(inside)
    if match is None:
        return None
    name, attributes = match.group(1, 2)
    if attributes:
        names = _ATTRIBUTE_NAME.findall(attributes)
        if len(set(names)) != len(names):  # a repeated attribute
            return None
    if len(_KNOWN_TAGS) < 1000:
        _KNOWN_TAGS[inside] = (name, inside.endswith("/"))
    return name, inside.endswith("/")


def _unescape(text: str) -> str:
    """XML's predefined entities replaced (the only references left once read_candidates has
    looked: every "&" starts one of the five)."""
    at = text.find("&")
    if at < 0:
        return text
    # one pass from "&" to "&" (five str.replace passes cost three times as much on a long text)
    pieces: list[str] = []
    start = 0
    while at >= 0:
        pieces.append(text[start:at])
        end = text.find(";", at + 2, at + 6)
        pieces.append(_ENTITIES[text[at + 1 : end]])
        start = end + 1
        at = text.find("&", start)
    pieces.append(text[start:])
    return "".join(pieces)


_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}
