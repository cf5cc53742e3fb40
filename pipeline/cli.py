"""The pipeline's commands of `wordlist`: build, extract, download, synth, why, diff, profiles.

The `wordlist` command is the library's (wordlist.cli: exit codes, error lines, its own
commands); these join it from above, as the entry points of its group `wordlist.commands`
(pyproject.toml), each naming this module's `app`, and are imported only when one is used.
Every command's work is done by an importable function; this module only parses options, draws
progress bars and summaries.

Text that comes from data or from the user (paths, words, messages) is never read as Rich markup.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
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

from wordlist.cli.lists import summary_line
from wordlist.cli.shared import (
    App,
    JsonFlag,
    OutFolderOption,
    examples,
    out_file,
    print_json,
    standard_output,
)
from wordlist.errors import WordlistError
from wordlist.format import Manifest, read_manifest
from wordlist.format.base import check_language
from wordlist.lexicon import DATA_ENV
from wordlist.text import escaped
from wordlist_pipeline.build import (
    DEFAULT_OUTPUT,
    ENTRIES,
    build,
    dumps_by_language,
    list_overrides,
    sample_dumps,
)
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
from wordlist_pipeline.extract import ExtractResult, ExtractStats, check_paths, extract
from wordlist_pipeline.paths import check_output_folder
from wordlist_pipeline.profile import available_profiles, load_profile
from wordlist_pipeline.synth import parse_size, synthetic_dump

app = App()  # the commands the entry points name (a container: `wordlist` is the library's)
out = Console(soft_wrap=True, highlight=False)
err = Console(stderr=True, soft_wrap=True, highlight=False)


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


OverridesOption = Annotated[
    Path | None,
    typer.Option(
        "--overrides",
        readable=False,
        metavar="FILE",
        help="A site's additions and removals (TSV) for every list, in place of the profiles' own",
    ),
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
        typer.Option(
            "--out",
            "-o",
            parser=out_file,
            readable=False,
            metavar="PATH",
            help="Entries table to write (Parquet)",
        ),
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
        "wordlist build --overrides site.tsv              # a site's own additions and removals",
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
    overrides: OverridesOption = None,
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
        if (changed := manifest.overrides) is not None:
            out.print(
                f"  {changed.file}: {changed.added:,} added, {changed.removed:,} removed, "
                f"{changed.unchanged:,} of its {changed.lines:,} lines changed nothing here",
                markup=False,
            )

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
        overrides=overrides,
    )


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
    overrides: OverridesOption = None,
) -> None:
    """Why a page's entries are in a word list or not.

    Reads the entries table in OUT, so run `wordlist build` first; give --overrides as the build
    was given it (the profile's own overrides file otherwise). Two entries of one part of speech
    (two etymologies) are told apart by their first definition. Exit code 1 if the page has no
    entry of the language.
    """
    check_language(lang)
    chosen = load_profile(profile)
    if lang not in chosen.languages:
        raise WordlistError(f"{chosen.path}: profile {chosen.name!r} has no word list for language {lang!r}")
    changes = list_overrides([chosen], overrides).get(lang, {}).get(chosen.name)
    entries_path = out_dir / lang / ENTRIES
    if not entries_path.exists():
        raise WordlistError(f"{entries_path}: missing (run `wordlist build`)")
    from wordlist_pipeline.select import select  # Polars: loaded by the commands that need it
    from wordlist_pipeline.word_lists import read_definitions_of_rows, read_entries

    decisions = select(read_entries(entries_path, lang), chosen, lang, changes).why(word)
    if not decisions:  # a title no page has (or no entry of the language): bad input, as for any command
        raise WordlistError(
            f"{word!r}: no {language_name(lang)} entry in the entries table {entries_path} (no page of "
            f"that title in the dump, or no {language_name(lang)} section on it; a title is written as on "
            "Wiktionary, capitals included)"
        )
    if changes is None:
        _note_built_overrides(out_dir / lang / chosen.name)
    rows = [why.row for why in decisions if why.row is not None]
    definitions = read_definitions_of_rows(entries_path, lang, rows)
    first = [definitions.get(why.row, [None])[0] if why.row is not None else None for why in decisions]
    if as_json:
        entries = [
            {
                "pos": why.pos,
                "entry": number,
                "first_definition": definition,
                "included": why.reason is None,
                "as": why.game if why.reason is None else None,
                "reason": why.reason,
                "override": why.override,
            }
            for number, (why, definition) in enumerate(zip(decisions, first, strict=True), 1)
        ]
        print_json({"title": word, "language": lang, "profile": chosen.name, "entries": entries})
        return
    for why, label in zip(decisions, entry_labels([why.pos for why in decisions], first), strict=True):
        verdict = (
            f"[green]in[/] as {escape(why.game.upper())}"
            if why.reason is None
            else f"[red]left out[/]: {escape(why.reason)}"
        )
        if why.override is not None and why.reason is None:
            verdict += f", {escape(why.override)}"
        elif why.override is not None and why.override != why.reason:
            verdict += f" ({escape(why.override)})"
        out.print(f"{escape(word)} ({escape(label)}): {verdict}")


SHOWN_DEFINITION = 48  # characters of an entry's first definition that tell it from another


def entry_labels(parts: list[str], definitions: list[str | None]) -> list[str]:
    """How `why` names each entry of a page: its part of speech, and where the page has two of it
    (two etymologies of one noun) which one, with the start of its first definition:
    'noun 1 of 2, "A small domesticated carnivorous mammal…"'."""
    labels = []
    for i, (pos, definition) in enumerate(zip(parts, definitions, strict=True)):
        same = parts.count(pos)
        if same == 1:
            labels.append(pos)
            continue
        label = f"{pos} {parts[: i + 1].count(pos)} of {same}"
        if definition:
            cut = (
                definition
                if len(definition) <= SHOWN_DEFINITION
                else definition[: SHOWN_DEFINITION - 1] + "…"
            )
            label += f', "{escaped(cut)}"'
        labels.append(label)
    return labels


def _note_built_overrides(folder: Path) -> None:
    """Say on stderr that the list built in `folder` applied overrides `why` was not given."""
    try:
        record = read_manifest(folder).overrides
    except WordlistError:  # no list built there, or one `why` need not read
        return
    if record is not None:
        err.print(
            f"note: {folder} was built with the overrides {record.file}: "
            "give --overrides FILE to see their changes",
            markup=False,
        )


@app.command(
    "diff",
    epilog=examples(
        "wordlist diff old-outputs outputs                   # every list the two builds share",
        "wordlist diff old/en/balda outputs/en/balda --json",
        "wordlist diff old outputs --lang en --markdown > release-notes.md",
    ),
)
def diff_command(
    old: Annotated[
        Path,
        typer.Argument(readable=False, metavar="OLD", help="The earlier build's outputs, or a list's folder"),
    ],
    new: Annotated[
        Path,
        typer.Argument(readable=False, metavar="NEW", help="The later build's outputs, or a list's folder"),
    ],
    lang: Annotated[
        str | None, typer.Option("--lang", "-l", metavar="LANG", help="Only this language")
    ] = None,
    profile: Annotated[
        str | None,
        typer.Option(
            "--profile",
            "-p",
            metavar="PROFILE",
            help="Only this list; a .toml path also explains the words with it",
        ),
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", min=0, metavar="N", help="Words shown per list of words (0: all)")
    ] = 1000,
    as_json: JsonFlag = False,
    markdown: Annotated[bool, typer.Option("--markdown", help="A release note in Markdown")] = False,
) -> None:
    """What changed between two builds of the word lists.

    Counts, the words added and removed with why (a new page, no longer in the dump, a page
    edited, the rules, the overrides), and the words whose parts of speech or definitions changed.
    """
    if as_json and markdown:
        raise typer.BadParameter("give --json or --markdown, not both", param_hint="--markdown")
    if lang is not None:
        check_language(lang)
    from wordlist_pipeline.diff import diff  # Polars: loaded when used
    from wordlist_pipeline.diff_text import to_markdown, to_text

    path = Path(profile) if profile is not None and (profile.endswith(".toml") or "/" in profile) else None
    name = load_profile(path).name if path is not None else profile
    result = diff(old, new, lang=lang, profile=name, profile_file=path)
    if as_json:
        print_json(result.to_json(limit))
    else:
        standard_output().write(to_markdown(result, limit) if markdown else to_text(result, limit))


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
    "leaves",
    epilog=examples(
        "wordlist leaves outputs/en/wordgame --games 400 --seed 1",
        "wordlist leaves outputs/de/wordgame --games 400 --seed 1",
    ),
)
def leaves_command(
    folder: Annotated[
        Path, typer.Argument(metavar="LIST", readable=False, help="A Wordgame word list's folder")
    ],
    games: Annotated[int, typer.Option("--games", "-n", metavar="N", help="Self-play games")] = 400,
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="Same seed, same bytes")] = 1,
) -> None:
    """Learn a Wordgame list's leave values by self-play.

    They are written as leaves.json beside the list. The bots value a move as its points plus
    the worth of the tiles kept (equity). The list, the number of games and the seed give the
    same bytes; the manifest records the file's checksum.
    """
    from wordlist_pipeline.leaves import learn_leaves  # (imports the games: only for this command)

    path, values = learn_leaves(folder, games, seed)
    best = sorted(values.values.items(), key=lambda item: (-item[1], item[0]))[:5]
    shown = ", ".join(f"{tile} {value / 100:+.2f}" for tile, value in best)
    out.print(
        f"{path}  ({values.learned['samples']:,} leaves from {games:,} games; best: {shown})", markup=False
    )


@app.command("profiles")
def profiles_command() -> None:
    """The shipped selection profiles."""
    for name in available_profiles():
        profile = load_profile(name)
        out.print(
            f"[bold]{escape(name)}[/] ({escape(', '.join(profile.languages))}): "
            f"{escape(profile.description)}  {escape(f'[{profile.path}]')}"
        )
