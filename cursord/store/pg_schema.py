"""The store's PostgreSQL schema: versioned SQL files, applied at open under an advisory lock.

Theory of operation: `pg_migrations/NNNN_name.sql` (package data) are the migrations, numbered from 1
without gaps; version N is what the first N files produce, the same versions as SQLite's
(`cursord.store.schema`), so one `SCHEMA_VERSION` names both. The `schema_version` table keeps a row per
migration applied (version, description, when); the database is at its highest version.

`migrate` runs at open. Each missing migration runs in its own transaction that first takes
`pg_advisory_xact_lock(SCHEMA_LOCK)`, then reads the version again: two nodes opening one database at
once queue on the lock, and the second finds the work done. PostgreSQL's DDL is transactional, so a
migration that fails leaves the database at the version before it. A database at a version newer than
any this code knows (written by a newer cursord) is refused with `SchemaTooNew` and left alone.

Append a file to change the schema (and the matching SQLite migration); never edit one that has shipped.
"""

from __future__ import annotations

import re
import time
from importlib import resources
from typing import Any

import psycopg

from cursord.store.errors import MigrationFailed, SchemaTooNew, StoreError
from cursord.store.schema import Migration

#: the advisory lock key of schema changes ("cursord" in ASCII)
SCHEMA_LOCK = 0x637572736F7264
_FILE = re.compile(r"(\d{4})_([a-z0-9_]+)\.sql")

_VERSION_TABLE = """CREATE TABLE IF NOT EXISTS schema_version (
    version integer PRIMARY KEY,
    description text NOT NULL,
    applied_at double precision NOT NULL
)"""


def load_migrations(package: str = "cursord.store", folder: str = "pg_migrations") -> tuple[Migration, ...]:
    """The migration files in order; each is one script whose first line (a `--` comment) describes it."""
    found: list[Migration] = []
    for entry in resources.files(package).joinpath(folder).iterdir():
        match = _FILE.fullmatch(entry.name)
        if match is None:
            continue
        script = entry.read_text(encoding="utf-8")
        first = script.lstrip().splitlines()[0] if script.strip() else ""
        description = first.removeprefix("--").strip() if first.startswith("--") else match.group(2)
        found.append(Migration(int(match.group(1)), description, (script,)))
    found.sort(key=lambda m: m.version)
    numbers = [m.version for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise StoreError(f"the PostgreSQL migrations of {package}/{folder} are not numbered 1..N: {numbers}")
    return tuple(found)


MIGRATIONS = load_migrations()


def current_version(conn: psycopg.Connection[tuple[Any, ...]]) -> int:
    """The database's schema version (0: never migrated), read in the caller's transaction."""
    row = conn.execute("SELECT to_regclass('schema_version') IS NOT NULL").fetchone()
    if row is None or not row[0]:
        return 0
    row = conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()
    return 0 if row is None else int(row[0])


def migrate(
    conn: psycopg.Connection[tuple[Any, ...]], location: str, migrations: tuple[Migration, ...] = MIGRATIONS
) -> int:
    """Bring the database to the newest version in `migrations`; returns the version it was at.

    `conn` is in autocommit mode; each migration is its own transaction.
    """
    known = migrations[-1].version if migrations else 0
    with conn.transaction():
        found = current_version(conn)
    if found > known:
        raise SchemaTooNew(location, found, known)
    for migration in migrations:
        if migration.version <= found:
            continue
        try:
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                conn.execute(_VERSION_TABLE)
                current = current_version(conn)  # another node may have migrated meanwhile
                if current > known:
                    raise SchemaTooNew(location, current, known)
                if current < migration.version:
                    for script in migration.statements:
                        conn.execute(script.encode())  # bytes: no placeholders, several statements
                    conn.execute(
                        "INSERT INTO schema_version(version, description, applied_at) VALUES (%s, %s, %s)",
                        (migration.version, migration.description, time.time()),
                    )
        except SchemaTooNew:
            raise
        except psycopg.Error as exc:
            raise MigrationFailed(
                f"{location}: migration to schema version {migration.version} ({migration.description}) "
                f"failed: {exc}"
            ) from exc
    return found
