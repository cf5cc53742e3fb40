"""The HTTP protocol `serve` runs uvicorn with: uvicorn's httptools protocol, with the bounds that
act on connections (their numbers are `Limits`'):

- connections at once, in all and per client: past either, the connection gets a JSON 503 or
  429 at once and is closed (uvicorn's own limit answers in plain text, after reading a request);
- a request's line and headers at most `max_head` bytes however they arrive, in one write or a
  byte at a time, pipelined or not: 431 (uvicorn bounds them only with its h11 parser);
- `request_timeout` seconds from a connection's opening, or a request's first byte, to the end
  of its body: a head still coming gets 408, a body still coming has its connection closed (a
  client sending a byte a second would otherwise hold its connection for ever);
- `pipelined_requests` requests read ahead of their answers: past them the connection is not read
  until one is answered. uvicorn parses all it has read (256 KB, four thousand small requests)
  and reads on after each answer: 8 MB of pipelined GETs whose answers a client never read took
  340 MB. With the bytes handed to the parser a slice at a time, a connection holds at most
  those requests, the rest of one read, and the answers uvicorn writes before it waits for the
  client to take them (asyncio's write buffer, 64 KB, and one answer).

Every refusal is JSON `{"code", "message"}` with `Connection: close`. The protocol's callbacks
all run on the event loop's thread, so the counts they share need no lock.
"""

from __future__ import annotations

import asyncio
import http
import json

from wordlist.errors import WordlistError
from wordlist.server.budgets import TrustedProxies, client_key
from wordlist.server.errors import ApiError
from wordlist.server.limits import LINGER, Limits


