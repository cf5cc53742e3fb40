"""Writes replace only what the pipeline made, and a failed write (full disk, read-only) loses nothing."""

from __future__ import annotations

import errno
import os
import shutil
import socket
import stat
import subprocess
import sys
from pathlib import Path
from typing import Annotated

import pytest
import typer
from typer.testing import CliRunner

from tests.conftest import EN_SAMPLE, ROOT
from wordlist import Lexicon
from wordlist import atomic as library
from wordlist.atomic import FolderNameError, NotAFileError
from wordlist.export import export
from wordlist.games.state import write_atomic
from wordlist_pipeline import atomic
from wordlist_pipeline.atomic import atomic_dir, atomic_path, write_text
from wordlist_pipeline.errors import OutputError


def make_list(folder: Path, **files: str) -> None:
    with atomic_dir(folder) as tmp:
        for name, text in files.items():
            (tmp / name).write_text(text)


def test_a_folder_is_replaced_by_one_with_the_same_files(tmp_path: Path) -> None:
    folder = tmp_path / "list"
    make_list(folder, a="1", b="2")
    make_list(folder, a="3", b="4", c="5")
    assert {p.name: p.read_text() for p in folder.iterdir()} == {"a": "3", "b": "4", "c": "5"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["list"]  # no .tmp or .old left


@pytest.mark.parametrize("intruder", ["a user's file", "a subfolder", "a symbolic link"])
def test_a_folder_holding_what_the_new_one_lacks_is_not_replaced(tmp_path: Path, intruder: str) -> None:
    folder = tmp_path / "list"
    make_list(folder, a="1")
    if intruder == "a user's file":
        (folder / "notes.txt").write_text("mine")
    elif intruder == "a subfolder":
        (folder / "sub").mkdir()
    else:
        (folder / "a2").symlink_to(tmp_path)
    before = sorted(p.name for p in folder.iterdir())
    with pytest.raises(OutputError, match=r"list: not replaced: it holds what the pipeline does not write"):
        make_list(folder, a="2")
    assert sorted(p.name for p in folder.iterdir()) == before and (folder / "a").read_text() == "1"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["list"]


def test_a_file_added_during_the_build_stops_the_swap(tmp_path: Path) -> None:
    folder = tmp_path / "list"
    make_list(folder, a="1")
    with pytest.raises(OutputError, match="not replaced"), atomic_dir(folder) as tmp:
        (tmp / "a").write_text("2")
        (folder / "late.txt").write_text("written meanwhile")
    assert (folder / "late.txt").exists() and (folder / "a").read_text() == "1"


def test_a_symbolic_link_or_a_file_in_the_way_is_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir()
    (target / "precious").write_text("keep")
    (tmp_path / "link").symlink_to(target)
    with pytest.raises(OutputError, match="link: a symbolic link, not a folder the pipeline wrote"):
        make_list(tmp_path / "link", precious="overwritten")
    (tmp_path / "file").write_text("keep")
    with pytest.raises(OutputError, match="file: a file is in the way of the folder to write"):
        make_list(tmp_path / "file", a="1")
    with pytest.raises(OutputError, match="elsewhere: a folder, not a regular file; not replaced"):
        write_text(target, "x")
    assert (target / "precious").read_text() == "keep" and (tmp_path / "file").read_text() == "keep"


def test_someone_elses_old_folder_is_never_deleted(tmp_path: Path) -> None:
    """The old version is moved to a fresh name: a folder called `.list.old` is someone else's."""
    folder = tmp_path / "list"
    make_list(folder, a="1")
    (tmp_path / ".list.old").mkdir()
    (tmp_path / ".list.old" / "theirs").write_text("keep")
    make_list(folder, a="2")
    assert (tmp_path / ".list.old" / "theirs").read_text() == "keep" and (folder / "a").read_text() == "2"


def test_under_a_file_is_refused_before_anything_is_made(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("a file")
    with pytest.raises(OutputError, match="f: a file, not a folder"), atomic_path(tmp_path / "f" / "x" / "y"):
        pass
    with pytest.raises(OutputError, match="f: a file, not a folder"), atomic_dir(tmp_path / "f" / "x"):
        pass


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS, errno.EDQUOT])
def test_a_failed_write_is_one_error_and_the_previous_file_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    out = tmp_path / "e.parquet"
    out.write_bytes(b"previous")

    def full(self: Path, data: bytes) -> int:
        raise OSError(code, "simulated")

    monkeypatch.setattr(Path, "write_bytes", full)
    with pytest.raises(OutputError) as raised:
        atomic.write_bytes(out, b"new")
    reason = {errno.ENOSPC: "no space left on the device", errno.EROFS: "read-only", errno.EDQUOT: "quota"}
    assert str(raised.value).startswith(f"{out}: not written: ") and reason[code] in str(raised.value)
    monkeypatch.undo()
    assert out.read_bytes() == b"previous" and sorted(p.name for p in tmp_path.iterdir()) == ["e.parquet"]


