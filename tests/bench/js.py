"""The JavaScript reader (js/) on a 300,000-word list: the bytes a browser downloads, load and lookup times.

    python -m tests.bench.js

The list is built the way tests/bench/lexicon.py builds its lists: generated English words
(pipeline.synth, so every machine measures the same list), a seeded part of speech and one or two
definitions each, the balda profile. js/bench/bench.mjs then measures, in one Node process, the
reader against a floor: the words of words.txt put in a JavaScript Set, which is what a web game
does without this reader.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from tests.bench.common import BENCH_DIR, ROOT, save
from tests.bench.lexicon import entries_for
from wordlist_pipeline.artefacts import write_word_list
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import select
from wordlist_pipeline.synth import WordGenerator

SIZE = 300_000
BENCH_SCRIPT = ROOT / "js" / "bench" / "bench.mjs"


def build_synthetic_list(lang: str, size: int, out: Path, seed: int = 1) -> int:
    """A balda word list of about `size` generated words in `out`; returns its number of words."""
    words = list(WordGenerator(lang, seed=seed).unique_words(size))
    profile = load_profile("balda")
    selection = select(entries_for(words, lang), profile, lang)
    write_word_list(selection, profile, lang, out, {"dump": f"synthetic (pipeline.synth, seed {seed})"})
    return len((out / "words.txt").read_text(encoding="utf-8").splitlines())


def node() -> str:
    found = shutil.which("node")
    if found is None:
        raise SystemExit("node: not found (Node 20 or later runs the JavaScript reader)")
    return found


def run() -> dict:
    out = BENCH_DIR / "js" / "en" / "balda"
    words = build_synthetic_list("en", SIZE, out)
    completed = subprocess.run(
        [node(), "--expose-gc", str(BENCH_SCRIPT), str(out)], capture_output=True, text=True, timeout=1800
    )
    if completed.returncode != 0:
        raise RuntimeError(f"{BENCH_SCRIPT} failed: {completed.stderr[-2000:]}")
    result = {"words": words, **json.loads(completed.stdout)}
    print(f"en: {result['words']:,} words (synthetic), Node {result['node']}")
    for section in ("bytes", "load_ms", "per_second", "ms", "ratios"):
        for key, value in result[section].items():
            print(f"  {section}.{key:34} {value:,}")
    save("js", result)
    return result


if __name__ == "__main__":
    run()
