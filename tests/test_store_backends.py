"""The games store's promises, on SQLite and on PostgreSQL alike (wordlist.server.records): a write
returns only once committed (another connection, another server, sees it), of moves made on one
version exactly one is written, a row is read back as written; and each backend's own checks: an
SQLite file's journal, a PostgreSQL table that is not ours, a server that cannot be reached, a
password never shown, LISTEN/NOTIFY waking another server's waiters (only on a commit, only
of the games it listens to)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import multiprocessing
import multiprocessing.synchronize
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import psycopg
import pytest

from tests.server_helpers import query
from wordlist.errors import ArgumentError, StoreBusy, StoreError, WordlistError
from wordlist.server.pgstore import CHANNEL, LISTENER, PostgresStore, public_url
from wordlist.server.records import GameRecord, GameTable, open_store, secret_hash
from wordlist.server.store import GameStore

RECORD = GameRecord(
    "g" * 16, "balda", "en", "balda", "friend", None, None, None, secret_hash("a" * 16), None,
    secret_hash("invite"), 0, 0, '{"v": 0}', 1.5, 1.5,
)  # fmt: skip


@contextlib.asynccontextmanager
async def opened(database: Path | str) -> AsyncIterator[GameTable]:
    store = open_store(database)
    await store.start()
    try:
        yield store
    finally:
        await store.stop()
        store.close()


def test_every_operation_answers_the_same_on_both_backends(database: Path | str) -> None:
    async def run() -> list[object]:
        async with opened(database) as store:
            seen: list[object] = [await store.insert(RECORD), await store.insert(RECORD)]
            seen += [
                await store.get(RECORD.id),
                await store.get(RECORD.id, state=False),
                await store.get("x" * 16),
            ]
            seen += [
                await store.update(RECORD.id, 0, 1, '{"v": 1}'),
                await store.update(RECORD.id, 0, 1, "no"),
            ]
            seen += [await store.join(RECORD.id, "wrong", "b" * 16, 1, '{"v": "j"}')]
            seen += [await store.join(RECORD.id, "invite", "b" * 16, 0, '{"v": "j"}')]  # a stale version
            seen += [await store.join(RECORD.id, "invite", "b" * 16, 1, '{"v": "joined"}')]
            seen += [await store.join(RECORD.id, "invite", "c" * 16, 1, '{"v": "again"}')]  # used up
            seen += [await store.touch(RECORD.id), await store.touch("x" * 16)]
            seen += [await store.claim_seat(RECORD.id, 1, "d" * 16)]  # taken: Bob joined
            rematch = dataclasses.replace(RECORD, id="r" * 16, token1=None, invite=None)
            seen += [await store.insert(rematch), await store.claim_seat("r" * 16, 1, "e" * 16)]
            seen += [await store.claim_seat("r" * 16, 1, "f" * 16)]
            final = await store.get(RECORD.id)
            assert final is not None
            seen += [dataclasses.replace(final, updated=0.0), await store.get("r" * 16, state=False)]
            return seen

    seen = asyncio.run(run())
    assert seen[:3] == [True, False, RECORD]
    assert seen[3] == dataclasses.replace(RECORD, state="") and seen[4] is None
    assert seen[5:12] == [1, None, None, None, 2, None, 3]
    assert seen[12:16] == [None, None, True, 1]
    assert seen[16] is None
    joined = dataclasses.replace(
        RECORD, token1=secret_hash("b" * 16), invite=None, version=1, revision=3, state='{"v": "joined"}'
    )
    assert seen[17] == dataclasses.replace(joined, updated=0.0)
    rematch = seen[18]
    assert (
        isinstance(rematch, GameRecord) and rematch.token1 == secret_hash("e" * 16) and rematch.revision == 1
    )


def test_of_moves_on_one_version_exactly_one_is_written(database: Path | str) -> None:
    """Two servers (two stores, each its own connections) race 8 moves at a time on the same game,
    round after round: each round, one move is written and every other is refused."""

    async def run() -> list[list[int | None]]:
        async with opened(database) as first, opened(database) as second:
            await first.insert(RECORD)
            rounds = []
            for version in range(12):
                moves = [
                    (first, second)[i % 2].update(RECORD.id, version, version + 1, f'{{"by": {i}}}')
                    for i in range(8)
                ]
                rounds.append(await asyncio.gather(*moves))
            return rounds

    for version, results in enumerate(asyncio.run(run())):
        written = [r for r in results if r is not None]
        assert written == [version + 1], results  # the one written has the next revision
    ((version, revision),) = query(database, "SELECT version, revision FROM games")
    assert (version, revision) == (12, 12)


def test_a_write_is_committed_when_it_returns(database: Path | str) -> None:
    """What a write returned is there for anyone else at once: another store (as another server
    would) and the database read behind the server's back."""

    async def run() -> None:
        async with opened(database) as writer, opened(database) as reader:
            await writer.insert(RECORD)
            for version in range(20):
                revision = await writer.update(RECORD.id, version, version + 1, f'{{"v": {version + 1}}}')
                found = await reader.get(RECORD.id)
                assert found is not None and (found.version, found.revision) == (version + 1, revision)
                assert query(database, "SELECT state FROM games") == [(f'{{"v": {version + 1}}}',)]

    asyncio.run(run())


