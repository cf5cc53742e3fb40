"""The server: `create_app(data_root, database)` gives the ASGI application, `serve(...)` runs it.

    from wordlist.server import create_app
    app = create_app("outputs", "games.sqlite")      # any ASGI server runs it; `wordlist serve` uses uvicorn
    app = create_app("outputs", "postgresql://wordlist@db.example/wordlist")   # the postgres extra

Routes: /api/lists/... (the word lists and their queries), /api/games/... (the games), / (the
web page), /js/ (the JavaScript lexicon reader), /openapi.json and /docs (the API described, in
Swagger UI served from the fastapi-offline package: no CDN, so it works offline too).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import fastapi_offline
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wordlist.errors import (
    ArgumentError,
    ArgumentTypeError,
    ListChanged,
    StoreBusy,
    StoreError,
    StoreFull,
    UnknownList,
    WordlistError,
)
from wordlist.server import lists, play
from wordlist.server.budgets import Budgets
from wordlist.server.catalog import Catalog
from wordlist.server.errors import ApiError, lists_changed, not_found
from wordlist.server.games import Games
from wordlist.server.heap import serving_heap
from wordlist.server.lean import LeanApp, json_answer
from wordlist.server.limits import BodyLimit, Changes, Limits, Searches
from wordlist.server.live import LIVE_GAMES
from wordlist.server.protocol import http_protocol
from wordlist.server.records import GameTable, open_store

log = logging.getLogger("wordlist.server")

STATIC = Path(__file__).parent / "static"
# The JavaScript reader the page checks words with: a copy of js/src that every build and install
# makes (setup.py), so that the package holds no link out of itself.
READER = STATIC / "js"

# The page loads only its own files; nothing inline, no other site.
# 'wasm-unsafe-eval': the bot's WebAssembly core (offline play) compiles in the page's worker
PAGE_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
# /docs: Swagger UI's files as the fastapi-offline package ships them (FastAPI's own /docs loads
# them from a CDN, and its page starts them with an inline script, which the policy refuses)
SWAGGER_UI = Path(fastapi_offline.__file__).parent / "static"
DOCS_PAGE = """<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>wordlist: the HTTP API</title>
    <link rel="icon" href="/icon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api-docs.js"></script>
  </body>
