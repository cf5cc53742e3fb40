"""Full-scale speed against the limits, on SYNTHETIC multistream dumps (1 GiB of English XML,
256 MiB of German by default).

Each dump is measured side by side with its floor: (a) `bzip2 -dc` to /dev/null, single-core
decompression, and (c) `wordlist build` (extract + every profile's word list) with 1 worker and
with all cores; for reference (a') indexed_bzip2 on one core (the decoder the workers use) and
(b) lxml parsing the decompressed XML with no extraction; and (b') the build's own reading path
(ranges of streams decoded, prefiltered and parsed into pages by as many workers as the build
uses) with the edition's parser left out, which is how near the build could come to (a) if
parsing the pages cost nothing. Then (d) the word-list phase at the real
English dump's size: the English dump's entries eight times over under new titles (1.35 million
entries from the 1 GiB dump), `wordlist build --from-entries`.

The steps of a dump run in rounds, interleaved (the order alternates from round to round), so a
busy machine slows the floor and the build alike: every figure is the median of the rounds, and
a build's ratio to (a) is the median of the per-round ratios. Each step records wall time, CPU
time (user + system of every process, from the kernel's rusage), the peak RSS of its largest
process (ru_maxrss, workers included) and the peak of the summed RSS of its process tree
(sampled every 0.2 s). The results go to outputs/bench/scale.json and, as Markdown tables, to
stdout (docs/benchmarks.md's tables are these).

    python -m tests.bench.scale [--size 1GB] [--de-size 256MB] [--rounds 3] [--workers 1,2]
    python -m tests.bench.scale --quick      # 64 MiB and 16 MiB dumps, 3 rounds: a few minutes
    python -m tests.bench.scale --baseline DIR   # also (c)/(d) of the checkout in DIR, interleaved
    python -m tests.bench.scale --size 0 --de-size 0 --word-lists-from ENTRIES   # (d) alone, from
        # an English entries table built before (outputs/bench/scale-en-w2/en/entries.parquet)

With --baseline, the builds and the word-list phase of another version of the project (a checkout
or `git archive` of it in DIR) run in the same rounds, for a before/after comparison that a busy
machine cannot skew.
"""

from __future__ import annotations

import argparse
import bz2
import compileall
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from tests.bench.common import BENCH_DIR, ROOT, Measured, machine, measure_tree, median, save
from wordlist_pipeline.dump.multistream import read_header_stream
from wordlist_pipeline.editions import edition
from wordlist_pipeline.extract import default_workers
from wordlist_pipeline.synth import parse_size, synthetic_dump

DUMPS = ROOT / "dumps"
# The real English pages-articles multistream dump, as the issue states it: ~1.4 GB of bz2 holding
# 10+ GB of XML. The extrapolation scales by XML bytes, assuming the synthetic page mix.
REAL_EN_XML_BYTES = 10.5e9
REAL_EN_BZ2_BYTES = 1.4e9
# The word-list phase at the real English dump's size: its ~1.35 million entries are the 1 GiB
# synthetic dump's 168,395 eight times over.
ENTRY_COPIES = 8
QUICK = {"size": "64MB", "de_size": "16MB"}

_LXML_FLOOR = """
import sys, time
from lxml import etree
pages = 0
for _, element in etree.iterparse(sys.argv[1], events=("end",), tag="{*}page", huge_tree=True):
    pages += 1
    element.clear()
    while element.getprevious() is not None:
        del element.getparent()[0]
print(pages)
"""


# The extractor's own reading path with the parser left out: the same ranges of streams, workers,
# decoder, prefilter, XML parsing and Page objects as `wordlist build`, each page then dropped.
# What a build costs beyond this is the edition's parser, the entries table and the word lists.
_WITHOUT_PARSER = """
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
import multiprocessing
from wordlist_pipeline.dump import open_multistream, pages_in_range
from wordlist_pipeline.editions import edition
from wordlist_pipeline.extract import _keep_freed_memory

def pages(task):
    path, chunk, siteinfo, marker = task
    return sum(1 for _ in pages_in_range(path, chunk, siteinfo, [], marker=marker, passed_over=Counter()))

if __name__ == "__main__":
    path, lang, workers = sys.argv[1], sys.argv[2], int(sys.argv[3])
    stream = open_multistream(path)
    tasks = [(stream.path, chunk, stream.siteinfo, edition(lang).marker)
             for chunk in stream.chunks(target_bytes=1 << 18, min_chunks=workers * 16)]
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                             initializer=_keep_freed_memory) as pool:
        print(sum(pool.map(pages, tasks, chunksize=1)))
"""


