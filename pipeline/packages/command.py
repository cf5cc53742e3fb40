"""`wordlist package`: the pipeline's command that makes the data packages (entry point in
`wordlist.commands`, like build and extract); the work is `wordlist_pipeline.packages.package`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from wordlist.cli.shared import App, examples
from wordlist.errors import WordlistError
from wordlist.format.base import check_language
from wordlist.locations import DATA_ENV
from wordlist_pipeline.build import DEFAULT_OUTPUT
from wordlist_pipeline.packages import FORMATS, package
from wordlist_pipeline.packages.plan import check_version

app = App()
DEFAULT_DIST = Path("dist")


@app.command(
    "package",
    epilog=examples(
        "wordlist package                         # every language's lists in outputs/ -> dist/",
        "wordlist package --lang en --format wheel --out /srv/releases",
        "wordlist package --version 1.0.0          # lists of a dump whose name has no date",
    ),
)
def package_command(
    data: Annotated[
        Path,
        typer.Option(
            "--data", readable=False, metavar="DIR", envvar=DATA_ENV, help="Folder of built word lists"
        ),
    ] = DEFAULT_OUTPUT,
    out_dir: Annotated[
        Path, typer.Option("--out", "-o", readable=False, metavar="DIR", help="Folder to write into")
    ] = DEFAULT_DIST,
    langs: Annotated[
        list[str] | None,
        typer.Option("--lang", "-l", metavar="LANG", help="Only this language (repeatable; default: all)"),
    ] = None,
    formats: Annotated[
        list[str] | None,
        typer.Option(
            "--format", "-f", metavar="FORMAT", help=f"{', '.join(FORMATS)} (repeatable; default: all)"
        ),
    ] = None,
    version: Annotated[
        str | None,
        typer.Option("--version", metavar="VERSION", help="The packages' version (default: the dump's date)"),
    ] = None,
) -> None:
    """Package word lists: a wheel, an npm package, a zip per language.

    Each is versioned by the dump's date (20261101 -> 2026.11.1), carries the data's licence, and
    is the same bytes for the same lists.
    """
    for name in formats or []:
        if name not in FORMATS:
            raise typer.BadParameter(f"{name!r} is not one of: {', '.join(FORMATS)}", param_hint="--format")
    if version is not None:
        try:
            check_version(version)
        except WordlistError as error:
            reason = str(error).removeprefix(f"--version {version!r}: ")
            raise typer.BadParameter(reason, param_hint="--version") from None
    for lang in langs or []:
        check_language(lang)
    for path in package(data, out_dir, languages=langs, formats=formats, version=version):
        typer.echo(f"{path}  ({path.stat().st_size:,} bytes)")
