"""The `wordlist` command: a thin layer over the pipeline and the wordlist library.

Every command's work is done by an importable function; this module only parses options, draws
progress bars and summaries. run() is the one place where a failure becomes what the user sees:
one line on stderr naming the file (or option) and what is wrong, and the exit code:

- 0 done; 1 an error (bad input); 2 a usage error (an unknown option, a bad value);
- `query` answers a question, as grep does: 0 yes, 1 no, 2 an error of either kind;
- 128 + the signal's number when SIGTERM or SIGHUP stopped the run, 130 for Ctrl-C.

Text that comes from data or from the user (paths, words, messages) is never read as Rich markup.
"""

from __future__ import annotations

import functools
import gc
import os
import sys
import traceback
from collections.abc import Callable
from importlib import metadata
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

import wordlist
from wordlist.atomic import NotAFileError
from wordlist.errors import WordlistError
from wordlist.export import FORMATS as EXPORT_FORMATS
from wordlist.export import export_lists
from wordlist.format import Manifest
from wordlist.lexicon import DATA_ENV
from wordlist_pipeline import interrupt
from wordlist_pipeline.build import (
    DEFAULT_OUTPUT,
    ENTRIES,
    build,
    built_manifests,
    dumps_by_language,
    sample_dumps,
)
from wordlist_pipeline.cli_app import App, Failure, JsonFlag, examples, print_json
from wordlist_pipeline.download import (
    DEFAULT_MIRROR,
    LANGUAGES,
    STALL_SECONDS,
    check_edition,
    download,
    downloaded,
)
from wordlist_pipeline.dump.limit import MAX_PAGE_BYTES, size_text
from wordlist_pipeline.editions import language_name
from wordlist_pipeline.errors import describe_os_error
from wordlist_pipeline.extract import ExtractResult, ExtractStats, check_paths, extract
from wordlist_pipeline.paths import check_output_folder
from wordlist_pipeline.profile import available_profiles, check_language, load_profile
from wordlist_pipeline.synth import parse_size, synthetic_dump

app = App(
    name="wordlist",
    # imported when used: `wordlist build` needs neither the games nor the Lexicon's queries
    lazy={"query": "wordlist_pipeline.cli_query:app", "play": "wordlist_pipeline.cli_play:app"},
    help="Wiktionary dumps to game word lists, and the games that play on them.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=True,  # --install-completion / --show-completion (bash, zsh, fish, PowerShell)
    epilog=examples(
        "wordlist build                     # the sample dumps -> outputs/",
        "wordlist query check EMAIL paris   # is it a word? (exit code 0 yes, 1 no)",
        "wordlist play wordgame             # play against the bot",
        "wordlist COMMAND --help            # each command's options and examples",
    ),
)
out = Console(soft_wrap=True, highlight=False)
err = Console(stderr=True, soft_wrap=True, highlight=False)


DISTRIBUTION = "wiktionary-wordlist"


