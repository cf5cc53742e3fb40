"""The `wordlist` command: a thin layer over the pipeline and the wordlist library.

Every command's work is done by an importable function; this module only parses options, draws
progress bars and summaries. main() is the one place where a failure becomes what the user sees:
one line on stderr naming the file and what is wrong, and the exit code (1; 2 for usage errors;
128 + the signal's number when SIGTERM or SIGHUP stopped the run, 130 for Ctrl-C). Text that
comes from data or from the user (paths, words, messages) is never read as Rich markup.
"""

from __future__ import annotations

import os
import sys
import traceback
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
    TransferSpeedColumn,
)
from rich.table import Column, Table
from rich.text import Text

from wordlist.errors import WordlistError
from wordlist.export import FORMATS as EXPORT_FORMATS
from wordlist.export import export_lists
from wordlist.format import Manifest
from wordlist_pipeline import interrupt
from wordlist_pipeline.build import (
    DEFAULT_OUTPUT,
    ENTRIES,
    build,
    built_manifests,
    dumps_by_language,
    read_entries,
    sample_dumps,
)
from wordlist_pipeline.cli_play import app as play_app
from wordlist_pipeline.cli_query import app as query_app
from wordlist_pipeline.download import DEFAULT_MIRROR, LANGUAGES, STALL_SECONDS, download, downloaded
from wordlist_pipeline.editions import language_name
from wordlist_pipeline.errors import describe_os_error
from wordlist_pipeline.extract import ExtractResult, ExtractStats, check_paths, extract
from wordlist_pipeline.paths import check_output_folder
from wordlist_pipeline.profile import LANGUAGE, available_profiles, load_profile
from wordlist_pipeline.select import select
from wordlist_pipeline.synth import parse_size, synthetic_dump

