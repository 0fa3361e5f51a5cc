"""Waking the RunSSE connections that read one backlog.

Each connection owns a capacity-1 `WakeSignal`. Publishing appends to the backlog first and then sets
every signal; a signal that is already set stays set (wakes merge), which loses nothing because a woken
reader takes every frame after its cursor, not one frame per wake. A reader parked in its wait may leave an
`answer_now` that writes the new frames for it from the publisher's task, without a wake (a task step of
the reader's saved per frame); the reader stays parked, and its cursor has moved on.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import attrs
import trio


@attrs.define(eq=False)
class WakeSignal:
    """A capacity-1 doorbell for one reader: `ring` never blocks, `wait` returns once per ring (merged).

    The waiting task and a flag rather than a memory channel of one (a channel's state, its two ends and their
    statistics weigh about 3 KB more, `bench/run.py --tracemalloc`) or a parking lot (an ordered dict, a list and
    a coroutine frame more, about 0.5 KB): an idle RunSSE connection holds one, and only its own task waits on
    it. A second task waiting at the same time is a bug: `trio.BusyResourceError`.
    """

    _waiter: trio.lowlevel.Task | None = None
    _rung: bool = False

    def ring(self) -> None:
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            trio.lowlevel.reschedule(waiter)
        else:
            self._rung = True  # already rung and not yet seen: the reader will take everything anyway

    @property
    def waiting(self) -> bool:
        """Its reader is parked in `wait` (and no ring has woken it since)."""
        return self._waiter is not None

    def clear(self) -> None:
        """Forget a ring not yet seen: the reader has just taken everything it could have been rung for."""
        self._rung = False

    async def wait(self) -> None:
        if self._rung:
            self._rung = False
            await trio.lowlevel.checkpoint()
            return
        if self._waiter is not None:
            raise trio.BusyResourceError("another task is already waiting for this signal")
        self._waiter = trio.lowlevel.current_task()
        await trio.lowlevel.wait_task_rescheduled(self._abort)

    def _abort(self, _: object) -> trio.lowlevel.Abort:
        self._waiter = None
        return trio.lowlevel.Abort.SUCCEEDED


@attrs.define(eq=False)
class Subscriber:
    """One RunSSE connection: its doorbell, how far into the backlog it has read, when it last sent, and
    whether its client has left."""

    signal: WakeSignal = attrs.field(factory=WakeSignal)
    cursor: int = 0
    last_send: float = -math.inf
    #: since when it has had nothing to write (its last write, or when it began to wait): its heartbeat is
    #: due a period after this (`cursord.streams.heartbeats`)
    quiet_since: float = -math.inf
    #: rung by the heartbeat timer: quiet for a whole period, it writes a heartbeat
    heartbeat_due: bool = False
    #: its client has left (the server said so): the connection stops reading
    gone: bool = False
    #: its connection has stopped following the stream
    detached: bool = False
    #: answers a ring in the ringer's task while the reader is parked, if it can (it wrote the frames for it:
    #: True), so that the reader need not wake (`SubscriberSet.wake_all`); None: the reader always wakes
    answer_now: Callable[[], bool] | None = None


@attrs.define
class SubscriberSet:
    """The connections reading one stream: a few at most, so a list (a set weighs 0.2 KB even when empty)."""

    members: list[Subscriber] = attrs.field(factory=list)

    def __len__(self) -> int:
        return len(self.members)

    def add(self, subscriber: Subscriber) -> None:
        if subscriber not in self.members:
            self.members.append(subscriber)

    def discard(self, subscriber: Subscriber) -> None:
        if subscriber in self.members:
            self.members.remove(subscriber)

    def wake_all(self) -> None:
        """Ring every reader; one parked in its wait may have the ring answered for it at once instead
        (`Subscriber.answer_now`), in the order of the set, so a frame reaches every reader in publish order
        whichever way it goes."""
        for member in self.members:
            signal = member.signal
            if signal.waiting and member.answer_now is not None and member.answer_now():
                continue
            signal.ring()
