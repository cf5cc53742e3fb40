"""Conformance vectors for the JavaScript reader (js/): queries on built word lists, with the answers
of the Python library (wordlist.Lexicon), which the JavaScript tests must give too.

    python -m tests.js_vectors OUT_DIR LIST_DIR [LIST_DIR ...]

writes OUT_DIR/<language>-<profile>-<n>.json for each word list folder, and the same for lists on
generated alphabets (tests/js_alphabet_vectors.py: OUT_DIR/generated-<n>.json, their folders in
OUT_DIR/generated/) with OUT_DIR/alphabets/refused.json, the alphabet.json files both readers
refuse, and OUT_DIR/alphabets/unicode.json, text whose Unicode is newer than the format's
(tests/js_unicode_vectors.py). Each file names the
list's folder, the format's part-of-speech table and version, its game.json as the library reads
it (or null), and a list of cases:
``{"call": "isWord", "args": ["EMAIL", {"pos": "noun"}], "expect": true}``, with the arguments as
the JavaScript method takes them. An answer is ``expect`` (the value), ``digest`` (a long list:
its length, sha256 of its lines and first words) or ``error`` (Python raised ValueError, so
JavaScript must throw a RangeError). The inputs are the list's words and variants of them
(capitals, ẞ, the keys of `replace` for their values, hyphens and the other removed characters,
also between a letter and a combining mark, surrounding whitespace, which makes a non-word),
non-words (other scripts, control characters and NUL, lone surrogates, digits, text longer than
MAX_TEXT_LENGTH), prefixes, patterns (pathological ones included), racks with blanks, and queries
by part of speech and length; the empty word, prefix, pattern and rack; `graph` holds the
letter-by-letter walk of some words, node ids included. `documents` are variants of the list's
alphabet.json, game.json and manifest.json (a key left out, another version, tiles a game may or
may not have, a licence absent or malformed) with whether the library refuses each and why;
`license` is the manifest's licence as the library reads it (or null); `checked_at_load` names the files
whose checksum the library checks when it loads the list (a changed byte there refuses the list).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import shutil
import sys
import tempfile
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.js_alphabet_vectors import build_generated_lists, refused_alphabets
from tests.js_unicode_vectors import unicode_vectors
from wordlist import POS, ArtefactError, Lexicon
from wordlist.format import (
    ALPHABET_JSON,
    FORMAT_VERSION,
    GAME_JSON,
    MANIFEST_JSON,
    MAX_TEXT_LENGTH,
    Alphabet,
    FormatError,
    GameSpec,
)
from wordlist.format.limits import MAX_WORDS
from wordlist.search import pattern_tokens

DIGEST_ABOVE = 60  # longer answers are stored as a digest, keeping the files small
SAMPLE = 250  # words sampled from a large list (a small list is taken whole)
SEARCH_SAMPLE = 40  # of these, the words patterns and racks are made from (searches cost more)
# On a list this small the generator checks each pattern's answer against a second oracle, a
# regular expression over every word (Lexicon.match walks the graph; the regex reads every word,
# which is what bounds it to small lists).
REGEX_CHECK_MAX_WORDS = 400
GENERATED_LISTS = 8

OTHER_TEXT = [
    "", " ", "\t\n", "café", "naïve", "façade", "e-mail", "E-Mail", "über", "Straße", "STRASSE", "straẞe",
    "ΣΑΣ", "İstanbul", "ǅ", "ŉ", "ﬁsh", "😀", "a😀", "ab\x00", "\x00", "\ud800", "a\udfff", "c\tat", "ca t",
    "cat\u200b", "\ufeffcat", "cat\x1c", "\x85cat\u3000", "\u00a0cat\u2003", "1", "42", "apple's", "l'eau",
    "co-op", "--", "-", "?", "*", "a?", "Ä", "ÄÖÜ", "äöüß", "Ö-l", "\u0301", "é", "ß",
    "e\u0301", "Ba\u0308r", "a\u0308\u0301", "\u0308a",
    # composed again after a removal or lower-casing; ß replaced in German Wordgame
    "a-\u0308", "A-\u0308", "Ba-\u0308r", "BA-\u0308R", "J\u030c", "j\u030c", "STRA-ẞE", "Spaß", "SPASS",
    "eßen", "x" * MAX_TEXT_LENGTH, "x" * (MAX_TEXT_LENGTH + 1), "ß" * MAX_TEXT_LENGTH,
    "\ud800" * (MAX_TEXT_LENGTH + 1),
]  # fmt: skip
PATTERNS = [
    "", "*", "**", "?", "??", "???", "?*", "*?", "a*", "*a", "*e*", "*?*?*?", "*?*?*?*?*?*?",
    "*?*?*?*?*?*?*?*?*?*?*?*?", "*a*e*", "*a*b*c*", "?" * 40, "*" * 1000, "a" * 5000, "?" * 3000,
    "*ing", "s*s", "A??LE", "a-??le", "ß*", "ẞ*", "*ä*", "*a\u0308*", "?ö*",
    "é??", "a b", "1*", "*\x00", "a?\u00a0", "*ß*", "?-\u0308*",
    "?" * MAX_TEXT_LENGTH, "?" * (MAX_TEXT_LENGTH + 1), "*" * (MAX_TEXT_LENGTH + 1), "ß" * MAX_TEXT_LENGTH,
]  # fmt: skip
RACKS = ["", "?", "??", "???????", "*", "**a", "*?a", "a**", "e**?", "retains", "RETAINS", "tsera", "t-sera",
         "e?", "strenge", "äöüß??", "a\u0308o\u0308?", "é", "a b", "?" * 12, "ß?", "-\u0308a?",
         "e" * MAX_TEXT_LENGTH, "?" * (MAX_TEXT_LENGTH + 1)]  # fmt: skip
POS_OPTIONS: list[Any] = [None, "noun", "verb", ["adjective", "adverb"], "noun, verb", ""]
UNPRINTABLE_NAMES = [("language_name with ESC", "Eng\x1b[2Jlish"), ("language_name bidi", "\u202eEnglish"),
                     ("language_name unassigned", "English\ua7dc")]  # fmt: skip
# Letters Unicode 14 (the format's) does not assign, though a newer Unicode does (JavaScript's): the
# Cyrillic letter tje (16), Latin s with a diagonal stroke (16), a Garay letter (16), a Kawi letter (15)
NEWER_LETTERS = "\u1c8a\ua7cd\U00010d70\U00011f04"


# Each call as JavaScript makes it (the reader's method name; its options object last, with
# JavaScript's option names), answered by the Python library.
OPTION_NAMES = {"useAll": "use_all", "minLength": "min_length"}


def python_options(options: dict | None) -> dict:
    return {OPTION_NAMES.get(name, name): value for name, value in (options or {}).items()}


PYTHON: dict[str, Callable[..., Any]] = {
    "normalize": lambda lexicon, text: lexicon.normalize(text),
    "display": lambda lexicon, word: lexicon.display(word),
    "isWord": lambda lexicon, word, options=None: lexicon.is_word(word, **python_options(options)),
    "partsOfSpeech": lambda lexicon, word: list(lexicon.parts_of_speech(word)),
    "hasPrefix": lambda lexicon, prefix: lexicon.has_prefix(prefix),
    "complete": lambda lexicon, prefix, options=None: lexicon.complete(prefix, **python_options(options)),
    "words": lambda lexicon, options=None: lexicon.words(**python_options(options)),
    "match": lambda lexicon, pattern, options=None: match(lexicon, pattern, **python_options(options)),
    "anagrams": lambda lexicon, rack, options=None: lexicon.anagrams(rack, **python_options(options)),
    "size": lambda lexicon: len(lexicon),
}


def vectors_for(folder: Path, seed: int = 1) -> dict:
    """The cases for the word list in `folder`, answered by the Python library."""
    lexicon = Lexicon.load(folder)
    rng = random.Random(seed)
    every = lexicon.words()
    words = every if len(every) <= SAMPLE else sorted(rng.sample(every, SAMPLE))
    some_word = words[0] if words else "zzz"  # (a list may have no word)
    searched = words if len(words) <= SEARCH_SAMPLE else sorted(rng.sample(words, SEARCH_SAMPLE))
    cases: list[dict] = []

    def add(call: str, *args: Any) -> None:
        case: dict[str, Any] = {"call": call, "args": list(args)}
        try:
            result = PYTHON[call](lexicon, *args)
        except ValueError as error:
            case["error"] = f"ValueError: {error}"
        else:
            if isinstance(result, list) and len(result) > DIGEST_ABOVE:
                case["digest"] = digest(result)
            else:
                case["expect"] = result
        cases.append(case)

    alphabet = lexicon.alphabet_spec
    texts = sorted(
        {*words, *(v for w in words for v in variants(w, rng, alphabet)), *OTHER_TEXT, *noise(lexicon, rng)}
    )
    for text in texts:
        add("normalize", text)
        add("isWord", text)
        add("partsOfSpeech", text)
        add("hasPrefix", text)
    for text in sorted({s for w in searched for s in spellings(w, alphabet)}):  # every query on them
        add("complete", text, {"limit": 3})
        add("words", {"prefix": text})
        add("match", text, {"pos": None})
        add("anagrams", text, {"useAll": True})
    for word in [*words, "straße", "ŉ", "ﬁ", "ǆ", "i"]:
        add("display", word)
    for word in words:
        for pos in POS_OPTIONS:
            add("isWord", word, {"pos": pos})
    add("isWord", some_word, {"pos": "noun, nonsense"})
    add("isWord", "", {"pos": None})  # the empty word is never a word, nor a prefix of none

    prefixes = sorted({w[: rng.randint(1, len(w))] for w in words} | {"", "q", "zz", "ä", "sch", "X"})
    for prefix in prefixes:
        add("hasPrefix", prefix)
        add("complete", prefix, {"limit": 5})
        add("complete", prefix.upper(), {})
        add("complete", prefix, {"pos": "verb", "limit": 3})
        add("words", {"prefix": prefix, "pos": "noun"})
    add("complete", "", {"limit": 0})
    add("complete", "", {"limit": 3})
    add("complete", "", {"limit": -1})
    for pos in POS_OPTIONS:
        for length in (None, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 40):
            add("words", {"pos": pos, "length": length})
    add("words")
    add("size")

    for pattern in sorted({*PATTERNS, *(pattern_from(w, rng) for w in searched)}):
        add("match", pattern, {"pos": None})
        add("match", pattern, {"pos": "noun"})
    for rack in sorted({*RACKS, *(rack_from(w, rng) for w in searched)}):
        add("anagrams", rack, {})
        add("anagrams", rack, {"useAll": True})
        add("anagrams", rack, {"minLength": 3, "pos": "noun"})
        add("anagrams", rack, {"minLength": 1})
    for rack in ("", "?", "??", some_word[:4], "?" * 300):  # no word is empty; no tile is used twice
        for options in (
            {"minLength": 0},
            {"minLength": -5},
            {"minLength": 0, "useAll": True},
            {"pos": "verb"},
        ):
            add("anagrams", rack, options)

    return {
        "list": str(folder.resolve()),
        "language": lexicon.language,
        "profile": lexicon.profile,
        "letters": lexicon.letters,
        "format_version": FORMAT_VERSION,
        "pos": list(POS),
        "game": lexicon.game_spec.to_json() if lexicon.game_spec is not None else None,
        "license": lexicon.manifest.license.to_json() if lexicon.manifest.license is not None else None,
        "cases": cases,
        "graph": graph_walks(lexicon, [*words[:60], "", "zzzz"]),
        "documents": documents(folder),
        "checked_at_load": checked_at_load(folder),
    }


def documents(folder: Path) -> list[dict]:
    """Variants of the list's JSON files, each with the library's verdict: `error` (its message,
    the file's name left out) or null, and for an alphabet the language name it reads."""
    alphabet = json.loads((folder / ALPHABET_JSON).read_text(encoding="utf-8"))
    manifest = json.loads((folder / MANIFEST_JSON).read_text(encoding="utf-8"))
    found: list[dict] = []

    def variant(name: str, change: str, document: dict, read: Callable[[dict], Any]) -> None:
        entry: dict[str, Any] = {"file": name, "change": change, "json": document, "error": None}
        try:
            result = read(document)
        except (FormatError, ArtefactError) as error:
            entry["error"] = str(error).split(f"{name}: ", 1)[-1]
        else:
            if isinstance(result, Alphabet):
                entry["language_name"] = result.language_name
            if isinstance(result, Lexicon):  # what a reader shows as the list's credit
                license = result.manifest.license
                entry["attribution"] = license.attribution if license is not None else None
        found.append(entry)

    def without(document: dict, key: str) -> dict:
        return {k: v for k, v in document.items() if k != key}

    read_alphabet = Alphabet.from_json
    variant(ALPHABET_JSON, "as built", alphabet, read_alphabet)
    variant(ALPHABET_JSON, "no language_name", without(alphabet, "language_name"), read_alphabet)
    for change, value in (("empty language_name", ""), ("language_name not text", 5)):
        variant(ALPHABET_JSON, change, {**alphabet, "language_name": value}, read_alphabet)
    variant(ALPHABET_JSON, "no format", without(alphabet, "format"), read_alphabet)
    for version in (1, 3):
        variant(ALPHABET_JSON, f"format {version}", {**alphabet, "format": version}, read_alphabet)
    variant(ALPHABET_JSON, "a later key", {**alphabet, "later": {"any": [1]}}, read_alphabet)
    # a language name reaches terminals: control and format characters refuse it
    for change, value in UNPRINTABLE_NAMES:
        variant(ALPHABET_JSON, change, {**alphabet, "language_name": value}, read_alphabet)
    # JSON has one kind of number: 2.0 is 2 (JavaScript cannot tell them apart), 2.5 is no version
    for change, value in (("format 2.0", 2.0), ("format 2.5", 2.5), ("format true", True)):
        variant(ALPHABET_JSON, change, {**alphabet, "format": value}, read_alphabet)
    # the Unicode of the format is 14: a letter it does not assign is no letter, though a newer one's
    for letter in NEWER_LETTERS:
        upper = {**alphabet["upper"], letter: letter.upper()}
        more = {**alphabet, "letters": alphabet["letters"] + letter, "upper": upper}
        variant(ALPHABET_JSON, f"letter U+{ord(letter):04X}", more, read_alphabet)

    def read_manifest(document: dict) -> Lexicon:
        with tempfile.TemporaryDirectory() as temp:
            copied = Path(shutil.copytree(folder, Path(temp) / "list"))
            (copied / MANIFEST_JSON).write_text(json.dumps(document), encoding="utf-8")
            return Lexicon.load(copied)

    variant(MANIFEST_JSON, "no language_name", without(manifest, "language_name"), read_manifest)
    for change, value in (("empty language_name", ""), ("language_name not text", 5)):
        variant(MANIFEST_JSON, change, {**manifest, "language_name": value}, read_manifest)
    variant(MANIFEST_JSON, "no format", without(manifest, "format"), read_manifest)
    variant(MANIFEST_JSON, "format 3", {**manifest, "format": 3}, read_manifest)
    for change, value in UNPRINTABLE_NAMES:
        variant(MANIFEST_JSON, change, {**manifest, "language_name": value}, read_manifest)
    for change, value in (("format 2.0", 2.0), ("format 2.5", 2.5)):
        variant(MANIFEST_JSON, change, {**manifest, "format": value}, read_manifest)
    # every walk is bounded by the count: more than a list may have is refused, and so is a fraction
    counts = manifest["counts"]
    for words in (2.0, 2.5, MAX_WORDS + 1, 10**15):
        document = {**manifest, "counts": {**counts, "words": words}}
        variant(MANIFEST_JSON, f"words {words!r}", document, read_manifest)
    # the licence: absent in lists built before it (read, with no credit), or malformed (refused)
    license = manifest["license"]
    variant(MANIFEST_JSON, "no license", without(manifest, "license"), read_manifest)
    variant(MANIFEST_JSON, "license null", {**manifest, "license": None}, read_manifest)
    for change, value in (
        ("license a string", "CC-BY-SA-4.0"),
        ("license without attribution", without(license, "attribution")),
        ("license with an empty expression", {**license, "expression": " "}),
        ("license terms not a list", {**license, "licenses": {"id": "CC-BY-SA-4.0"}}),
        ("license terms without a url", {**license, "licenses": [{"id": "x", "name": "y"}]}),
        ("license dump a number", {**license, "dump": 20261101}),
        ("license changes null", {**license, "changes": None}),
        ("license with a later key", {**license, "later": [1]}),
    ):
        variant(MANIFEST_JSON, change, {**manifest, "license": value}, read_manifest)

    game_file = folder / GAME_JSON
    if game_file.exists():
        game = json.loads(game_file.read_text(encoding="utf-8"))
        letters = Alphabet.from_json(alphabet).letters

        def read_game(document: dict) -> GameSpec:
            return GameSpec.from_json(document, letters)

        def with_tiles(tiles: dict) -> dict:
            return {**game, "tiles": tiles}

        some = next(t for t in game["tiles"] if t != "?")
        outside = next(c for c in "ßéçøæ" if c not in letters)
        blank = {"?": {"points": 0, "count": 0}}
        variant(GAME_JSON, "as built", game, read_game)
        variant(GAME_JSON, "no format", without(game, "format"), read_game)
        for change, tiles in (
            ("a letter without a tile", without(game["tiles"], some)),
            ("no blank", without(game["tiles"], "?")),
            ("no blank in the bag", {**game["tiles"], **blank}),
            ("a letter none of", {**game["tiles"], some: {"points": 3, "count": 0}}),
            ("only blanks", {"?": {"points": 0, "count": 9}}),
            ("no tile in the bag", {**blank, some: {"points": 1, "count": 0}}),
            ("no tiles", {}),
            ("a tile not a letter", {**game["tiles"], outside: {"points": 1, "count": 1}}),
            ("a tile of two letters", {**game["tiles"], "ab": {"points": 1, "count": 1}}),
            ("points 1e0", {**game["tiles"], some: {"points": 1e0, "count": 2.0}}),
            ("points 1.5", {**game["tiles"], some: {"points": 1.5, "count": 2}}),
            ("count 1e300", {**game["tiles"], some: {"points": 1, "count": 1e300}}),
        ):
            variant(GAME_JSON, change, with_tiles(tiles), read_game)
        for change, value in (("rack_size 8.0", 8.0), ("rack_size 8.5", 8.5), ("rack_size true", True)):
            variant(GAME_JSON, change, {**game, "rack_size": value}, read_game)
        variant(GAME_JSON, "start 7.0", {**game, "start": [float(n) for n in game["start"]]}, read_game)
        for change, value in (("format 2.0", 2.0), ("format 2.5", 2.5)):
            variant(GAME_JSON, change, {**game, "format": value}, read_game)
    return found


def checked_at_load(folder: Path) -> list[str]:
    """The files of the list whose checksum Lexicon.load checks: those a changed byte (same size)
    makes it refuse the list."""
    checked = []
    manifest = json.loads((folder / MANIFEST_JSON).read_text(encoding="utf-8"))
    for name in sorted(manifest["files"]):
        with tempfile.TemporaryDirectory() as temp:
            copied = Path(shutil.copytree(folder, Path(temp) / "list"))
            data = bytearray((copied / name).read_bytes())
            if not data:
                continue  # (an empty words.txt has no byte to change)
            data[-1] ^= 1
            (copied / name).write_bytes(data)
            try:
                Lexicon.load(copied)
            except ArtefactError as error:
                assert "checksum does not match the manifest" in str(error), error
                checked.append(name)
    return checked


def variants(word: str, rng: random.Random, alphabet: Alphabet) -> set[str]:
    """Ways a player may type `word`: capitals, ẞ, decomposed letters (a + U+0308 for ä), the
    alphabet's spellings and removed characters, whitespace and other characters around it."""
    middle = rng.randint(0, len(word))
    return spellings(word, alphabet) | {
        word.upper(),
        word.title(),
        word.replace("ß", "ẞ"),
        word.upper().replace("ẞ", "SS"),
        unicodedata.normalize("NFD", word),
        unicodedata.normalize("NFD", word.upper()),
        f"{word[:middle]}-{word[middle:]}",
        f"{word[:middle]}\x00{word[middle:]}",
        word + "\x00",
        f" {word}\n",
        f"\x1c{word}\x85",
        f"\ufeff{word}",
        word + "q",
        word[::-1],
        word[:-1],
        word + word[-1],
    }


def spellings(word: str, alphabet: Alphabet) -> set[str]:
    """`word` as typed with the keys of `replace` for their values (German Wordgame: "straße" for
    "strasse", once and everywhere, in capitals too), and with a removed character before every
    combining mark of its decomposed form ("ba-\u0308r": composed once that is removed)."""
    spelled = set()
    for old, new in alphabet.replace.items():
        if new in word:
            spelled |= {word.replace(new, old), word.replace(new, old, 1)}
    spelled |= {s.upper() for s in spelled}
    for char in alphabet.remove[:2]:
        decomposed = unicodedata.normalize("NFD", word)
        spelled.add("".join(char + c if unicodedata.combining(c) else c for c in decomposed))
    return spelled - {word}


def noise(lexicon: Lexicon, rng: random.Random) -> set[str]:
    letters = lexicon.letters
    return {"".join(rng.choice(letters) for _ in range(rng.randint(1, 8))) for _ in range(200)}


def pattern_from(word: str, rng: random.Random) -> str:
    chars = [c if rng.random() < 0.6 else "?" for c in word]
    if rng.random() < 0.5:
        start = rng.randint(0, len(chars))
        chars[start : start + rng.randint(0, 3)] = ["*"]
    return "".join(chars)


def rack_from(word: str, rng: random.Random) -> str:
    tiles = [c if rng.random() < 0.8 else "?" for c in word] + rng.sample("aeirst", rng.randint(0, 2))
    rng.shuffle(tiles)
    return "".join(tiles)


def match(lexicon: Lexicon, pattern: str, pos: str | None) -> list[str]:
    found = lexicon.match(pattern, pos=pos)
    if len(lexicon) <= REGEX_CHECK_MAX_WORDS:
        assert found == match_by_regex(lexicon, pattern, pos), pattern
    return found


def match_by_regex(lexicon: Lexicon, pattern: str, pos: str | None) -> list[str]:
    """What Lexicon.match answers, by a regular expression over every word (same errors too)."""
    tokens = pattern_tokens(lexicon.alphabet_spec, pattern)  # match's normalisation and alphabet check
    regex = re.compile("".join("." if t == "?" else ".*" if t == "*" else re.escape(t) for t in tokens))
    return [w for w in lexicon.words(pos=pos) if regex.fullmatch(w)]


def graph_walks(lexicon: Lexicon, words: list[str]) -> list[dict]:
    """For each word, the nodes along its path: id, value and children sorted by code point."""
    graph = lexicon.graph
    walks = []
    for word in words:
        steps = []
        node: int | None = 0
        for letter in [None, *word]:
            if letter is not None:
                node = graph.children(node).get(letter)
            if node is None:
                break
            children = sorted(graph.children(node).items())
            steps.append({"node": node, "value": graph.value(node), "children": children})
        walks.append({"word": word, "steps": steps})
    return walks


def digest(words: list[str]) -> dict:
    text = "\n".join(words)
    return {"count": len(words), "sha256": hashlib.sha256(text.encode()).hexdigest(), "first": words[:5]}


def write_vectors(folders: list[Path], out: Path, generated: int = GENERATED_LISTS) -> list[Path]:
    """The vectors of `folders` and of `generated` lists on generated alphabets, into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for i, folder in enumerate(folders):
        vectors = vectors_for(folder)
        written.append(write_json(out / f"{vectors['language']}-{vectors['profile']}-{i}.json", vectors))
    for i, folder in enumerate(build_generated_lists(out / "generated", generated)):
        written.append(write_json(out / f"generated-{i}.json", vectors_for(folder)))
    written.append(write_json(out / "alphabets" / "refused.json", refused_alphabets()))
    written.append(write_json(out / "alphabets" / "unicode.json", unicode_vectors()))
    return written


def write_json(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    # ASCII JSON: the inputs hold lone surrogates, which UTF-8 cannot encode
    tmp.write_text(json.dumps(data), encoding="ascii")
    tmp.replace(path)
    return path


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print("usage: python -m tests.js_vectors OUT_DIR LIST_DIR [LIST_DIR ...]", file=sys.stderr)
        return 2
    for path in write_vectors([Path(a) for a in argv[1:]], Path(argv[0])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
