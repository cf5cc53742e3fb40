"""The C core's native face (core/include/wordlist.h): the C example core/examples/best_move.c,
compiled with gcc as an engine would build it, opens a built list and names the same best
Wordgame opening as the Python library, with the same points, on the English and German sample
lists, blanks included; its bad inputs are one line and exit 1 (2 for wrong arguments). (`make
core-test` builds the same program with AddressSanitizer and UBSan, and the fuzz driver.)"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT
from wordlist import Lexicon
from wordlist.games.wordgame import Wordgame, movegen

CORE = ROOT / "core"
SOURCES = [
    CORE / "examples" / "best_move.c",
    *(p for p in sorted((CORE / "src").glob("*.c")) if p.name != "wasm.c"),
]
RACKS = {"en": ["stare??", "etaoins", "qzxj?", "aeiou"], "de": ["äöüeen?", "enrstai", "??", "bauen"]}


@pytest.fixture(scope="module")
def best_move(tmp_path_factory: pytest.TempPathFactory) -> Path:
    compiler = shutil.which("gcc") or shutil.which("cc")
    assert compiler is not None, "a C compiler builds the core (gcc)"
    program = tmp_path_factory.mktemp("core") / "best_move"
    warnings = ["-std=c11", "-Wall", "-Wextra", "-Werror"]
    subprocess.run([compiler, *warnings, "-O2", f"-I{CORE / 'include'}", "-o", program, *SOURCES], check=True)
    return program


def python_best(lexicon: Lexicon, rack: str) -> str:
    """The best opening as the C example prints it: the first move of the most points."""
    moves = movegen.generate(lexicon.graph, Wordgame.new(lexicon, seed=1).position(list(rack)))
    if not moves:
        return "no move"
    points = movegen.move_points(moves)
    direction, line, first, tiles, score = moves[max(range(len(moves)), key=points.__getitem__)]
    word = "".join(letter if kind == movegen.BLANK_TILE or not letter.isascii() else letter.upper()
                   for letter, kind in tiles)  # fmt: skip
    row, column = (first, line) if direction else (line, first)
    return f"{'down' if direction else 'across'} {row + 1} {chr(97 + column)}: {word} {score}"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_c_example_names_the_libraries_best_move(
    best_move: Path, sample_outputs: Path, lang: str
) -> None:
    folder = sample_outputs / lang / "wordgame"
    lexicon = Lexicon.load(folder)
    answers = []
    for rack in RACKS[lang]:
        run = subprocess.run([best_move, folder, rack], capture_output=True, text=True, timeout=60)
        assert (run.returncode, run.stderr) == (0, "")
        assert run.stdout == python_best(lexicon, rack) + "\n"
        answers.append(run.stdout)
    assert sum(answer != "no move\n" for answer in answers) >= 2  # real moves were compared


def test_the_c_example_refuses_bad_input_in_one_line(
    best_move: Path, sample_outputs: Path, tmp_path: Path
) -> None:
    folder = sample_outputs / "en" / "wordgame"
    broken = tmp_path / "broken"
    shutil.copytree(folder, broken)
    (broken / "words.dawg").write_bytes((folder / "words.dawg").read_bytes()[:-3])
    no_game = tmp_path / "no-game"
    shutil.copytree(sample_outputs / "en" / "balda", no_game)
    cases = [
        ([folder, "st1re"], "RACK: a tile that is no letter of the list"),
        ([folder, "a" * 16], "RACK: more than 15 tiles"),
        ([tmp_path / "nowhere"], "alphabet.json: missing or unreadable"),
        ([no_game], "game.json: missing or unreadable"),
        ([broken], "words.dawg: the guide's header and the file's size disagree"),
    ]
    for args, message in cases:
        run = subprocess.run([best_move, *args], capture_output=True, text=True, timeout=60)
        assert run.returncode == 1 and run.stdout == "", (args, run)
        assert run.stderr.count("\n") == 1 and message in run.stderr, run.stderr
    for args in ([], [folder, "a", "b"]):
        run = subprocess.run([best_move, *args], capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and run.stderr.startswith("usage: best_move")


def test_the_engines_page_builds_the_library_and_plays_as_it_says(
    sample_outputs: Path, tmp_path: Path
) -> None:
    """docs/engines.md's console session, run as written (in a folder with core/ and the built
    lists): the shared library builds, the example links against it and prints what the page shows."""
    page = (ROOT / "docs" / "engines.md").read_text(encoding="utf-8")
    (session,) = re.findall(r"```console\n(.*?)```", page, re.S)
    (tmp_path / "core").symlink_to(CORE)
    (tmp_path / "outputs").symlink_to(sample_outputs)
    commands: list[tuple[str, list[str]]] = []
    for line in session.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        else:
            commands[-1][1].append(line)
    assert len(commands) == 4
    for command, output in commands:
        run = subprocess.run(
            ["bash", "-c", command], cwd=tmp_path, capture_output=True, text=True, timeout=300
        )
        assert run.returncode == 0, (command, run.stderr)
        assert run.stdout.splitlines() == output, command
    assert (tmp_path / "libwordlist.so").is_file()
