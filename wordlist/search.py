"""The searches of a word list: words matching a pattern, words a rack spells (`Lexicon.match`,
`Lexicon.anagrams`).

Both walk the DAWG letter by letter through `wordlist.graph.Graph`, remembering each state that
led to no word, so that their work is bounded by the graph's size whatever the pattern or rack.
A pattern or rack is read as the list's alphabet normalizes a word, and may hold only its
letters and the wildcards; anything else is a PatternError (a ValueError) naming the letters.
Like `Graph.words`, a search that finds more words than the list holds, or a word longer than
the longest, found the file damaged: an ArtefactError.
"""

from __future__ import annotations

from typing import Any

from wordlist.errors import ArtefactError, PatternError
from wordlist.format import MAX_TEXT_LENGTH, MAX_WORD_LENGTH, WILDCARDS, Alphabet
from wordlist.graph import ROOT, TOO_LONG, TOO_MANY, Graph

__all__ = ["BLANKS", "anagrams", "match", "pattern_tokens", "rack_tiles"]

BLANKS = frozenset(WILDCARDS)  # in a rack, both wildcards are a blank


def pattern_tokens(alphabet: Alphabet, text: str) -> str:
    """A pattern normalized and checked, runs of ``*`` made one (they match the same words)."""
    normalized = _letters_and_wildcards(alphabet, text)
    while "**" in normalized:
        normalized = normalized.replace("**", "*")
    return normalized


def rack_tiles(alphabet: Alphabet, text: str) -> tuple[str, int]:
    """A rack's letters (sorted) and its number of blanks: every wildcard is one, "**a" is two
    blanks and an a."""
    normalized = _letters_and_wildcards(alphabet, text)
    blanks = sum(1 for c in normalized if c in BLANKS)
    return "".join(sorted(c for c in normalized if c not in BLANKS)), blanks


def _letters_and_wildcards(alphabet: Alphabet, text: str) -> str:
    """Normalize a pattern or rack and check it holds only the alphabet's letters and wildcards."""
    if isinstance(text, str) and len(text) > MAX_TEXT_LENGTH:
        raise PatternError(
            f"{text[:20]!r}...: {len(text):,} characters, more than the {MAX_TEXT_LENGTH:,} a pattern or "
            f"rack may have (no word has more than {MAX_WORD_LENGTH} letters)"
        )
    normalized = alphabet.normalize(text)
    letters = alphabet.letters
    bad = sorted({c for c in normalized if c not in letters and c not in BLANKS})
    if bad:
        raise PatternError(
            f"{text!r}: {', '.join(map(repr, bad))} not in the {alphabet.language_name} alphabet of this "
            f"word list ({letters})"
        )
    return normalized


def match(graph: Graph, tokens: str, wanted: int | None, most: int) -> list[str]:
    """The words matching `tokens` (from `pattern_tokens`: a letter is itself, ``?`` any one
    letter, ``*`` any run of letters) with a part of speech of `wanted` (None: any), sorted.

    The DAWG is walked with the set of pattern positions each prefix can be at (an NFA run over
    the graph, the set a bit mask); with a star in the pattern, a (node, positions) pair that led
    to no word is remembered and never walked again. So the work is bounded by the graph's nodes
    times the distinct position sets, plus the words found, whatever the pattern (without a star
    a walk ends at the pattern's length). `most` is how many words the list holds.
    """
    stars = any_letter = 0
    exact: dict[str, int] = {}
    for i, char in enumerate(tokens):
        if char == "*":
            stars |= 1 << i
        elif char == "?":
            any_letter |= 1 << i
        else:
            exact[char] = exact.get(char, 0) | 1 << i
    steps = {letter: any_letter | exact.get(letter, 0) for letter in graph.letters}
    accept = 1 << len(tokens)
    width = len(tokens) + 1  # a (node, positions) pair as one int: node << width | positions
    children, value = graph.children, graph.value
    found = _Found(graph, most)
    dead: set[int] = set()
    remember = stars != 0

    def walk(node: int, states: int, prefix: str) -> bool:
        """Collect the words below `node`; False if there were none."""
        hit = False
        if states & accept:
            if prefix and found.add(prefix, value(node), wanted):
                hit = True
            if states == accept:  # nothing of the pattern left to match
                return hit
        if len(prefix) == MAX_WORD_LENGTH:  # a word goes on past the longest (a cycle)
            found.too_long(node)
        stay = states & stars  # a star goes on matching
        for letter, child in children(node).items():
            moved = (states & steps[letter]) << 1 | stay
            if not moved:
                continue
            moved |= (moved & stars) << 1  # a star may match nothing (no two are adjacent)
            if remember:
                key = child << width | moved
                if key in dead:
                    continue
                if walk(child, moved, prefix + letter):
                    hit = True
                else:
                    dead.add(key)
            elif walk(child, moved, prefix + letter):
                hit = True
        return hit

    _deep(walk, ROOT, 1 | (1 & stars) << 1, "")
    return sorted(found.words)