_INDEXED_BZIP2 = """
import sys, indexed_bzip2
with indexed_bzip2.open(sys.argv[1], parallelization=1) as f:
    while f.read(1 << 22):
        pass
"""


def ensure_dump(lang: str, size: int, seed: int = 1) -> tuple[Path, dict]:
    """The synthetic dump of `size` XML bytes (written once, then reused)."""
    stem = f"synthetic-{edition(lang).dbname}-{size / 2**20:.0f}MB-seed{seed}-pages-articles-multistream"
    dump = DUMPS / f"{stem}.xml.bz2"
    info = DUMPS / f"{stem}.json"
    if info.exists() and dump.exists():
        return dump, json.loads(info.read_text())
    if dump.exists():  # written by `wordlist synth`: count what is in it
        facts = _count(dump)
    else:
        print(f"writing {dump.name} (once) ...", flush=True)
        started = time.perf_counter()
        made = synthetic_dump(DUMPS, lang, size, seed=seed)
        facts = {"pages": made.pages, "xml_bytes": made.xml_bytes, "bz2_bytes": dump.stat().st_size}
        facts["generation_seconds"] = round(time.perf_counter() - started, 1)
    info.write_text(json.dumps(facts, indent=2) + "\n")
    return dump, facts


def _count(dump: Path) -> dict:
    index = dump.with_name(dump.name.replace(".xml.bz2", "-index.txt.bz2"))
    with bz2.open(index) as f:
        pages = sum(1 for _ in f)
    xml_bytes = 0
    with bz2.open(dump) as f:
        while block := f.read(1 << 22):
            xml_bytes += len(block)
    header = len(bz2.decompress(dump.read_bytes()[: read_header_stream(dump)[1]]))
    return {
        "pages": pages,
        "xml_bytes": xml_bytes - header - len("</mediawiki>\n"),
        "bz2_bytes": dump.stat().st_size,
    }


def decompressed_copy(dump: Path) -> Path:
    """The dump's XML on disk, for the lxml floor (written once)."""
    xml = BENCH_DIR / dump.name.removesuffix(".bz2")
    if not xml.exists():
        BENCH_DIR.mkdir(parents=True, exist_ok=True)
        part = xml.with_suffix(".part")
        with bz2.open(dump) as source, open(part, "wb") as target:
            shutil.copyfileobj(source, target, 1 << 22)
        part.rename(xml)
    return xml


def repeated_entries(source: Path, copies: int, target: Path) -> int:
    """Write the entries table `source` `copies` times over into `target`, each copy under new
    titles (a suffix of letters on every title and on the lemmas its forms point to, so the
    copies are words of their own and their forms find their lemmas); returns the rows."""
    table = pq.read_table(source)
    parts = [table]
    for i in range(1, copies):
        suffix = pa.scalar("".join(chr(ord("a") + int(d)) for d in f"{i:02d}"))  # "ab", "ac", ...
        part = table.set_column(0, "word", pc.binary_join_element_wise(table["word"], suffix, ""))
        for name in ("form_of", "alt_of"):
            lists = table[name].combine_chunks()
            titles = pc.binary_join_element_wise(lists.flatten(), suffix, "")
            part = part.set_column(
                table.schema.get_field_index(name), name, type(lists).from_arrays(lists.offsets, titles)
            )
        parts.append(part.cast(table.schema))
    target.parent.mkdir(parents=True, exist_ok=True)
    repeated = pa.concat_tables(parts)
    pq.write_table(repeated, target, row_group_size=10_000, compression="zstd")
    return repeated.num_rows


def interleaved(steps: dict[str, Callable[[], Measured]], rounds: int) -> dict[str, list[Measured]]:
    """Every step once per round; the order alternates, so no step always runs first."""
    results: dict[str, list[Measured]] = {name: [] for name in steps}
    names = list(steps)
    for round_no in range(rounds):
        for name in names if round_no % 2 == 0 else names[::-1]:
            results[name].append(steps[name]())
            m = results[name][-1]
            print(
                f"  round {round_no + 1}/{rounds}  {name:46} {m.seconds:7.2f} s wall "
                f"{m.cpu_seconds:7.2f} s CPU  peak {m.peak_rss_mb:6.0f} MB (sum {m.peak_total_mb or 0:6.0f})",
                flush=True,
            )
    return results


