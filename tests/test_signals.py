"""SIGTERM, SIGHUP and Ctrl-C stop a parallel extraction cleanly: no workers left, no temporary files."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT
from wordlist_pipeline.synth import synthetic_dump


@pytest.fixture(scope="module")
def big_dump(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dump big enough that `extract -w 2` is still running when it is signalled (a second or more)."""
    return synthetic_dump(tmp_path_factory.mktemp("synthetic"), "en", 24 << 20, seed=3, workers=2).dump


def children(pid: int) -> set[int]:
    """The child processes of `pid` (its threads come and go while they are read: skip those gone)."""
    found = set()
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except FileNotFoundError:  # the process has ended
        return found
    for task in tasks:
        try:
            found.update(int(child) for child in (task / "children").read_text().split())
        except (FileNotFoundError, ProcessLookupError):
            continue
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc to find worker processes")
@pytest.mark.parametrize(
    ("signum", "to_group"), [(signal.SIGTERM, False), (signal.SIGHUP, False), (signal.SIGINT, True)]
)
def test_a_signal_stops_workers_and_removes_temporary_files(
    big_dump: Path, tmp_path: Path, signum: int, to_group: bool
) -> None:
    out = tmp_path / "entries.parquet"
    out.write_bytes(b"the previous table")
    # a child keeps an ignored SIGINT (as a shell's background job has it, and so a test run started
    # as one): the extraction would ignore Ctrl-C, rightly. A handled one starts as the default.
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "wordlist_pipeline", "extract", big_dump, "--out", out, "-w", "2", "-q"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # its own process group: Ctrl-C reaches the group, as in a terminal
        )
    finally:
        signal.signal(signal.SIGINT, inherited)
    workers: set[int] = set()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        workers = children(process.pid)
        if len(workers) >= 2 and list(tmp_path.glob(".entries.parquet.*.tmp")):
            break  # the workers run and the table is being written
        time.sleep(0.005)
    assert process.poll() is None, f"the extraction ended before the signal: {process.stderr.read()}"
    if to_group:
        os.killpg(process.pid, signum)
    else:
        os.kill(process.pid, signum)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 128 + signum, stderr
    assert "Traceback" not in stderr
    expected = "interrupted" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}"
    assert stderr.strip().splitlines() == [expected]
    time.sleep(0.2)  # the kernel's bookkeeping of a killed process
    assert [pid for pid in workers if alive(pid)] == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["entries.parquet"]
    assert out.read_bytes() == b"the previous table"


DEFERRAL = """
import os, signal, sys
from wordlist import interrupt

interrupt.install()
steps = []
try:
    with interrupt.deferred():
        os.kill(os.getpid(), signal.SIGTERM)
        steps.append("the block ran to its end")
except interrupt.Terminated as stop:
    steps.append(f"then {interrupt.name(stop.signum)}")
try:  # a Terminated lost in a finalizer: the next check() stops the loop anyway
    interrupt.check()
except interrupt.Terminated:
    steps.append("check() raised it again")
print("; ".join(steps))
"""


def test_a_signal_inside_deferred_takes_effect_when_the_block_ends() -> None:
    done = subprocess.run([sys.executable, "-c", DEFERRAL], capture_output=True, text=True, timeout=60)
    expected = "the block ran to its end; then SIGTERM; check() raised it again"
    assert done.stdout.strip() == expected, done.stderr


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc to find worker processes")
@pytest.mark.parametrize("delay", [0.0, 0.3])
def test_synth_stops_on_sigterm_even_while_its_workers_start(tmp_path: Path, delay: float) -> None:
    """SIGTERM as the first worker is forked once hung synth (a pool cut in half); now it stops."""
    command = ["synth", "--size", "200MB", "--dest", tmp_path, "-j", "2"]
    process = subprocess.Popen(
        [sys.executable, "-m", "wordlist_pipeline", *command],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group: the test can end a hung run and its workers
    )
    deadline = time.monotonic() + 60
    while not children(process.pid) and time.monotonic() < deadline and process.poll() is None:
        pass  # no sleep: the signal is to land while the workers start
    time.sleep(delay)
    workers = children(process.pid)
    assert workers and process.poll() is None, process.stderr.read() if process.stderr else ""
    os.kill(process.pid, signal.SIGTERM)
    try:
        _, stderr = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("synth still ran 60 s after SIGTERM")
    assert (process.returncode, stderr.strip().splitlines()) == (143, ["stopped by SIGTERM"])
    time.sleep(0.2)
    assert [pid for pid in workers if alive(pid)] == []
    assert list(tmp_path.iterdir()) == []  # no dump, no index, no temporary file