def distribution_version() -> str:
    """The installed distribution's version (the library's own when run from an uninstalled tree)."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return wordlist.__version__


def show_version(value: bool) -> None:
    if value:
        typer.echo(f"{DISTRIBUTION} {distribution_version()}")
        raise typer.Exit(0)


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option("--version", is_eager=True, callback=show_version, help="Print the version and exit"),
    ] = False,
) -> None:
    """Wiktionary dumps to game word lists, and the games that play on them."""


DEBUG_ENV = "WORDLIST_DEBUG"  # set to 1 to see the traceback of an unexpected error


def main() -> None:
    """The `wordlist` command: run it, and end every failure with one line and an exit code."""
    interrupt.install()
    code = run()
    # Nothing is left to do but exit: Python's last garbage collection would walk every object
    # the imported libraries made (0.1 s) to free memory that exiting frees anyway. Frozen objects
    # are left out of it; atexit handlers and the flushing of stdout and stderr still run.
    gc.freeze()
    sys.exit(code)


def run(args: list[str] | None = None) -> int:
    """Run the command line `args` (default: sys.argv); returns the exit code."""
    try:
        try:
            returned = app(args=args, prog_name="wordlist", standalone_mode=False)
            code = returned if isinstance(returned, int) else 0  # an Exit's code (130: Ctrl-C)
        except SystemExit as done:  # shell completion and --install-completion end this way
            code = done.code if isinstance(done.code, int) else 0 if done.code is None else 1
        except Failure as failure:  # an error with a command's own exit code (query: 2)
            code = fail(describe(failure.error), failure.code)
        except typer.TyperException as error:  # the command line's errors: usage (2), files (1)
            code = command_line_error(error)
        except typer.Abort:
            code = fail("aborted")
    except (WordlistError, OSError, MemoryError) as error:
        code = fail(describe(error))
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


def describe(error: BaseException) -> str:
    """What went wrong, for the one line of a failure."""
    if isinstance(error, OSError) and not isinstance(error, WordlistError):
        return describe_os_error(error)
    if isinstance(error, MemoryError):
        return "out of memory"
    return str(error)


def command_line_error(error: typer.TyperException) -> int:
    """A usage error as one line naming the command and what is wrong (exit code 2), like any error."""
    code = getattr(error, "exit_code", 1)
    context = getattr(error, "ctx", None)
    if type(error).__name__ == "NoArgsIsHelpError":  # `wordlist` or `wordlist query` alone: the help
        typer.echo(error.format_message(), err=True)
        return code
    message = error.format_message().strip().rstrip(".")
    if context is None:
        return fail(message, code)
    command = context.command_path
    return fail(f"{command}: {message} (see '{command} --help')", code)


def fail(message: str, code: int = 1) -> int:
    """Print `message` as one line on stderr (never as markup); returns the exit code `code`."""
    line = " ".join(message.split())
    err.print(Text.assemble(("error: ", "bold red"), line), highlight=False, soft_wrap=True)
    return code


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
    dump: Path,
    output: Path,
    lang: str | None,
    workers: int | None,
    index: Path | None,
    quiet: bool = False,
    on_started: Callable[[], None] | None = None,
    max_page_bytes: int = MAX_PAGE_BYTES,
) -> ExtractResult:
    """extract() with a progress bar of the dump's bytes, drawn once the paths are checked."""
    check_paths(dump, output, index)
    run = functools.partial(
        extract,
        dump,
        output,
        lang=lang,
        workers=workers,
        index=index,
        on_started=on_started,
        max_page_bytes=max_page_bytes,
    )
    if quiet:
        return run()
    with byte_progress(counts=True) as progress:
        task = progress.add_task(
            escape(short_name(dump.name)), total=dump.stat().st_size, counts="reading the header"
        )

        def on_progress(done: int, total: int, stats: ExtractStats) -> None:
            counts = f"{stats.entries:,} entries"
            progress.update(task, completed=done, total=total, counts=counts)

        return run(on_progress=on_progress)


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


LangOption = Annotated[str | None, typer.Option("--lang", "-l", metavar="LANG", help="Only this language")]
ProfileOption = Annotated[
    str | None, typer.Option("--profile", "-p", metavar="NAME", help="Only this profile")
]
WorkersOption = Annotated[
    int | None,
    typer.Option("--workers", "-w", min=1, metavar="N", help="Worker processes (default: all cores)"),
]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars")]
MAX_PAGE_ENV = "WORDLIST_MAX_PAGE_SIZE"
DEFAULT_MAX_PAGE = size_text(MAX_PAGE_BYTES).replace(" ", "")  # "8MB", as the option takes it
MaxPageOption = Annotated[
    str,
    typer.Option(
        "--max-page-size",
        metavar="SIZE",
        envvar=MAX_PAGE_ENV,
        help="Skip (and count) pages of more XML than this; MediaWiki's own limit is 2MB",
    ),
]


def page_size(text: str) -> int:
    """--max-page-size as bytes ("8MB", "512KB"); a usage error otherwise."""
    try:
        return parse_size(text)
    except WordlistError as error:
        raise typer.BadParameter(str(error), param_hint="--max-page-size") from None


OutFolderOption = Annotated[
    Path,
    typer.Option(
        "--out",
        "-o",
        readable=False,
        metavar="DIR",
        envvar=DATA_ENV,
        help="Folder of the word lists",
    ),
]


