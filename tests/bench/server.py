"""The server under load: concurrent Balda games against the bot, on loopback, on SQLite and on
PostgreSQL, with one worker and with two.

    python -m tests.bench.server [--quick]

`serve()` runs in a process of its own (as `wordlist serve --workers N` does: no access log, the
default budgets; connections raised to 4000 and the open files to the hard limit, so that 1,000
games, a connection each, fit) over the benchmark's 400,000-word list (tests/bench/lexicon.py).
PostgreSQL is a throwaway server of Debian's (tests/postgres.py) with its durable defaults
(fsync, synchronous_commit on), on a Unix socket. An asyncio client (aiohttp) plays N games of
5x5 Balda at once, each a player at a loopback address of its own (127.0.x.y: the server's
budgets are per client), each game to its end: 20 turns, the player's 10 moves each answered by
the bot (at `LEVEL`) in the same request. The player places a single letter (a legal move the
client finds without a word list, so the client's own CPU stays small); the bot searches the
whole board.

- paced: each player thinks 2 to 6 seconds (uniform) between the bot's reply and their next
  move (200 games offer about 50 moves a second, 1,000 about 250);
- flat out: no thinking, each game sends its next move as soon as the reply arrives: the
  server's capacity, with the latency a queue of that many waiting requests gives;
- killed: paced, two workers, one of them SIGKILLed once half the moves are made. A request it
  had in flight fails (counted as cut, not as an error); the client then asks for its game
  (which must succeed, on the other worker) and plays on from what the server says.

Reported: requests per second, the latency of a move with the bot's reply (p50, p99, max),
errors, lost moves (after each run every game is read back from the database through the
validated loader, and every move the client saw acknowledged must be in it), and the server's
CPU per request (all its processes: /proc's counts of the supervisor, its workers and the
workers it reaped) against the game's own work in the same run (each move's answer says the CPU
its rules and the bot's reply took in the server, `Server-Timing: game;dur=`; their mean is the
floor) and, as a cross-check, against the library alone doing the same work in one process
before the runs (the bot's search and the two moves). The load client's own CPU is reported
too: on a 2-core machine it takes part of the second core.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path

import aiohttp
import orjson

from tests.bench import lexicon as lexicon_bench
from tests.bench.common import BENCH_DIR, save
from tests.postgres import Cluster, binaries
from tests.server_helpers import Server, query
from wordlist import Lexicon
from wordlist.games import Bot
from wordlist.games.balda import BaldaGame
from wordlist.server.limits import Limits

SIZE = 5
LEVEL = "greedy"  # the bot the figures were first taken with (the most points now): the request
# path is what this measures; "strong" looks ahead, at 7-11 ms of CPU a 5x5 move (docs/playing.md)
THINK = (2.0, 6.0)  # seconds between a reply and the next move, paced runs
# A player's idle connection is dropped before the server's keep-alive (Limits.keep_alive) ends,
# as browsers retry on one the server closed: an expiry equal to the server's races its close (a
# thinking player's next move then meets a connection reset: an error of the client, not of the
# server).
KEEP_ALIVE = Limits().keep_alive - 1
LIMITS = Limits(connections=4000, connections_per_client=100, long_polls=250)
# (run, games, workers, paced) for each backend; the kill run is paced with two workers
RUNS = [
    ("paced", 200, 1, True),
    ("paced", 200, 2, True),
    ("paced", 500, 1, True),
    ("paced", 500, 2, True),
    ("paced", 1000, 1, True),
    ("paced", 1000, 2, True),
    ("flat out", 200, 1, False),
    ("flat out", 200, 2, False),
    ("flat out", 1000, 1, False),
    ("flat out", 1000, 2, False),
    ("killed", 500, 2, True),
]
QUICK_RUNS = [run for run in RUNS if run[1] != 1000]  # --quick: minutes fewer

# `serve(...)` for the benchmark: as many open files as allowed, no access log (the default)
SERVE = """
import json, resource, sys
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
from wordlist.server import serve
from wordlist.server.limits import Limits
def ready(url):
    print("serving at", url, file=sys.stderr, flush=True)
