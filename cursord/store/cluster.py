"""The nodes of a team gateway and their leases: which node holds which request id's stream.

Theory of operation. Every node of a gateway opens the same store (PostgreSQL) and registers itself in
`nodes` with the address its peers reach it at. A `leases` row says which node runs a request id's
stream, until `expires_at`; the owner pushes the expiry of all its leases forward with each heartbeat,
so a node that dies loses them all within one lease time. Claiming is one statement: an insert that, on
conflict, takes the row over only where it is already the claimer's or has expired, and returns the
owner either way. Two nodes claiming one request id at once therefore both learn the same single owner,
whichever engine holds the table (PostgreSQL serialises the conflicting inserts on the row; SQLite
has one writer).

A lease is soft state: losing the table loses no conversation (the journal and the history live in
their own tables), so lease writes are not durable ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

import attrs

from cursord.store.engine import SqlEngine
from cursord.store.sql import Connection

__all__ = ["ClusterStore", "Lease", "NodeInfo", "SqlClusterStore"]

T = TypeVar("T")


@attrs.frozen
class Lease:
    request_id: str
    node_id: str
    expires_at: float


@attrs.frozen
class NodeInfo:
    node_id: str
    address: str
    started_at: float
    heartbeat_at: float
    draining: bool
    leases: int

    def alive(self, now: float, lease_seconds: float) -> bool:
        """Whether the node renewed its leases within the last lease time."""
        return self.heartbeat_at + lease_seconds >= now


def claim_lease(conn: Connection, request_id: str, node_id: str, now: float, expires_at: float) -> Lease:
    row = conn.execute(
        """INSERT INTO leases (request_id, node_id, expires_at) VALUES (?, ?, ?)
           ON CONFLICT (request_id) DO UPDATE SET node_id = excluded.node_id, expires_at = excluded.expires_at
           WHERE leases.node_id = excluded.node_id OR leases.expires_at < ?
           RETURNING node_id, expires_at""",
        (request_id, node_id, expires_at, now),
    ).fetchone()
    if row is None:  # held by another node, and not expired
        row = conn.execute("SELECT node_id, expires_at FROM leases WHERE request_id = ?", (request_id,)).fetchone()
    return Lease(request_id, str(row[0]), float(row[1]))


def heartbeat(conn: Connection, node_id: str, now: float, expires_at: float) -> frozenset[str] | None:
    """Renew the node's leases: the request ids it still holds; None if the node is not registered."""
    renew = "UPDATE leases SET expires_at = ? WHERE node_id = ? RETURNING request_id"
    rows = conn.execute(renew, (expires_at, node_id))
    held = frozenset(str(request_id) for (request_id,) in rows)
    registered = conn.execute("UPDATE nodes SET heartbeat_at = ? WHERE node_id = ?", (now, node_id)).rowcount == 1
    return held if registered else None


def register(conn: Connection, node_id: str, address: str, now: float) -> None:
    conn.execute(
        """INSERT INTO nodes (node_id, address, started_at, heartbeat_at, draining) VALUES (?, ?, ?, ?, 0)
           ON CONFLICT (node_id) DO UPDATE SET address = excluded.address, heartbeat_at = excluded.heartbeat_at,
           draining = 0""",
        (node_id, address, now, now),
    )


def nodes(conn: Connection) -> list[NodeInfo]:
    rows = conn.execute(
        """SELECT n.node_id, n.address, n.started_at, n.heartbeat_at, n.draining,
                  (SELECT count(*) FROM leases l WHERE l.node_id = n.node_id)
           FROM nodes n ORDER BY n.started_at, n.node_id"""
    )
    return [NodeInfo(str(i), str(a), float(s), float(h), bool(d), int(n)) for i, a, s, h, d, n in rows]


def leases(conn: Connection, node_id: str | None) -> list[Lease]:
    if node_id is None:
        rows = conn.execute("SELECT request_id, node_id, expires_at FROM leases ORDER BY request_id")
    else:
        query = "SELECT request_id, node_id, expires_at FROM leases WHERE node_id = ? ORDER BY request_id"
        rows = conn.execute(query, (node_id,))
    return [Lease(str(r), str(n), float(e)) for r, n, e in rows]


