"""Walk a word list's DAWG letter by letter: the one graph shared by queries and game bots.

dawg2 stores its DAWG as a dawgdic double array: a header word with the unit count, then 32-bit
units. A unit holds a label byte, a has-leaf flag and the offset to its children; following byte
b from unit i goes to ``i ^ offset(i) ^ b`` if that unit's label is b. A word ends where a unit
has a leaf child, whose value (here: the part-of-speech mask) sits at ``i ^ offset(i)``. A
completion DAWG adds a guide after the units: for each unit, the label of its first child and of
its next sibling, so a node's children can be listed without trying every byte. Keys are UTF-8,
so a letter such as ä is two steps; `Graph` walks whole letters of a given alphabet and remembers
each node's transitions, which is what makes repeated searches (a bot's move generation) fast in
pure Python.
"""

from __future__ import annotations

import struct
import sys
from array import array

from wordlist.errors import ArtefactError

_IS_LEAF = 1 << 31
_HAS_LEAF = 1 << 8
_EXTENSION = 1 << 9
_LABEL_MASK = _IS_LEAF | 0xFF
ROOT = 0


class Graph:
    """A read-only walk over the DAWG of a word list (the dictionary part of a dawg2 file)."""

    __slots__ = ("_by_first_byte", "_children", "_guide", "_letter_bytes", "_units", "letters")

    def __init__(self, data: bytes, letters: str, *, source: str = "dawg") -> None:
        if len(data) < 4:
            raise ArtefactError(f"{source}: too short to be a DAWG")
        (count,) = struct.unpack_from("<I", data, 0)
        if count == 0 or 4 + 4 * count > len(data):
            raise ArtefactError(f"{source}: the DAWG header announces {count} units but the file is shorter")
        units = array("I")
        if units.itemsize != 4:  # pragma: no cover - every platform Python runs on today has 4-byte 'I'
            units = array("L")
        units.frombytes(data[4 : 4 + 4 * count])
        if sys.byteorder != "little":  # pragma: no cover - dawgdic files are little-endian
            units.byteswap()
        self._units = units
        self.letters = letters
        self._letter_bytes = [(letter, tuple(letter.encode("utf-8"))) for letter in letters]
        self._by_first_byte: dict[int, list[tuple[str, tuple[int, ...]]]] = {}
        for letter, encoded in self._letter_bytes:
            self._by_first_byte.setdefault(encoded[0], []).append((letter, encoded[1:]))
        self._guide = _read_guide(data, 4 + 4 * count)
        self._children: dict[int, dict[str, int]] = {}

    def _follow_byte(self, node: int, byte: int) -> int:
        unit = self._units[node]
        child = node ^ ((unit >> 10) << ((unit & _EXTENSION) >> 6)) ^ byte
        return child if self._units[child] & _LABEL_MASK == byte else -1

    def children(self, node: int) -> dict[str, int]:
        """{letter: child node} for the letters of the alphabet that continue some word from `node`."""
        found = self._children.get(node)
        if found is None:
            found = self._listed_children(node) if self._guide is not None else self._tried_children(node)
            self._children[node] = found
        return found

    def _follow_bytes(self, node: int, encoded: tuple[int, ...]) -> int:
        for byte in encoded:
            node = self._follow_byte(node, byte)
            if node < 0:
                break
        return node

    def _listed_children(self, node: int) -> dict[str, int]:
        """Children from the guide: only the bytes that exist, then the rest of multi-byte letters."""
        guide = self._guide
        found: dict[str, int] = {}
        label = guide[2 * node]
        while label:
            child = self._follow_byte(node, label)
            for letter, rest in self._by_first_byte.get(label, ()):
                end = self._follow_bytes(child, rest)
                if end >= 0:
                    found[letter] = end
            label = guide[2 * child + 1]
        return found

    def _tried_children(self, node: int) -> dict[str, int]:
        """Children found by trying every letter of the alphabet (a DAWG file without a guide)."""
        found: dict[str, int] = {}
        for letter, encoded in self._letter_bytes:
            child = self._follow_bytes(node, encoded)
            if child >= 0:
                found[letter] = child
        return found

    def follow(self, node: int, letter: str) -> int | None:
        return self.children(node).get(letter)

    def find(self, word: str, node: int = ROOT) -> int | None:
        """The node reached by spelling `word` from `node`, or None if no word starts so."""
        for letter in word:
            node = self.children(node).get(letter)
            if node is None:
                return None
        return node

    def value(self, node: int) -> int | None:
        """The value stored for the word ending at `node` (its part-of-speech mask), or None."""
        unit = self._units[node]
        if not unit & _HAS_LEAF:
            return None
        return self._units[node ^ ((unit >> 10) << ((unit & _EXTENSION) >> 6))] & ~_IS_LEAF


def _read_guide(data: bytes, start: int) -> bytes | None:
    """The completion guide after the units (2 bytes per unit: first child, next sibling), if present."""
    if len(data) < start + 4:
        return None
    (count,) = struct.unpack_from("<I", data, start)
    end = start + 4 + 2 * count
    return data[start + 4 : end] if count and end <= len(data) else None
