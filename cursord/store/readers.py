"""ReadPool: a few read-only connections, each used by one worker thread at a time.

Theory of operation: WAL lets readers run alongside the writer, each on its own snapshot. A read
takes an idle connection inside `trio.to_thread.run_sync` (bounded by a `CapacityLimiter` as large as
the pool, so there is always an idle one), wraps the work in `BEGIN ... COMMIT` so every query of one
read sees the same snapshot, and puts the connection back. Writes are answered only after COMMIT, so a
read started after a write returned sees it. Reads are not abandoned on cancellation: the task waits for
its thread, as with writes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import attrs
import trio

from cursord.store.errors import StoreClosed
from cursord.store.sql import SQLITE, Connection, Dialect

T = TypeVar("T")


@attrs.define(eq=False)
class ReadPool:
    connections: tuple[Connection, ...]
    dialect: Dialect = SQLITE
    _idle: list[Connection] = attrs.field(init=False)
    _limiter: trio.CapacityLimiter = attrs.field(init=False)
    _closed: bool = attrs.field(init=False, default=False)

    def __attrs_post_init__(self) -> None:
        self._idle = list(self.connections)
        self._limiter = trio.CapacityLimiter(len(self.connections))

    async def run(self, fn: Callable[[Connection], T]) -> T:
        if self._closed:
            raise StoreClosed("the store is closed")
        return await trio.to_thread.run_sync(self._call, fn, limiter=self._limiter)

    async def run_autocommit(self, fn: Callable[[Connection], T]) -> T:
        """`fn` with each of its statements its own transaction (for a database several processes write:
        `Dialect.shared`; the connections of a SQLite store are read-only)."""
        if self._closed:
            raise StoreClosed("the store is closed")
        return await trio.to_thread.run_sync(self._call_autocommit, fn, limiter=self._limiter)

    def _call_autocommit(self, fn: Callable[[Connection], T]) -> T:
        conn = self._idle.pop()
        try:
            return fn(conn)
        finally:
            self._idle.append(conn)

    def _call(self, fn: Callable[[Connection], T]) -> T:
        conn = self._idle.pop()  # the limiter guarantees one is idle; list.pop is atomic
        try:
            conn.execute(self.dialect.begin_read)
            try:
                return fn(conn)
            finally:
                conn.execute("COMMIT")  # read-only: ends the snapshot either way
        finally:
            self._idle.append(conn)

    async def close(self) -> None:
        """Wait for reads in flight, then close every connection. Idempotent."""
        with trio.CancelScope(shield=True):
            if self._closed:
                return
            self._closed = True
            borrowers = [object() for _ in self.connections]
            for borrower in borrowers:
                await self._limiter.acquire_on_behalf_of(borrower)
            for conn in self.connections:
                conn.close()
