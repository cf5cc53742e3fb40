"""Helpers for the server's tests: a real `wordlist serve` process, and the moves a game allows."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
import select
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import weakref
from pathlib import Path

import httpx2
import psycopg

from tests.conftest import ROOT
from wordlist import Lexicon
from wordlist.games import Game, load_game
from wordlist.server.limits import Limits
from wordlist.server.pgstore import TABLE as PG_TABLE
from wordlist.server.records import is_postgres

# Budgets no test of the API meets (tests/test_server_limits.py tests them): one test client
# creates hundreds of games and plays thousands of moves in seconds.
ROOMY = Limits(games_burst=1_000_000, moves_burst=1_000_000)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# `serve(...)` with limits of a test's choosing (the command line sets only --trust-proxy), its
# access log on (some tests count requests by it); it says "serving" once ready, as the command does
SERVE_WITH_LIMITS = """
import json, sys
from wordlist.server import serve
from wordlist.server.limits import Limits
limits = Limits(**json.loads(sys.argv[4]))
def ready(url):
    print("serving at", url, file=sys.stderr, flush=True)
serve(sys.argv[1], sys.argv[2], port=int(sys.argv[3]), limits=limits, workers=int(sys.argv[5]), ready=ready,
      access_log=True)
"""

# runs the rest of its arguments as a Python command, with files limited to argv[1] bytes
WITH_FILE_SIZE_LIMIT = """
import os, resource, sys
size = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))  # Python ignores SIGXFSZ: writes fail EFBIG
os.execv(sys.executable, [sys.executable, *sys.argv[2:]])
"""


class Server:
    """`wordlist serve` in a process of its own (what a user runs), on a free loopback port; with
    `limits`, `serve(limits=...)` instead; with `file_size_limit`, no file it writes grows past it.
    `workers`: its processes (the command's default, one per core, if None; `serve`'s is 1);
    `db` a path or a postgresql:// URL."""

    def __init__(
        self,
        data: Path,
        db: Path | str,
        log: Path,
        *,
        limits: Limits | None = None,
        options: tuple[str, ...] = (),
        file_size_limit: int | None = None,
        workers: int | None = None,
    ) -> None:
        self.data, self.db, self.log = data, db, log
        self.limits, self.options, self.file_size_limit = limits, options, file_size_limit
        self.workers = workers
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def command(self) -> list[str]:
        if self.limits is not None:
            limits = json.dumps(dataclasses.asdict(self.limits))
            arguments = ["-c", SERVE_WITH_LIMITS, str(self.data), str(self.db), str(self.port), limits]
            arguments.append(str(self.workers or 1))
        else:
            arguments = ["-m", "wordlist_pipeline", "serve", "--port", str(self.port)]
            arguments += ["--data", str(self.data), "--db", str(self.db), *self.options]
            arguments += ["--workers", str(self.workers)] if self.workers is not None else []
        if self.file_size_limit is not None:
            arguments = ["-c", WITH_FILE_SIZE_LIMIT, str(self.file_size_limit), *arguments]
        return [sys.executable, *arguments]

    def start(self, timeout: float = 60) -> Server:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(self.command(), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_until_serving(self.url, timeout, self.process)
            # the first worker serves before the others are up: ready is when `serve` says so
            deadline = time.monotonic() + timeout
            while "serving" not in self.log.read_text(errors="replace"):
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not say it serves ({self.process.returncode})")
                time.sleep(0.05)
        except RuntimeError as error:
            self.stop()
            raise RuntimeError(f"{error}: {self.log.read_text()[-2000:]}") from None
        return self

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing the process could still do (its workers die
        with it); returns once they are gone."""
        assert self.process is not None
        workers = self.workers_pids()
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        wait_for_exit(workers)

    def workers_pids(self) -> list[int]:
        """The worker processes' ids (none when it serves in one process)."""
        assert self.process is not None
        return children(self.process.pid)

    def kill_worker(self) -> int:
        """SIGKILL one worker (the first), as the OOM killer or a crash would: its pid."""
        (pid, *_) = self.workers_pids()
        os.kill(pid, signal.SIGKILL)
        wait_for_exit([pid])
        return pid

    def stop(self) -> int | None:
        if self.process is None or self.process.poll() is not None:
            return self.process.returncode if self.process else None
        self.process.terminate()
        try:
            return self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait(timeout=30)

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def children(pid: int) -> list[int]:
    """The process's child processes (Linux: /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(FileNotFoundError):
            found += [int(child) for child in (task / "children").read_text().split()]
    return sorted(found)


def wait_for_exit(pids: list[int], timeout: float = 30) -> None:
    """Return once none of `pids` is a living process: every thread of it ended (a zombie thread
    counts as gone). The leader alone is not enough: a killed process's leader can be a zombie
    while its other threads are still exiting, holding its files (a listening socket) open."""
    deadline = time.monotonic() + timeout
    for pid in pids:
        while _threads_alive(pid):
            if time.monotonic() >= deadline:
                raise RuntimeError(f"process {pid} did not end in {timeout} s")
            time.sleep(0.01)


def _threads_alive(pid: int) -> bool:
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except (FileNotFoundError, ProcessLookupError):
        return False
    for thread in threads:
        try:
            state = Path(f"/proc/{pid}/task/{thread}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            continue
        if state not in ("Z", "X"):
            return True
    return False


def wait_until_serving(url: str, timeout: float, process: subprocess.Popen) -> None:
    """Return once `url` answers GET /api/lists; RuntimeError if the process ends or time runs out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server ended ({process.returncode})")
        try:
            if httpx2.get(f"{url}/api/lists", timeout=2).status_code == 200:
                return
        except httpx2.TransportError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"the server did not start in {timeout} s")


