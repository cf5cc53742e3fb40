"""The `wordlist` command: a thin layer over the pipeline and the wordlist library.

Every command's work is done by an importable function; this module only parses options, draws
progress bars and summaries, and turns a WordlistError into one line on stderr and exit code 1.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
    TransferSpeedColumn,
)
from rich.table import Table

from pipeline.build import DEFAULT_OUTPUT, build, dumps_by_language, sample_dumps
from pipeline.editions import LANGUAGE_NAMES
from pipeline.extract import ExtractResult, ExtractStats, extract
from wordlist.errors import WordlistError

app = typer.Typer(
    name="wordlist",
    help="Wiktionary dumps to game word lists, and the games that play on them.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
out = Console()
err = Console(stderr=True)


@app.callback()
def root() -> None:
    """Wiktionary dumps to game word lists, and the games that play on them."""


def main() -> None:
    try:
        app(prog_name="wordlist")
    except WordlistError as error:
        err.print(f"[bold red]error:[/] {error}", highlight=False, soft_wrap=True)
        sys.exit(1)
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


def byte_progress() -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
    )


def run_extract(
    dump: Path, output: Path, lang: str | None, workers: int | None, index: Path | None, quiet: bool = False
) -> ExtractResult:
    """extract() with a progress bar of the dump's bytes."""
    if quiet:
        return extract(dump, output, lang=lang, workers=workers, index=index)
    with byte_progress() as progress:
        task = progress.add_task(
            f"reading {dump.name}", total=dump.stat().st_size if dump.is_file() else None
        )

        def on_progress(done: int, total: int, stats: ExtractStats) -> None:
            progress.update(
                task,
                completed=done,
                total=total,
                description=f"{dump.name}: {stats.pages:,} pages, {stats.entries:,} entries",
            )

        return extract(dump, output, lang=lang, workers=workers, index=index, on_progress=on_progress)


def print_extract_summary(result: ExtractResult) -> None:
    stats = result.stats
    mode = "multistream, " if result.multistream else ""
    out.print(
        f"[bold]{result.dump.name}[/] -> {result.output}  ({mode}{result.workers} worker"
        f"{'s' if result.workers != 1 else ''}, {result.seconds:.1f} s)"
    )
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(justify="left")
    table.add_column(justify="right")
    table.add_row("pages read", f"{stats.pages:,}")
    table.add_row("articles (main namespace)", f"{stats.articles:,}")
    table.add_row(
        f"pages with {LANGUAGE_NAMES.get(result.lang, result.lang)} entries", f"{stats.with_section:,}"
    )
    table.add_row("entries", f"{stats.entries:,}")
    table.add_row("  lemmas", f"{stats.lemmas:,}")
    table.add_row("  inflected forms", f"{stats.forms:,}")
    for pos, count in sorted(stats.by_pos.items(), key=lambda kv: (-kv[1], kv[0])):
        table.add_row(f"  {pos}", f"{count:,}")
    for reason, count in sorted(stats.skipped.items()):
        table.add_row(f"skipped: {reason}", f"{count:,}")
    out.print(table)
    for problem in stats.problems:
        err.print(f"[yellow]skipped[/] {problem}", highlight=False, soft_wrap=True)


@app.command("extract")
def extract_command(
    dump: Annotated[Path, typer.Argument(help="Dump file: .xml, .xml.bz2 or multistream .xml.bz2")],
    output: Annotated[Path, typer.Option("--out", "-o", help="Entries table to write (Parquet)")] = Path(
        "entries.parquet"
    ),
    lang: Annotated[
        str | None, typer.Option("--lang", "-l", help="Edition: en or de (default: the dump's)")
    ] = None,
    workers: Annotated[
        int | None, typer.Option("--workers", "-w", help="Worker processes (default: all cores)")
    ] = None,
    index: Annotated[
        Path | None, typer.Option("--index", help="Multistream index (found next to the dump if omitted)")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar")] = False,
) -> None:
    """Extract the entries of one Wiktionary dump into a Parquet table."""
    result = run_extract(dump, output, lang, workers, index, quiet)
    print_extract_summary(result)


@app.command("build")
def build_command(
    dumps: Annotated[
        list[Path] | None,
        typer.Option("--dump", "-d", help="Dump to build from (repeatable; default: the sample dumps)"),
    ] = None,
    out_dir: Annotated[Path, typer.Option("--out", "-o", help="Output folder")] = DEFAULT_OUTPUT,
    workers: Annotated[int | None, typer.Option("--workers", "-w", help="Worker processes")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars")] = False,
) -> None:
    """Build the word lists: extract each dump (default: dumps/sample/) into OUT/<lang>/."""
    chosen = dumps_by_language(dumps) if dumps else sample_dumps()

    def extract_with_progress(dump: Path, output: Path, *, lang: str, workers: int | None) -> ExtractResult:
        result = run_extract(dump, output, lang, workers, None, quiet)
        print_extract_summary(result)
        return result

    build(chosen, out_dir, workers=workers, run_extract=extract_with_progress)
