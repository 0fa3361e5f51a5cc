"""One timer that rings every RunSSE connection quiet for its heartbeat period.

Theory of operation: a connection that has nothing to send waits on its `WakeSignal` alone; it notes when
it fell quiet (`Subscriber.quiet_since`: its last write, or when it began to wait). `HeartbeatTimer` holds
one entry per connection in a heap ordered by when it is next due, and one task sleeps until the earliest.
A due entry is checked lazily against the connection as it is then: one that has been waiting quietly for
its whole period is rung with `heartbeat_due` set (it writes the heartbeat); one that wrote or woke meanwhile
is filed again at `quiet_since + period`, never rung early; one that is busy (woken, writing) is filed again a
period from now, no later than it can be due, since it falls quiet after now. A connection that has left is
dropped when its entry comes up.

So a frame costs a connection no deadline move at all (a cancel scope's deadline moved to the heartbeat
before each wait and off before each send was two per frame, each a change to trio's deadline table), and a
direct write by the publisher (`SubscriberSet.wake_all`) counts as quiet time restarted, with the connection
still parked. The timer's own deadline moves only when a connection is filed earlier than every other.

One timer per trio run (a system task, made by the first connection that follows a stream): it holds
nothing but its heap and touches nothing but the subscribers' flags and signals, so it cannot fail.
"""

from __future__ import annotations

import heapq
import itertools
import math

import trio

from cursord.streams.subscribers import Subscriber


class HeartbeatTimer:
    """Rings each filed subscriber once it has been quiet for its period (`file`)."""

    __slots__ = ("_due", "_order", "_scope")

    def __init__(self) -> None:
        #: (when due, a tie-breaker, the subscriber, its period)
        self._due: list[tuple[float, int, Subscriber, float]] = []
        self._order = itertools.count()
        self._scope: trio.CancelScope | None = None

    def file(self, subscriber: Subscriber, period: float) -> None:
        """Keep `subscriber` rung after each `period` seconds quiet, until it is `detached`."""
        self._push(subscriber.quiet_since + period, subscriber, period)

    def _push(self, when: float, subscriber: Subscriber, period: float) -> None:
        heapq.heappush(self._due, (when, next(self._order), subscriber, period))
        if self._scope is not None and when < self._scope.deadline:
            self._scope.deadline = when

    async def run(self) -> None:
        while True:
            with trio.CancelScope(deadline=self._due[0][0] if self._due else math.inf) as self._scope:
                await trio.sleep_forever()
            self._ring_due(trio.current_time())

    def _ring_due(self, now: float) -> None:
        due = self._due
        while due and due[0][0] <= now:
            _, _, subscriber, period = heapq.heappop(due)
            if subscriber.detached:
                continue
            if not subscriber.signal.waiting:  # busy: it falls quiet after now
                self._push(now + period, subscriber, period)
                continue
            when = subscriber.quiet_since + period
            if when <= now:
                subscriber.heartbeat_due = True
                subscriber.signal.ring()
                when = now + period
            self._push(when, subscriber, period)


_TIMER: trio.lowlevel.RunVar[HeartbeatTimer] = trio.lowlevel.RunVar("cursord_heartbeat_timer")


def heartbeat_timer() -> HeartbeatTimer:
    """This trio run's timer, started with the first call."""
    try:
        return _TIMER.get()
    except LookupError:
        timer = HeartbeatTimer()
        _TIMER.set(timer)
        trio.lowlevel.spawn_system_task(timer.run, name="cursord heartbeats")
        return timer
