"""A damaged words.dawg whose manifest was re-signed (so the checksums pass) ends every read cleanly:
an answer or an ArtefactError naming the file, never a hang, a crash or another exception; the
compiled walker and the Python one answer alike. And reading a list never imports dawg2."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest

from tests.conftest import ROOT
from tests.list_helpers import (
    INFLATED,
    RANDOM_DAMAGE,
    SAMPLE_LISTS,
    copy_list,
    crafted_dawgs,
    edit_manifest,
    resign,
    write_damaged_lists,
)
from wordlist import ArtefactError, Lexicon
from wordlist.errors import ArgumentError
from wordlist.format import MANIFEST_JSON, Counts, FormatError, schema
from wordlist.format.limits import MAX_WORDS
from wordlist.graph import BAD_GUIDE, CYCLE, NOT_UTF8, TOO_LONG, TOO_MANY

PROBE_TIMEOUT = 600  # seconds for every case, twice: a hang is a failure, however long the machine takes


@pytest.fixture(scope="module")
def damaged_root(sample_outputs: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("damaged")
    write_damaged_lists(sample_outputs, root)
    return root


@pytest.fixture(scope="module")
def probed(damaged_root: Path, tmp_path_factory: pytest.TempPathFactory) -> dict:
    out = tmp_path_factory.mktemp("probe") / "answers.json"
    command = [sys.executable, "-m", "tests.damage_probe", str(out), str(damaged_root)]
    try:
        run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=PROBE_TIMEOUT)
    except subprocess.TimeoutExpired as expired:
        started = (expired.stdout or b"").decode().splitlines()
        pytest.fail(f"a read hung on {started[-1] if started else 'the first case'}")
    last = run.stdout.splitlines()[-1] if run.stdout else "the first case"
    assert run.returncode == 0, f"{last}: exit {run.returncode}\n{run.stderr[-6000:]}"
    return json.loads(out.read_text(encoding="utf-8"))


def errors(answers: dict) -> list[str]:
    """Every error message among a list's answers."""
    found = []
    for value in answers.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict) and "error" in item:
                found.append(item["error"])
    return found


def test_every_read_of_a_damaged_dawg_ends_with_an_answer_or_an_artefact_error(probed: dict) -> None:
    assert len(probed) == len(SAMPLE_LISTS) * RANDOM_DAMAGE + len(crafted_dawgs()) + 1  # (INFLATED)
    detected = 0
    for case, result in probed.items():
        # the compiled walker and is_word's fast path answer as the Python ones, errors included
        assert result["c"] == result["python"], case
        for folder, answers in result["c"].items():
            messages = errors(answers)
            assert all(f"{folder}/words.dawg: " in m for m in messages), (case, messages[:3])
            detected += bool(messages)
        served = result["served"]  # statuses, or why the server serves nothing
        assert set(served) <= {200, 404, 500} if isinstance(served, list) else "no word lists" in served, case
    # the damage is real: many cases are found damaged, some answer every call
    random_cases = [r["c"] for case, r in probed.items() if case not in {*crafted_dawgs(), INFLATED}]
    assert detected >= 10
    assert sum(not errors(next(iter(r.values()))) for r in random_cases) >= 3
    # a child redirected to a unit of its label: shared or cyclic paths, found by the count or the pass
    many = [m for r in random_cases for m in errors(next(iter(r.values()))) if "more words than" in m]
    assert len(many) >= 2


LISTINGS = ("iter", "words", "words noun", "words 5", "words limit 3", "match *", "match ?a*",
            "match ?????? noun", "anagrams ???????", "anagrams ?x12 all", "anagrams ?x40", "complete '' 7",
            "count verb", "random 5", "random any 3", "random any 40")  # fmt: skip


def test_a_damaged_graph_refuses_every_listing_and_search_and_answers_lookups(probed: dict) -> None:
    """The whole graph is checked once, before the first listing or search (Graph.check, the same
    pass as the JavaScript reader's): found damaged, every listing and search of the list says what
    was found, whatever it asks; lookups (is_word, has_prefix, a bot's walk) still answer."""
    damaged = 0
    for case, result in probed.items():
        for answers in result["c"].values():
            first = answers.get("words")
            if not (isinstance(first, dict) and "error" in first) or "not UTF-8" in first["error"]:
                continue  # (a key that is not UTF-8 is found when a listing decodes it, as in JavaScript)
            damaged += 1
            for name in LISTINGS:
                assert answers[name] == first, (case, name)
            for name, answer in answers.items():
                if name.startswith(("words prefix ", "complete ", "match ", "anagrams ")):
                    assert answer == first or answer == [], (case, name)  # (no word starts so: no walk)
                if name.startswith(("is_word ", "in ", "parts_of_speech ")):
                    assert not isinstance(answer, dict), (case, name)
    assert damaged >= 20


