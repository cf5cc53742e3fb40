"""The games in PostgreSQL, for several servers on several machines sharing one database
(`wordlist serve --db postgresql://user:password@host/dbname`; the `postgres` extra).

The driver is psycopg 3 with its pool (psycopg_pool): psycopg is PostgreSQL's own community's
driver, kept up with every server release, and ships its C library in the wheel
(`psycopg[binary]`), so nothing is compiled or installed besides pip's; it has both a blocking
API (the start-up checks, which must end in one line before the server listens) and an asyncio
one (the requests, so a worker's event loop never waits on the network), and LISTEN/NOTIFY in
both. asyncpg is as fast, but async only and without a pool that bounds its waiters. The pool
keeps each worker's connections open (a connection costs a few milliseconds and a server
process; a request, a round trip or two), bounds how many a worker opens (`POOL_SIZE`: N
workers on M machines open at most N x M x POOL_SIZE, which must stay under the server's
`max_connections`), replaces the broken ones, and queues a request for at most `POOL_TIMEOUT`
seconds (then 503 busy) when all are in use.

The same promises as SQLite (wordlist.server.records): each statement runs in its own
transaction (autocommit), and psycopg returns only after the server's answer to the whole of it,
its commit included; with PostgreSQL's default `synchronous_commit = on` the commit is in the
server's WAL on its disk, so an acknowledged move survives this server's SIGKILL and the
database server's power cut. A move is written with `UPDATE ... WHERE id = ? AND revision = ?`:
of two moves on one version, the second waits for the first's row lock, then finds the revision
changed and updates nothing (409). Every change of a game also sends a notification on the
game's own channel (`wordlist_game_<id>`, payload the id) in its own transaction (delivered only
if it commits); a server LISTENs to a game's channel while a request of its waits on the game
(`listen`, then `watch` hears it): a long poll on any machine wakes as soon as a move is committed
on any other, and a move wakes no server that is not waiting on its game (one channel for all
games woke every worker on every move, which cost each 2-worker server's paced p99).

The table is `wordlist_games`, created by the first server to start (under an advisory lock, so
that servers starting together do not race), marked as ours by its comment (with the schema's
version), and checked column by column at every start; a table of that name that is not ours is
left alone and named. Messages name the database by its URL without the password.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from typing import Any

from wordlist.errors import StoreBusy, StoreDamaged, StoreError, StoreFull, StoreIOError, WordlistError
from wordlist.server.records import COLUMN_NAMES, GAME_ID, GameTable

log = logging.getLogger("wordlist.server")

TABLE = "wordlist_games"
CHANNEL = "wordlist_game_"  # LISTEN/NOTIFY: a channel per game, this and its id; the payload is the id
SCHEMA_VERSION = 1
MARK = "wordlist games database, schema "  # the table's comment, then its schema version
SETUP_LOCK = 0x574C4753  # pg_advisory_xact_lock: "WLGS", the SQLite file's application_id
POOL_SIZE = 8  # connections a worker holds at most
POOL_TIMEOUT = 5.0  # seconds a request waits for a connection (then 503 busy)
POOL_WAITING = 1024  # requests waiting for a connection at most (then 503 busy at once)
CONNECT_TIMEOUT = 10  # seconds to open a connection
STATEMENT_TIMEOUT_MS = 10_000  # a statement of this store is one row by its key: milliseconds
# every connection's options: autocommit, and TCP keepalives, so that a connection a network
# drops without a word is found dead in about a minute (ignored on a Unix socket)
CONNECTION = {
    "autocommit": True,
    "connect_timeout": CONNECT_TIMEOUT,
    "keepalives": 1,
    "keepalives_idle": 30,
    "keepalives_interval": 10,
    "keepalives_count": 3,
}
LISTENER = "wordlist listener"  # the application_name of each server's LISTEN connection
LISTEN_RETRY = (0.5, 10.0)  # seconds between attempts to listen again: first, most

_SCHEMA = f"""
CREATE TABLE {TABLE} (
    id text PRIMARY KEY,
    kind text NOT NULL,             -- balda, wordgame
    language text NOT NULL,         -- the word list: a name of the server's catalog
    profile text NOT NULL,
    opponent text NOT NULL CHECK (opponent IN ('bot', 'friend')),
    level text,                     -- the bot's level
    bot_player smallint,            -- the bot's seat, 0 or 1
    bot_seed bigint,
    token0 text,                    -- sha256 of each player's secret; null for the bot's seat
    token1 text,                    -- and for a friend's, until they join
    invite text,                    -- sha256 of the invite, null once used
    version bigint NOT NULL,        -- turns played: the optimistic-concurrency check
    revision bigint NOT NULL,       -- every change (a move, a join): what waiting clients watch
    state text NOT NULL,            -- Game.to_dict() as JSON, loaded through the validated from_json
    created double precision NOT NULL,
    updated double precision NOT NULL
)
"""
_KEPT = "the database is left as it is"
# SQLSTATEs by what the server answers: busy (try again) or full; the rest is an operator's job
_BUSY = ("08", "40001", "40P01", "53200", "53300", "55P03", "57014", "57P01", "57P02", "57P03")


def public_url(url: str) -> str:
    """`url` without its password (in the authority or as a parameter), for messages and logs."""
    url = re.sub(r"^(postgres(?:ql)?://[^:/@?#]*):[^@/?#]*@", r"\1@", url)
    return re.sub(r"(?i)([?&]password=)[^&#]*", r"\1***", url)


def _first_line(error: Exception) -> str:
    """The first line of what `error` says (its type's name if nothing), without a password."""
    return public_url((str(error).strip().splitlines() or [type(error).__name__])[0])


def _driver() -> tuple[Any, Any]:
    try:
        import psycopg
        import psycopg_pool
    except ImportError as error:
        raise WordlistError(
            f"a PostgreSQL games database needs psycopg ({error}): "
            "pip install 'wiktionary-wordlist[server,postgres]'"
        ) from None
    return psycopg, psycopg_pool


class PostgresStore(GameTable):
    """The games table in the PostgreSQL database `url` names (checked, and created if missing,
    here; served once `start` has opened the pool in the event loop)."""

    TABLE = TABLE
    shared = True

    def __init__(self, url: str) -> None:
        self._psycopg, self._pool_module = _driver()
        self.url = url
        self.location = public_url(url)
        self._pool: Any = None
        self._sql: dict[str, str] = {}  # each statement with psycopg's placeholders
        self._wanted: set[str] = set()  # the games whose channels `watch` should listen to
        self._asked: asyncio.Event | None = None  # set when `_wanted` changed; `watch` makes it
        try:
            with self._psycopg.connect(url, **CONNECTION) as db:
                self._setup(db)
        except self._psycopg.Error as error:
            raise self._failure(error, starting=True) from None

    # --- setting up ---------------------------------------------------------------------------

    def _setup(self, db: Any) -> None:
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (SETUP_LOCK,))
            found = db.execute(
                "SELECT obj_description(to_regclass(%s), 'pg_class'), to_regclass(%s) IS NOT NULL",
                (TABLE, TABLE),
            ).fetchone()
            comment, exists = found
            if not exists:
                db.execute(_SCHEMA)
                db.execute(f"COMMENT ON TABLE {TABLE} IS '{MARK}{SCHEMA_VERSION}'")
            elif not (comment or "").startswith(MARK):
                raise WordlistError(
                    f"{self.location}: its table {TABLE} is something else's, not a games table ({_KEPT})"
                )
            elif comment != f"{MARK}{SCHEMA_VERSION}":
                raise WordlistError(
                    f"{self.location}: games table of schema version {comment.removeprefix(MARK)}; this "
                    f"server reads version {SCHEMA_VERSION} ({_KEPT})"
                )
            columns = db.execute(
                "SELECT attname FROM pg_attribute WHERE attrelid = to_regclass(%s) AND attnum > 0 "
                "AND NOT attisdropped ORDER BY attnum",
                (TABLE,),
            ).fetchall()
        found_names = tuple(row[0] for row in columns)
        if found_names != COLUMN_NAMES:  # ours by its mark, but made (or changed) otherwise
            raise WordlistError(
                f"{self.location}: its {TABLE} table has the columns {', '.join(found_names)}; this "
                f"server's are {', '.join(COLUMN_NAMES)} ({_KEPT})"
            )

    async def start(self) -> None:
        async def configure(connection: Any) -> None:
            await connection.execute(f"SET statement_timeout = {STATEMENT_TIMEOUT_MS}")

        self._pool = self._pool_module.AsyncConnectionPool(
            self.url,
            min_size=1,
            max_size=POOL_SIZE,
            timeout=POOL_TIMEOUT,
            max_waiting=POOL_WAITING,
            kwargs=CONNECTION,
            configure=configure,
            open=False,
            name="wordlist-games",
        )
        try:
            await self._pool.open(wait=True, timeout=CONNECT_TIMEOUT)
        except self._pool_module.PoolTimeout:
            await self._pool.close()
            self._pool = None
            raise StoreBusy(f"{self.location}: cannot connect within {CONNECT_TIMEOUT} s") from None

    async def stop(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    def close(self) -> None:
        """Nothing is held outside the pool, which `stop` closes in its event loop."""

    # --- reading and writing ------------------------------------------------------------------

    def _statement(self, sql: str) -> str:
        found = self._sql.get(sql)
        if found is None:
            found = self._sql[sql] = sql.replace("?", "%s")  # no other ? in these statements
        return found

    async def _run(self, sql: str, values: tuple) -> list[tuple]:
        if self._pool is None:
            raise StoreBusy(f"{self.location}: the store is closed")
        try:
            async with self._pool.connection() as db:
                cursor = await db.execute(self._statement(sql), values, prepare=True)
                return await cursor.fetchall()
        except (self._pool_module.PoolTimeout, self._pool_module.TooManyRequests):
            raise StoreBusy(f"{self.location}: every connection of the pool is in use") from None
        except self._psycopg.Error as error:
            raise self._failure(error) from None

    async def _read(self, sql: str, values: tuple) -> list[tuple]:
        return await self._run(sql, values)

    async def _write(self, sql: str, values: tuple) -> tuple | None:
        rows = await self._run(sql, values)
        return rows[0] if rows else None

    async def _change(self, update: str, values: tuple) -> int | None:
        rows = await self._run(
            f"WITH changed AS ({update} RETURNING id, revision) "
            f"SELECT revision, pg_notify('{CHANNEL}' || id, id) FROM changed",
            values,
        )
        return rows[0][0] if rows else None

    # --- hearing of changes -------------------------------------------------------------------

    def listen(self, game_id: str, watching: bool) -> None:
        """Hear of the game's changes from now on (`watch` wakes it), or no longer. Once the
        database has the LISTEN, `watch` wakes the game once more: a change committed before then
        was told to no one here."""
        if GAME_ID.fullmatch(game_id):  # anything else is no game: there is nothing to hear of
            (self._wanted.add if watching else self._wanted.discard)(game_id)
            if self._asked is not None:
                self._asked.set()

    async def watch(
        self, wake: Callable[[str], None], *, reconnected: Callable[[], None] | None = None
    ) -> None:
        """LISTEN, on a connection of its own, to the channels of the games `listen` asks for:
        `wake(game_id)` for each change any server commits to one. A lost connection is opened
        again (after LISTEN_RETRY seconds, doubling); `reconnected()` then, as changes may have
        been missed meanwhile."""
        self._asked = asyncio.Event()
        delay = LISTEN_RETRY[0]
        first = True
        while True:
            try:
                async with await self._psycopg.AsyncConnection.connect(
                    self.url, application_name=LISTENER, **CONNECTION
                ) as db:
                    listening: set[str] = set()
                    if not first and reconnected is not None:
                        reconnected()
                    first, delay = False, LISTEN_RETRY[0]
                    while True:
                        self._asked.clear()
                        async with asyncio.timeout(CONNECT_TIMEOUT):  # a connection gone silent
                            await self._follow(db, listening, wake)
                        async for note in db.notifies(timeout=0):  # those told during the LISTEN
                            wake(note.payload)
                        if not self._asked.is_set():
                            await self._hear_until_asked(db, wake)
            except Exception as error:  # listening must outlive any failure: logged, then retried
                said = _first_line(error)
                log.warning("%s: listening for changes: %s; again in %g s", self.location, said, delay)
                first = False
            await asyncio.sleep(delay)
            delay = min(LISTEN_RETRY[1], delay * 2)

    async def _follow(self, db: Any, listening: set[str], wake: Callable[[str], None]) -> None:
        """LISTEN to the channels of the games now wanted, UNLISTEN the others; then wake each game
        newly listened to, whose waiters must look again."""
        wanted = set(self._wanted)
        start, end = sorted(wanted - listening), sorted(listening - wanted)
        if not start and not end:
            return
        said = [f'LISTEN "{CHANNEL}{game_id}"' for game_id in start]  # ids are GAME_ID's: no quotes
        said += [f'UNLISTEN "{CHANNEL}{game_id}"' for game_id in end]
        await db.execute("; ".join(said))  # one round trip, however many
        listening.difference_update(end)
        listening.update(start)
        for game_id in start:
            wake(game_id)

    async def _hear_until_asked(self, db: Any, wake: Callable[[str], None]) -> None:
        """Wake the games notified until `listen` asks for other channels (a LISTEN needs the
        connection, which the notifications' reader holds) or the connection fails."""

        async def hear() -> None:
            async for note in db.notifies():
                wake(note.payload)

        assert self._asked is not None
        hearing = asyncio.ensure_future(hear())
        asked = asyncio.ensure_future(self._asked.wait())
        try:
            await asyncio.wait((hearing, asked), return_when=asyncio.FIRST_COMPLETED)
        finally:
            asked.cancel()
            hearing.cancel()  # while it waits for the socket: nothing read is dropped
            # its end, without awaiting it: its CancelledError must not pass for a cancel of `watch`
            await asyncio.wait((hearing,))
        if not hearing.cancelled() and hearing.exception() is not None:
            raise hearing.exception()  # a lost connection: `watch` connects again

    # --- errors -------------------------------------------------------------------------------

    def _failure(self, error: Exception, *, starting: bool = False) -> StoreError | WordlistError:
        """A database error as the server reports it (see wordlist.server.store): busy, full, an
        I/O error or a table not as this server made it; the message names the database (never
        its password) and the server's own words."""
        state = getattr(error, "sqlstate", None) or ""
        said = _first_line(error)
        said = f"{said} [{state}]" if state else said
        if starting and (not state or state.startswith("08") or state in ("28P01", "28000", "3D000")):
            return WordlistError(f"{self.location}: cannot connect to the games database ({said})")
        if not state or state.startswith(_BUSY):  # no state: the connection is gone
            return StoreBusy(f"{self.location}: {said}")
        if state == "53100":
            return StoreFull(
                f"{self.location}: cannot write: the database server's disk is full ({said}); its games "
                "are kept: make room, and writes resume"
            )
        if state.startswith(("58", "XX")):
            return StoreIOError(f"{self.location}: the database server failed ({said}); {_KEPT}")
        return StoreDamaged(f"{self.location}: the database is not as this server made it ({said}); {_KEPT}")
