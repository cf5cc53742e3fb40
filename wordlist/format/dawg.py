"""words.dawg: the byte layout of a dawg2 (dawgdic) completion DAWG, checked before anything reads it.

    uint32 n                      number of dictionary units (little-endian, like everything here)
    n x uint32                    the units (double-array): bits 0-7 label, bit 8 has-leaf,
                                  bit 9 extension, bits 10-31 offset; a leaf unit has bit 31 set
                                  and its value in bits 0-30
    uint32 m                      number of guide units (m == n)
    m x (uint8 child, uint8 sibling)   the completion guide

docs/FORMAT.md explains how to follow a byte, find a value and list a node's children.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from wordlist.format.base import FormatError

IS_LEAF = 1 << 31
HAS_LEAF = 1 << 8
EXTENSION = 1 << 9
LABEL_MASK = IS_LEAF | 0xFF
ROOT = 0


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
