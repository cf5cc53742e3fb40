"""Word-list artefacts at realistic size: build time, bytes per word, load time, lookups per second.

    python -m tests.bench.lexicon

The word list is a real one when the system has it (Debian's wamerican-huge and wngerman:
/usr/share/dict/american-english-huge, /usr/share/dict/ngerman), else generated words
(pipeline.synth) of the same size. Each word becomes a lemma entry with a seeded part of speech
and one or two definitions; the balda profile then builds the artefacts.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from pathlib import Path

import polars as pl

from tests.bench.common import BENCH_DIR, save
from wordlist import Lexicon
from wordlist_pipeline.artefacts import write_word_list
from wordlist_pipeline.entries import Entry, entries_to_table
from wordlist_pipeline.profile import load_profile
from wordlist_pipeline.select import select
from wordlist_pipeline.synth import WordGenerator

SYSTEM_LISTS = {"en": Path("/usr/share/dict/american-english-huge"), "de": Path("/usr/share/dict/ngerman")}
POS_WEIGHTS = (("noun", 60), ("verb", 20), ("adjective", 15), ("adverb", 5))


def word_source(lang: str, size: int) -> tuple[list[str], str]:
    path = SYSTEM_LISTS[lang]
    if path.exists():
        words = [line.strip() for line in path.read_text(encoding="utf-8", errors="replace").splitlines()]
        return [w for w in words if w], f"{path} ({len(words):,} lines)"
    return list(WordGenerator(lang, seed=1).unique_words(size)), f"synthetic (pipeline.synth, {size:,} words)"


def entries_for(words: list[str], lang: str) -> pl.DataFrame:
    rng = random.Random(42)
    names, weights = zip(*POS_WEIGHTS, strict=True)
    entries = []
    for i, word in enumerate(words):
        pos = rng.choices(names, weights)[0]
        definitions = tuple(
            f"Sense {k} of the {pos} {word}, entry {i}." for k in range(1, rng.randint(1, 2) + 1)
        )
        entries.append(
            Entry(
                word,
                lang,
                pos,
                True,
                definitions=definitions,
                definition_tags=tuple(() for _ in definitions),
                page_id=i,
            )
        )
    return pl.from_arrow(entries_to_table(entries))


def per_second(function, items: list, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for item in items:
            function(item)
        best = min(best, time.perf_counter() - started)
    return len(items) / best


def run_language(lang: str, size: int = 400_000) -> dict:
    words, source = word_source(lang, size)
    entries = entries_for(words, lang)
    out = BENCH_DIR / "lexicon" / lang / "balda"
    profile = load_profile("balda")
    started = time.perf_counter()
    selection = select(entries, profile, lang)
    selected = time.perf_counter() - started
    manifest = write_word_list(selection, profile, lang, out, {"dump": source})
    build_seconds = time.perf_counter() - started
    count = manifest.counts.words
    sizes = {name: f.bytes for name, f in manifest.files.items()}

    loads = []
    for _ in range(5):
        started = time.perf_counter()
        lexicon = Lexicon.load(out)
        loads.append(time.perf_counter() - started)
    rng = random.Random(7)
    kept = lexicon.words()
    hits = rng.sample(kept, 50_000)
    misses = [w[::-1] + "q" for w in rng.sample(kept, 50_000)]
    probes = hits + misses
    rng.shuffle(probes)
    prefixes = [w[: rng.randint(1, len(w))] for w in rng.sample(kept, 100_000)]
    definitions_sample = rng.sample(kept, 2_000)
    started = time.perf_counter()
    for word in definitions_sample:
        lexicon.definitions(word)
    definition_ms = (time.perf_counter() - started) / len(definitions_sample) * 1000
    result = {
        "language": lang,
        "source": source,
        "entries": entries.height,
        "words": count,
        "build_seconds": round(build_seconds, 2),
        "select_seconds": round(selected, 2),
        "bytes_per_word": {name: round(size / count, 2) for name, size in sizes.items()},
        "load_ms_median": round(statistics.median(loads) * 1000, 1),
        "load_ms_without_checksums": round(_load_unverified(out) * 1000, 1),
        **is_word_against_raw(lexicon, probes, out / "words.dawg"),
        "is_word_pos_per_second": round(per_second(lambda w: lexicon.is_word(w, pos="noun"), probes)),
        "has_prefix_per_second": round(per_second(lexicon.has_prefix, prefixes)),
        "graph_find_per_second": round(per_second(lexicon.graph.find, probes[:20_000], repeat=2)),
        "definitions_ms_mean": round(definition_ms, 3),
    }
    fresh = Lexicon.load(out)  # the graph memoizes each node's transitions: first (cold) and second call
    pattern, rack = ("a??le", "retains") if lang == "en" else ("h??s", "strenge")
    for name, call in (
        ("match_a??le", lambda: fresh.match(pattern)),
        ("anagrams_7_tiles", lambda: fresh.anagrams(rack)),
    ):
        result[f"{name}_ms_cold"] = round(_timed(call) * 1000, 1)
        result[f"{name}_ms_warm"] = round(_timed(call) * 1000, 1)
    print(f"{lang}: {count:,} words from {source}")
    for key, value in result.items():
        if key not in ("language", "source"):
            print(f"  {key:28} {value}")
    return result


def is_word_against_raw(lexicon: Lexicon, probes: list[str], path: Path, pairs: int = 9) -> dict:
    """is_word against its floor, a raw dawg2 lookup of the same keys (dawg2 reads the file here
    only: the library never does), in interleaved pairs of runs timed in CPU time (medians): a
    busy machine moves both alike. The probes are already normal (half words, half not); typed
    input (capitals) takes the normalizing path."""
    import dawg

    raw = dawg.IntCompletionDAWG().frombytes(path.read_bytes()).get  # the floor: no checks, no normalization
    typed = [w.upper() for w in probes]

    def cpu(function, items: list) -> float:
        started = time.process_time()
        for item in items:
            function(item)
        return time.process_time() - started

    floor, normal, capitals = [], [], []
    for _ in range(pairs):
        floor.append(cpu(raw, probes))
        normal.append(cpu(lexicon.is_word, probes))
        capitals.append(cpu(lexicon.is_word, typed))
    rate = lambda seconds: round(len(probes) / statistics.median(seconds))  # noqa: E731
    return {
        "raw_dawg_get_per_second": rate(floor),
        "is_word_per_second": rate(normal),
        "is_word_vs_raw": round(statistics.median(f / n for f, n in zip(floor, normal, strict=True)), 2),
        "is_word_capitals_per_second": rate(capitals),
    }


def _timed(function) -> float:
    gc.collect()  # a collection of the benchmark's own garbage must not land inside the timing
    started = time.perf_counter()
    function()
    return time.perf_counter() - started


def _load_unverified(path: Path) -> float:
    started = time.perf_counter()
    Lexicon.load(path, verify=False)
    return time.perf_counter() - started


def run() -> dict:
    results = {"rows": [run_language("en"), run_language("de")]}
    save("lexicon", results)
    return results


if __name__ == "__main__":
    run()
