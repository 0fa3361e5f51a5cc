"""The PostgreSQL driver is the `postgres` extra: without it the SQLite store works and a PostgreSQL URL is one
clear error naming what to install (not an ImportError traceback at start)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import cursord.store
from cursord.store import StoreError, open_store


async def test_a_postgresql_store_without_its_driver_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # what an install without the extra looks like
    monkeypatch.delitem(sys.modules, "cursord.store.postgres", raising=False)
    monkeypatch.delitem(sys.modules, "cursord.store.pg_schema", raising=False)
    monkeypatch.delattr(cursord.store, "postgres", raising=False)  # an earlier test's import of it
    with pytest.raises(StoreError, match=r"pip install 'cursord\[postgres\]'"):
        async with open_store(tmp_path, url="postgresql://cursord@127.0.0.1:1/cursord"):
            pass
    async with open_store(tmp_path) as store:  # SQLite needs no driver
        assert store.location.endswith("cursord.sqlite3")