def summarize(
    step: str, runs: list[Measured], xml_mb: float, pages: int, floor: list[Measured] | None
) -> dict:
    """Medians of the rounds (and the spread of the wall times)."""
    seconds = median([m.seconds for m in runs])
    row = {
        "step": step,
        "rounds": len(runs),
        "seconds": round(seconds, 2),
        "seconds_min": round(min(m.seconds for m in runs), 2),
        "seconds_max": round(max(m.seconds for m in runs), 2),
        "cpu_seconds": round(median([m.cpu_seconds for m in runs]), 2),
        "xml_mb_per_s": round(xml_mb / seconds, 1) if xml_mb else None,
        "pages_per_s": round(pages / seconds) if pages else None,
        "peak_rss_mb": round(median([m.peak_rss_mb for m in runs]), 1),
        "peak_total_mb": round(median([m.peak_total_mb or 0.0 for m in runs]), 1),
    }
    if floor is not None:  # the median of the per-round ratios to the floor
        ratios = [m.seconds / f.seconds for m, f in zip(runs, floor, strict=True)]
        row["ratio_to_bzip2"] = round(median(ratios), 2)
        row["ratio_range"] = [round(min(ratios), 2), round(max(ratios), 2)]
    return row


class Version:
    """How to run `python -m wordlist_pipeline` of this checkout or of another one (a baseline)."""

    def __init__(self, checkout: Path | None = None) -> None:
        self.name = "this checkout" if checkout is None else "baseline"
        self.label = "" if checkout is None else f" [{self.name}]"  # after a step's name
        self.cwd: Path | None = None
        self.env: dict | None = None
        # Bytecode compiled beforehand, as pip does at install: a run then reads its modules'
        # caches whether or not PYTHONDONTWRITEBYTECODE is set (it is on some machines, where every
        # run would otherwise compile the checkout's modules again, a few tenths of a second).
        source = Path(checkout).resolve() if checkout is not None else ROOT
        for folder in ("pipeline", "wordlist"):
            compileall.compile_dir(source / folder, quiet=1)
        if checkout is not None:  # its packages under their import names, first on the path
            shim = BENCH_DIR / "baseline-shim"
            shutil.rmtree(shim, ignore_errors=True)
            shim.mkdir(parents=True)
            (shim / "wordlist_pipeline").symlink_to(Path(checkout).resolve() / "pipeline")
            (shim / "wordlist").symlink_to(Path(checkout).resolve() / "wordlist")
            self.cwd = shim
            self.env = {**os.environ, "PYTHONPATH": str(shim)}

    def measure(self, args: list[str], interval: float = 0.2) -> Measured:
        command = [sys.executable, "-m", "wordlist_pipeline", *args]
        return measure_tree(command, interval, cwd=self.cwd, env=self.env)


def parsers(cwd: Path | None = None, env: dict | None = None) -> str:
    """Which parsers `python -m wordlist_pipeline` runs in `cwd` with `env` (wordlist_pipeline.compiled):
    an edited checkout runs its source, a third slower or more, and a benchmark of it should say so."""
    code = (
        "from wordlist_pipeline import compiled as c; "
        "print(len(c.compiled_modules()), len(c.COMPILED_MODULES))"
    )
    found = subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True)
    if found.returncode != 0:  # a version from before the parsers were compiled
        return "Python source (a version without compiled parsers)"
    compiled, modules = map(int, found.stdout.split())
    if compiled == modules:
        return f"compiled ({modules} modules)"
    return f"Python source ({compiled} of {modules} modules compiled)"


