"""What the command line prints: readable progress bars at 80 columns, text never eaten as markup."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from tests.conftest import EN_SAMPLE, run_cli
from wordlist.cli import app as wordlist_app
from wordlist_pipeline import cli
from wordlist_pipeline.profile import PROFILE_DIR

LONG_NAME = "enwiktionary-20250101-pages-articles-multistream.xml.bz2"


def render_progress(monkeypatch: pytest.MonkeyPatch, width: int) -> str:
    console = Console(width=width, force_terminal=True, record=True, file=io.StringIO())
    monkeypatch.setattr(cli, "err", console)
    progress = cli.byte_progress(counts=True)
    task = progress.add_task(cli.short_name(LONG_NAME), total=10_400_000_000, counts="1,234,567 entries")
    progress.update(task, completed=1_200_000_000)
    console.print(progress.get_renderable())
    return console.export_text()


@pytest.mark.parametrize("width", [80, 120])
def test_a_progress_bar_stays_readable_with_a_long_name(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    (line,) = render_progress(monkeypatch, width).splitlines()
    assert len(line) <= width
    assert line.startswith("enwiktionary-20250101….xml.bz2 ")  # edition, date and kind survive
    assert "1.2/10.4 GB" in line and line.endswith("1,234,567 entries")  # nothing cut to "…"
    assert len(max(re.findall(r"[━╸╺]+", line), key=len)) >= 10  # a bar, not a sliver


def test_short_names() -> None:
    assert cli.short_name("short.xml") == "short.xml"
    assert cli.short_name(LONG_NAME) == "enwiktionary-20250101….xml.bz2"
    assert len(cli.short_name("x" * 500)) == cli.NAME_WIDTH


def test_paths_and_words_are_printed_as_they_are(sample_outputs: Path) -> None:
    """Square brackets in a path or a word are text, not Rich markup."""
    profiles = run_cli("profiles")
    assert profiles.returncode == 0, profiles.stderr
    assert f"[{PROFILE_DIR / 'balda.toml'}]" in profiles.stdout
    why = run_cli("why", "[bold]cat[/bold]", "--out", sample_outputs)
    assert why.returncode == 1 and why.stderr.startswith("error: '[bold]cat[/bold]': no English entry in ")
    match = run_cli("query", "--data", sample_outputs, "match", "c[a]t")
    assert match.returncode == 2 and "'c[a]t'" in match.stderr


def test_errors_are_one_line_however_long(tmp_path: Path) -> None:
    """A long message is not wrapped at 80 columns: a script reads one line per error."""
    deep = tmp_path / ("a-long-folder-name-" * 8) / "dump.xml.bz2"
    result = run_cli("extract", deep, "--out", tmp_path / "e.parquet")
    assert result.returncode == 1
    assert result.stderr.splitlines() == [f"error: {deep}: no such file"]


def commands(group, path: tuple[str, ...] = ()):
    """(command path, click command) for every command of the CLI, sub-commands included, the
    lazily imported groups (`play`, `query`) too: they are listed as click lists them."""
    context = group.context_class(group, info_name=path[-1] if path else "wordlist")
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if hasattr(command, "list_commands"):
            yield from commands(command, (*path, name))
        else:
            yield (*path, name), command


ALL_COMMANDS = [path for path, _ in commands(typer.main.get_command(wordlist_app))]


def test_every_command_is_checked() -> None:
    """The help checks below reach the commands of the lazily loaded groups as well."""
    assert {
        ("build",),
        ("query", "check"),
        ("query", "anagrams"),
        ("play", "balda"),
        ("play", "wordgame"),
    } <= set(ALL_COMMANDS)


def help_text(path: tuple[str, ...]) -> str:
    result = CliRunner().invoke(wordlist_app, [*path, "--help"], env={"COLUMNS": "400"}, terminal_width=400)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("path", ALL_COMMANDS, ids=" ".join)
def test_help_texts_are_shown_as_written(path: tuple[str, ...]) -> None:
    """Every option's help appears whole in --help: nothing in [...] or {...} is taken for markup."""
    command = dict(commands(typer.main.get_command(wordlist_app)))[path]
    shown = " ".join(help_text(path).split())
    for param in command.params:
        text = " ".join((getattr(param, "help", None) or "").split())
        assert text in shown, f"{' '.join(path)} {param.name}: {text!r} not in its --help"


def test_the_layout_help_shows_its_json() -> None:
    shown = " ".join(help_text(("play", "wordgame")).split())
    assert '{"board": [rows of . d t D T], "start": [row, col]}' in shown


@pytest.mark.parametrize("path", [(), ("query",), ("play",), *ALL_COMMANDS], ids=lambda p: " ".join(p) or "-")
def test_help_names_values_readably(path: tuple[str, ...]) -> None:
    """Values are PATH, LANG, N ... in the usage line and the options: no <bool>, <list[Path]>, {dump}."""
    text = help_text(path)
    usage = text.splitlines()[0]
    assert usage.startswith(f"Usage: wordlist {' '.join(path)}".rstrip()), usage
    assert not re.search(r"[<>{}]", usage), usage
    options = text.split("Options:", 1)[1].split("Examples:", 1)[0]
    names = [line.strip().split("  ")[0] for line in options.splitlines() if line.startswith("  -")]
    assert names and "--help" in " ".join(names)
    for name in names:  # "-o, --out DIR", "--quiet", "--seed N"
        assert re.fullmatch(r"(-\w, )?--[a-z-]+( [A-Z][A-Z_]*)?", name.strip()), f"{path}: {name!r}"


@pytest.mark.parametrize(
    "path", [("build",), ("extract",), ("query",), ("query", "check"), ("play", "wordgame"), ("stats",)]
)
def test_main_commands_show_examples(path: tuple[str, ...]) -> None:
    examples = help_text(path).split("Examples:", 1)[1].splitlines()
    assert any(line.strip().startswith(f"wordlist {path[0]}") for line in examples), examples


def test_the_commands_check_files_themselves() -> None:
    """Click's own check of a path ends in a usage box and exit code 2; ours is one line and 1."""
    for path, command in commands(typer.main.get_command(wordlist_app)):
        for param in command.params:
            described = param.type_descriptor
            if path[0] != "play" and "Path" in str(described.annotation):
                where = f"{' '.join(path)} {param.name}"
                assert described.parameter_info.readable is False, f"{where}: click checks it"


def test_an_unreadable_dump_is_one_line(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "wordlist_pipeline", "extract", "d.xml.bz2", "--out", "e.parquet"]
    if os.geteuid() == 0:
        # Root reads every file through two capabilities: drop them and stay root, so the command
        # still reaches a virtual environment in a folder only root may enter (a clone in /root).
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv to drop privileges")
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *command]
    shutil.copyfile(EN_SAMPLE, tmp_path / "d.xml.bz2")
    (tmp_path / "d.xml.bz2").chmod(0)
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.splitlines() == ["error: d.xml.bz2: cannot be read (permission denied)"]


@pytest.mark.parametrize("group", [(), ("query",), ("play",)], ids=lambda p: " ".join(p) or "-")
def test_command_lists_show_whole_summaries_at_80_columns(group: tuple[str, ...]) -> None:
    """`wordlist --help` in an 80-column terminal: each command's first sentence whole, not cut at '...'."""
    result = CliRunner().invoke(wordlist_app, [*group, "--help"], env={"COLUMNS": "80"}, terminal_width=80)
    listed = result.output.split("Commands:", 1)[1].split("Examples:", 1)[0]
    lines = [line for line in listed.splitlines() if line.strip()]
    assert lines and all(not line.rstrip().endswith("...") for line in lines), lines