def client_at(url: str, address: str, **options: object) -> httpx2.Client:
    """An HTTP client whose connections come from `address` (any of 127.0.0.0/8 on loopback): a
    client of its own, as the server tells clients apart."""
    return httpx2.Client(
        base_url=url, transport=httpx2.HTTPTransport(local_address=address), timeout=30, **options
    )


def connect(port: int, address: str = "127.0.0.1") -> socket.socket:
    """A TCP connection to the server on loopback, from `address`."""
    return socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(address, 0))


_UNREAD: weakref.WeakKeyDictionary[socket.socket, bytes] = weakref.WeakKeyDictionary()  # past an answer


def read_answer(connection: socket.socket, deadline: float = 30) -> tuple[int, dict[str, str], bytes]:
    """The next HTTP response on `connection`: status, headers (lower-case names), body (by its
    Content-Length). AssertionError if none comes within `deadline` seconds."""
    data = _UNREAD.pop(connection, b"")
    end = time.monotonic() + deadline
    while b"\r\n\r\n" not in data or len(data.partition(b"\r\n\r\n")[2]) < _length(data):
        left = end - time.monotonic()
        assert left > 0 and select.select([connection], [], [], left)[0], f"no answer: {data[:200]!r}"
        chunk = connection.recv(65536)
        assert chunk, f"the connection closed before a whole answer: {data[:200]!r}"
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    length = _length(data)
    _UNREAD[connection] = rest[length:]
    return int(status_line.split()[1]), headers, rest[:length]


def _length(data: bytes) -> int:
    head = data.partition(b"\r\n\r\n")[0].lower()
    for line in head.split(b"\r\n"):
        if line.startswith(b"content-length:"):
            return int(line.split(b":")[1])
    return 0


def closed(connection: socket.socket, deadline: float = 30) -> bytes:
    """Everything `connection` still receives until the server closes it (AssertionError if it is
    still open after `deadline` seconds)."""
    data = _UNREAD.pop(connection, b"")
    end = time.monotonic() + deadline
    while True:
        left = end - time.monotonic()
        assert left > 0 and select.select([connection], [], [], left)[0], "the connection stayed open"
        try:
            chunk = connection.recv(65536)
        except ConnectionResetError:
            return data
        if not chunk:
            return data
        data += chunk


def query(db: Path | str, sql: str, values: tuple = ()) -> list[tuple]:
    """Run `sql` on the games database `db` (an SQLite file or a postgresql:// URL) as its operator
    could, behind the server's back: `games` is the table, `?` a value; the rows it returns."""
    if not is_postgres(db):
        with sqlite3.connect(db) as connection:
            return connection.execute(sql, values).fetchall()
    sql = re.sub(r"\bgames\b", PG_TABLE, sql).replace("?", "%s")
    with psycopg.connect(str(db), autocommit=True) as connection:
        cursor = connection.execute(sql, values)
        return cursor.fetchall() if cursor.description else []


def stored_game(db: Path | str, game_id: str, data: Path) -> Game:
    """The game as the server stored it, loaded with the library (what a test knows of the truth)."""
    ((state, language, profile),) = query(
        db, "SELECT state, language, profile FROM games WHERE id = ?", (game_id,)
    )
    return load_game(state, Lexicon.open(language, profile, data))


def best_move(game: Game):
    """The candidate worth the most points (the first of them in the search's fixed order)."""
    moves = game.legal_moves()
    return max(moves, key=lambda c: c.points) if moves else None


def worker_of(server: Server, connection: socket.socket, timeout: float = 30) -> int:
    """The worker process serving `connection` (a connection to `server` the test opened): the
    one that holds its accepted socket (Linux: /proc/net/tcp gives the socket's inode, a process's
    fd folder the sockets it holds). Waits for the accept, which comes when a worker is free."""
    mine = connection.getsockname()[1]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        inode = None
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            local, remote = (int(address.rsplit(":", 1)[1], 16) for address in fields[1:3])
            if local == server.port and remote == mine:
                inode = fields[9]
        for pid in server.workers_pids() if inode else ():
            with contextlib.suppress(OSError):
                for fd in Path(f"/proc/{pid}/fd").iterdir():
                    with contextlib.suppress(OSError):
                        if os.readlink(fd) == f"socket:[{inode}]":
                            return pid
        time.sleep(0.01)
    raise RuntimeError("no worker holds the connection")
