"""Helpers for the benchmarks: where results go, how to time and measure a command."""

from __future__ import annotations

import json
import platform
import resource
import subprocess
import sys
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


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import os

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
