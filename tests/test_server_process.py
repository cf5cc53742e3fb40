"""`wordlist serve` as a process: every acknowledged move survives SIGKILL, a bad start is one line,
SIGTERM stops it cleanly. Real servers on loopback ports, driven over HTTP."""

from __future__ import annotations

import json
import signal
import socket
import sqlite3
import threading
import time
from pathlib import Path

import httpx2
import pytest

from tests.conftest import run_cli
from tests.server_helpers import Server, client_at, free_port
from wordlist import cli
from wordlist.server import app as server_app

pytestmark = pytest.mark.slow

GAMES = 8
THREADS = 4
ACKED_BEFORE_KILL = 40  # moves acknowledged before the kill, at least


def test_every_acknowledged_move_survives_sigkill(
    sample_outputs: Path, database: Path | str, tmp_path: Path
) -> None:
    """`wordlist serve` as a user starts it (a worker per core), on each backend, killed mid-play:
    the supervisor and its workers at once."""
    db = database
    server = Server(sample_outputs, db, tmp_path / "server.log").start()
    games: list[dict] = []
    acked: dict[str, list[str]] = {}  # game -> the log's notations when its last move was acknowledged
    lock = threading.Lock()
    try:
        with httpx2.Client(base_url=server.url, timeout=30) as client:
            for seed in range(GAMES):
                body = {"game": "balda", "balda": {"size": 7}, "seed": seed, "bot_first": seed % 2 == 1}
                created = client.post("/api/games", json=body).json()
                games.append(created)
                acked[created["game"]["id"]] = [t["notation"] for t in created["game"]["view"]["history"]]

        def play(mine: list[dict], address: str) -> None:
            with client_at(server.url, address) as client:  # a player of its own: its own move budget
                state = {g["game"]["id"]: g["game"] for g in mine}
                while state:
                    for game_id, game in list(state.items()):
                        view = game["view"]
                        if view["over"]:
                            del state[game_id]
                            continue
                        cell = view["placeable"][0]
                        move = {"cell": cell, "letter": "a", "path": [cell]}
                        token = next(g["token"] for g in mine if g["game"]["id"] == game_id)
                        try:
                            response = client.post(
                                f"/api/games/{game_id}/actions",
                                json={"version": game["version"], "action": "play", "move": move},
                                headers={"Authorization": f"Bearer {token}"},
                            )
                        except httpx2.TransportError:
                            return  # the server is gone
                        assert response.status_code == 200, response.text
                        state[game_id] = response.json()["game"]
                        with lock:
                            acked[game_id] = [t["notation"] for t in state[game_id]["view"]["history"]]

        workers = [
            threading.Thread(target=play, args=(games[i::THREADS], f"127.0.0.{30 + i}"))
            for i in range(THREADS)
        ]
        for worker in workers:
            worker.start()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with lock:
                done = sum(len(log) for log in acked.values()) // 2
            if done >= ACKED_BEFORE_KILL:
                break
            time.sleep(0.01)
        server.kill()  # mid-play: the workers have requests in flight
        for worker in workers:
            worker.join(timeout=60)
        assert done >= ACKED_BEFORE_KILL, "the games did not get going"
        assert sum(1 for log in acked.values() if len(log) < 42) >= GAMES // 2, "the kill came too late"
    finally:
        server.stop()

    if isinstance(db, Path):
        with sqlite3.connect(db) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with (
        Server(sample_outputs, db, tmp_path / "server-2.log") as again,
        httpx2.Client(base_url=again.url) as client,
    ):
        for created in games:
            game_id = created["game"]["id"]
            token = {"Authorization": f"Bearer {created['token']}"}
            found = client.get(f"/api/games/{game_id}", headers=token).json()
            history = [t["notation"] for t in found["view"]["history"]]
            acknowledged = acked[game_id]
            assert history[: len(acknowledged)] == acknowledged, game_id
            # a move whose answer the kill cut off may be there too (with the bot's reply), no more
            assert len(history) - len(acknowledged) in (0, 1, 2), (game_id, history, acknowledged)
            if not found["view"]["over"]:  # and the game goes on
                cell = found["view"]["placeable"][0]
                action = {"version": found["version"], "action": "play"}
                action["move"] = {"cell": cell, "letter": "a", "path": [cell]}
                assert (
                    client.post(f"/api/games/{game_id}/actions", json=action, headers=token).status_code
                    == 200
                )


