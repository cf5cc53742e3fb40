"""Word lists on generated alphabets, for the JavaScript reader's conformance (tests/js_vectors.py writes
their vectors next to the sample lists'), and alphabet.json files both readers must refuse.

Each list is built by the pipeline (select, then write_word_list: the writer of alphabet.json) from
a seeded random alphabet: letters of several scripts (with "$" and "&", which JavaScript reads as
patterns in a replacement string), removed characters, lower-casing or not, and `replace`
spellings whose keys are letters, other characters or both. Its titles mix keys, removed
characters, capitals and decomposed letters into runs of letters, so the list holds words that
only normalization makes.
"""

from __future__ import annotations

import dataclasses
import random
import string
import unicodedata
from pathlib import Path

from tests.bench.lexicon import entries_for
from wordlist.format import MAX_REPLACEMENTS, MAX_SPELLING, Alphabet, FormatError
from wordlist_pipeline.artefacts import write_word_list
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import select

LANGUAGE = "de"  # the balda profile takes lower-case and capitalized German titles
LETTER_POOL = "abcdefghijklmnopqrstuvwxyzäöüßéçñøåæœǰσςαάđþ$&"
CAPITALS = "ABCÄÖÉΣ"  # letters of a case-sensitive list
OTHER_CHARACTERS = "ẞĳﬁ·'.\u0308\u0301"  # never letters here: keys and noise
REMOVABLE = "-'·."


def random_alphabet(rng: random.Random) -> Alphabet:
    """A valid alphabet: no value of `replace` holds a character of a key."""
    lowercase = rng.random() < 0.8
    letters = rng.sample(LETTER_POOL, rng.randint(6, 16))
    if not lowercase:
        letters += rng.sample(CAPITALS, 2)
    remove = "".join(rng.sample(REMOVABLE, rng.randint(0, 2)))
    letters = [c for c in letters if c not in remove]
    sources = letters + list(OTHER_CHARACTERS)
    keys = list(
        dict.fromkeys("".join(rng.choices(sources, k=rng.randint(1, 3))) for _ in range(rng.randint(0, 5)))
    )
    in_keys = set("".join(keys))
    spellable = [c for c in letters if c not in in_keys]
    replace = {key: "".join(rng.choices(spellable, k=rng.randint(1, 3))) for key in keys} if spellable else {}
    return Alphabet(LANGUAGE, "".join(letters), remove=remove, lowercase=lowercase, replace=replace)


def titles_for(alphabet: Alphabet, rng: random.Random, count: int) -> list[str]:
    """Page titles that normalize to words of `alphabet`, and some that do not."""
    pieces = [*alphabet.letters, *alphabet.replace] or [*alphabet.letters]
    titles = set()
    for _ in range(count):
        title = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
        roll = rng.random()
        if roll < 0.15:
            title = title.capitalize()
        elif roll < 0.25 and alphabet.remove:
            middle = rng.randint(0, len(title))
            title = title[:middle] + rng.choice(alphabet.remove) + title[middle:]
        elif roll < 0.35:
            title = unicodedata.normalize("NFD", title)
        elif roll < 0.4:
            title += rng.choice(OTHER_CHARACTERS)
        titles.add(title)
    return sorted(titles)


# The first list's: keys that are letters (ä, ß: a word never holds them, but one typed may), a key
# only composition makes ("J" + U+030C is "ǰ" once lower-cased and composed), values that a
# JavaScript replacement string would misread ("$&" is the matched text, "$$" one "$").
FIRST = Alphabet(LANGUAGE, "abcdeghijlnorstuäöüß$&", remove="-", replace={"ß": "$&", "ǰ": "j", "ä": "$$e"})


