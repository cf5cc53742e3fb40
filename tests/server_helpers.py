"""Helpers for the server's tests: a real `wordlist serve` process, and the moves a game allows."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx2

from tests.conftest import ROOT
from wordlist import Lexicon
from wordlist.games import Game, load_game


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`wordlist serve` in a process of its own (what a user runs), on a free loopback port."""

    def __init__(self, data: Path, db: Path, log: Path) -> None:
        self.data, self.db, self.log = data, db, log
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 60) -> Server:
        command = [sys.executable, "-m", "wordlist_pipeline", "serve", "--port", str(self.port)]
        command += ["--data", str(self.data), "--db", str(self.db)]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"the server ended ({self.process.returncode}): {self.log.read_text()[-2000:]}"
                )
            try:
                if httpx2.get(f"{self.url}/api/lists", timeout=2).status_code == 200:
                    return self
            except httpx2.TransportError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not start in {timeout} s: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing the process could still do."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

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


def stored_game(db: Path, game_id: str, data: Path) -> Game:
    """The game as the server stored it, loaded with the library (what a test knows of the truth)."""
    with sqlite3.connect(db) as connection:
        state, language, profile = connection.execute(
            "SELECT state, language, profile FROM games WHERE id = ?", (game_id,)
        ).fetchone()
    return load_game(state, Lexicon.open(language, profile, data))


def best_move(game: Game):
    """The candidate worth the most points (the first of them in the search's fixed order)."""
    moves = game.legal_moves()
    return max(moves, key=lambda c: c.points) if moves else None
