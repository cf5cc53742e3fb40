"""Every query normalizes what is typed as alphabet.json says, on every shipped list: German Wordgame
reads a typed ß as "ss" (straße is its word strasse) in is_word, `in`, parts_of_speech, has_prefix,
words, complete, match, anagrams, definitions and titles, on the compiled paths (is_word's in
the C core, the games' move generators) and on the pure-Python ones alike. Text longer than
MAX_TEXT_LENGTH is never normalized: not a word, and an error as a pattern or a rack."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordlist.lexicon as lexicon_module
from tests.game_helpers import generator
from tests.js_vectors import spellings
from wordlist import Alphabet, Lexicon
from wordlist._core import IsWord
from wordlist.format import MAX_TEXT_LENGTH
from wordlist_pipeline.profile import load_profile

LISTS = [("en", "balda"), ("en", "wordgame"), ("de", "balda"), ("de", "wordgame")]


def load(folder: Path, kind: str) -> Lexicon:
    """The list with is_word's fast path in C ("compiled") or in Python only ("python")."""
    saved = lexicon_module._FastIsWord
    if kind == "python":
        lexicon_module._FastIsWord = None
    try:
        lexicon = Lexicon.load(folder)
    finally:
        lexicon_module._FastIsWord = saved
    assert (type(lexicon.is_word).__name__ == "IsWord") == (kind == "compiled")
    return lexicon


@pytest.fixture(params=["compiled", "python"])
def kind(request: pytest.FixtureRequest) -> Iterator[str]:
    with generator(request.param):  # the games' move generators follow the same switch
        yield request.param


def typed_forms(lexicon: Lexicon, word: str) -> set[str]:
    """How a player may type `word`: in capitals, with the alphabet's spellings (ß for ss in German
    Wordgame) and removed characters, decomposed."""
    forms = {word.title(), *spellings(word, lexicon.alphabet_spec)}
    return forms | {capitals(form) for form in forms} | {capitals(word)} - {word}


def capitals(text: str) -> str:
    """`text` in capitals as a German types them: ß as ẞ (str.upper() makes it SS, another word)."""
    return text.replace("ß", "ẞ").upper()


@pytest.mark.parametrize(("lang", "profile"), LISTS)
def test_every_query_finds_a_word_however_it_is_typed(
    sample_outputs: Path, kind: str, lang: str, profile: str
) -> None:
    lexicon = load(sample_outputs / lang / profile, kind)
    replaced = 0
    for word in lexicon:
        pos = lexicon.parts_of_speech(word)
        definitions, titles = lexicon.definitions(word), lexicon.titles(word)
        for typed in typed_forms(lexicon, word):
            assert lexicon.normalize(typed) == word, typed
            assert lexicon.is_word(typed) and Lexicon.is_word(lexicon, typed) and typed in lexicon, typed
            assert lexicon.is_word(typed, pos=pos[0]) and lexicon.parts_of_speech(typed) == pos, typed
            assert lexicon.has_prefix(typed) and lexicon.words(prefix=typed)[0] == word, typed
            assert lexicon.complete(typed, limit=1) == [word] and lexicon.match(typed) == [word], typed
            assert word in lexicon.anagrams(typed, use_all=True), typed
            assert lexicon.definitions(typed) == definitions and lexicon.titles(typed) == titles, typed
            for end in range(1, len(typed)):
                prefix = typed[:end]  # (a decomposed letter cut from its mark is no prefix of the word)
                if word.startswith(lexicon.normalize(prefix)):
                    assert lexicon.has_prefix(prefix) and word in lexicon.words(prefix=prefix), prefix
            replaced += any(old in typed.lower() for old in lexicon.alphabet_spec.replace)
    # German Wordgame's five words with "ss" are asked with ß too (Straße, STRAẞE, Spaß, eßen, ...)
    assert (replaced >= 10) == ((lang, profile) == ("de", "wordgame")), replaced


