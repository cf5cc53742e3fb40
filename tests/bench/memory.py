"""Peak memory of `wordlist extract` does not grow with the dump: the real 9.5 MB English sample
against a dump ten times larger made of the same pages under new titles.

    python -m tests.bench.memory
"""

from __future__ import annotations

import sys

from tests.bench.common import BENCH_DIR, SHARED, measure, save
from wordlist_pipeline.dump import DumpReader
from wordlist_pipeline.dump.writer import SourcePage, write_dump

SOURCE = SHARED / "en" / "enwiktionary-2018-head-1394pages.xml.bz2"


def make_repeated(times: int) -> tuple:
    """The sample's pages `times` over, each copy under new titles (main-namespace pages get a suffix)."""
    with DumpReader(SOURCE) as reader:
        pages = list(reader)
    copies = []
    for i in range(times):
        for page in pages:
            title = page.title if i == 0 else f"{page.title} {i}"
            if page.namespace != 0:
                title = title.split(":", 1)[-1]
            copies.append(
                SourcePage(title, page.text, page.namespace, page.redirect, page.model or "wikitext")
            )
    path = BENCH_DIR / f"en2018-x{times}.xml.bz2"
    write_dump(copies, path, lang="en", schema="0.10", multistream=False)
    return path, len(copies)


def run() -> dict:
    if not SOURCE.exists():
        print(f"skipped: {SOURCE} not found")
        return {}
    rows = []
    for times in (1, 10, 30):
        path, pages = (SOURCE, 1394) if times == 1 else make_repeated(times)
        for workers in (1, 2):
            out = BENCH_DIR / f"memory-x{times}-w{workers}.parquet"
            m = measure(
                [
                    sys.executable,
                    "-m",
                    "wordlist_pipeline",
                    "extract",
                    str(path),
                    "-o",
                    str(out),
                    "-w",
                    str(workers),
                    "-q",
                ]
            )
            xml_mb = 9.54 * times
            rows.append(
                {
                    "dump": f"{times}x ({xml_mb:.1f} MB XML, {pages} pages)",
                    "workers": workers,
                    "seconds": round(m.seconds, 2),
                    "cpu_seconds": round(m.cpu_seconds, 2),
                    "peak_rss_mb": round(m.peak_rss_mb, 1),
                }
            )
            print(
                f"{rows[-1]['dump']:36} workers={workers}  {m.seconds:6.2f} s ({m.cpu_seconds:6.2f} s CPU)  "
                f"peak RSS {m.peak_rss_mb:6.1f} MB (largest process)"
            )
    save("memory", {"rows": rows})
    return {"rows": rows}


if __name__ == "__main__":
    run()
