"""Walk a word list's DAWG letter by letter: the one graph shared by queries and game bots.

The file's layout is documented in docs/FORMAT.md and checked by `wordlist.format.dawg`: a dawgdic
double array of 32-bit units (a label byte, a has-leaf flag, the offset to the children),
following byte b from unit i goes to ``i ^ offset(i) ^ b`` if that unit's label is b; a word ends
where a unit has a leaf, whose value (the part-of-speech mask) sits at ``i ^ offset(i)``. The
completion guide after the units gives each unit's first child and next sibling label, so a
node's children are listed without trying every byte. Keys are UTF-8, so a letter such as ä is
two steps; `Graph` walks whole letters of a given alphabet and remembers each node's transitions,
which is what makes repeated searches (a bot's move generation) fast in pure Python.

A Graph is safe to share between threads: its units never change, and its memo of transitions
only ever gains complete entries (a race computes the same entry twice).

`Graph.compiled` is the games' move generators in C over the same units (wordlist/_movegen.c,
built at install where a compiler is): the games use it when it is there, and their Python
generators (the reference) otherwise, or when $WORDLIST_PYTHON_MOVEGEN is set to anything but 0.
"""

from __future__ import annotations

import os
import sys
from array import array

from wordlist.errors import ArtefactError
from wordlist.format.base import FormatError
from wordlist.format.dawg import EXTENSION as _EXTENSION
from wordlist.format.dawg import HAS_LEAF as _HAS_LEAF
from wordlist.format.dawg import IS_LEAF as _IS_LEAF
from wordlist.format.dawg import LABEL_MASK as _LABEL_MASK
from wordlist.format.dawg import ROOT, dawg_layout
from wordlist.format.limits import COMPILED_LETTERS

try:  # the games' move generators in C, optional: without a compiler the Python ones are used
    from wordlist import _movegen
except ImportError:  # pragma: no cover - the extension is built wherever the tests run
    _movegen = None

__all__ = ["COMPILED", "PYTHON_MOVEGEN_ENV", "ROOT", "Graph"]

PYTHON_MOVEGEN_ENV = "WORDLIST_PYTHON_MOVEGEN"
# Read at every search, so a test (or a debugging session) can switch to the reference generators.
COMPILED = _movegen is not None and os.environ.get(PYTHON_MOVEGEN_ENV, "0") in ("", "0")


def _compiled_core(units: array, guide: bytes | None, letters: str) -> _movegen.Graph | None:
    """The compiled core over these same units (the array's buffer, no copy), where it is built
    and takes the alphabet."""
    if _movegen is None or len(letters) > COMPILED_LETTERS:
        return None
    try:
        return _movegen.Graph(units, guide, letters)
    except ValueError:  # letters an Alphabet refuses (twice the same): the Python walk copes
        return None


class Graph:
    """A read-only walk over the DAWG of a word list (the dictionary part of a dawg2 file)."""

    __slots__ = ("_by_first_byte", "_children", "_compiled", "_guide", "_letter_bytes", "_units", "letters")

    def __init__(self, data: bytes, letters: str, *, source: str = "dawg") -> None:
        try:
            layout = dawg_layout(data, guide_required=False)  # the header checked before any allocation
        except FormatError as error:
            raise ArtefactError(f"{source}: not a valid DAWG: {error}") from None
        count = layout.units
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
        self._guide = data[layout.guide : layout.guide + 2 * count] if layout.guide is not None else None
        self._children: dict[int, dict[str, int]] = {}
        self._compiled = _compiled_core(units, self._guide, letters)

    def __getstate__(self) -> dict:
        # (a copy or a pickle makes its own compiled core: the C object does not pickle)
        return {name: getattr(self, name) for name in self.__slots__ if name != "_compiled"}

    def __setstate__(self, state: dict) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._compiled = _compiled_core(self._units, self._guide, self.letters)

    @property
    def compiled(self) -> _movegen.Graph | None:
        """The move generators in C over this graph, or None: not built, an alphabet of more than
        64 letters, or switched off (`COMPILED`, $WORDLIST_PYTHON_MOVEGEN)."""
        return self._compiled if COMPILED else None

    def _follow_byte(self, node: int, byte: int) -> int:
        unit = self._units[node]
        child = node ^ ((unit >> 10) << ((unit & _EXTENSION) >> 6)) ^ byte
        # (bounds checked: a damaged file with a matching manifest must not raise IndexError)
        return child if child < len(self._units) and self._units[child] & _LABEL_MASK == byte else -1

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
        for _ in range(256):  # a node has at most 256 labels: a damaged guide cannot loop forever
            if not label:
                break
            child = self._follow_byte(node, label)
            if child < 0:
                break
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
        """The node reached from `node` by `letter`, or None."""
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
        leaf = node ^ ((unit >> 10) << ((unit & _EXTENSION) >> 6))
        return self._units[leaf] & ~_IS_LEAF if leaf < len(self._units) else None
