"""Mailbox: the bounded queue an `ActiveStream`'s actor takes its items from.

Theory of operation. It behaves as a trio memory channel of `capacity` with one receiver (the actor) and
send ends that are never closed: `send_nowait` raises `trio.WouldBlock` when the mailbox is full (or a
blocked sender is ahead in line) and `trio.BrokenResourceError` once it is closed; `send` waits in line
for room, first come first served; an item sent while the receiver waits goes to it at once, without
taking room; `close` (the actor retiring) fails every sender still waiting with `BrokenResourceError`,
and `receive_nowait` raises `trio.ClosedResourceError` after it. A receiver that takes an item moves the
first waiting sender's item into the room it made, as a memory channel does, so nothing overtakes a
sender that waited.

Why not a memory channel: every stream holds its mailbox while idle, and a channel is a state object, two
ends, a deque, two ordered dicts and two sets (about 1.8 KB, nine GC-tracked objects). This is one slotted
object and a list (items never number more than `capacity`, so `pop(0)` costs nothing that matters); the
line of blocked senders is made only when one blocks.
"""

from __future__ import annotations

from collections import deque

import attrs
import outcome
import trio


@attrs.define(eq=False)
class Mailbox:
    capacity: int
    _items: list[object] = attrs.field(factory=list)
    #: the receiver waiting for an item (at most one task receives)
    _receiver: trio.lowlevel.Task | None = None
    #: senders waiting for room, with their items, in order (None: none has waited yet)
    _blocked: deque[tuple[trio.lowlevel.Task, object]] | None = None
    closed: bool = False

    def __len__(self) -> int:
        return len(self._items)

    def send_nowait(self, item: object) -> None:
        if self.closed:
            raise trio.BrokenResourceError
        if self._receiver is not None:
            task, self._receiver = self._receiver, None
            trio.lowlevel.reschedule(task, outcome.Value(item))
            return
        if self._blocked or len(self._items) >= self.capacity:
            raise trio.WouldBlock
        self._items.append(item)

    async def send(self, item: object) -> None:
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

    def receive_nowait(self) -> object:
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

    async def receive(self) -> object:
        await trio.lowlevel.checkpoint_if_cancelled()
        try:
            item = self.receive_nowait()
        except trio.WouldBlock:
            pass
        else:
            await trio.lowlevel.cancel_shielded_checkpoint()
            return item
        if self._receiver is not None:
            raise trio.BusyResourceError("another task is already receiving from this mailbox")
        self._receiver = trio.lowlevel.current_task()

        def abort(_: object) -> trio.lowlevel.Abort:
            self._receiver = None
            return trio.lowlevel.Abort.SUCCEEDED

        return await trio.lowlevel.wait_task_rescheduled(abort)

    def close(self) -> None:
        """No more items in or out: what is left is dropped, and every waiting sender fails."""
        self.closed = True
        self._items.clear()
        blocked, self._blocked = self._blocked, None
        for task, _ in blocked or ():
            trio.lowlevel.reschedule(task, outcome.Error(trio.BrokenResourceError()))
        if self._receiver is not None:
            task, self._receiver = self._receiver, None
            trio.lowlevel.reschedule(task, outcome.Error(trio.ClosedResourceError()))
