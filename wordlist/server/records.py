"""The games table, whichever database holds it: its row (`GameRecord`), the statements that read
and change it (`GameTable`, written once for both backends), and `open_store`, which picks the
backend from what `--db` names: an SQLite file (`wordlist.server.store`, the default: nothing to
install) or a PostgreSQL server (`wordlist.server.pgstore`, for several machines).

Both promise the same: a write returns only once committed (an acknowledged move survives the
server being killed), a move is written only on the revision it was made on (of two moves on one
version exactly one wins, and no move overwrites a change it did not see), and a state is only
ever loaded through the games' validated `from_json` (wordlist.server.games does it, for both).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from typing import Any

from wordlist.errors import ArgumentError, ArgumentTypeError, WordlistError

COLUMNS = (
    "id, kind, language, profile, opponent, level, bot_player, bot_seed, token0, token1, invite, "
    "version, revision, state, created, updated"
)
COLUMN_NAMES = tuple(name.strip() for name in COLUMNS.split(","))
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
# a URL that is not PostgreSQL's, or a PostgreSQL URL mistyped: never taken for a file's path
_NOT_A_PATH = re.compile(r"(?i)[a-z][a-z0-9+.-]*://|postgres(?:ql)?:")
GAME_ID = re.compile(r"[A-Za-z0-9_-]{16}")  # secrets.token_urlsafe(12): 72 random bits


def secret_hash(secret: str) -> str:
    """The SHA-256 of a token or invite: the store keeps only these, never the secrets."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class GameRecord:
    """One game's row: who plays, the secrets' hashes, version and revision, the state as JSON."""

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

    def token_of(self, seat: int) -> str | None:
        """The hash of seat `seat`'s token, None while no one holds the seat (or the bot does)."""
        return self.token1 if seat else self.token0

    def seated(self, seat: int, token: str, **changes: Any) -> GameRecord:
        """This record with secret `token` holding seat `seat` (its hash, as the store's `join` and
        `claim_seat` write it), and the other `changes`."""
        hashed = secret_hash(token)
        token0, token1 = (hashed, self.token1) if seat == 0 else (self.token0, hashed)
        return replace(self, token0=token0, token1=token1, **changes)

    def invite_matches(self, invite: str) -> bool:
        """Whether `invite` is this game's unused invite (compared in constant time)."""
        return self.invite is not None and hmac.compare_digest(self.invite, secret_hash(invite))

    def problem(self, kinds: Collection[str], levels: Collection[str]) -> str | None:
        """What is wrong with the row besides its state (which `load_game` checks), or None: a row
        is read back from a file anyone with access can edit; a bot needs a seat and a level."""
        if self.kind not in kinds:
            return f"kind {self.kind!r} is not a game"
        bot = (self.bot_player, self.level, self.bot_seed)
        if self.opponent == "friend":
            return None if bot == (None, None, None) else "opponent 'friend', but the row has a bot's seat"
        if self.bot_player not in (0, 1):
            return f"bot_player {self.bot_player!r} is not a seat (0 or 1)"
        if self.level not in levels:
            return f"level {self.level!r} is not a bot level ({', '.join(levels)})"
        if self.bot_seed is None:
            return "a game against the bot without its bot_seed"
        return None


