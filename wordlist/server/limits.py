"""What bounds a request's cost: its body's size, and the threads and time a word search may take."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wordlist.server.errors import ApiError

T = TypeVar("T")

MAX_BODY = 16 * 1024  # bytes: a Wordgame move of 15 tiles is under 1 KB
MAX_HEAD = 16 * 1024  # bytes of a request line and headers (the page sends no cookies; a few hundred bytes)
LINGER = 2.0  # seconds a refused connection is kept open to drop what the client still sends


class BodyLimit:
    """ASGI middleware: a request body over `limit` bytes gets 413, whether its Content-Length says
    so or a chunked body grows past it, before the application reads it whole."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
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

    async def run(self, search: Callable[[], T]) -> T:
        """The result of `search`, run in a thread once a slot is free; 503 after `timeout` seconds."""
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
                503, "search_timeout", f"the search did not finish in {self.timeout:g} s; narrow it down"
            ) from None


class _Late(Exception):
    pass


class Changes:
    """Wakes the requests waiting for a game to change (GET /api/games/{id}?wait=...): those of this
    process at once; a waiter also looks at the store every `poll` seconds, for other processes."""

    def __init__(self, poll: float = 1.0) -> None:
        self.poll = poll
        self._events: dict[str, tuple[asyncio.Event, int]] = {}

    def notify(self, game_id: str) -> None:
        """Wake every request waiting on this game."""
        found = self._events.pop(game_id, None)
        if found is not None:
            found[0].set()

    async def wait(self, game_id: str, seconds: float) -> None:
        """Return when the game is notified, or after `seconds` (at most `poll`)."""
        event, waiters = self._events.get(game_id, (asyncio.Event(), 0))
        self._events[game_id] = (event, waiters + 1)
        try:
            with anyio.move_on_after(min(seconds, self.poll)):
                await event.wait()
        finally:
            current = self._events.get(game_id)
            if current is not None and current[0] is event:
                if current[1] <= 1:
                    del self._events[game_id]
                else:
                    self._events[game_id] = (event, current[1] - 1)


def head_limited_http(limit: int = MAX_HEAD) -> type | str:
    """The HTTP protocol for uvicorn's `http` setting: its httptools protocol, but a request whose
    line and headers pass `limit` bytes gets 431 and the connection is closed. (uvicorn bounds them
    with its h11 parser only: httptools keeps whatever it is sent until the headers end, so a
    client could hold megabytes on every connection.) "h11" without httptools, bounded by
    `h11_max_incomplete_event_size`."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:
        return "h11"

    answer = _json(
        ApiError(431, "headers_too_large", f"the request line and headers pass {limit} bytes").body()
    )
    refusal = b"".join(
        [
            b"HTTP/1.1 431 Request Header Fields Too Large\r\n",
            b"content-type: application/json\r\n",
            b"content-length: " + str(len(answer)).encode() + b"\r\n",
            b"connection: close\r\n\r\n",
            answer,
        ]
    )

    class HeadLimited(HttpToolsProtocol):
        # the bytes received since the last request's headers ended: the head being read (and,
        # in the read that ends it, what follows; one read is bounded by the transport)
        _head = 0
        _in_head = True

        _refused = False

        def data_received(self, data: bytes) -> None:
            if self._refused:  # the rest of what the client sends before it reads the 431
                return
            if self._in_head:
                self._head += len(data)
            super().data_received(data)
            if self._in_head and self._head > limit and not self.transport.is_closing():
                self._refused = True
                self.transport.write(refusal)
                # Closing with unread bytes would reset the connection, and the client could lose
                # the answer: end our side, read and drop what still comes, close in a while.
                if self.transport.can_write_eof():
                    self.transport.write_eof()
                self.loop.call_later(LINGER, self.transport.close)

        def on_headers_complete(self) -> None:
            self._in_head = False
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self._in_head, self._head = True, 0
            super().on_message_complete()

    return HeadLimited
