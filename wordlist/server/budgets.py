"""What each client may spend: new games and moves (token buckets), and long polls held at once.

A client is `client_key(address)`. Everything here is per server process and in memory: a
restarted server starts every client afresh. Each object is shared by the requests of all
threads and guarded by its own lock; each request costs O(1), but for a long poll that finds
the server full: O(the clients waiting), at most `Limits.long_polls`.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from wordlist.server.errors import ApiError
from wordlist.server.limits import Limits


def client_key(host: str | None) -> str:
    """The client an address stands for: an IPv4 address as it is, an IPv6 one as its /64 network
    (one host's share: otherwise a client would have 2^64 budgets), an IPv4-mapped IPv6 address as
    the IPv4 one; a name that is no address (a test client's, a Unix socket's) as it is."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class TrustedProxies:
    """The peers whose X-Forwarded-For is believed (`Limits.trusted_proxies`): `peer in proxies`."""

    def __init__(self, entries: tuple[str, ...]) -> None:
        self.everyone = "*" in entries
        self.networks = [ipaddress.ip_network(entry, strict=False) for entry in entries if entry != "*"]

    def __contains__(self, host: object) -> bool:
        if self.everyone:
            return True
        try:
            address = ipaddress.ip_address(str(host))
        except ValueError:
            return False
        return any(address in network for network in self.networks)


def _rate(per_second: float) -> str:
    return f"{per_second:g} a second" if per_second >= 1 else f"one every {1 / per_second:g} s"


class TokenBuckets:
    """A token bucket per client: `burst` requests at once, then `per_second`. `spend(client)`
    takes a token or answers 429 `code` with the seconds until the next one.

    Memory is bounded: at most `clients` buckets, kept least recently used first. A bucket that
    has filled up again is dropped (a client seen again starts full: the same), so idle clients
    leave; past `clients` the oldest goes even if not full (its client gets a fresh burst: the
    price of bounded memory, paid only when that many clients are active at once)."""

    def __init__(
        self,
        burst: int,
        per_second: float,
        *,
        clients: int,
        code: str,
        what: str,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst = burst
        self.per_second = per_second
        self.clients = clients
        self.code = code
        self.what = what
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # client -> (tokens, when)
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._buckets)

    def take(self, client: str) -> float:
        """Take a token of `client`'s bucket: 0.0 if it had one, else the seconds until it has."""
        with self._lock:
            now = self._clock()
            tokens, when = self._buckets.pop(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - when) * self.per_second)
            wait = 0.0
            if tokens >= 1:
                tokens -= 1
            else:
                wait = (1 - tokens) / self.per_second
            self._buckets[client] = (tokens, now)
            self._forget_idle(now)
            return wait

    def spend(self, client: str) -> None:
        """Take a token of `client`'s bucket, or raise 429 with Retry-After."""
        wait = self.take(client)
        if wait:
            seconds = max(1, math.ceil(wait))
            raise ApiError(
                429,
                self.code,
                f"too many {self.what} from your address: {self.burst} at once, then "
                f"{_rate(self.per_second)}; try again in {seconds} s",
                retry_after=seconds,
            )

    def _forget_idle(self, now: float) -> None:
        # each bucket is dropped at most once per time it is added: O(1) a request, amortized
        while self._buckets:
            client, (tokens, when) = next(iter(self._buckets.items()))
            full = tokens + (now - when) * self.per_second >= self.burst
            if not full and len(self._buckets) <= self.clients:
                return
            del self._buckets[client]


@dataclass(eq=False)
class _Poll:
    """A long poll waiting now: whose it is, and the task that waits (to end it early)."""

    client: str
    game_id: str
    seat: int
    task: asyncio.Task | None
    evicted: bool = False  # ended early to make room: answered as at its deadline


