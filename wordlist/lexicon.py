"""A word list, loaded for a game: membership, parts of speech, patterns, anagrams, definitions.

    from wordlist import Lexicon

    lexicon = Lexicon.open("en", "balda")            # outputs/en/balda, or $WORDLIST_DATA's, or a package's
    lexicon.is_word("EMAIL")                          # True (case-insensitive, the hyphen is dropped)
    lexicon.is_word("run", pos="noun")                # restrict to parts of speech
    lexicon.match("a??le")                            # ['apple', ...]
    lexicon.anagrams("tsera")                         # words from a rack; '?' is a blank
    lexicon.random_word(5, pos="noun", seed=7)        # a seeded starting word
    lexicon.definitions("table")

    tiny = Lexicon.from_words([("cat", "noun"), ("run", ["noun", "verb"])], "abcdefghijklmnopqrstuvwxyz")

Loading reads only the DAWG (a few bytes per word) and the small JSON files, through the records
of wordlist.format; definitions are read from words.parquet on demand, one row group at a time
(its size and checksum checked against the manifest on first use: `wordlist.records`). Every
read of the DAWG goes through `wordlist.graph.Graph`, which checks every unit index and bounds
every walk; before the first listing or search the whole graph is checked once (`Graph.check`,
the JavaScript reader's pass: a damaged list answers none of them); the pattern and rack
searches are in `wordlist.search`. Bad arguments raise the
errors of `wordlist.errors` (each also the ValueError, TypeError or LookupError it was before).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path

from wordlist import search
from wordlist.errors import ArgumentError, ArgumentTypeError, NoWordFound
from wordlist.format import (
    MAX_TEXT_LENGTH,
    MAX_WORD_LENGTH,
    WORDS_PARQUET,
    Alphabet,
    Counts,
    GameSpec,
    Manifest,
    dawg_bytes,
    pos_mask,
    pos_names,
    read_word_list,
)
from wordlist.format.leaves import LeaveValues
from wordlist.graph import ROOT, Graph
from wordlist.locations import DATA_ENV, DEFAULT_ROOT, all_lists, data_root, find_list
from wordlist.records import Definitions, MemoryDefinitions, Merging, ParquetDefinitions, WordRecord

try:  # is_word's fast path in the C core (wordlist/_core.c), built at install where a compiler is
    from wordlist._core import IsWord as _FastIsWord
except ImportError:  # pragma: no cover - the Python method is the same, slower
    _FastIsWord = None

__all__ = ["DATA_ENV", "DEFAULT_ROOT", "MAX_WORD_LENGTH", "Lexicon", "WordRecord", "data_root"]

PartsOfSpeech = str | Iterable[str] | None


def _check_path(value: object, what: str) -> None:
    """`value` must be None, a string or a path: else ArgumentTypeError naming `what`."""
    if value is not None and not isinstance(value, str | os.PathLike):
        raise ArgumentTypeError(f"{what} must be a path or a string, not {type(value).__name__}")


def _check_int(value: object, what: str) -> None:
    """`value` must be a whole number (not True or 2.0): else ArgumentTypeError naming `what`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ArgumentTypeError(f"{what} must be a whole number, not {type(value).__name__}")


def _checked_limit(limit: int | None) -> int | None:
    """`limit` if it is None or a whole number of 0 or more: else ArgumentTypeError or ArgumentError."""
    if limit is not None:
        _check_int(limit, "limit")
        if limit < 0:
            raise ArgumentError(f"limit must be 0 or more, not {limit}")
    return limit