@app.command(
    "extract",
    epilog=examples(
        "wordlist extract dumps/sample/enwiktionary-sample-pages-articles-multistream.xml.bz2",
        "wordlist extract enwiktionary-20261101-pages-articles-multistream.xml.bz2 --out en.parquet -w 2",
    ),
)
def extract_command(
    dump: Annotated[
        Path,
        typer.Argument(
            readable=False, metavar="DUMP", help="Dump file: .xml, .xml.bz2 or multistream .xml.bz2"
        ),
    ],
    output: Annotated[
        Path,
        typer.Option("--out", "-o", readable=False, metavar="PATH", help="Entries table to write (Parquet)"),
    ] = Path("entries.parquet"),
    lang: Annotated[
        str | None,
        typer.Option("--lang", "-l", metavar="LANG", help="Edition: en or de (default: the dump's)"),
    ] = None,
    workers: WorkersOption = None,
    index: Annotated[
        Path | None,
        typer.Option(
            "--index",
            readable=False,
            metavar="PATH",
            help="Multistream index (found next to the dump if omitted)",
        ),
    ] = None,
    quiet: QuietOption = False,
    max_page: MaxPageOption = DEFAULT_MAX_PAGE,
) -> None:
    """Extract a dump's entries into a Parquet table.

    The edition is read from the dump's header; multistream dumps are read in parallel.
    """
    max_page_bytes = page_size(max_page)
    result = run_extract(dump, output, lang, workers, index, quiet, max_page_bytes=max_page_bytes)
    print_extract_summary(result)


@app.command(
    "build",
    epilog=examples(
        "wordlist build                                  # the sample dumps -> outputs/",
        "wordlist build --downloads dumps                # what `wordlist download` fetched",
        "wordlist build --dump enwiktionary-20261101-pages-articles-multistream.xml.bz2 --lang en",
        "wordlist build --from-entries --profile mine.toml  # re-select, no extraction",
    ),
)
def build_command(
    dumps: Annotated[
        list[Path] | None,
        typer.Option(
            "--dump",
            "-d",
            readable=False,
            metavar="PATH",
            help="Dump to build from (repeatable; default: the sample dumps)",
        ),
    ] = None,
    out_dir: OutFolderOption = DEFAULT_OUTPUT,
    langs: Annotated[
        list[str] | None,
        typer.Option("--lang", "-l", metavar="LANG", help="Only this language (repeatable)"),
    ] = None,
    profiles: Annotated[
        list[str] | None,
        typer.Option(
            "--profile",
            "-p",
            metavar="PROFILE",
            help="Profile name or .toml path (repeatable; default: all)",
        ),
    ] = None,
    from_entries: Annotated[
        bool, typer.Option("--from-entries", help="Reuse the entries tables in OUT instead of extracting")
    ] = False,
    downloads: Annotated[
        Path | None,
        typer.Option(
            "--downloads",
            readable=False,
            metavar="DIR",
            help="Build from the newest dump of each language `download` put here",
        ),
    ] = None,
    workers: WorkersOption = None,
    quiet: QuietOption = False,
    max_page: MaxPageOption = DEFAULT_MAX_PAGE,
) -> None:
    """Build the word lists from dumps (default: the samples).

    Extract each dump, then select every profile's word list from its entries, into OUT.
    """
    max_page_bytes = page_size(max_page)
    if dumps and downloads:
        raise WordlistError("give --dump or --downloads, not both")
    chosen = dumps_by_language(dumps) if dumps else downloaded(downloads) if downloads else sample_dumps()

    def extract_with_progress(
        dump: Path,
        output: Path,
        *,
        lang: str,
        workers: int | None,
        on_started: Callable[[], None],
        max_page_bytes: int,
    ) -> ExtractResult:
        result = run_extract(dump, output, lang, workers, None, quiet, on_started, max_page_bytes)
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
        max_page_bytes=max_page_bytes,
    )


def summary_line(manifest: Manifest) -> str:
    """ "1,234 unique English words with 2,345 definitions", as word game sites put it."""
    counts = manifest.counts
    return f"{counts.words:,} unique {manifest.language_name} words with {counts.definitions:,} definitions"