serve(sys.argv[1], sys.argv[2], port=int(sys.argv[3]), limits=Limits(**json.loads(sys.argv[4])),
      workers=int(sys.argv[5]), ready=ready)
"""


class BenchServer(Server):
    def command(self) -> list[str]:
        limits = json.dumps(dataclasses.asdict(self.limits or LIMITS))
        return [
            sys.executable,
            "-c",
            SERVE,
            str(self.data),
            str(self.db),
            str(self.port),
            limits,
            str(self.workers),
        ]


@dataclasses.dataclass(frozen=True, slots=True)
class Answer:
    """A response as the load client keeps it: its status, its Server-Timing, its body."""

    status: int
    timing: str
    body: bytes


# what a request of the load client may raise (a timeout, a refused or cut connection)
CLIENT_ERRORS = (TimeoutError, aiohttp.ClientError)


async def send(
    client: aiohttp.ClientSession, method: str, path: str, body: dict | None = None, token: str | None = None
) -> Answer:
    """One request: `body` as JSON, `token` as the player's bearer token."""
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = orjson.dumps(body) if body is not None else None
    async with client.request(method, path, data=data, headers=headers) as response:
        return Answer(response.status, response.headers.get("server-timing", ""), await response.read())


def data_root() -> Path:
    root = BENCH_DIR / "lexicon"
    if not (root / "en" / "balda" / "manifest.json").exists():
        lexicon_bench.run_language("en")
    return root


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def play_games(
    url: str, games: int, think: tuple[float, float] | None, seed: int, kill: Server | None = None
) -> dict:
    """Play `games` games at once; the latencies, errors and what each game's log was when
    acknowledged. With `kill`, one of its workers is SIGKILLed once half the moves are made."""
    moves: list[float] = []
    game_ms: list[float] = []  # each move's Server-Timing: the game's own CPU in the server
    creates: list[float] = []
    errors: list[str] = []
    cut: list[str] = []  # requests the kill cut off
    acked: dict[str, list[str]] = {}  # game -> its log's notations as acknowledged
    rng = random.Random(seed)
    half = games * 5
    killed: list[int] = []

    async def one(index: int) -> None:
        # each game a player of its own, at an address of its own: the server budgets per client
        address = f"127.0.{1 + index // 250}.{1 + index % 250}"
        player = aiohttp.TCPConnector(local_addr=(address, 0), keepalive_timeout=KEEP_ALIVE)
        timeout = aiohttp.ClientTimeout(total=60)
        async with aiohttp.ClientSession(url, connector=player, timeout=timeout) as client:
            await play_one(client, index)

    async def answered(what: str, sent: Awaitable[Answer], status: int) -> Answer | None:
        """The answer if it has `status`; otherwise None, the error counted."""
        try:
            response = await sent
        except CLIENT_ERRORS as error:
            errors.append(f"{what}: {type(error).__name__}")
            return None
        if response.status != status:
            errors.append(f"{what}: {response.status} {response.body[:200]!r}")
            return None
        return response

    async def play_one(client: aiohttp.ClientSession, index: int) -> None:
        await asyncio.sleep(rng.uniform(0, think[1]) if think else 0)  # games start spread out
        body = {"game": "balda", "balda": {"size": SIZE}, "level": LEVEL, "seed": seed * 10_000 + index}
        started = time.perf_counter()
        response = await answered("create", send(client, "POST", "/api/games", body), 201)
        if response is None:
            return
        creates.append(time.perf_counter() - started)
        created = orjson.loads(response.body)
        game, token = created["game"], created["token"]
        acked[game["id"]] = [t["notation"] for t in game["view"]["history"]]
        pick = random.Random(index)
        while not game["view"]["over"]:
            if think:
                await asyncio.sleep(pick.uniform(*think))
            cell = pick.choice(game["view"]["placeable"])
            letter = pick.choice(game["view"]["letters"])
            action = {"version": game["version"], "action": "play"}
            action["move"] = {"cell": cell, "letter": letter, "path": [cell]}
            started = time.perf_counter()
            try:
                response = await send(client, "POST", f"/api/games/{game['id']}/actions", action, token)
            except CLIENT_ERRORS as error:
                if not killed:
                    errors.append(f"move: {type(error).__name__}")
                    return
                cut.append(game["id"])  # its worker was killed: the next request must succeed
                after = send(client, "GET", f"/api/games/{game['id']}", token=token)
                if (response := await answered("after the kill", after, 200)) is None:
                    return
                game = orjson.loads(response.body)
                continue
            if response.status != 200:
                errors.append(f"move: {response.status} {response.body[:200]!r}")
                return
            moves.append(time.perf_counter() - started)
            game_ms.append(float(response.timing.partition("game;dur=")[2]))
            game = orjson.loads(response.body)["game"]
            acked[game["id"]] = [t["notation"] for t in game["view"]["history"]]
            if kill is not None and not killed and len(moves) >= half:
                killed.append(kill.kill_worker())

    started = time.perf_counter()
    await asyncio.gather(*(one(i) for i in range(games)))
    seconds = time.perf_counter() - started
    return {
        "moves": moves,
        "game_ms": game_ms,
        "creates": creates,
        "errors": errors,
        "cut": cut,
        "acked": acked,
        "seconds": seconds,
    }


