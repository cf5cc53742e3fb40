"""The library's own commands run where the pipeline cannot be imported, and start up lazily.

Each command runs as a user runs it (`python -m wordlist`, a fresh process), with a
sitecustomize.py on PYTHONPATH whose import hook refuses `wordlist_pipeline` (as if only the
library were installed) and writes down every time something asks for it. `query`, `play`,
`export`, `stats` and `serve` answer as they do with the pipeline, and never ask for it; the
pipeline's commands are absent from `wordlist --help`, and `wordlist build` is an unknown command.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import httpx2
import pytest

from tests.conftest import ROOT
from tests.server_helpers import free_port, wait_until_serving

HIDE_PIPELINE = """
import os, sys

class HidePipeline:
    def find_spec(self, name, path=None, target=None):
        if name == "wordlist_pipeline" or name.startswith("wordlist_pipeline."):
            with open(os.environ["HIDDEN_LOG"], "a") as log:
                log.write(name + "\\n")
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, HidePipeline())
"""
LIBRARY_COMMANDS = ["stats", "export", "serve", "query", "play"]
PIPELINE_COMMANDS = ["build", "diff", "download", "extract", "leaves", "package", "profiles", "synth", "why"]


class Library:
    """`python -m wordlist` with the pipeline hidden (`hidden=False`: the same, with it)."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir()
        (folder / "sitecustomize.py").write_text(HIDE_PIPELINE)
        self.log = folder / "asked.log"
        self.log.touch()
        self.env = {**os.environ, "PYTHONPATH": str(folder), "HIDDEN_LOG": str(self.log)}

    def command(self, *args: str | Path) -> list[str]:
        return [sys.executable, "-m", "wordlist", *map(str, args)]

    def run(self, *args: str | Path, hidden: bool = True, cwd: Path = ROOT) -> subprocess.CompletedProcess:
        env = self.env if hidden else {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        return subprocess.run(
            self.command(*args), env=env, cwd=cwd, capture_output=True, text=True, timeout=300, input="quit\n"
        )

    def asked(self) -> list[str]:
        """What asked for the pipeline since the last call."""
        lines = self.log.read_text().splitlines()
        self.log.write_text("")
        return lines


@pytest.fixture
def library(tmp_path: Path) -> Library:
    return Library(tmp_path / "hide")


def test_the_hook_hides_the_pipeline(library: Library) -> None:
    """(Else the tests below would prove nothing.)"""
    probe = [sys.executable, "-c", "import wordlist_pipeline"]
    hidden = subprocess.run(probe, env=library.env, capture_output=True, text=True, timeout=60)
    assert hidden.returncode == 1 and "No module named 'wordlist_pipeline'" in hidden.stderr
    assert library.asked() == ["wordlist_pipeline"]
    shown = subprocess.run(probe, capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("query", "--data", "{data}", "check", "email", "paris"),
        ("query", "--data", "{data}", "-p", "wordgame", "anagrams", "tsera", "--all", "--json"),
        ("query", "--data", "{data}", "-l", "de", "define", "bauen"),
        ("query", "--data", "{data}", "match", "c[a]t"),  # an error: exit code 2, one line
        ("play", "balda", "--help"),
        ("play", "balda", "--data", "{data}", "--self-play", "--seed", "1"),
        ("play", "wordgame", "--data", "{data}", "--seed", "2"),  # quits at the first prompt
        ("export", "--data", "{data}", "-l", "en", "-p", "balda", "-f", "jsonl", "--out", "-"),
        ("stats", "--out", "{data}", "--json"),
        ("stats", "--out", "{data}", "-l", "fr"),  # an error: exit code 1
        ("serve", "--help"),
    ],
    ids=lambda args: " ".join(a for a in args if a not in ("--data", "--out", "{data}")),
)
def test_the_library_commands_answer_as_with_the_pipeline(
    library: Library, sample_outputs: Path, args: tuple[str, ...]
) -> None:
    command = [arg.format(data=sample_outputs) for arg in args]
    alone = library.run(*command)
    assert library.asked() == []  # nothing asked for the pipeline
    with_pipeline = library.run(*command, hidden=False)
    assert (alone.returncode, alone.stdout, alone.stderr) == (
        with_pipeline.returncode,
        with_pipeline.stdout,
        with_pipeline.stderr,
    )
    assert alone.stdout or alone.stderr
    assert "Traceback" not in alone.stderr and len(alone.stderr.splitlines()) <= 1