def build_generated_lists(out: Path, count: int, seed: int = 11) -> list[Path]:
    """`count` word lists on generated alphabets (FIRST, then random ones), written by the pipeline
    into out/<n>/."""
    rng = random.Random(seed)
    balda = load_profile("balda")
    folders = []
    while len(folders) < count:
        alphabet = random_alphabet(rng) if folders else FIRST
        profile = dataclasses.replace(
            balda,
            alphabets={LANGUAGE: alphabet.letters},
            upper={},
            remove=alphabet.remove,
            lowercase=alphabet.lowercase,
            replace=dict(alphabet.replace),
        )
        written = profile.alphabet_record(LANGUAGE)  # (its language's name is the edition's)
        assert (written.letters, written.replace, written.remove) == (
            alphabet.letters,
            alphabet.replace,
            alphabet.remove,
        )
        selection = select(entries_for(titles_for(alphabet, rng, 80), LANGUAGE), profile, LANGUAGE)
        if selection.heads.height == 0:  # (every title left out: draw another alphabet)
            continue
        folder = out / str(len(folders))
        write_word_list(selection, profile, LANGUAGE, folder, {"generated": f"seed {seed}"})
        folders.append(folder)
    return folders


def refused_alphabets(seed: int = 12) -> list[dict]:
    """alphabet.json documents a reader refuses, each with the `replace` key at fault (None when the
    fault is the whole table) and the library's message."""
    rng = random.Random(seed)
    base = Alphabet(LANGUAGE, string.ascii_lowercase).to_json()
    chain = {c: string.ascii_lowercase[i + 1] * 2 for i, c in enumerate(string.ascii_lowercase[:-1][:25])}
    cases: list[tuple[dict, str | None]] = [
        ({"replace": chain}, "a"),  # a -> bb, b -> cc, ... y -> zz: one letter would be 2^25
        ({"replace": {"x": "xy"}}, "x"),
        ({"replace": {"ß": "ss", "sch": "x"}}, "ß"),
        ({"replace": {"q": "k", "$&": "q"}}, "$&"),
        ({"replace": {"ä": "a" * (MAX_SPELLING + 1)}}, "ä"),
        ({"replace": {"ä": ""}}, "ä"),
        ({"replace": {"ä": "aé"}}, "ä"),
        ({"replace": {"ä": 7}}, "ä"),
        ({"replace": {"ß" * (MAX_SPELLING + 1): "s"}}, "ß" * (MAX_SPELLING + 1)),
        ({"replace": {"a?": "b"}}, "a?"),
        ({"replace": {"\n": "s", "s\n": "t"}}, "\n"),
        ({"replace": {chr(0x10000 + i): "a" for i in range(MAX_REPLACEMENTS + 1)}}, None),
        ({"remove": "·" * 1025}, None),
    ]
    for _ in range(20):  # random tables with one value holding a character of some key
        keys = [
            "".join(rng.choices("äöüßẞĳ·" + string.ascii_lowercase, k=rng.randint(1, 3))) for _ in range(4)
        ]
        keys = list(dict.fromkeys(keys))
        taken = rng.choice("".join(keys))
        values = ["".join(rng.choices("mnopqrstuvwxyz", k=rng.randint(1, 3))) for _ in keys]
        spoiled = rng.randrange(len(keys))
        values[spoiled] = values[spoiled] + taken if taken in string.ascii_lowercase else values[spoiled]
        replace = dict(zip(keys, values, strict=True))
        culprit = first_culprit(replace)
        if culprit is not None:
            cases.append(({"replace": replace}, culprit))
    refused = []
    for change, key in cases:
        document = base | change
        try:
            Alphabet.from_json(document)
        except FormatError as error:
            refused.append({"alphabet": document, "key": key, "python": str(error)})
        else:  # pragma: no cover - a case above that the library accepts is a mistake here
            raise AssertionError(f"the library accepts {change}")
    return refused


def first_culprit(replace: dict[str, str]) -> str | None:
    """The first key (in order) whose value holds a character of some key: what a reader names."""
    in_keys = set("".join(replace))
    return next((key for key, value in replace.items() if set(value) & in_keys), None)
