"""What each client may spend: new games and moves (token buckets), and long polls held at once.

A client is `client_key(address)`. Everything here is per server process and in memory: a
restarted server starts every client afresh. Each object is shared by the requests of all
threads and guarded by its own lock; each request costs O(1).
"""

from __future__ import annotations

import contextlib
import ipaddress
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator

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


class LongPolls:
    """The long polls (GET /api/games/{id}?wait=) waiting now: by client, by game, by seat and in
    all, each bounded by `Limits`. A poll past its client's, game's or seat's bound gets 429, past
    the server's 503, both `too_many_waits` with Retry-After; it never holds a connection waiting."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        self._by_client: dict[str, int] = {}
        self._by_game: dict[str, int] = {}
        self._by_seat: dict[tuple[str, int], int] = {}
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def waiting(self, client: str, game_id: str, seat: int) -> Iterator[None]:
        """Hold a place among the long polls while the block runs, or raise 429/503."""
        counts: list[tuple[dict, object]] = [
            (self._by_client, client),
            (self._by_game, game_id),
            (self._by_seat, (game_id, seat)),
        ]
        with self._lock:
            self._check(client, game_id, seat)
            self.total += 1
            for count, key in counts:
                count[key] = count.get(key, 0) + 1
        try:
            yield
        finally:
            with self._lock:
                self.total -= 1
                for count, key in counts:
                    left = count[key] - 1
                    if left:
                        count[key] = left
                    else:
                        del count[key]  # only the polls waiting now are remembered

    def _check(self, client: str, game_id: str, seat: int) -> None:
        limits = self.limits
        retry = limits.retry_after
        if self.total >= limits.long_polls:
            message = f"the server holds {limits.long_polls} waiting requests already; ask again in {retry} s"
            raise ApiError(503, "too_many_waits", message, retry_after=retry)
        for count, key, bound, whose in (
            (self._by_client, client, limits.long_polls_per_client, "your address"),
            (self._by_game, game_id, limits.long_polls_per_game, "this game"),
            (self._by_seat, (game_id, seat), limits.long_polls_per_seat, "your seat"),
        ):
            if count.get(key, 0) >= bound:
                message = f"{whose} has {bound} requests waiting already; ask again in {retry} s"
                raise ApiError(429, "too_many_waits", message, retry_after=retry)


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
