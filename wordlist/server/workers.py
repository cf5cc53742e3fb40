"""Several server processes on one port: `serve(..., workers=N)` (`wordlist serve --workers N`).

The supervisor (the process `serve` runs in) binds the port and listens, then starts N worker
processes, each a fresh Python that opens the word lists and the games database itself and runs
uvicorn on the one listening socket it inherits: the kernel hands each new connection to one of
the workers waiting in accept(). The supervisor serves nothing; it

- starts the workers and waits until each says it serves (or why it cannot: the first worker's
  error is `serve`'s, one line, as a single process's would be);
- starts a worker again when one dies (a SIGKILL, a crash; sooner or later by how soon it died).
  Its clients' connections are cut, and their next requests go to the other workers, as do the
  connections waiting in the shared socket's queue; what it had acknowledged was committed;
- relays a worker's "game X changed" to the workers with a long poll waiting on X, so that it
  wakes at once when a move is made in another worker (with SQLite; PostgreSQL's NOTIFY does it
  for every process of every server, and its workers use no relay). Only the games someone
  waits on are announced: a worker says "watch X" when X gets its first waiting request there
  and "unwatch X" when its last one ends; the supervisor tells the others ("watched", then
  "unwatched" when no other worker waits on X), and only they announce X's changes. A move
  on a game no one waits on costs no message and wakes no other process. A waiter that starts
  while another worker commits a move is not missed: the others answer "watched" with "seen",
  from which on they announce X, and the supervisor passes it on to the waiter's worker as
  "look X", on which its waiters look at the store once more;
- on SIGTERM or Ctrl-C, stops the workers (SIGTERM: they finish their requests) and ends as
  a single process would, by the same signal.

Each worker talks to the supervisor over a Unix SOCK_SEQPACKET pair (one message a packet: "ready",
"error <message>", "changed <game id>", "watch"/"unwatch <game id>", "seen <worker> <game id>";
from the supervisor "changed", "watched <worker> <game id>", "unwatched <game id>", "look <game
id>"), read in the order sent. A worker dies with its supervisor (Linux's PR_SET_PDEATHSIG: a
SIGKILLed server leaves no process serving, as a single process would not); elsewhere it sees
the pair close and stops. Messages are never waited for: one that finds the
other side's buffer full is dropped, and the waiting requests' own look at the store
(`Limits.long_poll_check`) covers it (a dropped "unwatch" or "unwatched" costs only messages:
the game's changes are announced until its worker dies).

Each worker holds its share of the server's limits (`Limits.share`), so that the sums hold.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import dataclasses
import json
import logging
import os
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from wordlist.errors import WordlistError
from wordlist.server.limits import Changes, Limits

log = logging.getLogger("wordlist.server.workers")

MAX_WORKERS = 64
STOP_SECONDS = 15.0  # a worker's graceful stop at most (uvicorn's own bound is 5 s), then SIGKILL
RESTART_DELAY = (0.1, 30.0)  # seconds before starting a worker again: first, most (doubling
STABLE_SECONDS = 10.0  # while workers die this soon after starting)
BACKLOG = 2048  # connections waiting in the shared socket's queue
MESSAGE = 256  # bytes of a channel message at most
PR_SET_PDEATHSIG = 1  # prctl(2)

# The worker's first line: the supervisor's sys.path (the same modules), then its settings as JSON.
_BOOT = (
    "import json, sys\n"
    "sys.path[:] = json.loads(sys.stdin.buffer.readline())\n"
    "from wordlist.server.workers import worker_main\n"
    "worker_main(json.loads(sys.stdin.buffer.read()))\n"
)


def default_workers() -> int:
    """One worker per core this process may run on."""
    with contextlib.suppress(AttributeError):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


@dataclass(frozen=True)
class WorkerSettings:
    """What a worker starts from (sent to it as JSON): what `serve` was given, and its share."""

    data_root: str | None
    database: str
    limits: Limits
    log_level: str
    access_log: bool

    def to_json(self, listener: int, channel: int) -> bytes:
        """What a worker reads on its standard input: these settings, and the descriptors it inherits."""
        fields = dataclasses.asdict(self)
        handles = {"listener": listener, "channel": channel, "supervisor": os.getpid()}
        return json.dumps({**fields, **handles}).encode()


class _Worker:
    def __init__(self, index: int, process: subprocess.Popen, channel: socket.socket) -> None:
        self.index, self.process, self.channel = index, process, channel
        self.started = time.monotonic()
        self.ready = False
        self.error: str | None = None


class Supervisor:
    """N workers on `listener`, kept running until a signal; see the module's docstring."""

    def __init__(self, listener: socket.socket, settings: WorkerSettings, count: int) -> None:
        self.listener, self.settings, self.count = listener, settings, count
        self.workers: dict[int, _Worker] = {}
        self._watchers: dict[bytes, set[int]] = {}  # game id -> the workers with requests waiting on it
        self._selector = selectors.DefaultSelector()
        self._restarts: dict[int, float] = {}  # worker index -> when to start it again
        self._delays: dict[int, float] = {}
        self._signals: list[int] = []

    # --- running ------------------------------------------------------------------------------

    def run(self, ready: Callable[[], None]) -> None:
        """Serve until SIGINT, SIGTERM or SIGHUP, then stop the workers and end by that signal
        (re-raised once they are stopped, as uvicorn does). WordlistError if they cannot start."""
        wakeup_read, wakeup_write = socket.socketpair()
        wakeup_read.setblocking(False)
        wakeup_write.setblocking(False)
        handlers = self._catch_signals(wakeup_write)
        self._selector.register(wakeup_read, selectors.EVENT_READ, None)
        try:
            self.listener.listen(BACKLOG)
            for index in range(self.count):
                self._start(index)
            self._until_all_ready()
            # A worker serves from its start: one that did before a signal came is said as well
            # (the line that a user, or a test that was answered, waits for)
            if not self._signals or any(worker.ready for worker in self.workers.values()):
                ready()
            while not self._signals:
                self._step(0.25)
        finally:
            self._stop_all()
            self._selector.close()
            self._restore_signals(handlers)
            wakeup_read.close()
            wakeup_write.close()
        signal.raise_signal(self._signals[0])

    def _catch_signals(self, wakeup: socket.socket) -> dict[int, object] | None:
        if threading.current_thread() is not threading.main_thread():
            return None  # signals reach the main thread only: whoever runs it stops us
        handlers = {
            signum: signal.signal(signum, lambda signum, frame: self._signals.append(signum))
            for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
        }
        handlers[-1] = signal.set_wakeup_fd(wakeup.fileno())
        return handlers

    @staticmethod
    def _restore_signals(handlers: dict[int, object] | None) -> None:
        if handlers is None:
            return
        signal.set_wakeup_fd(handlers.pop(-1))  # type: ignore[arg-type]
        for signum, handler in handlers.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]

    def _until_all_ready(self) -> None:
        while not self._signals:
            for worker in self.workers.values():
                if worker.error is not None:
                    raise WordlistError(worker.error)
                code = worker.process.poll()
                if code is not None and not worker.ready:
                    raise WordlistError(
                        f"a server worker ended before serving ({_ending(code)}); its log says why"
                    )
            if all(worker.ready for worker in self.workers.values()):
                return
            self._read_channels(0.1)
        self._read_channels(0)  # a signal came: the "ready" already sent are still counted

    def _step(self, timeout: float) -> None:
        self._read_channels(timeout)
        now = time.monotonic()
        for index, worker in list(self.workers.items()):
            code = worker.process.poll()
            if code is None:
                continue
            self._forget(worker)
            lived = now - worker.started
            delay = self._delays.get(index, RESTART_DELAY[0])
            delay = min(RESTART_DELAY[1], delay * 2) if lived < STABLE_SECONDS else RESTART_DELAY[0]
            self._delays[index] = delay
            self._restarts[index] = now + delay
            log.warning(
                "server worker %d (pid %d) ended (%s)%s; another starts in %g s",
                index,
                worker.process.pid,
                _ending(code),
                f": {worker.error}" if worker.error else "",
                delay,
            )
        for index, when in list(self._restarts.items()):
            if when <= now:
                del self._restarts[index]
                self._start(index)

    # --- workers ------------------------------------------------------------------------------

    def _start(self, index: int) -> None:
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        theirs_fd = theirs.fileno()  # the same number in the worker (pass_fds)
        try:
            process = subprocess.Popen(
                [sys.executable, "-c", _BOOT],
                stdin=subprocess.PIPE,
                pass_fds=(self.listener.fileno(), theirs_fd),
            )
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()  # the worker has its copy
        assert process.stdin is not None
        with contextlib.suppress(BrokenPipeError):  # a worker that died at once: its exit is seen
            process.stdin.write(json.dumps(sys.path).encode() + b"\n")
            process.stdin.write(self.settings.to_json(self.listener.fileno(), theirs_fd))
        with contextlib.suppress(BrokenPipeError):
            process.stdin.close()
        mine.setblocking(False)
        worker = _Worker(index, process, mine)
        self.workers[index] = worker
        self._selector.register(mine, selectors.EVENT_READ, worker)

    def _forget(self, worker: _Worker) -> None:
        with contextlib.suppress(KeyError, ValueError):
            self._selector.unregister(worker.channel)
        worker.channel.close()
        self.workers.pop(worker.index, None)
        for game in [game for game, watchers in self._watchers.items() if worker.index in watchers]:
            self._unwatch(worker, game)

    def _read_channels(self, timeout: float) -> None:
        for key, _ in self._selector.select(timeout):
            worker = key.data
            if worker is None:  # a signal's wake-up byte
                with contextlib.suppress(OSError):
                    key.fileobj.recv(MESSAGE)  # type: ignore[union-attr]
                continue
            while True:
                try:
                    message = worker.channel.recv(MESSAGE)
                except (BlockingIOError, InterruptedError):
                    break
                except OSError:
                    message = b""
                if not message:  # closed: the worker is ending (its exit is seen by poll)
                    with contextlib.suppress(KeyError, ValueError):
                        self._selector.unregister(worker.channel)
                    break
                self._heard(worker, message)

    def _heard(self, worker: _Worker, message: bytes) -> None:
        kind, _, rest = message.partition(b" ")
        if kind == b"changed":  # to the workers with requests waiting on the game
            for index in self._watchers.get(rest, ()):
                if index != worker.index and index in self.workers:
                    _send(self.workers[index], message)
        elif kind == b"watch":  # the game's first waiter in `worker`: the others announce it
            self._watchers.setdefault(rest, set()).add(worker.index)
            for other in self._others(worker):
                _send(other, b"watched %d %s" % (worker.index, rest))
        elif kind == b"unwatch":
            self._unwatch(worker, rest)
        elif kind == b"seen":  # another worker announces the game from now on: the waiters look again
            index, _, game = rest.partition(b" ")
            if index.isdigit() and (waiter := self.workers.get(int(index))) is not None:
                _send(waiter, b"look " + game)
        elif kind == b"ready":
            worker.ready = True
            for game, watchers in self._watchers.items():  # a worker started again: the games watched
                if watchers - {worker.index}:
                    _send(worker, b"watched - " + game)
        elif kind == b"error":
            worker.error = rest.decode("utf-8", "replace")

    def _others(self, worker: _Worker) -> list[_Worker]:
        return [other for other in self.workers.values() if other is not worker and other.ready]

    def _unwatch(self, worker: _Worker, game: bytes) -> None:
        watchers = self._watchers.get(game, set())
        watchers.discard(worker.index)
        if not watchers:
            self._watchers.pop(game, None)
        for other in self._others(worker):
            if not watchers - {other.index}:  # no one else waits on it: `other` stops announcing it
                _send(other, b"unwatched " + game)

    def _stop_all(self) -> None:
        for worker in self.workers.values():
            with contextlib.suppress(ProcessLookupError):
                worker.process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_SECONDS
        for worker in list(self.workers.values()):
            try:
                worker.process.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                log.warning("server worker %d did not stop in %g s: killed", worker.index, STOP_SECONDS)
                worker.process.kill()
                worker.process.wait()
            self._forget(worker)


