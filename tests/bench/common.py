"""Helpers for the benchmarks: where results go, how to time and measure a command."""

from __future__ import annotations

import json
import os
import platform
import resource
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH_DIR = ROOT / "outputs" / "bench"
SHARED = ROOT.parent / "shared" / "wiktionary"


@dataclass(frozen=True)
class Measured:
    seconds: float
    peak_rss_mb: float  # largest resident set of the command or any of its worker processes
    returncode: int
    stdout: str
    peak_total_mb: float | None = None  # largest sum of RSS over the process tree at one moment


def measure(command: list[str]) -> Measured:
    """Run `command` in a fresh child and report wall time and peak RSS (via a wrapper process,
    so that RUSAGE_CHILDREN covers exactly this command and its workers)."""
    wrapper = (
        "import resource, subprocess, sys, time, json\n"
        "t = time.perf_counter()\n"
        "p = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
        "dt = time.perf_counter() - t\n"
        "rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
        "out = {'seconds': dt, 'rss': rss, 'rc': p.returncode, 'out': p.stdout, 'err': p.stderr}\n"
        "print(json.dumps(out))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", wrapper, *command], capture_output=True, text=True, check=True
    )
    data = json.loads(result.stdout)
    if data["rc"] != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {data['err'][-2000:]}")
    return Measured(data["seconds"], data["rss"], data["rc"], data["out"])


def measure_tree(command: list[str], interval: float = 0.2) -> Measured:
    """Run `command`, sampling its whole process tree: wall time, the peak of the summed resident
    set sizes, and the peak RSS of any one process.

    The sum counts pages that forked workers share with their parent twice, so it is an upper
    bound. RSS comes from /proc/<pid>/statm, a counter: reading smaps for the exact PSS walks
    the page tables under the process's memory lock and slowed the measured run by 7%.
    """
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peaks = {"total": 0.0, "single": 0.0}
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            sizes = [_rss_mb(pid) for pid in _descendants(process.pid)]
            peaks["total"] = max(peaks["total"], sum(sizes))
            peaks["single"] = max(peaks["single"], max(sizes, default=0.0))
            done.wait(interval)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    stdout, stderr = process.communicate()
    seconds = time.perf_counter() - started
    done.set()
    sampler.join()
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {stderr[-2000:]}")
    return Measured(seconds, peaks["single"], process.returncode, stdout, peaks["total"])


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