def run_dump(
    lang: str, size: int, rounds: int, worker_counts: tuple[int, ...], floors: bool, versions: list[Version]
) -> dict:
    dump, facts = ensure_dump(lang, size)
    xml_mb, pages = facts["xml_bytes"] / 1e6, facts["pages"]
    print(
        f"\n{lang}: {dump.name}  SYNTHETIC, {pages:,} pages, {xml_mb:,.0f} MB XML, "
        f"{facts['bz2_bytes'] / 1e6:,.0f} MB bz2; {rounds} rounds, interleaved",
        flush=True,
    )
    steps: dict[str, Callable[[], Measured]] = {
        "(a) bzip2 -dc > /dev/null": lambda: measure_tree(["bash", "-c", f"bzip2 -dc '{dump}' > /dev/null"])
    }
    if floors:
        xml = decompressed_copy(dump)
        steps["(a') indexed_bzip2, 1 core (the workers' decoder)"] = lambda: measure_tree(
            [sys.executable, "-c", _INDEXED_BZIP2, str(dump)]
        )
        steps["(b) lxml iterparse of the XML, no extraction"] = lambda: measure_tree(
            [sys.executable, "-c", _LXML_FLOOR, str(xml)]
        )
    most = max(worker_counts)
    without_parser = [sys.executable, "-c", _WITHOUT_PARSER, str(dump), lang, str(most)]
    steps[f"(b') the build without its parser, {most} worker{'s' if most > 1 else ''}"] = lambda: (
        measure_tree(without_parser)
    )
    out_dirs = {}
    for version in versions:
        for workers in worker_counts:
            out = BENCH_DIR / f"scale-{lang}-w{workers}{'-baseline' if version.label else ''}"
            if not version.label:
                out_dirs[workers] = out
            args = ["build", "-q", "--dump", str(dump.resolve()), "--out", str(out), "-w", str(workers)]
            name = f"(c) wordlist build, {workers} worker{'s' if workers > 1 else ''}{version.label}"
            steps[name] = lambda out=out, args=args, version=version: _fresh(
                out, lambda: version.measure(args)
            )
    results = interleaved(steps, rounds)
    floor = results["(a) bzip2 -dc > /dev/null"]
    rows = [
        summarize(name, runs, xml_mb, pages, floor if name.startswith(("(b')", "(c)")) else None)
        for name, runs in results.items()
    ]
    for row in rows:
        if row["step"].startswith("(c)"):
            row["workers"] = int(row["step"].split(",")[1].split()[0])
    entries = out_dirs[max(worker_counts)] / lang / "entries.parquet"
    return {
        "lang": lang,
        "dump": dump.name,
        "synthetic": True,
        **facts,
        "rows": rows,
        "entries": str(entries),
    }


def run_word_lists(entries: Path, rounds: int, versions: list[Version]) -> dict:
    """(d): `build --from-entries` on the English entries ENTRY_COPIES times over."""
    steps = {}
    for version in versions:
        out = BENCH_DIR / f"scale-word-lists-x{ENTRY_COPIES}{'-baseline' if version.label else ''}"
        rows = repeated_entries(entries, ENTRY_COPIES, out / "en" / "entries.parquet")
        (out / "en" / "source.json").write_text("{}\n")
        args = ["build", "-q", "--from-entries", "--out", str(out)]
        steps[f"(d) wordlist build --from-entries{version.label}"] = lambda args=args, version=version: (
            version.measure(args)
        )
    print(
        f"\n(d) word lists of {rows:,} entries ({ENTRY_COPIES}x the English dump's): {rounds} rounds",
        flush=True,
    )
    results = interleaved(steps, rounds)
    return {
        "entries": rows,
        "copies": ENTRY_COPIES,
        "rows": [summarize(name, runs, 0, 0, None) for name, runs in results.items()],
    }


def _fresh(out: Path, run: Callable[[], Measured]) -> Measured:
    shutil.rmtree(out, ignore_errors=True)
    return run()


def _wall(row: dict) -> str:
    return f"{row['seconds']:.1f} s ({row['seconds_min']:.1f}-{row['seconds_max']:.1f})"