class LongPolls:
    """The long polls (GET /api/games/{id}?wait=) waiting now, bounded by `Limits`: per seat, game
    and client (past one, the new poll gets 429), and in all.

    The bound in all must not be one that a few clients can fill for everyone: eight addresses
    of 32 polls took all 250. So a new poll that finds the server full ends the oldest poll of
    the client holding the most, if that client holds more than the newcomer would: that poll is
    answered at once with the game as it is, as its deadline would have answered it (a poll
    answered early costs its client one more request, nothing else). Only a client holding as
    many as any other gets 503. Polls thus tend to a fair share, a new client always gets in
    while any client holds two, and a client asking again at once cannot take back a place from
    one holding fewer.

    `waiting` runs on the event loop's thread, in the request's task: ending a poll cancels that
    task where it waits, and the block's exit takes the cancellation back.
    """

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        self._by_client: dict[str, dict[_Poll, None]] = {}  # each client's polls, oldest first
        self._by_game: dict[str, int] = {}
        self._by_seat: dict[tuple[str, int], int] = {}
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def waiting(self, client: str, game_id: str, seat: int) -> Iterator[None]:
        """Hold a place among the long polls while the block runs, or raise 429/503. The block
        ends early, without an error, if another client's poll needs the place."""
        try:
            task = asyncio.current_task()
        except RuntimeError:  # no event loop: a poll that cannot be ended early
            task = None
        poll = _Poll(client, game_id, seat, task)
        with self._lock:
            self._check(poll)
            if self.total >= self.limits.long_polls:
                self._make_room(client)
            self._add(poll)
        try:
            yield
        except asyncio.CancelledError:
            if not poll.evicted or task is None or task.uncancel() > 0:
                raise  # not (only) ours: the request is cancelled indeed
        finally:
            with self._lock:
                if not poll.evicted:
                    self._remove(poll)

    def _check(self, poll: _Poll) -> None:
        limits, retry = self.limits, self.limits.retry_after
        for count, bound, whose in (
            (len(self._by_client.get(poll.client, ())), limits.long_polls_per_client, "your address"),
            (self._by_game.get(poll.game_id, 0), limits.long_polls_per_game, "this game"),
            (self._by_seat.get((poll.game_id, poll.seat), 0), limits.long_polls_per_seat, "your seat"),
        ):
            if count >= bound:
                message = f"{whose} has {bound} requests waiting already; ask again in {retry} s"
                raise ApiError(429, "too_many_waits", message, retry_after=retry)

    def _make_room(self, client: str) -> None:
        """End the oldest poll of the client holding the most, or raise 503 if that is no more
        than `client` would hold."""
        mine = len(self._by_client.get(client, ()))
        most = max(self._by_client.values(), key=len)
        oldest = next((poll for poll in most if poll.task is not None), None)
        if len(most) <= mine + 1 or oldest is None or oldest.task is None:
            retry = self.limits.retry_after
            message = (
                f"the server holds {self.limits.long_polls} waiting requests already, as many of "
                f"yours as of anyone's; ask again in {retry} s"
            )
            raise ApiError(503, "too_many_waits", message, retry_after=retry)
        oldest.evicted = True
        self._remove(oldest)
        oldest.task.cancel()  # it waits on this thread: the cancellation comes where it waits

    def _add(self, poll: _Poll) -> None:
        self.total += 1
        self._by_client.setdefault(poll.client, {})[poll] = None
        self._by_game[poll.game_id] = self._by_game.get(poll.game_id, 0) + 1
        seat = (poll.game_id, poll.seat)
        self._by_seat[seat] = self._by_seat.get(seat, 0) + 1

    def _remove(self, poll: _Poll) -> None:
        self.total -= 1
        polls = self._by_client[poll.client]
        del polls[poll]
        if not polls:
            del self._by_client[poll.client]  # only the polls waiting now are remembered
        for count, key in ((self._by_game, poll.game_id), (self._by_seat, (poll.game_id, poll.seat))):
            left = count[key] - 1
            if left:
                count[key] = left
            else:
                del count[key]


class Budgets:
    """A server's budgets by client: new games, moves (joins included), long polls."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.games = TokenBuckets(
            limits.games_burst,
            limits.games_per_second,
            clients=limits.clients_tracked,
            code="too_many_games",
            what="new games",
            clock=clock,
        )
        self.moves = TokenBuckets(
            limits.moves_burst,
            limits.moves_per_second,
            clients=limits.clients_tracked,
            code="too_many_moves",
            what="moves",
            clock=clock,
        )
        self.long_polls = LongPolls(limits)
