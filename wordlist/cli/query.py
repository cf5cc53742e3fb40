"""`wordlist query ...`: the Lexicon API from the command line.

Every query is a question, and its exit code answers it the way grep does, so that a script can
branch on it: 0 yes (every word is in, something was found), 1 no (a word is not in, nothing was
found), 2 the question could not be answered (bad input or a usage error; one line on stderr).
`--json` prints the answer as one JSON object (shapes in docs/querying.md, "Scripting").

Commands whose answer can be the whole list (words, match, anagrams) print at most --limit
words (1,000 by default; 0 for all) and then say on stderr how many were left out. Words,
patterns and definitions are printed as they are: the console never reads them as Rich markup (a
German definition starts with "[1]"; a pattern may hold brackets), and what they hold of control,
format or invisible characters is shown escaped (`wordlist.text.escaped`: ESC as \\x1b), so a
word list cannot write to the terminal.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console

from wordlist.cli.shared import App, Failure, JsonFlag, examples, print_json
from wordlist.errors import WordlistError
from wordlist.format.base import LIST_NAME, check_language
from wordlist.lexicon import Lexicon
from wordlist.text import escaped

app = App(
    help="Ask a word list: words, patterns, anagrams, definitions.\n\n"
    "Exit code 0: yes (found); 1: no (a word not in, nothing found); 2: an error.",
    no_args_is_help=True,
    epilog=examples(
        "wordlist query check EMAIL paris          # exit code 1: PARIS is not in",
        "wordlist query -l de define bauen",
        "wordlist query -p wordgame anagrams tsera --all --json",
    ),
)
out = Console(highlight=False, soft_wrap=True, markup=False)
err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False)
DEFAULT_LIMIT = 1000
ERROR = 2  # a question that could not be answered (1 is the answer "no")

PosOption = Annotated[
    list[str] | None,
    typer.Option(
        "--pos", metavar="POS", help="Parts of speech, e.g. noun or noun,verb (repeatable; default: any)"
    ),
]
LimitOption = Annotated[
    int,
    typer.Option(
        "--limit", min=0, metavar="N", help=f"Print at most N words (default {DEFAULT_LIMIT}; 0: all)"
    ),
]
LengthOption = Annotated[int | None, typer.Option("--length", "-n", metavar="N", help="Number of letters")]

P = ParamSpec("P")
R = TypeVar("R")


def question(command: Callable[P, R]) -> Callable[P, R]:
    """A query command: any failure is an error of exit code 2, since 1 means "no"."""

    @functools.wraps(command)
    def asked(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except (WordlistError, OSError, MemoryError) as error:
            raise Failure(error, ERROR) from error

    return asked


def answer(yes: bool) -> None:
    """End a query with its answer as the exit code (0 yes, 1 no)."""
    if not yes:
        raise typer.Exit(1)


def print_capped(words: list[str], limit: int, as_json: bool, what: str = "words") -> None:
    """Print `words` one a line, at most `limit` (0: all), and say how many were not printed."""
    shown = words if not limit else words[:limit]
    if as_json:
        print_json({"words": shown, "total": len(words)})
    elif shown:
        typer.echo("\n".join(map(escaped, shown)))  # plain text: a word is never read as markup
    if not as_json and len(shown) < len(words):
        err.print(f"... {len(words) - len(shown):,} more {what} of {len(words):,} (--limit N, or 0 for all)")
    elif not as_json and not words:
        err.print(f"no {what}")
    answer(bool(words))


@app.callback()
def choose(
    ctx: typer.Context,
    lang: Annotated[
        str, typer.Option("--lang", "-l", metavar="LANG", help="Language of the word list")
    ] = "en",
    profile: Annotated[
        str, typer.Option("--profile", "-p", metavar="NAME", help="Profile of the word list")
    ] = "balda",
    data: Annotated[
        Path | None,
        typer.Option(
            "--data",
            readable=False,
            metavar="DIR",
            help="Folder of built lists (default: $WORDLIST_DATA, else outputs)",
        ),
    ] = None,
) -> None:
    """Choose the word list (language and profile) to ask."""
    ctx.obj = (lang, profile, data)


def lexicon(ctx: typer.Context) -> Lexicon:
    """The word list the group's options chose (--lang and --profile checked: they name a folder)."""
    lang, profile, data = ctx.obj
    check_language(lang)
    if not LIST_NAME.fullmatch(profile):
        raise WordlistError(f"--profile {profile!r}: not the name of a word list, like balda")
    return Lexicon.open(lang, profile, data)


