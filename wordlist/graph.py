"""Walk a word list's DAWG letter by letter: the one graph shared by queries and game bots.

The file's layout is documented in docs/FORMAT.md and checked by `wordlist.format.dawg`: a dawgdic
double array of 32-bit units (a label byte, a has-leaf flag, the offset to the children),
following byte b from unit i goes to ``i ^ offset(i) ^ b`` if that unit's label is b; a word ends
where a unit has a leaf, whose value (the part-of-speech mask) sits at ``i ^ offset(i)``. The
completion guide after the units gives each unit's first child and next sibling label, so a
node's children are listed without trying every byte. Keys are UTF-8, so a letter such as ä is
two steps; `Graph` walks whole letters of a given alphabet and remembers each node's transitions,
which is what makes repeated searches (a bot's move generation) fast in pure Python.

Every read of a word list's DAWG goes through this class (dawg2 only writes the file): a key's
node and value (`key_node`, `key_value`) and the keys below a node (`words`) in the C core where
wordlist/_core.c is built (core/include/wordlist.h owns the layout there), by the same Python
methods otherwise; letter by letter (`children`) for the searches and the bots. Every unit index
is checked before it is read.

Before its first listing or search a reader checks the whole graph once (`check`, the same pass
as the JavaScript reader's, docs/FORMAT.md): every guide consistent, no cycle, no path longer
than the longest word, no more keys than the manifest says. Found damaged, the list answers no
listing or search (an ArtefactError naming the file, "corrupt DAWG"); found sound, every walk
ends within its count. The walks still count and bound what they meet, and a branch below which
no key was found is walked once.

A Graph is safe to share between threads: its units never change, and its memo of transitions
only ever gains complete entries (a race computes the same entry twice).

`Graph.compiled` is the games' move generators in the C core over the same units (core/src,
bound by wordlist/_core.c, built at install where a compiler is): the games use it when it is
there, and their Python generators (the reference) otherwise, or when $WORDLIST_PYTHON_MOVEGEN is
set to anything but 0. The core enters a node (checks its guide) wherever the Python generators
list its children, so a damaged guide is the same ArtefactError from either.
"""

from __future__ import annotations

import os
import sys
from array import array

from wordlist.errors import ArgumentError, ArgumentTypeError, ArtefactError
from wordlist.format.base import FormatError
from wordlist.format.dawg import EXTENSION as _EXTENSION
from wordlist.format.dawg import HAS_LEAF as _HAS_LEAF
from wordlist.format.dawg import IS_LEAF as _IS_LEAF
from wordlist.format.dawg import LABEL_MASK as _LABEL_MASK
from wordlist.format.dawg import ROOT, dawg_layout
from wordlist.format.limits import COMPILED_LETTERS, MAX_KEY_BYTES, MAX_WORD_LENGTH

try:  # the C core: Graph's reads and the games' move generators; optional (the Python ones remain)
    from wordlist import _core
except ImportError:  # pragma: no cover - the extension is built wherever the tests run
    _core = None

__all__ = ["COMPILED", "MAX_WORD_LENGTH", "PYTHON_MOVEGEN_ENV", "ROOT", "CorruptGraph", "Graph"]

# What the C core raises for a damaged graph (a ValueError, private to the core; the Graph and the
# move generators turn it into an ArtefactError).
CorruptGraph: type[ValueError] = _core._CorruptGraph if _core is not None else ValueError
PYTHON_MOVEGEN_ENV = "WORDLIST_PYTHON_MOVEGEN"
# Read at every search, so a test (or a debugging session) can switch to the reference generators.
COMPILED = _core is not None and os.environ.get(PYTHON_MOVEGEN_ENV, "0") in ("", "0")
_MAX_KEY_BYTES = MAX_KEY_BYTES  # the most UTF-8 bytes of the longest word
# What a walk says of a damaged file (the C walker's words, so both raise the same message), and the
# check of the whole graph (the JavaScript reader's words too).
TOO_LONG = f"a key is longer than the longest word ({MAX_WORD_LENGTH} letters)"
TOO_MANY = "it holds more words than the manifest says ({most})"
NOT_UTF8 = "a key is not UTF-8"
BAD_GUIDE = "the completion guide of unit {node} is inconsistent"
CYCLE = "the graph has a cycle"
NO_GUIDE = "a DAWG without a completion guide cannot list its words"
MOST_CHECKED = 1 << 62  # the most keys `Graph.check` may be asked to allow (the C core counts to it)