def test_a_failed_folder_write_keeps_the_previous_folder(tmp_path: Path) -> None:
    folder = tmp_path / "list"
    make_list(folder, a="1")
    with pytest.raises(OutputError, match="no space left on the device"), atomic_dir(folder) as tmp:
        (tmp / "a").write_text("2")
        raise OSError(errno.ENOSPC, "No space left on device")
    assert (folder / "a").read_text() == "1" and sorted(p.name for p in tmp_path.iterdir()) == ["list"]


def _can_mount_tmpfs() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(
        ["unshare", "-Urm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"], capture_output=True
    )
    return probe.returncode == 0


@pytest.mark.skipif(not _can_mount_tmpfs(), reason="cannot mount a tmpfs in a user namespace here")
@pytest.mark.parametrize(("options", "reason"), [("size=64k", "no space left"), ("ro,size=64k", "read-only")])
def test_extract_onto_a_full_or_read_only_disk(tmp_path: Path, options: str, reason: str) -> None:
    """A real full (and read-only) file system: a tiny tmpfs in a private mount namespace."""
    disk = tmp_path / "disk"
    disk.mkdir()
    (disk / "e.parquet").write_bytes(b"previous")  # hidden by the mount; the script writes its own
    script = (
        'mount -t tmpfs -o size=64k tmpfs "$1" && printf previous > "$1/e.parquet" '
        '&& head -c 56000 /dev/zero > "$1/filler" '
        + ("" if "ro" not in options else f'&& mount -o remount,{options} "$1" ')
        + '&& cd "$1" && "$2" -m wordlist_pipeline extract "$3" --out e.parquet -q -w 1; code=$?; '
        'echo "files: $(ls -A | tr "\\n" " ")"; echo "kept: $(cat e.parquet)"; exit $code'
    )
    done = subprocess.run(
        ["unshare", "-Urm", "sh", "-c", script, "sh", str(disk), sys.executable, str(EN_SAMPLE)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1 and len(lines) == 1, done.stderr
    assert lines[0].startswith("error: e.parquet: not written: ") and reason in lines[0]
    assert "files: e.parquet filler \n" in done.stdout and "kept: previous" in done.stdout


# --- only a regular file is replaced (wordlist.atomic, which the pipeline's writer builds on) -------


def _socket(path: Path) -> None:
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))


def _device(path: Path) -> None:
    """A character device like /dev/full (1, 7), made in the test's folder: never the real /dev."""
    try:
        os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 7))
    except PermissionError:
        pytest.skip("making a device node needs root")


NOT_FILES = {  # what may be at an output's path, and what the refusal calls it
    "fifo": (lambda p: os.mkfifo(p), "a named pipe (FIFO)"),
    "link to a file": (lambda p: p.symlink_to(p.with_name("real")), "a symbolic link"),
    "link to a fifo": (lambda p: p.symlink_to(p.with_name("pipe")), "a symbolic link"),
    "dangling link": (lambda p: p.symlink_to(p.with_name("nowhere")), "a symbolic link"),
    "socket": (_socket, "a socket"),
    "device": (_device, "a device"),
    "folder": (lambda p: p.mkdir(), "a folder"),
}
WRITERS = {
    "library": lambda p: library_write(p),
    "pipeline": lambda p: write_text(p, "new"),
    "game save": lambda p: write_atomic(p, "new"),
}


def library_write(path: Path) -> None:
    with library.atomic_path(path) as tmp:
        tmp.write_text("new")


def kinds(folder: Path) -> dict[str, str]:
    """Every name in `folder`: a link's target, a file's text, or what it is."""
    seen = {}
    for path in sorted(folder.iterdir()):
        mode = path.lstat().st_mode
        if stat.S_ISLNK(mode):
            seen[path.name] = f"-> {os.readlink(path)}"
        elif stat.S_ISREG(mode):
            seen[path.name] = path.read_text()
        else:
            seen[path.name] = stat.filemode(mode)[0]
    return seen


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("thing", NOT_FILES)
def test_only_a_regular_file_is_replaced(tmp_path: Path, thing: str, writer: str) -> None:
    (tmp_path / "real").write_text("the user's")
    os.mkfifo(tmp_path / "pipe")
    make, kind = NOT_FILES[thing]
    target = tmp_path / "out"
    make(target)
    before = kinds(tmp_path)
    with pytest.raises(NotAFileError) as raised:
        WRITERS[writer](target)
    assert str(raised.value) == (
        f"{target}: {kind}, not a regular file; not replaced (give the name of a regular file or a new one)"
    )
    assert isinstance(raised.value, OutputError) and isinstance(raised.value, OSError)
    assert raised.value.filename == str(target) and raised.value.strerror.startswith(kind)
    assert kinds(tmp_path) == before  # nothing replaced, nothing left behind


