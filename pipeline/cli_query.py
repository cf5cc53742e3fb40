"""`wordlist query ...`: the Lexicon API from the command line.

Commands whose answer can be the whole list (words, match, anagrams) print at most --limit
lines (1,000 by default; 0 for all) and then say on stderr how many were left out. Words,
patterns and definitions are printed as they are: the console never reads them as Rich markup (a
German definition starts with "[1]"; a pattern may hold brackets).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from wordlist.errors import WordlistError
from wordlist.lexicon import Lexicon
from wordlist_pipeline.profile import LANGUAGE, NAME

app = typer.Typer(
    help="Ask a built word list: words, patterns, anagrams, random words, definitions.", no_args_is_help=True
)
out = Console(highlight=False, soft_wrap=True, markup=False)
err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False)
DEFAULT_LIMIT = 1000

PosOption = Annotated[
    list[str] | None,
    typer.Option("--pos", help="Parts of speech, e.g. noun or noun,verb (repeatable; default: any)"),
]
LimitOption = Annotated[
    int, typer.Option("--limit", min=0, help=f"Print at most this many (default {DEFAULT_LIMIT}; 0: all)")
]


def print_capped(words: list[str], limit: int, what: str = "words") -> None:
    """Print `words` one a line, at most `limit` (0: all), and say how many were not printed."""
    shown = words if not limit else words[:limit]
    if shown:
        typer.echo("\n".join(shown))  # plain text: a word is never read as markup
    if len(shown) < len(words):
        err.print(f"... {len(words) - len(shown):,} more {what} of {len(words):,} (--limit N, or 0 for all)")


@app.callback()
def choose(
    ctx: typer.Context,
    lang: Annotated[str, typer.Option("--lang", "-l", help="Language of the word list")] = "en",
    profile: Annotated[str, typer.Option("--profile", "-p", help="Profile of the word list")] = "balda",
    data: Annotated[
        Path | None, typer.Option("--data", readable=False, help="Folder of built lists (default: outputs)")
    ] = None,
) -> None:
    """Choose the word list (language and profile) to ask."""
    ctx.obj = (lang, profile, data)


def lexicon(ctx: typer.Context) -> Lexicon:
    lang, profile, data = ctx.obj
    if not LANGUAGE.fullmatch(lang):
        raise WordlistError(f"--lang {lang!r}: not a language code like en or de")
    if not NAME.fullmatch(profile):
        raise WordlistError(f"--profile {profile!r}: not the name of a word list, like balda")
    return Lexicon.open(lang, profile, data)


def parts(pos: list[str] | None) -> list[str] | None:
    if not pos:
        return None
    return [p for item in pos for p in item.replace(",", " ").split()]


def checked(function, *args, **kwargs):
    """Run a Lexicon query; its ValueErrors (bad pattern letters, unknown part of speech) become errors."""
    try:
        return function(*args, **kwargs)
    except (ValueError, LookupError) as error:
        raise WordlistError(str(error)) from None


@app.command("check")
def check(ctx: typer.Context, words: list[str], pos: PosOption = None) -> None:
    """Is each WORD in the list? Exit code 1 if any is not."""
    found_all = True
    lex = lexicon(ctx)
    for word in words:
        if checked(lex.is_word, word, pos=parts(pos)):
            out.print(f"{lex.display(lex.normalize(word))}: yes ({', '.join(lex.parts_of_speech(word))})")
        else:
            found_all = False
            also = lex.parts_of_speech(word)
            hint = f" (only as {', '.join(also)})" if also else ""
            out.print(f"{lex.display(lex.normalize(word))}: no{hint}")
    if not found_all:
        raise typer.Exit(1)


@app.command("words")
def words(
    ctx: typer.Context,
    pos: PosOption = None,
    length: Annotated[int | None, typer.Option("--length", "-n", help="Number of letters")] = None,
    prefix: Annotated[str, typer.Option("--prefix", help="Starting letters")] = "",
    limit: LimitOption = DEFAULT_LIMIT,
) -> None:
    """List words, by part of speech, length and prefix."""
    print_capped(checked(lexicon(ctx).words, pos=parts(pos), length=length, prefix=prefix), limit)


@app.command("count")
def count(
    ctx: typer.Context,
    pos: PosOption = None,
    length: Annotated[int | None, typer.Option("--length", "-n", help="Number of letters")] = None,
) -> None:
    """Count words, by part of speech and length."""
    out.print(f"{checked(lexicon(ctx).count, pos=parts(pos), length=length):,}")


@app.command("match")
def match(
    ctx: typer.Context, pattern: str, pos: PosOption = None, limit: LimitOption = DEFAULT_LIMIT
) -> None:
    """Words matching PATTERN: ? is one letter, * any letters (quote it in the shell: 'a??le')."""
    print_capped(checked(lexicon(ctx).match, pattern, pos=parts(pos)), limit)


@app.command("anagrams")
def anagrams(
    ctx: typer.Context,
    rack: str,
    pos: PosOption = None,
    use_all: Annotated[bool, typer.Option("--all", help="Only words using every tile")] = False,
    min_length: Annotated[int, typer.Option("--min-length", help="Shortest word")] = 2,
    limit: LimitOption = DEFAULT_LIMIT,
) -> None:
    """Words that can be made from the letters of RACK (? is a blank), longest first."""
    lex = lexicon(ctx)
    print_capped(checked(lex.anagrams, rack, pos=parts(pos), use_all=use_all, min_length=min_length), limit)


@app.command("random")
def random_word(
    ctx: typer.Context,
    length: int,
    pos: PosOption = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Same seed, same word")] = None,
) -> None:
    """A random word of LENGTH letters (default: a noun)."""
    lex = lexicon(ctx)
    wanted = parts(pos) or ["noun"]
    try:
        word = lex.random_word(length, pos=wanted, seed=seed)
    except LookupError:  # say what was asked for, in words (the library's message names the object)
        language = lex.language_name
        raise WordlistError(
            f"no {' or '.join(wanted)} of {length} letters in the {language} {lex.profile} word list "
            f"({lex.path})"
        ) from None
    except ValueError as error:
        raise WordlistError(str(error)) from None
    out.print(word)


@app.command("define")
def define(ctx: typer.Context, word: str, pos: PosOption = None) -> None:
    """The definitions of WORD."""
    lex = lexicon(ctx)
    definitions = checked(lex.definitions, word, pos=parts(pos))
    if not definitions:
        out.print(f"{lex.display(lex.normalize(word))}: not in the list")
        raise typer.Exit(1)
    out.print(f"{lex.display(lex.normalize(word))} ({', '.join(lex.titles(word))})")
    for i, definition in enumerate(definitions, 1):
        out.print(f"  {i}. {definition}")
