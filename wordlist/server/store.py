"""The games a server holds, in one SQLite file (the standard library's sqlite3).

Durability: every change is a transaction committed before the server answers. The journal is a
write-ahead log (WAL: readers never wait for the writer) with `synchronous=FULL`, so a commit is
on the disk (the WAL fsynced) when it returns: an acknowledged move survives the server being
killed (SIGKILL) and the machine losing power. (`NORMAL` would survive a killed process too, the
WAL being in the OS's cache, but could lose the last commits on a power cut; a commit costs one
fsync of a few KB, well under a millisecond here, so FULL costs next to nothing.)

Concurrency: a move is computed on the state of version v outside any lock, then written with
``UPDATE games ... WHERE id = ? AND version = v``: of two moves made on the same version, the first
to commit wins and the other finds no row to update (the server answers it 409). The write is one
short `BEGIN IMMEDIATE` transaction; SQLite serialises writers, and `busy_timeout` makes a writer
wait for the one before it instead of failing.

Secrets are stored as their sha256: the database alone does not let anyone play for a player.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from wordlist.errors import WordlistError

APPLICATION_ID = 0x574C4753  # "WLGS": marks the file as ours (PRAGMA application_id)
SCHEMA_VERSION = 1
BUSY_TIMEOUT_MS = 10_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,             -- balda, wordgame
    language TEXT NOT NULL,         -- the word list: a name of the server's catalog
    profile TEXT NOT NULL,
    opponent TEXT NOT NULL CHECK (opponent IN ('bot', 'friend')),
    level TEXT,                     -- the bot's level
    bot_player INTEGER,             -- the bot's seat, 0 or 1
    bot_seed INTEGER,
    token0 TEXT,                    -- sha256 of each player's secret; null for the bot's seat
    token1 TEXT,                    -- and for a friend's, until they join
    invite TEXT,                    -- sha256 of the invite, null once used
    version INTEGER NOT NULL,       -- turns played: the optimistic-concurrency check
    revision INTEGER NOT NULL,      -- every change (a move, a join): what waiting clients watch
    state TEXT NOT NULL,            -- Game.to_json(), loaded through the validated from_json
    created REAL NOT NULL,
    updated REAL NOT NULL
) STRICT;
"""

_COLUMNS = (
    "id, kind, language, profile, opponent, level, bot_player, bot_seed, token0, token1, invite, "
    "version, revision, state, created, updated"
)


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class GameRecord:
    id: str
    kind: str
    language: str
    profile: str
    opponent: str
    level: str | None
    bot_player: int | None
    bot_seed: int | None
    token0: str | None
    token1: str | None
    invite: str | None
    version: int
    revision: int
    state: str
    created: float
    updated: float

    def seat(self, token: str) -> int | None:
        """The seat whose secret `token` is, or None (compared in constant time)."""
        digest = secret_hash(token)
        found = None
        for seat, stored in enumerate((self.token0, self.token1)):
            if stored is not None and hmac.compare_digest(stored, digest):
                found = seat
        return found

    def invite_matches(self, invite: str) -> bool:
        return self.invite is not None and hmac.compare_digest(self.invite, secret_hash(invite))


class GameStore:
    """The games table of one SQLite file; one connection per thread, so it may be shared."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.is_dir():
            raise WordlistError(f"{self.path}: a folder, not a games database")
        if not self.path.parent.is_dir():
            raise WordlistError(f"{self.path}: its folder does not exist")
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        try:
            self._setup(self._connection())
        except sqlite3.DatabaseError as error:
            self.close()
            raise WordlistError(f"{self.path}: not a games database ({error})") from None

    def _setup(self, db: sqlite3.Connection) -> None:
        found = db.execute("PRAGMA application_id").fetchone()[0]
        tables = db.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
        if tables and found != APPLICATION_ID:
            raise WordlistError(f"{self.path}: an SQLite database of something else, not a games database")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if tables and version != SCHEMA_VERSION:
            raise WordlistError(
                f"{self.path}: games database of schema version {version}; this server reads "
                f"version {SCHEMA_VERSION}"
            )
        if db.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
            raise WordlistError(f"{self.path}: cannot use a write-ahead log here")
        with self._write(db):
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute(_SCHEMA)

    def _connection(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            # used by this thread only; check_same_thread=False lets close() end it from another
            db = sqlite3.connect(
                self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
            )
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            db.execute("PRAGMA synchronous = FULL")  # see the module's docstring
            self._local.db = db
            with self._lock:
                self._connections.append(db)
        return db

    @contextlib.contextmanager
    def _write(self, db: sqlite3.Connection) -> Iterator[None]:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            for db in self._connections:
                db.close()
            self._connections.clear()
        self._local = threading.local()

    # --- games ---------------------------------------------------------------------------------

    def insert(self, record: GameRecord) -> None:
        db = self._connection()
        values = tuple(getattr(record, name.strip()) for name in _COLUMNS.split(","))
        with self._write(db):
            db.execute(f"INSERT INTO games ({_COLUMNS}) VALUES ({', '.join('?' * len(values))})", values)

    def get(self, game_id: str) -> GameRecord | None:
        row = self._connection().execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
        return GameRecord(*row) if row is not None else None

    def update(self, game_id: str, expected_version: int, version: int, state: str) -> int | None:
        """Store the state after a move made on `expected_version`; the new revision, or None when
        the game is no longer at that version (another move won)."""
        db = self._connection()
        with self._write(db):
            row = db.execute(
                "UPDATE games SET state = ?, version = ?, revision = revision + 1, updated = ? "
                "WHERE id = ? AND version = ? RETURNING revision",
                (state, version, time.time(), game_id, expected_version),
            ).fetchone()
        return row[0] if row is not None else None

    def join(self, game_id: str, invite: str, token: str, expected_version: int, state: str) -> bool:
        """Seat the friend (the invite used up, their secret stored, the state with their name);
        False if the invite was used meanwhile or a move changed the game."""
        db = self._connection()
        with self._write(db):
            row = db.execute(
                "UPDATE games SET token1 = ?, invite = NULL, state = ?, revision = revision + 1, "
                "updated = ? WHERE id = ? AND version = ? AND invite = ? AND token1 IS NULL RETURNING id",
                (secret_hash(token), state, time.time(), game_id, expected_version, secret_hash(invite)),
            ).fetchone()
        return row is not None

    def ids(self) -> list[str]:
        return [row[0] for row in self._connection().execute("SELECT id FROM games ORDER BY created, id")]