def _compiled_core(units: array, guide: bytes | None, letters: str) -> _core.Graph | None:
    """The compiled core over these same units (the array's buffer, no copy: the core reads
    little-endian units), where it is built and takes the alphabet."""
    if _core is None or len(letters) > COMPILED_LETTERS or sys.byteorder != "little":
        return None
    try:
        return _core.Graph(units, guide, letters)
    except ValueError:  # letters an Alphabet refuses (twice the same): the Python walk copes
        return None


class Graph:
    """A read-only walk over the DAWG of a word list (the dictionary part of a dawg2 file)."""

    __slots__ = (
        "_by_first_byte", "_checked", "_children", "_compiled", "_guide", "_letter_bytes", "_units",
        "_walker", "key_value", "letters", "source",
    )  # fmt: skip

    def __init__(self, data: bytes, letters: str, *, source: str = "dawg") -> None:
        if not isinstance(letters, str) or not letters.isprintable():
            raise ArgumentTypeError(f"a graph's letters are printable text, not {letters!r:.40}")
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
        self._checked: tuple[int, int | str] | None = None  # (most, keys or what is damaged): `check`
        self.source = source
        self._compiled = _compiled_core(units, self._guide, letters)
        self._set_walker()

    def _set_walker(self) -> None:
        self._walker = _walker(self._units, self._guide, self._compiled)
        # `key_value(key)`: the value of `key` (its part-of-speech mask), or None if it is not a
        # key. The C method itself where there is one: it is on the path of every lookup.
        self.key_value = self._walker.value if self._walker is not None else self._key_value

    def __getstate__(self) -> dict:
        # (a copy or a pickle makes its own compiled parts: the C objects do not pickle)
        compiled = ("_compiled", "_walker", "key_value")
        return {name: getattr(self, name) for name in self.__slots__ if name not in compiled}

    def __setstate__(self, state: dict) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._compiled = _compiled_core(self._units, self._guide, self.letters)
        self._set_walker()

    def check(self, most: int) -> int:
        """The number of keys, once the whole graph reachable from the root is found sound: every
        guide label above the one before and naming a child, no cycle, no path of more than
        MAX_WORD_LENGTH letters or MAX_KEY_BYTES bytes, at most `most` keys (the empty key is
        none). Else an ArtefactError ("corrupt DAWG: ...") naming what was found first.

        One pass over the units reached (each once, however many paths lead to it), remembered:
        the C core's `wl_graph_check` and the JavaScript reader's `Dawg.shape` make the same pass
        in the same order, so all find a file damaged, or sound, before the same call. A race
        checks twice, alike."""
        if isinstance(most, bool) or not isinstance(most, int) or not 0 <= most <= MOST_CHECKED:
            raise ArgumentError(f"most: a whole number from 0 to {MOST_CHECKED}, not {most!r}")
        checked = self._checked
        if checked is None or checked[0] != most:
            try:  # the C core's pass where there is one (a 400,000-word list: 0.4 s in Python)
                count = self._walker.check(most) if self._walker is not None else _check_graph(self, most)
                checked = (most, count)
            except ArtefactError as error:  # (remembered too: a damaged file is walked once)
                checked = (most, str(error))
            except CorruptGraph as error:  # (the core's words)
                checked = (most, str(self.corrupt(str(error))))
            self._checked = checked
        if isinstance(checked[1], str):
            raise ArtefactError(checked[1])
        return checked[1]

    def corrupt(self, what: str) -> ArtefactError:
        """The error of a walk that found the file damaged: what is wrong, after the file's name."""
        return ArtefactError(f"{self.source}: corrupt DAWG: {what}")

    @property
    def compiled(self) -> _core.Graph | None:
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
        found: dict[str, int] = {}
        for label, child in self._labels(node):
            for letter, rest in self._by_first_byte.get(label, ()):
                end = self._follow_bytes(child, rest)
                if end >= 0:
                    found[letter] = end
        return found

    def _labels(self, node: int) -> list[tuple[int, int]]:
        """(label, child) of every byte the guide lists below `node`. Labels increase, so there
        are at most 255; a guide whose labels do not, or name no child, is corrupt."""
        guide = self._guide
        labels = []
        label, previous = guide[2 * node], 0
        while label:
            child = self._follow_byte(node, label) if label > previous else -1
            if child < 0:
                raise self.corrupt(BAD_GUIDE.format(node=node))
            labels.append((label, child))
            label, previous = guide[2 * child + 1], label
        return labels

    def _tried_children(self, node: int) -> dict[str, int]:
        """Children found by trying every letter of the alphabet (a DAWG file without a guide)."""
        found: dict[str, int] = {}
        for letter, encoded in self._letter_bytes:
            child = self._follow_bytes(node, encoded)
            if child >= 0:
                found[letter] = child
        return found

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

    # --- keys, byte by byte ------------------------------------------------------------------------

    def key_node(self, key: str) -> int | None:
        """The node the UTF-8 bytes of `key` lead to from the root (the root for ""), or None; a
        key without a UTF-8 form (a lone surrogate) or holding NUL (byte 0 would meet filler) leads
        nowhere."""
        if self._walker is not None:
            node = self._walker.node(key)
            return node if node >= 0 else None
        try:
            data = key.encode("utf-8")
        except UnicodeEncodeError:
            return None
        node = ROOT
        for byte in data:
            node = self._follow_byte(node, byte) if byte else -1
            if node < 0:
                return None
        return node

    def _key_value(self, key: str) -> int | None:
        node = self.key_node(key)
        return self.value(node) if node is not None else None

    def leads_to_words(self, node: int) -> bool:
        """Does a key end at or below `node`? (In a sound file every node reached does, but the
        root of a list of no words.)"""
        if self._units[node] & _HAS_LEAF:
            return True
        return bool(self._guide[2 * node]) if self._guide is not None else bool(self.children(node))

    def words(
        self,
        node: int,
        prefix: str,
        *,
        wanted: int | None = None,
        length: int | None = None,
        limit: int | None = None,
        most: int,
    ) -> list[str]:
        """The keys at and below `node`, reached by `prefix`, in byte (= code point) order: each is
        `prefix` and the rest of its bytes decoded. Only keys whose value has a bit of `wanted`
        (None: any value) and of `length` letters (None: any), at most `limit` of them (None: all);
        never the empty key. Meeting more than `most` keys (whatever their value) is an
        ArtefactError, like a key longer than MAX_WORD_LENGTH letters or a key not in UTF-8."""
        if limit is not None:
            limit = min(limit, sys.maxsize)
        if length is not None and not len(prefix) <= length <= MAX_WORD_LENGTH:
            return []  # (no word is longer: past the bound a walk would only find the file damaged)
        if limit == 0 or len(prefix) > MAX_WORD_LENGTH:
            return []
        if self._guide is None:
            raise ArtefactError(f"{self.source}: {NO_GUIDE}")
        if self._walker is not None:
            arguments = (
                -1 if wanted is None else wanted,
                -1 if length is None else length,
                -1 if limit is None else limit,
                min(most, sys.maxsize),
            )
            try:
                return self._walker.words(node, prefix, *arguments)
            except CorruptGraph as error:
                raise self.corrupt(str(error)) from None
        return _Walk(self, prefix, wanted, length, limit, most).below(node)


