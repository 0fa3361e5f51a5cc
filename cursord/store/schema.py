"""The store's SQLite schema, its ordered migrations, and how every connection is configured.

Theory of operation: `PRAGMA user_version` holds the schema version; version N is what the first N
entries of `MIGRATIONS` produce. `migrate` runs at open, applies each missing migration in its own
`BEGIN IMMEDIATE` transaction together with the new `user_version` (SQLite DDL is transactional, so a
migration that fails leaves the file at the previous version), and refuses a file whose version is
newer than any this code knows. The version is read again inside each transaction, so two processes
opening the same file at once cannot apply a migration twice.

Append a migration to change the schema (and the matching PostgreSQL file, `cursord.store.pg_schema`:
the versions are the same); never edit one that has shipped. A migration that must
rebuild a table (SQLite's 12-step ALTER) needs `foreign_keys` off around it: give it its own runner.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import attrs

from cursord.config import SQLITE_SCHEME
from cursord.store.errors import MigrationFailed, SchemaTooNew, StoreError

BUSY_TIMEOUT_MS = 5_000
#: Truncate the WAL back to this size after a checkpoint, so one huge batch does not leave a huge file.
JOURNAL_SIZE_LIMIT = 64 * 1024 * 1024
MIN_SQLITE = (3, 37, 0)  # STRICT tables


@attrs.frozen
class Migration:
    version: int  # the schema version this migration produces
    description: str
    statements: tuple[str, ...]


_V1_HISTORY = (
    """CREATE TABLE conversations (
        conversation_id TEXT PRIMARY KEY,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        model TEXT,
        summary TEXT,
        summary_up_to_turn INTEGER,
        summary_created_at REAL
    ) STRICT""",
    """CREATE TABLE summary_archive (
        conversation_id TEXT NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
        summary TEXT NOT NULL,
        up_to_turn INTEGER NOT NULL,
        created_at REAL NOT NULL,
        archived_at REAL NOT NULL
    ) STRICT""",
    "CREATE INDEX summary_archive_by_conversation ON summary_archive(conversation_id)",
    """CREATE TABLE turns (
        conversation_id TEXT NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
        turn_seq INTEGER NOT NULL CHECK (turn_seq > 0),
        request_id TEXT,
        status TEXT NOT NULL CHECK (status IN ('completed', 'failed', 'canceled')),
        model TEXT,
        error TEXT,
        input_tokens INTEGER NOT NULL DEFAULT 0,
        output_tokens INTEGER NOT NULL DEFAULT 0,
        cache_read_tokens INTEGER NOT NULL DEFAULT 0,
        cache_write_tokens INTEGER NOT NULL DEFAULT 0,
        started_at REAL,
        committed_at REAL NOT NULL,
        PRIMARY KEY (conversation_id, turn_seq)
    ) STRICT, WITHOUT ROWID""",
    """CREATE TABLE messages (
        conversation_id TEXT NOT NULL,
        turn_seq INTEGER NOT NULL,
        position INTEGER NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('system', 'user', 'assistant', 'tool')),
        parts TEXT NOT NULL,
        PRIMARY KEY (conversation_id, turn_seq, position),
        FOREIGN KEY (conversation_id, turn_seq) REFERENCES turns(conversation_id, turn_seq) ON DELETE CASCADE
    ) STRICT""",
    """CREATE TABLE passes (
        pass_id INTEGER PRIMARY KEY,
        model_call_id TEXT NOT NULL,
        request_id TEXT NOT NULL,
        conversation_id TEXT,
        turn_seq INTEGER,
        model TEXT NOT NULL,
        provider TEXT,
        status TEXT NOT NULL CHECK (status IN ('completed', 'failed', 'canceled')),
        stop_reason TEXT,
        error TEXT,
        input_tokens INTEGER NOT NULL DEFAULT 0,
        output_tokens INTEGER NOT NULL DEFAULT 0,
        cache_read_tokens INTEGER NOT NULL DEFAULT 0,
        cache_write_tokens INTEGER NOT NULL DEFAULT 0,
        started_at REAL NOT NULL,
        first_token_ms INTEGER,
        duration_ms INTEGER NOT NULL
    ) STRICT""",
    "CREATE INDEX passes_by_request ON passes(request_id)",
    "CREATE INDEX passes_by_turn ON passes(conversation_id, turn_seq)",
    """CREATE TABLE tool_calls (
        call_row INTEGER PRIMARY KEY,
        tool_call_id TEXT NOT NULL,
        request_id TEXT NOT NULL,
        conversation_id TEXT,
        turn_seq INTEGER,
        model_call_id TEXT,
        name TEXT NOT NULL,
        arguments TEXT NOT NULL,
        exec_seq INTEGER,
        exec_id TEXT,
        result TEXT,
        is_error INTEGER NOT NULL DEFAULT 0 CHECK (is_error IN (0, 1)),
        started_at REAL NOT NULL,
        duration_ms INTEGER
    ) STRICT""",
    "CREATE INDEX tool_calls_by_id ON tool_calls(tool_call_id)",
    "CREATE INDEX tool_calls_by_request ON tool_calls(request_id)",
    "CREATE INDEX tool_calls_by_turn ON tool_calls(conversation_id, turn_seq)",
    """CREATE TABLE checkpoints (
        conversation_id TEXT NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
        turn_seq INTEGER NOT NULL,
        state BLOB NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (conversation_id, turn_seq)
    ) STRICT""",
    """CREATE TABLE blobs (
        blob_id BLOB PRIMARY KEY,
        data BLOB NOT NULL,
        created_at REAL NOT NULL,
        stored_by_editor INTEGER NOT NULL DEFAULT 0 CHECK (stored_by_editor IN (0, 1)),
        last_error TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        stored_at REAL
    ) STRICT""",
    """CREATE TABLE blob_refs (
        conversation_id TEXT NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
        blob_id BLOB NOT NULL REFERENCES blobs(blob_id) ON DELETE CASCADE,
        created_at REAL NOT NULL,
        PRIMARY KEY (conversation_id, blob_id)
    ) STRICT, WITHOUT ROWID""",
    "CREATE INDEX blob_refs_by_blob ON blob_refs(blob_id)",
)

_V2_JOURNAL = (
    """CREATE TABLE journal_streams (
        request_id TEXT PRIMARY KEY,
        conversation_id TEXT,
        model TEXT,
        state TEXT NOT NULL CHECK (state IN ('active', 'ended')),
        ending TEXT,
        created_at REAL NOT NULL,
        ended_at REAL
    ) STRICT""",
    "CREATE INDEX journal_streams_by_state ON journal_streams(state, ended_at)",
    """CREATE TABLE journal_events (
        request_id TEXT NOT NULL REFERENCES journal_streams(request_id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        payload BLOB NOT NULL,
        PRIMARY KEY (request_id, seq)
    ) STRICT, WITHOUT ROWID""",
    """CREATE TABLE journal_pending (
        request_id TEXT NOT NULL REFERENCES journal_streams(request_id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('exec', 'interaction', 'kv', 'turn')),
        id TEXT NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (request_id, kind, id)
    ) STRICT, WITHOUT ROWID""",
)

_V3_LEDGER = (
    "ALTER TABLE passes ADD COLUMN reasoning_tokens INTEGER NOT NULL DEFAULT 0",
    # USD at the prices known when the pass ended; NULL: unknown (no price, or no usage reported)
    "ALTER TABLE passes ADD COLUMN cost_usd REAL",
    "CREATE INDEX passes_by_started ON passes(started_at)",
)

# People (the team gateway): users and their hashed tokens, budgets, who owns which conversation and
# request id, and the user (and team) of each recorded pass. Plain portable SQL (no STRICT-only types, no
# SQLite functions) so the PostgreSQL store ports it as it is; see `cursord.store.people`.
_V4_PEOPLE = (
    """CREATE TABLE users (
        name TEXT PRIMARY KEY,
        team TEXT,
        token_hash BLOB NOT NULL UNIQUE,
        created_at REAL NOT NULL
    ) STRICT""",
    "CREATE INDEX users_by_team ON users(team)",
    """CREATE TABLE budgets (
        scope TEXT NOT NULL CHECK (scope IN ('user', 'team')),
        name TEXT NOT NULL,
        tokens_per_day INTEGER CHECK (tokens_per_day IS NULL OR tokens_per_day >= 0),
        cost_per_day_usd REAL CHECK (cost_per_day_usd IS NULL OR cost_per_day_usd >= 0),
        PRIMARY KEY (scope, name)
    ) STRICT""",
    """CREATE TABLE owners (
        kind TEXT NOT NULL CHECK (kind IN ('conversation', 'request')),
        id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        claimed_at REAL NOT NULL,
        PRIMARY KEY (kind, id)
    ) STRICT""",
    "ALTER TABLE passes ADD COLUMN user_name TEXT",
    "ALTER TABLE passes ADD COLUMN team TEXT",
    "CREATE INDEX passes_by_user ON passes(user_name, started_at)",
    "CREATE INDEX passes_by_team ON passes(team, started_at)",
)

# A team gateway's nodes and which of them runs which request id's stream (`cursord.store.cluster`).
_V5_CLUSTER = (
    """CREATE TABLE nodes (
        node_id TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        started_at REAL NOT NULL,
        heartbeat_at REAL NOT NULL,
        draining INTEGER NOT NULL DEFAULT 0
    ) STRICT""",
    """CREATE TABLE leases (
        request_id TEXT PRIMARY KEY,
        node_id TEXT NOT NULL,
        expires_at REAL NOT NULL
    ) STRICT""",
    "CREATE INDEX leases_by_node ON leases(node_id)",
)

# Where each journalled stream's append sequence stands (`cursord.core.AppendPosition` as JSON), so that a
# restarted daemon knows the next append_seqno of every stream it brings back.
_V6_APPEND_POSITION = ("ALTER TABLE journal_streams ADD COLUMN append_position TEXT",)

_V7_TITLES = (
    # The editor's names for conversations (UpdateConversationMetadata); a name may come before the
    # conversation's first turn, so it is not a column of `conversations`.
    """CREATE TABLE conversation_titles (
        conversation_id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        updated_at REAL NOT NULL
    ) STRICT""",
)

# Holds on a team gateway's budgets: a pass in flight, at its estimated size, until its record replaces it
# (`cursord.store.people.hold_pass`).
_V8_HOLDS = (
    """CREATE TABLE pass_holds (
        model_call_id TEXT PRIMARY KEY,
        user_name TEXT NOT NULL,
        team TEXT,
        tokens INTEGER NOT NULL,
        cost_usd REAL NOT NULL,
        held_at REAL NOT NULL
    ) STRICT""",
    "CREATE INDEX pass_holds_by_user ON pass_holds(user_name)",
    "CREATE INDEX pass_holds_by_team ON pass_holds(team)",
)

# Conversation actions waiting for a run (`cursord.store.waiting`): a message queued while a conversation's
# turn ran, or an action uploaded before its run_request. They were ACKed, so they must outlive a restart;
# `taken_by`: the request id of the run that took them, until its turn's record holds them; `origin`: the
# BidiAppend that brought the action (request id and seqno), so the same upload sent again is kept once.
_V9_WAITING_ACTIONS = (
    """CREATE TABLE waiting_actions (
        seq INTEGER PRIMARY KEY,
        holder TEXT NOT NULL CHECK (holder IN ('conversation', 'request')),
        holder_id TEXT NOT NULL,
        action BLOB NOT NULL,
        queued_at REAL NOT NULL,
        taken_by TEXT,
        origin TEXT
    ) STRICT""",
    "CREATE INDEX waiting_actions_by_holder ON waiting_actions(holder, holder_id, seq)",
    "CREATE INDEX waiting_actions_by_taker ON waiting_actions(taken_by)",
    "CREATE UNIQUE INDEX waiting_actions_by_origin ON waiting_actions(origin) WHERE origin IS NOT NULL",
)

# Where the append sequence of a request id with no stream yet stands (`cursord.store.waiting`): its uploads
# were ACKed (an action held for its run_request, a heartbeat), so a restart must not forget how far it went.
_V10_WAITING_POSITIONS = (
    """CREATE TABLE waiting_positions (
        request_id TEXT PRIMARY KEY,
        position TEXT NOT NULL,
        updated_at REAL NOT NULL
    ) STRICT""",
    "CREATE INDEX waiting_positions_by_age ON waiting_positions(updated_at)",
)

# What the proxy forwarded to Cursor (`cursord.store.forwarded`): one row per local day and RPC, added to as
# each forwarded call ends. `carries_code` is 1, 0, or NULL for an RPC the wire schema does not know.
_V11_FORWARDED = (
    """CREATE TABLE forwarded (
        day TEXT NOT NULL,
        method TEXT NOT NULL,
        carries_code INTEGER,
        calls INTEGER NOT NULL,
        failed INTEGER NOT NULL,
        bytes_up INTEGER NOT NULL,
        bytes_down INTEGER NOT NULL,
        PRIMARY KEY (day, method)
    ) STRICT""",
)

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "conversations, turns, messages, summaries, passes, tool calls, checkpoints, blobs", _V1_HISTORY),
    Migration(2, "stream journal: streams, events, pending", _V2_JOURNAL),
    Migration(3, "usage ledger: reasoning tokens and cost per pass", _V3_LEDGER),
    Migration(4, "people: users, budgets, owners; the user and team of each pass", _V4_PEOPLE),
    Migration(5, "cluster: a team gateway's nodes and their leases", _V5_CLUSTER),
    Migration(6, "stream journal: each stream's append position", _V6_APPEND_POSITION),
    Migration(7, "conversation titles", _V7_TITLES),
    Migration(8, "holds: passes in flight against a team gateway's budgets", _V8_HOLDS),
    Migration(9, "waiting actions: conversation actions queued or held for a later run", _V9_WAITING_ACTIONS),
    Migration(10, "waiting positions: the append position of a request id with no stream yet", _V10_WAITING_POSITIONS),
    Migration(11, "forwarded: what the proxy sent to Cursor, per day and RPC", _V11_FORWARDED),
)
SCHEMA_VERSION = MIGRATIONS[-1].version

#: the SQLite file's name in the data dir
DB_NAME = "cursord.sqlite3"


def sqlite_path(data_dir: str | os.PathLike[str], url: str | None) -> Path:
    """The SQLite file: `url`'s path (`sqlite:PATH`), or `data_dir/cursord.sqlite3`."""
    given = url.removeprefix(SQLITE_SCHEME) if url is not None and url.startswith(SQLITE_SCHEME) else ""
    return Path(given).expanduser() if given else Path(data_dir) / DB_NAME


def user_version(conn: sqlite3.Connection) -> int:
    row = conn.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def migrate(conn: sqlite3.Connection, path: str, migrations: tuple[Migration, ...] = MIGRATIONS) -> int:
    """Bring the database to the newest version in `migrations`; returns the version it was at."""
    known = migrations[-1].version
    found = user_version(conn)
    if found > known:
        raise SchemaTooNew(path, found, known)
    for migration in migrations:
        if migration.version <= found:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            current = user_version(conn)  # another process may have migrated meanwhile
            if current > known:
                raise SchemaTooNew(path, current, known)
            if current < migration.version:
                for statement in migration.statements:
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {int(migration.version)}")
            conn.execute("COMMIT")
        except BaseException as exc:
            conn.execute("ROLLBACK")
            if isinstance(exc, SchemaTooNew):
                raise
            raise MigrationFailed(
                f"{path}: migration to schema version {migration.version} ({migration.description}) failed: {exc}"
            ) from exc
    return found


def connect(path: str, *, read_only: bool) -> sqlite3.Connection:
    """A configured connection (autocommit mode: the store issues BEGIN/COMMIT itself).

    `check_same_thread` is off because a connection is made in one thread and used in another; the
    store guarantees each connection has one user at a time.
    """
    if sqlite3.sqlite_version_info < MIN_SQLITE:
        wanted = ".".join(map(str, MIN_SQLITE))
        raise StoreError(f"cursord needs SQLite {wanted} or newer, found {sqlite3.sqlite_version}")
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        if read_only:
            conn.execute("PRAGMA query_only = ON")
        else:
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreError(f"{path}: SQLite refused WAL mode (got {mode!r}); is the data dir on a local disk?")
            conn.execute(f"PRAGMA journal_size_limit = {JOURNAL_SIZE_LIMIT}")
        conn.execute("PRAGMA synchronous = NORMAL")
    except BaseException:
        conn.close()
        raise
    return conn
