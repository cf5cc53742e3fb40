"""What bounds a client's cost: every number in `Limits` (one place), and the request body's size,
the searches' threads and time, the long polls' wake-ups. The bounds on connections are in
`wordlist.server.protocol`, the per-client budgets in `wordlist.server.budgets`; both read `Limits`.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, replace
from typing import TypeVar

import anyio
import anyio.to_thread
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wordlist.errors import WordlistError
from wordlist.server.errors import ApiError

T = TypeVar("T")

MAX_BODY = 16 * 1024  # bytes: a Wordgame move of 15 tiles is under 1 KB
MAX_HEAD = 16 * 1024  # bytes of a request line and headers (the page sends no cookies; a few hundred bytes)
LINGER = 2.0  # seconds a refused connection is kept open to drop what the client still sends


@dataclass(frozen=True)
class Limits:
    """What one client, and all of them, may hold or spend, per server (`share` divides them among
    a server's worker processes).

    A client is its address: the socket's peer, or with `trusted_proxies` the address those
    proxies put in X-Forwarded-For; an IPv6 client is its /64 network (what one host is given).
    Budgets are token buckets: `*_burst` requests at once, then `*_per_second`. Past a bound a
    client gets JSON: 429 for its own bounds, 503 for the server's, both with Retry-After.
    """

    max_body: int = MAX_BODY  # bytes of a request body (413)
    max_head: int = MAX_HEAD  # bytes of a request line and headers, however they arrive (431)
    request_timeout: float = 10.0  # seconds from a connection's opening, or a request's first byte,
    # to the end of its body (a slow head gets 408, a slow body has its connection closed)
    keep_alive: float = 20.0  # seconds an idle connection is kept for the player's next move: a
    # new connection costs the server about as much as a move (uvicorn's default, 5 s, ends most
    # while the player thinks); held connections count in `connections`
    connections: int = 1000  # open at once, in all (503)
    connections_per_client: int = 100  # open at once from one client (429); a browser opens 6
    pipelined_requests: int = 8  # read on a connection ahead of their answers; then it is not read
    # until one is answered (no browser pipelines; a client that sends but never reads is bounded)
    long_polls: int = 250  # GET /api/games/{id}?wait= waiting at once, in all: well under
    # `connections`, so that ordinary requests always find room. Past it, the oldest poll of the
    # client holding the most is answered at once to make room (503 to a client holding as many)
    long_polls_per_client: int = 32  # (429, as the three below)
    long_polls_per_game: int = 8
    long_polls_per_seat: int = 4  # a player with a few tabs open
    long_poll_check: float = 1.0  # seconds between a waiting request's own looks at its game: a
    # change is told at once (by this process, the other workers, PostgreSQL's NOTIFY); the look
    # is for a word lost, or a change by a server that cannot tell (another on the same SQLite file)
    search_workers: int = 2  # word searches (patterns, anagrams, listings) running at once
    search_timeout: float = 5.0  # seconds a request waits for its search (503 search_timeout)
    games_burst: int = 20  # POST /api/games
    games_per_second: float = 0.2  # one every 5 s, once the burst is spent
    moves_burst: int = 60  # POST /api/games/{id}/actions and /join, legal or not
    moves_per_second: float = 10.0  # a move with the bot's reply costs a few ms of CPU
    clients_tracked: int = 65_536  # clients each budget remembers; idle ones (full buckets) go first
    retry_after: int = 5  # seconds a refused connection or long poll is told to wait
    database_bytes: int | None = None  # the games database's size at most (None: the disk's);
    # past it a new game gets 503 storage_full, as on a full disk
    trusted_proxies: tuple[str, ...] = ()  # addresses or networks ("10.0.0.0/8") whose
    # X-Forwarded-For is believed; by default no one's: the client is the socket's peer

    def __post_init__(self) -> None:
        object.__setattr__(self, "trusted_proxies", tuple(self.trusted_proxies))
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name in ("database_bytes", "trusted_proxies") or value is None:
                continue
            kind = int if field.type == "int" else int | float  # a count, or seconds and rates
            if isinstance(value, bool) or not isinstance(value, kind) or value <= 0:
                what = "whole number" if kind is int else "number"
                raise WordlistError(f"limits: {field.name} must be a positive {what}, not {value!r}")
        if self.database_bytes is not None and self.database_bytes < 64 * 1024:
            raise WordlistError(f"limits: database_bytes must be 64 KB or more, not {self.database_bytes}")
        if self.long_polls >= self.connections:
            raise WordlistError(
                f"limits: long_polls ({self.long_polls}) must stay under connections ({self.connections}), "
                "or waiting clients could take every connection"
            )
        for proxy in self.trusted_proxies:
            if proxy != "*":
                try:
                    ipaddress.ip_network(proxy, strict=False)
                except ValueError:
                    raise WordlistError(
                        f"limits: trusted proxy {proxy!r} is not an IP address or network"
                    ) from None

    def share(self, workers: int) -> Limits:
        """One worker's share when `workers` processes serve together, each counting on its own:
        every bound on what clients hold or spend (in all, per client, per game, per seat) and
        every rate divided by `workers`, so that the workers' sums stay within these limits
        whichever worker a connection lands on. A count is rounded down but is at least 1 (a
        bound smaller than the number of workers then holds `workers` in all). What bounds one
        connection or request (sizes, times, pipelining) is the same in each."""
        if workers == 1:
            return self
        shared = {name: max(1, getattr(self, name) // workers) for name in _SHARED_COUNTS}
        shared |= {name: getattr(self, name) / workers for name in _SHARED_RATES}
        shared["connections"] = max(shared["connections"], shared["long_polls"] + 1)
        return replace(self, **shared)


# What `Limits.share` divides: the counts of what clients hold or spend, and the rates.
_SHARED_COUNTS = (
    "connections",
    "connections_per_client",
    "long_polls",
    "long_polls_per_client",
    "long_polls_per_game",
    "long_polls_per_seat",
    "search_workers",
    "games_burst",
    "moves_burst",
    "clients_tracked",
)
_SHARED_RATES = ("games_per_second", "moves_per_second")


class BodyLimit:
    """ASGI middleware: a request body over `limit` bytes gets 413, whether its Content-Length says
    so or a chunked body grows past it, before the application reads it whole."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:  # Limits.max_body
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await self._refuse(send)
                return
        seen = 0
        refused = False  # we answered 413: the application's own answer is dropped

        async def limited() -> Message:
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    refused = True
                    await self._refuse(send)
                    return {"type": "http.disconnect"}  # the application stops reading
            return message

        async def unless_refused(message: Message) -> None:
            if not refused:
                await send(message)

        with contextlib.suppress(ClientDisconnect):
            await self.app(scope, limited, unless_refused)

    async def _refuse(self, send: Send) -> None:
        error = ApiError(413, "body_too_large", f"the request body is larger than {self.limit} bytes")
        body = _json(error.body())
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _json(data: object) -> bytes:
    return json.dumps(data).encode()


class Searches:
    """Word searches (patterns, anagrams, word listings) run in threads, at most `workers` at once;
    a request waits at most `timeout` seconds for its answer, then gets 503.

    Each search's work is bounded already (the library walks each (node, state) pair of the DAWG
    once; queries are short), so a search the request gave up on still ends soon: it keeps its
    slot until then, so the searches running never exceed `workers`, however many give up.
    """

    def __init__(self, workers: int = 2, timeout: float = 5.0) -> None:
        self.timeout = timeout
        self._slots = threading.BoundedSemaphore(workers)
        self._threads = anyio.CapacityLimiter(max(4, 4 * workers))  # searches waiting for a slot

    async def run(self, search: Callable[[], T], late: str = "narrow it down") -> T:
        """The result of `search`, run in a thread once a slot is free; 503 after `timeout` seconds
        (its message ends with `late`: what to do then)."""
        deadline = time.monotonic() + self.timeout

        def job() -> T:
            if not self._slots.acquire(timeout=max(0.0, deadline - time.monotonic())):
                raise _Late
            try:
                return search()
            finally:
                self._slots.release()

        try:
            with anyio.fail_after(self.timeout):
                return await anyio.to_thread.run_sync(job, abandon_on_cancel=True, limiter=self._threads)
        except (TimeoutError, _Late):
            raise ApiError(
                503, "search_timeout", f"the search did not finish in {self.timeout:g} s; {late}"
            ) from None


class _Late(Exception):
    pass


class Changes:
    """Wakes the requests waiting for a game to change (GET /api/games/{id}?wait=...): those of this
    process at once, those of the server's other processes through `announce` (the workers'
    channel, wordlist.server.workers; with PostgreSQL the database's NOTIFY reaches every process
    of every server that listens to the game, and `wake` hears it). A waiter also looks at the
    store every `poll` seconds, should a word be lost (a worker's channel full, a listener
    reconnecting), or come from a process that cannot tell (another server on the same SQLite file).

    A waiter waits inside `watching(game)`: `subscribe(game, True)` is called when a game gets its
    first waiter in this process and `subscribe(game, False)` when its last one ends, so that the
    workers announce (and PostgreSQL tells) only the games someone waits for. Each game watched
    counts its wake-ups: a wake-up that comes while its waiter is not waiting (it is reading the
    store) is not lost.

    Used on the event loop's thread only (`wake` from elsewhere goes through call_soon_threadsafe)."""

    def __init__(self, poll: float = 1.0, announce: Callable[[str], None] | None = None) -> None:
        self.poll = poll
        self.announce = announce
        self.subscribe: Callable[[str, bool], None] | None = None
        self.stopping = False  # the server is stopping: waiting requests are answered now
        self._watched: dict[str, _Watched] = {}

    def notify(self, game_id: str) -> None:
        """This process changed the game: wake every request waiting on it, here and elsewhere."""
        self.wake(game_id)
        if self.announce is not None:
            self.announce(game_id)

    def wake(self, game_id: str) -> None:
        """Wake this process's requests waiting on the game (another process changed it)."""
        found = self._watched.get(game_id)
        if found is not None:
            found.wake()

    def wake_all(self) -> None:
        """Wake every waiting request: each looks at its game again (changes may have been missed)."""
        for watched in self._watched.values():
            watched.wake()

    def stop(self) -> None:
        """The server stops: every waiting request is answered now, and none waits from now on."""
        self.stopping = True
        self.wake_all()

    @contextlib.contextmanager
    def watching(self, game_id: str) -> Iterator[Watch]:
        """A waiter on the game for the block: wake-ups from now on are counted for it."""
        watched = self._watched.get(game_id)
        if watched is None:
            watched = self._watched[game_id] = _Watched()
            if self.subscribe is not None:
                self.subscribe(game_id, True)
        watched.waiters += 1
        try:
            yield Watch(self, watched)
        finally:
            watched.waiters -= 1
            if not watched.waiters:
                del self._watched[game_id]
                if self.subscribe is not None:
                    self.subscribe(game_id, False)


class _Watched:
    """A game's waiters in this process: how many, the wake-ups so far, the event of the next."""

    __slots__ = ("event", "waiters", "wakes")

    def __init__(self) -> None:
        self.waiters = 0
        self.wakes = 0
        self.event = asyncio.Event()

    def wake(self) -> None:
        self.wakes += 1
        self.event.set()
        self.event = asyncio.Event()


class Watch:
    """One waiter's view of a game's wake-ups (`Changes.watching`)."""

    def __init__(self, changes: Changes, watched: _Watched) -> None:
        self._changes, self._watched = changes, watched
        self._seen = watched.wakes

    async def wait(self, seconds: float, *, unless: asyncio.Future | None = None) -> None:
        """Return when the game is woken (now, if it was since the last return), when `unless` is
        done (its client left), or after `seconds` (at most `poll`); at once while the server stops."""
        watched = self._watched
        if self._changes.stopping or watched.wakes != self._seen:
            self._seen = watched.wakes
            return
        woken = asyncio.ensure_future(watched.event.wait())
        try:
            waited = (woken, unless) if unless else (woken,)
            poll = min(seconds, self._changes.poll)
            await asyncio.wait(waited, timeout=poll, return_when=asyncio.FIRST_COMPLETED)
        finally:
            woken.cancel()
            self._seen = watched.wakes
