"""alphabet.json's normalization: bounded whatever the file says (a value of `replace` holds no
character of any key), one order of steps, refused alike by the library, the writer (profiles and
`wordlist build`) and, as far as JSON Schema can say it, the schema; and the letters the lookups
take without normalizing are exactly ones normalization leaves alone. The JavaScript reader is held
to the same files by tests/js_alphabet_vectors.py."""

from __future__ import annotations

import json
import re
import shutil
import string
import sys
import unicodedata
from pathlib import Path

import jsonschema
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import run_cli
from tests.js_alphabet_vectors import LETTER_POOL, OTHER_CHARACTERS, first_culprit
from tests.test_format import rewrite
from wordlist import ArtefactError, Lexicon
from wordlist.format import (
    ALPHABET_JSON,
    MAX_REPLACEMENTS,
    MAX_SPELLING,
    Alphabet,
    FormatError,
    schema,
)
from wordlist_pipeline.errors import ProfileError
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import normalized

# a -> bb, b -> cc, ..., y -> zz: 600 bytes that would make one typed "a" 2^25 letters
EXPLOSION = {c: string.ascii_lowercase[i + 1] * 2 for i, c in enumerate(string.ascii_lowercase[:25])}
ENGLISH = Alphabet("en", string.ascii_lowercase).to_json()
VALIDATOR = jsonschema.Draft202012Validator(schema(ALPHABET_JSON))


