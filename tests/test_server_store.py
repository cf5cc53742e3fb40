"""The games database's failures, told apart: a full disk (the games are kept, and a server killed on
it starts again and serves them), an I/O error, a damaged file, a file that is no games database.
Each is made for real: SQLite's own size limit, a file size limit (RLIMIT_FSIZE: writes fail with
EFBIG, which SQLite reports as an I/O error) and, where user namespaces allow, a tiny tmpfs for a
full disk; a folder where SQLite's write-ahead log belongs for an I/O error; broken and foreign
files. No message makes deleting the file look like the fix."""

from __future__ import annotations

import itertools
import logging
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import httpx2
import pytest
from fastapi.testclient import TestClient

from tests.conftest import ROOT, run_cli
from tests.server_helpers import (
    ROOMY,
    WITH_FILE_SIZE_LIMIT,
    Server,
    client_at,
    free_port,
    wait_until_serving,
)
from wordlist.server import create_app
from wordlist.server.limits import Limits

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SMALL = 64 * 1024  # bytes: a database of a few dozen games
NEVER = ("delete", "remove", "not a games database")  # words a healthy file must never be called by


def fill(create: Callable[[], httpx2.Response], status: int = 503, code: str = "storage_full") -> list[dict]:
    """Create games (`create()` makes one) until the server refuses one with `status` and `code`;
    the games made."""
    made = []
    for _ in range(500):
        response = create()
        if response.status_code != 201:
            assert response.status_code == status, response.text
            body = response.json()
            assert body["code"] == code and "/" not in body["message"], body  # no server path
            if status == 503:
                assert response.headers["retry-after"] == str(body["retry_after"])
            return made
        made.append(response.json())
    raise AssertionError("the database never filled up")


NEW_GAME = {"game": "balda", "balda": {"size": 7}}


def players(url: str) -> Callable[[], httpx2.Response]:
    """A new game from a new player each time (an address of its own: each has its budget)."""
    count = itertools.count()

    def create() -> httpx2.Response:
        n = next(count)
        with client_at(url, f"127.0.{1 + n // 250}.{1 + n % 250}") as client:
            return client.post("/api/games", json=NEW_GAME)

    return create


def check_kept(client: httpx2.Client | TestClient, made: list[dict]) -> None:
    """Every game acknowledged is there, as it was."""
    for created in made:
        found = client.get(
            f"/api/games/{created['game']['id']}", headers={"Authorization": f"Bearer {created['token']}"}
        )
        assert found.status_code == 200, found.text
        assert found.json()["view"]["board"] == created["game"]["view"]["board"]


def integrity(db: Path) -> str:
    with sqlite3.connect(db) as connection:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]


