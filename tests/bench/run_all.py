"""`make bench`: every benchmark in turn; figures go to outputs/bench/*.json and to stdout.

    python -m tests.bench.run_all [NAME ...] [--quick]

NAMEs pick benchmarks (default: all); --quick runs the scale and memory benchmarks on small dumps
(minutes instead of about an hour) and the bots' matches on a few games. `make bench
BENCH="scale --quick"` passes these on.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from tests.bench import balda, core, diff, js, lexicon, match, memory, scale, server, wordgame
from tests.bench.common import machine
from wordlist_pipeline.synth import parse_size


def _scale(quick: bool) -> None:
    if quick:
        scale.run(parse_size(scale.QUICK["size"]), parse_size(scale.QUICK["de_size"]))
    else:
        scale.run()


BENCHMARKS: list[tuple[str, Callable[[bool], object]]] = [
    ("scale", _scale),
    ("memory", lambda quick: memory.run(memory.QUICK_SIZES if quick else memory.SIZES)),
    ("lexicon", lambda quick: lexicon.run()),
    ("js", lambda quick: js.run()),
    ("balda", lambda quick: balda.run()),
    ("wordgame", lambda quick: wordgame.run()),
    ("core", lambda quick: core.run()),
    ("server", lambda quick: server.run()),
    ("diff", lambda quick: diff.run(100_000 if quick else 400_000)),
    ("match", match.run_all),
]


def main(argv: list[str]) -> None:
    names = [a for a in argv if not a.startswith("-")]
    unknown = [n for n in names if n not in dict(BENCHMARKS)] + [
        a for a in argv if a.startswith("-") and a != "--quick"
    ]
    if unknown:
        sys.exit(
            f"unknown benchmark or option: {', '.join(unknown)} (benchmarks: {', '.join(dict(BENCHMARKS))})"
        )
    print(f"machine: {machine()}")
    for name, run in BENCHMARKS:
        if names and name not in names:
            continue
        print(f"\n== {name} ==")
        started = time.perf_counter()
        run("--quick" in argv)
        print(f"({name}: {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main(sys.argv[1:])
