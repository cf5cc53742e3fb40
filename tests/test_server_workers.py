"""`wordlist serve --workers N` and several servers on one PostgreSQL: long polls hear of moves made
in another process at once, a worker killed with SIGKILL costs its clients one request and no
acknowledged move, the limits hold in all, a bad start is one line. Real processes on loopback
ports, on both backends; which worker serves a connection is read from /proc (tests/server_helpers)."""

from __future__ import annotations

import dataclasses
import json
import os
import select
import signal
import socket
import threading
import time
from pathlib import Path

import httpx2
import pytest

from tests.conftest import run_cli
from tests.server_helpers import (
    ROOMY,
    Server,
    client_at,
    connect,
    free_port,
    read_answer,
    stored_game,
    wait_for_exit,
    worker_of,
)
from wordlist.server.limits import Limits

pytestmark = pytest.mark.slow

# No waiting request looks at the store on its own within a test (60 s, past the 30 s a poll
# waits): one woken before its time was woken by the change's announcement. A poll answers with
# the game as it is either way, so the test tells the two apart by order: a poll on the changed
# game must be answered before a poll on a game no one changes, which ends after SENTINEL_WAIT s.
DEAF = dataclasses.replace(ROOMY, long_poll_check=60.0)
SENTINEL_WAIT = 10


def request(method: str, path: str, token: str | None = None, body: object = None) -> bytes:
    """A whole HTTP/1.1 request, to send on a connection of the test's own."""
    data = json.dumps(body).encode() if body is not None else b""
    head = [f"{method} {path} HTTP/1.1", "Host: test", f"Content-Length: {len(data)}"]
    head += ["Content-Type: application/json"] if body is not None else []
    head += [f"Authorization: Bearer {token}"] if token else []
    return "\r\n".join(head).encode() + b"\r\n\r\n" + data


def waiting_poll(server: Server, game: dict, token: str, wait: int = 30) -> socket.socket:
    """A long poll on `game` from its revision, sent on a connection of its own."""
    connection = connect(server.port)
    path = f"/api/games/{game['id']}?wait={wait}&revision={game['revision']}"
    connection.sendall(request("GET", path, token))
    return connection


def first_answered(woken: socket.socket, sentinel: socket.socket) -> socket.socket:
    """Which of two waiting connections the server answers first."""
    ready = []
    while not ready:
        ready = select.select([woken, sentinel], [], [], 60)[0]
    return woken if woken in ready else sentinel


def sentinel_game(server: Server) -> tuple[dict, str]:
    """A new game no one moves in (its long poll ends after its wait): the game and its token. New
    for each poll: a poll whose client left is not seen gone before its next look at the store."""
    with client_at(server.url, "127.0.0.90") as client:
        created = client.post("/api/games", json={"game": "balda", "opponent": "friend"}).json()
    return created["game"], created["token"]


def connection_to_another_worker(server: Server, than: int) -> socket.socket:
    """A new connection that a worker other than `than` accepted (new ones until one is)."""
    for _ in range(200):
        connection = connect(server.port)
        connection.sendall(request("GET", "/api/lists"))
        assert read_answer(connection)[0] == 200
        if worker_of(server, connection) != than:
            return connection
        connection.close()
    raise AssertionError("every connection went to one worker")


def single_letter(view: dict) -> dict:
    cell = view["placeable"][0]
    return {"action": "play", "move": {"cell": cell, "letter": "a", "path": [cell]}}


def move_wakes_waiter(
    server: Server, moving: socket.socket, waiting: socket.socket, game_id: str, game: dict, mover: str
) -> tuple[dict, tuple[int, bytes]]:
    """`mover` plays a single letter over `moving` while `waiting` long-polls the game (in another
    worker): the move's game, and the waiter's answer, which must come before a sentinel's (a poll
    answered after SENTINEL_WAIT s)."""
    with waiting_poll(server, *sentinel_game(server), SENTINEL_WAIT) as sentinel:
        move = {"version": game["version"], **single_letter(game["view"])}
        moving.sendall(request("POST", f"/api/games/{game_id}/actions", mover, move))
        status, _, body = read_answer(moving)
        assert status == 200, body
        moved = json.loads(body)["game"]
        assert first_answered(waiting, sentinel) is waiting
        status, _, body = read_answer(waiting)
    return moved, (status, body)


