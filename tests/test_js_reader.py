"""The JavaScript reader (js/) gives the Python library's answers: vectors are written from the sample
word lists (English and German, balda and wordgame), a generated 20,000-word German list, a list
of no words (built with a profile that selects none), English balda with part-of-speech bits this
version does not name, and lists on generated alphabets (tests/js_alphabet_vectors.py), then
Node's test runner runs js/test/*.test.js on them; and on the damaged lists of
tests/test_format_damaged.py every read ends as Python's does (js/test/damaged.test.js). The C
core built to WebAssembly plays the Python library's moves on positions of both games
(tests/js_movegen_vectors.py, js/test/core.test.js).

The driver is a pytest test rather than a Makefile line so that `make test` (and CI) run it
with the lists this session has already built, the vectors land in a temporary folder, and a
failure shows up in pytest's report with Node's output.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.bench.js import build_synthetic_list
from tests.conftest import ROOT
from tests.damage_probe import read_paths
from tests.game_helpers import dense_list
from tests.js_bot_vectors import write_random_vectors
from tests.js_movegen_vectors import sample_leaves, write_movegen_vectors
from tests.js_vectors import GENERATED_LISTS, NEWER_LETTERS, write_vectors
from tests.list_helpers import build_empty_list, unknown_bits_list, write_damaged_lists
from wordlist import Lexicon
from wordlist.format import MAX_TEXT_LENGTH
from wordlist.format.limits import MAX_WORDS

JS_TESTS = ROOT / "js" / "test"
SYNTHETIC_WORDS = 20_000
SAMPLE_LISTS = [("en", "balda"), ("en", "wordgame"), ("de", "balda"), ("de", "wordgame")]


@pytest.fixture(scope="module")
def vectors(sample_outputs: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    synthetic = tmp_path_factory.mktemp("synthetic") / "de" / "balda"
    build_synthetic_list("de", SYNTHETIC_WORDS, synthetic)
    samples = [sample_outputs / lang / profile for lang, profile in SAMPLE_LISTS]
    empty = build_empty_list(sample_outputs, tmp_path_factory.mktemp("empty"))
    unknown = tmp_path_factory.mktemp("unknown") / "en" / "balda"
    unknown_bits_list(sample_outputs / "en" / "balda", unknown)
    out = tmp_path_factory.mktemp("js-vectors")
    write_vectors([*samples, synthetic, empty, unknown], out)
    damaged = write_damaged_lists(sample_outputs, tmp_path_factory.mktemp("damaged"))
    (out / "damaged.txt").write_text("".join(f"{folder}\n" for folder in damaged), encoding="utf-8")
    # Python's answer (or error) to every call on them, which js/test/damaged.test.js must give too
    answers = {str(folder): read_paths(folder) for folder in damaged}
    (out / "damaged").mkdir()
    (out / "damaged" / "answers.json").write_text(json.dumps(answers), encoding="utf-8")
    # the games' positions for the WebAssembly core (js/test/core.test.js)
    games = [
        (f"{lang}-{profile}", Lexicon.load(sample_outputs / lang / profile)) for lang, profile in SAMPLE_LISTS
    ]
    dense = [(f"synthetic-{lang}-wordgame", dense_list("wordgame", lang, 1500)) for lang in ("en", "de")]
    for seed, (_, lexicon) in enumerate(dense, 1):  # leave values for the strong bot's equity (the
        lexicon.leaves = sample_leaves(lexicon.letters, seed)  # sample lists have none: points only)
    write_movegen_vectors([*games, dense[1]], out / "movegen")
    write_movegen_vectors(
        [dense[0], ("synthetic-de-balda", Lexicon.load(synthetic))], out / "movegen", damaged=2
    )
    write_random_vectors(out / "random")  # Python's draws for a seed (js/test/random.test.js)
    return out


def test_vectors_cover_what_the_reader_must_agree_on(vectors: Path) -> None:
    every = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in vectors.glob("*.json")}
    files = {name: data for name, data in every.items() if not name.startswith("generated-")}
    generated = [data for name, data in every.items() if name.startswith("generated-")]
    assert len(files) == 7 and len(generated) == GENERATED_LISTS
    for name, data in every.items():
        calls = {c["call"] for c in data["cases"]}
        assert calls == {"normalize", "display", "isWord", "partsOfSpeech", "hasPrefix", "complete", "words",
                         "size", "match", "anagrams"}  # fmt: skip
        assert any("error" in c for c in data["cases"] if c["call"] == "match")
        answers = {(c["call"], json.dumps(c["args"])): c.get("expect") for c in data["cases"]}
        assert answers[("isWord", '["", {"pos": null}]')] is False
        assert answers[("anagrams", '["", {"minLength": 0}]')] == []
        assert answers[("match", '["", {"pos": null}]')] == []
        # the files whose checksum is checked when a list loads (words.parquet: when first used)
        game = ["game.json"] if data["game"] else []
        assert data["checked_at_load"] == ["alphabet.json", *game, "words.dawg"]
        versions = [d for d in data["documents"] if d["change"] in ("no format", "format 1")]
        assert versions and all(d["error"].startswith("format 1 is older") for d in versions)
        refused = [
            d for d in data["documents"] if "language_name" in d["change"] and "no " not in d["change"]
        ]
        # "", 5, an ESC, a direction mark and a code point Unicode 14 does not assign, in both files
        assert len(refused) == 10 and all(d["error"] for d in refused)
        # whole numbers written as floats are those numbers (JavaScript cannot tell), fractions are not
        verdicts = {(d["file"], d["change"]): d["error"] for d in data["documents"]}
        for file in ("alphabet.json", "manifest.json", *(["game.json"] if data["game"] else [])):
            assert verdicts[(file, "format 2.0")] is None and verdicts[(file, "format 2.5")], file
        assert verdicts[("manifest.json", "words 2.0")] is None
        assert all(verdicts[("manifest.json", f"words {n!r}")] for n in (2.5, MAX_WORDS + 1, 10**15))
        assert all(verdicts[("alphabet.json", f"letter U+{ord(c):04X}")] for c in NEWER_LETTERS)
        if name == "en-nothing-5.json":  # the list of no words
            assert answers[("size", "[]")] == 0 and answers[("hasPrefix", '[""]')] is False
            assert answers[("complete", '["", {"limit": 3}]')] == []
            continue
        assert answers[("hasPrefix", '[""]')] is True
        assert any(c.get("expect") is True for c in data["cases"] if c["call"] == "isWord")
        assert sum(len(walk["steps"]) for walk in data["graph"]) > 20
    # unknown part-of-speech bits: shown as unknown, and their words are words everywhere
    unknown = files["en-balda-6.json"]["cases"]
    answers = {(c["call"], json.dumps(c["args"])): c.get("expect") for c in unknown}
    shown = [c["expect"] for c in unknown if c["call"] == "partsOfSpeech"]
    assert ["unknown:28"] in shown and any("noun" in p and "unknown:27" in p for p in shown)
    zero = '["ablebodied"]'  # the word whose value is 0 (tests/list_helpers.py unknown_bits_list)
    assert answers[("partsOfSpeech", zero)] == [] and answers[("isWord", zero)] is True
    assert answers[("size", "[]")] == 129  # the sample English Balda list (128 before X-ray joined it)
    every = next(c for c in unknown if c["call"] == "words" and c["args"] == [])
    star = next(c for c in unknown if c["call"] == "match" and c["args"] == ["*", {"pos": None}])
    assert every["digest"] == star["digest"] and every["digest"]["count"] == 129
    documents = {d["change"]: d for d in files["en-wordgame-1.json"]["documents"] if d["file"] == "game.json"}
    assert documents["a letter without a tile"]["error"] is documents["no blank"]["error"] is None
    assert [documents[c]["error"] is None for c in ("points 1e0", "rack_size 8.0", "start 7.0")] == [True] * 3
    assert all(
        documents[c]["error"] for c in ("points 1.5", "count 1e300", "rack_size 8.5", "rack_size true")
    )
    # what format 2 changed: nothing is trimmed, NUL is asked like any character, racks count every blank
    english = files["en-balda-0.json"]["cases"]
    normalized = {c["args"][0]: c["expect"] for c in english if c["call"] == "normalize"}
    assert any(text.startswith(" ") and word.startswith(" ") for text, word in normalized.items())
    assert any(c["call"] == "isWord" and "\x00" in c["args"][0] for c in english)
    rack = ["**a", {"useAll": True}]
    two_blanks = next(c for c in english if c["call"] == "anagrams" and c["args"] == rack)
    assert two_blanks["expect"] and all(len(w) == 3 for w in two_blanks["expect"])
    games = {name: data["game"] for name, data in files.items()}
    assert games["en-wordgame-1.json"]["rack_size"] == 8 and games["en-balda-0.json"] is None
    synthetic = max(files.values(), key=lambda d: len(d["cases"]))
    assert any("digest" in c for c in synthetic["cases"] if c["call"] == "anagrams")
    normalized = [c["expect"] for c in synthetic["cases"] if c["call"] == "normalize"]
    assert any(set("äöüß") & set(word) for word in normalized)
    # German Wordgame spells ß "ss": typed with ß, every query finds the word
    german = files["de-wordgame-3.json"]["cases"]
    for call in ("isWord", "partsOfSpeech", "hasPrefix", "complete", "match", "anagrams"):
        assert any(c["call"] == call and "ß" in json.dumps(c["args"], ensure_ascii=False) and c.get("expect")
                   for c in german), call  # fmt: skip
    assert answer(files["de-balda-2.json"], "normalize", "Ba-\u0308r") == {"expect": "bär"}  # composed again
    assert answer(files["de-balda-2.json"], "normalize", "J\u030c") == {"expect": "ǰ"}
    assert "error" in answer(files["en-balda-0.json"], "match", "?" * (MAX_TEXT_LENGTH + 1), {"pos": None})
    assert answer(files["en-balda-0.json"], "match", "?" * MAX_TEXT_LENGTH, {"pos": None}) == {"expect": []}
    assert answer(files["en-balda-0.json"], "isWord", "x" * (MAX_TEXT_LENGTH + 1)) == {"expect": False}
    # the generated alphabets replace spellings, and their lists hold words only normalization makes
    found = [
        c["args"][0] for data in generated for c in data["cases"]
        if c["call"] == "isWord" and c.get("expect") is True and len(c["args"]) == 1
    ]  # fmt: skip
    assert sum(1 for data in generated if any(c["call"] == "normalize" and c["args"][0] != c["expect"]
               for c in data["cases"])) == GENERATED_LISTS  # fmt: skip
    assert len(found) > 100
    refused = json.loads((vectors / "alphabets" / "refused.json").read_text(encoding="utf-8"))
    assert len(refused) > 20 and refused[0]["key"] == "a" and "'replace.a' gives 'bb'" in refused[0]["python"]


def answer(data: dict, call: str, *args: object) -> dict:
    """The answer a vectors file holds for one call: {"expect": ...}, {"error": ...} or {"digest": ...}."""
    case = next(c for c in data["cases"] if c["call"] == call and c["args"] == list(args))
    return {key: value for key, value in case.items() if key not in ("call", "args")}


def test_javascript_reader_agrees_with_python(vectors: Path) -> None:
    node = shutil.which("node")
    assert node is not None, "node not found: the JavaScript reader's tests need Node 20 or later"
    tests = sorted(str(p) for p in JS_TESTS.glob("*.test.js"))
    result = subprocess.run(
        [node, "--test", *tests],
        env={**os.environ, "WORDLIST_JS_VECTORS": str(vectors)},
        capture_output=True,
        text=True,
        timeout=600,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-12_000:]
    ran = re.search(r"^# tests (\d+)$", result.stdout, re.MULTILINE)
    failed = re.search(r"^# fail (\d+)$", result.stdout, re.MULTILINE)
    skipped = re.search(r"^# skipped (\d+)$", result.stdout, re.MULTILINE)
    assert ran and int(ran.group(1)) >= 150 and failed and failed.group(1) == "0", output[-4000:]
    assert skipped and skipped.group(1) == "0", output[-4000:]  # (the damaged lists were there)


TSC = ROOT / "js" / "node_modules" / ".bin" / "tsc"


def test_type_declarations_are_what_the_module_exports_and_compile() -> None:
    """index.d.ts is hand-written: tsc (pinned in js/package-lock.json; `make test` installs it)
    compiles a TypeScript program using every export through the package's own name, and the
    module's exports at run time are exactly the values the declarations name."""
    assert TSC.exists(), f"{TSC} missing: `make test` installs it (cd js && npm ci)"
    result = subprocess.run(
        [str(TSC), "-p", str(ROOT / "js" / "tsconfig.json")], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    declared = set(
        re.findall(
            r"^export declare (?:const|function|class) (\w+)", (ROOT / "js" / "index.d.ts").read_text(), re.M
        )
    )
    node = shutil.which("node")
    assert node is not None
    script = "const m = await import(process.argv[1]); console.log(Object.keys(m).join(' '))"
    index = (ROOT / "js" / "src" / "index.js").as_uri()
    run = subprocess.run([node, "--input-type=module", "-e", script, index], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    exported = run.stdout.split()
    assert declared == set(exported) and len(declared) >= 8, (declared, exported)
