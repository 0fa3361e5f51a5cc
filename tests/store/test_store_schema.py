"""Opening the store: a fresh data dir, an older schema written by hand, a newer one refused, pragmas.

These tests use the real clock: the store works through OS threads, which a trio MockClock cannot see.
"""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path

import pytest

from cursord.providers.model import Message, TextPart
from cursord.store import (
    DB_NAME,
    SCHEMA_VERSION,
    ActionHolder,
    SchemaTooNew,
    Scope,
    Spend,
    SqlPeopleStore,
    SqlStore,
    StoreError,
    UsageGroup,
    open_store,
)
from cursord.store.errors import MigrationFailed
from cursord.store.readers import ReadPool
from cursord.store.schema import MIGRATIONS, Migration, migrate, user_version
from tests.store.conftest import threaded

TABLES = {
    "conversations",
    "summary_archive",
    "turns",
    "messages",
    "passes",
    "tool_calls",
    "users",
    "budgets",
    "owners",
    "checkpoints",
    "blobs",
    "blob_refs",
    "journal_streams",
    "journal_events",
    "journal_pending",
    "nodes",
    "leases",
    "pass_holds",
    "conversation_titles",
    "waiting_actions",
    "waiting_positions",
    "forwarded",
}

#: Schema version 1 exactly as it shipped (kept here, not imported, so a later edit to migration 1
#: cannot silently change what this test upgrades from).
SCHEMA_V1 = """
CREATE TABLE conversations (conversation_id TEXT PRIMARY KEY, created_at REAL NOT NULL, updated_at REAL NOT NULL,
    model TEXT, summary TEXT, summary_up_to_turn INTEGER, summary_created_at REAL) STRICT;
CREATE TABLE summary_archive (conversation_id TEXT NOT NULL REFERENCES conversations(conversation_id)
    ON DELETE CASCADE, summary TEXT NOT NULL, up_to_turn INTEGER NOT NULL, created_at REAL NOT NULL,
    archived_at REAL NOT NULL) STRICT;
CREATE INDEX summary_archive_by_conversation ON summary_archive(conversation_id);
CREATE TABLE turns (conversation_id TEXT NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
    turn_seq INTEGER NOT NULL CHECK (turn_seq > 0), request_id TEXT,
    status TEXT NOT NULL CHECK (status IN ('completed', 'failed', 'canceled')), model TEXT, error TEXT,
    input_tokens INTEGER NOT NULL DEFAULT 0, output_tokens INTEGER NOT NULL DEFAULT 0,
    cache_read_tokens INTEGER NOT NULL DEFAULT 0, cache_write_tokens INTEGER NOT NULL DEFAULT 0,
    started_at REAL, committed_at REAL NOT NULL, PRIMARY KEY (conversation_id, turn_seq)) STRICT, WITHOUT ROWID;
CREATE TABLE messages (conversation_id TEXT NOT NULL, turn_seq INTEGER NOT NULL, position INTEGER NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('system', 'user', 'assistant', 'tool')), parts TEXT NOT NULL,
    PRIMARY KEY (conversation_id, turn_seq, position),
    FOREIGN KEY (conversation_id, turn_seq) REFERENCES turns(conversation_id, turn_seq) ON DELETE CASCADE) STRICT;
CREATE TABLE passes (pass_id INTEGER PRIMARY KEY, model_call_id TEXT NOT NULL, request_id TEXT NOT NULL,
    conversation_id TEXT, turn_seq INTEGER, model TEXT NOT NULL, provider TEXT,
    status TEXT NOT NULL CHECK (status IN ('completed', 'failed', 'canceled')), stop_reason TEXT, error TEXT,
    input_tokens INTEGER NOT NULL DEFAULT 0, output_tokens INTEGER NOT NULL DEFAULT 0,
    cache_read_tokens INTEGER NOT NULL DEFAULT 0, cache_write_tokens INTEGER NOT NULL DEFAULT 0,
    started_at REAL NOT NULL, first_token_ms INTEGER, duration_ms INTEGER NOT NULL) STRICT;
CREATE INDEX passes_by_request ON passes(request_id);
CREATE INDEX passes_by_turn ON passes(conversation_id, turn_seq);
CREATE TABLE tool_calls (call_row INTEGER PRIMARY KEY, tool_call_id TEXT NOT NULL, request_id TEXT NOT NULL,
    conversation_id TEXT, turn_seq INTEGER, model_call_id TEXT, name TEXT NOT NULL, arguments TEXT NOT NULL,
    exec_seq INTEGER, exec_id TEXT, result TEXT, is_error INTEGER NOT NULL DEFAULT 0 CHECK (is_error IN (0, 1)),
    started_at REAL NOT NULL, duration_ms INTEGER) STRICT;
CREATE INDEX tool_calls_by_id ON tool_calls(tool_call_id);
CREATE INDEX tool_calls_by_request ON tool_calls(request_id);
CREATE INDEX tool_calls_by_turn ON tool_calls(conversation_id, turn_seq);
CREATE TABLE checkpoints (conversation_id TEXT NOT NULL REFERENCES conversations(conversation_id)
    ON DELETE CASCADE, turn_seq INTEGER NOT NULL, state BLOB NOT NULL, created_at REAL NOT NULL,
    PRIMARY KEY (conversation_id, turn_seq)) STRICT;
CREATE TABLE blobs (blob_id BLOB PRIMARY KEY, data BLOB NOT NULL, created_at REAL NOT NULL,
    stored_by_editor INTEGER NOT NULL DEFAULT 0 CHECK (stored_by_editor IN (0, 1)), last_error TEXT,
    attempts INTEGER NOT NULL DEFAULT 0, stored_at REAL) STRICT;
CREATE TABLE blob_refs (conversation_id TEXT NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
    blob_id BLOB NOT NULL REFERENCES blobs(blob_id) ON DELETE CASCADE, created_at REAL NOT NULL,
    PRIMARY KEY (conversation_id, blob_id)) STRICT, WITHOUT ROWID;
CREATE INDEX blob_refs_by_blob ON blob_refs(blob_id);
INSERT INTO conversations VALUES ('old', 1.0, 2.0, 'gpt-old', NULL, NULL, NULL);
INSERT INTO turns(conversation_id, turn_seq, request_id, status, committed_at)
    VALUES ('old', 1, 'r1', 'completed', 2.0);
INSERT INTO messages VALUES ('old', 1, 0, 'user', '[{"t":"text","text":"hello from v1"}]');
INSERT INTO messages VALUES ('old', 1, 1, 'assistant', '[{"t":"text","text":"hi"}]');
INSERT INTO blobs(blob_id, data, created_at) VALUES (x'0102', x'ff', 1.0);
PRAGMA user_version = 1;
"""


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def raw_version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return user_version(conn)
    finally:
        conn.close()