def parts(pos: list[str] | None) -> list[str] | None:
    """The parts of speech of the --pos options ("noun,verb" or repeated); None for any."""
    if not pos:
        return None
    return [p for item in pos for p in item.replace(",", " ").split()]


def checked(function: Callable[..., R], *args: Any, **kwargs: Any) -> R:
    """Run a Lexicon query; its ValueErrors (bad pattern letters, unknown part of speech) become errors."""
    try:
        return function(*args, **kwargs)
    except (ValueError, LookupError) as error:
        raise WordlistError(str(error)) from None


@app.command(
    "check", epilog=examples("wordlist query check EMAIL paris", "wordlist query check run --pos adverb")
)
@question
def check(
    ctx: typer.Context,
    words: Annotated[list[str], typer.Argument(metavar="WORD", help="Words as a player types them")],
    pos: PosOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Is each WORD in the list?

    Exit code 0 if every one is (as one of --pos, when given), 1 if one is not.
    """
    lex = lexicon(ctx)
    answers = []
    for word in words:
        found = checked(lex.is_word, word, pos=parts(pos))
        answers.append((word, lex.normalize(word), found, lex.parts_of_speech(word)))
    if as_json:
        print_json(
            {
                "words": [
                    {"word": word, "normalized": key, "found": found, "pos": list(has)}
                    for word, key, found, has in answers
                ]
            }
        )
    else:
        for _, key, found, has in answers:
            shown = escaped(lex.display(key))
            if found:
                out.print(f"{shown}: yes ({', '.join(has)})")
            else:
                out.print(f"{shown}: no" + (f" (only as {', '.join(has)})" if has else ""))
    answer(all(found for _, _, found, _ in answers))


@app.command("words", epilog=examples("wordlist query words --pos noun --length 9"))
@question
def words(
    ctx: typer.Context,
    pos: PosOption = None,
    length: LengthOption = None,
    prefix: Annotated[str, typer.Option("--prefix", metavar="LETTERS", help="Starting letters")] = "",
    limit: LimitOption = DEFAULT_LIMIT,
    as_json: JsonFlag = False,
) -> None:
    """List words, by part of speech, length and prefix."""
    found = checked(lexicon(ctx).words, pos=parts(pos), length=length, prefix=prefix)
    print_capped(found, limit, as_json)


@app.command("count", epilog=examples("wordlist query -p wordgame count --pos verb"))
@question
def count(
    ctx: typer.Context, pos: PosOption = None, length: LengthOption = None, as_json: JsonFlag = False
) -> None:
    """Count words, by part of speech and length.

    Exit code 0, whatever the count.
    """
    number = checked(lexicon(ctx).count, pos=parts(pos), length=length)
    if as_json:
        print_json({"count": number})
    else:
        out.print(f"{number:,}")


@app.command(
    "match", epilog=examples("wordlist query match 'a??le'", "wordlist query match '*ing' --limit 10")
)
@question
def match(
    ctx: typer.Context,
    pattern: Annotated[str, typer.Argument(metavar="PATTERN", help="? one letter, * any letters")],
    pos: PosOption = None,
    limit: LimitOption = DEFAULT_LIMIT,
    as_json: JsonFlag = False,
) -> None:
    """Words matching PATTERN.

    ? is one letter, * any letters (quote the pattern in the shell: 'a??le').
    """
    print_capped(checked(lexicon(ctx).match, pattern, pos=parts(pos)), limit, as_json)


@app.command(
    "anagrams", epilog=examples("wordlist query anagrams tsera --all", "wordlist query anagrams 'tser?'")
)
@question
def anagrams(
    ctx: typer.Context,
    rack: Annotated[str, typer.Argument(metavar="RACK", help="Letters; ? or * is a blank")],
    pos: PosOption = None,
    use_all: Annotated[bool, typer.Option("--all", help="Only words using every tile")] = False,
    min_length: Annotated[int, typer.Option("--min-length", metavar="N", help="Shortest word")] = 2,
    limit: LimitOption = DEFAULT_LIMIT,
    as_json: JsonFlag = False,
) -> None:
    """Words made from the letters of RACK.

    ? or * is a blank; the longest words first.
    """
    lex = lexicon(ctx)
    found = checked(lex.anagrams, rack, pos=parts(pos), use_all=use_all, min_length=min_length)
    print_capped(found, limit, as_json)


@app.command(
    "random", epilog=examples("wordlist query random 5 --seed 7", "wordlist query random 6 --pos verb")
)
@question
def random_word(
    ctx: typer.Context,
    length: Annotated[int, typer.Argument(metavar="LENGTH", help="Number of letters")],
    pos: PosOption = None,
    seed: Annotated[int | None, typer.Option("--seed", metavar="N", help="Same seed, same word")] = None,
    as_json: JsonFlag = False,
) -> None:
    """A random word of LENGTH letters.

    A noun unless --pos says otherwise; exit code 1 if the list has no such word.
    """
    lex = lexicon(ctx)
    wanted = parts(pos) or ["noun"]
    try:
        word: str | None = lex.random_word(length, pos=wanted, seed=seed)
    except LookupError:  # the answer "none": said in words (the library's message names the object)
        word = None
    except ValueError as error:
        raise WordlistError(str(error)) from None
    if as_json:
        print_json({"word": word})
    elif word is None:
        err.print(
            f"no {' or '.join(wanted)} of {length} letters in the {lex.language_name} {lex.profile} word "
            f"list ({lex.path})"
        )
    else:
        out.print(escaped(word))
    answer(word is not None)


@app.command("define", epilog=examples("wordlist query -l de define bauen"))
@question
def define(
    ctx: typer.Context,
    word: Annotated[str, typer.Argument(metavar="WORD", help="A word as a player types it")],
    pos: PosOption = None,
    as_json: JsonFlag = False,
) -> None:
    """The definitions of WORD, by part of speech.

    Each part of speech is a heading over its definitions, in page order. Exit code 1 if it is
    not in the list.
    """
    lex = lexicon(ctx)
    definitions = checked(lex.definitions, word, pos=parts(pos))
    key = lex.normalize(word)
    groups = by_part_of_speech(lex, word, definitions, parts(pos))
    if as_json:
        print_json(
            {
                "word": word,
                "normalized": key,
                "pos": list(lex.parts_of_speech(word)) if definitions else [],
                "titles": lex.titles(word) if definitions else [],
                "definitions": definitions,
                "by_pos": groups,
            }
        )
    elif not definitions:
        out.print(f"{escaped(lex.display(key))}: not in the list")
    else:
        out.print(escaped(f"{lex.display(key)} ({', '.join(lex.titles(word))})"))
        for part, texts in groups.items():
            out.print(f"  {part.replace('_', ' ')}")
            for i, definition in enumerate(texts, 1):
                out.print(f"    {i}. {escaped(definition)}")
    answer(bool(definitions))


def by_part_of_speech(
    lex: Lexicon, word: str, definitions: list[str], wanted: list[str] | None
) -> dict[str, list[str]]:
    """The definitions of `word` by part of speech ({pos: texts}), the parts in the order of their
    first definition on the page (as `definitions`, of the parts `wanted` or all, lists them)."""
    groups = {
        part: lex.definitions(word, pos=part)
        for part in lex.parts_of_speech(word)
        if wanted is None or part in wanted
    }
    position = {text: i for i, text in enumerate(definitions)}  # (the texts are without repeats)
    order = sorted(
        (part for part in groups if groups[part]), key=lambda part: position.get(groups[part][0], 0)
    )
    return {part: groups[part] for part in order}
