"""`wordlist serve`: the word lists and the games over HTTP and a web page (the `server` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from wordlist.cli.shared import App
from wordlist.errors import WordlistError
from wordlist.lexicon import DATA_ENV, DEFAULT_ROOT

app = App()
err = Console(stderr=True, soft_wrap=True, highlight=False)


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
    ] = DEFAULT_ROOT,
    db: Annotated[
        str,
        typer.Option(
            "--db",
            help="The games' database: an SQLite file (created), or a postgresql://user:password@host/db URL",
            metavar="DATABASE",
        ),
    ] = "games.sqlite",
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            max=64,
            help="Server processes sharing the port [default: one per core]",
            metavar="N",
            show_default=False,
        ),
    ] = None,
    access_log: Annotated[bool, typer.Option("--access-log", help="Log every request")] = False,
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
        from wordlist.server.pgstore import public_url
        from wordlist.server.workers import default_workers
    except ImportError as error:  # the server's dependencies are the optional extra
        raise WordlistError(
            f"the server needs FastAPI and uvicorn ({error}): pip install 'wiktionary-wordlist[server]'"
        ) from None
    try:
        limits = Limits(trusted_proxies=tuple(trust_proxy or ()))
    except WordlistError as error:
        raise typer.BadParameter(str(error).removeprefix("limits: "), param_hint="--trust-proxy") from None

    processes = workers or default_workers()

    def ready(url: str) -> None:
        games = public_url(db) + (f" with {processes} workers" if processes > 1 else "")
        err.print(
            f"serving the word lists in {data} and the games in {games} at {url} (Ctrl-C stops)",
            markup=False,
        )

    serve(
        data, db, host=host, port=port, ready=ready, limits=limits, workers=processes, access_log=access_log
    )