async def test_open_from_an_empty_dir_creates_every_table(tmp_path: Path) -> None:
    data_dir = tmp_path / "not" / "yet"
    async with open_store(data_dir) as store:
        assert store.location == str(data_dir / DB_NAME)
        assert await store.load("nobody") == []
    path = data_dir / DB_NAME
    assert tables(path) >= TABLES
    assert raw_version(path) == SCHEMA_VERSION == len(MIGRATIONS)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # conversations are private
    assert stat.S_IMODE(data_dir.stat().st_mode) == 0o700


async def test_connections_are_configured(tmp_path: Path) -> None:
    async with open_store(tmp_path) as store:
        assert isinstance(store.readers, ReadPool)
        reader = store.readers.connections[0]  # idle here, so safe to inspect
        assert reader.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert reader.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert reader.execute("PRAGMA busy_timeout").fetchone()[0] == 5_000
        assert reader.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            reader.execute("DELETE FROM conversations")
        seen: list[tuple[int, int]] = []

        def look() -> None:
            conn = threaded(store).conn
            seen.append(
                (conn.execute("PRAGMA foreign_keys").fetchone()[0], conn.execute("PRAGMA busy_timeout").fetchone()[0])
            )

        threaded(store).before_commit = look
        await store.journal_open("r", None, None)
        assert seen == [(1, 5_000)]


async def test_upgrade_from_the_previous_version_keeps_data(tmp_path: Path) -> None:
    assert SCHEMA_VERSION == 11, "write the new N-1 schema into a test when adding a migration"
    path = tmp_path / DB_NAME
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA_V1)
    conn.close()
    assert raw_version(path) == 1 and "journal_events" not in tables(path)

    async with open_store(tmp_path) as store:
        assert await store.load("old") == [Message.user("hello from v1"), Message.assistant(TextPart("hi"))]
        info = await store.conversation("old")
        assert info is not None and info.model == "gpt-old" and info.last_turn_seq == 1
        assert await store.get_blob(b"\x01\x02") == b"\xff"
        record = await store.record_turn("old", [Message.user("after upgrade")])
        assert record.turn_seq == 2
        await store.journal_open("r1", "old", "m")
        assert await store.journal_append("r1", [b"e"]) == 1
    assert raw_version(path) == SCHEMA_VERSION
    assert tables(path) >= TABLES