@pytest.mark.parametrize(("lang", "profile"), LISTS)
def test_text_past_the_bound_is_never_normalized(
    sample_outputs: Path, kind: str, lang: str, profile: str
) -> None:
    lexicon = load(sample_outputs / lang / profile, kind)
    word = next(iter(lexicon))
    at_bound = word * (MAX_TEXT_LENGTH // len(word))
    for text in (
        "a" * (MAX_TEXT_LENGTH + 1),
        "ß" * (MAX_TEXT_LENGTH + 1),
        word + "-" * MAX_TEXT_LENGTH,
        word * 10_000,
    ):
        assert not lexicon.is_word(text) and not Lexicon.is_word(lexicon, text) and text not in lexicon
        assert not lexicon.is_word(text, pos="noun") and lexicon.parts_of_speech(text) == ()
        assert (
            not lexicon.has_prefix(text) and lexicon.words(prefix=text) == [] and lexicon.complete(text) == []
        )
        assert lexicon.definitions(text) == [] and lexicon.titles(text) == []
        for search in (lexicon.match, lexicon.anagrams):
            with pytest.raises(
                ValueError, match=r"^'.{20}'\.\.\.: [\d,]+ characters, more than the 1,020 a pattern"
            ):
                search(text)
        assert lexicon.normalize(text) == lexicon.alphabet_spec.normalize(text)  # (normalize itself is total)
    assert lexicon.match("?" * MAX_TEXT_LENGTH) == [] and lexicon.match("*" * MAX_TEXT_LENGTH) == list(
        lexicon
    )
    assert not lexicon.is_word(at_bound) and lexicon.has_prefix(at_bound[: len(word)])
    with pytest.raises(ValueError, match="longer than 255 letters"):
        Lexicon.from_words([("a" * (MAX_TEXT_LENGTH + 1), "noun")], "a")


WORDS = [(w, "noun") for w in ("strasse", "spass", "essen", "ss", "s", "a", "ab", "äs", "öse")]
WORDGAME = load_profile("wordgame").alphabet_record("de")
# ß listed as a letter and replaced all the same: a word never holds it, but one typed may
LISTED = Alphabet("de", WORDGAME.letters + "ß", replace={"ß": "ss"})
LEXICONS = [Lexicon.from_words(WORDS, WORDGAME), Lexicon.from_words(WORDS, LISTED)]
PIECES = [
    "s",
    "ss",
    "ß",
    "ẞ",
    "S",
    "a",
    "A",
    "b",
    "ä",
    "a\u0308",
    "Ä",
    "ö",
    "e",
    "n",
    "-",
    "\x00",
    "\ud800",
    "é",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=8).map("".join))
def test_the_fast_path_in_c_and_the_method_agree_with_replacements(text: str) -> None:
    for lexicon in LEXICONS:
        assert type(lexicon.is_word).__name__ == "IsWord"
        assert lexicon.is_word(text) == Lexicon.is_word(lexicon, text)
        assert lexicon.is_word(text) == (lexicon.normalize(text) in set(lexicon)) == (text in lexicon)
        assert lexicon.has_prefix(text) == any(w.startswith(lexicon.normalize(text)) for w in lexicon)


def test_the_compiled_lookup_refuses_bad_arguments(sample_outputs: Path) -> None:
    folder = sample_outputs / "de" / "wordgame"
    data = (folder / "words.dawg").read_bytes()
    fallback = load(folder, "python").is_word
    for args, error in [
        ((b"", "ab", 10, fallback), ValueError),  # too short to be a DAWG
        ((data, b"ab", 10, fallback), TypeError),  # the letters are a str
        ((data, "ab", -1, fallback), ValueError),
        ((data, "ab", 10, 7), TypeError),  # the fallback is callable
    ]:
        with pytest.raises(error):
            IsWord(*args)
    lookup = IsWord(data, "aerst", 10, fallback)
    assert lookup("strasse") is True and lookup("tasse") is False and lookup("strassea") is False
    assert lookup("straße") is True  # not of "aerst" only: the fallback normalizes it
    assert lookup("strasse" * 2) is False  # longer than 10: the fallback says it
    with pytest.raises(TypeError, match="already initialized"):  # (another thread may be reading it)
        lookup.__init__(data, "", 0, fallback)
    assert lookup("strasse") is True