def lost_moves(db: Path | str, acked: dict[str, list[str]]) -> tuple[int, int]:
    """Acknowledged turns missing from the stored logs (read back through the validated loader),
    and the turns checked."""
    lost = checked = 0
    for game_id, notations in acked.items():
        rows = query(db, "SELECT state FROM games WHERE id = ?", (game_id,))
        game = BaldaGame.from_json(rows[0][0], _lexicon()) if rows else None
        logged = [game.notation(t) for t in game.history] if game is not None else []
        checked += len(notations)
        lost += sum(1 for i, n in enumerate(notations) if i >= len(logged) or logged[i] != n)
    return lost, checked


@functools.cache
def _lexicon() -> Lexicon:
    return Lexicon.load(data_root() / "en" / "balda")


def _cpu(pid: int, *, reaped: bool) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if reaped else 0)
    return ticks / os.sysconf("SC_CLK_TCK")


def server_cpu(server: Server) -> float:
    """CPU seconds of the server's processes so far: the supervisor and the workers it reaped
    (/proc's cutime, cstime), and the workers alive."""
    assert server.process is not None
    total = _cpu(server.process.pid, reaped=True)
    for pid in server.workers_pids():
        with contextlib.suppress(FileNotFoundError):  # ended: the supervisor counts it once reaped
            total += _cpu(pid, reaped=False)
    return total


def library_floor(games: int = 40) -> float:
    """CPU milliseconds the library alone spends on one request's work: the player's single letter,
    the bot's search and move (in one process, no HTTP, no JSON, no database)."""
    lexicon = _lexicon()
    rng = random.Random(3)
    spent, count = 0.0, 0
    for seed in range(games):
        game = BaldaGame.new(lexicon, seed=seed)
        while not game.is_over:
            started = time.process_time()
            cell = rng.choice(game.placeable_cells())
            game.act({"action": "play", "move": {"cell": list(cell), "letter": "a", "path": [list(cell)]}})
            if not game.is_over:
                game.act(Bot(LEVEL, seed=game.version).action(game))
            spent += time.process_time() - started
            count += 1
    return spent / count * 1000


