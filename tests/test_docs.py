"""The documentation runs: every code block of README.md and of every page of the documentation site
(docs/*.md) is run as written, or marked as not run, with why.

How each fenced block is treated (docs/contributing.md, "The documentation is tested", says the same
to writers):

- `sh`: each command (a line, with its `\\` continuations) runs in bash and must exit 0;
- `console`: a shell session: `$ command` lines, each followed by the output it must print (stdout
  and stderr together; `...` stands for any text, runs of whitespace compare equal). The session
  runs in one bash process, so `echo $?` shows the previous command's exit code;
- `python`: a doctest session (`>>>` and `...` prompts, each followed by its output; `...` stands
  for any text). The Python blocks of a page share one namespace, in the order of the page;
- `js`: run by js/test/reader.test.js, which reads the sections it names; a `js` block anywhere
  else must be marked; `sql`: run by tests/test_export.py, which reads the first `sql` block of
  the pages it names;
- `text`, `json`: not code (file trees, formats, data shapes); a block without a language is an error;
- `<!-- not run: REASON -->` on the line before a block: not run (downloads, servers, the test
  suite itself). The reason is required.

Blocks run in one world, as a user who reads the README from the top and then the site's pages in
the order of its navigation (mkdocs.yml): a temporary folder with a copy of the sample dumps, the
Makefile, the site's sources, and `.venv/bin/wordlist` and `.venv/bin/python` running this
checkout. Nothing in the repository (its outputs/) is touched. Commands read `quit` on stdin, so
that a game started in the terminal ends at its first prompt.
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

MKDOCS_YML = ROOT / "mkdocs.yml"
JS_TEST = ROOT / "js" / "test" / "reader.test.js"
EXPORT_TEST = ROOT / "tests" / "test_export.py"
RUN = {"sh", "console", "python"}
ELSEWHERE = {"js", "sql"}  # run by the JavaScript tests and tests/test_export.py
NOT_CODE = {"text", "json"}
NOT_RUN = re.compile(r"<!--\s*not run:\s*(?P<reason>\S.*?)\s*-->")
FENCE = re.compile(r"^(?P<indent> *)```(?P<lang>[^\s`]*)\s*$")
HEADING = re.compile(r"^#{1,2} (?P<title>.+)$")
COMMAND_TIMEOUT = 120  # seconds: a server or a download that was not marked ends here
CHECKS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def site_pages() -> list[str]:
    """The site's pages in the order of its navigation (mkdocs.yml's `nav`), as paths under docs/."""
    text = MKDOCS_YML.read_text(encoding="utf-8")
    nav = text[text.index("\nnav:\n") :]
    return re.findall(r"^\s*- (?:[^:\n]+: )?(\S+\.md)\s*$", nav, re.MULTILINE)


PAGES = ["README.md", *(f"docs/{page}" for page in site_pages())]  # the order a reader follows


@dataclass(frozen=True)
class Block:
    page: str  # its path in the repository
    line: int  # of the opening fence, 1-based
    lang: str
    text: str
    section: str  # the "# " or "## " heading it is under
    not_run: str | None  # the reason given by a <!-- not run: ... --> marker

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line} ({self.section})"


def blocks(text: str, page: str) -> list[Block]:
    """Every fenced block of `text`, with its language, section and marker."""
    lines = text.splitlines()
    found: list[Block] = []
    section = "(top)"
    i = 0
    while i < len(lines):
        heading = HEADING.match(lines[i])
        if heading is not None:
            section = heading["title"].strip()
        opening = FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == "```"), None)
        assert end is not None, f"{page}:{i + 1}: a code block that is never closed"
        previous = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        marker = NOT_RUN.search(previous)
        indent = len(opening["indent"])
        body = "\n".join(line[indent:] for line in lines[i + 1 : end])
        reason = marker["reason"] if marker else None
        found.append(Block(page, i + 1, opening["lang"], body + "\n", section, reason))
        i = end + 1
    return found


DOC_BLOCKS = [block for page in PAGES for block in blocks((ROOT / page).read_text(encoding="utf-8"), page)]


def js_test_sections() -> set[tuple[str, str]]:
    """The (page, section) pairs whose `js` examples js/test/reader.test.js runs."""
    named = re.findall(r'\["\.\./\.\./([^"]+)", "#+ ([^"]+)"', JS_TEST.read_text(encoding="utf-8"))
    return set(named)


def export_test_pages() -> set[str]:
    """The pages whose first `sql` block tests/test_export.py runs."""
    return {
        f"docs/{name}" for name in re.findall(r'ROOT / "docs" / "([\w.-]+\.md)"', EXPORT_TEST.read_text())
    }


def test_the_site_has_every_page_once() -> None:
    """Every page of docs/ is in the navigation (so its blocks run), once; the README is not a page."""
    pages = site_pages()
    assert len(pages) == len(set(pages)), f"{MKDOCS_YML}: a page listed twice in nav: {pages}"
    on_disk = sorted(path.relative_to(ROOT / "docs").as_posix() for path in (ROOT / "docs").rglob("*.md"))
    assert sorted(pages) == on_disk, f"{MKDOCS_YML}: nav lists {sorted(pages)}, docs/ holds {on_disk}"
    assert pages[0] == "index.md" and len(pages) >= 15


def test_every_block_is_run_or_marked() -> None:
    """A block the tests do not run says why: the documentation cannot hold code nobody ran."""
    problems = []
    js_sections = js_test_sections()
    sql_pages = export_test_pages()
    assert js_sections, f"{JS_TEST}: no page section named (has the way it reads the pages changed?)"
    assert sql_pages, f"{EXPORT_TEST}: no page named (has the way it reads the pages changed?)"
    for block in DOC_BLOCKS:
        if block.not_run is not None:
            continue
        if block.lang == "":
            problems.append(f"{block.where}: a block without a language (sh, console, python, text, ...)")
        elif block.lang == "js" and (block.page, block.section) not in js_sections:
            problems.append(f"{block.where}: a js block outside the sections js/test/reader.test.js runs")
        elif block.lang == "sql" and block.page not in sql_pages:
            problems.append(f"{block.where}: a sql block on a page tests/test_export.py does not read")
        elif block.lang not in RUN | ELSEWHERE | NOT_CODE:
            problems.append(f"{block.where}: a {block.lang!r} block: write it as sh, console or python")
        elif block.lang == "python" and ">>> " not in block.text:
            problems.append(f"{block.where}: a python block is a doctest session (>>> prompts)")
        elif block.lang == "console" and not block.text.startswith("$ "):
            problems.append(f"{block.where}: a console block starts with a `$ ` command")
    for page in sql_pages:
        sql = [b for b in DOC_BLOCKS if b.page == page and b.lang == "sql" and b.not_run is None]
        if len(sql) != 1:
            problems.append(
                f"{page}: {len(sql)} sql blocks: tests/test_export.py runs the first, and only it"
            )
    assert not problems, "\n".join(
        [*problems, "(mark a block that cannot run in a test with <!-- not run: why --> on the line before)"]
    )


def test_the_docs_run_what_a_user_does() -> None:
    """The walk-through covers what a new user does: build, query, play, export, from shell and Python;
    and the README itself leads to the game: the two commands, the browser, the terminal, a real dump."""
    ran = [b for b in DOC_BLOCKS if b.lang in RUN and b.not_run is None]
    shell = "".join(b.text for b in ran if b.lang in ("sh", "console"))
    for command in ("make build", "wordlist query", "wordlist play balda", "wordlist play wordgame",
                    "wordlist export", "wordlist stats", "wordlist why", "--json"):  # fmt: skip
        assert command in shell, f"no documented command that runs runs {command!r}"
    assert sum(b.lang == "python" for b in ran) >= 5
    readme = "".join(b.text for b in DOC_BLOCKS if b.page == "README.md")
    for command in ("make build", "make test", "wordlist serve", "wordlist play balda",
                    "wordlist play wordgame", "wordlist query", "wordlist download",
                    "wordlist build"):  # fmt: skip
        assert command in readme, f"README.md: no block with {command!r}"


def test_what_the_docs_say_of_the_sample_lists_is_true(sample_outputs: Path) -> None:
    """The warning that the sample lists make no game gives figures: they are the sample lists' own."""
    from wordlist import Lexicon
    from wordlist.games.wordgame import Wordgame

    sizes = [len(Lexicon.load(folder)) for folder in sorted(sample_outputs.glob("*/*")) if folder.is_dir()]
    assert len(sizes) == 4
    wordgame = Lexicon.load(sample_outputs / "en" / "wordgame")
    stated = {page: " ".join((ROOT / page).read_text(encoding="utf-8").split()) for page in PAGES}
    word_counts = {page: re.findall(r"(\d+) to (\d+) words", text) for page, text in stated.items()}
    openings = {
        page: re.findall(r"(\d+) of (\d+) Wordgame openings \(seeds 1-(\d+)\)", text)
        for page, text in stated.items()
    }
    assert word_counts["README.md"] and openings["README.md"]
    for page, claims in word_counts.items():
        for low, high in claims:
            assert (int(low), int(high)) == (min(sizes), max(sizes)), (
                f"{page}: the sample lists hold {sizes} words"
            )
    for page, claims in openings.items():
        for stuck, games, last in claims:
            assert games == last
            found = sum(
                not Wordgame.new(wordgame, seed=seed).legal_moves() for seed in range(1, int(last) + 1)
            )
            assert int(stuck) == found, f"{page}: {found} of {games} openings have no legal move"