class GameTable:
    """The games table's reads and writes, the same SQL for both backends (`?` placeholders; the
    PostgreSQL store turns them into its own). A subclass runs them: `_read` on any connection,
    `_write` committed before it returns; `_change` is a write that bumps a game's revision,
    which those waiting on the game must hear of (PostgreSQL notifies in the same transaction)."""

    TABLE = "games"
    location: str  # what messages name the database by: a path, or a URL without its password
    shared = False  # True: other processes' changes are announced by the database itself

    async def _read(self, sql: str, values: tuple) -> list[tuple]:
        raise NotImplementedError

    async def _write(self, sql: str, values: tuple) -> tuple | None:
        raise NotImplementedError

    async def _change(self, update: str, values: tuple) -> int | None:
        """Run `update` (an UPDATE of one game that bumps its revision): the new revision, or None
        if it matched no row."""
        row = await self._write(f"{update} RETURNING revision", values)
        return row[0] if row is not None else None

    async def start(self) -> None:
        """Ready to serve, in the event loop that will use the store (PostgreSQL opens its pool)."""

    async def stop(self) -> None:
        """Done serving: the writes under way are committed, the connections closed."""

    async def watch(
        self, wake: Callable[[str], None], *, reconnected: Callable[[], None] | None = None
    ) -> None:
        """Call `wake(game_id)` for each change any process commits, until cancelled (and
        `reconnected()` when changes may have been missed); a store whose database cannot tell
        (SQLite) returns at once: the server's workers tell each other."""

    def listen(self, game_id: str, watching: bool) -> None:
        """Have `watch` hear of the game's changes from now on, or no longer (PostgreSQL tells a
        server only of the games it listens to; SQLite's `watch` hears nothing anyway)."""

    def close(self) -> None:
        """Let go of the database, whether or not the store was started (safe to call twice)."""

    async def insert(self, record: GameRecord) -> bool:
        """Store a new game (committed before this returns); False, and nothing written, if a game
        of its id exists."""
        values = tuple(getattr(record, name) for name in COLUMN_NAMES)
        sql = (
            f"INSERT INTO {self.TABLE} ({COLUMNS}) VALUES ({', '.join('?' * len(values))}) "
            "ON CONFLICT (id) DO NOTHING RETURNING id"
        )
        return await self._write(sql, values) is not None

    async def get(self, game_id: str, *, state: bool = True) -> GameRecord | None:
        """The game's record; without `state`, its state is "" (a state is kilobytes, and a game
        the server holds live needs none)."""
        columns = COLUMNS if state else COLUMNS.replace("state,", "'' AS state,")
        rows = await self._read(f"SELECT {columns} FROM {self.TABLE} WHERE id = ?", (game_id,))
        return GameRecord(*rows[0]) if rows else None

    async def update(self, game_id: str, expected_revision: int, version: int, state: str) -> int | None:
        """Store the state after a move made on the game at `expected_revision`: the new revision,
        or None when the game changed meanwhile (another move won, or a friend joined: a join
        changes the state, which the move must not overwrite)."""
        return await self._change(
            f"UPDATE {self.TABLE} SET state = ?, version = ?, revision = revision + 1, updated = ? "
            "WHERE id = ? AND revision = ?",
            (state, version, time.time(), game_id, expected_revision),
        )

    async def touch(self, game_id: str) -> int | None:
        """A change besides the state (a rematch asked for): the new revision, for those waiting on
        the game; None if there is no such game."""
        return await self._change(
            f"UPDATE {self.TABLE} SET revision = revision + 1, updated = ? WHERE id = ?",
            (time.time(), game_id),
        )

    async def claim_seat(self, game_id: str, seat: int, token: str) -> int | None:
        """Seat a friend without an invite (a rematch's second player, whose token in the game
        before vouches for them): the new revision, or None if the seat is taken (or the game is
        not a friend's game waiting for that seat without an invite)."""
        column = ("token0", "token1")[seat]  # a name from this tuple, never from a request
        return await self._change(
            f"UPDATE {self.TABLE} SET {column} = ?, revision = revision + 1, updated = ? WHERE id = ? "
            f"AND {column} IS NULL AND invite IS NULL AND opponent = 'friend'",
            (secret_hash(token), time.time(), game_id),
        )

    async def join(
        self, game_id: str, invite: str, token: str, expected_version: int, state: str
    ) -> int | None:
        """Seat the friend (the invite used up, their secret stored, the state with their name):
        the new revision, or None if the invite was used meanwhile or a move changed the game."""
        return await self._change(
            f"UPDATE {self.TABLE} SET token1 = ?, invite = NULL, state = ?, revision = revision + 1, "
            "updated = ? WHERE id = ? AND version = ? AND invite = ? AND token1 IS NULL",
            (secret_hash(token), state, time.time(), game_id, expected_version, secret_hash(invite)),
        )


def is_postgres(location: str | os.PathLike) -> bool:
    """Whether `--db` names a PostgreSQL server (a postgresql:// URL) rather than an SQLite file."""
    return isinstance(location, str) and location.startswith(POSTGRES_SCHEMES)


def open_store(location: str | os.PathLike, *, max_bytes: int | None = None) -> GameTable:
    """The games store `location` names: a postgresql:// URL, else an SQLite file's path (created
    if missing). `max_bytes` bounds an SQLite file (PostgreSQL's operator sizes its disk).
    WordlistError, naming the database but never a password, when it cannot be used."""
    if not isinstance(location, str | os.PathLike):
        raise ArgumentTypeError(
            f"a games database is a path, a string or a URL, not {type(location).__name__}"
        )
    if is_postgres(location):
        if max_bytes is not None:
            raise ArgumentError("database_bytes bounds an SQLite file; a PostgreSQL server's disk is its own")
        from wordlist.server.pgstore import PostgresStore

        return PostgresStore(str(location))
    if isinstance(location, str) and (found := _NOT_A_PATH.match(location)):
        raise WordlistError(  # (never the value itself: a URL may hold a password)
            f"a games database starting {found.group()!r} is no postgresql:// URL (postgresql://user@host/"
            "dbname, or postgresql://user@/dbname?host=/socket/folder) nor an SQLite file's path"
        )
    from wordlist.server.store import GameStore

    return GameStore(location, max_bytes=max_bytes)
