"""The Lexicon under stress: lists built in memory, keys that are not words, patterns and racks that
used to explode, and many threads sharing one Lexicon."""

from __future__ import annotations

import random
import re
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.balda_helpers import WORDS as BALDA_WORDS
from wordlist import Lexicon
from wordlist.graph import Graph
from wordlist_pipeline.artefacts import write_word_list
from wordlist_pipeline.entries import Entry, entries_to_table
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import select
from wordlist_pipeline.synth import WordGenerator

ENGLISH = "abcdefghijklmnopqrstuvwxyz"


def generated_words(count: int, seed: int = 3) -> list[str]:
    return sorted(WordGenerator("en", seed=seed).unique_words(count))


@pytest.fixture(scope="module")
def big() -> Lexicon:
    """12,000 made-up words: the size at which the old pattern search took 20 s."""
    rng = random.Random(5)
    pos = ("noun", "verb", "adjective", "adverb")
    return Lexicon.from_words([(w, rng.choice(pos)) for w in generated_words(12_000)], ENGLISH)


# --- from_words ---------------------------------------------------------------------------------------


def test_from_words_is_what_the_pipeline_builds(tmp_path: Path) -> None:
    entries = [
        Entry(w, "en", p, True, definitions=(f"meaning of {w}",), definition_tags=((),), page_id=i)
        for i, (w, p) in enumerate([*BALDA_WORDS.items(), ("e-mail", "noun"), ("email", "verb")])
    ]
    profile = load_profile("balda")
    selection = select(pl.from_arrow(entries_to_table(entries)), profile, "en")
    write_word_list(selection, profile, "en", tmp_path / "en" / "balda", {"dump": "hand-made"})
    built = Lexicon.open("en", "balda", tmp_path)
    memory = Lexicon.from_words(
        [(e.word, e.pos, list(e.definitions)) for e in entries],
        profile.alphabet_record("en"),
        profile="balda",
    )
    assert list(memory) == list(built) and len(memory) == len(built) == len(BALDA_WORDS) + 1
    for word in built:
        assert memory.parts_of_speech(word) == built.parts_of_speech(word)
        assert memory.definitions(word) == built.definitions(word)
        assert memory.titles(word) == built.titles(word)
    assert memory.titles("EMAIL") == ["e-mail", "email"] and memory.parts_of_speech("e-mail") == (
        "noun",
        "verb",
    )
    assert memory.manifest.counts.by_pos == built.manifest.counts.by_pos
    assert [r.word for r in memory.records()] == list(built) == [r.word for r in built.records()]
    assert memory.path is None and memory.game_spec is None and memory.language_name == "English"


def test_from_words_shapes_and_mistakes() -> None:
    lexicon = Lexicon.from_words(
        [("Run", ["noun", "verb"], ["A jog.", "To move fast."]), ("cat", 1), ("ox", "noun,verb")], ENGLISH
    )
    assert lexicon.parts_of_speech("run") == ("noun", "verb") and lexicon.is_word("OX", pos="verb")
    assert lexicon.definitions("run", pos="noun") == ["A jog.", "To move fast."]  # the first pos given
    assert lexicon.language == "xx" and lexicon.profile == "custom" and lexicon.match("?a?") == ["cat"]
    with pytest.raises(ValueError, match="'café': 'é' not in the custom alphabet"):
        Lexicon.from_words([("café", "noun")], ENGLISH)
    with pytest.raises(ValueError, match="unknown part of speech 'nouns'"):
        Lexicon.from_words([("cat", "nouns")], ENGLISH)
    with pytest.raises(ValueError, match="longer than 255 letters"):
        Lexicon.from_words([("a" * 256, "noun")], ENGLISH)
    with pytest.raises(ValueError, match="at least one word"):
        Lexicon.from_words([], ENGLISH)
    with pytest.raises(ValueError, match="definitions must be a list of strings"):
        Lexicon.from_words([("cat", "noun", "A pet.")], ENGLISH)
    with pytest.raises(TypeError, match="alphabet must be an Alphabet"):
        Lexicon.from_words([("cat", "noun")], None)  # type: ignore[arg-type]


def test_from_words_with_a_game() -> None:
    wordgame = load_profile("wordgame")
    lexicon = Lexicon.from_words(
        [("cat", "noun")], wordgame.alphabet_record("en"), game=wordgame.game_spec("en")
    )
    assert lexicon.game_spec == wordgame.game_spec("en")
    assert lexicon.game_spec.rack_size == 8


def test_german_in_memory() -> None:
    de = Lexicon.from_words(
        [("Straße", "noun"), ("Bauen", "noun"), ("bauen", "verb")],
        load_profile("balda").alphabet_record("de"),
    )
    assert de.is_word("STRAẞE") and not de.is_word("STRASSE") and de.titles("bauen") == ["Bauen", "bauen"]
    assert de.display("straße") == "STRAẞE" and de.match("stra?e") == ["straße"]


