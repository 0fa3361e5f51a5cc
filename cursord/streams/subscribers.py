"""Waking the RunSSE connections that read one backlog.

Each connection owns a capacity-1 `WakeSignal`. Publishing appends to the backlog first and then sets
every signal; a signal that is already set stays set (wakes merge), which loses nothing because a woken
reader takes every frame after its cursor, not one frame per wake.
"""

from __future__ import annotations

import math

import attrs
import trio


@attrs.define(eq=False)
class WakeSignal:
    """A capacity-1 doorbell: `ring` never blocks, `wait` returns once per ring (merged).

    A parking lot and a flag rather than a memory channel of one: an idle RunSSE connection holds one, and
    a channel's state, its two ends and their statistics weigh about 3 KB more (`bench/run.py --tracemalloc`).
    """

    _waiters: trio.lowlevel.ParkingLot = attrs.field(factory=trio.lowlevel.ParkingLot)
    _rung: bool = False

    def ring(self) -> None:
        if self._waiters:
            self._waiters.unpark()
        else:
            self._rung = True  # already rung and not yet seen: the reader will take everything anyway

    def clear(self) -> None:
        """Forget a ring not yet seen: the reader has just taken everything it could have been rung for."""
        self._rung = False

    async def wait(self) -> None:
        if self._rung:
            self._rung = False
            await trio.lowlevel.checkpoint()
            return
        await self._waiters.park()


@attrs.define(eq=False)
class Subscriber:
    """One RunSSE connection: its doorbell, how far into the backlog it has read, and when it last sent."""

    signal: WakeSignal = attrs.field(factory=WakeSignal)
    cursor: int = 0
    last_send: float = -math.inf


@attrs.define
class SubscriberSet:
    members: set[Subscriber] = attrs.field(factory=set)

    def __len__(self) -> int:
        return len(self.members)

    def add(self, subscriber: Subscriber) -> None:
        self.members.add(subscriber)

    def discard(self, subscriber: Subscriber) -> None:
        self.members.discard(subscriber)

    def wake_all(self) -> None:
        for member in self.members:
            member.signal.ring()
