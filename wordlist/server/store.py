"""The games a server holds, in one SQLite file (the standard library's sqlite3).

Durability: every change is a transaction committed before the server answers. The journal is a
write-ahead log (WAL: readers never wait for the writer) with `synchronous=FULL`, so a commit is
on the disk (the WAL fsynced) when it returns: an acknowledged move survives the server being
killed (SIGKILL) and the machine losing power. (`NORMAL` would survive a killed process too, the
WAL being in the OS's cache, but could lose the last commits on a power cut; a commit costs one
fsync of a few KB, well under a millisecond here, so FULL costs next to nothing.)

Concurrency: a move is computed on the state of revision r outside any lock, then written with
``UPDATE games ... WHERE id = ? AND revision = r``: of two moves made on the same version, the
first written wins and the other finds no row to update (the server answers it 409), and a move
never overwrites a change it did not see (a friend's join, which names them in the state). Writes go through
one writer thread that commits those waiting together in one transaction (group commit: one fsync
for many moves); `busy_timeout` covers another process writing to the same file.

Secrets are stored as their sha256: the database alone does not let anyone play for a player.

Errors say which of four things went wrong, for the operator (the server's log, or the one line
`wordlist serve` ends with) and never so that deleting the file looks like the fix: the disk is
full, or a quota or file size limit is reached (`StoreFull`: the games are kept, writes resume
once there is room), the disk or file system
failed a read or write (`StoreIOError`), the file is damaged, not SQLite, or changed under the
server (`StoreDamaged`), or another process holds it (`StoreBusy`). A database that is set up
already is only read at start-up, so a healthy one starts on a full disk and serves its games.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import queue
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wordlist.atomic import check_file_name
from wordlist.errors import (
    ArgumentTypeError,
    StoreBusy,
    StoreDamaged,
    StoreError,
    StoreFull,
    StoreIOError,
    WordlistError,
)
from wordlist.server.records import COLUMN_NAMES, GameRecord, GameTable, secret_hash

__all__ = ["GameRecord", "GameStore", "secret_hash"]

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


_KEPT = "the file is left as it is"

# Why a write was refused for want of room, by its errno. SQLite tells ENOSPC (SQLITE_FULL) but
# reports EFBIG and EDQUOT as SQLITE_IOERR_WRITE (or _SHMSIZE, _TRUNCATE), and Python's sqlite3
# does not give the errno: so a failed write is tried again, by _room_refused.
_NO_ROOM = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EFBIG: "a file reached the size limit of the server's process (ulimit -f)",
}
_WRITES = ("SQLITE_IOERR", "SQLITE_IOERR_WRITE", "SQLITE_IOERR_SHMSIZE", "SQLITE_IOERR_TRUNCATE")
_PROBE_BYTES = 2 * 65536  # two of SQLite's largest pages: more than one of its writes needs


class _Write:
    """A write waiting for the writer thread: run `apply` in its transaction, then settle the
    caller's future on the caller's event loop (the loop never waits for the disk)."""

    __slots__ = ("apply", "error", "future", "loop", "result")

    def __init__(self, apply: Callable[[sqlite3.Connection], Any]) -> None:
        self.apply = apply
        self.loop = asyncio.get_running_loop()
        self.future: asyncio.Future[Any] = self.loop.create_future()
        self.result: Any = None
        self.error: BaseException | None = None

    def finish(self) -> None:
        """From the writer thread: the transaction is over (committed, or this write failed)."""
        with contextlib.suppress(RuntimeError):  # the loop is closed: no one waits for the answer
            self.loop.call_soon_threadsafe(self._settle)

    def _settle(self) -> None:
        if self.future.done():  # the caller was cancelled: the write stands, its answer is dropped
            return
        if self.error is not None:
            self.future.set_exception(self.error)
        else:
            self.future.set_result(self.result)


_STOP = object()
MAX_BATCH = 256  # writes in one transaction at most


class GameStore(GameTable):
    """The games table of one SQLite file. Reads are made where they are asked for (a row by its
    key, in the page cache: microseconds), on a connection per thread; writes go to one writer
    thread, which commits the writes that arrived together in one transaction (a group
    commit: one fsync for all of them) and only then wakes their callers. So an answer is sent
    only once its write is on the disk, and a disk that takes milliseconds to fsync still takes
    hundreds of moves a second. Each write keeps its own result and errors (a savepoint each)."""

    def __init__(self, path: str | Path, *, max_bytes: int | None = None) -> None:
        if not isinstance(path, str | os.PathLike):
            raise ArgumentTypeError(f"a games database is a path or a string, not {type(path).__name__}")
        self.path = Path(path)
        self.location = str(self.path)
        self.max_bytes = max_bytes  # the database's size at most (PRAGMA max_page_count)
        try:
            self._check_path()
        except (OSError, ValueError) as error:  # a name too long, or holding a NUL or a lone surrogate
            reason = getattr(error, "strerror", None) or error
            raise WordlistError(f"{str(self.path)!r}: not a usable games database ({reason})") from None
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._queue: queue.SimpleQueue[_Write | object] = queue.SimpleQueue()
        try:
            writer = self._open()
            self._setup(writer)
        except sqlite3.Error as error:
            self.close()
            raise self._failure(error) from None
        except BaseException:
            self.close()
            raise
        self._writer = threading.Thread(
            target=self._write_loop, args=(writer,), name="games-writer", daemon=True
        )
        self._writer.start()

    def _open(self) -> sqlite3.Connection:
        # each connection is used by one thread; check_same_thread=False lets close() end it
        db = sqlite3.connect(
            self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
        with self._lock:
            self._connections.append(db)
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")  # another process writing the file
        db.execute("PRAGMA synchronous = FULL")  # see the module's docstring
        if self.max_bytes is not None:
            pages = self.max_bytes // db.execute("PRAGMA page_size").fetchone()[0]
            db.execute(f"PRAGMA max_page_count = {max(1, pages)}")  # past it: SQLITE_FULL
        return db

    def _setup(self, db: sqlite3.Connection) -> None:
        # Several servers (or one server's workers) may open a new file at the same moment: the
        # marks are read in one snapshot, and the table is made under the write lock by whichever
        # comes first, the others finding it made once they hold the lock.
        found, tables, version = self._marks(db)
        self._check_marks(db, found, tables, version)
        self._use_wal(db)
        if not tables:  # a new file: marked as ours, with its table
            db.execute("BEGIN IMMEDIATE")
            try:
                found, tables, version = self._marks(db, snapshot=False)
                if not tables:
                    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                    db.execute(_SCHEMA)
                db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise
            self._check_marks(db, found, tables, version)
            self._check_columns(db)

    @staticmethod
    def _marks(db: sqlite3.Connection, *, snapshot: bool = True) -> tuple[int, int, int]:
        """The file's application id, number of schema objects and user version, read together."""
        if snapshot:
            db.execute("BEGIN")
        try:
            found = db.execute("PRAGMA application_id").fetchone()[0]
            tables = db.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
        finally:
            if snapshot:
                db.execute("COMMIT")
        return found, tables, version

    def _check_marks(self, db: sqlite3.Connection, found: int, tables: int, version: int) -> None:
        if tables and found != APPLICATION_ID:
            raise WordlistError(
                f"{self.path}: an SQLite database of something else, not a games database ({_KEPT})"
            )
        if tables and version != SCHEMA_VERSION:
            raise WordlistError(
                f"{self.path}: games database of schema version {version}; this server reads "
                f"version {SCHEMA_VERSION} ({_KEPT})"
            )
        if tables:  # set up already: only read, so that a full disk does not stop the start
            self._check_columns(db)

    def _use_wal(self, db: sqlite3.Connection) -> None:
        """The write-ahead log, switched on if the file has none yet. The switch needs the file to
        itself, and SQLite answers busy at once rather than waiting (no busy handler): another
        process opening the same new file is waited for here, up to the busy timeout."""
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        while True:
            journal = db.execute("PRAGMA journal_mode").fetchone()[0].lower()  # reading writes nothing
            if journal == "wal":
                return
            try:
                if db.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() == "wal":
                    return
                raise WordlistError(f"{self.path}: cannot use a write-ahead log here")
            except sqlite3.OperationalError as error:
                busy = (getattr(error, "sqlite_errorname", "") or "").startswith("SQLITE_BUSY")
                if not busy or time.monotonic() > deadline:
                    raise
            time.sleep(0.02)

    def _check_columns(self, db: sqlite3.Connection) -> None:
        found = tuple(row[1] for row in db.execute("PRAGMA table_info(games)"))
        if found != COLUMN_NAMES:  # ours by its marks, but its table was made (or changed) otherwise
            raise WordlistError(
                f"{self.path}: its games table has the columns {', '.join(found) or '(none)'}; this "
                f"server's are {', '.join(COLUMN_NAMES)} ({_KEPT})"
            )

    def _connection(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = self._open()
        return db

    def _failure(self, error: sqlite3.Error) -> StoreError:
        """A database error as the server reports it: busy (try again), full, an I/O error, or
        damaged (an operator's job); the message names the path and SQLite's own words."""
        name = getattr(error, "sqlite_errorname", "") or type(error).__name__
        said = f"{error} [{name}]"
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return StoreBusy(f"{self.path}: {said}")
        refused = self._room_refused() if name in _WRITES else None
        if refused is not None:
            return StoreFull(
                f"{self.path}: cannot write: {_NO_ROOM[refused]} ({said}: {os.strerror(refused)}); "
                "its games are kept: make room, and writes resume"
            )
        if name.startswith("SQLITE_FULL"):
            room = "the disk is full"
            if self.max_bytes is not None:
                room += f", or the database reached its size limit of {self.max_bytes} bytes"
            return StoreFull(
                f"{self.path}: cannot write: {room} ({said}); its games are kept: make room, and "
                "writes resume"
            )
        if name.startswith(
            ("SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PERM", "SQLITE_NOLFS")
        ):
            return StoreIOError(
                f"{self.path}: the disk or the file system failed a read or write ({said}); {_KEPT}: "
                "check the disk, its space and the file's permissions"
            )
        if name.startswith("SQLITE_NOTADB"):
            return StoreDamaged(
                f"{self.path}: not an SQLite database ({said}), so not a games database ({_KEPT})"
            )
        if name.startswith("SQLITE_CORRUPT"):
            return StoreDamaged(
                f"{self.path}: the database is damaged ({said}); {_KEPT}: `sqlite3 {self.path} .recover` "
                "copies what can be read into a new database"
            )
        return StoreDamaged(f"{self.path}: the database is not as this server made it ({said}); {_KEPT}")

    def _room_refused(self) -> int | None:
        """The errno (a key of _NO_ROOM) of a write as SQLite's may have been, if it is refused for
        want of room: _PROBE_BYTES past the most the database's files can reach (their sizes
        added up), in a temporary file beside them (unnamed, sparse: a few blocks, at once gone)."""
        reach = 0
        for suffix in ("", "-wal", "-shm", "-journal"):
            with contextlib.suppress(OSError):
                reach += os.stat(f"{self.path}{suffix}").st_size
        try:
            with tempfile.TemporaryFile(dir=self.path.parent) as probe:
                written = os.pwrite(probe.fileno(), bytes(_PROBE_BYTES), reach)
        except OSError as error:
            return error.errno if error.errno in _NO_ROOM else None
        return errno.ENOSPC if written < _PROBE_BYTES else None  # a short write: the disk filled

    async def _read(self, sql: str, values: tuple = ()) -> list[tuple]:
        try:
            return self._connection().execute(sql, values).fetchall()
        except sqlite3.Error as error:
            raise self._failure(error) from None

    async def _write(self, sql: str, values: tuple) -> tuple | None:
        """Run the statement in the writer's next transaction: its row, once committed. (Other
        workers hear of a change from the server's own channel, wordlist.server.workers.)"""
        if not self._writer.is_alive():
            raise StoreBusy(f"{self.path}: the store is closed")
        write = _Write(lambda db: db.execute(sql, values).fetchone())
        self._queue.put(write)
        return await write.future

    async def stop(self) -> None:
        self.close()

    def _write_loop(self, db: sqlite3.Connection) -> None:
        while True:
            first = self._queue.get()
            if first is _STOP:
                return
            batch = [first]
            while len(batch) < MAX_BATCH:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is _STOP:
                    self._queue.put(_STOP)  # after this batch
                    break
                batch.append(item)
            self._commit(db, batch)  # type: ignore[arg-type]

    def _commit(self, db: sqlite3.Connection, batch: list[_Write]) -> None:
        try:
            db.execute("BEGIN IMMEDIATE")
            applied: list[_Write] = []  # in this transaction, not committed yet
            for write in batch:
                db.execute("SAVEPOINT write")
                try:
                    write.result = write.apply(db)
                    db.execute("RELEASE write")
                    applied.append(write)
                except Exception as error:  # this write fails alone
                    write.error = self._failure(error) if isinstance(error, sqlite3.Error) else error
                    if db.in_transaction:
                        db.execute("ROLLBACK TO write")
                        db.execute("RELEASE write")
                    else:  # SQLite rolled the whole transaction back (a full disk can): those before too
                        for earlier in applied:
                            earlier.error = write.error
                        applied = []
                        db.execute("BEGIN IMMEDIATE")
            db.execute("COMMIT")
        except sqlite3.Error as error:  # nothing of the batch was committed
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            failure = self._failure(error)
            for write in batch:
                write.error = write.error or failure
        finally:
            for write in batch:
                write.finish()

    def _check_path(self) -> None:
        check_file_name(self.path)
        if self.path.is_dir():
            raise WordlistError(f"{self.path}: a folder, not a games database")
        if self.path.exists() and not self.path.is_file():  # a FIFO would block the first read
            raise WordlistError(f"{self.path}: not a regular file, so not a games database")
        if not self.path.parent.is_dir():
            raise WordlistError(f"{self.path}: its folder does not exist")

    def close(self) -> None:
        """Stop the writer thread (after its pending writes) and close every connection."""
        writer = getattr(self, "_writer", None)
        if writer is not None and writer.is_alive():
            self._queue.put(_STOP)
            writer.join()
        with self._lock:
            for db in self._connections:
                db.close()
            self._connections.clear()
        self._local = threading.local()