def markdown(results: dict) -> str:
    """docs/benchmarks.md's tables."""
    rounds = results["rounds"]
    lines = [f"Machine: {results['machine']}; {results['time']}; medians of {rounds} interleaved rounds.", ""]
    lines += [f"Parsers of {name}: {ran}." for name, ran in results.get("parsers", {}).items()] + [""]
    for dump in results["dumps"]:
        lines += [
            f"{dump['lang']}: {dump['dump']} (SYNTHETIC: {dump['pages']:,} pages, "
            f"{dump['xml_bytes'] / 1e6:,.0f} MB of XML, {dump['bz2_bytes'] / 1e6:,.0f} MB of bz2)",
            "",
            "| step | wall | CPU | XML MB/s | pages/s | peak RSS, largest process | peak RSS, sum | vs (a) |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for row in dump["rows"]:
            ratio = (
                f"**{row['ratio_to_bzip2']:.2f}** ({row['ratio_range'][0]:.2f}-{row['ratio_range'][1]:.2f})"
                if "ratio_to_bzip2" in row
                else ("1.00" if row["step"].startswith("(a)") else "")
            )
            lines.append(
                f"| {row['step']} | {_wall(row)} | {row['cpu_seconds']:.1f} s | {row['xml_mb_per_s']:.1f} "
                f"| {row['pages_per_s']:,} | {row['peak_rss_mb']:,.0f} MB | {row['peak_total_mb']:,.0f} MB "
                f"| {ratio} |"
            )
        lines.append("")
    if "word_lists" in results:
        phase = results["word_lists"]
        lines += [
            f"Word lists of {phase['entries']:,} entries ({phase['copies']}x the English dump's, new titles)",
            "",
            "| step | wall | CPU | peak RSS, largest process | peak RSS, sum |",
            "|---|---|---|---|---|",
        ]
        lines += [
            f"| {row['step']} | {_wall(row)} | {row['cpu_seconds']:.1f} s | {row['peak_rss_mb']:,.0f} MB "
            f"| {row['peak_total_mb']:,.0f} MB |"
            for row in phase["rows"]
        ]
        lines.append("")
    return "\n".join(lines)


def start(rounds: int, baseline: Path | None) -> tuple[list[Version], dict]:
    """The versions to run (this checkout, and the baseline if any) and the head of the results,
    which say which parsers each runs (also printed)."""
    versions = [Version()] + ([Version(baseline)] if baseline is not None else [])
    results: dict = {
        "machine": machine(),
        "time": time.strftime("%Y-%m-%d %H:%M"),
        "rounds": rounds,
        "parsers": {version.name: parsers(version.cwd, version.env) for version in versions},
        "dumps": [],
    }
    for name, ran in results["parsers"].items():
        print(f"parsers of {name}: {ran}", flush=True)
    if not results["parsers"]["this checkout"].startswith("compiled"):
        print("note: this checkout's parsers run from source (edited since `make build` compiled them?)")
    return versions, results


def run(
    size: int | None = 2**30,
    de_size: int | None = 2**28,
    *,
    rounds: int = 3,
    worker_counts: tuple[int, ...] | None = None,
    floors: bool = True,
    word_lists: bool = True,
    baseline: Path | None = None,
    word_lists_from: Path | None = None,
) -> dict:
    """The English dump of `size` XML bytes (None: none), the German one of `de_size`, and the
    word-list phase on the English entries (those of the English dump, or `word_lists_from`)."""
    if shutil.which("bzip2") is None:
        print("skipped: no bzip2 command")
        return {}
    worker_counts = worker_counts or tuple(sorted({1, default_workers()}))
    versions, results = start(rounds, baseline)
    english = run_dump("en", size, rounds, worker_counts, floors, versions) if size else None
    if english is not None:
        results["dumps"].append(english)
    if de_size:
        results["dumps"].append(run_dump("de", de_size, rounds, (max(worker_counts),), False, versions))
    entries = word_lists_from or (Path(english["entries"]) if english is not None else None)
    if word_lists and entries is not None:
        results["word_lists"] = run_word_lists(entries, rounds, versions)
    if english is not None:
        best = max(
            (r for r in english["rows"] if "workers" in r and "baseline" not in r["step"]),
            key=lambda r: r["workers"],
        )
        floor = english["rows"][0]
        scale = REAL_EN_XML_BYTES / english["xml_bytes"]
        results["extrapolation"] = {
            "real_en_xml_bytes": REAL_EN_XML_BYTES,
            "real_en_bz2_bytes": REAL_EN_BZ2_BYTES,
            "workers": best["workers"],
            "expected_build_seconds": round(best["seconds"] * scale),
            "expected_bzip2_seconds": round(floor["seconds"] * scale),
        }
    print()
    print(markdown(results))
    save("scale", results)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1GB", help="XML size of the English dump (default 1GB; 0: none)")
    parser.add_argument(
        "--de-size", default="256MB", help="XML size of the German dump (default 256MB; 0: none)"
    )
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds; figures are medians")
    parser.add_argument("--workers", default=None, help="worker counts to try, e.g. 1,2")
    parser.add_argument(
        "--quick", action="store_true", help=f"small dumps ({QUICK['size']}, {QUICK['de_size']})"
    )
    parser.add_argument("--no-floors", action="store_true", help="skip (a') and (b)")
    parser.add_argument("--no-word-lists", action="store_true", help="skip (d)")
    parser.add_argument(
        "--baseline", type=Path, default=None, help="a checkout of another version to compare"
    )
    parser.add_argument(
        "--word-lists-from",
        type=Path,
        default=None,
        help="(d) from this English entries table (with --size 0: no dump built)",
    )
    args = parser.parse_args()
    size, de_size = (QUICK["size"], QUICK["de_size"]) if args.quick else (args.size, args.de_size)
    counts = tuple(int(n) for n in args.workers.split(",")) if args.workers else None
    run(
        parse_size(size) if size not in ("0", "") else None,
        parse_size(de_size) if de_size not in ("0", "") else None,
        rounds=args.rounds,
        worker_counts=counts,
        floors=not args.no_floors,
        word_lists=not args.no_word_lists,
        baseline=args.baseline,
        word_lists_from=args.word_lists_from,
    )


if __name__ == "__main__":
    main()
