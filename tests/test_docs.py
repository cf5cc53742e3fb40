"""The README runs: every code block of README.md is run as written, or marked as not run, with why.

How each fenced block is treated (README.md, "The README is tested", says the same to writers):

- `sh`: each command (a line, with its `\\` continuations) runs in bash and must exit 0;
- `console`: a shell session: `$ command` lines, each followed by the output it must print (stdout
  and stderr together; `...` stands for any text, runs of whitespace compare equal). The session
  runs in one bash process, so `echo $?` shows the previous command's exit code;
- `python`: a doctest session (`>>>` and `...` prompts, each followed by its output; `...` stands
  for any text). All Python blocks share one namespace, in the order of the README;
- `js`: run by js/test/reader.test.js, which reads the sections it names; a `js` block anywhere
  else must be marked; `sql`: run by tests/test_export.py, which reads the first `sql` block;
- `text`: not code (file trees, formats); a block without a language is an error;
- `<!-- not run: REASON -->` on the line before a block: not run (downloads, servers, the test
  suite itself). The reason is required.

Blocks run in the order of the README in one world, as a user who follows it from the top: a
temporary folder with a copy of the sample dumps, the Makefile and `.venv/bin/wordlist` and
`.venv/bin/python` running this checkout. Nothing in the repository (its outputs/) is touched.
Commands read `quit` on stdin, so that a game started in the terminal ends at its first prompt.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import ROOT

README = ROOT / "README.md"
JS_TEST = ROOT / "js" / "test" / "reader.test.js"
RUN = {"sh", "console", "python"}
ELSEWHERE = {"js", "sql"}  # run by the JavaScript tests and tests/test_export.py
NOT_CODE = {"text"}
NOT_RUN = re.compile(r"<!--\s*not run:\s*(?P<reason>\S.*?)\s*-->")
FENCE = re.compile(r"^(?P<indent> *)```(?P<lang>[^\s`]*)\s*$")
COMMAND_TIMEOUT = 120  # seconds: a server or a download that was not marked ends here
CHECKS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass(frozen=True)
class Block:
    line: int  # of the opening fence, 1-based
    lang: str
    text: str
    section: str  # the "## " heading it is under
    not_run: str | None  # the reason given by a <!-- not run: ... --> marker

    @property
    def where(self) -> str:
        return f"README.md:{self.line} ({self.section})"


def blocks(text: str) -> list[Block]:
    """Every fenced block of `text`, with its language, section and marker."""
    lines = text.splitlines()
    found: list[Block] = []
    section = "(top)"
    i = 0
    while i < len(lines):
        if lines[i].startswith("## "):
            section = lines[i][3:].strip()
        opening = FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == "```"), None)
        assert end is not None, f"README.md:{i + 1}: a code block that is never closed"
        previous = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        marker = NOT_RUN.search(previous)
        indent = len(opening["indent"])
        body = "\n".join(line[indent:] for line in lines[i + 1 : end])
        reason = marker["reason"] if marker else None
        found.append(Block(i + 1, opening["lang"], body + "\n", section, reason))
        i = end + 1
    return found


README_BLOCKS = blocks(README.read_text(encoding="utf-8"))


def js_test_sections() -> set[str]:
    """The README sections whose `js` examples js/test/reader.test.js runs."""
    return set(re.findall(r'\["\.\./\.\./README\.md", "## ([^"]+)"', JS_TEST.read_text(encoding="utf-8")))


def test_every_block_is_run_or_marked() -> None:
    """A block the test does not run says why: the README cannot hold code nobody ran."""
    problems = []
    js_sections = js_test_sections()
    assert js_sections, f"{JS_TEST}: no README section named (has the way it reads the README changed?)"
    for block in README_BLOCKS:
        if block.not_run is not None:
            continue
        if block.lang == "":
            problems.append(f"{block.where}: a block without a language (sh, console, python, text, ...)")
        elif block.lang == "js" and block.section not in js_sections:
            problems.append(f"{block.where}: a js block outside the sections js/test/reader.test.js runs")
        elif block.lang not in RUN | ELSEWHERE | NOT_CODE:
            problems.append(f"{block.where}: a {block.lang!r} block: write it as sh, console or python")
        elif block.lang == "python" and ">>> " not in block.text:
            problems.append(f"{block.where}: a python block is a doctest session (>>> prompts)")
        elif block.lang == "console" and not block.text.startswith("$ "):
            problems.append(f"{block.where}: a console block starts with a `$ ` command")
    sql = [b for b in README_BLOCKS if b.lang == "sql" and b.not_run is None]
    if len(sql) > 1:
        problems.append(f"{sql[1].where}: tests/test_export.py runs the first sql block only")
    assert not problems, "\n".join(
        [*problems, "(mark a block that cannot run in a test with <!-- not run: why --> on the line before)"]
    )


def test_the_readme_runs_its_main_commands() -> None:
    """The walk-through covers what a new user does: build, query, play, export, from shell and Python."""
    ran = [b for b in README_BLOCKS if b.lang in RUN and b.not_run is None]
    shell = "".join(b.text for b in ran if b.lang in ("sh", "console"))
    for command in ("make build", "wordlist query", "wordlist play balda", "wordlist play wordgame",
                    "wordlist export", "wordlist stats", "wordlist why", "--json"):  # fmt: skip
        assert command in shell, f"no README command that runs runs {command!r}"
    assert sum(b.lang == "python" for b in ran) >= 5


# --- the world the README runs in --------------------------------------------------------------------


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder like a fresh clone after `make .venv/.installed`: the sample dumps, the Makefile, and
    a .venv/bin whose wordlist and python run this checkout."""
    root = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "dumps" / "sample", root / "dumps" / "sample")
    for name in ("Makefile", "pyproject.toml"):
        shutil.copyfile(ROOT / name, root / name)
    bin_dir = root / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name, command in (("wordlist", "-m wordlist_pipeline"), ("python", "")):
        script = bin_dir / name
        script.write_text(f'#!/bin/sh\nexec "{sys.executable}" {command} "$@"\n')
        script.chmod(0o755)
    stamp = root / ".venv" / ".installed"  # newer than pyproject.toml: make does not reinstall
    stamp.touch()
    later = time.time() + 60
    os.utime(stamp, (later, later))
    (root / "home").mkdir()
    return root