def test_the_answers_are_the_library_s(library: Library, sample_outputs: Path, tmp_path: Path) -> None:
    """What the commands above print, read: the answers, the export's file, the game's end."""
    check = library.run("query", "--data", sample_outputs, "check", "email", "paris")
    assert (check.returncode, check.stdout) == (1, "EMAIL: yes (noun, verb)\nPARIS: no\n")
    out = tmp_path / "balda-en.jsonl"
    export = library.run(
        "export", "--data", sample_outputs, "-l", "en", "-p", "balda", "-f", "jsonl", "-o", out
    )
    assert export.returncode == 0, export.stderr
    words = [json.loads(line)["word"] for line in out.read_text(encoding="utf-8").splitlines()]
    assert "email" in words and words == sorted(words)
    game = library.run("play", "balda", "--data", sample_outputs, "--self-play", "--seed", "1")
    assert game.returncode == 0 and "Game over: " in game.stdout
    stats = json.loads(library.run("stats", "--out", sample_outputs, "--json").stdout)
    assert {(entry["language"], entry["profile"]) for entry in stats["lists"]} == {
        ("de", "balda"),
        ("de", "wordgame"),
        ("en", "balda"),
        ("en", "wordgame"),
    }
    assert library.asked() == []


def test_without_the_pipeline_its_commands_are_absent(library: Library) -> None:
    shown = library.run("--help")
    assert shown.returncode == 0
    listed = [
        line.split()[0]
        for line in shown.stdout.split("Commands:")[1].split("Examples:")[0].splitlines()
        if line.strip()
    ]
    assert listed == LIBRARY_COMMANDS
    assert library.run("--help", hidden=False).stdout.count("\n") == shown.stdout.count("\n") + len(
        PIPELINE_COMMANDS
    )
    build = library.run("build")
    assert build.returncode == 2
    assert build.stderr == "error: wordlist: No such command 'build' (see 'wordlist --help')\n"
    assert library.run("--version").stdout.startswith("wiktionary-wordlist ")


def test_serve_runs_without_the_pipeline(library: Library, sample_outputs: Path, tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    args = ("serve", "--port", str(port), "--data", sample_outputs, "--db", tmp_path / "games.sqlite")
    log = tmp_path / "serve.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            library.command(*args), env=library.env, cwd=ROOT, stdout=output, stderr=output
        )
    try:
        wait_until_serving(url, 60, process)
        page = httpx2.get(f"{url}/", timeout=30)
        assert page.status_code == 200 and '<script type="module" src="/app.js">' in page.text
        reader = httpx2.get(f"{url}/js/index.js", timeout=30)
        assert reader.status_code == 200 and reader.content == (ROOT / "js" / "src" / "index.js").read_bytes()
        lists = httpx2.get(f"{url}/api/lists", timeout=30).json()
        assert sorted((entry["language"], entry["profile"]) for entry in lists)[0] == ("de", "balda")
    finally:
        process.terminate()
        code = process.wait(timeout=30)
    assert code == 128 + 15, log.read_text()  # SIGTERM: stopped, as every command stops
    assert f"at {url}/ (Ctrl-C stops)" in log.read_text()
    assert library.asked() == []


# Runs `wordlist ARGS...` in this process, then writes down which of these packages it imported.
LOADED = """
import json, sys
from wordlist.cli import run
code = run(sys.argv[2:])
heavy = ("polars", "fastapi", "wordlist_pipeline", "wordlist.games", "wordlist.server")
loaded = sorted({h for h in heavy for m in sys.modules if m == h or m.startswith(h + ".")})
open(sys.argv[1], "w").write(json.dumps({"code": code, "loaded": loaded}))
"""


@pytest.mark.parametrize(
    ("args", "loaded"),
    [
        (("build", "--help"), ["wordlist_pipeline"]),  # neither Polars nor the games
        (("why", "--help"), ["wordlist_pipeline"]),
        (("--version",), []),
        (("query", "--data", "{data}", "check", "email"), []),  # never the pipeline
        (("query", "--data", "{data}", "count"), []),
        (("play", "balda", "--help"), ["wordlist.games"]),
        (("export", "--help"), []),
        (("stats", "--out", "{data}"), []),
        (("serve", "--help"), []),
    ],
    ids=" ".join,
)
def test_a_command_imports_only_what_it_uses(
    sample_outputs: Path, tmp_path: Path, args: tuple[str, ...], loaded: list[str]
) -> None:
    found = tmp_path / "loaded.json"
    command = [sys.executable, "-c", LOADED, found, *(arg.format(data=sample_outputs) for arg in args)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(found.read_text()) == {"code": 0, "loaded": loaded}
