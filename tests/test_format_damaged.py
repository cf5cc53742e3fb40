"""A damaged words.dawg whose manifest was re-signed (so the checksums pass) ends every read cleanly:
an answer or an ArtefactError naming the file, never a hang, a crash or another exception; the
compiled walker and the Python one answer alike. And reading a list never imports dawg2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.list_helpers import RANDOM_DAMAGE, SAMPLE_LISTS, crafted_dawgs, write_damaged_lists
from wordlist.graph import BAD_GUIDE, NOT_UTF8, TOO_LONG, TOO_MANY

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
    assert len(probed) == len(SAMPLE_LISTS) * RANDOM_DAMAGE + len(crafted_dawgs())
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
    # the damage is real: many cases are found damaged, yet most reads of some still answer
    random_cases = [r["c"] for case, r in probed.items() if case not in crafted_dawgs()]
    assert detected >= 10
    assert sum(not errors(next(iter(r.values()))) for r in random_cases) >= 3
    # a child redirected to a unit of its label: shared or cyclic paths, found by the count
    many = [m for r in random_cases for m in errors(next(iter(r.values()))) if "more words than" in m]
    assert len(many) >= 2


def test_each_crafted_damage_is_named(probed: dict) -> None:
    def answers(case: str) -> dict:
        return probed[case]["c"]["en/balda"]

    def message(what: str) -> dict:
        return {"error": f"words.dawg: corrupt DAWG: {what}"}

    def shown(answer: dict | list) -> dict | list:
        return {"error": answer["error"].split("/en/balda/", 1)[1]} if isinstance(answer, dict) else answer

    too_many = message(TOO_MANY.format(most=10))
    # a cycle: the keys a, aa, aaa ... are more than the manifest's 10 words, and longer than 255 letters
    assert shown(answers("cycle")["words"]) == too_many and shown(answers("cycle")["match_star"]) == too_many
    assert shown(answers("cycle")["words_5"]) == ["aaaaa"]  # bounded by the length asked
    assert answers("cycle")["has_prefix_empty"] is True
    assert shown(answers("cycle-long")["words"]) == message(TOO_LONG)  # 255 letters come before 1000 keys
    assert shown(answers("cycle-long")["anagrams_all"]) == ["aaaaaaaaaaaa"]  # bounded by the rack
    # 2 ** 40 keys over 80 units: the count stops the walk
    assert shown(answers("doubling-keys")["iter"]) == too_many
    assert shown(answers("doubling-keys")["anagrams_blanks"]) == too_many
    # 2 ** 40 paths and no key: each dead branch is walked once
    dead = answers("doubling-dead")
    assert dead["words"] == dead["match_star"] == dead["anagrams_all"] == []
    assert dead["has_prefix_empty"] is True
    assert shown(answers("guide-loop")["words"]) == message(BAD_GUIDE.format(node=0))
    assert shown(answers("not-utf8")["words"]) == message(NOT_UTF8)
    assert answers("not-utf8")["match_star"] == []  # (the searches walk letters: 0xFF is none)
    assert answers("leaf-outside")["words"] == [] and answers("leaf-outside")["word apple"][0] is False
    # the root ends a key: the empty word is never a word, "a" still is
    assert answers("empty-key")["words"] == answers("empty-key")["match_star"] == ["a"]
    assert answers("empty-key")["anagrams_blanks"] == []  # (2 letters at least)


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