app = typer.Typer(
    name="wordlist",
    help="Wiktionary dumps to game word lists, and the games that play on them.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
out = Console(soft_wrap=True, highlight=False)
err = Console(stderr=True, soft_wrap=True, highlight=False)


app.add_typer(query_app, name="query")
app.add_typer(play_app, name="play")


@app.callback()
def root() -> None:
    """Wiktionary dumps to game word lists, and the games that play on them."""


DEBUG_ENV = "WORDLIST_DEBUG"  # set to 1 to see the traceback of an unexpected error


def main() -> None:
    """The `wordlist` command: run it, and end every failure with one line and an exit code."""
    interrupt.install()
    sys.exit(run())


def run(args: list[str] | None = None) -> int:
    """Run the command line `args` (default: sys.argv); returns the exit code."""
    try:
        try:
            app(args=args, prog_name="wordlist")
            code = 0
        except SystemExit as done:  # typer exits with the command's code, 2 for usage, 130 for Ctrl-C
            code = done.code if isinstance(done.code, int) else 0 if done.code is None else 1
    except WordlistError as error:
        code = fail(str(error))
    except OSError as error:
        code = fail(describe_os_error(error))
    except MemoryError:
        code = fail("out of memory")
    except KeyboardInterrupt:  # outside a command (typer turns one inside into exit code 130)
        code = 130
    except Exception as error:  # a bug: still one line, the traceback on request
        if os.environ.get(DEBUG_ENV):
            traceback.print_exc()
        code = fail(
            f"internal error ({type(error).__name__}: {error}); this is a bug, please report it "
            f"with the output of {DEBUG_ENV}=1 wordlist ..."
        )
    signum = interrupt.received()
    if signum is not None:
        err.print(f"stopped by {interrupt.name(signum)}", markup=False, highlight=False)
        return 128 + signum
    if code == 130:
        err.print("interrupted", markup=False, highlight=False)
    return code


def fail(message: str) -> int:
    """Print `message` as one line on stderr (never as markup); the exit code of a failure."""
    line = " ".join(message.split())
    err.print(Text.assemble(("error: ", "bold red"), line), highlight=False, soft_wrap=True)
    return 1


NAME_WIDTH = 30  # a file name in a progress bar: longer names keep their start and their extension


def short_name(name: str, width: int = NAME_WIDTH) -> str:
    """`name` in at most `width` characters: "enwiktionary-20250101….xml.bz2" (edition, date, type)."""
    if len(name) <= width:
        return name
    tail = min(8, (width - 1) // 3)
    return f"{name[: width - 1 - tail]}…{name[len(name) - tail :]}"


def byte_progress(*, counts: bool = False) -> Progress:
    """A progress bar of bytes that stays readable in 80 columns: a short name, the bar, bytes, time
    left, and with `counts` the task's `counts` field in a column of its own; wider terminals also
    get speed and elapsed time."""
    columns: list[ProgressColumn | str] = [
        TextColumn("{task.description}", table_column=Column(no_wrap=True, max_width=NAME_WIDTH)),
        BarColumn(bar_width=None),
        DownloadColumn(),
    ]
    if err.width >= 110:
        columns += [TransferSpeedColumn(), TimeElapsedColumn()]
    columns.append(TimeRemainingColumn())
    if counts:
        columns.append(TextColumn("{task.fields[counts]}", table_column=Column(no_wrap=True)))
    return Progress(*columns, console=err, disable=not err.is_terminal)  # a script's log gets no bars


def run_extract(
    dump: Path, output: Path, lang: str | None, workers: int | None, index: Path | None, quiet: bool = False
) -> ExtractResult:
    """extract() with a progress bar of the dump's bytes, drawn once the paths are checked."""
    check_paths(dump, output, index)
    if quiet:
        return extract(dump, output, lang=lang, workers=workers, index=index)
    with byte_progress(counts=True) as progress:
        task = progress.add_task(
            escape(short_name(dump.name)), total=dump.stat().st_size, counts="reading the header"
        )

        def on_progress(done: int, total: int, stats: ExtractStats) -> None:
            counts = f"{stats.entries:,} entries"
            progress.update(task, completed=done, total=total, counts=counts)

        return extract(dump, output, lang=lang, workers=workers, index=index, on_progress=on_progress)


def print_extract_summary(result: ExtractResult) -> None:
    stats = result.stats
    mode = "multistream, " if result.multistream else ""
    out.print(
        f"[bold]{escape(result.dump.name)}[/] -> {escape(str(result.output))}  ({mode}{result.workers} worker"
        f"{'s' if result.workers != 1 else ''}, {result.seconds:.1f} s)",
        highlight=False,
    )
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(justify="left")
    table.add_column(justify="right")
    table.add_row("pages read", f"{stats.pages:,}")
    table.add_row("articles (main namespace)", f"{stats.articles:,}")
    table.add_row(f"pages with {language_name(result.lang)} entries", f"{stats.with_section:,}")
    table.add_row("entries", f"{stats.entries:,}")
    table.add_row("  lemmas", f"{stats.lemmas:,}")
    table.add_row("  inflected forms", f"{stats.forms:,}")
    for pos, count in sorted(stats.by_pos.items(), key=lambda kv: (-kv[1], kv[0])):
        table.add_row(Text(f"  {pos}"), f"{count:,}")
    for reason, count in sorted(stats.skipped.items()):
        table.add_row(Text(f"skipped: {reason}"), f"{count:,}")
    out.print(table)
    for problem in stats.problems:
        err.print(Text.assemble(("skipped ", "yellow"), problem), highlight=False, soft_wrap=True)


@app.command("extract")
def extract_command(
    dump: Annotated[
        Path, typer.Argument(readable=False, help="Dump file: .xml, .xml.bz2 or multistream .xml.bz2")
    ],
    output: Annotated[
        Path, typer.Option("--out", "-o", readable=False, help="Entries table to write (Parquet)")
    ] = Path("entries.parquet"),
    lang: Annotated[
        str | None, typer.Option("--lang", "-l", help="Edition: en or de (default: the dump's)")
    ] = None,
    workers: Annotated[
        int | None, typer.Option("--workers", "-w", min=1, help="Worker processes (default: all cores)")
    ] = None,
    index: Annotated[
        Path | None,
        typer.Option("--index", readable=False, help="Multistream index (found next to the dump if omitted)"),
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
        typer.Option(
            "--dump", "-d", readable=False, help="Dump to build from (repeatable; default: the sample dumps)"
        ),
    ] = None,
    out_dir: Annotated[
        Path, typer.Option("--out", "-o", readable=False, help="Output folder")
    ] = DEFAULT_OUTPUT,
    langs: Annotated[list[str] | None, typer.Option("--lang", "-l", help="Only these languages")] = None,
    profiles: Annotated[
        list[str] | None, typer.Option("--profile", "-p", help="Profile name or .toml path (default: all)")
    ] = None,
    from_entries: Annotated[
        bool, typer.Option("--from-entries", help="Reuse the entries tables in OUT instead of extracting")
    ] = False,
    downloads: Annotated[
        Path | None,
        typer.Option(
            "--downloads",
            readable=False,
            help="Build from the newest dump of each language `download` put here",
        ),
    ] = None,
    workers: Annotated[int | None, typer.Option("--workers", "-w", min=1, help="Worker processes")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars")] = False,
) -> None:
    """Build the word lists: extract each dump (default: dumps/sample/), then every profile, into OUT."""
    if dumps and downloads:
        raise WordlistError("give --dump or --downloads, not both")
    chosen = dumps_by_language(dumps) if dumps else downloaded(downloads) if downloads else sample_dumps()

    def extract_with_progress(dump: Path, output: Path, *, lang: str, workers: int | None) -> ExtractResult:
        result = run_extract(dump, output, lang, workers, None, quiet)
        print_extract_summary(result)
        return result

    def report(lang: str, profile: str, manifest: Manifest) -> None:
        out.print(f"[bold]{escape(str(out_dir / lang / profile))}[/]: {escape(summary_line(manifest))}")

    build(
        chosen,
        out_dir,
        profiles=profiles,
        langs=langs,
        workers=workers,
        from_entries=from_entries,
        run_extract=extract_with_progress,
        on_word_list=report,
    )


def summary_line(manifest: Manifest) -> str:
    """ "1,234 unique English words with 2,345 definitions", as word game sites put it."""
    counts = manifest.counts
    return f"{counts.words:,} unique {manifest.language_name} words with {counts.definitions:,} definitions"


@app.command("stats")
def stats_command(
    out_dir: Annotated[
        Path, typer.Option("--out", "-o", readable=False, help="Output folder")
    ] = DEFAULT_OUTPUT,
    lang: Annotated[str | None, typer.Option("--lang", "-l", help="Only this language")] = None,
    profile: Annotated[str | None, typer.Option("--profile", "-p", help="Only this profile")] = None,
) -> None:
    """Counts of the built word lists: words, definitions, parts of speech, what was left out."""
    if out_dir.exists() and not out_dir.is_dir():
        raise WordlistError(f"{out_dir}: a file, not a folder of word lists")
    manifests = [
        m
        for m in built_manifests(out_dir)
        if (lang is None or m.language == lang) and (profile is None or m.profile == profile)
    ]
    if not manifests:
        raise WordlistError(
            f"{out_dir}: no word lists built here"
            + (f" for {lang or ''} {profile or ''}".rstrip() if lang or profile else "")
            + " (run `wordlist build`)"
        )
    for manifest in manifests:
        counts = manifest.counts
        name = escape(f"{manifest.language}/{manifest.profile}")
        out.print(f"[bold]{name}[/]: {escape(summary_line(manifest))}")
        table = Table(show_header=False, box=None, pad_edge=False)
        table.add_column()
        table.add_column(justify="right")
        for pos, count in sorted(counts.by_pos.items(), key=lambda kv: (-kv[1], kv[0])):
            table.add_row(Text(f"  {plural_pos(pos)}"), f"{count:,}")
        table.add_row("  entries used", f"{counts.entries_used:,}")
        other_pos = [r for r in counts.left_out if r.rule == "part_of_speech"]
        if other_pos:
            detail = ", ".join(f"{(r.value or '').replace('_', ' ')} {r.count:,}" for r in other_pos)
            total = sum(r.count for r in other_pos)
            table.add_row(Text(f"  left out: other parts of speech ({detail})"), f"{total:,}")
        for reason in counts.left_out:
            if reason.rule != "part_of_speech":
                table.add_row(Text(f"  left out: {reason.describe()}"), f"{reason.count:,}")
        out.print(table)


def plural_pos(pos: str) -> str:
    return {"proper_noun": "proper nouns", "adverb": "adverbs"}.get(pos, pos.replace("_", " ") + "s")


@app.command("why")
def why_command(
    word: Annotated[str, typer.Argument(help="A Wiktionary page title, as written")],
    lang: Annotated[str, typer.Option("--lang", "-l", help="Language")] = "en",
    profile: Annotated[str, typer.Option("--profile", "-p", help="Profile name or .toml path")] = "balda",
    out_dir: Annotated[
        Path, typer.Option("--out", "-o", readable=False, help="Output folder with the entries table")
    ] = DEFAULT_OUTPUT,
) -> None:
    """Why a page's entries are in a word list or left out."""
    if not LANGUAGE.fullmatch(lang):
        raise WordlistError(f"--lang {lang!r}: not a language code like en or de")
    chosen = load_profile(profile)
    entries_path = out_dir / lang / ENTRIES
    if not entries_path.exists():
        raise WordlistError(f"{entries_path}: missing (run `wordlist build`)")
    decisions = select(read_entries(entries_path), chosen, lang).explain(word)
    if not decisions:
        out.print(f"{word!r}: no {language_name(lang)} entry in {entries_path}", markup=False)
        raise typer.Exit(1)
    for pos, game, reason in decisions:
        verdict = (
            f"[green]in[/] as {escape(game.upper())}"
            if reason is None
            else f"[red]left out[/]: {escape(reason)}"
        )
        out.print(f"{escape(word)} ({escape(pos)}): {verdict}")


@app.command("download")
def download_command(
    langs: Annotated[
        list[str] | None, typer.Option("--lang", "-l", help="Edition: en or de (repeatable; default both)")
    ] = None,
    date: Annotated[str, typer.Option("--date", help="Dump date YYYYMMDD, or latest")] = "latest",
    dest: Annotated[Path, typer.Option("--dest", readable=False, help="Folder to download into")] = Path(
        "dumps"
    ),
    mirror: Annotated[
        str | None, typer.Option("--mirror", help=f"Dumps site (default {DEFAULT_MIRROR})")
    ] = None,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout", min=0.1, help="Give up when a transfer makes no progress for this many seconds"
        ),
    ] = STALL_SECONDS,
) -> None:
    """Download Wiktionary pages-articles multistream dumps and their indexes (resumable, checksummed)."""
    for lang in langs or []:
        if lang not in LANGUAGES:
            raise WordlistError(f"--lang {lang!r}: the pipeline reads {', '.join(LANGUAGES)}")
    check_output_folder(dest)
    results = []
    with byte_progress() as progress:
        tasks: dict[str, int] = {}

        def on_progress(name: str, done: int, total: int | None) -> None:
            if name not in tasks:
                tasks[name] = progress.add_task(escape(short_name(name)), total=total)
            progress.update(tasks[name], completed=done, total=total)

        for lang in langs or list(LANGUAGES):
            results.append(
                download(lang, date, dest, mirror=mirror, on_progress=on_progress, stall_timeout=timeout)
            )
    for result in results:
        for path in (result.dump, result.index):
            out.print(f"{path}  ({path.stat().st_size:,} bytes, sha1 verified)", markup=False)
    out.print(f"next: wordlist build --downloads {dest}", markup=False)


@app.command("synth")
def synth_command(
    lang: Annotated[str, typer.Option("--lang", "-l", help="Edition: en or de")] = "en",
    size: Annotated[str, typer.Option("--size", help="XML size, e.g. 200MB or 1GB")] = "100MB",
    seed: Annotated[int, typer.Option("--seed", help="Same seed, same bytes")] = 1,
    dest: Annotated[Path, typer.Option("--dest", readable=False, help="Folder to write into")] = Path(
        "dumps"
    ),
    workers: Annotated[
        int | None, typer.Option("--workers", "-j", min=1, help="Processes (default: all cores)")
    ] = None,
) -> None:
    """Write a SYNTHETIC multistream dump and its index, for benchmarks and scale tests.

    The pages have the shapes of real ones (lemmas, forms, proper nouns, abbreviations, other
    languages, redirects, other namespaces, large pages) but made-up words: not Wiktionary content.
    """
    xml_bytes = parse_size(size)
    check_output_folder(dest)
    progress = byte_progress()
    task = progress.add_task("SYNTHETIC XML", total=xml_bytes)

    def on_progress(done: int, total: int) -> None:
        if not progress.live.is_started:  # drawn once the work runs: a bad --lang is just one line
            progress.start()
        progress.update(task, completed=done, total=total)

    try:
        result = synthetic_dump(dest, lang, xml_bytes, seed=seed, workers=workers, on_progress=on_progress)
    finally:
        progress.stop()
    out.print(
        f"{result.dump}  (SYNTHETIC: {result.pages:,} pages, {result.xml_bytes:,} bytes of XML, "
        f"{result.dump.stat().st_size:,} bytes compressed)\n{result.index}",
        markup=False,
    )
    out.print(f"next: wordlist extract {result.dump} --out entries.parquet", markup=False)


@app.command("export")
def export_command(
    lang: Annotated[str | None, typer.Option("--lang", "-l", help="Only this language")] = None,
    profile: Annotated[str | None, typer.Option("--profile", "-p", help="Only this profile")] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="sqlite or jsonl")] = "sqlite",
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            readable=False,
            help="File to write (one list only; default: words.<format> in the list)",
        ),
    ] = None,
    data: Annotated[
        Path, typer.Option("--data", readable=False, help="Folder of built lists")
    ] = DEFAULT_OUTPUT,
) -> None:
    """Export built word lists as SQLite or JSON Lines, for game engines and other languages."""
    if fmt not in EXPORT_FORMATS:
        raise typer.BadParameter(f"{fmt!r} is not one of: {', '.join(EXPORT_FORMATS)}", param_hint="--format")
    for result in export_lists(fmt, root=data, language=lang, profile=profile, out=out):
        typer.echo(f"{result.path}  ({result.words:,} words, {result.bytes:,} bytes, {result.format})")