@pytest.fixture(scope="module")
def folder(sample_outputs: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the English balda list, whose alphabet.json the tests rewrite (manifest re-signed)."""
    copy = tmp_path_factory.mktemp("alphabet") / "en-balda"
    shutil.copytree(sample_outputs / "en" / "balda", copy)
    return copy


def refusal(folder: Path, document: dict) -> str:
    """The one line a reader gives for a list whose alphabet.json is `document`."""
    rewrite(folder, ALPHABET_JSON, json.dumps(document).encode())
    with pytest.raises(ArtefactError) as raised:
        Lexicon.load(folder)
    message = str(raised.value)
    assert "\n" not in message and message.startswith(f"{folder / ALPHABET_JSON}: "), message
    return message


def test_the_explosion_is_refused_by_the_library_and_the_writer(folder: Path, tmp_path: Path) -> None:
    document = ENGLISH | {"replace": EXPLOSION}
    assert len(json.dumps(EXPLOSION)) < 600
    named = "'replace.a' gives 'bb', whose 'b' is in the key 'b'"
    with pytest.raises(FormatError, match=named):
        Alphabet.from_json(document)
    assert named in refusal(folder, document)
    # the writer: a profile with these spellings is refused before anything is built
    table = ", ".join(f'{old} = "{new}"' for old, new in EXPLOSION.items())
    profile = tmp_path / "explosion.toml"
    profile.write_text(
        f'name = "mine"\nlanguages = ["en"]\n[words]\nreplace = {{ {table} }}\n'
        f'[alphabet]\nen = "{string.ascii_lowercase}"\n'
    )
    with pytest.raises(ProfileError, match=f"{profile}: 'alphabet.en': {named}"):
        load_profile(profile)
    done = run_cli("build", "--profile", profile, "--lang", "en", "--out", tmp_path / "out", "--quiet")
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1 and len(lines) == 1 and named in lines[0] and str(profile) in lines[0], (
        done.stderr
    )
    assert not (tmp_path / "out" / "en" / "mine").exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"replace": {chr(0x10000 + i): "a" for i in range(MAX_REPLACEMENTS + 1)}}, "at most 256 spellings"),
        ({"replace": {"ß" * (MAX_SPELLING + 1): "s"}}, "'replace' must map 1 to 8 characters"),
        (
            {"replace": {"ß": "s" * (MAX_SPELLING + 1)}},
            "'replace.ß' must be 1 to 8 of the alphabet's letters",
        ),
        ({"replace": {"ß": ""}}, "'replace.ß' must be 1 to 8"),
        ({"replace": {"": "s"}}, "'replace' must map 1 to 8 characters"),
        ({"replace": {"ß?": "s"}}, "without '?*'"),
        ({"remove": "-" * 1025}, "'remove' must hold at most 1024 characters"),
    ],
)
def test_the_schema_refuses_what_it_can_say(folder: Path, change: dict, message: str) -> None:
    """JSON Schema cannot compare a value with the other keys (the explosion passes it: readers
    refuse that); counts and lengths it refuses as the readers do."""
    document = ENGLISH | change
    assert list(VALIDATOR.iter_errors(document)), change
    assert message in refusal(folder, document)


def test_the_order_of_the_steps() -> None:
    """Composed, removals, lower case, composed again, replaced: a removal or a lower-cased letter
    can leave a letter and its combining mark side by side, and a key matches the composed letter."""
    german = load_profile("balda").alphabet_record("de")
    assert german.normalize("Ba-\u0308r") == "bär" and german.normalize("BA-\u0308R") == "bär"
    assert german.normalize("J\u030c") == "ǰ"  # no capital J with caron exists: composed after lowering
    caron = Alphabet("xx", "jab", replace={"ǰ": "j"})
    assert caron.normalize("J\u030cAB") == "jab" and caron.normalize("\u01f0ab") == "jab"
    # a key that is a letter too: a typed ß is read as "ss", never kept
    letter_key = Alphabet("de", "aeiostrß", replace={"ß": "ss"})
    assert letter_key.normalize("STRAẞE") == "strasse" and "ß" not in letter_key.normal_letters
    assert letter_key.normalize(letter_key.normalize("straße")) == "strasse"


@st.composite
def documents(draw: st.DrawFn) -> dict:
    """alphabet.json documents with random letters, removals, case and `replace` tables, about
    half of them with a value holding some key's character."""
    lowercase = draw(st.booleans())
    letters = draw(st.lists(st.sampled_from(LETTER_POOL), min_size=3, max_size=12, unique=True))
    if not lowercase:
        letters += draw(st.lists(st.sampled_from("ÄÖΣAB"), max_size=2, unique=True))
    remove = draw(st.sampled_from(["", "-", "-·", "'"]))
    letters = [c for c in letters if c not in remove]
    key_text = st.text(st.sampled_from(letters + list(OTHER_CHARACTERS)), min_size=1, max_size=3)
    keys = draw(st.lists(key_text, max_size=5, unique=True))
    values = [draw(st.text(st.sampled_from(letters), min_size=1, max_size=4)) for _ in keys]
    replace = dict(zip(keys, values, strict=True))
    return ENGLISH | {
        "letters": "".join(letters),
        "upper": {},
        "remove": remove,
        "lowercase": lowercase,
        "replace": replace,
    }


def before_replace(text: str, alphabet: Alphabet) -> str:
    """What docs/FORMAT.md says `replace` is applied to: composed, removals, lower case, composed."""
    text = unicodedata.normalize("NFC", text)
    for char in alphabet.remove:
        text = text.replace(char, "")
    return unicodedata.normalize("NFC", text.lower() if alphabet.lowercase else text)


@settings(max_examples=150, deadline=None)
@given(document=documents(), data=st.data())
def test_any_table_is_bounded_or_refused_naming_the_key(
    folder: Path, document: dict, data: st.DataObject
) -> None:
    culprit = first_culprit(document["replace"])
    if culprit is not None:
        named = f"{'replace.' + culprit!r} gives"
        with pytest.raises(FormatError, match="^" + re.escape(named)):
            Alphabet.from_json(document)
        assert named in refusal(folder, document)
        return
    alphabet = Alphabet.from_json(document)
    assert not list(VALIDATOR.iter_errors(alphabet.to_json()))
    keys = list(alphabet.replace)
    pieces = [*alphabet.letters, *OTHER_CHARACTERS, *keys, *(k.upper() for k in keys), "J\u030c", "a-\u0308"]
    texts = data.draw(
        st.lists(st.lists(st.sampled_from(pieces), max_size=10).map("".join), min_size=1, max_size=20)
    )
    words = [alphabet.normalize(text) for text in texts]
    for text, word in zip(texts, words, strict=True):
        assert len(word) <= MAX_SPELLING * len(before_replace(text, alphabet)), (text, word)
        assert not any(key in word for key in keys), (text, word)  # no key is left to replace
        if alphabet.spells(word):
            assert alphabet.normalize(word) == word, (text, word)  # a word normalizes to itself
        normal = "".join(c for c in text if c in alphabet.normal_letters)
        assert alphabet.normalize(normal) == normal, normal  # the lookups' fast path takes it as it is
    # the writer normalizes page titles exactly so (vectorized where it can)
    assert normalized(pl.Series(texts), alphabet).to_list() == words


def composition_seconds() -> set[str]:
    """Every character that composes with the one before it (Unicode's canonical pairs and the
    Hangul vowel and final jamo)."""
    seconds = {chr(c) for c in (*range(0x1161, 0x1176), *range(0x11A8, 0x11C3))}
    for code in range(sys.maxunicode + 1):
        parts = unicodedata.decomposition(chr(code)).split()
        if len(parts) == 2 and not parts[0].startswith("<"):
            first, second = (chr(int(p, 16)) for p in parts)
            if unicodedata.normalize("NFC", first + second) == chr(code):
                seconds.add(second)
    return seconds


@pytest.mark.parametrize("lowercase", [True, False])
def test_normal_letters_are_left_alone_whatever_stands_around_them(lowercase: bool) -> None:
    """Every character that can be a letter, in alphabets of 1,024: a normal letter is composed on
    its own, neither it nor its decomposition's first character composes with a character before
    it, it is lower case when the list is, so text of normal letters only is its own
    normalization. (What the Lexicon and the C core look up without normalizing.)"""
    seconds = composition_seconds()
    candidates = [
        c
        for c in map(chr, range(sys.maxunicode + 1))
        if c.isprintable() and not c.isspace() and c not in "?*" and not (lowercase and c.lower() != c)
    ]
    normal = []
    for start in range(0, len(candidates), 1024):
        normal += Alphabet(
            "xx", "".join(candidates[start : start + 1024]), lowercase=lowercase
        ).normal_letters
    assert len(normal) > 100_000
    for c in normal:
        assert unicodedata.normalize("NFC", c) == c and unicodedata.combining(c) == 0, hex(ord(c))
        assert c not in seconds and unicodedata.normalize("NFD", c)[0] not in seconds, hex(ord(c))
    # and so, for instance, every pair of them (a sample: all pairs are 2 * 10^10)
    sample = Alphabet("xx", "".join(normal[:1024]), lowercase=lowercase)
    assert all(sample.normalize(a + b) == a + b for a in normal[:1024] for b in normal[:200])
