"""Extraction's memory against the size of the dump: peak RSS at three sizes of SYNTHETIC English.

For each size (64 MiB, 256 MiB and 1 GiB of XML by default) the same dump is extracted as a
multistream dump with one worker and with all cores, as plain XML (the path of any dump that is
not multistream: this process reads, the workers parse), and built (`wordlist build`: the
extraction, then every profile's word list from the entries table). Each run records the peak
RSS of its largest process (ru_maxrss: the parent or a worker) and the peak of the summed RSS of
its process tree (sampled every 0.1 s), wall and CPU time. Flat means the same peak at every
size; what must grow is shown per entry: the slope between the smallest and largest dump, in
bytes per entry of the entries table. Results go to outputs/bench/memory.json and, as a Markdown
table, to stdout.

    python -m tests.bench.memory [--sizes 64MB,256MB,1GB] [--workers 1,2] [--rounds 1]
    python -m tests.bench.memory --quick                 # 64, 128 and 256 MiB: a few minutes
    python -m tests.bench.memory --baseline DIR          # also the checkout in DIR, interleaved
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pyarrow.parquet as pq

from tests.bench.common import BENCH_DIR, Measured, median, save
from tests.bench.scale import Version, decompressed_copy, ensure_dump, interleaved, start
from wordlist_pipeline.errors import SynthError
from wordlist_pipeline.extract import default_workers
from wordlist_pipeline.synth import parse_size

SIZES = ("64MB", "256MB", "1GB")
SAMPLE_SECONDS = 0.1  # how often the process tree's RSS is summed
QUICK_SIZES = ("64MB", "128MB", "256MB")  # each fills a row group or more, as a real dump does


def steps_of(
    dump: Path, xml: Path, worker_counts: tuple[int, ...], version: Version, tag: str
) -> dict[str, Callable[[], Measured]]:
    """The runs of one dump by one version: (name -> run), names without the dump's size."""
    most = max(worker_counts)
    out = BENCH_DIR / f"memory-{tag}{'-baseline' if version.label else ''}"
    runs: dict[str, list[str]] = {}
    for workers in worker_counts:
        runs[f"extract multistream, {_workers(workers)}"] = [
            "extract", str(dump), "-o", str(out / f"multistream-w{workers}.parquet"), "-w", str(workers), "-q"
        ]  # fmt: skip
    runs[f"extract plain XML, {_workers(most)}"] = [
        "extract", str(xml), "-o", str(out / "plain.parquet"), "-w", str(most), "-q"
    ]  # fmt: skip
    runs[f"build (extract + word lists), {_workers(most)}"] = [
        "build", "-q", "--dump", str(dump.resolve()), "--out", str(out / "build"), "-w", str(most)
    ]  # fmt: skip

    def fresh(args: list[str]) -> Measured:
        shutil.rmtree(out / "build", ignore_errors=True)
        out.mkdir(parents=True, exist_ok=True)
        return version.measure(args, SAMPLE_SECONDS)

    return {f"{name}{version.label}": lambda args=args: fresh(args) for name, args in runs.items()}


def _workers(count: int) -> str:
    return f"{count} worker{'s' if count > 1 else ''}"


def run(
    sizes: tuple[str, ...] = SIZES,
    *,
    worker_counts: tuple[int, ...] | None = None,
    rounds: int = 1,
    baseline: Path | None = None,
) -> dict:
    worker_counts = worker_counts or tuple(sorted({1, default_workers()}))
    versions, results = start(rounds, baseline)
    for size in sizes:
        dump, facts = ensure_dump("en", parse_size(size))
        xml = decompressed_copy(dump)
        steps: dict[str, Callable[[], Measured]] = {}
        for version in versions:
            steps |= steps_of(dump, xml, worker_counts, version, size)
        print(
            f"\n{dump.name}  SYNTHETIC, {facts['pages']:,} pages, {facts['xml_bytes'] / 1e6:,.0f} MB XML, "
            f"{facts['bz2_bytes'] / 1e6:,.0f} MB bz2; {rounds} round{'s' if rounds > 1 else ''}",
            flush=True,
        )
        measured = interleaved(steps, rounds)
        entries = pq.ParquetFile(BENCH_DIR / f"memory-{size}" / "plain.parquet").metadata.num_rows
        results["dumps"].append(
            {
                "size": size,
                "dump": dump.name,
                **facts,
                "entries": entries,
                "runs": {
                    name: {
                        "peak_rss_mb": round(median([m.peak_rss_mb for m in runs]), 1),
                        "peak_total_mb": round(median([m.peak_total_mb or 0.0 for m in runs]), 1),
                        "seconds": round(median([m.seconds for m in runs]), 2),
                        "cpu_seconds": round(median([m.cpu_seconds for m in runs]), 2),
                    }
                    for name, runs in measured.items()
                },
            }
        )
    results["growth"] = growth(results["dumps"])
    print()
    print(markdown(results))
    save("memory", results)
    return results


