"""`wordlist diff` of two builds of 400,000-word lists, against the floor of comparing their words.

    python -m tests.bench.diff [--words N]

Two builds (balda and wordgame each) from generated entries tables: the second drops 2% of the
words, adds 8,000, rewrites a definition of every 50th word and labels every 97th slang, as a
month of edits would. The diff (every cause, `--json --limit 0`) is timed in its own process
against `comm -3` of the two balda lists' words.txt (membership alone, a sorted merge), in
interleaved rounds: the ratio says what the causes and definitions cost over the floor.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

import pyarrow.parquet as pq

from tests.bench.common import measure, median, save
from wordlist_pipeline.entries import Entry, entries_to_table
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.word_lists import write_word_lists

ROUNDS = 3


def write_builds(root: Path, size: int) -> None:
    """root/old and root/new: an entries table of `size` (and `size` + 2%) words and both lists."""
    rng = random.Random(1)
    words: set[str] = set()
    while len(words) < size + size // 20:
        words.add("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(4, 12))))
    ordered = sorted(words)
    old = ordered[:size]
    new = [w for w in ordered[:size] if rng.random() > 0.02] + ordered[size : size + size // 50]
    for name, chosen, edited in (("old", old, False), ("new", new, True)):
        rows = []
        for i, word in enumerate(chosen):
            text = f"Definition of {word}" + (" (edited)" if edited and i % 50 == 0 else "")
            tags = ("slang",) if edited and i % 97 == 0 else ()
            rows.append(Entry(word, "en", "noun", True, (), (), tags, (text, "Another sense."), (tags, ())))
        folder = root / name / "en"
        folder.mkdir(parents=True)
        pq.write_table(entries_to_table(rows), folder / "entries.parquet")
        profiles = [load_profile("balda"), load_profile("wordgame")]
        source = {"dump": f"{name}.xml"}
        for _ in write_word_lists(folder / "entries.parquet", profiles, "en", folder, source):
            pass


def run(size: int = 400_000) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-diff-") as tmp:
        root = Path(tmp)
        write_builds(root, size)
        command = [sys.executable, "-m", "wordlist_pipeline", "diff", str(root / "old"), str(root / "new")]
        floor = ["comm", "-3", str(root / "old/en/balda/words.txt"), str(root / "new/en/balda/words.txt")]
        diffs, floors = [], []
        for _ in range(ROUNDS):
            done = measure([*command, "--json", "--limit", "0"])
            assert done.returncode == 0, done.stdout
            diffs.append(done)
            floors.append(measure(floor))
    seconds = median([d.seconds for d in diffs])
    payload = {
        "words": size,
        "rounds": ROUNDS,
        "diff_seconds": seconds,
        "diff_cpu_seconds": median([d.cpu_seconds for d in diffs]),
        "diff_peak_rss_mb": max(d.peak_rss_mb for d in diffs),
        "floor_seconds": median([f.seconds for f in floors]),
        "ratio": seconds / median([f.seconds for f in floors]),
    }
    path = save("diff", payload)
    print(
        f"diff of two builds of {size:,}-word lists (balda and wordgame): {seconds:.2f} s wall, "
        f"{payload['diff_cpu_seconds']:.2f} s CPU, peak {payload['diff_peak_rss_mb']:.0f} MB; "
        f"floor (comm -3 of one list's words) {payload['floor_seconds']:.2f} s: ratio {payload['ratio']:.1f}"
        f"\n-> {path}"
    )
    return payload


if __name__ == "__main__":
    arguments = sys.argv[1:]
    run(int(arguments[arguments.index("--words") + 1]) if "--words" in arguments else 400_000)