@app.command("profiles")
def profiles_command() -> None:
    """The shipped selection profiles."""
    for name in available_profiles():
        profile = load_profile(name)
        out.print(
            f"[bold]{escape(name)}[/] ({escape(', '.join(profile.languages))}): "
            f"{escape(profile.description)}  {escape(f'[{profile.path}]')}"
        )


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on", metavar="HOST")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, help="Port to listen on", metavar="N")
    ] = 8000,
    data: Annotated[
        Path, typer.Option("--data", readable=False, help="Folder of built word lists", metavar="DIR")
    ] = DEFAULT_OUTPUT,
    db: Annotated[
        Path, typer.Option("--db", readable=False, help="SQLite file of the games (created)", metavar="FILE")
    ] = Path("games.sqlite"),
) -> None:
    """Serve the word lists and the games over HTTP, and the web page that plays them (Ctrl-C stops)."""
    try:
        from wordlist.server import serve
    except ImportError as error:  # the server's dependencies are the optional extra
        raise WordlistError(
            f"the server needs FastAPI and uvicorn ({error}): pip install 'wiktionary-wordlist[server]'"
        ) from None

    def ready(url: str) -> None:
        err.print(
            f"serving the word lists in {data} and the games in {db} at {url} (Ctrl-C stops)", markup=False
        )

    serve(data, db, host=host, port=port, ready=ready)