@app.command(
    "stats",
    epilog=examples("wordlist stats", "wordlist stats --lang de --profile balda --json"),
)
def stats_command(
    out_dir: OutFolderOption = DEFAULT_OUTPUT,
    lang: LangOption = None,
    profile: ProfileOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Counts of the built word lists.

    Words, definitions, parts of speech, and what was left out by which rule.
    """
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
    if as_json:
        print_json({"lists": [stats_json(manifest, out_dir) for manifest in manifests]})
        return
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


def stats_json(manifest: Manifest, out_dir: Path) -> dict:
    """One list of `wordlist stats --json`: which list, where, and its manifest's counts."""
    counts = manifest.counts.to_json()
    for reason, record in zip(counts["left_out"], manifest.counts.left_out, strict=True):
        reason["description"] = record.describe()
    return {
        "language": manifest.language,
        "language_name": manifest.language_name,
        "profile": manifest.profile,
        "path": str(out_dir / manifest.language / manifest.profile),
        "counts": counts,
    }


def plural_pos(pos: str) -> str:
    return {"proper_noun": "proper nouns", "adverb": "adverbs"}.get(pos, pos.replace("_", " ") + "s")


@app.command(
    "why",
    epilog=examples("wordlist why cops --profile wordgame", "wordlist why Bauen --lang de --json"),
)
def why_command(
    word: Annotated[str, typer.Argument(metavar="TITLE", help="A Wiktionary page title, as written")],
    lang: Annotated[str, typer.Option("--lang", "-l", metavar="LANG", help="Language")] = "en",
    profile: Annotated[
        str, typer.Option("--profile", "-p", metavar="PROFILE", help="Profile name or .toml path")
    ] = "balda",
    out_dir: Annotated[
        Path,
        typer.Option(
            "--out",
            "-o",
            readable=False,
            metavar="DIR",
            envvar=DATA_ENV,
            help="Output folder with the entries table",
        ),
    ] = DEFAULT_OUTPUT,
    as_json: JsonFlag = False,
) -> None:
    """Why a page's entries are in a word list or not.

    Reads the entries table in OUT, so run `wordlist build` first.
    """
    check_language(lang)
    chosen = load_profile(profile)
    entries_path = out_dir / lang / ENTRIES
    if not entries_path.exists():
        raise WordlistError(f"{entries_path}: missing (run `wordlist build`)")
    from wordlist_pipeline.select import select  # Polars: loaded by the commands that need it
    from wordlist_pipeline.word_lists import read_entries

    decisions = select(read_entries(entries_path, lang), chosen, lang).explain(word)
    if as_json:
        entries = [
            {"pos": pos, "included": reason is None, "as": game if reason is None else None, "reason": reason}
            for pos, game, reason in decisions
        ]
        print_json({"title": word, "language": lang, "profile": chosen.name, "entries": entries})
        return
    if not decisions:  # an answer too: the page is not in the dump, or holds no entry of this language
        out.print(f"{word!r}: no {language_name(lang)} entry in {entries_path}", markup=False)
        return
    for pos, game, reason in decisions:
        verdict = (
            f"[green]in[/] as {escape(game.upper())}"
            if reason is None
            else f"[red]left out[/]: {escape(reason)}"
        )
        out.print(f"{escape(word)} ({escape(pos)}): {verdict}")


@app.command(
    "download",
    epilog=examples(
        "wordlist download                       # both editions' latest dumps into dumps/",
        "wordlist download --lang de --date 20261101 --dest /data/dumps",
    ),
)
def download_command(
    langs: Annotated[
        list[str] | None,
        typer.Option("--lang", "-l", metavar="LANG", help="Edition: en or de (repeatable; default both)"),
    ] = None,
    date: Annotated[
        str, typer.Option("--date", metavar="DATE", help="Dump date YYYYMMDD, or latest")
    ] = "latest",
    dest: Annotated[
        Path, typer.Option("--dest", readable=False, metavar="DIR", help="Folder to download into")
    ] = Path("dumps"),
    mirror: Annotated[
        str | None,
        typer.Option(
            "--mirror", metavar="URL", help=f"Dumps site (default $WORDLIST_MIRROR, else {DEFAULT_MIRROR})"
        ),
    ] = None,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout",
            min=0.1,
            metavar="SECONDS",
            help="Give up when a transfer makes no progress for this many seconds",
        ),
    ] = STALL_SECONDS,
) -> None:
    """Download Wiktionary dumps and their indexes.

    The pages-articles multistream dumps; resumable, checked against the published sha1 sums.
    """
    for lang in langs or []:  # every one before the first download
        check_edition(lang)
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


