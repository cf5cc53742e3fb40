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


def triage(body: bytes, marker: str) -> Triage | None:
    """Sort the <page> elements of `body` (a stream without its root), given that only a page
    containing `marker` can hold an entry. None: the stream needs the full path.

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