class ClusterStore(Protocol):
    """What a gateway node needs of the store about nodes and leases (`Store.cluster()`)."""

    async def register(self, node_id: str, address: str) -> None: ...

    async def claim(self, request_id: str, node_id: str, lease_seconds: float) -> Lease:
        """Take the lease on `request_id` if it is free, expired or already `node_id`'s; the owner either way."""
        ...

    async def heartbeat(self, node_id: str, lease_seconds: float) -> frozenset[str] | None:
        """Renew `node_id`'s leases: the request ids it still holds; None if it is not registered."""
        ...

    def release_nowait(self, request_id: str, node_id: str) -> None:
        """Drop `node_id`'s lease on `request_id` (its stream retired): the next call may go anywhere."""
        ...

    async def hand_over(self, node_id: str) -> int:
        """Expire every lease of `node_id` now, so that any node takes them over at the next call."""
        ...

    async def set_draining(self, node_id: str) -> None: ...

    async def leave(self, node_id: str) -> None:
        """Unregister `node_id` and drop its leases (a clean stop)."""
        ...

    async def lease(self, request_id: str) -> Lease | None: ...

    async def nodes(self) -> list[NodeInfo]: ...

    async def leases(self, node_id: str | None = None) -> list[Lease]: ...


@attrs.define(eq=False)
class SqlClusterStore:
    """`ClusterStore` on a `SqlStore`. Lease writes that nodes race on go through `_race`: on SQLite the
    writer thread (one writer: nothing to race), on PostgreSQL a read-pool connection with every statement
    its own transaction, as a claim batched with the writer's other work could deadlock with another node's
    and take that work down with it."""

    store: SqlEngine

    async def _race(self, fn: Callable[[Connection], T]) -> T:
        if self.store.dialect.shared:
            return await self.store.readers.run_autocommit(fn)
        return await self.store.writer.run(fn)

    async def register(self, node_id: str, address: str) -> None:
        now = self.store.clock()
        await self._race(lambda c: register(c, node_id, address, now))

    async def claim(self, request_id: str, node_id: str, lease_seconds: float) -> Lease:
        now = self.store.clock()
        return await self._race(lambda c: claim_lease(c, request_id, node_id, now, now + lease_seconds))

    async def heartbeat(self, node_id: str, lease_seconds: float) -> frozenset[str] | None:
        now = self.store.clock()
        return await self._race(lambda c: heartbeat(c, node_id, now, now + lease_seconds))

    def release_nowait(self, request_id: str, node_id: str) -> None:
        # In the writer's batch even on PostgreSQL: it locks one row of this node's, which no other node's
        # statement holds while waiting for another lock.
        self.store.writer.run_nowait(
            lambda c: c.execute("DELETE FROM leases WHERE request_id = ? AND node_id = ?", (request_id, node_id))
        )

    async def hand_over(self, node_id: str) -> int:
        return await self._race(
            lambda c: c.execute("UPDATE leases SET expires_at = 0 WHERE node_id = ?", (node_id,)).rowcount
        )

    async def set_draining(self, node_id: str) -> None:
        await self._race(lambda c: c.execute("UPDATE nodes SET draining = 1 WHERE node_id = ?", (node_id,)))

    async def leave(self, node_id: str) -> None:
        def forget(c: Connection) -> None:
            c.execute("DELETE FROM leases WHERE node_id = ?", (node_id,))
            c.execute("DELETE FROM nodes WHERE node_id = ?", (node_id,))

        await self._race(forget)

    async def lease(self, request_id: str) -> Lease | None:
        def read(c: Connection) -> Lease | None:
            query = "SELECT node_id, expires_at FROM leases WHERE request_id = ?"
            row = c.execute(query, (request_id,)).fetchone()
            return None if row is None else Lease(request_id, str(row[0]), float(row[1]))

        return await self.store.readers.run(read)

    async def nodes(self) -> list[NodeInfo]:
        return await self.store.readers.run(nodes)

    async def leases(self, node_id: str | None = None) -> list[Lease]:
        return await self.store.readers.run(lambda c: leases(c, node_id))
