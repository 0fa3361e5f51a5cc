"""`db`: the store tests that hold for both engines run once on SQLite and once on PostgreSQL."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

import attrs
import psycopg
import pytest

from cursord.store import DB_NAME, SqlStore, open_store
from cursord.store.writer import WriterThread


@attrs.frozen
class StoreTarget:
    """Where a test's store lives: a SQLite data dir, or (with `url`) a fresh PostgreSQL database."""

    data_dir: Path
    url: str | None = None

    @property
    def engine(self) -> str:
        return "sqlite" if self.url is None else "postgresql"

    def open(self, **options: Any) -> contextlib.AbstractAsyncContextManager[SqlStore]:
        return open_store(self.data_dir, url=self.url, **options)

    async def open_now(self, **options: Any) -> SqlStore:
        return await SqlStore.open(self.data_dir, url=self.url, **options)

    def sql(self, statement: str, *params: Any) -> list[tuple[Any, ...]]:
        """Run one statement behind the store's back (`?` placeholders); its rows."""
        if self.url is None:
            conn = sqlite3.connect(self.data_dir / DB_NAME)
            try:
                with conn:
                    return conn.execute(statement, params).fetchall()
            finally:
                conn.close()
        with psycopg.connect(self.url, autocommit=True) as pg:
            cursor = pg.execute(statement.replace("?", "%s"), params)
            return cursor.fetchall() if cursor.description else []


@pytest.fixture
def db(tmp_path: Path, store_url: str | None) -> StoreTarget:
    return StoreTarget(tmp_path, store_url)


def threaded(store: SqlStore) -> WriterThread:
    """The store's writer thread (these tests use the threaded store, not `inline=True`)."""
    assert isinstance(store.writer, WriterThread)
    return store.writer