async def test_upgrade_to_the_ledger_keeps_recorded_passes(tmp_path: Path) -> None:
    """Version 2 (the shipped migrations 1-2, applied for real) had passes without reasoning or cost."""
    path = tmp_path / DB_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, str(path), MIGRATIONS[:2])
    conn.execute(
        "INSERT INTO passes(model_call_id, request_id, conversation_id, model, status, input_tokens, "
        "output_tokens, cache_read_tokens, started_at, duration_ms) "
        "VALUES ('r1:1', 'r1', 'c1', 'gpt-5', 'completed', 100, 20, 64, 1000.0, 900)"
    )
    conn.close()
    assert raw_version(path) == 2
    async with open_store(tmp_path) as store:
        (old,) = await store.passes(request_id="r1")
        assert (old.usage.input, old.usage.cache_read, old.usage.reasoning) == (100, 64, 0)
        assert old.cost_usd is None  # recorded before costs were: unknown, not free
    assert raw_version(path) == SCHEMA_VERSION


async def test_upgrade_to_people_keeps_passes_as_nobodys(tmp_path: Path) -> None:
    """Version 3 (migrations 1-3 applied for real) had no users, budgets or owners, and passes without a user."""
    path = tmp_path / DB_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, str(path), MIGRATIONS[:3])
    conn.execute(
        "INSERT INTO passes(model_call_id, request_id, conversation_id, model, status, input_tokens, "
        "output_tokens, started_at, duration_ms, cost_usd) VALUES ('r1:1', 'r1', 'c1', 'gpt-5', 'completed', 100, 20, "
        "1000.0, 900, 0.5)"
    )
    conn.close()
    assert raw_version(path) == 3 and "users" not in tables(path)
    async with open_store(tmp_path) as store:
        (old,) = await store.passes(request_id="r1")
        assert old.cost_usd == 0.5
        (row,) = await store.usage(UsageGroup.USER)
        assert (row.key, row.passes, row.input_tokens) == (None, 1, 100)
        people = SqlPeopleStore(store)
        assert await people.users() == []
        assert await people.spent(Scope.USER, "alice", 0.0) == Spend(0, 0.0, 0)
    assert raw_version(path) == SCHEMA_VERSION
    assert tables(path) >= {"users", "budgets", "owners"}


async def test_upgrade_to_the_cluster_keeps_people(tmp_path: Path) -> None:
    """Version 4 (migrations 1-4 applied for real) had people but no nodes or leases."""
    path = tmp_path / DB_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, str(path), MIGRATIONS[:4])
    conn.execute("INSERT INTO users VALUES ('alice', 'core', x'0102', 1.0)")
    conn.close()
    assert raw_version(path) == 4 and "leases" not in tables(path)
    async with open_store(tmp_path) as store:
        (alice,) = await store.people().users()
        assert (alice.name, alice.team) == ("alice", "core")
        lease = await store.cluster().claim("r1", "node-a", 10.0)
        assert lease.node_id == "node-a"
    assert raw_version(path) == SCHEMA_VERSION


async def test_upgrade_to_pass_holds_keeps_budgets(tmp_path: Path) -> None:
    """Version 5 (migrations 1-5 applied for real) had budgets but held nothing for passes in flight."""
    path = tmp_path / DB_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, str(path), MIGRATIONS[:5])
    conn.execute("INSERT INTO budgets VALUES ('user', 'alice', 100, NULL)")
    conn.close()
    assert raw_version(path) == 5 and "pass_holds" not in tables(path)
    async with open_store(tmp_path) as store:
        (budget,) = await store.people().budgets()
        assert (budget.name, budget.tokens_per_day) == ("alice", 100)
    assert raw_version(path) == SCHEMA_VERSION
    assert "pass_holds" in tables(path)
async def test_upgrade_to_append_positions_keeps_journalled_streams(tmp_path: Path) -> None:
    """Version 5 (migrations 1-5 applied for real) journalled streams without their append position: such
    a stream reads as having none, and takes one once recorded."""
    path = tmp_path / DB_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, str(path), MIGRATIONS[:5])
    conn.execute(
        "INSERT INTO journal_streams(request_id, conversation_id, model, state, created_at) "
        "VALUES ('r1', 'c1', 'm', 'active', 1.0)"
    )
    conn.close()
    assert raw_version(path) == 5
    async with open_store(tmp_path) as store:
        record = await store.journal_load("r1")
        assert record is not None and record.conversation_id == "c1"
        assert await store.journal_append_position("r1") is None
        assert await store.journal_put_append_position("r1", '{"start": 0, "next": 7}')
        assert await store.journal_append_position("r1") == '{"start": 0, "next": 7}'
        assert not await store.journal_put_append_position("r2", '{"start": 0, "next": 1}')
    assert raw_version(path) == SCHEMA_VERSION