def test_sigterm_stops_the_server_cleanly(sample_outputs: Path, tmp_path: Path) -> None:
    server = Server(sample_outputs, tmp_path / "games.sqlite", tmp_path / "server.log").start()
    assert server.process is not None
    server.process.send_signal(signal.SIGTERM)
    assert server.process.wait(timeout=30) == 128 + signal.SIGTERM
    log = server.log.read_text()
    assert "Application shutdown complete" in log and log.rstrip().endswith("stopped by SIGTERM")
    assert "Traceback" not in log


def test_a_bad_start_is_one_line(
    sample_outputs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    cases = [
        (["--data", empty], f"{empty}: no word lists to serve"),
        (["--data", sample_outputs, "--db", tmp_path], f"{tmp_path}: a folder, not a games database"),
        (["--data", sample_outputs, "--db", tmp_path / "none" / "g.sqlite"], "its folder does not exist"),
    ]
    not_a_db = tmp_path / "notes.txt"
    not_a_db.write_text("hello, this is not SQLite\n" * 100)
    cases.append((["--data", sample_outputs, "--db", not_a_db], f"{not_a_db}: not an SQLite database"))
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE notes (text)")
    cases.append((["--data", sample_outputs, "--db", other], "an SQLite database of something else"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        in_use = ["--port", port, "--data", sample_outputs, "--db", tmp_path / "g.sqlite"]
        cases.append((in_use, f"127.0.0.1:{port}: cannot listen there"))
        for args, expected in cases:  # in this process: the CLI's run() is what main() exits with
            assert cli.run(["serve", *map(str, args)]) == 1, args
            out, err = capsys.readouterr()
            lines = err.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("error: ") and expected in lines[0], (args, lines)
            assert out == ""
        result = run_cli("serve", *in_use)  # and as a command
        assert result.returncode == 1 and result.stderr.count("\n") == 1 and "cannot listen" in result.stderr
    assert not_a_db.read_text().startswith("hello")  # nothing written into a file that is not ours
    usage = run_cli("serve", "--port", "0")
    assert usage.returncode == 2 and "Traceback" not in usage.stderr


def test_without_the_reader_s_copy_the_server_does_not_start(
    sample_outputs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page checks words with its copy of the JavaScript reader (setup.py makes it): without
    it, one line and exit code 1, not a page whose /js/ is 404; nothing is created."""
    missing = tmp_path / "static" / "js"
    monkeypatch.setattr(server_app, "READER", missing)
    db = tmp_path / "games.sqlite"
    assert cli.run(["serve", "--port", str(free_port()), "--data", str(sample_outputs), "--db", str(db)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"error: {missing}: missing, the web page's copy of the JavaScript reader; setup.py makes it "
        "from js/src: install the package again (pip install), or run `make build` in a checkout\n"
    )
    assert not db.exists()


def test_a_huge_request_head_is_refused_before_it_is_read_whole(sample_outputs: Path, tmp_path: Path) -> None:
    """uvicorn bounds the request line and headers with its h11 parser only; with httptools (the
    server extra) a client could send megabytes of header, all kept in memory, on each connection."""
    with Server(sample_outputs, tmp_path / "games.sqlite", tmp_path / "server.log") as server:
        for head in (
            b"GET /api/lists?x=" + b"a" * (1 << 20),
            b"GET /api/lists HTTP/1.1\r\nX-Big: " + b"a" * (1 << 20),
        ):
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
                connection.sendall(head)  # never the end of the head
                answer = b""
                while chunk := connection.recv(65536):
                    answer += chunk
            head_of_answer, _, body = answer.partition(b"\r\n\r\n")
            assert head_of_answer.startswith(b"HTTP/1.1 431 "), answer[:200]
            assert json.loads(body)["code"] == "headers_too_large"
        assert httpx2.get(f"{server.url}/api/lists", timeout=10).status_code == 200
        assert "Traceback" not in server.log.read_text()
