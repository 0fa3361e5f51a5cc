"""Mailbox: a bounded queue, the one an `ActiveStream`'s actor takes its items from and Hypercorn's for each
request's app (`cursord.server.asgi.AppQueue`).

Theory of operation. It behaves as a trio memory channel of `capacity` whose send side is never closed:
`send_nowait` raises `trio.WouldBlock` when the mailbox is full (or a blocked sender is ahead in line) and
`trio.BrokenResourceError` once it is closed; `send` waits in line for room, first come first served; an item
sent while a receiver waits goes to the first one waiting at once, without taking room; `close` (the actor
retiring) fails every sender still waiting with `BrokenResourceError`, and `receive_nowait` raises
`trio.ClosedResourceError` after it. A receiver that takes an item moves the first waiting sender's item into
the room it made, as a memory channel does, so nothing overtakes a sender that waited.

Why not a memory channel: every stream holds its mailbox while idle, and a channel is a state object, two
ends, a deque, two ordered dicts and two sets (about 1.8 KB, nine GC-tracked objects). This is one slotted
object and a list (items never number more than `capacity`, so `pop(0)` costs nothing that matters); the
lines of waiting receivers and blocked senders are made only when one waits.
"""

from __future__ import annotations

from collections import deque
from typing import Generic, TypeVar

import attrs
import outcome
import trio

T = TypeVar("T")


@attrs.define(eq=False)
class Mailbox(Generic[T]):
    capacity: int
    _items: list[T] = attrs.field(factory=list)
    #: receivers waiting for an item, in order (None: none has waited yet)
    _receivers: list[trio.lowlevel.Task] | None = None
    #: senders waiting for room, with their items, in order (None: none has waited yet)
    _blocked: deque[tuple[trio.lowlevel.Task, T]] | None = None
    closed: bool = False

    def __len__(self) -> int:
        return len(self._items)

    @property
    def receiver_waits(self) -> bool:
        """A receiver waits for an item: the mailbox is empty, and nothing sent is on its way to one (an item
        sent to a waiting receiver takes it out of the line at once)."""
        return bool(self._receivers)

    def send_nowait(self, item: T) -> None:
        if self.closed:
            raise trio.BrokenResourceError
        if self._receivers:
            trio.lowlevel.reschedule(self._receivers.pop(0), outcome.Value(item))
            return
        if self._blocked or len(self._items) >= self.capacity:
            raise trio.WouldBlock
        self._items.append(item)

    async def send(self, item: T) -> None:
        """`send_nowait`, or wait in line for room; `BrokenResourceError` if the mailbox closes meanwhile."""
        await trio.lowlevel.checkpoint_if_cancelled()
        try:
            self.send_nowait(item)
        except trio.WouldBlock:
            pass
        else:
            await trio.lowlevel.cancel_shielded_checkpoint()
            return
        if self._blocked is None:
            self._blocked = deque()
        blocked = self._blocked
        entry = (trio.lowlevel.current_task(), item)
        blocked.append(entry)

        def abort(_: object) -> trio.lowlevel.Abort:
            blocked.remove(entry)  # a tuple led by its task: equal to no other entry
            return trio.lowlevel.Abort.SUCCEEDED

        await trio.lowlevel.wait_task_rescheduled(abort)

    def receive_nowait(self) -> T:
        if self.closed:
            raise trio.ClosedResourceError
        if not self._items:
            raise trio.WouldBlock
        item = self._items.pop(0)
        if self._blocked:
            task, waiting = self._blocked.popleft()
            self._items.append(waiting)
            trio.lowlevel.reschedule(task)
        return item

    async def receive(self) -> T:
        await trio.lowlevel.checkpoint_if_cancelled()
        try:
            item = self.receive_nowait()
        except trio.WouldBlock:
            pass
        else:
            await trio.lowlevel.cancel_shielded_checkpoint()
            return item
        if self._receivers is None:
            self._receivers = []
        receivers = self._receivers
        task = trio.lowlevel.current_task()
        receivers.append(task)

        def abort(_: object) -> trio.lowlevel.Abort:
            receivers.remove(task)
            return trio.lowlevel.Abort.SUCCEEDED

        handed: T = await trio.lowlevel.wait_task_rescheduled(abort)
        return handed

    def close(self) -> None:
        """No more items in or out: what is left is dropped, and every waiting sender fails."""
        self.closed = True
        self._items.clear()
        blocked, self._blocked = self._blocked, None
        for task, _ in blocked or ():
            trio.lowlevel.reschedule(task, outcome.Error(trio.BrokenResourceError()))
        receivers, self._receivers = self._receivers, None
        for task in receivers or ():
            trio.lowlevel.reschedule(task, outcome.Error(trio.ClosedResourceError()))
