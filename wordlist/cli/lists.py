"""`wordlist stats` and `wordlist export`: what the built word lists hold, and the lists in other formats.

Both read only what a build wrote (the manifests, the lists through Lexicon), so the library
alone runs them.
"""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from wordlist.atomic import NotAFileError
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
from wordlist.export import FORMATS as EXPORT_FORMATS
from wordlist.export import export_lists
from wordlist.format import MANIFEST_JSON, Counts, Manifest, read_manifest
from wordlist.lexicon import DATA_ENV, DEFAULT_ROOT

app = App()
out = Console(soft_wrap=True, highlight=False)
err = Console(stderr=True, soft_wrap=True, highlight=False)

LangOption = Annotated[str | None, typer.Option("--lang", "-l", metavar="LANG", help="Only this language")]
ProfileOption = Annotated[
    str | None, typer.Option("--profile", "-p", metavar="NAME", help="Only this profile")
]


def summary_line(manifest: Manifest) -> str:
    """ "1,234 unique English words with 2,345 definitions", as word game sites put it."""
    counts = manifest.counts
    return f"{counts.words:,} unique {manifest.language_name} words with {counts.definitions:,} definitions"


def built_manifests(out_dir: Path) -> list[Manifest]:
    """The manifests of every word list under `out_dir` (each checked: an ArtefactError names a bad one)."""
    return [read_manifest(path.parent) for path in sorted(Path(out_dir).glob(f"*/*/{MANIFEST_JSON}"))]


@app.command(
    "stats",
    epilog=examples("wordlist stats", "wordlist stats --lang de --profile balda --json"),
)
def stats_command(
    out_dir: OutFolderOption = DEFAULT_ROOT,
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
        name = escape(f"{manifest.language}/{manifest.profile}")
        out.print(f"[bold]{name}[/]: {escape(summary_line(manifest))}")
        out.print(Text("\n".join(stats_lines(manifest.counts, out.width))))


STATS_INDENT = "  "  # a table row under its list's line
DETAIL_INDENT = "      "  # the parts of speech a row sums, under it
KEEP_TOGETHER = "\N{NO-BREAK SPACE}"  # textwrap breaks lines at ASCII spaces only


def stats_lines(counts: Counts, width: int) -> list[str]:
    """The table of `wordlist stats` for one list, as lines of at most `width` characters (at least
    60): a label and a right-aligned count a row, the parts of speech left out wrapped under theirs
    (a Rich table wrapped that cell at 80 columns back to the line's start)."""
    width = max(width, 60)
    rows: list[tuple[str, int, list[str]]] = [
        (plural_pos(pos), count, [])
        for pos, count in sorted(counts.by_pos.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    rows.append(("entries used", counts.entries_used, []))
    other_pos = [r for r in counts.left_out if r.rule == "part_of_speech"]
    if other_pos:
        detail = [f"{(r.value or '').replace('_', ' ')} {r.count:,}" for r in other_pos]
        rows.append(("left out: other parts of speech", sum(r.count for r in other_pos), detail))
    rows += [
        (f"left out: {r.describe()}", r.count, []) for r in counts.left_out if r.rule != "part_of_speech"
    ]
    numbers = max(len(f"{count:,}") for _, count, _ in rows)
    label_width = min(max(len(label) for label, _, _ in rows), width - len(STATS_INDENT) - numbers - 2)
    detail_width = min(width, max(60, len(STATS_INDENT) + label_width + 2 + numbers))  # the table's
    lines = []
    for label, count, detail in rows:  # a label too long for the line goes on under itself
        first, *more = textwrap.wrap(label, label_width, break_on_hyphens=False) or [""]
        lines.append(f"{STATS_INDENT}{first:<{label_width}}  {count:>{numbers},}")
        lines += [f"{STATS_INDENT}  {part}" for part in more]
        text = ", ".join(item.replace(" ", KEEP_TOGETHER) for item in detail)  # "proper noun 7" whole
        wrapped = textwrap.wrap(
            text, detail_width, initial_indent=DETAIL_INDENT, subsequent_indent=DETAIL_INDENT
        )
        lines += [line.replace(KEEP_TOGETHER, " ") for line in wrapped]
    return lines


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
    """A part of speech as a table row names its words: "nouns", "proper nouns"."""
    return {"proper_noun": "proper nouns", "adverb": "adverbs"}.get(pos, pos.replace("_", " ") + "s")


@app.command(
    "export",
    epilog=examples(
        "wordlist export                       # every built list: outputs/exports/<lang>-<profile>.sqlite",
        "wordlist export --lang en --profile balda --format jsonl --out ~/game/words.jsonl",
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
            parser=out_file,  # (not a Path straight away: "reg/" would be the file "reg")
            readable=False,
            metavar="PATH",
            help="File to write, - for standard output (one list only; default: "
            "DIR/exports/<lang>-<profile>.<format>)",
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
    ] = DEFAULT_ROOT,
) -> None:
    """Export word lists as SQLite or JSON Lines.

    For game engines and other languages: one file per list, deterministic, in the data folder's
    exports/ (a build replaces a list's own folder, never this one).
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
        if result.license_file is not None:
            typer.echo(f"{result.license_file}  (its licence and attribution)")


STDOUT = "-"  # an output path that means standard output


def export_to_stdout(fmt: str, data: Path, lang: str | None, profile: str | None) -> None:
    """`export -o -`: the export on standard output, what was written said on stderr."""
    try:
        stdout = standard_output()
    except WordlistError:  # (started with it closed: `>&-`)
        raise WordlistError("-o -: standard output is closed (give -o a file, or leave out >&-)") from None
    if fmt == "sqlite" and stdout.isatty():
        raise WordlistError("-o -: standard output is a terminal, not a place for a SQLite file (add > FILE)")
    try:
        (result,) = export_lists(fmt, root=data, language=lang, profile=profile, out=stdout.buffer)
    except BrokenPipeError:  # the reader stopped reading (`| head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush at exit
        raise WordlistError("-o -: standard output was closed before the end of the export") from None
    err.print(f"-  ({result.words:,} words, {result.bytes:,} bytes, {result.format})", markup=False)