def environment(world: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WORDLIST_")}
    env.update(
        PATH=f"{world / '.venv' / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
        HOME=str(world / "home"),
        COLUMNS="100",
        TERM="dumb",
    )
    return env


def commands(text: str) -> Iterator[str]:
    """The commands of an sh block: a line with its backslash continuations; no blank or comment lines."""
    pending = ""
    for line in text.splitlines():
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        command = (pending + line).strip()
        pending = ""
        if command and not command.startswith("#"):
            yield command


def run_shell(script: str, world: Path) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(
            ["bash", "-c", script],
            cwd=world,
            env=environment(world),
            input="quit\n",
            capture_output=True,
            text=True,
            timeout=COMMAND_TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(
            f"{script!r} still ran after {COMMAND_TIMEOUT} s: a command that cannot run in a test (a "
            "server, a download) needs <!-- not run: why --> on the line before its block"
        )


def run_sh(block: Block, world: Path) -> None:
    for command in commands(block.text):
        done = run_shell(command, world)
        assert done.returncode == 0, (
            f"{block.where}: `{command}` exited with {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr}"
        )


def session(text: str) -> list[tuple[str, str]]:
    """(command, expected output) for each `$ ` command of a console block."""
    steps: list[tuple[list[str], list[str]]] = []
    continued = False
    for line in text.splitlines():
        if continued:
            steps[-1][0].append(line)
        elif line.startswith("$ "):
            steps.append(([line[2:]], []))
        else:
            steps[-1][1].append(line)
        continued = line.rstrip().endswith("\\")
    return [("\n".join(command), "".join(f"{line}\n" for line in output)) for command, output in steps]


def run_console(block: Block, world: Path) -> None:
    steps = session(block.text)
    marks = [f"@@README-STEP-{i}@@" for i in range(len(steps))]
    script = "exec 2>&1\n" + "".join(  # each mark keeps $? for the next command: `echo $?` works
        f"status=$?; echo '{mark}'; (exit $status)\n{command}\n"
        for mark, (command, _) in zip(marks, steps, strict=True)
    )
    done = run_shell(script, world)
    outputs = re.split(r"@@README-STEP-\d+@@\n", done.stdout)[1:]
    assert len(outputs) == len(steps), f"{block.where}: the session stopped early\n{done.stdout}"
    checker = doctest.OutputChecker()
    for (command, want), got in zip(steps, outputs, strict=True):
        if not checker.check_output(want, got, CHECKS):
            pytest.fail(f"{block.where}: `$ {command}` printed\n{got}\nthe README shows\n{want}")


class Namespace(dict):
    """The globals every Python block of the README shares."""


@pytest.fixture(scope="module")
def python_globals() -> Namespace:
    return Namespace(__name__="README")


def run_python(block: Block, world: Path, globs: Namespace, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(world)
    for name in [k for k in os.environ if k.startswith("WORDLIST_")]:
        monkeypatch.delenv(name)
    test = doctest.DocTestParser().get_doctest(block.text, globs, block.where, str(README), block.line)
    runner = doctest.DocTestRunner(optionflags=CHECKS)
    report: list[str] = []
    runner.run(test, out=report.append, clear_globs=False)
    globs.update(test.globs)  # (a DocTest runs in a copy of the globals it is given)
    assert runner.failures == 0, "".join(report)


RUNNABLE = [b for b in README_BLOCKS if b.lang in RUN and b.not_run is None]


@pytest.mark.slow
@pytest.mark.parametrize("block", RUNNABLE, ids=[f"line{b.line}-{b.lang}" for b in RUNNABLE])
def test_readme_block(
    block: Block, world: Path, python_globals: Namespace, monkeypatch: pytest.MonkeyPatch
) -> None:
    if block.lang == "sh":
        run_sh(block, world)
    elif block.lang == "console":
        run_console(block, world)
    else:
        run_python(block, world, python_globals, monkeypatch)
