"""Helpers for the benchmarks: where results go, how to time and measure a command."""

from __future__ import annotations

import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH_DIR = ROOT / "outputs" / "bench"
SHARED = ROOT.parent / "shared" / "wiktionary"


@dataclass(frozen=True)
class Measured:
    seconds: float  # wall time
    peak_rss_mb: float  # ru_maxrss: the largest resident set of the command or of any process it waited for
    returncode: int
    stdout: str
    peak_total_mb: float | None = None  # largest sum of RSS over the process tree at one moment (sampled)
    cpu_seconds: float = 0.0  # user + system time of the command and every process it waited for


def measure(command: list[str]) -> Measured:
    """Run `command` and report wall time, CPU time and peak RSS (from the kernel's rusage)."""
    return measure_tree(command, interval=None)


# Starts the command and reports the rusage the kernel gives for it. The command is started from
# this small process, not from the benchmark's: a process's ru_maxrss counts the pages it had
# between fork and exec, which would be the whole benchmark's.
_WRAPPER = """
import json, os, subprocess, sys
child = subprocess.Popen(sys.argv[2:])
print(child.pid, file=sys.stderr, flush=True)
_, status, usage = os.wait4(child.pid, 0)
with open(sys.argv[1], "w") as f:
    json.dump({"rc": os.waitstatus_to_exitcode(status), "maxrss_kb": usage.ru_maxrss,
               "cpu": usage.ru_utime + usage.ru_stime}, f)
"""


def measure_tree(
    command: list[str], interval: float | None = 0.2, *, cwd: Path | None = None, env: dict | None = None
) -> Measured:
    """Run `command`: wall time; CPU time and peak RSS from the rusage `os.wait4` reports for it
    (the kernel's counts for the command and the children it waited for, so worker processes
    are included: CPU time added up, RSS that of the largest single process); and, every
    `interval` seconds, the summed resident set sizes of its whole process tree (its peak).

    The sum counts pages that forked workers share with their parent twice, so it is an upper
    bound. RSS comes from /proc/<pid>/statm, a counter: reading smaps for the exact PSS walks
    the page tables under the process's memory lock and slowed the measured run by 7%.
    """
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryFile("w+") as out:
        report = Path(tmp) / "rusage.json"
        started = time.perf_counter()
        wrapper = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", _WRAPPER, str(report), *command],
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            cwd=cwd,
            env=env,
        )
        child = int(wrapper.stderr.readline() or 0)  # the command's pid, then its own stderr
        peaks = {"total": 0.0}
        done = threading.Event()

        def sample() -> None:
            while not done.is_set():
                peaks["total"] = max(peaks["total"], sum(_rss_mb(pid) for pid in _descendants(child)))
                done.wait(interval)

        sampler = threading.Thread(target=sample, daemon=True)
        if interval is not None and child:
            sampler.start()
        stderr = wrapper.stderr.read()
        wrapper.wait()
        seconds = time.perf_counter() - started
        done.set()
        if sampler.is_alive():
            sampler.join()
        usage = json.loads(report.read_text()) if report.exists() else {"rc": wrapper.returncode}
        out.seek(0)
        stdout = out.read()
    if usage["rc"] != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {stderr[-2000:]}")
    return Measured(
        seconds,
        usage["maxrss_kb"] / 1024,
        usage["rc"],
        stdout,
        peaks["total"] if interval is not None else None,
        usage["cpu"],
    )


def _descendants(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended meanwhile
        parents[int(stat.parent.name)] = int(fields[1])
    tree, frontier = {root}, [root]
    while frontier:
        parent = frontier.pop()
        for pid, ppid in parents.items():
            if ppid == parent and pid not in tree:
                tree.add(pid)
                frontier.append(pid)
    return sorted(tree)


_PAGE_MB = os.sysconf("SC_PAGE_SIZE") / 2**20


def _rss_mb(pid: int) -> float:
    """Resident set size of a process in MB; zero if it has ended."""
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * _PAGE_MB
    except (OSError, IndexError, ValueError):
        return 0.0


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return f"{cpu}, {os.cpu_count()} cores, {memory:.0f} GiB RAM, Python {platform.python_version()}"


def save(name: str, payload: dict) -> Path:
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    path = BENCH_DIR / f"{name}.json"
    payload = {"machine": machine(), "time": time.strftime("%Y-%m-%d %H:%M"), **payload}
    path.write_text(json.dumps(payload, indent=2) + "\n")
    return path


def self_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")
