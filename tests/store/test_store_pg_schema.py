"""Opening a PostgreSQL store: migrations from empty and from the previous version, racing nodes, a newer
schema refused, a failing migration rolled back, the password kept out of what the store shows.

Real clock: the store works through OS threads and a real server.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

import psycopg
import pytest
import trio

from cursord.providers.model import Message, TextPart
from cursord.store import (
    DB_NAME,
    SCHEMA_VERSION,
    ActionHolder,
    ForwardedRow,
    MigrationFailed,
    PassRecord,
    PassStatus,
    SchemaTooNew,
    Scope,
    Spend,
    SqlStore,
    StoreError,
    UsageGroup,
    open_store,
)
from cursord.store.pg_schema import MIGRATIONS, current_version, load_migrations, migrate
from cursord.store.schema import MIGRATIONS as SQLITE_MIGRATIONS
from cursord.store.schema import Migration
from cursord.testing.postgres import TempCluster
from tests.store.test_store_schema import TABLES


def tables(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()").fetchall()
    return {name for (name,) in rows}


def version(url: str) -> int:
    with psycopg.connect(url, autocommit=True) as conn:
        return current_version(conn)


def test_the_migrations_are_the_sqlite_versions() -> None:
    assert [m.version for m in MIGRATIONS] == [m.version for m in SQLITE_MIGRATIONS]
    assert MIGRATIONS[-1].version == SCHEMA_VERSION
    assert MIGRATIONS[0].description.startswith("conversations, turns, messages")


async def test_open_an_empty_database_creates_every_table(postgres_url: str, tmp_path: Path) -> None:
    async with open_store(tmp_path, url=postgres_url) as store:
        assert "not-a-secret" not in store.location and store.location.startswith("postgresql://cursord:")
        await store.commit_turn("c", [Message.user("hi")])
    assert tables(postgres_url) == TABLES | {"schema_version"}
    assert version(postgres_url) == SCHEMA_VERSION
    with psycopg.connect(postgres_url) as conn:
        rows = conn.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
    assert [v for (v,) in rows] == list(range(1, SCHEMA_VERSION + 1))
    assert os.listdir(tmp_path) == []  # nothing of the store in the data dir


async def test_upgrade_from_the_previous_version_keeps_rows(postgres_url: str, tmp_path: Path) -> None:
    """Migrations 1..N-1 applied for real, rows written the way that version wrote them, then opened."""
    assert SCHEMA_VERSION == 11, "write rows of the new N-1 schema here when adding a migration"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        migrate(conn, "test", MIGRATIONS[:-1])
        with conn.transaction():
            conn.execute("INSERT INTO conversations VALUES ('old', 1.0, 2.0, 'gpt-old', NULL, NULL, NULL)")
            conn.execute(
                "INSERT INTO turns(conversation_id, turn_seq, status, committed_at) VALUES ('old', 1, 'completed', 2.0)"
            )
            conn.execute(
                "INSERT INTO messages VALUES ('old', 1, 0, 'user', '[{\"t\":\"text\",\"text\":\"hello from v4\"}]')"
            )
            conn.execute(
                "INSERT INTO passes(model_call_id, request_id, conversation_id, model, status, input_tokens, "
                "output_tokens, started_at, duration_ms, cost_usd, user_name, team) "
                "VALUES ('r1:1', 'r1', 'old', 'gpt-5', 'completed', 100, 20, 1000.0, 900, 0.5, 'alice', 'core')"
            )
            conn.execute("INSERT INTO users VALUES ('alice', 'core', '\\x0102'::bytea, 1.0)")
            conn.execute("INSERT INTO blobs(blob_id, data, created_at) VALUES ('\\x0102'::bytea, '\\xff'::bytea, 1.0)")
            conn.execute("INSERT INTO leases VALUES ('r1', 'node-a', 1.0)")
            conn.execute(
                "INSERT INTO journal_streams(request_id, conversation_id, model, state, created_at) "
                "VALUES ('r5', 'old', 'gpt-5', 'active', 1.0)"
            )
            conn.execute("INSERT INTO conversation_titles VALUES ('old', 'Named before', 1.0)")
            conn.execute("INSERT INTO waiting_actions(holder, holder_id, action, queued_at, origin) "
                         "VALUES ('request', 'r7', '\\x0a00'::bytea, 1.0, 'r7#-#0')")
    assert version(postgres_url) == SCHEMA_VERSION - 1 and "forwarded" not in tables(postgres_url)

    async with open_store(tmp_path, url=postgres_url) as store:
        assert await store.load("old") == [Message.user("hello from v4")]
        info = await store.conversation("old")
        assert info is not None and info.model == "gpt-old" and info.last_turn_seq == 1
        assert await store.get_blob(b"\x01\x02") == b"\xff"
        (old,) = await store.passes(request_id="r1")
        assert (old.usage.input, old.cost_usd) == (100, 0.5)
        (row,) = await store.usage(UsageGroup.USER)
        assert (row.key, row.passes, row.input_tokens) == ("alice", 1, 100)
        assert await store.people().spent(Scope.USER, "alice", 0.0) == Spend(120, 0.5, 0)
        assert (await store.cluster().claim("r1", "node-a", 10.0)).node_id == "node-a"
        assert await store.journal_append_position("r5") is None  # the stream journalled before v6
        assert await store.journal_put_append_position("r5", '{"start": 0, "next": 3}')
        assert await store.journal_append_position("r5") == '{"start": 0, "next": 3}'
        assert not await store.journal_put_append_position("nobody", '{"start": 0, "next": 1}')
        record = await store.record_turn("old", [Message.assistant(TextPart("after the upgrade"))])
        assert record.turn_seq == 2
        assert await store.titles(["old"]) == {"old": "Named before"}
        assert await store.waiting_position("r7") is None  # held before v10: no position kept
        await store.put_waiting_position("r7", '{"start": 0, "next": 2}', keep=4)
        assert await store.waiting_position("r7") == '{"start": 0, "next": 2}'
        assert await store.take_waiting_actions("r7", None) == [b"\x0a\x00"]
        assert await store.waiting_position("r7") is None
        outcome = await store.add_waiting_action(
            ActionHolder.REQUEST, "r6", b"\x0a\x00", per_holder=2, holders=2, drop_oldest=False, max_bytes=1024,
            max_age=60.0,
        )
        assert outcome.stored and await store.take_waiting_actions("r6", None) == [b"\x0a\x00"]
        store.record_forwarded_nowait(ForwardedRow("2026-06-01", "aiserver.v1.AiService/Ping", False, 1, 0, 2, 3))
        await store.flush()
        assert [row.calls for row in await store.forwarded()] == [1]
        await store.set_title("old", "Named after the upgrade")
        assert await store.titles(["old"]) == {"old": "Named after the upgrade"}
    assert version(postgres_url) == SCHEMA_VERSION


async def test_nodes_opening_one_database_at_once_migrate_it_once(postgres_cluster: TempCluster) -> None:
    """Four openers released together, three rounds: the advisory lock lets one migrate, the rest wait and
    find the work done (without it they collide on CREATE TABLE)."""
    for _ in range(3):
        url = postgres_cluster.url(postgres_cluster.new_database())
        gate = threading.Barrier(4)
        failures: list[BaseException] = []

        def open_one(
            url: str = url, gate: threading.Barrier = gate, failures: list[BaseException] = failures
        ) -> None:
            with psycopg.connect(url, autocommit=True) as conn:
                gate.wait(30)
                try:
                    migrate(conn, "race")
                except BaseException as exc:
                    failures.append(exc)

        async with trio.open_nursery() as nursery:
            for _ in range(4):
                nursery.start_soon(trio.to_thread.run_sync, open_one)
        assert failures == []
        with psycopg.connect(url) as conn:
            rows = conn.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
        assert [v for (v,) in rows] == list(range(1, SCHEMA_VERSION + 1))


async def test_stores_opened_together_share_one_database(postgres_url: str, tmp_path: Path) -> None:
    stores: list[SqlStore] = []

    async def open_one() -> None:
        stores.append(await SqlStore.open(tmp_path, url=postgres_url, readers=1))

    async with trio.open_nursery() as nursery:
        for _ in range(3):
            nursery.start_soon(open_one)
    try:
        await stores[0].commit_turn("c", [Message.user("from node 0")])
        assert await stores[2].load("c") == [Message.user("from node 0")]
    finally:
        for store in stores:
            await store.aclose()


async def test_a_newer_schema_is_refused_and_left_alone(postgres_url: str, tmp_path: Path) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        migrate(conn, "test")
        conn.execute("INSERT INTO schema_version VALUES (99, 'from the future', 0)")
    with pytest.raises(SchemaTooNew, match=r"schema version 99.*versions up to 11.*newer cursord") as info:
        await SqlStore.open(tmp_path, url=postgres_url)
    assert (info.value.found, info.value.known) == (99, SCHEMA_VERSION)
    assert "not-a-secret" not in str(info.value)
    assert version(postgres_url) == 99


def test_a_failing_migration_leaves_the_previous_version(postgres_url: str) -> None:
    migrations = (
        Migration(1, "one", ("CREATE TABLE a (x integer);",)),
        Migration(2, "two", ("CREATE TABLE b (x integer); INSERT INTO a VALUES (1); THIS IS NOT SQL;",)),
    )
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        with pytest.raises(MigrationFailed, match=r"migration to schema version 2 \(two\) failed"):
            migrate(conn, "test", migrations)
        assert current_version(conn) == 1
        assert "b" not in tables(postgres_url)
        assert conn.execute("SELECT COUNT(*) FROM a").fetchone() == (0,)
        fixed = (migrations[0], Migration(2, "two", ("CREATE TABLE b (x integer);",)))
        assert migrate(conn, "test", fixed) == 1
        assert migrate(conn, "test", fixed) == 2


def test_migration_files_must_be_numbered_without_gaps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "fakepkg"
    (package / "pg_migrations").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "pg_migrations" / "0001_one.sql").write_text("-- the first\nSELECT 1;")
    (package / "pg_migrations" / "0003_three.sql").write_text("SELECT 3;")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(StoreError, match=r"not numbered 1..N: \[1, 3\]"):
        load_migrations("fakepkg")
    (package / "pg_migrations" / "0002_two.sql").write_text("SELECT 2;")
    found = load_migrations("fakepkg")
    assert [(m.version, m.description) for m in found] == [(1, "the first"), (2, "two"), (3, "three")]


async def test_an_unreachable_server_is_a_clear_error_without_the_password(
    postgres_cluster: TempCluster, tmp_path: Path
) -> None:
    url = postgres_cluster.url("no_such_database", password="hunter2-secret")
    expected = r"cannot connect to postgresql://cursord:<redacted>@/no_such_database"
    with pytest.raises(StoreError, match=expected) as info:
        await SqlStore.open(tmp_path, url=url)
    assert "hunter2-secret" not in str(info.value)


async def test_usage_days_are_local_days(postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Pacific/Kiritimati")  # UTC+14: 2024-01-01T12:00Z is already the 2nd there
    async with open_store(tmp_path, url=postgres_url) as store:
        await store.record_pass(
            PassRecord("m:1", "r", None, "gpt", PassStatus.COMPLETED, started_at=1_704_110_400.0, duration_ms=1)
        )
        (row,) = await store.usage(UsageGroup.DAY)
    assert row.key == "2024-01-02"


async def test_connections_the_server_dropped_are_replaced_without_a_failed_call(
    postgres_url: str, tmp_path: Path
) -> None:
    async with open_store(tmp_path, url=postgres_url, readers=2) as store:
        await store.commit_turn("c", [Message.user("before")])
        assert await store.load("c") == [Message.user("before")]
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            dropped = admin.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).fetchone()
        assert dropped is not None and dropped[0] >= 3  # the writer and both readers
        await store.commit_turn("c", [Message.user("after")])
        assert await store.load("c") == [Message.user("before"), Message.user("after")]
        await store.journal_open("r", "c", None)
        assert await store.journal_append("r", [b"still journalling"]) == 1


async def test_both_engines_have_the_same_tables_and_columns(postgres_url: str, tmp_path: Path) -> None:
    """The SQL modules are shared, so the schemas must be too (PostgreSQL names SQLite's implicit rowid)."""
    async with open_store(tmp_path), open_store(tmp_path, url=postgres_url):
        pass
    conn = sqlite3.connect(tmp_path / DB_NAME)
    try:
        sqlite_columns = {
            (table, column)
            for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
            for (_, column, *_rest) in conn.execute(f"PRAGMA table_info({table})").fetchall()
        }
    finally:
        conn.close()
    with psycopg.connect(postgres_url) as pg:
        rows = pg.execute(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()"
        ).fetchall()
    pg_columns = {(table, column) for table, column in rows if table != "schema_version"}
    assert pg_columns == sqlite_columns | {("summary_archive", "rowid"), ("blobs", "rowid")}


async def test_a_time_zone_the_server_does_not_know_falls_back_to_the_offset(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TZ", "Nowhere/Else")
    async with open_store(tmp_path, url=postgres_url) as store:
        await store.record_pass(
            PassRecord("m:1", "r", None, "gpt", PassStatus.COMPLETED, started_at=1_704_110_400.0, duration_ms=1)
        )
        (row,) = await store.usage(UsageGroup.DAY)
    assert row.key == "2024-01-01"  # Python reads an unknown TZ as UTC too
