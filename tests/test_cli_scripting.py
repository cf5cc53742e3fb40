"""The command line for scripts: --json answers of the documented shapes, exit codes, --version, completion.

The shapes asserted here are docs/querying.md's ("Scripting: JSON and exit codes"): a change to one is
a change to the other.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

import wordlist
from tests.conftest import run_cli
from wordlist import Lexicon, Manifest, cli


def ask(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """Run `wordlist ARGS` in this process: (exit code, stdout, stderr)."""
    code = cli.run([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def ask_json(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, object]:
    code, out, _ = ask(capsys, *args, "--json")
    assert out.count("\n") == 1 and out.endswith("\n"), out  # one line: one JSON document
    return code, json.loads(out)


@pytest.fixture(scope="module")
def en(sample_outputs: Path) -> Lexicon:
    return Lexicon.open("en", "balda", sample_outputs)


def test_check_answers_with_its_exit_code(capsys, sample_outputs: Path, en: Lexicon) -> None:
    query = ("query", "--data", sample_outputs, "check")
    code, answer = ask_json(capsys, *query, "EMAIL", "paris")
    assert code == 1  # one word is not in
    assert answer == {
        "words": [
            {"word": "EMAIL", "normalized": "email", "found": True, "pos": list(en.parts_of_speech("email"))},
            {"word": "paris", "normalized": "paris", "found": False, "pos": []},
        ]
    }
    code, answer = ask_json(capsys, *query, "e-mail", "Table")
    assert code == 0 and [w["found"] for w in answer["words"]] == [True, True]
    code, answer = ask_json(capsys, *query, "run", "--pos", "adverb")  # a word, but not an adverb
    assert code == 1 and answer["words"] == [
        {"word": "run", "normalized": "run", "found": False, "pos": ["noun", "verb"]}
    ]
    assert ask(capsys, *query, "email")[:2] == (0, "EMAIL: yes (noun, verb)\n")
    code, out, err = ask(capsys, *query, "email", "--pos", "nouns")  # an error: 2, not the answer "no"
    assert (code, out) == (2, "") and err.startswith("error: ") and "'nouns'" in err
    code, out, err = ask(capsys, "query", "--data", sample_outputs / "none", "check", "cat", "--json")
    assert (code, out) == (2, "") and len(err.splitlines()) == 1


def test_word_queries_give_the_words_and_their_total(capsys, sample_outputs: Path, en: Lexicon) -> None:
    query = ("query", "--data", sample_outputs)
    assert ask_json(capsys, *query, "match", "a??le") == (0, {"words": ["apple"], "total": 1})
    code, answer = ask_json(capsys, *query, "words", "--limit", "3")
    assert code == 0 and answer == {"words": list(en)[:3], "total": len(en)}
    code, answer = ask_json(capsys, *query, "anagrams", "tsera")
    assert code == 0 and answer == {"words": en.anagrams("tsera"), "total": len(en.anagrams("tsera"))}
    assert ask_json(capsys, *query, "words", "--pos", "noun", "--length", "9", "--limit", "0") == (
        0,
        {"words": en.words(pos="noun", length=9), "total": len(en.words(pos="noun", length=9))},
    )
    assert ask_json(capsys, *query, "match", "zz?") == (1, {"words": [], "total": 0})  # nothing found
    assert ask(capsys, *query, "match", "zz?") == (1, "", "no words\n")


def test_count_random_and_define(capsys, sample_outputs: Path, en: Lexicon) -> None:
    query = ("query", "--data", sample_outputs)
    assert ask_json(capsys, *query, "count", "--pos", "verb") == (0, {"count": en.count(pos="verb")})
    assert ask_json(capsys, *query, "count", "--length", "40") == (0, {"count": 0})  # a count is an answer
    word = en.random_word(5, pos=["noun"], seed=7)
    assert ask_json(capsys, *query, "random", "5", "--seed", "7") == (0, {"word": word})
    assert ask_json(capsys, *query, "random", "42") == (1, {"word": None})
    code, out, err = ask(capsys, *query, "random", "42")
    assert (code, out) == (1, "") and err == (
        f"no noun of 42 letters in the English balda word list ({sample_outputs / 'en' / 'balda'})\n"
    )
    de = Lexicon.open("de", "balda", sample_outputs)
    assert ask_json(capsys, *query, "-l", "de", "define", "BAUEN") == (
        0,
        {
            "word": "BAUEN",
            "normalized": "bauen",
            "pos": ["noun", "verb"],
            "titles": ["Bauen", "bauen"],
            "definitions": de.definitions("bauen"),
            "by_pos": {
                "noun": de.definitions("bauen", pos="noun"),
                "verb": de.definitions("bauen", pos="verb"),
            },
        },
    )
    empty = {"word": "xyzzy", "normalized": "xyzzy", "pos": [], "titles": [], "definitions": [], "by_pos": {}}
    assert ask_json(capsys, *query, "define", "xyzzy") == (1, empty)
    assert ask(capsys, *query, "define", "xyzzy")[:2] == (1, "XYZZY: not in the list\n")


def test_stats_json_is_the_manifests_counts(capsys, sample_outputs: Path) -> None:
    code, answer = ask_json(capsys, "stats", "--out", sample_outputs)
    assert code == 0
    listed = [(item["language"], item["profile"]) for item in answer["lists"]]
    assert listed == [("de", "balda"), ("de", "wordgame"), ("en", "balda"), ("en", "wordgame")]
    for item in answer["lists"]:
        folder = sample_outputs / item["language"] / item["profile"]
        manifest = Manifest.from_json(json.loads((folder / "manifest.json").read_text()))
        assert item["path"] == str(folder) and item["language_name"] == manifest.language_name
        counts = dict(item["counts"])
        assert [r.pop("description") for r in counts["left_out"]] == [
            r.describe() for r in manifest.counts.left_out
        ]
        assert counts == manifest.counts.to_json()
    code, answer = ask_json(capsys, "stats", "--out", sample_outputs, "--lang", "de", "--profile", "balda")
    assert [(i["language"], i["profile"]) for i in answer["lists"]] == [("de", "balda")]


def test_why_json_explains_each_entry(capsys, sample_outputs: Path) -> None:
    why = ("why", "--out", sample_outputs)
    assert ask_json(capsys, *why, "cops", "--profile", "wordgame") == (
        0,
        {
            "title": "cops",
            "language": "en",
            "profile": "wordgame",
            "entries": [
                {
                    "pos": "noun",
                    "entry": 1,
                    "first_definition": "Plural of cop",
                    "included": False,
                    "as": None,
                    "reason": "form of a dropped word",
                    "override": None,
                }
            ],
        },
    )
    code, answer = ask_json(capsys, *why, "Bauen", "--lang", "de")
    bauen = {
        "pos": "noun",
        "entry": 1,
        "first_definition": "das Errichten von Gebäuden",
        "included": True,
        "as": "bauen",
        "reason": None,
        "override": None,
    }
    assert code == 0 and answer["entries"] == [bauen]
    # a title no page has: an error (exit code 1, one line on stderr), no JSON
    code, out, err = ask(capsys, *why, "no such page", "--json")
    assert (code, out) == (1, "") and err.startswith("error: 'no such page': no English entry in the entries")


def test_usage_errors_are_one_line_with_exit_code_2(capsys) -> None:
    code, out, err = ask(capsys, "build", "--no-such-option")
    assert (code, out) == (2, "")
    assert err.startswith("error: wordlist build: No such option: --no-such-option") and err.count("\n") == 1
    assert err.endswith(" (see 'wordlist build --help')\n")
    code, out, err = ask(capsys, "query", "words", "--limit", "-1")
    assert code == 2 and err.count("\n") == 1 and "'--limit'" in err


def test_version_is_the_distributions() -> None:
    version = metadata.version("wiktionary-wordlist")
    assert wordlist.__version__ == version
    result = run_cli("--version")
    assert (result.returncode, result.stdout) == (0, f"wiktionary-wordlist {version}\n")


def completion(words: str, env: dict[str, str] | None = None) -> list[str]:
    """What bash completion offers for the command line `words` (the protocol of Typer's script)."""
    environment = {
        **os.environ,
        "_WORDLIST_COMPLETE": "complete_bash",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
        **(env or {}),
    }
    command = [sys.executable, "-m", "wordlist_pipeline"]
    done = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_shell_completion(tmp_path: Path) -> None:
    assert completion("wordlist qu") == ["query"]
    queries = ["check", "words", "count", "match", "anagrams", "random", "define"]
    assert completion("wordlist query ") == queries
    assert "--profile" in completion("wordlist build --pro")
    env = {**os.environ, "HOME": str(tmp_path), "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    command = [sys.executable, "-m", "wordlist_pipeline"]
    shown = subprocess.run([*command, "--show-completion", "bash"], env=env, capture_output=True, text=True)
    assert shown.returncode == 0 and "_WORDLIST_COMPLETE=complete_bash" in shown.stdout
    install = [*command, "--install-completion", "bash"]
    installed = subprocess.run(install, env=env, capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr
    assert "_WORDLIST_COMPLETE" in (tmp_path / ".bash_completions" / "wordlist.sh").read_text()


def test_wordlist_data_is_the_default_folder_of_every_command(
    capsys, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, sample_outputs: Path
) -> None:
    """$WORDLIST_DATA is where the library looks for lists: build writes there, and stats, why,
    export and query read there, as they do ./outputs without it."""
    data = tmp_path / "lists"
    monkeypatch.setenv("WORDLIST_DATA", str(data))
    monkeypatch.chdir(tmp_path)  # ./outputs would be tmp_path/outputs: never made
    assert ask(capsys, "build", "--quiet", "--lang", "en")[0] == 0
    assert (data / "en" / "balda" / "words.dawg").read_bytes() == (
        sample_outputs / "en" / "balda" / "words.dawg"
    ).read_bytes()
    code, answer = ask_json(capsys, "stats")
    assert code == 0 and [item["path"] for item in answer["lists"]] == [
        str(data / "en" / "balda"), str(data / "en" / "wordgame")
    ]  # fmt: skip
    code, answer = ask_json(capsys, "why", "cops", "--profile", "wordgame")
    assert code == 0 and answer["entries"][0]["reason"] == "form of a dropped word"
    code, out, _ = ask(capsys, "export", "--lang", "en", "--profile", "balda", "--format", "jsonl")
    assert code == 0 and out.startswith(str(data / "exports" / "en-balda.jsonl"))
    assert ask(capsys, "query", "check", "email")[0] == 0
    assert not (tmp_path / "outputs").exists()