def _check_graph(graph: Graph, most: int) -> int:
    """`Graph.check`'s pass: a depth-first walk of the guide from the root (labels in order) that
    finishes a node once all its children are, each node once; per node the keys at and below it
    (saturated at most + 1: more is damage however many) and its longest path below, in letters
    and in bytes. A child met on the walk's stack is a cycle. (Written for speed: it is the one
    pass over every unit a list makes in Python.)"""
    units, guide = graph._units, graph._guide
    if guide is None:
        raise ArtefactError(f"{graph.source}: {NO_GUIDE}")
    size, full = len(units), most + 1
    state = bytearray(size)  # 0 not met, 1 on the stack, 2 finished
    keys = array("Q", [0]) * size  # of finished nodes: keys, longest path in letters, in bytes
    letters = array("H", [0]) * size
    depth = array("H", [0]) * size
    # a frame: [node, its children's base (child = base ^ label), the next label, the label
    # walked last, keys, letters, bytes found below so far]
    unit = units[ROOT]
    stack = [[ROOT, ROOT ^ ((unit >> 10) << ((unit & _EXTENSION) >> 6)), guide[0], 0, 0, 0, 0]]
    state[ROOT] = 1
    while stack:
        frame = stack[-1]
        label = frame[2]
        if label:
            child = frame[1] ^ label
            if label <= frame[3] or child >= size or units[child] & _LABEL_MASK != label:
                raise graph.corrupt(BAD_GUIDE.format(node=frame[0]))
            frame[2], frame[3] = guide[2 * child + 1], label
            met = state[child]
            if met == 2:  # finished before, by another path: counted again from here
                found = frame[4] + keys[child]
                frame[4] = found if found < full else full
                found = letters[child] + ((label & 0xC0) != 0x80)  # (a continuation byte is no letter)
                if found > frame[5]:
                    frame[5] = found
                if depth[child] >= frame[6]:
                    frame[6] = depth[child] + 1
                continue
            if met:
                raise graph.corrupt(CYCLE)
            if len(stack) > MAX_KEY_BYTES:  # the path to `child` has more bytes than the longest word
                raise graph.corrupt(TOO_LONG)
            state[child] = 1
            unit = units[child]
            stack.append(
                [child, child ^ ((unit >> 10) << ((unit & _EXTENSION) >> 6)), guide[2 * child], 0, 0, 0, 0]
            )
            continue
        stack.pop()  # every child walked: the node is finished
        node, base, _, _, found, longest, deepest = frame
        if node != ROOT and units[node] & _HAS_LEAF and base < size:  # a key ends here (never the empty key)
            found += 1
        found = found if found < full else full
        longest, deepest = min(longest, 0xFFFF), min(deepest, 0xFFFF)
        state[node], keys[node], letters[node], depth[node] = 2, found, longest, deepest
        if stack:
            parent = stack[-1]
            found += parent[4]
            parent[4] = found if found < full else full
            longest += (parent[3] & 0xC0) != 0x80
            if longest > parent[5]:
                parent[5] = longest
            if deepest >= parent[6]:
                parent[6] = deepest + 1
    if letters[ROOT] > MAX_WORD_LENGTH or depth[ROOT] > MAX_KEY_BYTES:
        raise graph.corrupt(TOO_LONG)
    if keys[ROOT] > most:
        raise graph.corrupt(TOO_MANY.format(most=most))
    return keys[ROOT]