def raw_answer(error: ApiError) -> bytes:
    """A whole HTTP/1.1 response carrying `error` as JSON, after which the connection closes."""
    body = json.dumps(error.body()).encode()
    lines = [
        f"HTTP/1.1 {error.status} {http.HTTPStatus(error.status).phrase}",
        "content-type: application/json",
        f"content-length: {len(body)}",
        "connection: close",
        *(f"{name.lower()}: {value}" for name, value in (error.headers() or {}).items()),
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


class _HeadTooLarge(Exception):
    pass


# Bytes handed to the parser at a time. A request is 18 bytes at least ("GET / HTTP/1.1" and two
# CRLFs), so a slice queues at most 14 past the bound; a request of a browser is two slices.
_SLICE = 256


def http_protocol(limits: Limits) -> type[asyncio.Protocol]:
    """The protocol class for uvicorn's `http` setting, bounded by `limits` (give uvicorn no
    `limit_concurrency`: the class counts connections itself). WordlistError without httptools."""
    try:
        from uvicorn.protocols.http.flow_control import FlowControl
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError as error:  # the server extra brings it; h11 alone has none of these bounds
        raise WordlistError(
            f"the server needs httptools ({error}): pip install 'wiktionary-wordlist[server]'"
        ) from None

    retry = limits.retry_after
    head_too_large = raw_answer(
        ApiError(431, "headers_too_large", f"the request line and headers pass {limits.max_head} bytes")
    )
    too_slow = raw_answer(
        ApiError(408, "request_timeout", f"the request did not arrive within {limits.request_timeout:g} s")
    )
    client_full = raw_answer(
        ApiError(
            429,
            "too_many_connections",
            f"your address has {limits.connections_per_client} connections open already; "
            f"close some, or try again in {retry} s",
            retry_after=retry,
        )
    )
    server_full = raw_answer(
        ApiError(
            503,
            "too_many_connections",
            f"the server has {limits.connections} connections open; try again in {retry} s",
            retry_after=retry,
        )
    )
    proxies = TrustedProxies(limits.trusted_proxies)
    open_by_client: dict[str, int] = {}  # the connections open now, by client (loop thread only)

    class HeldFlow(FlowControl):
        """uvicorn's flow control, but reading stays paused while bytes read wait to be parsed
        (a request being served resumes reading when it reads its body or waits for a disconnect)."""

        def __init__(self, transport: asyncio.Transport, protocol: BoundedHttpProtocol) -> None:
            super().__init__(transport)
            self._protocol = protocol

        def resume_reading(self) -> None:
            if not self._protocol._unparsed_data:
                super().resume_reading()

    class BoundedHttpProtocol(HttpToolsProtocol):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            self.limit_concurrency = None  # counted in connection_made, answered in JSON
            self._client: str | None = None  # whose connection this is, while it counts
            self._refused = False  # answered and closing: what still comes is dropped
            self._in_head = True  # no request's headers are complete since the last one ended
            self._unparsed = 0  # bytes received in a head: the parser keeps an unfinished header
            self._head = 0  # bytes of this request's line and headers, as parsed
            self._head_too_large = False
            self._timer: asyncio.TimerHandle | None = None
            self._after_answers: bytes | None = None  # a refusal waiting for the answers before it
            self._unparsed_data = b""  # read, not yet parsed: the pipeline is full (reading is paused)

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.flow = HeldFlow(transport, self)
            host = self.client[0] if self.client else None
            if host is not None and host not in proxies:  # a proxy speaks for many clients
                self._client = client_key(host)
                open_by_client[self._client] = open_by_client.get(self._client, 0) + 1
                if open_by_client[self._client] > limits.connections_per_client:
                    self._refuse(client_full)
                    return
            if len(self.connections) > limits.connections:
                self._refuse(server_full)
                return
            self._timer = self.loop.call_later(limits.request_timeout, self._timed_out)

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_timer()
            if self._client is not None:
                left = open_by_client[self._client] - 1
                if left:
                    open_by_client[self._client] = left
                else:
                    del open_by_client[self._client]
                self._client = None
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._refused:
                return
            if self._unparsed_data:  # read while pausing (a TLS record's rest): after what came first
                self._unparsed_data += data
                self.flow.pause_reading()
                return
            self._parse(memoryview(data))

        def _parse(self, data: memoryview) -> None:
            """Hand `data` to the parser a slice at a time, up to a full pipeline: the rest waits,
            and the transport is not read, until an answer is sent."""
            for start in range(0, len(data), _SLICE):
                if len(self.pipeline) >= limits.pipelined_requests:
                    self._unparsed_data = bytes(data[start:])
                    self.flow.pause_reading()
                    self._stop_timer()  # the server is what is slow now, not the client
                    return
                piece = data[start : start + _SLICE]
                if self._in_head:
                    self._unparsed += len(piece)
                super().data_received(piece)  # type: ignore[arg-type]
                if self._refused or self.transport.is_closing():
                    return
                # A header the parser has not seen the end of grows in its buffer: bounded here.
                if self._in_head and self._unparsed > limits.max_head:
                    self._refuse(head_too_large)
                    return

        def on_message_begin(self) -> None:
            self._head = 0
            if self._timer is None:
                self._timer = self.loop.call_later(limits.request_timeout, self._timed_out)
            super().on_message_begin()

        # The parser hands over the URL in pieces and each header once whole: counted here, the
        # limit holds for each request however its bytes were split (or pipelined) into reads.
        def on_url(self, url: bytes) -> None:
            self._count(len(url))
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._count(len(name) + len(value) + 4)  # ": " and CRLF
            super().on_header(name, value)

        def _count(self, size: int) -> None:
            self._head += size
            if self._head > limits.max_head:
                self._head_too_large = True
                raise _HeadTooLarge  # the parser stops; uvicorn answers through send_400_response

        def send_400_response(self, msg: str) -> None:
            if self._head_too_large:
                self._refuse(head_too_large)
            else:
                super().send_400_response(msg)

        def on_headers_complete(self) -> None:
            self._in_head = False
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self._in_head, self._unparsed = True, 0
            self._stop_timer()
            super().on_message_complete()

        def _timed_out(self) -> None:
            self._timer = None
            if self._refused or self.transport.is_closing():
                return
            if self._in_head:
                self._refuse(too_slow)
            else:  # the head came, the body did not: the application sees the client leave
                self.transport.close()

        def _stop_timer(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _refuse(self, answer: bytes) -> None:
            self._refused = True
            self._stop_timer()
            if self.cycle is not None and not self.cycle.response_complete:
                self._after_answers = answer  # the requests before this one are answered first
            else:
                self._answer_and_close(answer)

        def on_response_complete(self) -> None:
            waiting, self._unparsed_data = self._unparsed_data, b""
            super().on_response_complete()  # resumes reading, starts the next pipelined request
            if waiting and not self._refused and not self.transport.is_closing():
                self._stop_timer()  # the request under way, if any, has its time again
                self._timer = self.loop.call_later(limits.request_timeout, self._timed_out)
                self._parse(memoryview(waiting))  # first: what is read next comes after it
            done = self.cycle is None or self.cycle.response_complete
            if self._after_answers is not None and done and not self.pipeline:
                answer, self._after_answers = self._after_answers, None
                self._answer_and_close(answer)

        def _answer_and_close(self, answer: bytes) -> None:
            if self.transport.is_closing():
                return
            self.transport.write(answer)
            # Closing with unread bytes would reset the connection, and the client could lose the
            # answer: end our side, read and drop what still comes, close in a while.
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self.loop.call_later(LINGER, self.transport.close)

    return BoundedHttpProtocol
