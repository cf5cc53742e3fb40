"""Text from files and players, made safe to show: player names checked, data escaped for a terminal.

A player's name or a word's definition may come from a file anyone can edit (a saved game, a word
list). Printed raw in a terminal, its control characters could retitle the window, clear the
screen or forge a line ("Bot wins"); its direction marks and invisible characters could make it
read as another text. `HIDDEN` characters are those: a name may hold none (`check_name`, which the
games and the HTTP server's models both use), and `escaped` shows any in other data as a Python
string literal would (ESC as ``\\x1b``, a right-to-left override as ``\\u202e``):

- Unicode categories Cc (control characters: ESC, CR, BEL, new lines, ...), Cf (format: direction
  marks, embeddings and isolates, zero-width characters, the soft hyphen, tags), Co (private
  use), Cs (surrogates), Zl and Zp (the line and paragraph separators);
- characters of other categories that show as nothing (`INVISIBLE`): U+034F COMBINING GRAPHEME
  JOINER, U+115F and U+1160 HANGUL CHOSEONG and JUNGSEONG FILLER, U+17B4 and U+17B5 KHMER VOWEL
  INHERENT AQ and AA, U+180B to U+180F MONGOLIAN FREE VARIATION SELECTORS, U+2800 BRAILLE
  PATTERN BLANK, U+3164 HANGUL FILLER, U+FE00 to U+FE0F VARIATION SELECTORS, U+FFA0 HALFWIDTH
  HANGUL FILLER, U+E0100 to U+E01EF VARIATION SELECTORS SUPPLEMENT.

A name is also refused what shows as no name or as more than one line: an unassigned code point
(Cn, noncharacters such as U+FFFF and U+FDD0 included: no font has them), a combining mark with
no character before it to combine with, and more than MAX_MARKS_IN_A_ROW marks on one character
("A" and 39 stacked accents, drawn over the lines above and below).
"""

from __future__ import annotations

import unicodedata

from wordlist.errors import ArgumentTypeError, NameRefused
from wordlist.format.limits import MAX_MARKS_IN_A_ROW, MAX_NAME

HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Zl", "Zp"})
INVISIBLE = frozenset(
    map(
        chr,
        (
            0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, *range(0x180B, 0x1810), 0x2800, 0x3164,
            *range(0xFE00, 0xFE10), 0xFFA0, *range(0xE0100, 0xE01F0),
        ),
    )
)  # fmt: skip


def is_hidden(char: str) -> bool:
    """Whether `char` (one character) is HIDDEN: a control, format, private-use, surrogate or
    separator character, or one that shows as nothing."""
    return char in INVISIBLE or unicodedata.category(char) in HIDDEN_CATEGORIES


def _plain(text: str) -> bool:
    # str.isprintable() is False for every hidden category (and for spaces other than " "): the
    # common case, a printable text, is one C call
    return text.isprintable() and INVISIBLE.isdisjoint(text)


def check_name(name: object) -> str:
    """`name` if it can be a player's name: text of 1 to MAX_NAME characters, not blank, with no
    space at either end, no HIDDEN character or unassigned code point, starting with a character
    that is no combining mark, with at most MAX_MARKS_IN_A_ROW marks in a row; else NameRefused
    saying why."""
    if not isinstance(name, str):
        raise NameRefused(f"a name is text, not {type(name).__name__}")
    if not 1 <= len(name) <= MAX_NAME:
        raise NameRefused(f"a name has 1 to {MAX_NAME} characters, not {len(name)}")
    hidden = [] if _plain(name) else [i for i, c in enumerate(name) if is_hidden(c)]
    if hidden:
        first = hidden[0]
        raise NameRefused(
            f"a name has no control, format or invisible characters ({escaped(name[first])} at {first + 1})"
        )
    _check_shown(name)
    if not name.strip():
        raise NameRefused("a name is not blank")
    if name != name.strip():
        raise NameRefused("a name has no space at either end")
    return name


def _check_shown(name: str) -> None:
    """NameRefused if `name` holds an unassigned code point, starts with a combining mark or
    stacks more than MAX_MARKS_IN_A_ROW of them."""
    marks = 0  # in a row, up to this character
    for position, char in enumerate(name, 1):
        category = unicodedata.category(char)
        if category == "Cn":
            raise NameRefused(
                f"a name has no unassigned code points or noncharacters ({_escape(char)} at {position})"
            )
        if not category.startswith("M"):
            marks = 0
        elif position == 1:
            raise NameRefused(f"a name starts with a character, not a combining mark ({_escape(char)})")
        else:
            marks += 1
            if marks > MAX_MARKS_IN_A_ROW:
                raise NameRefused(
                    f"a name has at most {MAX_MARKS_IN_A_ROW} combining marks in a row (more from "
                    f"{position - marks + 1})"
                )


def escaped(text: str) -> str:
    """`text` with every HIDDEN character written as a Python string literal writes it (ESC as
    \\x1b, U+202E as \\u202e), so that printing it shows what it holds and does nothing else."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"escaped takes text, not {type(text).__name__}")
    if _plain(text):
        return text
    return "".join(_escape(c) if is_hidden(c) else c for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