def test_an_sqlite_store_journals_to_a_synced_write_ahead_log(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    try:
        assert store._connection().execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store._connection().execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        store.close()
    with sqlite3.connect(tmp_path / "games.sqlite") as connection:
        assert connection.execute("PRAGMA application_id").fetchone()[0] == 0x574C4753


def _open_at_once(path: str, start: multiprocessing.synchronize.Barrier, said: multiprocessing.Queue) -> None:
    start.wait()
    try:
        GameStore(path).close()
        said.put("opened")
    except WordlistError as error:
        said.put(str(error))


def test_servers_opening_one_new_sqlite_file_at_once_all_open_it(tmp_path: Path) -> None:
    # `serve --workers N` opens its database in N processes at the same moment; switching a new
    # file to the write-ahead log answered "database is locked" to one of three in a quarter of
    # the tries, and a mark read before another process wrote its table named it not ours
    context = multiprocessing.get_context("fork")
    for attempt in range(12):
        path = str(tmp_path / f"games{attempt}.sqlite")
        start, said = context.Barrier(4), context.Queue()
        processes = [context.Process(target=_open_at_once, args=(path, start, said)) for _ in range(4)]
        for process in processes:
            process.start()
        answers = [said.get(timeout=60) for _ in processes]
        for process in processes:
            process.join()
        assert answers == ["opened"] * 4, (attempt, answers)
        with sqlite3.connect(path) as connection:
            assert connection.execute("PRAGMA application_id").fetchone()[0] == 0x574C4753
            assert connection.execute("SELECT count(*) FROM games").fetchone()[0] == 0


def test_postgresql_tells_a_server_of_the_committed_changes_of_the_games_it_listens_to(postgres) -> None:
    url = postgres.new_database()
    other = dataclasses.replace(RECORD, id="B" * 16)

    async def until(test: Callable[[], bool]) -> None:
        for _ in range(100):
            if test():
                return
            await asyncio.sleep(0.05)

    async def run(notifier: psycopg.Connection) -> dict[str, object]:
        heard: list[str] = []
        reconnects: list[int] = []
        seen: dict[str, object] = {}

        def wake(game_id: str) -> None:
            heard.append(game_id)
            if len(heard) == 1:  # the waiters' look once the LISTEN is in: a change committed now
                notifier.execute("SELECT pg_notify(%s, %s)", (CHANNEL + game_id, game_id))  # is told

        async with opened(url) as writer, opened(url) as listener:
            assert isinstance(listener, PostgresStore)
            watching = asyncio.create_task(listener.watch(wake, reconnected=lambda: reconnects.append(1)))
            await writer.insert(RECORD)
            await writer.insert(other)
            listener.listen(RECORD.id, True)
            listener.listen("not a game's id", True)  # nothing to listen to: ignored
            await until(lambda: len(heard) == 2)
            seen["listened"] = list(heard)
            await writer.update(RECORD.id, 0, 1, "{}")
            await writer.update(RECORD.id, 0, 1, "{}")  # refused: nothing committed, nothing told
            await writer.update(other.id, 0, 1, "{}")  # a game no one here waits on
            await writer.touch("x" * 16)  # no such game
            await until(lambda: len(heard) == 3)
            await asyncio.sleep(0.3)  # anything else told would be heard by now
            seen["changed"] = list(heard)
            # the listener's connection is cut: it listens again, and says changes may be lost
            with psycopg.connect(url, autocommit=True) as admin:
                admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE application_name = %s AND datname = current_database()",
                    (LISTENER,),
                )
            await until(lambda: bool(reconnects) and len(heard) == 4)
            seen["reconnected"] = (len(reconnects), list(heard))
            await writer.touch(RECORD.id)
            await until(lambda: len(heard) == 5)
            listener.listen(RECORD.id, False)
            listener.listen(other.id, True)
            await until(lambda: len(heard) == 6)
            await writer.touch(RECORD.id)  # no longer listened to
            await writer.touch(other.id)
            await until(lambda: len(heard) == 7)
            await asyncio.sleep(0.3)
            seen["switched"] = list(heard)
            watching.cancel()  # (as the server stops: the task ends)
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(watching, 10)
            seen["stopped"] = watching.done()
        return seen

    with psycopg.connect(url, autocommit=True) as notifier:
        seen = asyncio.run(run(notifier))
    assert seen["listened"] == [RECORD.id] * 2  # the look once listening, and the change told then
    assert seen["changed"] == [RECORD.id] * 3
    assert seen["reconnected"] == (1, [RECORD.id] * 4)  # listening again: look again
    assert seen["switched"] == [RECORD.id] * 5 + [other.id] * 2
    assert seen["stopped"] is True