def test_a_long_poll_wakes_at_once_for_a_move_made_in_another_worker(
    sample_outputs: Path, database: Path | str, tmp_path: Path
) -> None:
    with (
        Server(sample_outputs, database, tmp_path / "server.log", limits=DEAF, workers=2) as server,
        httpx2.Client(base_url=server.url, timeout=30) as client,
    ):
        created = client.post("/api/games", json={"game": "balda", "opponent": "friend"}).json()
        game_id, ann = created["game"]["id"], created["token"]
        joined = client.post(f"/api/games/{game_id}/join", json={"invite": created["invite"], "name": "Bob"})
        bob, game = joined.json()["token"], joined.json()["game"]
        for turn in range(4):  # each move made in the other worker than the one waiting for it
            mover, watcher = (ann, bob) if turn % 2 == 0 else (bob, ann)
            with (
                waiting_poll(server, game, watcher) as waiting,
                connection_to_another_worker(server, worker_of(server, waiting)) as moving,
            ):
                moved, (status, body) = move_wakes_waiter(server, moving, waiting, game_id, game, mover)
            woken = json.loads(body)
            assert status == 200 and woken["revision"] == moved["revision"] == game["revision"] + 1
            assert woken["view"]["history"] == moved["view"]["history"]
            game = moved
    assert "Traceback" not in server.log.read_text()


def test_a_game_waited_on_again_after_its_waiter_left_wakes_at_once(
    sample_outputs: Path, database: Path | str, tmp_path: Path
) -> None:
    """The workers announce only the games someone waits on: a waiter that ended (its game no
    longer announced), moves made meanwhile in the other worker, then a new waiter: it is woken
    at once by the next move there, as the first one was."""
    with (
        Server(sample_outputs, database, tmp_path / "server.log", limits=DEAF, workers=2) as server,
        httpx2.Client(base_url=server.url, timeout=30) as client,
    ):
        created = client.post("/api/games", json={"game": "balda", "opponent": "friend"}).json()
        game_id, ann = created["game"]["id"], created["token"]
        joined = client.post(f"/api/games/{game_id}/join", json={"invite": created["invite"], "name": "Bob"})
        bob, game = joined.json()["token"], joined.json()["game"]
        with waiting_poll(server, game, bob, wait=1) as first:  # starts, and ends unwoken
            waiter = worker_of(server, first)
            status, _, body = read_answer(first)
            assert status == 200 and json.loads(body)["revision"] == game["revision"]
        with connection_to_another_worker(server, waiter) as moving:
            for mover in (ann, bob):  # no one waits on the game now: moves, unannounced
                move = {"version": game["version"], **single_letter(game["view"])}
                moving.sendall(request("POST", f"/api/games/{game_id}/actions", mover, move))
                status, _, body = read_answer(moving)
                assert status == 200, body
                game = json.loads(body)["game"]
            for _ in range(200):  # the next waiter on the game, in the same worker as the first
                waiting = waiting_poll(server, game, bob)
                if worker_of(server, waiting) == waiter:
                    break
                waiting.close()
            else:
                raise AssertionError("no connection went to the first waiter's worker")
            with waiting:  # whether the move comes before the waiter looks, while it subscribes,
                # or after: it is answered now
                moved, (status, body) = move_wakes_waiter(server, moving, waiting, game_id, game, ann)
        woken = json.loads(body)
        assert status == 200 and woken["revision"] == moved["revision"] == game["revision"] + 1
    assert "Traceback" not in server.log.read_text()