def anagrams(
    graph: Graph,
    tiles: str,
    blanks: int,
    wanted: int | None,
    most: int,
    *,
    use_all: bool = False,
    min_length: int = 2,
) -> list[str]:
    """The words of at least `min_length` letters that `tiles` (sorted letters) and `blanks`
    spell, with a part of speech of `wanted` (None: any), longest first; with `use_all`, only
    those that use every tile. The walk remembers each (node, tiles left) pair that led to no
    word, so many blanks cost no more than the graph. `most` is how many words the list holds.
    """
    total = len(tiles) + blanks
    children, value = graph.children, graph.value
    found = _Found(graph, most)
    dead: set[tuple[int, str, int]] = set()

    def walk(node: int, tiles: str, blanks: int, prefix: str) -> bool:
        hit = False
        left = len(tiles) + blanks
        if prefix and total - left >= min_length and (not use_all or not left):
            hit = found.add(prefix, value(node), wanted)
        if not left:
            return hit
        if len(prefix) == MAX_WORD_LENGTH:  # a word goes on past the longest (a cycle)
            found.too_long(node)
        for letter, child in children(node).items():
            if letter in tiles:  # a real tile first: whatever a blank spells from here, a blank still can
                state = (child, tiles.replace(letter, "", 1), blanks)
            elif blanks:
                state = (child, tiles, blanks - 1)
            else:
                continue
            if state in dead:
                continue
            if walk(*state, prefix + letter):
                hit = True
            else:
                dead.add(state)
        return hit

    _deep(walk, ROOT, tiles, blanks, "")
    return sorted(found.words, key=lambda w: (-len(w), w))


class _Found:
    """The words a search finds, bounded as `Graph.words` is: more than the list holds (its
    manifest's count), or a word longer than the longest, is a damaged file."""

    def __init__(self, graph: Graph, most: int) -> None:
        self.graph, self.most = graph, most
        self.words: list[str] = []

    def add(self, word: str, value: int | None, wanted: int | None) -> bool:
        """Keep `word` if a word ends there (`value`) with a part of speech `wanted` (None: any)."""
        if value is None or (wanted is not None and not value & wanted):
            return False
        if len(self.words) == self.most:
            raise self.graph.corrupt(TOO_MANY.format(most=self.most))
        self.words.append(word)
        return True

    def too_long(self, node: int) -> None:
        """A search is at the longest word's length: `node` must have no child."""
        if self.graph.children(node):
            raise self.graph.corrupt(TOO_LONG)


def _deep(walk: Any, *start: Any) -> None:
    """Run a recursive graph walk; its depth is a word's length (a few dozen letters, MediaWiki
    titles stop at 255 bytes), so only a damaged DAWG can exhaust the stack."""
    try:
        walk(*start)
    except RecursionError:
        raise ArtefactError(
            "the word list holds a word too long to search (is words.dawg damaged?)"
        ) from None