def run_one(
    cluster: Cluster | None,
    name: str,
    games: int,
    workers: int,
    paced: bool,
    seed: int,
    floor: float | None = None,
) -> dict:
    """One row: `games` games played against a new server; `floor` is `library_floor()`'s figure
    (the ratio to it is reported beside the ratio to the game's own CPU in this run)."""
    think = THINK if paced else None
    with tempfile.TemporaryDirectory() as folder:
        db: Path | str = cluster.new_database() if cluster is not None else Path(folder) / "games.sqlite"
        server = BenchServer(data_root(), db, Path(folder) / "server.log", workers=workers).start(timeout=120)
        try:
            cpu_before, client_before = server_cpu(server), time.process_time()
            kill = server if name == "killed" else None
            result = asyncio.run(play_games(server.url, games, think, seed, kill))
            cpu, client_cpu = server_cpu(server) - cpu_before, time.process_time() - client_before
        finally:
            server.stop()
        if result["errors"]:  # what the server said about them
            print("\n".join(server.log.read_text().splitlines()[-40:]))
        lost, checked = lost_moves(db, result["acked"])
    moves, creates = result["moves"], result["creates"]
    requests = len(moves) + len(creates)
    server_ms = cpu / max(1, requests) * 1000
    # the floor in the same run: the game's own CPU in the server's move requests (Server-Timing)
    game_ms = statistics.fmean(result["game_ms"]) if result["game_ms"] else None
    row = {
        "backend": "postgresql" if cluster is not None else "sqlite",
        "run": name,
        "workers": workers,
        "games": games,
        "think_seconds": list(think) if think else None,
        "board": f"{SIZE}x{SIZE}",
        "requests": requests,
        "moves_with_reply": len(moves),
        "seconds": round(result["seconds"], 1),
        "requests_per_second": round(requests / result["seconds"], 1),
        "move_p50_ms": round(statistics.median(moves) * 1000, 1) if moves else None,
        "move_p99_ms": round(percentile(moves, 0.99) * 1000, 1) if moves else None,
        "move_max_ms": round(max(moves) * 1000, 1) if moves else None,
        "create_p50_ms": round(statistics.median(creates) * 1000, 1) if creates else None,
        "errors": len(result["errors"]),
        "error_kinds": sorted(set(result["errors"]))[:5],
        "cut_by_the_kill": len(result["cut"]),
        "acknowledged_turns_checked": checked,
        "lost_moves": lost,
        "server_cpu_ms_per_request": round(server_ms, 2),
        "game_cpu_ms_per_move": round(game_ms, 3) if game_ms else None,
        "server_cpu_per_game_cpu": round(server_ms / game_ms, 2) if game_ms else None,
        "server_cpu_per_library_floor": round(server_ms / floor, 2) if floor else None,
        "client_cpu_ms_per_request": round(client_cpu / max(1, requests) * 1000, 2),
        "load_average": round(os.getloadavg()[0], 2),
    }
    print(
        f"{row['backend']:10} {name:8} {games:5} games {workers} worker(s): {requests} requests in "
        f"{row['seconds']} s = {row['requests_per_second']}/s; move p50 {row['move_p50_ms']} ms, "
        f"p99 {row['move_p99_ms']} ms, max {row['move_max_ms']} ms; errors {row['errors']}, cut "
        f"{row['cut_by_the_kill']}; lost {lost} of {checked} turns; server CPU "
        f"{row['server_cpu_ms_per_request']} ms a request = {row['server_cpu_per_game_cpu']}x the game's "
        f"{row['game_cpu_ms_per_move']} ms in the run ({row['server_cpu_per_library_floor']}x the "
        f"library alone; client {row['client_cpu_ms_per_request']}); load {row['load_average']}",
        flush=True,
    )
    return row


def run(quick: bool = False) -> dict:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # a socket per game, in the client too
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    lexicon = _lexicon()
    floor = library_floor()
    print(f"word list: {len(lexicon):,} words; the library alone: {floor:.2f} ms of CPU a request's work")
    rows = []
    runs = QUICK_RUNS if quick else RUNS
    for seed, (name, games, workers, paced) in enumerate(runs, 1):
        rows.append(run_one(None, name, games, workers, paced, seed, floor))
    if binaries() is None:
        print("PostgreSQL's binaries are absent (Debian's postgresql): its runs are left out")
    else:
        with Cluster.start(durable=True) as cluster:
            for seed, (name, games, workers, paced) in enumerate(runs, 1):
                rows.append(run_one(cluster, name, games, workers, paced, seed, floor))
    payload = {
        "word_list": f"{lexicon.manifest.source['dump']}: {len(lexicon):,} words",
        "library_cpu_ms_per_request": round(floor, 2),
        "rows": rows,
    }
    save("server", payload)
    return payload


if __name__ == "__main__":
    run("--quick" in sys.argv[1:])