# --- the world the documentation runs in --------------------------------------------------------------------


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder like a fresh clone after `make .venv/.installed`: the sample dumps, the Makefile, the
    site's sources (for `make docs`), and a .venv/bin whose wordlist and python run this checkout."""
    root = tmp_path_factory.mktemp("docs")
    shutil.copytree(ROOT / "dumps" / "sample", root / "dumps" / "sample")
    shutil.copytree(ROOT / "docs", root / "docs")
    for name in ("Makefile", "pyproject.toml", "mkdocs.yml"):
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
    marks = [f"@@DOCS-STEP-{i}@@" for i in range(len(steps))]
    script = "exec 2>&1\n" + "".join(  # each mark keeps $? for the next command: `echo $?` works
        f"status=$?; echo '{mark}'; (exit $status)\n{command}\n"
        for mark, (command, _) in zip(marks, steps, strict=True)
    )
    done = run_shell(script, world)
    outputs = re.split(r"@@DOCS-STEP-\d+@@\n", done.stdout)[1:]
    assert len(outputs) == len(steps), f"{block.where}: the session stopped early\n{done.stdout}"
    checker = doctest.OutputChecker()
    for (command, want), got in zip(steps, outputs, strict=True):
        if not checker.check_output(want, got, CHECKS):
            pytest.fail(f"{block.where}: `$ {command}` printed\n{got}\nthe page shows\n{want}")


