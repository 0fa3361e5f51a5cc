"""People on a team gateway: users and their tokens, budgets per user and per team, and who owns what.

Theory of operation. Four things, in the tables of schema version 4 (`cursord.store.schema`):

    users    name -> team, SHA-256 of the user's token (never the token), created_at
    budgets  ('user' | 'team', name) -> tokens per day, USD per day (NULL: no limit of that kind)
    owners   ('conversation' | 'request', id) -> the user who touched it first
    passes   + user_name, team: the ledger row of each provider pass says whose it was

A token is 256 random bits (`cdu_` + 43 url-safe characters), shown once by `cursord users add`. It is
high-entropy, so one SHA-256 is enough to keep the stored form useless to whoever reads the file (no
salt or slow hash: nobody can guess 2**256 tokens); the lookup is by hash and the hashes are compared
again with `hmac.compare_digest`. An owner row is written once (`ON CONFLICT DO NOTHING`) and never
changes: the first user to touch a conversation or request id owns it, and everyone else is refused.

A pass in flight holds its estimated size against the budgets of its user and team (`pass_holds`, schema
version 6) from the moment it is admitted until its ledger row is written (`record_pass` deletes the hold in
the same transaction). The check and the hold are one transaction (`hold_pass`): on SQLite the one writer
runs it; on PostgreSQL it takes an advisory lock first, so the nodes of a gateway admit passes one at a time
and parallel turns cannot each see the same unspent budget. A hold whose pass never recorded (its node
died) stops counting after `HOLD_SECONDS`.

Everything is plain SQL that both engines take (`cursord.store.sql`): `PeopleStore` is the protocol, and
`SqlPeopleStore` runs these functions on the store's writer thread and read pool, whichever the engine.
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import re
import secrets
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import attrs

from cursord.store.errors import StoreError
from cursord.store.sql import Connection

if TYPE_CHECKING:
    from cursord.store.engine import SqlEngine

TOKEN_PREFIX = "cdu_"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@-]{0,63}")


class PeopleError(StoreError):
    """A people command that cannot be done as asked (the message says why)."""


class Scope(enum.StrEnum):
    USER = "user"
    TEAM = "team"


class Owned(enum.StrEnum):
    CONVERSATION = "conversation"
    REQUEST = "request"


@attrs.frozen
class User:
    name: str
    team: str | None
    created_at: float


@attrs.frozen
class Budget:
    scope: Scope
    name: str
    tokens_per_day: int | None = None
    cost_per_day_usd: float | None = None


@attrs.frozen
class Spend:
    """What one user or team used since a moment (the start of today, UTC)."""

    tokens: int  # input + output tokens of every pass
    cost_usd: float  # over priced passes
    unpriced: int  # passes whose cost is unknown (not in `cost_usd`)


#: a hold stops counting after this (seconds): longer than any pass runs; its node must have died
HOLD_SECONDS = 3600.0


@attrs.frozen
class PassHold:
    """A pass in flight on a gateway, at its estimated size."""

    model_call_id: str
    user: str
    team: str | None
    tokens: int
    cost_usd: float


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def check_name(name: str, what: str) -> str:
    if not _NAME.fullmatch(name):
        raise PeopleError(f"{what} {name!r}: use 1-64 letters, digits, '.', '_', '@' or '-', starting with a letter"
                          " or digit")
    return name


# ---- SQL (one connection, inside the caller's transaction) -------------------------------------------


def add_user(conn: Connection, name: str, team: str | None, digest: bytes, now: float) -> None:
    if conn.execute("SELECT 1 FROM users WHERE name = ?", (name,)).fetchone() is not None:
        raise PeopleError(f"user {name!r} exists already (remove it first to give it a new token)")
    conn.execute("INSERT INTO users(name, team, token_hash, created_at) VALUES (?, ?, ?, ?)",
                 (name, team, digest, now))


def remove_user(conn: Connection, name: str) -> bool:
    """Remove the user and its budget; its conversations stay owned by its name (nobody else gets them)."""
    conn.execute("DELETE FROM budgets WHERE scope = 'user' AND name = ?", (name,))
    return conn.execute("DELETE FROM users WHERE name = ?", (name,)).rowcount > 0


def users(conn: Connection) -> list[User]:
    rows = conn.execute("SELECT name, team, created_at FROM users ORDER BY name")
    return [User(name, team, created_at) for name, team, created_at in rows]


def user(conn: Connection, name: str) -> User | None:
    row = conn.execute("SELECT name, team, created_at FROM users WHERE name = ?", (name,)).fetchone()
    return None if row is None else User(*row)


def user_by_token(conn: Connection, digest: bytes) -> User | None:
    row = conn.execute("SELECT name, team, created_at, token_hash FROM users WHERE token_hash = ?",
                       (digest,)).fetchone()
    if row is None or not hmac.compare_digest(bytes(row[3]), digest):
        return None
    return User(row[0], row[1], row[2])


def set_budget(conn: Connection, budget: Budget) -> None:
    conn.execute(
        """INSERT INTO budgets(scope, name, tokens_per_day, cost_per_day_usd) VALUES (?, ?, ?, ?)
           ON CONFLICT (scope, name) DO UPDATE
           SET tokens_per_day = excluded.tokens_per_day, cost_per_day_usd = excluded.cost_per_day_usd""",
        (budget.scope.value, budget.name, budget.tokens_per_day, budget.cost_per_day_usd),
    )


def budget(conn: Connection, scope: Scope, name: str) -> Budget | None:
    row = conn.execute("SELECT tokens_per_day, cost_per_day_usd FROM budgets WHERE scope = ? AND name = ?",
                       (scope.value, name)).fetchone()
    return None if row is None else Budget(scope, name, row[0], row[1])


def budgets(conn: Connection) -> list[Budget]:
    rows = conn.execute("SELECT scope, name, tokens_per_day, cost_per_day_usd FROM budgets ORDER BY scope, name")
    return [Budget(Scope(scope), name, tokens, cost) for scope, name, tokens, cost in rows]


def claim(conn: Connection, kind: Owned, key: str, name: str, now: float) -> str:
    """Make `name` the owner of `key` unless somebody is already; returns the owner."""
    conn.execute(
        "INSERT INTO owners(kind, id, user_name, claimed_at) VALUES (?, ?, ?, ?) ON CONFLICT (kind, id) DO NOTHING",
        (kind.value, key, name, now),
    )
    return owner(conn, kind, key) or name


def owner(conn: Connection, kind: Owned, key: str) -> str | None:
    row = conn.execute("SELECT user_name FROM owners WHERE kind = ? AND id = ?", (kind.value, key)).fetchone()
    return None if row is None else str(row[0])


def spent(conn: Connection, scope: Scope, name: str, since: float) -> Spend:
    column = "user_name" if scope is Scope.USER else "team"
    row = conn.execute(
        f"""SELECT COALESCE(SUM(input_tokens + output_tokens), 0), COALESCE(SUM(cost_usd), 0),
                   COALESCE(SUM(CASE WHEN cost_usd IS NULL THEN 1 ELSE 0 END), 0)
            FROM passes WHERE {column} = ? AND started_at >= ?""",
        (name, since),
    ).fetchone()
    return Spend(int(row[0]), float(row[1]), int(row[2]))


def held(conn: Connection, scope: Scope, name: str, now: float) -> Spend:
    """What the passes in flight of a user or team hold (their estimated size)."""
    column = "user_name" if scope is Scope.USER else "team"
    row = conn.execute(
        f"SELECT COALESCE(SUM(tokens), 0), COALESCE(SUM(cost_usd), 0) FROM pass_holds "
        f"WHERE {column} = ? AND held_at >= ?",
        (name, now - HOLD_SECONDS),
    ).fetchone()
    return Spend(int(row[0]), float(row[1]), 0)


def hold_pass(
    conn: Connection,
    hold: PassHold,
    budgets: Sequence[Budget],
    since: float,
    now: float,
    refuse: Callable[[Budget, Spend], str | None],
) -> str | None:
    """Why the pass may not start under one of `budgets` (what was used since `since` plus what passes in
    flight hold); None once its hold is written. Run in one transaction, one at a time."""
    for budget in budgets:
        used, holding = spent(conn, budget.scope, budget.name, since), held(conn, budget.scope, budget.name, now)
        why = refuse(budget, Spend(used.tokens + holding.tokens, used.cost_usd + holding.cost_usd, used.unpriced))
        if why is not None:
            return why
    conn.execute(
        "INSERT INTO pass_holds(model_call_id, user_name, team, tokens, cost_usd, held_at) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (model_call_id) DO NOTHING",
        (hold.model_call_id, hold.user, hold.team, hold.tokens, hold.cost_usd, now),
    )
    return None


def release_hold(conn: Connection, model_call_id: str) -> None:
    conn.execute("DELETE FROM pass_holds WHERE model_call_id = ?", (model_call_id,))


# ---- the protocol, and the SQLite store's implementation ---------------------------------------------


class PeopleStore(Protocol):
    """What the gateway needs from a store about people (`Store.people()`)."""

    async def add_user(self, name: str, team: str | None) -> str:
        """Create the user; returns its token (the only time it is seen)."""
        ...

    async def remove_user(self, name: str) -> bool: ...

    async def users(self) -> list[User]: ...

    async def user(self, name: str) -> User | None: ...

    async def authenticate(self, token: str) -> User | None: ...

    async def set_budget(self, budget: Budget) -> None: ...

    async def budget(self, scope: Scope, name: str) -> Budget | None: ...

    async def budgets(self) -> list[Budget]: ...

    async def claim(self, kind: Owned, key: str, name: str) -> str:
        """Make `name` the owner of `key` if nobody is; returns the owner."""
        ...

    async def owner(self, kind: Owned, key: str) -> str | None: ...

    async def spent(self, scope: Scope, name: str, since: float) -> Spend: ...

    async def hold_pass(
        self, hold: PassHold, budgets: Sequence[Budget], since: float, refuse: Callable[[Budget, Spend], str | None]
    ) -> str | None:
        """Check `budgets` and hold the pass against them, atomically (see `hold_pass`)."""
        ...


@attrs.define(eq=False)
class SqlPeopleStore:
    """`PeopleStore` on a `SqlStore`: writes on its writer thread, reads on its read pool."""

    store: SqlEngine

    async def add_user(self, name: str, team: str | None) -> str:
        check_name(name, "user")
        if team is not None:
            check_name(team, "team")
        token, now = new_token(), self.store.clock()
        digest = token_hash(token)
        await self.store.writer.run(lambda c: add_user(c, name, team, digest, now), durable=True)
        return token

    async def remove_user(self, name: str) -> bool:
        return await self.store.writer.run(lambda c: remove_user(c, name), durable=True)

    async def users(self) -> list[User]:
        return await self.store.readers.run(users)

    async def user(self, name: str) -> User | None:
        return await self.store.readers.run(lambda c: user(c, name))

    async def authenticate(self, token: str) -> User | None:
        if not token.startswith(TOKEN_PREFIX):
            return None
        digest = token_hash(token)
        return await self.store.readers.run(lambda c: user_by_token(c, digest))

    async def set_budget(self, value: Budget) -> None:
        await self.store.writer.run(lambda c: set_budget(c, value), durable=True)

    async def budget(self, scope: Scope, name: str) -> Budget | None:
        return await self.store.readers.run(lambda c: budget(c, scope, name))

    async def budgets(self) -> list[Budget]:
        return await self.store.readers.run(budgets)

    async def claim(self, kind: Owned, key: str, name: str) -> str:
        now = self.store.clock()
        return await self.store.writer.run(lambda c: claim(c, kind, key, name, now))

    async def owner(self, kind: Owned, key: str) -> str | None:
        return await self.store.readers.run(lambda c: owner(c, kind, key))

    async def spent(self, scope: Scope, name: str, since: float) -> Spend:
        return await self.store.readers.run(lambda c: spent(c, scope, name, since))

    async def hold_pass(
        self, hold: PassHold, budgets: Sequence[Budget], since: float, refuse: Callable[[Budget, Spend], str | None]
    ) -> str | None:
        now = self.store.clock()

        def check_and_hold(c: Connection) -> str | None:
            return hold_pass(c, hold, budgets, since, now, refuse)

        lock = self.store.dialect.lock_budgets
        if lock is None:  # one writer: its transactions are one at a time already
            return await self.store.writer.run(check_and_hold)

        def locked(c: Connection) -> str | None:
            c.execute(self.store.dialect.begin_write)
            try:
                c.execute(lock)
                why = check_and_hold(c)
            except BaseException:
                c.execute("ROLLBACK")
                raise
            c.execute("COMMIT")
            return why

        return await self.store.readers.run_autocommit(locked)