def _send(worker: _Worker, message: bytes) -> None:
    with contextlib.suppress(OSError):  # full or gone: the waiters' own look at the store covers it
        worker.channel.send(message)


def _ending(code: int) -> str:
    if code < 0:
        with contextlib.suppress(ValueError):
            return f"killed by {signal.Signals(-code).name}"
    return f"exit code {code}"


# --- in a worker ----------------------------------------------------------------------------------


def worker_main(settings: dict) -> None:
    """A worker's life: open the app (or tell the supervisor why not), serve on the shared socket
    until SIGTERM or the supervisor's end, telling the supervisor of each change it makes."""
    _die_with(settings["supervisor"])
    from wordlist.server.app import create_app, run_uvicorn

    listener = socket.socket(fileno=settings["listener"])
    channel = socket.socket(fileno=settings["channel"])
    try:
        app = create_app(settings["data_root"], settings["database"], limits=Limits(**settings["limits"]))
    except (WordlistError, OSError) as error:
        with contextlib.suppress(OSError):
            channel.send(f"error {error}".encode()[: MESSAGE * 16])
        sys.exit(1)
    channel.setblocking(False)
    # PostgreSQL's NOTIFY tells every process itself; SQLite's workers tell each other
    relay = None if app.state.store.shared else _Relay(app.state.changes, channel)

    def started(server: object) -> None:
        loop = asyncio.get_running_loop()

        def heard() -> None:
            while True:
                try:
                    message = channel.recv(MESSAGE)
                except (BlockingIOError, InterruptedError):
                    return
                except OSError:
                    message = b""
                if not message:  # the supervisor is gone: stop serving
                    loop.remove_reader(channel.fileno())
                    server.should_exit = True  # type: ignore[attr-defined]
                    return
                if relay is not None:
                    relay.heard(message)

        loop.add_reader(channel.fileno(), heard)
        with contextlib.suppress(OSError):
            channel.send(b"ready")

    run_uvicorn(
        app,
        listener,
        limits=Limits(**settings["limits"]),
        log_level=settings["log_level"],
        access_log=settings["access_log"],
        started=started,
    )


