"""The `wordlist` command: the library's commands, and those other packages add from above.

The library's own commands are in this package (query, play, export, stats, serve); the
pipeline adds build, extract, download, synth, why and profiles as the entry points of the group
`wordlist.commands` (pyproject.toml). Each is imported when it is used (LazyGroup), so that
`wordlist query` never imports the pipeline, and without the pipeline its commands are absent.

run() is the one place where a failure becomes what the user sees: one line on stderr naming the
file (or option) and what is wrong, and the exit code:

- 0 done; 1 an error (bad input); 2 a usage error (an unknown option, a bad value);
- `query` answers a question, as grep does: 0 yes, 1 no, 2 an error of either kind;
- 128 + the signal's number when SIGTERM or SIGHUP stopped the run, 130 for Ctrl-C.

Text that comes from data or from the user (paths, words, messages) is never read as Rich markup,
and the error line shows its control and format characters escaped (ESC as \\x1b): never run.
"""

from __future__ import annotations

import gc
import os
import sys
import traceback
from importlib import metadata
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

import wordlist
from wordlist import interrupt
from wordlist.cli.shared import App, Failure, examples
from wordlist.errors import WordlistError
from wordlist.os_errors import describe_os_error
from wordlist.text import escaped

COMMANDS = "wordlist.commands"  # the entry-point group of the commands other packages add

app = App(
    name="wordlist",
    lazy={
        "stats": "wordlist.cli.lists:app",
        "export": "wordlist.cli.lists:app",
        "serve": "wordlist.cli.serve:app",
        "query": "wordlist.cli.query:app",
        "play": "wordlist.cli.play:app",
    },
    plugins=COMMANDS,
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
err = Console(stderr=True, soft_wrap=True, highlight=False)


DISTRIBUTION = "wiktionary-wordlist"


def distribution_version() -> str:
    """The installed distribution's version (the library's own when run from an uninstalled tree)."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return wordlist.__version__


def show_version(value: bool) -> None:
    """--version: print the distribution's version and end the command."""
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
    """Print `message` as one line on stderr (never as markup, its control and format characters
    escaped: a message quotes files and input); returns the exit code `code`."""
    line = escaped(" ".join(message.split()))
    err.print(Text.assemble(("error: ", "bold red"), line), highlight=False, soft_wrap=True)
    return code
