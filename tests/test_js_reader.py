"""The JavaScript reader (js/) gives the Python library's answers: vectors are written from the sample
word lists (English balda and wordgame, German balda) and a generated 20,000-word German list, then
Node's test runner runs js/test/*.test.js on them.

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
from tests.js_vectors import write_vectors

JS_TESTS = ROOT / "js" / "test"
SYNTHETIC_WORDS = 20_000
SAMPLE_LISTS = [("en", "balda"), ("en", "wordgame"), ("de", "balda")]


@pytest.fixture(scope="module")
def vectors(sample_outputs: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    synthetic = tmp_path_factory.mktemp("synthetic") / "de" / "balda"
    build_synthetic_list("de", SYNTHETIC_WORDS, synthetic)
    samples = [sample_outputs / lang / profile for lang, profile in SAMPLE_LISTS]
    out = tmp_path_factory.mktemp("js-vectors")
    write_vectors([*samples, synthetic], out)
    return out


def test_vectors_cover_what_the_reader_must_agree_on(vectors: Path) -> None:
    files = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in vectors.glob("*.json")}
    assert len(files) == 4
    for data in files.values():
        calls = {c["call"] for c in data["cases"]}
        assert calls == {"normalize", "display", "isWord", "partsOfSpeech", "hasPrefix", "complete", "words",
                         "size", "match", "anagrams"}  # fmt: skip
        assert any("error" in c for c in data["cases"] if c["call"] == "match")
        assert any(c.get("expect") is True for c in data["cases"] if c["call"] == "isWord")
        assert sum(len(walk["steps"]) for walk in data["graph"]) > 100
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
    assert ran and int(ran.group(1)) >= 60 and failed and failed.group(1) == "0", output[-4000:]


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
