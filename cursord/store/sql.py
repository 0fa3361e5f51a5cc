"""What the store's SQL needs of a database connection, and where the two engines' SQL differs.

The SQL modules (`conversations`, `blobs`, `journal`, `usage`, `people`) are plain functions of a
`Connection`: a `sqlite3.Connection` as it is, or `cursord.store.postgres.PgConnection`, which takes
the same `?` placeholders and gives the same rows. Their statements are written in the SQL both engines
speak (`ON CONFLICT`, `CASE`, `NULLS LAST`; PostgreSQL's tables name their identity column `rowid` so
"insertion order" reads the same). What cannot be written once is a `Dialect`: how a transaction
begins, how durable a commit is, and the calendar day of a timestamp.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Protocol

import attrs


class Rows(Protocol):
    """A cursor after `execute`: iterate it, or take one row; `rowcount` after a DML statement."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """A connection in autocommit mode: the store issues BEGIN / COMMIT itself."""

    @property
    def in_transaction(self) -> bool: ...

    def execute(self, sql: str, parameters: Any = ..., /) -> Rows: ...

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Rows: ...

    def close(self) -> None: ...


@attrs.frozen
class Dialect:
    name: str
    begin_write: str
    #: a read's transaction: every query of one read sees one snapshot
    begin_read: str
    #: set before a batch whose commit must reach the disk, and before one that need only survive a crash
    durable: str
    relaxed: str
    #: the local calendar day (YYYY-MM-DD) of `started_at` (epoch seconds), for the usage ledger
    day_of_started_at: str
    #: other processes write the database at once (a gateway's nodes): statements they race on (leases)
    #: run one to a transaction, outside the writer's batches, so no lock cycle can form with them
    shared: bool = False
    #: on a shared database, the statement that makes budget holds one at a time across processes
    #: (`people.hold_pass`), held until the transaction ends
    lock_budgets: str | None = None


SQLITE = Dialect(
    name="sqlite",
    begin_write="BEGIN IMMEDIATE",
    begin_read="BEGIN",
    durable="PRAGMA synchronous = FULL",
    relaxed="PRAGMA synchronous = NORMAL",
    day_of_started_at="date(started_at, 'unixepoch', 'localtime')",
)
