"""Waking the RunSSE connections that read one backlog.

Each connection owns a capacity-1 `WakeSignal`. Publishing appends to the backlog first and then sets
every signal; a signal that is already set stays set (wakes merge), which loses nothing because a woken
reader takes every frame after its cursor, not one frame per wake.
"""

from __future__ import annotations

import contextlib

import attrs
import trio


@attrs.define(eq=False)
class WakeSignal:
    """A capacity-1 doorbell: `ring` never blocks, `wait` returns once per ring (merged)."""

    _send: trio.MemorySendChannel[None]
    _receive: trio.MemoryReceiveChannel[None]

    @classmethod
    def create(cls) -> WakeSignal:
        send, receive = trio.open_memory_channel[None](1)
        return cls(send, receive)

    def ring(self) -> None:
        # Already rung and not yet seen: the reader will take everything anyway.
        with contextlib.suppress(trio.WouldBlock):
            self._send.send_nowait(None)

    async def wait(self) -> None:
        await self._receive.receive()


@attrs.define(eq=False)
class Subscriber:
    """One RunSSE connection: its doorbell and how far into the backlog it has read."""

    signal: WakeSignal = attrs.field(factory=WakeSignal.create)
    cursor: int = 0


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