def test_a_postgresql_table_that_is_not_ours_is_named_and_left_alone(postgres) -> None:
    cases = [
        ("CREATE TABLE wordlist_games (id text)", "is something else's, not a games table"),
        (
            "CREATE TABLE wordlist_games (id text); COMMENT ON TABLE wordlist_games IS "
            "'wordlist games database, schema 7'",
            "games table of schema version 7; this server reads version 1",
        ),
        (
            "CREATE TABLE wordlist_games (id text PRIMARY KEY); COMMENT ON TABLE wordlist_games IS "
            "'wordlist games database, schema 1'",
            "its wordlist_games table has the columns id; this server's are id, kind",
        ),
    ]
    for sql, says in cases:
        url = postgres.new_database()
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(sql)
        with pytest.raises(WordlistError, match=says):
            PostgresStore(url)
        assert query(url, "SELECT count(*) FROM games") == [(0,)]  # and nothing changed
        with psycopg.connect(url, autocommit=True) as db:
            columns = db.execute(
                "SELECT count(*) FROM information_schema.columns WHERE table_name = 'wordlist_games'"
            )
            assert columns.fetchone()[0] == 1


def test_a_postgresql_server_out_of_reach_is_one_line_without_its_password(
    postgres, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cases = [
        f"postgresql://ann:s3cret@/db?host={tmp_path}/nothing-here",  # no server
        postgres.url("nonesuch").replace("wordlist@", "wordlist:s3cret@"),  # no such database
        postgres.url().replace("wordlist@", "nobody:s3cret@"),  # no such role
        f"postgresql:///db?host={tmp_path}/nothing-here&password=s3cret",
    ]
    for url in cases:
        with pytest.raises(WordlistError) as raised:
            open_store(url)
        said = str(raised.value)
        assert said.startswith(public_url(url)) and "cannot connect to the games database" in said, said
        assert "s3cret" not in said and "\n" not in said
    assert public_url("postgresql://ann:pw@host:5432/db") == "postgresql://ann@host:5432/db"
    assert (
        public_url("postgres://u:p@h/d?sslmode=require&password=x")
        == "postgres://u@h/d?sslmode=require&password=***"
    )
    with pytest.raises(ArgumentError, match="database_bytes bounds an SQLite file"):
        open_store(postgres.url(), max_bytes=1 << 20)
    # a URL mistyped, or another database's: refused, not made an SQLite file of that name
    monkeypatch.chdir(tmp_path)
    for typed, start in [
        ("postgresql:/ann:s3cret@db/games", "'postgresql:'"),
        ("Postgres:games", "'Postgres:'"),
        ("mysql://ann:s3cret@db/games", "'mysql://'"),
        ("sqlite:///games.sqlite", "'sqlite://'"),
    ]:
        with pytest.raises(
            WordlistError, match=f"a games database starting {start} is no postgresql:// URL"
        ) as raised:
            open_store(typed)
        assert "s3cret" not in str(raised.value)
    assert not list(tmp_path.iterdir())


def test_a_postgresql_store_that_is_closed_or_cut_off_is_busy_not_broken(postgres) -> None:
    url = postgres.new_database()
    store = open_store(url)

    async def run() -> None:
        with pytest.raises(StoreBusy, match="the store is closed"):
            await store.get(RECORD.id)  # not started
        await store.start()
        try:
            await store.insert(RECORD)
            with psycopg.connect(url, autocommit=True) as admin:  # every connection of the pool cut
                admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            with pytest.raises(StoreError) as raised:
                await store.get(RECORD.id)
            assert isinstance(raised.value, StoreBusy), raised.value  # 503: try again
            assert await store.get(RECORD.id) == RECORD  # and the next one is served
        finally:
            await store.stop()

    asyncio.run(run())
