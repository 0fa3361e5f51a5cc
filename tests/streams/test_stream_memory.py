"""What an idle stream keeps alive, counted: the stream core's own share of a stream that runs, has its work
task waiting (as a provider pass waits for its first token) and one RunSSE reading it, over the `receive`
Hypercorn gives it (an `AppQueue`) (issue 40).

Counted, not timed: bytes traced by tracemalloc and objects tracked by the cyclic GC, after a collection,
for many streams at once, divided by their number. The budgets sit a little above what the core holds now,
so that a structure added per stream (a task, a cancel scope, a channel) shows up here."""

from __future__ import annotations

import gc
import tracemalloc
from typing import Any

import attrs
import trio

from cursord.connect.errors import ConnectError
from cursord.server.asgi import AppQueue
from cursord.server.runsse import serve_stream
from cursord.streams.active import ActiveStream, StreamBehaviour, StreamTimings
from cursord.streams.broker import StreamBroker

STREAMS = 100
#: bytes per idle stream the core may hold (measured: 10.7 KB; 23.8 KB before issue 40's cuts, 19.6 KB before
#: the actor's Mailbox and the RunSSE's disconnect handed over by Hypercorn's AppQueue, 13.9 KB before the work
#: tasks in the broker's nursery, the RunSSE in one frame and one cancel scope, and the lighter doorbell).
BYTE_BUDGET = 11_500
#: GC-tracked objects per idle stream (measured: 67; 141 before issue 40's cuts, 114 and 90 before those steps).
OBJECT_BUDGET = 72


@attrs.define
class WaitingBehaviour(StreamBehaviour):
    """Starts one work task that waits, as a provider pass waits for its first token."""

    stream: ActiveStream

    async def handle(self, item: object) -> None:
        self.stream.start_task(trio.sleep_forever, name="pass")

    async def cancel(self, error: ConnectError) -> None:
        """Nothing to stop: the stream's end cancels the work task."""


async def _discard(message: Any) -> None:
    """A RunSSE connection's `send`: the bytes go nowhere."""


async def _idle_streams(nursery: trio.Nursery, broker: StreamBroker, count: int, tag: str) -> None:
    """`count` streams, each run by an upload and read by a RunSSE that never hears its client leave."""
    for index in range(count):
        stream = broker.open(f"{tag}-{index}")
        await stream.deliver("run")
        nursery.start_soon(serve_stream, stream, AppQueue(10), _discard)  # the `receive` Hypercorn gives
    await trio.testing.wait_all_tasks_blocked()


def _tracked() -> int:
    gc.collect()
    return len(gc.get_objects())


async def test_an_idle_stream_keeps_little_alive(autojump_clock: Any) -> None:
    async with trio.open_nursery() as nursery:
        broker = StreamBroker(nursery=nursery, behaviour_factory=WaitingBehaviour, timings=StreamTimings())
        await _idle_streams(nursery, broker, 4, "warm")  # first-use allocations (code caches, interned names)
        tracemalloc.start()
        try:
            objects = _tracked()
            before = tracemalloc.get_traced_memory()[0]
            await _idle_streams(nursery, broker, STREAMS, "idle")
            objects = (_tracked() - objects) / STREAMS
            size = (tracemalloc.get_traced_memory()[0] - before) / STREAMS
        finally:
            tracemalloc.stop()
        assert all(len(stream.subscribers) == 1 and not stream.is_terminal for stream in broker)
        assert size <= BYTE_BUDGET, f"an idle stream holds {size:,.0f} B"
        assert objects <= OBJECT_BUDGET, f"an idle stream holds {objects:.1f} GC-tracked objects"
        nursery.cancel_scope.cancel()
