"""The PostgreSQL engine: psycopg 3 connections that run the store's SQL unchanged.

Theory of operation: the store (`SqlStore`) is the same for both engines; only its connections differ.
Here they are psycopg connections in autocommit mode (the store issues BEGIN / COMMIT itself), wrapped in
`PgConnection`, which takes SQLite's `?` placeholders (psycopg's `%s`) and exposes `in_transaction`, so
`WriterThread`, `ReadPool` and the SQL modules need not know which engine they drive. As with SQLite,
one writer connection on the writer thread serialises every write and groups them into transactions,
and reads run in worker threads (`trio.to_thread.run_sync` bounded by the pool's `CapacityLimiter`),
each on a connection of its own. `bench/pg_store.py` measured this against libpq's non-blocking mode
waited on with trio (see `bench/README.md`).

Durability: a batch somebody needs on disk commits with `synchronous_commit = on`; journal frames and
bookkeeping with `off` (a server crash may lose the last fraction of a second of them, never half of a
transaction), as SQLite's FULL and NORMAL.

Each session's time zone is the process's own, so the usage ledger's days are local days as with SQLite.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs
import psycopg
from psycopg import pq

from cursord.core import redact_url_password
from cursord.store.errors import StoreError
from cursord.store.pg_schema import migrate
from cursord.store.sql import Dialect

POSTGRES = Dialect(
    name="postgresql",
    begin_write="BEGIN",
    begin_read="BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY",
    durable="SET synchronous_commit = on",
    relaxed="SET synchronous_commit = off",
    day_of_started_at="to_char(to_timestamp(started_at), 'YYYY-MM-DD')",
    shared=True,
    lock_budgets="SELECT pg_advisory_xact_lock(7227)",  # any fixed key: only budget holds take it
)

CONNECT_TIMEOUT = 10  # seconds


@functools.lru_cache(maxsize=512)
def _placeholders(sql: str) -> str:
    """SQLite's `?` as psycopg's `%s` (the store's SQL has no `?` or `%` in its literals)."""
    return sql.replace("%", "%%").replace("?", "%s")


#: the statements a batch or a read starts with: on a lost connection, these may reconnect and run again
_OPENERS = ("BEGIN", "SET ")


@attrs.define(eq=False)
class PgConnection:
    """A psycopg connection that looks like the `sqlite3.Connection` the store's SQL was written for.

    A connection the server dropped (a restart, a failover, an idle timeout) is replaced when the next
    transaction begins: the statement that opens it (`BEGIN`, or the `SET` before it) reconnects and runs
    again, so one lost connection costs no failed call. A connection lost inside a transaction fails that
    transaction (its caller gets a `StoreError`, as with any failed commit); nothing runs after it until
    the next `BEGIN`. A new connection commits with the server's `synchronous_commit` until the writer
    next switches it (the default, `on`, is the durable one).
    """

    conn: psycopg.Connection[tuple[Any, ...]]
    url: str
    reconnects: int = 0

    @property
    def in_transaction(self) -> bool:
        return self.conn.info.transaction_status != pq.TransactionStatus.IDLE

    def execute(self, sql: str, parameters: Any = (), /) -> psycopg.Cursor[tuple[Any, ...]]:
        query, values = _placeholders(sql), tuple(parameters)
        if not sql.startswith(_OPENERS):
            return self.conn.execute(query, values)
        if self.conn.closed:
            self._reconnect()
        try:
            return self.conn.execute(query, values)
        except psycopg.OperationalError:
            if not self.conn.broken:
                raise
        self._reconnect()
        return self.conn.execute(query, values)

    def _reconnect(self) -> None:
        self.conn.close()
        self.conn = _connect(self.url)
        self.reconnects += 1

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> psycopg.Cursor[tuple[Any, ...]]:
        cursor = self.conn.cursor()
        cursor.executemany(_placeholders(sql), [tuple(row) for row in parameters])
        return cursor

    def close(self) -> None:
        self.conn.close()


def local_time_zones() -> list[str]:
    """The process's time zone as PostgreSQL may name it, best first: `$TZ`, the zone /etc/localtime
    links to, and the current UTC offset (right for today, wrong across a DST change)."""
    names: list[str] = []
    tz = os.environ.get("TZ", "").removeprefix(":")
    if tz and not tz.startswith("/"):
        names.append(tz)
    elif not tz:
        try:
            target = str(Path("/etc/localtime").resolve())
        except OSError:
            target = ""
        if "zoneinfo/" in target:
            names.append(target.split("zoneinfo/", 1)[1])
    offset = time.localtime().tm_gmtoff
    sign = "-" if offset < 0 else "+"
    hours, minutes = divmod(abs(offset) // 60, 60)
    # a POSIX zone string counts west of Greenwich as positive, hence the inverted sign after the name
    names.append(f"<{sign}{hours:02d}{minutes:02d}>{'+' if sign == '-' else '-'}{hours}:{minutes:02d}")
    return names


def connect(url: str) -> PgConnection:
    """One configured connection, or a `StoreError` that names the database without its password."""
    return PgConnection(_connect(url), url)


def _connect(url: str) -> psycopg.Connection[tuple[Any, ...]]:
    try:
        conn: psycopg.Connection[tuple[Any, ...]] = psycopg.connect(
            url, autocommit=True, connect_timeout=CONNECT_TIMEOUT, application_name="cursord"
        )
    except psycopg.Error as exc:
        raise StoreError(f"cannot connect to {redact_url_password(url)}: {_first_line(exc)}") from None
    for zone in local_time_zones():  # the first this server knows
        try:
            conn.execute("SELECT set_config('TimeZone', %s, false)", (zone,))
        except psycopg.DataError:
            continue
        break
    return conn


def open_connections(url: str, readers: int) -> tuple[PgConnection, list[PgConnection]]:
    """Connect the writer, migrate the database, connect `readers` read connections."""
    location = redact_url_password(url)
    opened: list[PgConnection] = []
    try:
        writer = connect(url)
        opened.append(writer)
        migrate(writer.conn, location)
        for _ in range(readers):
            opened.append(connect(url))
    except BaseException:
        for conn in opened:
            conn.close()
        raise
    return opened[0], opened[1:]


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return redact_url_password(text.splitlines()[0] if text else type(exc).__name__)