class Namespace(dict):
    """The globals the Python blocks of one page share."""


@pytest.fixture(scope="module")
def python_globals() -> dict[str, Namespace]:
    """Each page's namespace, by its path: a page's examples stand on their own."""
    return {page: Namespace(__name__=Path(page).stem) for page in PAGES}


def run_python(block: Block, world: Path, globs: Namespace, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(world)
    for name in [k for k in os.environ if k.startswith("WORDLIST_")]:
        monkeypatch.delenv(name)
    test = doctest.DocTestParser().get_doctest(
        block.text, globs, block.where, str(ROOT / block.page), block.line
    )
    runner = doctest.DocTestRunner(optionflags=CHECKS)
    report: list[str] = []
    runner.run(test, out=report.append, clear_globs=False)
    globs.update(test.globs)  # (a DocTest runs in a copy of the globals it is given)
    assert runner.failures == 0, "".join(report)


RUNNABLE = [b for b in DOC_BLOCKS if b.lang in RUN and b.not_run is None]


@pytest.mark.slow
@pytest.mark.parametrize("block", RUNNABLE, ids=[f"{b.page}:{b.line}-{b.lang}" for b in RUNNABLE])
def test_doc_block(
    block: Block, world: Path, python_globals: dict[str, Namespace], monkeypatch: pytest.MonkeyPatch
) -> None:
    if block.lang == "sh":
        run_sh(block, world)
    elif block.lang == "console":
        run_console(block, world)
    else:
        run_python(block, world, python_globals[block.page], monkeypatch)
