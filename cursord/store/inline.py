"""The store's writer and readers run on the trio thread itself: for tests under the autojump clock.

`trio.testing.MockClock(autojump_threshold=0)` jumps to the next deadline whenever every task waits,
and a task waiting for the writer thread counts as waiting, so with the real `WriterThread` a test's
timers would fire while a commit is in progress. `InlineWriter` and `InlineReader` run the same SQL
functions on the same SQLite file synchronously instead (one transaction per call, no batching). They
block the event loop for the duration of each statement, which is why the daemon never uses them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

import attrs
import trio

from cursord.store.errors import StoreClosed, StoreFull, write_failed
from cursord.store.sql import SQLITE, Connection, Dialect
from cursord.store.writer import KeyedWrite

log = logging.getLogger(__name__)

T = TypeVar("T")


@attrs.define(eq=False)
class InlineWriter:
    conn: Connection
    dialect: Dialect = SQLITE
    closed: bool = False

    def _transaction(self, fn: Callable[[Connection], T]) -> T:
        if self.closed:
            raise StoreClosed("the store is closed")
        self.conn.execute(self.dialect.begin_write)
        try:
            value = fn(self.conn)
        except BaseException as exc:
            if self.conn.in_transaction:  # SQLite rolls back by itself on a full disk
                self.conn.execute("ROLLBACK")
            full = write_failed(exc)
            if isinstance(full, StoreFull):
                raise full from exc
            raise
        try:
            self.conn.execute("COMMIT")
        except Exception as exc:
            raise write_failed(exc) from exc
        return value

    async def run(self, fn: Callable[[Connection], T], *, durable: bool = False, weight: int = 0) -> T:
        await trio.lowlevel.checkpoint_if_cancelled()
        value = self._transaction(fn)
        await trio.lowlevel.cancel_shielded_checkpoint()
        return value

    def run_nowait(
        self, fn: Callable[[Connection], Any], *, durable: bool = False, weight: int = 0, urgent: bool = False
    ) -> None:
        try:
            self._transaction(fn)
        except StoreClosed:
            raise
        except Exception:
            log.exception("store: a queued write failed")

    def extend_nowait(
        self,
        key: Hashable,
        items: Sequence[Any],
        weight: int,
        write: KeyedWrite,
    ) -> None:
        buffer = list(items)
        self.run_nowait(lambda c: write(c, key, buffer))

    def seal(self, key: Hashable) -> None:
        """Nothing to close: every write here is its own transaction, run at once."""

    async def flush(self) -> None:
        await trio.lowlevel.checkpoint()

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.conn.close()


@attrs.define(eq=False)
class InlineReader:
    """Reads on the writer's own connection: every write is committed before a read can start."""

    writer: InlineWriter

    async def run(self, fn: Callable[[Connection], T]) -> T:
        if self.writer.closed:
            raise StoreClosed("the store is closed")
        await trio.lowlevel.checkpoint_if_cancelled()
        value = fn(self.writer.conn)
        await trio.lowlevel.cancel_shielded_checkpoint()
        return value

    async def run_autocommit(self, fn: Callable[[Connection], T]) -> T:
        return await self.run(fn)  # between jobs the inline connection is in no transaction

    async def close(self) -> None:
        await trio.lowlevel.checkpoint()
