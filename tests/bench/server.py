"""The server under load: 200 concurrent Balda games against the bot, on loopback.

    python -m tests.bench.server

`wordlist serve` runs in a process of its own (as a user starts it: one uvicorn worker, access
log on, the default limits) over the benchmark's 400,000-word list (tests/bench/lexicon.py). An
asyncio client (httpx2) plays 200 games of 5x5 Balda at once, each a player at a loopback
address of its own (127.0.x.y: the server's budgets are per client), each game to its end: 20
turns, the player's 10 moves each answered by the bot in the same request. The player places a
single letter (a legal move the client finds without a word list, so the client's own CPU stays
small); the bot searches the whole board for its longest word. Two runs:

- paced: each player thinks 2 to 6 seconds (uniform) between the bot's reply and their next
  move, so the 200 games offer about 50 moves a second (people take longer over a move);
- flat out: no thinking, each game sends its next move as soon as the reply arrives: the
  server's capacity, with the latency a queue of 200 waiting requests gives.

Reported: requests per second, the latency of a move with the bot's reply (p50, p99, max),
errors, and lost moves: after each run every game's log in the SQLite file is read back, and
every move the client saw acknowledged must be in it. The server's CPU time per move is compared
with the library alone doing the same work (the bot's search and the two moves, in one process).
"""

from __future__ import annotations

import asyncio
import functools
import os
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

import httpx2

from tests.bench import lexicon as lexicon_bench
from tests.bench.common import BENCH_DIR, save
from tests.server_helpers import Server
from wordlist import Lexicon
from wordlist.games import Bot
from wordlist.games.balda import BaldaGame

GAMES = 200
SIZE = 5
THINK = (2.0, 6.0)  # seconds between a reply and the next move, paced run


def data_root() -> Path:
    root = BENCH_DIR / "lexicon"
    if not (root / "en" / "balda" / "manifest.json").exists():
        lexicon_bench.run_language("en")
    return root


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def play_games(url: str, think: tuple[float, float] | None, seed: int) -> dict:
    """Play GAMES games at once; the latencies, errors and what each game's log was when acknowledged."""
    moves: list[float] = []
    creates: list[float] = []
    errors: list[str] = []
    acked: dict[str, tuple[str, list[str]]] = {}  # game -> (token, its log's notations as acknowledged)
    rng = random.Random(seed)

    async def one(index: int) -> None:
        # each game a player of its own, at an address of its own: the server budgets per client
        player = httpx2.AsyncHTTPTransport(local_address=f"127.0.{1 + index // 250}.{1 + index % 250}")
        async with httpx2.AsyncClient(base_url=url, transport=player, timeout=60) as client:
            await play_one(client, index)

    async def play_one(client: httpx2.AsyncClient, index: int) -> None:
        await asyncio.sleep(rng.uniform(0, think[1]) if think else 0)  # games start spread out
        body = {"game": "balda", "balda": {"size": SIZE}, "seed": seed * 1000 + index}
        started = time.perf_counter()
        try:
            response = await client.post("/api/games", json=body)
        except httpx2.HTTPError as error:
            errors.append(f"create: {type(error).__name__}")
            return
        creates.append(time.perf_counter() - started)
        if response.status_code != 201:
            errors.append(f"create: {response.status_code} {response.text[:200]}")
            return
        created = response.json()
        game, token = created["game"], created["token"]
        headers = {"Authorization": f"Bearer {token}"}
        acked[game["id"]] = (token, [t["notation"] for t in game["view"]["history"]])
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
                response = await client.post(f"/api/games/{game['id']}/actions", json=action, headers=headers)
            except httpx2.HTTPError as error:
                errors.append(f"move: {type(error).__name__}")
                return
            if response.status_code != 200:
                errors.append(f"move: {response.status_code} {response.text[:200]}")
                return
            moves.append(time.perf_counter() - started)
            game = response.json()["game"]
            acked[game["id"]] = (token, [t["notation"] for t in game["view"]["history"]])

    started = time.perf_counter()
    await asyncio.gather(*(one(i) for i in range(GAMES)))
    seconds = time.perf_counter() - started
    return {"moves": moves, "creates": creates, "errors": errors, "acked": acked, "seconds": seconds}


def lost_moves(db: Path, acked: dict[str, tuple[str, list[str]]]) -> tuple[int, int]:
    """Acknowledged turns missing from the stored logs (read back through the validated loader),
    and the turns checked."""
    lost = checked = 0
    with sqlite3.connect(db) as connection:
        for game_id, (_, notations) in acked.items():
            row = connection.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()
            game = BaldaGame.from_json(row[0], _lexicon()) if row is not None else None
            logged = [game.notation(t) for t in game.history] if game is not None else []
            checked += len(notations)
            lost += sum(1 for i, n in enumerate(notations) if i >= len(logged) or logged[i] != n)
    return lost, checked


@functools.cache
def _lexicon() -> Lexicon:
    return Lexicon.load(data_root() / "en" / "balda")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
                game.act(Bot("strong", seed=game.version).action(game))
            spent += time.process_time() - started
            count += 1
    return spent / count * 1000


def run_one(name: str, think: tuple[float, float] | None, seed: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.sqlite"
        server = Server(data_root(), db, Path(folder) / "server.log").start(timeout=120)
        try:
            assert server.process is not None
            cpu_before = cpu_seconds(server.process.pid)
            result = asyncio.run(play_games(server.url, think, seed))
            cpu = cpu_seconds(server.process.pid) - cpu_before
        finally:
            server.stop()
        if result["errors"]:  # what the server said about them
            problems = [line for line in server.log.read_text().splitlines() if "INFO:" not in line]
            print("\n".join(problems[-40:]))
        lost, checked = lost_moves(db, result["acked"])
    moves, creates = result["moves"], result["creates"]
    requests = len(moves) + len(creates)
    row = {
        "run": name,
        "think_seconds": list(think) if think else None,
        "games": GAMES,
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
        "acknowledged_turns_checked": checked,
        "lost_moves": lost,
        "server_cpu_ms_per_request": round(cpu / max(1, requests) * 1000, 2),
    }
    print(
        f"{name:9} {row['requests']} requests in {row['seconds']} s = {row['requests_per_second']}/s; "
        f"move with the bot's reply p50 {row['move_p50_ms']} ms, p99 {row['move_p99_ms']} ms, "
        f"max {row['move_max_ms']} ms; errors {row['errors']}; lost moves {lost} of {checked} turns; "
        f"server CPU {row['server_cpu_ms_per_request']} ms a request"
    )
    return row


def run() -> dict:
    lexicon = _lexicon()
    floor = library_floor()
    print(f"word list: {len(lexicon):,} words; the library alone: {floor:.2f} ms of CPU a request's work")
    rows = [run_one("paced", THINK, 1), run_one("flat out", None, 2)]
    payload_load = os.getloadavg()[0]
    payload = {
        "word_list": f"{lexicon.manifest.source['dump']}: {len(lexicon):,} words",
        "library_cpu_ms_per_request": round(floor, 2),
        "load_average_after": round(payload_load, 2),
        "rows": rows,
    }
    save("server", payload)
    return payload


if __name__ == "__main__":
    run()