async def test_upgrade_to_waiting_actions_keeps_titles_and_holds(tmp_path: Path) -> None:
    """Version 8 (migrations 1-8 applied for real) kept no waiting conversation actions: the upgraded store
    keeps what version 8 had and holds actions from then on."""
    path = tmp_path / DB_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, str(path), MIGRATIONS[:8])
    conn.execute("INSERT INTO conversation_titles VALUES ('c1', 'Named before', 1.0)")
    conn.execute("INSERT INTO pass_holds VALUES ('r1:1', 'alice', NULL, 10, 0.5, 1.0)")
    conn.close()
    assert raw_version(path) == 8 and "waiting_actions" not in tables(path)
    async with open_store(tmp_path) as store:
        assert await store.titles(["c1"]) == {"c1": "Named before"}
        outcome = await store.add_waiting_action(
            ActionHolder.CONVERSATION, "c1", b"\x0a\x00", per_holder=2, holders=2, drop_oldest=True, max_bytes=1024,
            max_age=60.0,
        )
        assert outcome.stored
        assert await store.take_waiting_actions("r2", "c1") == [b"\x0a\x00"]
    assert raw_version(path) == SCHEMA_VERSION
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("SELECT model_call_id, tokens FROM pass_holds").fetchall() == [("r1:1", 10)]
    finally:
        conn.close()


async def test_upgrade_to_waiting_positions_keeps_held_actions(tmp_path: Path) -> None:
    """Version 9 (migrations 1-9 applied for real) held actions for a request id without its append
    position: the upgraded store keeps them, has no position for the request id, and keeps one from then on."""
    path = tmp_path / DB_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, str(path), MIGRATIONS[:9])
    conn.execute(
        "INSERT INTO waiting_actions(holder, holder_id, action, queued_at, origin) "
        "VALUES ('request', 'r1', x'0a00', 1.0, 'r1#-#0')"
    )
    conn.close()
    assert raw_version(path) == 9 and "waiting_positions" not in tables(path)
    async with open_store(tmp_path) as store:
        assert await store.waiting_position("r1") is None
        await store.put_waiting_position("r1", '{"start": 0, "next": 2}', keep=4)
        assert await store.waiting_position("r1") == '{"start": 0, "next": 2}'
        assert await store.take_waiting_actions("r1", None) == [b"\x0a\x00"]
        assert await store.waiting_position("r1") is None
    assert raw_version(path) == SCHEMA_VERSION


async def test_a_newer_schema_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(SchemaTooNew, match=r"schema version 99.*versions up to 11.*newer cursord") as info:
        await SqlStore.open(tmp_path)
    assert (info.value.found, info.value.known) == (99, SCHEMA_VERSION)
    assert raw_version(path) == 99
    assert tables(path) == set()


async def test_a_file_that_is_not_a_database_gives_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"this is not sqlite at all, just some text " * 100)
    with pytest.raises(StoreError, match=r"cannot open .*not a database"):
        await SqlStore.open(tmp_path)


def test_a_failing_migration_leaves_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite3"
    migrations = (
        Migration(1, "one", ("CREATE TABLE a (x INTEGER)",)),
        Migration(2, "two", ("CREATE TABLE b (x INTEGER)", "INSERT INTO a VALUES (1)", "THIS IS NOT SQL")),
    )
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        with pytest.raises(MigrationFailed, match="migration to schema version 2 \\(two\\) failed"):
            migrate(conn, str(path), migrations)
        assert user_version(conn) == 1
        names = {n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert names == {"a"}  # b's CREATE TABLE was rolled back with the rest
        assert conn.execute("SELECT COUNT(*) FROM a").fetchone()[0] == 0
        # fixed migration: applies from version 1 onward
        fixed = (migrations[0], Migration(2, "two", ("CREATE TABLE b (x INTEGER)",)))
        assert migrate(conn, str(path), fixed) == 1
        assert user_version(conn) == 2
        assert migrate(conn, str(path), fixed) == 2  # nothing left to do
    finally:
        conn.close()
