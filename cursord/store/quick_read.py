"""A one-off command's read of a SQLite store, without the store's machinery (`cursord usage`).

`SqlStore.open` starts a writer thread and read pool under trio and migrates the file: right for the daemon,
a third of a second of imports for a command that prints one table. A store whose schema is this build's own
is read here instead, through a read-only connection and the same query functions the store uses (so the
figures cannot differ). Any other store (missing, older and still to be migrated, newer, or PostgreSQL) is left
to `SqlStore.open`, which says what is wrong with it.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from cursord.store import conversations, usage
from cursord.store.errors import StoreError
from cursord.store.schema import SCHEMA_VERSION, connect, user_version
from cursord.store.sql import SQLITE

__all__ = ["QuickUsage", "current_sqlite"]


@contextlib.contextmanager
def current_sqlite(path: Path) -> Iterator[sqlite3.Connection | None]:
    """A read-only connection to the SQLite store at `path`, or None when its schema is not this build's
    (or it cannot be opened): the caller then opens it the full way."""
    try:
        conn = connect(str(path), read_only=True)
    except (sqlite3.Error, StoreError):
        yield None
        return
    try:
        yield conn if user_version(conn) == SCHEMA_VERSION else None
    finally:
        conn.close()


class QuickUsage:
    """`SqlStore.usage` and `SqlStore.titles` over one read-only connection."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def usage(self, by: usage.UsageGroup, since: float | None) -> list[usage.UsageRow]:
        return usage.usage_rows(self._conn, by, since, SQLITE.day_of_started_at)

    def titles(self, conversation_ids: list[str]) -> dict[str, str]:
        return conversations.titles(self._conn, conversation_ids, limit=len(conversation_ids))