# --- keys that are not words ---------------------------------------------------------------------------


def test_keys_that_cannot_be_words(big: Lexicon) -> None:
    word = next(iter(big))
    assert big.is_word(word) and big.is_word(word.upper())
    for key in (
        word + "\x00dog",
        word + "\x00",
        "\x00" + word,
        word + "\ud800",
        "\udc00",
        word + "\n",
        " " + word,
    ):
        assert not big.is_word(key), repr(key)
        assert key not in big and big.parts_of_speech(key) == () and big.definitions(key) == []
        assert big.titles(key) == [] and big.words(prefix=key) == [] and big.complete(key) == []
    assert not big.has_prefix("\ud800") and not big.has_prefix(word[:2] + "\x00")
    for bad in (None, 3, b"cat", ["cat"]):
        with pytest.raises(TypeError, match=f"a word must be a string, not {type(bad).__name__}"):
            big.is_word(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="a word must be a string"):
            big.definitions(bad)  # type: ignore[arg-type]
        assert bad not in big
    with pytest.raises(TypeError):
        big.match(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"'\\x00' not in the custom alphabet"):
        big.match("ab\x00")
    with pytest.raises(ValueError, match=r"'\\ud800' not in the custom alphabet"):
        big.anagrams("ab\ud800")


# --- patterns and racks: bounded work ---------------------------------------------------------------------


def count_walk(monkeypatch: pytest.MonkeyPatch) -> Counter:
    """Count the graph nodes a search enters (each asks for its children once)."""
    calls: Counter = Counter()
    children = Graph.children

    def counted(self: Graph, node: int) -> dict[str, int]:
        calls["nodes"] += 1
        return children(self, node)

    monkeypatch.setattr(Graph, "children", counted)
    return calls


def as_regex(pattern: str) -> re.Pattern:
    return re.compile("".join("." if c == "?" else ".*" if c == "*" else re.escape(c) for c in pattern))


@pytest.mark.parametrize(
    "pattern", ["*?*?*?*?*?*?", "*a*e*i*", "?*?*?*z", "**x**", "a*", "*", "??????????????*"]
)
def test_a_pattern_costs_at_most_nodes_times_its_length(
    big: Lexicon, monkeypatch: pytest.MonkeyPatch, pattern: str
) -> None:
    calls = count_walk(monkeypatch)
    found = big.match(pattern)
    assert found == [w for w in big if as_regex(pattern).fullmatch(w)]
    units = len(big.graph._units)
    assert calls["nodes"] <= units * (len(pattern) + 1) + sum(map(len, found)), calls


def test_patterns_agree_with_regular_expressions() -> None:
    words = generated_words(600, seed=9)
    lexicon = Lexicon.from_words([(w, "noun") for w in words], ENGLISH)
    rng = random.Random(11)
    for _ in range(300):
        pattern = "".join(rng.choice("??**" + "aeinrst") for _ in range(rng.randint(1, 8)))
        assert lexicon.match(pattern) == [w for w in words if as_regex(pattern).fullmatch(w)], pattern


def brute_anagrams(words: list[str], rack: str, use_all: bool, min_length: int = 2) -> list[str]:
    tiles = Counter(c for c in rack if c not in "?*")
    blanks = rack.count("?") + rack.count("*")
    found = []
    for word in words:
        missing = sum((Counter(word) - tiles).values())
        if len(word) >= min_length and missing <= blanks and (not use_all or len(word) == len(rack)):
            found.append(word)
    return sorted(found, key=lambda w: (-len(w), w))


@pytest.mark.parametrize("rack", ["??????????", "abc????????", "etaoin??", "zzzz?", "retains"])
def test_racks_with_many_blanks_are_bounded(big: Lexicon, monkeypatch: pytest.MonkeyPatch, rack: str) -> None:
    words = list(big)
    calls = count_walk(monkeypatch)
    for use_all in (False, True):
        found = big.anagrams(rack, use_all=use_all)
        assert found == brute_anagrams(words, rack, use_all)
    units = len(big.graph._units)
    assert calls["nodes"] <= 2 * units * (len(rack) + 1) + 2 * sum(map(len, big.anagrams(rack))), calls


def test_every_blank_of_a_rack_counts_whether_written_as_question_mark_or_star() -> None:
    lexicon = Lexicon.from_words([(w, "noun") for w in ("at", "cat", "act", "tact", "a")], ENGLISH)
    for rack in ("**a", "??a", "*?a"):
        assert lexicon.anagrams(rack) == ["act", "cat", "at"], rack
    assert lexicon.anagrams("**a", use_all=True) == ["act", "cat"]
    assert lexicon.anagrams("***a", use_all=True) == ["tact"]
    words = generated_words(600, seed=13)
    rng = random.Random(17)
    lexicon = Lexicon.from_words([(w, "noun") for w in words], ENGLISH)
    for _ in range(100):
        rack = "".join(rng.choice("??**" + "aeinrst") for _ in range(rng.randint(1, 8)))
        for use_all in (False, True):
            assert lexicon.anagrams(rack, use_all=use_all) == brute_anagrams(words, rack, use_all), rack