</html>
"""


def create_app(
    data_root: str | os.PathLike | None,
    database: str | os.PathLike,
    *,
    live_games: int = LIVE_GAMES,
    limits: Limits | None = None,
) -> FastAPI:
    """The application over the word lists under `data_root` (see `wordlist.lexicon.data_root`)
    and the games in `database`: an SQLite file (created if missing) or a postgresql:// URL
    (`open_store`), bounded by `limits` (those on connections are `serve`'s). WordlistError
    names what is wrong with either. Run it with its lifespan (any ASGI server does; so does
    `with TestClient(app)`): a PostgreSQL store opens its connections then."""
    if limits is not None and not isinstance(limits, Limits):
        raise ArgumentTypeError(f"limits must be Limits or None, not {type(limits).__name__}")
    if not isinstance(live_games, int) or isinstance(live_games, bool) or live_games < 0:
        raise ArgumentError(f"live_games must be a whole number, 0 or more, not {live_games!r:.40}")
    limits = limits or Limits()
    _check_reader()
    catalog = Catalog(data_root)
    if not len(catalog):
        raise WordlistError(f"{catalog.root}: no word lists to serve (build them with `wordlist build`)")
    store = open_store(database, max_bytes=limits.database_bytes)
    # other processes' changes: announced by the database (PostgreSQL), or by the workers to each
    # other (wordlist.server.workers); the waiters' own look at the store is for a word lost
    changes = Changes(poll=limits.long_poll_check)
    if store.shared:  # the database tells this process of the games its requests wait on
        changes.subscribe = store.listen

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            await store.start()
            watching = asyncio.create_task(store.watch(changes.wake, reconnected=changes.wake_all))
        except BaseException:
            store.close()
            raise
        try:
            yield
        finally:
            watching.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watching
            await store.stop()
            store.close()

    app = LeanApp(
        lifespan=lifespan,
        title="wordlist",
        summary="Game word lists from Wiktionary, and the games Balda and Wordgame, over HTTP",
        description=(
            'Errors are JSON: `{"code", "message", ...}`; an illegal move\'s `code` is the game\'s '
            "rule (`not_a_word`, `not_on_rack`, ...). Send your player token as "
            "`Authorization: Bearer <token>`. Moves carry the `version` they were made on: a stale "
            "one gets 409 with the current version."
        ),
        version=_version(),
        docs_url=None,  # served below, from the package's files
        redoc_url=None,
    )
    app.state.limits = limits
    app.state.budgets = Budgets(limits)
    app.state.catalog = catalog
    app.state.store = store
    app.state.games = Games(catalog, store, live_games=live_games)
    app.state.searches = Searches(limits.search_workers, limits.search_timeout)
    app.state.changes = changes
    app.include_router(lists.router)
    app.include_lean(play.router)
    _errors(app)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(BodyLimit, limit=limits.max_body)
    app.mount("/docs/assets", StaticFiles(directory=SWAGGER_UI), name="swagger-ui")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(DOCS_PAGE, headers={"Content-Security-Policy": PAGE_POLICY})

    app.mount("/js", StaticFiles(directory=READER), name="reader")
    app.mount("/", StaticFiles(directory=STATIC, html=True), name="page")

    return app


def _check_reader() -> None:
    """The page cannot check a word without the reader: a server without it does not start."""
    if not (READER / "index.js").is_file():
        raise WordlistError(
            f"{READER}: missing, the web page's copy of the JavaScript reader; setup.py makes it from "
            "js/src: install the package again (pip install), or run `make build` in a checkout"
        )


def _errors(app: FastAPI) -> None:
    catalog: Catalog = app.state.catalog

    def answer(error: ApiError) -> Response:
        return json_answer(error.body(), error.status, error.headers())

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> Response:
        return answer(error)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> Response:
        problems = [
            {"where": ".".join(str(part) for part in e["loc"]), "message": e["msg"]} for e in error.errors()
        ]
        first = problems[0] if problems else {"where": "request", "message": "invalid"}
        message = f"{first['where']}: {first['message']}"
        return answer(ApiError(422, "invalid_request", message, detail=problems))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return answer(ApiError(error.status_code, code, str(error.detail)))

    @app.exception_handler(UnknownList)  # a list named in a path or a new game's body
    async def unknown_list(request: Request, error: UnknownList) -> Response:
        return answer(not_found("list", str(error)))

    @app.exception_handler(ListChanged)
    async def list_changed(request: Request, error: ListChanged) -> Response:
        return answer(lists_changed(error))

    @app.exception_handler(StoreBusy)
    async def busy(request: Request, error: StoreBusy) -> Response:
        log.warning("%s %s: %s", request.method, request.url.path, error)
        return answer(ApiError(503, "busy", "the server is busy; try again", retry_after=1))

    @app.exception_handler(StoreFull)
    async def full(request: Request, error: StoreFull) -> Response:
        log.error("%s %s: %s", request.method, request.url.path, error)
        message = "the server cannot store more games now (its storage is full); the games it has are kept"
        return answer(ApiError(503, "storage_full", message, retry_after=60))

    @app.exception_handler(StoreError)  # an I/O error, or a database damaged or changed under us
    async def store_error(request: Request, error: StoreError) -> Response:
        log.error("%s %s: %s", request.method, request.url.path, error)
        message = "the games database cannot be used now; the server's log says why"
        return answer(ApiError(500, "store_error", message))

    # Anything else is the server's fault: logged with its detail (a path, a file's damage), and
    # answered without it. A list rebuilt under the server is the usual cause, and has its answer.
    @app.exception_handler(WordlistError)
    async def wordlist_error(request: Request, error: WordlistError) -> Response:
        log.error("%s %s: %s", request.method, request.url.path, error)
        return answer(server_error())

    @app.exception_handler(Exception)  # after the log's traceback, a JSON 500, not plain text
    async def unexpected(request: Request, error: Exception) -> Response:
        return answer(server_error())

    def server_error() -> ApiError:
        changed = catalog.changed()
        if changed:
            return lists_changed(ListChanged(changed))
        return ApiError(500, "server_error", "the server failed to answer; its log says why")


class SecurityHeaders:
    """ASGI middleware: nosniff on every answer; on the page's files, a content security policy, no
    referrer (the invite link is in the page's URL) and `no-cache`: a browser asks again each time
    (a 304 when unchanged), so a server with a new page never runs next to the old scripts."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        page = not scope["path"].startswith(("/api/", "/docs", "/openapi.json"))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("X-Content-Type-Options", "nosniff")
                if page:
                    headers.setdefault("Content-Security-Policy", PAGE_POLICY)
                    headers.setdefault("Referrer-Policy", "no-referrer")
                    headers.setdefault("Cache-Control", "no-cache")
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("wiktionary-wordlist")
    except PackageNotFoundError:
        return "0"


def serve(
    data_root: str | os.PathLike | None,
    database: str | os.PathLike,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    log_level: str = "info",
    ready: Callable[[str], None] | None = None,
    limits: Limits | None = None,
    workers: int = 1,
    access_log: bool = False,
) -> None:
    """Run the server with uvicorn until Ctrl-C or SIGTERM: in this process, or with `workers` > 1
    in that many processes sharing the port (wordlist.server.workers), each holding its share of
    `limits` (`Limits.share`). The socket is bound here first, so that a port in use is a
    WordlistError naming the address; a worker that cannot start (no lists, a bad database) makes
    `serve` raise its WordlistError, as one process would. `ready(url)` is called once every
    process serves. `limits` bound the clients (`Limits`; its
    defaults if None); `access_log` logs every request (off: it cost more than a move's rules)."""
    from wordlist.server.workers import MAX_WORKERS, Supervisor, WorkerSettings

    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise ArgumentError(f"workers must be a whole number from 1 to {MAX_WORKERS}, not {workers!r:.40}")
    limits = limits or Limits()
    http_protocol(limits)  # WordlistError without httptools: before anything is bound or opened
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as error:
            raise WordlistError(f"{host}:{port}: cannot listen there ({error.strerror or error})") from None
        shown = f"[{host}]" if family == socket.AF_INET6 else host
        url = f"http://{shown}:{port}/"
        if workers > 1:
            _check_reader()  # the rest is checked by each worker (the first to fail says why)
            settings = WorkerSettings(
                None if data_root is None else os.fspath(data_root),
                os.fspath(database),
                limits.share(workers),
                log_level,
                access_log,
            )
            Supervisor(sock, settings, workers).run(lambda: ready(url) if ready is not None else None)
            return
        app = create_app(data_root, database, limits=limits)
    except BaseException:
        sock.close()
        raise
    if ready is not None:
        ready(url)
    try:
        run_uvicorn(app, sock, limits=limits, log_level=log_level, access_log=access_log)
    finally:
        sock.close()
        store: GameTable = app.state.store
        store.close()


def run_uvicorn(
    app: FastAPI,
    sock: socket.socket,
    *,
    limits: Limits,
    log_level: str,
    access_log: bool,
    started: Callable[[object], None] | None = None,
) -> None:
    """uvicorn serving `app` on `sock` with the server's connection bounds, until SIGINT or
    SIGTERM; `started(server)` once it serves (in its event loop). Stopping, it answers the long
    polls at once (uvicorn would wait for them, then cancel them)."""
    import uvicorn

    config = uvicorn.Config(
        app,
        log_level=log_level,
        access_log=access_log,
        http=http_protocol(limits),  # bounds the connections and their requests' heads and times (Limits)
        timeout_keep_alive=limits.keep_alive,
        timeout_graceful_shutdown=5,  # then the long polls still waiting are cut
        # the client is the socket's peer, unless the peer is a proxy the operator trusts
        proxy_headers=bool(limits.trusted_proxies),
        forwarded_allow_ips=list(limits.trusted_proxies) or None,
        server_header=False,
    )

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started and started is not None:
                started(self)

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            app.state.changes.stop()
            await super().shutdown(sockets)

    with serving_heap():  # the collector as a server wants it, while it serves (heap.py)
        Server(config).run(sockets=[sock])
