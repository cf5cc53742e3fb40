"""words.dawg: the byte layout of a dawg2 (dawgdic) completion DAWG, checked before anything reads it.

    uint32 n                      number of dictionary units (little-endian, like everything here)
    n x uint32                    the units (double-array): bits 0-7 label, bit 8 has-leaf,
                                  bit 9 extension, bits 10-31 offset; a leaf unit has bit 31 set
                                  and its value in bits 0-30
    uint32 m                      number of guide units (m == n)
    m x (uint8 child, uint8 sibling)   the completion guide

docs/FORMAT.md explains how to follow a byte, find a value and list a node's children.

Only `dawg_bytes` (the writer) uses dawg2; every reader goes through `wordlist.graph.Graph`.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain

from wordlist.errors import ArgumentTypeError
from wordlist.format.base import FormatError

IS_LEAF = 1 << 31
HAS_LEAF = 1 << 8
EXTENSION = 1 << 9
LABEL_MASK = IS_LEAF | 0xFF
VALUE_MASK = ~IS_LEAF & 0xFFFFFFFF
ROOT = 0
# A reader's walks stop at the longest word (limits.MAX_WORD_LENGTH letters, at most 4 UTF-8 bytes
# a letter): a longer key is a damaged file (a cycle).
EMPTY_UNITS = 256  # dawgdic's smallest block

# A list of no words. dawg2 writes one without a guide (M = 0, against M == N) whose filler units
# follow from the root by every byte but 1; this one has a guide like any other: the root's
# children would lie at unit 1 ^ byte, all 0 (no label matches) but unit 1, a leaf, so that byte
# 0 does not match either (dawgdic's own completer would loop there). Nothing follows from the root.
EMPTY_DAWG = (
    struct.pack("<III", EMPTY_UNITS, 1 << 10, IS_LEAF)
    + bytes(4 * (EMPTY_UNITS - 2))
    + struct.pack("<I", EMPTY_UNITS)
    + bytes(2 * EMPTY_UNITS)
)


@dataclass(frozen=True)
class DawgLayout:
    """Where the parts of a words.dawg file lie: its number of dictionary units and the guide's offset."""

    units: int  # number of dictionary units
    guide: int | None  # byte offset of the guide's units, None for a DAWG without a guide


def dawg_layout(data: bytes, *, guide_required: bool = True) -> DawgLayout:
    """The layout of a DAWG file, its header checked against its size before anything is allocated.

    A completion DAWG is exactly 4 + 4n + 4 + 2n bytes; without `guide_required` a plain
    dictionary of 4 + 4n bytes is accepted too (dawg2's IntDAWG). FormatError says what is wrong.
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise ArgumentTypeError(f"a DAWG is bytes, not {type(data).__name__}")
    size = len(data)
    if size < 8:
        raise FormatError(f"{size} bytes: too short to be a DAWG")
    (units,) = struct.unpack_from("<I", data, 0)
    end = 4 + 4 * units
    if units == 0 or end > size:
        raise FormatError(f"the header announces {units:,} units ({end:,} bytes) but the file has {size:,}")
    if end == size and not guide_required:
        return DawgLayout(units, None)
    if end + 4 > size:
        raise FormatError(f"{size:,} bytes: no completion guide after the {units:,} units")
    (guide,) = struct.unpack_from("<I", data, end)
    if guide != units or end + 4 + 2 * guide != size:
        raise FormatError(
            f"the guide announces {guide:,} units ({end + 4 + 2 * guide:,} bytes in all) for {units:,} "
            f"dictionary units, but the file has {size:,} bytes"
        )
    return DawgLayout(units, end + 4)


def dawg_bytes(pairs: Iterable[tuple[str, int]]) -> bytes:
    """The bytes of words.dawg for (word, value) pairs sorted by word: dawg2's IntCompletionDAWG,
    or `EMPTY_DAWG` for no pairs. The one writer of the file (the pipeline and Lexicon.from_words).
    Pairs it cannot write (unsorted, a key with NUL or a lone surrogate, a value that is not a
    whole number from 0 to 2**31 - 1) are a FormatError."""
    import dawg  # only here: reading a list never imports dawg2

    if not isinstance(pairs, Iterable):
        raise ArgumentTypeError(f"a DAWG is written from (word, value) pairs, not {type(pairs).__name__}")
    pairs = iter(pairs)
    first = next(pairs, None)
    if first is None:
        return EMPTY_DAWG
    try:  # (dawg2 checks each pair as it inserts it: nothing to do per pair here)
        return dawg.IntCompletionDAWG(chain((first,), pairs), input_is_sorted=True).tobytes()
    except (dawg.Error, TypeError, ValueError, OverflowError) as error:
        raise FormatError(f"the words cannot be written as a DAWG ({error})") from None
