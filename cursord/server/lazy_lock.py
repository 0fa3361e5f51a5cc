"""LazyLock: a trio lock whose line of waiting tasks is made only when one waits.

Every Hypercorn connection holds two locks (its send lock and its idle task's), taken nearly always without
waiting: one response at a time writes on an HTTP/1.1 connection. A `trio.Lock` makes its parking lot (an
ordered dict and a list) up front, about 0.25 KB and three GC-tracked objects per lock for the connection's
life. This one keeps its owner and, once a task has had to wait, a parking lot; ownership passes to the first
waiting task on release, as with `trio.Lock`, so no task overtakes one that waits. It does not break its lot
when an owner exits without releasing (every user releases in a `finally` or an `async with`).
"""

from __future__ import annotations

from types import TracebackType

import trio


class LazyLock:
    """`acquire_nowait`, `acquire`, `release` and `async with`, as `trio.Lock` (not re-entrant, FIFO)."""

    __slots__ = ("_lot", "_owner")

    def __init__(self) -> None:
        self._owner: trio.lowlevel.Task | None = None
        self._lot: trio.lowlevel.ParkingLot | None = None

    def locked(self) -> bool:
        return self._owner is not None

    def acquire_nowait(self) -> None:
        """Take the lock, or raise `trio.WouldBlock` if it is held or a task waits for it."""
        task = trio.lowlevel.current_task()
        if self._owner is task:
            raise RuntimeError("attempt to re-acquire an already held Lock")
        if self._owner is not None or self._lot:
            raise trio.WouldBlock
        self._owner = task

    async def acquire(self) -> None:
        await trio.lowlevel.checkpoint_if_cancelled()
        try:
            self.acquire_nowait()
        except trio.WouldBlock:
            if self._lot is None:
                self._lot = trio.lowlevel.ParkingLot()
            await self._lot.park()  # `release` made this task the owner before it unparked it
        else:
            await trio.lowlevel.cancel_shielded_checkpoint()

    def release(self) -> None:
        if self._owner is not trio.lowlevel.current_task():
            raise RuntimeError("can't release a Lock you don't own")
        if self._lot:
            (self._owner,) = self._lot.unpark(count=1)
        else:
            self._owner = None

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.release()