def test_a_full_database_keeps_its_games_and_says_why(
    sample_outputs: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "games.sqlite"
    limits = Limits(database_bytes=SMALL, games_burst=ROOMY.games_burst)
    with TestClient(create_app(sample_outputs, db, limits=limits)) as client:
        made = fill(lambda: client.post("/api/games", json=NEW_GAME))
        assert len(made) >= 3
        check_kept(client, made)  # reading goes on
        assert client.get("/api/lists/en/balda/words/table").json()["is_word"] is True
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any(
        f"{db}: cannot write: the disk is full, or the database reached its size limit" in m for m in said
    )
    assert not any(word in m for m in said for word in NEVER), said
    assert integrity(db) == "ok"


def test_a_server_killed_on_a_full_database_starts_again_and_serves_its_games(
    sample_outputs: Path, tmp_path: Path
) -> None:
    """The issue: after a SIGKILL on a full disk, the restart called the file 'not a games database'."""
    db = tmp_path / "games.sqlite"
    limits = Limits(database_bytes=SMALL)
    first = Server(sample_outputs, db, tmp_path / "first.log", limits=limits).start()
    try:
        made = fill(players(first.url))
        first.kill()
    finally:
        first.stop()
    with (
        Server(sample_outputs, db, tmp_path / "second.log", limits=limits) as again,  # still full
        httpx2.Client(base_url=again.url, timeout=30) as client,
    ):
        check_kept(client, made)
        assert fill(players(again.url)) == []
    log = (tmp_path / "second.log").read_text()
    assert "cannot write: the disk is full" in log and not any(word in log for word in NEVER)
    assert integrity(db) == "ok"
    with (
        Server(sample_outputs, db, tmp_path / "third.log") as roomy,
        httpx2.Client(base_url=roomy.url) as client,
    ):
        check_kept(client, made)
        assert client.post("/api/games", json={"game": "balda"}).status_code == 201  # room again


def _user_namespaces(folder: Path) -> bool:
    probe = (
        subprocess.run(
            ["unshare", "-rm", "sh", "-c", f"mount -t tmpfs -o size=64k tmpfs '{folder}'"],
            capture_output=True,
            check=False,
        )
        if shutil.which("unshare")
        else None
    )
    return probe is not None and probe.returncode == 0


def test_a_disk_really_full(sample_outputs: Path, tmp_path: Path) -> None:
    """A 256 KB tmpfs in a user namespace of its own: ENOSPC from the kernel. The server fills it,
    is killed, and starts again on the full disk: it serves the games it has, and says the disk is
    full when asked for a new one."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if not _user_namespaces(disk):
        pytest.skip(
            "no user namespaces here (unshare -rm) to mount a small tmpfs in; the size limit stands in"
        )
    port = free_port()
    serve = f"'{sys.executable}' -m wordlist_pipeline serve --port {port} --data '{sample_outputs}'"
    serve += f" --db '{disk}/games.sqlite'"
    check = "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check')"
    check += ".fetchone()[0])"
    script = textwrap.dedent(
        f"""
        mount -t tmpfs -o size=256k tmpfs '{disk}' || exit 97
        {serve} >> '{tmp_path}/first.log' 2>&1 &
        echo $! > '{tmp_path}/first.pid'
        wait
        {serve} >> '{tmp_path}/second.log' 2>&1 &
        echo $! > '{tmp_path}/second.pid'
        wait
        '{sys.executable}' -c "{check}" '{disk}/games.sqlite' > '{tmp_path}/integrity'
        """
    )
    url = f"http://127.0.0.1:{port}"
    shell = subprocess.Popen(["unshare", "-rm", "sh", "-c", script], cwd=ROOT)
    try:
        wait_until_serving(url, 60, shell)
        made = fill(players(url))
        os.kill(int((tmp_path / "first.pid").read_text()), signal.SIGKILL)
        wait_until_serving(url, 60, shell)
        with httpx2.Client(base_url=url, timeout=30) as client:
            check_kept(client, made)
        assert fill(players(url)) == []
        os.kill(int((tmp_path / "second.pid").read_text()), signal.SIGTERM)
        assert shell.wait(timeout=60) == 0
    finally:
        if shell.poll() is None:
            shell.kill()
    log = (tmp_path / "second.log").read_text()
    assert "cannot write: the disk is full (database or disk is full [SQLITE_FULL])" in log, log[-2000:]
    assert not any(word in log for word in NEVER) and "Traceback" not in log
    assert (tmp_path / "integrity").read_text().strip() == "ok"


SIZE_LIMIT = "cannot write: a file reached the size limit of the server's process (ulimit -f)"


def test_a_file_size_limit_is_storage_full_and_loses_nothing(sample_outputs: Path, tmp_path: Path) -> None:
    """Writes refused by the file size limit (EFBIG, which SQLite calls SQLITE_IOERR_WRITE: it was
    500 store_error), a SIGKILL, and a start where no write can succeed: the games are served, a
    new one is 503 storage_full, and all are there once writes work."""
    db = tmp_path / "games.sqlite"
    first = Server(sample_outputs, db, tmp_path / "first.log", file_size_limit=256 * 1024).start()
    try:
        made = fill(players(first.url))
        first.kill()
    finally:
        first.stop()
    with (  # the write-ahead log is past this size now: not one write can succeed
        Server(sample_outputs, db, tmp_path / "second.log", file_size_limit=64 * 1024) as again,
        httpx2.Client(base_url=again.url, timeout=30) as client,
    ):
        check_kept(client, made)
        assert fill(players(again.url)) == []
    for log in (tmp_path / "first.log", tmp_path / "second.log"):
        said = log.read_text()
        assert f"{db}: {SIZE_LIMIT} (disk I/O error [SQLITE_IOERR_WRITE]: File too large)" in said
        assert not any(word in said for word in NEVER) and "Traceback" not in said
    with (
        Server(sample_outputs, db, tmp_path / "third.log") as third,
        httpx2.Client(base_url=third.url) as client,
    ):
        check_kept(client, made)
        assert client.post("/api/games", json=NEW_GAME).status_code == 201
    assert integrity(db) == "ok"


def serve_once(sample_outputs: Path, db: Path, file_size_limit: int | None = None) -> str:
    """The one line `wordlist serve` ends with when it cannot start on `db` (exit code 1)."""
    command = [sys.executable, "-m", "wordlist_pipeline", "serve"]
    if file_size_limit is not None:
        command[1:1] = ["-c", WITH_FILE_SIZE_LIMIT, str(file_size_limit)]
    command += ["--port", str(free_port()), "--data", str(sample_outputs), "--db", str(db)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"error: {db}: ") and not any(word in line for word in NEVER)
    return line


def test_a_start_that_cannot_write_or_open_is_one_line_and_keeps_the_file(
    sample_outputs: Path, tmp_path: Path
) -> None:
    """Out of room (a file size limit below what SQLite's shared memory needs) or an I/O error (a
    folder where the write-ahead log belongs: SQLite cannot open it), each told as it is."""
    db = tmp_path / "games.sqlite"
    with TestClient(create_app(sample_outputs, db)) as client:
        client.post("/api/games", json={"game": "balda"})
    before = db.read_bytes()
    line = serve_once(sample_outputs, db, file_size_limit=8192)
    assert f"{SIZE_LIMIT} (disk I/O error [SQLITE_IOERR_SHMSIZE]: File too large)" in line
    wal = Path(f"{db}-wal")
    assert wal.stat().st_size == 0  # (left empty by the start that failed: nothing in it)
    wal.unlink()
    wal.mkdir()
    line = serve_once(sample_outputs, db)
    assert "the disk or the file system failed a read or write (unable to open database file" in line
    assert "the file is left as it is" in line
    assert db.read_bytes() == before


def _games_database(sample_outputs: Path, db: Path) -> dict:
    with TestClient(create_app(sample_outputs, db)) as client:
        return client.post("/api/games", json={"game": "balda"}).json()


def test_a_damaged_database_is_named_damaged(
    sample_outputs: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "games.sqlite"
    created = _games_database(sample_outputs, db)
    with sqlite3.connect(db) as connection:
        page = connection.execute("PRAGMA page_size").fetchone()[0]
        root = connection.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'games'").fetchone()[0]
    data = bytearray(db.read_bytes())
    data[(root - 1) * page : root * page] = b"\xa5" * page  # the games table's first page, overwritten
    db.write_bytes(bytes(data))
    with TestClient(create_app(sample_outputs, db, live_games=0)) as client:
        found = client.get(
            f"/api/games/{created['game']['id']}", headers={"Authorization": f"Bearer {created['token']}"}
        )
        assert found.status_code == 500 and found.json()["code"] == "store_error"
        assert str(tmp_path) not in found.text
    said = " ".join(r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR)
    assert f"{db}: the database is damaged (database disk image is malformed [SQLITE_CORRUPT" in said
    assert ".recover" in said and not any(word in said for word in NEVER)


@pytest.mark.parametrize("kind", ["fifo", "garbage", "damaged header", "foreign", "other columns"])
def test_a_file_that_is_no_games_database_is_named_and_left_alone(
    sample_outputs: Path, tmp_path: Path, kind: str
) -> None:
    db = tmp_path / "games.sqlite"
    says = {
        "fifo": "not a regular file",
        "garbage": "not an SQLite database (file is not a database [SQLITE_NOTADB])",
        "damaged header": "not an SQLite database (file is not a database [SQLITE_NOTADB])",
        "foreign": "an SQLite database of something else",
        "other columns": "its games table has the columns id",
    }[kind]
    if kind == "fifo":
        os.mkfifo(db)  # opened as a database, its first read would wait for ever
    elif kind == "garbage":
        db.write_bytes(b"\x00\x01 not SQLite at all " * 500)
    elif kind == "damaged header":
        _games_database(sample_outputs, db)
        data = bytearray(db.read_bytes())
        data[:16] = b"SQLite format 2\x00"
        db.write_bytes(bytes(data))
    elif kind == "foreign":
        with sqlite3.connect(db) as connection:
            connection.execute("CREATE TABLE notes (text)")
    else:
        with sqlite3.connect(db) as connection:
            connection.execute("PRAGMA application_id = 0x574C4753")
            connection.execute("PRAGMA user_version = 1")
            connection.execute("CREATE TABLE games (id TEXT PRIMARY KEY)")
    before = None if kind == "fifo" else db.read_bytes()
    result = run_cli("serve", "--port", str(free_port()), "--data", str(sample_outputs), "--db", str(db))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"error: {db}: ") and says in line, line
    assert "delete" not in line and "remove" not in line
    if before is not None:
        assert db.read_bytes() == before