def test_a_worker_killed_costs_its_clients_one_request_and_no_acknowledged_move(
    sample_outputs: Path, database: Path | str, tmp_path: Path
) -> None:
    server = Server(sample_outputs, database, tmp_path / "server.log", workers=2).start()
    acked: dict[str, list[str]] = {}  # game -> its log's notations as last acknowledged
    cut: dict[str, str] = {}  # game -> what its client did after a request of it was cut
    lock = threading.Lock()
    killed = threading.Event()
    moves_after_kill = 6

    def play(seed: int) -> None:
        with client_at(server.url, f"127.0.0.{60 + seed}") as client:  # a player of its own
            body = {"game": "balda", "balda": {"size": 7}, "seed": seed}
            created = client.post("/api/games", json=body).json()
            game, headers = created["game"], {"Authorization": f"Bearer {created['token']}"}
            after = 0
            while not game["view"]["over"] and after < moves_after_kill:
                action = {"version": game["version"], **single_letter(game["view"])}
                try:
                    response = client.post(f"/api/games/{game['id']}/actions", json=action, headers=headers)
                except httpx2.TransportError:  # its worker was killed: the next request is served
                    found = client.get(f"/api/games/{game['id']}", headers=headers)
                    assert found.status_code == 200, found.text
                    game = found.json()
                    with lock:
                        cut[game["id"]] = "served again"
                    continue
                assert response.status_code == 200, response.text
                game = response.json()["game"]
                with lock:
                    acked[game["id"]] = [t["notation"] for t in game["view"]["history"]]
                after += killed.is_set()

    players = [threading.Thread(target=play, args=(seed,)) for seed in range(8)]
    try:
        for player in players:
            player.start()
        deadline = time.monotonic() + 60
        # every player under way (a game created, a move acknowledged: a creation cut by the kill
        # would leave a player with nothing to check), then the kill, mid-play
        while time.monotonic() < deadline and (
            len(acked) < 8 or sum(len(log) for log in acked.values()) < 40
        ):
            time.sleep(0.01)
        killed_pid = server.kill_worker()  # mid-play: requests in flight on it
        killed.set()
        for player in players:
            player.join(timeout=120)
        assert not any(player.is_alive() for player in players)
        deadline = time.monotonic() + 60  # the supervisor reaps it and starts another in its place
        while (
            len(server.workers_pids()) < 2 or killed_pid in server.workers_pids()
        ) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(server.workers_pids()) == 2 and killed_pid not in server.workers_pids()
        assert httpx2.get(f"{server.url}/api/lists", timeout=30).status_code == 200
    finally:
        server.stop()
    assert len(acked) == 8
    for game_id, notations in acked.items():  # each acknowledged turn is in the stored game
        stored = stored_game(database, game_id, sample_outputs)
        history = [stored.notation(turn) for turn in stored.history]
        assert history[: len(notations)] == notations, game_id
    log = server.log.read_text()
    assert f"(pid {killed_pid}) ended (killed by SIGKILL)" in log and "Traceback" not in log
    assert set(cut.values()) <= {"served again"}


def test_budgets_and_connections_hold_in_all_across_workers(sample_outputs: Path, tmp_path: Path) -> None:
    """Each worker holds its share (Limits.share): one client gets no more than the limits in all,
    whichever worker each of its connections lands on."""
    limits = Limits(games_burst=4, games_per_second=0.01, connections_per_client=4)
    with Server(
        sample_outputs, tmp_path / "games.sqlite", tmp_path / "server.log", limits=limits, workers=2
    ) as server:
        created = 0
        for _ in range(12):  # a connection each: they spread over the workers
            with client_at(server.url, "127.0.0.70") as client:
                response = client.post("/api/games", json={"game": "balda"})
            assert response.status_code in (201, 429), response.text
            created += response.status_code == 201
        assert 2 <= created <= 4  # a worker's share is 2; both together, 4 at most
        opened = [connect(server.port, "127.0.0.71") for _ in range(10)]
        try:
            for connection in opened:
                connection.sendall(request("GET", "/api/lists"))
            statuses = [read_answer(connection)[0] for connection in opened]
        finally:
            for connection in opened:
                connection.close()
        assert statuses.count(200) <= 4 and statuses.count(200) + statuses.count(429) == 10


def test_limits_are_shared_so_that_their_sums_hold() -> None:
    limits = Limits()
    for workers in (2, 3, 4, 7):
        share = limits.share(workers)
        for field in (
            "connections",
            "long_polls",
            "long_polls_per_client",
            "long_polls_per_game",
            "moves_burst",
        ):
            assert getattr(share, field) * workers <= getattr(limits, field), (workers, field)
        assert share.moves_per_second * workers == pytest.approx(limits.moves_per_second)
        assert share.long_polls < share.connections
        assert (share.max_body, share.request_timeout, share.long_poll_check) == (
            limits.max_body,
            limits.request_timeout,
            limits.long_poll_check,
        )
    assert Limits(long_polls_per_seat=4).share(8).long_polls_per_seat == 1  # never none
    assert limits.share(1) is limits