def test_each_crafted_damage_is_named(probed: dict) -> None:
    def answers(case: str) -> dict:
        return probed[case]["c"]["en/balda"]

    def message(what: str) -> dict:
        return {"error": f"words.dawg: corrupt DAWG: {what}"}

    def shown(answer: dict | list) -> dict | list:
        return {"error": answer["error"].split("/en/balda/", 1)[1]} if isinstance(answer, dict) else answer

    # a cycle: found by the check, whatever a listing asks (even 5 letters), before any key is met
    for case in ("cycle", "cycle-long"):
        for name in ("words", "words 5", "match *", "anagrams ?x12 all", "random 5", "count verb"):
            assert shown(answers(case)[name]) == message(CYCLE), (case, name)
        assert answers(case)["has_prefix ''"] is True and answers(case)["is_word apple"] is False
    # 2 ** 40 keys over 80 units: counted, not listed
    assert shown(answers("doubling-keys")["iter"]) == message(TOO_MANY.format(most=10))
    assert shown(answers("doubling-keys")["anagrams ???????"]) == message(TOO_MANY.format(most=10))
    # the same with the manifest saying as many words as a list may have: each listing and search
    # is refused at once (the count), never walked; lookups answer
    inflated = probed[INFLATED]["c"]["en/balda"]
    for name in LISTINGS:
        assert shown(inflated[name]) == message(TOO_MANY.format(most=MAX_WORDS)), name
    assert inflated["has_prefix ''"] is True and inflated["is_word apple"] is False
    # 2 ** 40 paths and no key: each node is walked once
    dead = answers("doubling-dead")
    assert dead["words"] == dead["match *"] == dead["anagrams ?x12 all"] == []
    assert dead["has_prefix ''"] is True
    assert shown(answers("guide-loop")["words"]) == message(BAD_GUIDE.format(node=0))
    assert shown(answers("not-utf8")["words"]) == message(NOT_UTF8)
    assert answers("not-utf8")["match *"] == []  # (the searches walk letters: 0xFF is none)
    assert answers("leaf-outside")["words"] == [] and answers("leaf-outside")["is_word apple"] is False
    # the longest word is a word; a path longer in letters, or in bytes, is damage
    assert answers("longest-word")["words"] == answers("longest-word")["match *"] == ["a" * 255]
    for case in ("word-too-long", "bytes-too-long", "tail-too-long", "tail-bytes-too-long"):
        assert shown(answers(case)["words"]) == shown(answers(case)["match *"]) == message(TOO_LONG), case
    # the root ends a key: the empty word is never a word, "a" still is
    assert answers("empty-key")["words"] == answers("empty-key")["match *"] == ["a"]
    assert answers("empty-key")["anagrams ???????"] == []  # (2 letters at least)


def test_reading_a_list_never_imports_dawg2(sample_outputs: Path) -> None:
    """dawg2 writes words.dawg; loading, every query, the bots' graph and the server read it
    through wordlist.graph. (Lexicon.from_words writes a DAWG, so it imports dawg2.)"""
    script = f"""
import sys
from pathlib import Path
from wordlist import Lexicon
from wordlist.server import create_app
import tempfile
root = Path({str(sample_outputs)!r})
for lang, profile in {SAMPLE_LISTS!r}:
    lexicon = Lexicon.load(root / lang / profile)
    assert list(lexicon) and lexicon.words(pos="noun", length=5) is not None
    lexicon.is_word("Table"); lexicon.is_word("table", pos="noun"); lexicon.parts_of_speech("run")
    lexicon.has_prefix("ta"); lexicon.complete("t", limit=3); lexicon.count(pos="verb")
    lexicon.match("*a*"); lexicon.anagrams("tsera??"); lexicon.random_word(4, pos=None, seed=1)
    lexicon.definitions("table"); lexicon.graph.children(0)
with tempfile.TemporaryDirectory() as db:
    create_app(root, Path(db) / "games.db")
print(sorted(name for name in sys.modules if name == "dawg" or name.startswith("dawg.")))
"""
    command = [sys.executable, "-c", script]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip() == "[]"