class Lexicon:
    """One word list (a language and a selection profile), loaded from its folder or built in memory.

    Every query takes the word as typed: it is normalized by the list's `Alphabet` (case, removed
    characters). A word that is not a string is an ArgumentTypeError (a TypeError); a string that
    cannot be a word (control characters, a lone surrogate, letters outside the alphabet, more
    than MAX_TEXT_LENGTH characters) is simply not a word; such a pattern or rack is a
    PatternError (a ValueError). Every error a bad argument raises is a `WordlistError`.

    A Lexicon is safe to use from many threads at once (a server shares one between its
    requests): the DAWG and the graph are read-only, the caches only gain complete entries, and
    definitions are read with one Parquet reader per thread.
    """

    def __init__(
        self,
        *,
        manifest: Manifest,
        alphabet: Alphabet,
        game: GameSpec | None,
        dawg_bytes: bytes,
        definitions: Definitions,
        path: Path | None = None,
        leaves: LeaveValues | None = None,
    ) -> None:
        self.path = path
        self.leaves = leaves  # leaves.json: Wordgame's leave values, when learned for the list
        self.manifest = manifest
        self.alphabet_spec = alphabet
        self.game_spec = game
        self.language: str = manifest.language
        self.language_name: str = alphabet.language_name
        self.profile: str = manifest.profile
        self.letters: str = alphabet.letters
        # in capitals, as every view of a game shows them: made once (a view a move, 26 calls each)
        self._capitals = {letter: alphabet.display(letter) for letter in self.letters}
        source = str(path / "words.dawg") if path is not None else "words"
        # the one reader of the DAWG: its layout is checked first, every read is bounds-checked
        self.graph = Graph(dawg_bytes, self.letters, source=source)
        self._value = self.graph.key_value
        self._definitions = definitions
        self._normalize = alphabet.normalize
        # Fast path of every lookup: a word made of these letters only is what normalizing it
        # gives (nothing to compose, lower, remove or replace) and holds no character a DAWG
        # lookup mishandles (NUL, surrogates), so it goes to the DAWG as it is.
        self._normal_letters = alphabet.normal_letters
        self._candidates = lru_cache(maxsize=64)(self._candidates_uncached)
        if _FastIsWord is not None and type(self).is_word is Lexicon.is_word:
            # the same method, its fast path in C; everything else still goes through the method
            self.is_word = _FastIsWord(dawg_bytes, self._normal_letters, MAX_TEXT_LENGTH, self.is_word)

    # --- loading ---------------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | os.PathLike, *, verify: bool = True) -> Lexicon:
        """Load the word list in folder `path`. With `verify`, file checksums are checked first."""
        files = read_word_list(path, verify=verify)
        return cls(
            manifest=files.manifest,
            alphabet=files.alphabet,
            game=files.game,
            dawg_bytes=files.dawg,
            definitions=ParquetDefinitions(files.path, files.manifest.files.get(WORDS_PARQUET), verify),
            path=files.path,
            leaves=files.leaves,
        )

    @classmethod
    def open(cls, language: str, profile: str, root: str | os.PathLike | None = None) -> Lexicon:
        """The word list for (`language`, `profile`): in the data folder (`root`, else
        $WORDLIST_DATA, else ./outputs), else in an installed data package (wordlist.locations)."""
        for name, value in (("language", language), ("profile", profile)):
            if not isinstance(value, str):
                raise ArgumentTypeError(f"{name} must be a string, not {type(value).__name__}")
        _check_path(root, "root")
        return cls.load(find_list(language, profile, root))

    @classmethod
    def from_words(
        cls,
        words: Iterable[tuple[str, PartsOfSpeech | int] | tuple[str, PartsOfSpeech | int, Sequence[str]]],
        alphabet: Alphabet | str,
        *,
        game: GameSpec | None = None,
        profile: str = "custom",
        description: str = "",
    ) -> Lexicon:
        """A lexicon built in memory, without the pipeline: any word list, for games, tests and tools.

        `words` are (word, parts of speech) or (word, parts of speech, definitions) tuples; parts
        of speech are names ("noun", ["noun", "verb"], "noun,verb") or a mask, and the
        definitions (strings) belong to those parts of speech (the first, if several). Words are
        normalized with `alphabet` (an `Alphabet`, or just its letters: lower case, nothing
        removed, language "xx"); spellings that normalize alike are one word, their parts of
        speech and definitions merged. A word with a letter outside the alphabet is an
        ArgumentError (a ValueError), a value of the wrong type an ArgumentTypeError (a TypeError).
        """
        if isinstance(alphabet, str):
            alphabet = Alphabet("xx", alphabet, language_name="custom")
        if not isinstance(alphabet, Alphabet):
            raise ArgumentTypeError(
                f"alphabet must be an Alphabet or a string of letters, not {type(alphabet).__name__}"
            )
        if game is not None and not isinstance(game, GameSpec):
            raise ArgumentTypeError(f"game must be a GameSpec or None, not {type(game).__name__}")
        if game is not None:
            game = GameSpec.from_json(game.to_json(), alphabet.letters)  # its tiles must be our letters
        for name, value in (("profile", profile), ("description", description)):
            if not isinstance(value, str):
                raise ArgumentTypeError(f"{name} must be a string, not {type(value).__name__}")
        if not isinstance(words, Iterable) or isinstance(words, str | bytes):
            raise ArgumentTypeError(
                f"words must be a list of (word, parts of speech) tuples, not {words!r:.40}"
            )
        merged: dict[str, Merging] = {}
        for item in words:
            if not isinstance(item, tuple | list) or len(item) not in (2, 3):
                raise ArgumentError(
                    f"{item!r:.60}: expected (word, parts of speech) or (word, parts of speech, definitions)"
                )
            title, pos = item[0], item[1]
            if isinstance(title, str) and len(title) > MAX_TEXT_LENGTH:  # not normalized: its work is bounded
                raise ArgumentError(f"{title[:20]!r}...: longer than {MAX_WORD_LENGTH} letters")
            texts = item[2] if len(item) == 3 else ()
            if isinstance(texts, str) or not isinstance(texts, Iterable):
                what = "one string" if isinstance(texts, str) else type(texts).__name__
                raise ArgumentError(f"{title!r}: definitions must be a list of strings, not {what}")
            mask = pos if isinstance(pos, int) and not isinstance(pos, bool) else pos_mask(pos)
            if not 0 < mask <= pos_mask(None):
                raise ArgumentError(f"{title!r}: parts of speech {pos!r} name none")
            word = alphabet.normalize(title)
            if len(word) > MAX_WORD_LENGTH:
                raise ArgumentError(f"{title[:20]!r}...: longer than {MAX_WORD_LENGTH} letters")
            if not alphabet.spells(word):
                bad = sorted({c for c in word if c not in alphabet.letters}) or ["(empty)"]
                raise ArgumentError(
                    f"{title!r}: {', '.join(map(repr, bad))} not in the {alphabet.language_name} alphabet "
                    f"({alphabet.letters})"
                )
            merged.setdefault(word, Merging()).add(title, mask, texts)
        records = {word: merged[word].record(word) for word in sorted(merged)}
        if not records:
            raise ArgumentError("a word list needs at least one word")
        by_pos = {
            name: sum(1 for r in records.values() if name in r.pos) for name in pos_names(pos_mask(None))
        }
        manifest = Manifest(
            language=alphabet.language,
            language_name=alphabet.language_name,
            profile=profile,
            description=description,
            counts=Counts(
                words=len(records),
                definitions=sum(len(r.definitions) for r in records.values()),
                by_pos={name: n for name, n in by_pos.items() if n},
                entries_used=sum(len(m.titles) for m in merged.values()),
            ),
            source={"from_words": True},
        )
        return cls(
            manifest=manifest,
            alphabet=alphabet,
            game=game,
            dawg_bytes=dawg_bytes((r.word, r.pos_mask) for r in records.values()),
            definitions=MemoryDefinitions(records),
        )

    @staticmethod
    def available(root: str | Path | None = None) -> list[tuple[str, str]]:
        """(language, profile) of every word list `open` finds: in the data folder and in the
        installed data packages."""
        return list(all_lists(root))

    def __repr__(self) -> str:
        return f"<Lexicon {self.language}/{self.profile}: {len(self):,} words>"

    # --- words -----------------------------------------------------------------------------------

    def normalize(self, word: str) -> str:
        """The game word for `word` as typed (see `Alphabet.normalize`): case folded, removals deleted."""
        return self._normalize(word)

    def display(self, word: str) -> str:
        """A word in capitals as a game shows it (ß becomes ẞ, so each letter stays one tile)."""
        return self.alphabet_spec.display(word)

    def capitals(self) -> dict[str, str]:
        """Each letter of the list as a game shows it in capitals (`display` of each, made once)."""
        return dict(self._capitals)

    def _key(self, word: str) -> str | None:
        """The DAWG key for `word`, or None when it cannot be a word (control characters, surrogates,
        text too long to be one)."""
        if word.__class__ is not str and not isinstance(word, str):
            raise ArgumentTypeError(f"a word must be a string, not {type(word).__name__}")
        if len(word) > MAX_TEXT_LENGTH:
            return None
        if not word.strip(self._normal_letters):  # made of normal letters only (or empty)
            return word
        key = self._normalize(word)
        # no key holds a character that is not printable (NUL would meet the root's own label)
        return key if key.isprintable() else None

    def __len__(self) -> int:
        return self.manifest.counts.words

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.is_word(word)

    def __iter__(self) -> Iterator[str]:
        return iter(self._words(None, None, "", None))

    def is_word(self, word: str, pos: PartsOfSpeech = None) -> bool:
        """Is `word` in the list, as one of the parts of speech `pos` (None: any, whatever its bits)?"""
        # The fast path, for the call a game and a server make most (the C core does the
        # same in C): a word of normal letters only is looked up as it is.
        if (
            pos is None
            and word.__class__ is str
            and word
            and len(word) <= MAX_TEXT_LENGTH
            and not word.strip(self._normal_letters)
        ):
            return self._value(word) is not None
        wanted = None if pos is None else pos_mask(pos)
        key = self._key(word)
        value = self._value(key) if key else None  # (the empty word is never a word)
        return value is not None and (wanted is None or bool(value & wanted))

    def parts_of_speech(self, word: str) -> tuple[str, ...]:
        """The parts of speech `word` has in the list, in POS order (a bit this version does not
        name as "unknown:<bit>"); () if it is not a word."""
        key = self._key(word)
        value = self._value(key) if key else None
        return pos_names(value) if value is not None else ()

    def has_prefix(self, prefix: str) -> bool:
        """Does some word start with `prefix`? ("": does the list have a word?)"""
        key = self._key(prefix)
        node = self.graph.key_node(key) if key is not None else None
        return node is not None and self.graph.leads_to_words(node)

    def words(
        self,
        *,
        pos: PartsOfSpeech = None,
        length: int | None = None,
        prefix: str = "",
        limit: int | None = None,
    ) -> list[str]:
        """Words in sorted order; only those of parts of speech `pos`, `length` letters, `prefix` if
        given; the first `limit` of them (the walk stops there: a page of a long list costs the page)."""
        return self._words(pos, length, prefix, _checked_limit(limit))

    def _words(self, pos: PartsOfSpeech, length: int | None, prefix: str, limit: int | None) -> list[str]:
        if length is not None:
            _check_int(length, "length")
        wanted = None if pos is None else pos_mask(pos)
        key = self._key(prefix)
        node = self.graph.key_node(key) if key is not None else None
        if node is None or limit == 0:
            return []
        self.graph.check(len(self))
        return self.graph.words(node, key, wanted=wanted, length=length, limit=limit, most=len(self))

    def complete(self, prefix: str, *, pos: PartsOfSpeech = None, limit: int | None = None) -> list[str]:
        """Words starting with `prefix`, in order; at most `limit` (the work stops there too)."""
        return self._words(pos, None, prefix, _checked_limit(limit))

    def count(self, *, pos: PartsOfSpeech = None, length: int | None = None) -> int:
        """How many words have parts of speech `pos` and `length` letters (without listing them)."""
        if pos is None and length is None:
            return len(self)
        return len(self._words(pos, length, "", None))

    def match(self, pattern: str, *, pos: PartsOfSpeech = None) -> list[str]:
        """Words matching `pattern`: a letter is itself, ``?`` any one letter, ``*`` any run of
        letters; sorted. The work is bounded by the graph's size whatever the pattern (see
        `wordlist.search.match`). A pattern with a letter outside the alphabet is a PatternError."""
        tokens = search.pattern_tokens(self.alphabet_spec, pattern)
        wanted = None if pos is None else pos_mask(pos)
        self.graph.check(len(self))
        return search.match(self.graph, tokens, wanted, len(self))

    def anagrams(
        self, rack: str, *, pos: PartsOfSpeech = None, use_all: bool = False, min_length: int = 2
    ) -> list[str]:
        """Words that can be spelled with the letters of `rack` (``?`` or ``*``: a blank), longest first.

        With `use_all`, only words that use every tile of the rack; only words of `min_length`
        letters or more. Many blanks cost no more than the graph (see `wordlist.search.anagrams`).
        """
        tiles, blanks = search.rack_tiles(self.alphabet_spec, rack)
        wanted = None if pos is None else pos_mask(pos)
        _check_int(min_length, "min_length")
        self.graph.check(len(self))
        return search.anagrams(
            self.graph, tiles, blanks, wanted, len(self), use_all=bool(use_all), min_length=min_length
        )

    def random_word(
        self,
        length: int,
        *,
        pos: PartsOfSpeech = "noun",
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> str:
        """A random word of `length` letters and parts of speech `pos`; the same seed gives the same
        word. None fits: NoWordFound (a LookupError)."""
        _check_int(length, "length")
        if seed is not None and not isinstance(seed, int):
            raise ArgumentTypeError(f"seed must be a whole number, not {type(seed).__name__}")
        if rng is not None and not isinstance(rng, random.Random):
            raise ArgumentTypeError(f"rng must be a random.Random, not {type(rng).__name__}")
        candidates = self._candidates(length, None if pos is None else pos_mask(pos))
        if not candidates:
            wanted = "any part of speech" if pos is None else ", ".join(pos_names(pos_mask(pos)))
            raise NoWordFound(f"{self!r} has no word of {length} letters ({wanted})")
        return (rng or random.Random(seed)).choice(candidates)

    def _candidates_uncached(self, length: int, wanted: int | None) -> tuple[str, ...]:
        self.graph.check(len(self))
        return tuple(self.graph.words(ROOT, "", wanted=wanted, length=length, most=len(self)))

    # --- definitions -----------------------------------------------------------------------------

    def definitions(self, word: str, *, pos: PartsOfSpeech = None) -> list[str]:
        """The definitions of `word` (of parts of speech `pos`), in page order, without repeats."""
        mask = pos_mask(pos)
        record = self._record(word)
        if record is None:
            return []
        return list(dict.fromkeys(text for p, text in record.definitions if mask & pos_mask(p)))

    def titles(self, word: str) -> list[str]:
        """The Wiktionary pages a game word comes from ("email" <- "email", "e-mail")."""
        record = self._record(word)
        return list(record.titles) if record else []

    def records(self) -> Iterator[WordRecord]:
        """Every word with its parts of speech, titles and definitions, in word order (for exports)."""
        return self._definitions.records()

    def _record(self, word: str) -> WordRecord | None:
        key = self._key(word)
        if not key or self._value(key) is None:
            return None
        return self._definitions.lookup(key)