# --- many threads, one Lexicon -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def many_row_groups(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """13,000 words with definitions: 26 row groups of words.parquet."""
    words = generated_words(13_000, seed=21)
    entries = [
        Entry(w, "en", "noun" if i % 3 else "verb", True, definitions=(f"Sense {i} of {w}.",),
              definition_tags=((),), page_id=i)
        for i, w in enumerate(words)
    ]  # fmt: skip
    profile = load_profile("balda")
    out = tmp_path_factory.mktemp("threads")
    selection = select(pl.from_arrow(entries_to_table(entries)), profile, "en")
    write_word_list(selection, profile, "en", out / "en" / "balda", {"dump": "made-up"})
    return out / "en" / "balda"


def ask(lexicon: Lexicon, words: list[str]) -> list:
    answers: list = [lexicon.definitions(word) for word in words]  # the Parquet reads, back to back
    for word in words:
        answers.append((lexicon.is_word(word), lexicon.parts_of_speech(word), lexicon.definitions(word)))
        answers.append(
            (lexicon.titles(word), lexicon.has_prefix(word[:3]), lexicon.complete(word[:4], limit=3))
        )
    answers.append(lexicon.match(words[0][:2] + "*?"))
    answers.append(lexicon.anagrams(words[1][:6] + "?"))
    return answers


def test_one_lexicon_shared_by_eight_threads(many_row_groups: Path) -> None:
    groups = pq.ParquetFile(many_row_groups / "words.parquet").metadata.num_row_groups
    lexicon = Lexicon.load(many_row_groups)
    assert len(lexicon) >= 12_000 and groups >= 24
    rng = random.Random(8)
    words = list(lexicon)
    batches = [[*rng.sample(words, 400), "notaword", "\x00"] for _ in range(16)]
    expected = [ask(Lexicon.load(many_row_groups), batch) for batch in batches]  # one thread, fresh lists
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(2):
            assert list(pool.map(lambda batch: ask(lexicon, batch), batches)) == expected


# --- is_word's fast path in C is the Python method ----------------------------------------------------


def test_the_fast_path_is_compiled_and_answers_like_the_method() -> None:
    import wordlist.lexicon as module

    assert module._FastIsWord is not None, "wordlist/_core.c was not built (make .venv/.installed builds it)"
    de = Lexicon.from_words(
        [(w, "noun") for w in ("straße", "bären", "öl", "email", "bauen")],
        load_profile("balda").alphabet_record("de"),
    )
    en = Lexicon.from_words([(w, "noun") for w in generated_words(3000)], ENGLISH)
    for lexicon in (de, en):
        assert type(lexicon.is_word).__name__ == "IsWord"
        words = list(lexicon)
        tricky = ["", "STRAẞE", "Straße", "e-mail", "E-MAIL", "öl\x00", "\ud800", "bär\ud800en", "ΣΑΣ", "ǅ"]
        for word in [*words, *(w.upper() for w in words), *(w + "s" for w in words), *tricky]:
            for pos in (None, "noun", "verb"):
                assert lexicon.is_word(word, pos) == Lexicon.is_word(lexicon, word, pos), (word, pos)
            assert lexicon.is_word(word) == Lexicon.is_word(lexicon, word) == (word in lexicon)
        for bad in (None, 7, b"x"):
            with pytest.raises(TypeError, match="a word must be a string"):
                lexicon.is_word(bad)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec=None), max_size=8))
def test_the_fast_path_on_any_text(text: str) -> None:
    lexicon = _SMALL
    assert lexicon.is_word(text) == Lexicon.is_word(lexicon, text)
    assert lexicon.is_word(text.lower()) == Lexicon.is_word(lexicon, text.lower())


_SMALL = Lexicon.from_words(
    [(w, "noun") for w in ("straße", "bären", "öl", "a", "ab", "abc")],
    load_profile("balda").alphabet_record("de"),
)


def test_letters_typed_as_a_letter_and_a_combining_mark_are_the_letter() -> None:
    """Some keyboards send ä as a + U+0308: every query composes its input first (NFC)."""
    alphabet = load_profile("balda").alphabet_record("de")
    german = Lexicon.from_words([("bär", "noun"), ("käse", "noun"), ("kasse", "noun")], alphabet)
    decomposed = "Ka\u0308se"
    assert german.normalize(decomposed) == "käse"
    assert german.is_word(decomposed) and german.is_word("BA\u0308R", pos="noun")
    assert german.is_word("ka\u0308se") and not german.is_word("kase")
    assert german.match("ka\u0308??") == ["käse"] and german.anagrams("esa\u0308k", use_all=True) == ["käse"]
    assert german.words(prefix="ba\u0308") == ["bär"]