@pytest.mark.parametrize("words", [MAX_WORDS + 1, 10**15])
def test_a_manifest_may_not_say_more_words_than_a_list_may_have(
    sample_outputs: Path, tmp_path: Path, words: int
) -> None:
    """The count bounds every walk, so it is bounded itself: re-signed to say more than MAX_WORDS,
    the list is refused at load, by the library and by the schema (JavaScript: js_vectors)."""
    folder = copy_list(sample_outputs / "en" / "balda", tmp_path / "en" / "balda")
    resign(folder, "words.dawg", crafted_dawgs()["doubling-keys"])
    edit_manifest(folder, lambda manifest: manifest["counts"].update(words=words))
    with pytest.raises(
        ArtefactError, match=f"'counts.words' must be between 0 and {MAX_WORDS:,}, not {words:,}"
    ):
        Lexicon.load(folder)
    manifest = json.loads((folder / MANIFEST_JSON).read_text(encoding="utf-8"))
    assert not jsonschema.Draft202012Validator(schema(MANIFEST_JSON)).is_valid(manifest)
    manifest["counts"]["words"] = MAX_WORDS
    assert jsonschema.Draft202012Validator(schema(MANIFEST_JSON)).is_valid(manifest)
    with pytest.raises(FormatError, match=r"'counts\.words' must be between"):  # nor does a writer write one
        Counts(words=words, definitions=0)


def test_a_page_of_words_walks_the_list_no_further_than_its_end(damaged_root: Path) -> None:
    """The server's /words stops one word past the page: a list whose tenth key is not UTF-8 serves
    its first pages, and says what is damaged only to a page that reaches it."""
    from fastapi.testclient import TestClient

    from wordlist.server import create_app

    root = damaged_root / "bad-key-last"
    lexicon = Lexicon.load(root / "en" / "balda")
    assert lexicon.words(limit=3) == lexicon.complete("", limit=3) == ["aa", "ab", "ac"]
    with pytest.raises(ArtefactError, match=NOT_UTF8):
        lexicon.words()
    with TestClient(create_app(root, damaged_root.parent / "bad-key-last.db")) as client:
        page = client.get("/api/lists/en/balda/words", params={"limit": 5}).json()
        assert page == {"words": ["aa", "ab", "ac", "ad", "ae"], "total": None, "offset": 0, "limit": 5,
                        "next_offset": 5}  # fmt: skip
        page = client.get("/api/lists/en/balda/words", params={"limit": 3, "offset": 3}).json()
        assert page["words"] == ["ad", "ae", "af"] and page["next_offset"] == 6
        last = client.get("/api/lists/en/balda/words", params={"limit": 5, "offset": 5})
        assert last.status_code == 500 and last.headers["content-type"] == "application/json"


def test_the_core_s_graph_check_answers_as_the_python_pass(sample_outputs: Path) -> None:
    """Graph.check runs the C core's pass (wl_graph_check) where there is one: for every crafted
    damage, a sound list, and allowances around its count, it answers as wordlist.graph's own."""
    from wordlist import graph as graph_module

    def outcome(check: Callable[..., int], *args: object) -> object:
        try:
            return check(*args)
        except (ArtefactError, graph_module.CorruptGraph) as error:
            return str(error).rsplit("corrupt DAWG: ", 1)[-1]

    sound = (sample_outputs / "en" / "balda" / "words.dawg").read_bytes()
    compared = 0
    for name, data in {**crafted_dawgs(), "sound": sound}.items():
        graph = graph_module.Graph(data, "ab" if name != "sound" else "abcdefghijklmnopqrstuvwxyz")
        assert graph._walker is not None, "wordlist/_core.c was not built"
        keys = outcome(graph_module._check_graph, graph, 10**6)
        allowances = {0, 10, 10**6} | ({keys - 1, keys} if isinstance(keys, int) and keys else set())
        for most in sorted(allowances):
            python = outcome(graph_module._check_graph, graph, most)
            assert outcome(graph._walker.check, most) == python, (name, most)
            compared += 1
    assert compared > 2 * len(crafted_dawgs())
    with pytest.raises(ArgumentError, match="most: a whole number from 0"):
        graph.check(-1)
    with pytest.raises(ArgumentError, match="most: a whole number from 0"):
        graph.check(True)