def test_two_servers_on_one_postgresql_play_a_game_between_them(
    sample_outputs: Path, postgres, tmp_path: Path
) -> None:
    """Ann plays on one server, Bob on another (two machines' worth: nothing shared but the
    database); each waits for the other's move on their own server, woken by PostgreSQL's NOTIFY."""
    url = postgres.new_database()
    with (
        Server(sample_outputs, url, tmp_path / "a.log", limits=DEAF, workers=1) as first,
        Server(sample_outputs, url, tmp_path / "b.log", limits=DEAF, workers=1) as second,
    ):
        with client_at(first.url, "127.0.0.81") as client:
            created = client.post("/api/games", json={"game": "balda", "opponent": "friend"}).json()
        game_id, ann = created["game"]["id"], created["token"]
        with waiting_poll(first, created["game"], ann) as waiting:  # Ann waits for Bob to join
            with client_at(second.url, "127.0.0.82") as client:
                joined = client.post(
                    f"/api/games/{game_id}/join", json={"invite": created["invite"], "name": "Bob"}
                )
            assert joined.status_code == 200, joined.text
            status, _, body = read_answer(waiting)
        assert status == 200 and json.loads(body)["waiting_for_friend"] is False
        bob, game = joined.json()["token"], joined.json()["game"]
        seats = {0: (first, ann, "127.0.0.81"), 1: (second, bob, "127.0.0.82")}
        played = 0
        while not game["view"]["over"] and played < 12:
            mover, token, address = seats[game["view"]["turn"]]
            watcher, watcher_token, _ = seats[1 - game["view"]["turn"]]
            with (
                waiting_poll(watcher, game, watcher_token) as waiting,
                waiting_poll(watcher, *sentinel_game(watcher), SENTINEL_WAIT) as sentinel,
            ):
                action = {"version": game["version"], **single_letter(game["view"])}
                if played == 11:
                    action = {"version": game["version"], "action": "resign"}
                with client_at(mover.url, address) as client:
                    response = client.post(
                        f"/api/games/{game_id}/actions",
                        json=action,
                        headers={"Authorization": f"Bearer {token}"},
                    )
                assert response.status_code == 200, response.text
                game = response.json()["game"]
                assert first_answered(waiting, sentinel) is waiting  # NOTIFY, not the poll's end
                status, _, body = read_answer(waiting)
            assert status == 200 and json.loads(body)["view"]["history"] == game["view"]["history"]
            played += 1
        assert game["view"]["over"]
        stored = stored_game(url, game_id, sample_outputs)
        assert [stored.notation(t) for t in stored.history] == [
            t["notation"] for t in game["view"]["history"]
        ]
    for server in (first, second):
        assert "Traceback" not in server.log.read_text()


def test_sigterm_stops_every_worker_and_sigkill_leaves_none(sample_outputs: Path, tmp_path: Path) -> None:
    server = Server(sample_outputs, tmp_path / "games.sqlite", tmp_path / "server.log", workers=2).start()
    workers = server.workers_pids()
    assert len(workers) == 2
    assert server.process is not None
    server.process.send_signal(signal.SIGTERM)
    assert server.process.wait(timeout=60) == 128 + signal.SIGTERM
    wait_for_exit(workers)
    log = server.log.read_text()
    assert log.count("Application shutdown complete") == 2 and log.rstrip().endswith("stopped by SIGTERM")
    again = Server(sample_outputs, tmp_path / "games.sqlite", tmp_path / "again.log", workers=2).start()
    workers = again.workers_pids()
    again.kill()  # the supervisor alone: its workers die with it (and no one listens on its port)
    wait_for_exit(workers)
    listening = [line.split() for line in Path("/proc/net/tcp").read_text().splitlines()[1:]]
    assert not [
        row for row in listening if row[3] == "0A" and int(row[1].rsplit(":", 1)[1], 16) == again.port
    ]


def test_a_bad_start_with_workers_is_one_line(sample_outputs: Path, postgres, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    port = str(free_port())
    gone = f"postgresql://ann:s3cret@/nowhere?host={tmp_path}/no-server"
    cases = [
        (["--data", empty, "--workers", "2"], f"{empty}: no word lists to serve"),
        (["--data", sample_outputs, "--db", gone, "--workers", "2"], "cannot connect to the games database"),
        (["--data", sample_outputs, "--db", gone, "--workers", "1"], "cannot connect to the games database"),
        (["--data", sample_outputs, "--db", postgres.url("nonesuch"), "--workers", "2"], "cannot connect"),
    ]
    for args, expected in cases:
        result = run_cli("serve", "--port", port, *args)
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 1 and lines[-1].startswith("error: ") and expected in lines[-1], (
            result.stderr
        )
        assert "s3cret" not in result.stderr and "Traceback" not in result.stderr
    # (the lists named: a fresh clone's ./outputs holds none, and that is said first)
    shown = run_cli("serve", "--port", port, "--data", sample_outputs, "--db", gone).stderr
    assert "postgresql://ann@/nowhere" in shown
    for workers in ("0", "65", "many", "-1"):
        result = run_cli("serve", "--port", port, "--data", sample_outputs, "--workers", workers)
        assert result.returncode == 2 and "--workers" in result.stderr and "Traceback" not in result.stderr
    assert not list(tmp_path.glob("*.sqlite"))
    assert os.listdir(empty) == []
