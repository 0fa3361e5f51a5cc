"""The throwaway PostgreSQL server of the tests: where it looks for the binaries, and one database per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from cursord.testing import postgres
from cursord.testing.postgres import PostgresUnavailable, TempCluster, find_bindir


def test_missing_binaries_are_reported_with_where_they_were_looked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CURSORD_PG_BINDIR", str(tmp_path))
    monkeypatch.setattr(postgres.shutil, "which", lambda name: None)
    monkeypatch.setattr(postgres.glob, "glob", lambda pattern: [])
    with pytest.raises(PostgresUnavailable, match=r"initdb, pg_ctl.*apt-get install postgresql"):
        find_bindir()
    for name in ("initdb", "pg_ctl"):
        (tmp_path / name).write_text("#!/bin/sh\n")
    assert find_bindir() == tmp_path


def test_each_test_gets_an_empty_database(postgres_cluster: TempCluster) -> None:
    first, second = postgres_cluster.new_database(), postgres_cluster.new_database()
    assert first != second
    postgres_cluster.sql("CREATE TABLE t (x integer)", first)
    assert postgres_cluster.sql("SELECT count(*) FROM pg_tables WHERE tablename = 't'", second) == "0"
