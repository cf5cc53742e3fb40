"""What every `wordlist` command shares: plain help, readable usage lines, examples, --json.

Help is plain text (Typer's rich_markup_mode=None): a help string is printed as written, so a
`[...]` or `{...}` in it is never read as markup and disappears. Usage lines name arguments by
their metavar (`DUMP`, `WORD...`), not Typer's `{dump}`, and options show `PATH`, `LANG`, `N`.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Annotated, Any, ClassVar

import typer
from typer.core import TyperCommand, TyperGroup
from typer.models import TyperInfo


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
    name = param.metavar or param.name.upper()
    return f"{name}..." if param.nargs != 1 else name


class LazyGroup(TyperGroup):
    """A group whose sub-apps in `lazy` ({name: "module:attribute"}) are imported only when used
    (their command, its help, the group's help, completion): `wordlist build` does not load the
    games behind `wordlist play`. The sub-app's group is made as `add_typer` would make it."""

    lazy: ClassVar[dict[str, str]] = {}

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *(name for name in self.lazy if name not in self.commands)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            module, _, attribute = self.lazy[cmd_name].partition(":")
            sub_app = getattr(importlib.import_module(module), attribute)
            self.commands[cmd_name] = typer.main.get_group_from_info(
                TyperInfo(sub_app, name=cmd_name),
                pretty_exceptions_short=sub_app.pretty_exceptions_short,
                rich_markup_mode=self.rich_markup_mode,
                suggest_commands=self.suggest_commands,
            )
        return super().get_command(ctx, cmd_name)


class App(typer.Typer):
    """A Typer app with plain help whose commands are `Command`s; `lazy` names sub-apps by where
    they are defined ({name: "module:attribute"}), imported when used (LazyGroup)."""

    def __init__(self, *, lazy: dict[str, str] | None = None, **settings: Any) -> None:
        context = {"max_content_width": 120, **settings.pop("context_settings", {})}  # wide terminals
        if lazy:
            settings["cls"] = type("LazyGroup", (LazyGroup,), {"lazy": dict(lazy)})
        super().__init__(rich_markup_mode=None, context_settings=context, **settings)

    def command(self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **settings: Any):
        return super().command(name, cls=cls or Command, **settings)


def examples(*lines: str) -> str:
    """A help epilog of example command lines, shown as written (click's \\b stops rewrapping)."""
    return "Examples:\n\n\b\n" + "\n".join(f"  {line}" for line in lines)


JsonFlag = Annotated[
    bool, typer.Option("--json", help="Print the answer as one JSON object (shapes: README, Scripting)")
]


def print_json(data: Any) -> None:
    """`data` as one line of JSON on stdout (UTF-8, not ASCII-escaped)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    sys.stdout.flush()