@app.command(
    "synth",
    epilog=examples(
        "wordlist synth --size 10MB --dest /tmp/synth",
        "wordlist synth --lang de --size 1GB --seed 2 --dest dumps",
    ),
)
def synth_command(
    lang: Annotated[str, typer.Option("--lang", "-l", metavar="LANG", help="Edition: en or de")] = "en",
    size: Annotated[
        str, typer.Option("--size", metavar="SIZE", help="XML size, e.g. 200MB or 1GB")
    ] = "100MB",
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="Same seed, same bytes")] = 1,
    dest: Annotated[
        Path, typer.Option("--dest", readable=False, metavar="DIR", help="Folder to write into")
    ] = Path("dumps"),
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-j", min=1, metavar="N", help="Processes (default: all cores)"),
    ] = None,
) -> None:
    """Write a SYNTHETIC dump, for benchmarks and scale tests.

    A multistream dump with its index, of any size. The pages have the shapes of real ones
    (lemmas, forms, proper nouns, abbreviations, other languages, redirects, other namespaces,
    large pages) but made-up words: not Wiktionary content.
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


@app.command(
    "export",
    epilog=examples(
        "wordlist export                       # every built list: outputs/<lang>/<profile>/words.sqlite",
        "wordlist export --lang en --profile balda --format jsonl --out balda-en.jsonl",
        "wordlist export --lang de --profile wordgame --format jsonl --out - | jq .word",
    ),
)
def export_command(
    lang: LangOption = None,
    profile: ProfileOption = None,
    fmt: Annotated[str, typer.Option("--format", "-f", metavar="FORMAT", help="sqlite or jsonl")] = "sqlite",
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            readable=False,
            metavar="PATH",
            help="File to write, - for standard output (one list only; default: words.<format> in the list)",
        ),
    ] = None,
    data: Annotated[
        Path,
        typer.Option(
            "--data",
            readable=False,
            metavar="DIR",
            envvar=DATA_ENV,
            help="Folder of built lists",
        ),
    ] = DEFAULT_OUTPUT,
) -> None:
    """Export word lists as SQLite or JSON Lines.

    For game engines and other languages: one file per list, deterministic.
    """
    if fmt not in EXPORT_FORMATS:
        raise typer.BadParameter(f"{fmt!r} is not one of: {', '.join(EXPORT_FORMATS)}", param_hint="--format")
    if out is not None and str(out) == STDOUT:
        export_to_stdout(fmt, data, lang, profile)
        return
    try:
        results = export_lists(fmt, root=data, language=lang, profile=profile, out=out)
    except NotAFileError as error:  # `-o /dev/stdout`, a link: say what writes to standard output
        raise NotAFileError(error.filename, error.kind, "-o - writes to standard output") from None
    for result in results:
        typer.echo(f"{result.path}  ({result.words:,} words, {result.bytes:,} bytes, {result.format})")


STDOUT = "-"  # an output path that means standard output


def export_to_stdout(fmt: str, data: Path, lang: str | None, profile: str | None) -> None:
    """`export -o -`: the export on standard output, what was written said on stderr."""
    if fmt == "sqlite" and sys.stdout.isatty():
        raise WordlistError("-o -: standard output is a terminal, not a place for a SQLite file (add > FILE)")
    try:
        (result,) = export_lists(fmt, root=data, language=lang, profile=profile, out=sys.stdout.buffer)
    except BrokenPipeError:  # the reader stopped reading (`| head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush at exit
        raise WordlistError("-o -: standard output was closed before the end of the export") from None
    err.print(f"-  ({result.words:,} words, {result.bytes:,} bytes, {result.format})", markup=False)


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
        Path,
        typer.Option(
            "--data",
            readable=False,
            metavar="DIR",
            envvar=DATA_ENV,
            help="Folder of built word lists",
        ),
    ] = DEFAULT_OUTPUT,
    db: Annotated[
        Path, typer.Option("--db", readable=False, help="SQLite file of the games (created)", metavar="FILE")
    ] = Path("games.sqlite"),
    trust_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trust-proxy",
            help="A reverse proxy's address or network, whose X-Forwarded-For names the client (repeat)",
            metavar="ADDR",
        ),
    ] = None,
) -> None:
    """Serve the word lists and the games over HTTP and a web page.

    The page at / plays both games; /docs describes the API. Ctrl-C stops.
    """
    try:
        from wordlist.server import serve
        from wordlist.server.limits import Limits
    except ImportError as error:  # the server's dependencies are the optional extra
        raise WordlistError(
            f"the server needs FastAPI and uvicorn ({error}): pip install 'wiktionary-wordlist[server]'"
        ) from None
    try:
        limits = Limits(trusted_proxies=tuple(trust_proxy or ()))
    except WordlistError as error:
        raise typer.BadParameter(str(error).removeprefix("limits: "), param_hint="--trust-proxy") from None

    def ready(url: str) -> None:
        err.print(
            f"serving the word lists in {data} and the games in {db} at {url} (Ctrl-C stops)", markup=False
        )

    serve(data, db, host=host, port=port, ready=ready, limits=limits)
