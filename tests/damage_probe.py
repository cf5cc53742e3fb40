"""Every read path of a word list, asked of lists whose words.dawg is damaged (and re-signed in the
manifest, so that only the readers' own checks stand in the way), once with the compiled walker
and is_word's fast path in C, once with the Python ones.

    python -m tests.damage_probe OUT_JSON ROOT

ROOT holds the lists as <case>/<lang>/<profile>/. Each call ends with its answer or with an
ArtefactError (its message kept); anything else escapes and fails the run. OUT_JSON gets
{case: {"c": answers, "python": answers}}. tests/test_format_damaged.py runs this in a process
of its own and kills it if it hangs: "case NAME" is printed (and flushed) before each list, so a
hang or a crash names its case.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import wordlist.graph
import wordlist.lexicon
from wordlist import ArtefactError, Lexicon
from wordlist.errors import WordlistError


def answer(call: Callable[[], Any]) -> Any:
    try:
        result = call()
    except ArtefactError as error:
        return {"error": str(error)}
    except LookupError as error:  # random_word: no word of that length
        return {"lookup": str(error)}
    return list(result) if isinstance(result, tuple | list) else result


# The calls only the Python library has (the JavaScript reader's damaged test skips them); every
# other call of `read_paths` is one js/test/damaged.test.js makes too, under the same name.
PYTHON_ONLY = ("count ", "random ", "in ", "definitions ")


def read_paths(folder: Path) -> dict[str, Any]:
    """Every way of reading the list, each with its answer (flat: a name per call)."""
    try:
        lexicon = Lexicon.load(folder)
    except ArtefactError as error:
        return {"load": {"error": str(error)}}
    words = (folder / "words.txt").read_text(encoding="utf-8").split()[:25]  # the list's words before damage
    calls: dict[str, Callable[[], Any]] = {
        "iter": lambda: list(lexicon),
        "words": lexicon.words,
        "words noun": lambda: lexicon.words(pos="noun"),
        "words 5": lambda: lexicon.words(length=5),
        "words limit 3": lambda: lexicon.words(limit=3),
        "has_prefix ''": lambda: lexicon.has_prefix(""),
        "match *": lambda: lexicon.match("*"),
        "match ?a*": lambda: lexicon.match("?a*"),
        "match ?????? noun": lambda: lexicon.match("??????", pos="noun"),
        "anagrams ???????": lambda: lexicon.anagrams("???????"),
        "anagrams ?x12 all": lambda: lexicon.anagrams("?" * 12, use_all=True),
        "anagrams ?x40": lambda: lexicon.anagrams("?" * 40),
        "complete '' 7": lambda: lexicon.complete("", limit=7),
        "count verb": lambda: lexicon.count(pos="verb"),
        "random 5": lambda: lexicon.random_word(5, seed=1),
        "random any 3": lambda: lexicon.random_word(3, pos=None, seed=2),
        "random any 40": lambda: lexicon.random_word(40, pos=None, seed=3),
    }
    for word in words:
        calls |= {
            f"is_word {word}": lambda w=word: lexicon.is_word(w),
            f"is_word upper {word}": lambda w=word: lexicon.is_word(w.upper()),
            f"is_word noun {word}": lambda w=word: lexicon.is_word(w, pos="noun"),
            f"parts_of_speech {word}": lambda w=word: lexicon.parts_of_speech(w),
            f"has_prefix {word}": lambda w=word: lexicon.has_prefix(w[:2]),
            f"words prefix {word}": lambda w=word: lexicon.words(prefix=w[:2]),
            f"complete {word}": lambda w=word: lexicon.complete(w[:1], limit=3),
            f"match {word}": lambda w=word: lexicon.match(w[0] + "*"),
            f"anagrams {word}": lambda w=word: lexicon.anagrams(w),
            f"walk {word}": lambda w=word: walk(lexicon, w),
            f"in {word}": lambda w=word: w in lexicon,
            f"definitions {word}": lambda w=word: lexicon.definitions(w),
        }
    return {name: answer(call) for name, call in calls.items()}


def walk(lexicon: Lexicon, word: str) -> int | None:
    """`word` walked letter by letter as a bot walks (children, then the letter's child): the value
    where it ends, or None."""
    graph, node = lexicon.graph, 0
    for letter in word:
        child = graph.children(node).get(letter)
        if child is None:
            return None
        node = child
    return graph.value(node)


def served_words(root: Path) -> list[int] | str:
    """The status of the server's /words for every list under `root` (one it leaves out: 404), or
    why the server does not start (it leaves out a list whose words it finds damaged, and serves
    nothing without a list)."""
    from fastapi.testclient import TestClient

    from wordlist.server import create_app

    with tempfile.TemporaryDirectory() as db:
        try:
            app = create_app(root, Path(db) / "games.db")
        except WordlistError as error:
            return str(error)
        statuses = []
        with TestClient(app) as client:
            for manifest in sorted(root.glob("*/*/manifest.json")):
                lang, profile = manifest.parent.parent.name, manifest.parent.name
                response = client.get(f"/api/lists/{lang}/{profile}/words", params={"limit": 1000})
                assert response.headers["content-type"] == "application/json", response.text
                statuses.append(response.status_code)
        return statuses


def main(argv: list[str]) -> int:
    out, root = Path(argv[0]), Path(argv[1])
    results: dict[str, Any] = {}
    cases = sorted(p for p in root.iterdir() if p.is_dir())
    for case in cases:
        print(f"case {case.name}", flush=True)
        folders = sorted(m.parent for m in case.glob("*/*/manifest.json"))
        compiled = {str(f.relative_to(case)): read_paths(f) for f in folders}
        results[case.name] = {"c": compiled, "served": served_words(case)}
    # the same calls without the compiled parts: the Python walker and is_word's Python method
    wordlist.graph._dawg = None
    wordlist.lexicon._FastIsWord = None
    for case in cases:
        print(f"case {case.name} (python)", flush=True)
        folders = sorted(m.parent for m in case.glob("*/*/manifest.json"))
        results[case.name]["python"] = {str(f.relative_to(case)): read_paths(f) for f in folders}
    out.write_text(json.dumps(results), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
