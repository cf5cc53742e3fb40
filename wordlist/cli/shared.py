"""What every `wordlist` command shares: plain help, readable usage lines, examples, --json,
commands imported when used (the library's and those other packages add), the folder of lists.

Help is plain text (Typer's rich_markup_mode=None): a help string is printed as written, so a
`[...]` or `{...}` in it is never read as markup and disappears. Usage lines name arguments by
their metavar (`DUMP`, `WORD...`), not Typer's `{dump}`, and options show `PATH`, `LANG`, `N`.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import json
import sys
from importlib import metadata
from pathlib import Path
from typing import Annotated, Any, ClassVar, TextIO

import typer
from typer.core import TyperCommand, TyperGroup
from typer.models import TyperInfo

from wordlist.atomic import file_path
from wordlist.errors import FolderNameError, WordlistError
from wordlist.lexicon import DATA_ENV


class Failure(Exception):
    """`error` ends the command with exit code `code` (the `wordlist` command prints it as one line)."""

    def __init__(self, error: BaseException, code: int) -> None:
        super().__init__(str(error))
        self.error = error
        self.code = code


class Command(TyperCommand):
    """A command whose usage line and help list arguments as `NAME` / `[NAME]` / `NAME...`, and
    whose options without a metavar of their own are shown with their name, as argparse does
    (`--port PORT`), never as `<int>` or `<list[Path]>`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if param.param_type_name == "option" and not param.is_flag and param.metavar is None:
                param.metavar = param.name.upper()

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                name = argument_name(param)
                pieces.append(name if param.required else f"[{name}]")
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        """The help's Arguments (by name) and Options sections."""
        arguments, options = [], []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                arguments.append((argument_name(param), param.help or ""))
            else:
                options.append(record)
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


def argument_name(param: Any) -> str:
    """An argument as usage lines show it: `WORD`, `WORD...` when it takes several."""
    name = param.metavar or param.name.upper()
    return f"{name}..." if param.nargs != 1 else name


class LazyGroup(TyperGroup):
    """A group whose commands are imported when used (their command, its help, the group's help,
    completion): `wordlist build` does not load the games behind `wordlist play`, and `wordlist
    query` not the pipeline. They are named by where they are defined ("module:attribute", a Typer
    app) in `lazy` ({name: "module:attribute"}), and by the entry points of the group `plugins`
    (name = "module:attribute"), with which another package adds its commands from above. A
    command NAME is the app's command of that name, else the whole app as a group (as `add_typer`
    makes it). A plug-in whose own package cannot be imported (the library installed without the
    pipeline) is absent; a name this group has is never a plug-in's. The help lists the plug-ins
    first: the data flows from them (`wordlist build`) to the library's commands."""

    lazy: ClassVar[dict[str, str]] = {}
    plugins: ClassVar[str | None] = None

    def list_commands(self, ctx: Any) -> list[str]:
        """The names of the commands, the plug-ins' first, without importing any of them."""
        names = [*super().list_commands(ctx), *(name for name in self.lazy if name not in self.commands)]
        added = plugin_commands(self.plugins)
        return [*(name for name, target in added.items() if name not in names and importable(target)), *names]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The command `cmd_name`, imported the first time it is asked for; None if there is none."""
        if cmd_name not in self.commands:
            command = None
            if cmd_name in self.lazy:
                command = self.load(cmd_name, self.lazy[cmd_name])
            elif cmd_name in (added := plugin_commands(self.plugins)):
                command = self.load(cmd_name, added[cmd_name], plugin=True)
            if command is not None:
                self.commands[cmd_name] = command
        return super().get_command(ctx, cmd_name)

    def load(self, name: str, target: str, plugin: bool = False) -> Any:
        """The click command `name` of the Typer app `target`; None for a plug-in that is not there."""
        module_name, _, attribute = target.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as error:  # only its own package's absence hides a plug-in; else a bug
            missing = error.name or ""
            if plugin and missing and (module_name == missing or module_name.startswith(f"{missing}.")):
                return None
            raise
        sub_app = getattr(module, attribute)
        for info in sub_app.registered_commands:
            if (info.name or typer.main.get_command_name(info.callback.__name__)) == name:
                return typer.main.get_command_from_info(
                    info,
                    pretty_exceptions_short=sub_app.pretty_exceptions_short,
                    rich_markup_mode=self.rich_markup_mode,
                )
        return typer.main.get_group_from_info(
            TyperInfo(sub_app, name=name),
            pretty_exceptions_short=sub_app.pretty_exceptions_short,
            rich_markup_mode=self.rich_markup_mode,
            suggest_commands=self.suggest_commands,
        )


@functools.cache
def plugin_commands(group: str | None) -> dict[str, str]:
    """{name: "module:attribute"} of the entry points of `group` (the first of a name counts)."""
    if group is None:
        return {}
    found: dict[str, str] = {}
    for entry in metadata.entry_points(group=group):
        found.setdefault(entry.name, entry.value)
    return found


def importable(target: str) -> bool:
    """Whether the package of "module:attribute" is there, found without importing it."""
    package = target.partition(":")[0].split(".")[0]
    try:
        return importlib.util.find_spec(package) is not None
    except (ImportError, ValueError):  # a finder that refuses it; a module without a spec
        return False


class App(typer.Typer):
    """A Typer app with plain help whose commands are `Command`s; `lazy` names commands by where
    they are defined ({name: "module:attribute"}) and `plugins` an entry-point group of more,
    imported when used (LazyGroup)."""

    def __init__(
        self, *, lazy: dict[str, str] | None = None, plugins: str | None = None, **settings: Any
    ) -> None:
        context = {"max_content_width": 120, **settings.pop("context_settings", {})}  # wide terminals
        if lazy or plugins:
            settings["cls"] = type("LazyGroup", (LazyGroup,), {"lazy": dict(lazy or {}), "plugins": plugins})
        super().__init__(rich_markup_mode=None, context_settings=context, **settings)

    def command(self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **settings: Any):
        return super().command(name, cls=cls or Command, **settings)


def examples(*lines: str) -> str:
    """A help epilog of example command lines, shown as written (click's \\b stops rewrapping)."""
    return "Examples:\n\n\b\n" + "\n".join(f"  {line}" for line in lines)


JsonFlag = Annotated[
    bool, typer.Option("--json", help="Print the answer as one JSON object (shapes: docs/querying.md)")
]


def standard_output() -> TextIO:
    """sys.stdout, to write a command's answer to; WordlistError if the command was started with
    it closed (`>&-`: Python has no sys.stdout then)."""
    if sys.stdout is None:
        raise WordlistError("standard output is closed: there is nowhere to write the answer")
    return sys.stdout


def out_file(text: str) -> Path:
    """The parser of an option that names a file to write: its Path, or a usage error if it ends
    with a separator (a Path would drop it, and "reg/" would write the file "reg")."""
    try:
        return file_path(text)
    except FolderNameError as error:
        raise typer.BadParameter(str(error)) from None


def print_json(data: Any) -> None:
    """`data` as one line of JSON on stdout (UTF-8, not ASCII-escaped)."""
    stdout = standard_output()
    stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    stdout.flush()


# The folder of built word lists, as `stats` and the pipeline's `build` take it
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
