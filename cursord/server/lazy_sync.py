"""LazyLock and LazyEvent: trio's lock and Hypercorn's event, each making its waiters' structures only when a
task waits.

Every Hypercorn connection holds a send lock (and Hypercorn's idle timer another, which cursord's timer,
`hypercorn_fixes._IdleTask`, does without), taken nearly always without waiting: one response at a time
writes on an HTTP/1.1 connection. A `trio.Lock` makes its parking lot (an
ordered dict and a list) up front, about 0.25 KB and three GC-tracked objects per lock for the connection's
life. `LazyLock` keeps its owner and, once a task has had to wait, a parking lot; ownership passes to the
first waiting task on release, as with `trio.Lock`, so no task overtakes one that waits. It does not break
its lot when an owner exits without releasing (every user releases in a `finally` or an `async with`).

Hypercorn's `EventWrapper` (its protocols' events: an HTTP/1.1 connection's `can_read`, an HTTP/2 stream
buffer's two) holds a `trio.Event` with its set of waiters from the start, about 0.3 KB each. `LazyEvent`
behaves as it does (`clear` starts a new event, so a task waiting on the old one stays waiting, as there) and
makes the `trio.Event` only when a task waits before it is set.
"""

from __future__ import annotations

from types import TracebackType

import trio

#: the owner of a lock taken for a task that will `adopt` it
_HANDED_OVER = object()


class LazyLock:
    """`acquire_nowait`, `acquire`, `release` and `async with`, as `trio.Lock` (not re-entrant, FIFO)."""

    __slots__ = ("_lot", "_owner")

    def __init__(self) -> None:
        self._owner: trio.lowlevel.Task | object | None = None
        self._lot: trio.lowlevel.ParkingLot | None = None

    def locked(self) -> bool:
        return self._owner is not None

    def is_free(self) -> bool:
        """Neither held nor waited for: `acquire_nowait` would take it."""
        return self._owner is None and not self._lot

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

    def hand_over(self) -> bool:
        """Take the free lock for a task not started yet, which `adopt`s it (a write begun without waiting,
        that a task of the connection's must finish): False, and nothing taken, if it is held or waited for."""
        if self._owner is not None or self._lot:
            return False
        self._owner = _HANDED_OVER
        return True

    def adopt(self) -> None:
        """Become the owner of a lock `hand_over` took."""
        if self._owner is not _HANDED_OVER:
            raise RuntimeError("the lock was not handed over")
        self._owner = trio.lowlevel.current_task()

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


class LazyEvent:
    """Hypercorn's `EventWrapper` (`clear`, `wait`, `set`, `is_set`), its `trio.Event` made when first waited for."""

    __slots__ = ("_event", "_flag")

    def __init__(self) -> None:
        self._event: trio.Event | None = None
        self._flag = False

    async def clear(self) -> None:
        self._flag = False
        self._event = None

    async def wait(self) -> None:
        if self._flag:
            await trio.lowlevel.checkpoint()
            return
        if self._event is None:
            self._event = trio.Event()
        await self._event.wait()

    async def set(self) -> None:
        self._flag = True
        if self._event is not None:
            self._event.set()

    def is_set(self) -> bool:
        return self._flag
