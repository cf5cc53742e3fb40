"""`make bench`: every benchmark in turn; figures go to outputs/bench/*.json and to stdout."""

from __future__ import annotations

import sys
import time

from tests.bench import balda, js, lexicon, memory, scale, server, wordgame
from tests.bench.common import machine

BENCHMARKS = [
    ("scale", scale.run),
    ("memory", memory.run),
    ("lexicon", lexicon.run),
    ("js", js.run),
    ("balda", balda.run),
    ("wordgame", wordgame.run),
    ("server", server.run),
]


def main(names: list[str]) -> None:
    print(f"machine: {machine()}")
    for name, run in BENCHMARKS:
        if names and name not in names:
            continue
        print(f"\n== {name} ==")
        started = time.perf_counter()
        run()
        print(f"({name}: {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main(sys.argv[1:])