class _Relay:
    """A worker's side of the channel: tells the supervisor of the games this worker's requests
    wait on (`Changes.subscribe`), and of each change this worker makes to a game that another
    worker's requests wait on (`Changes.announce`); wakes the waiters here when told."""

    def __init__(self, changes: Changes, channel: socket.socket) -> None:
        self.changes, self.channel = changes, channel
        self.elsewhere: set[str] = set()  # games another worker's requests wait on
        changes.announce, changes.subscribe = self.announce, self.subscribe

    def announce(self, game_id: str) -> None:
        if game_id in self.elsewhere:
            _say(self.channel, b"changed " + game_id.encode())

    def subscribe(self, game_id: str, watching: bool) -> None:
        _say(self.channel, (b"watch " if watching else b"unwatch ") + game_id.encode())

    def heard(self, message: bytes) -> None:
        kind, _, rest = message.partition(b" ")
        if kind in (b"changed", b"look"):  # look: another worker announces it now; look once more
            self.changes.wake(rest.decode("ascii", "replace"))
        elif kind == b"watched":
            waiter, _, game_id = rest.partition(b" ")
            self.elsewhere.add(game_id.decode("ascii", "replace"))
            if waiter != b"-":  # every change made here from now on is announced: the waiter may look
                _say(self.channel, b"seen " + rest)
        elif kind == b"unwatched":
            self.elsewhere.discard(rest.decode("ascii", "replace"))


def _say(channel: socket.socket, message: bytes) -> None:
    with contextlib.suppress(OSError):  # full: dropped (see the module's docstring)
        channel.send(message)


def _die_with(supervisor: int) -> None:
    """Have the kernel SIGKILL this process when its parent dies (Linux), and end now if the
    parent is gone already."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != supervisor:
        os._exit(1)