def _walker(units: array, guide: bytes | None, compiled: _core.Graph | None) -> _core.Graph | None:
    """The C core's reads over these units (the array's buffer, no copy), where it is built; they
    need the guide. The move generators' core where there is one (an alphabet of more than 64
    letters has none: then a core of one letter, whose reads go by bytes all the same)."""
    if _core is None or guide is None or sys.byteorder != "little":
        return None
    return compiled if compiled is not None else _core.Graph(units, guide, "a")


class _Walk:
    """`Graph.words` in Python, step for step the C core's (core/src/graph.c `walk_below`): a
    depth-first walk of the guide's labels with a stack of [node, next label, previous label,
    letters, keys met on entry]; a node is remembered as dead (with the letters it was reached at)
    once its whole walk met no key."""

    def __init__(
        self, graph: Graph, prefix: str, wanted: int | None, length: int | None, limit: int | None, most: int
    ) -> None:
        self.graph, self.prefix, self.wanted, self.length = graph, prefix, wanted, length
        self.limit, self.most = limit, most
        self.met = 0
        self.found: list[str] = []
        self.path = bytearray()

    def meet(self, node: int, letters: int) -> bool:
        """Count the key ending at `node`, if any, keep it if it passes the filters; True when full."""
        value = self.graph.value(node)
        if value is None or not letters:
            return False
        self.met += 1
        if self.met > self.most:
            raise self.graph.corrupt(TOO_MANY.format(most=self.most))
        if self.wanted is not None and not value & self.wanted:
            return False
        if self.length is not None and letters != self.length:
            return False
        try:
            self.found.append(self.prefix + self.path.decode("utf-8"))
        except UnicodeDecodeError:
            raise self.graph.corrupt(NOT_UTF8) from None
        return self.limit is not None and len(self.found) >= self.limit

    def below(self, start: int) -> list[str]:
        graph, guide, path = self.graph, self.graph._guide, self.path
        assert guide is not None
        dead: set[tuple[int, int]] = set()
        stack = [[start, guide[2 * start], 0, len(self.prefix), 0]]
        if self.meet(start, len(self.prefix)):
            return self.found
        while stack:
            frame = stack[-1]
            node, label, previous, letters, met = frame
            if not label:  # every child walked
                if len(stack) > 1 and self.met == met:
                    dead.add((node, letters))
                stack.pop()
                if path:
                    path.pop()
                continue
            child = graph._follow_byte(node, label) if label > previous else -1
            if child < 0:
                raise graph.corrupt(BAD_GUIDE.format(node=node))
            frame[1], frame[2] = guide[2 * child + 1], label
            letters += (label & 0xC0) != 0x80  # a continuation byte adds no letter
            if self.length is not None and letters > self.length:
                continue
            if letters > MAX_WORD_LENGTH or len(path) >= _MAX_KEY_BYTES:
                raise graph.corrupt(TOO_LONG)
            if (child, letters) in dead:
                continue
            path.append(label)
            stack.append([child, guide[2 * child], 0, letters, self.met])
            if self.meet(child, letters):
                break
        return self.found