def growth(dumps: list[dict]) -> dict[str, dict]:
    """Per run: the largest dump's peaks over the smallest's, and the slope in bytes per entry."""
    first, last = dumps[0], dumps[-1]
    added = last["entries"] - first["entries"]
    found = {}
    for name, run in last["runs"].items():
        before = first["runs"][name]
        found[name] = {
            "largest_ratio": round(run["peak_rss_mb"] / before["peak_rss_mb"], 2),
            "sum_ratio": round(run["peak_total_mb"] / before["peak_total_mb"], 2),
            "bytes_per_entry": round((run["peak_rss_mb"] - before["peak_rss_mb"]) * 2**20 / added)
            if added > 0
            else None,
        }
    return found


def markdown(results: dict) -> str:
    """docs/benchmarks.md's table: peak RSS of the largest process / of the tree, per run and dump size."""
    dumps = results["dumps"]
    lines = [f"Machine: {results['machine']}; {results['time']}; {results['rounds']} round(s).", ""]
    lines += [f"Parsers of {name}: {ran}." for name, ran in results["parsers"].items()] + [""]
    sizes = [
        f"{d['size']} ({d['pages']:,} pages, {d['bz2_bytes'] / 1e6:,.0f} MB bz2, {d['entries']:,} entries)"
        for d in dumps
    ]
    lines += [
        "Peak RSS, largest process / sum over the process tree (MB):",
        "",
        f"| run | {' | '.join(sizes)} | largest, {dumps[-1]['size']} / {dumps[0]['size']} | per entry |",
        "|---|" + "---|" * (len(dumps) + 2),
    ]
    for name, change in results["growth"].items():
        peaks = [_peaks(d["runs"][name]) for d in dumps]
        per_entry = f"{change['bytes_per_entry']:,} B" if change["bytes_per_entry"] is not None else ""
        lines.append(f"| {name} | {' | '.join(peaks)} | {change['largest_ratio']:.2f} | {per_entry} |")
    lines += ["", "Wall / CPU seconds:", "", f"| run | {' | '.join(d['size'] for d in dumps)} |"]
    lines.append("|---|" + "---|" * len(dumps))
    for name in results["growth"]:
        times = [f"{d['runs'][name]['seconds']:.1f} / {d['runs'][name]['cpu_seconds']:.1f}" for d in dumps]
        lines.append(f"| {name} | {' | '.join(times)} |")
    return "\n".join(lines) + "\n"


def _peaks(run: dict) -> str:
    return f"{run['peak_rss_mb']:,.0f} / {run['peak_total_mb']:,.0f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(SIZES), help="XML sizes of the dumps, two or more")
    parser.add_argument("--quick", action="store_true", help=f"sizes {', '.join(QUICK_SIZES)}")
    parser.add_argument("--workers", default=None, help="worker counts of the multistream runs, e.g. 1,2")
    parser.add_argument("--rounds", type=int, default=1, help="interleaved rounds; figures are medians")
    parser.add_argument("--baseline", type=Path, default=None, help="another version's checkout, to compare")
    args = parser.parse_args(argv)
    sizes = QUICK_SIZES if args.quick else tuple(s for s in args.sizes.split(",") if s)
    try:
        sizes = tuple(sorted(sizes, key=parse_size))  # (the growth is taken from the smallest to the largest)
    except SynthError as error:
        parser.error(f"--sizes: {error}")
    if len(set(map(parse_size, sizes))) < 2:
        parser.error("--sizes: give two different sizes or more")
    counts = tuple(int(n) for n in args.workers.split(",")) if args.workers else None
    run(sizes, worker_counts=counts, rounds=args.rounds, baseline=args.baseline)


if __name__ == "__main__":
    main(sys.argv[1:])