@pytest.mark.parametrize("writer", WRITERS)
def test_a_regular_file_is_replaced_with_the_usual_mode(tmp_path: Path, writer: str) -> None:
    target = tmp_path / "out"
    target.write_text("old")
    os.link(target, tmp_path / "hard link")  # a hard link is a regular file: its name is replaced
    WRITERS[writer](target)
    assert kinds(tmp_path) == {"hard link": "old", "out": "new"}
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~atomic._UMASK
    WRITERS[writer](tmp_path / "fresh")
    assert (tmp_path / "fresh").read_text() == "new"


def test_what_appears_while_the_file_is_written_is_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "out"
    with pytest.raises(NotAFileError, match="out: a named pipe"), library.atomic_path(target) as tmp:
        tmp.write_text("new")
        os.mkfifo(target)  # made by someone else meanwhile
    assert kinds(tmp_path) == {"out": "p"}


def test_a_failure_names_the_output_not_the_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a normal user, `-o /dev/stdout` once failed naming /dev/.stdout.x1y2.tmp, a name nobody gave."""
    real_open = os.open

    def no_permission(path, flags, mode=0o777, **kwargs):
        if str(path).endswith(".tmp"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, mode, **kwargs)

    monkeypatch.setattr(os, "open", no_permission)
    target = tmp_path / "out"
    with pytest.raises(PermissionError) as raised:
        write_atomic(target, "new")
    assert str(raised.value) == f"[Errno 13] Permission denied: '{target}'"
    with pytest.raises(OutputError) as raised:
        write_text(target, "new")
    assert (
        str(raised.value) == f"{target}: not written: permission denied (any previous version is unchanged)"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("writer", ["library", "pipeline", "export", "game"])
def test_a_path_ending_with_a_separator_names_a_folder_and_is_refused(
    tmp_path: Path, sample_outputs: Path, writer: str
) -> None:
    """`-o reg/` wrote a file named reg: the Path the text became had dropped the "/"."""
    target = f"{tmp_path / 'out'}/"
    write = {
        "library": lambda: library_write(target),  # type: ignore[arg-type]  # (a str, as a user gives it)
        "pipeline": lambda: write_text(target, "new"),
        "export": lambda: export(Lexicon.load(sample_outputs / "en" / "balda"), "jsonl", target),
        "game": lambda: write_atomic(target, "{}"),  # a saved game (`save out/` in the terminal games)
    }[writer]
    with pytest.raises(FolderNameError) as raised:
        write()
    assert str(raised.value) == f"{target}: ends with '/', so it names a folder; give a file's name"
    assert isinstance(raised.value, OutputError) and list(tmp_path.iterdir()) == []
    export(Lexicon.load(sample_outputs / "en" / "balda"), "jsonl", target.rstrip("/"))  # the file's name
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out", "out.LICENSE.md"]  # (its licence)


@pytest.mark.parametrize("command", ["export", "extract"])
def test_the_command_line_s_out_refuses_a_folder_s_name(
    tmp_path: Path, sample_outputs: Path, command: str
) -> None:
    """`wordlist export -o reg/` and `wordlist extract DUMP -o reg/` wrote the file "reg": now a
    usage error naming the option, and nothing written."""
    args = {
        "export": ["export", "--data", str(sample_outputs), "-l", "en", "-p", "balda", "-f", "jsonl"],
        "extract": ["extract", str(EN_SAMPLE)],
    }[command]
    done = subprocess.run(
        [sys.executable, "-m", "wordlist_pipeline", *args, "-o", "reg/"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 2 and done.stdout == "" and list(tmp_path.iterdir()) == []
    assert done.stderr == (
        f"error: wordlist {command}: Invalid value for '--out' / '-o': reg/: ends with '/', so it names a "
        f"folder; give a file's name (see 'wordlist {command} --help')\n"
    )


def test_file_path_is_a_command_line_parser_that_says_a_folder_is_no_file() -> None:
    """Given as a typer option's parser, a trailing separator is a usage error (exit code 2), one line."""
    app = typer.Typer()

    @app.command()
    def main(out: Annotated[Path, typer.Option("--out", "-o", parser=library.file_path)]) -> None:
        typer.echo(f"writing {out}")

    runner = CliRunner()
    assert runner.invoke(app, ["-o", "reg"]).output == "writing reg\n"
    refused = runner.invoke(app, ["-o", "reg/"], env={"COLUMNS": "200"})  # the message on one line
    assert (
        refused.exit_code == 2
        and "reg/: ends with '/', so it names a folder; give a file's name" in refused.output
    )
