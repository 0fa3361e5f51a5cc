"""When the cyclic GC collects: young generations at every stream change, full ones while no stream is live.

Theory of operation. A full (generation 2) collection walks every object the daemon holds that startup
did not freeze, so its pause grows with the live streams: at 500 of them one took 0.4-0.6 s, every stream
waiting behind it (issue 27 #17). Young collections stay short while the young generations stay small
(`GC_THRESHOLD`), and free the cycles that die young, which is most of a turn's garbage. So `tune_gc` freezes what
startup built, raises the young thresholds and leaves full collections to `FullCollections.run`, which
makes them itself:

- when no stream is live (looked at every `CHECK_SECONDS`) and young collections have moved something
  to the oldest generation since the last full collection: nobody waits on it;
- when streams never stop, at most `MAX_DEFER_SECONDS` after the last one: the cycles among long-lived
  objects (a finished stream's cancelled tasks) must be freed some time, and memory comes before
  latency; but that is one pause in ten minutes, not one every few seconds.

A young collection's pause is bounded by what it walks: the objects made since the last one that are still
alive. CPython 3.11 starts one when its count of allocations minus deallocations passes the threshold, and
every object freed counts, old ones too: while ended streams are freed as new ones start, the count stands
still and the young generations grow to tens of thousands of objects (a start's tasks, cancel scopes and
coroutines; a turn's record at its end), 25-60 ms of CPU to walk at once with 500 streams live.
`YoungCollections` makes them itself, at most every `YOUNG_SECONDS`, when a stream is created, changes
phase, takes an upload or a subscriber, ends or retires: the moments that leave objects behind. Never per
delta (a delta leaves little alive, and the thresholds see to it), so a lone stream pays nothing.
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable

import attrs
import trio

from cursord.streams import StreamBroker

log = logging.getLogger(__name__)

#: gc.set_threshold once serving: generation 0 every 10,000 net allocations (Python: 700), generation 1 every
#: 3 of those (Python: 10), so it never holds more than a few batches of survivors (with 50, one generation-1
#: collection at 500 streams took 0.55 s), and no automatic full collection (`FullCollections` makes them).
GC_THRESHOLD = (10_000, 3, 2**31 - 1)
CHECK_SECONDS = 5.0
MAX_DEFER_SECONDS = 600.0
#: the shortest time between two young collections `YoungCollections` makes
YOUNG_SECONDS = 0.05


def tune_gc() -> None:
    """Shorter and rarer cyclic-GC pauses for a daemon that holds hundreds of streams.

    Every stream keeps a few thousand GC-tracked objects alive (trio tasks and cancel scopes, channels,
    connection state). Freezing what startup built (modules, descriptors, the app: never garbage) takes it
    out of every collection, higher young thresholds make collections rarer, and full collections are
    left to `FullCollections`."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLD)


def full_collection_due(*, live_streams: int, promoted: int, since_last: float) -> bool:
    """Whether to make a full collection now: `promoted` young collections have fed the oldest generation
    since the last one, `since_last` seconds ago, with `live_streams` streams running."""
    if promoted == 0:
        return False
    return live_streams == 0 or since_last >= MAX_DEFER_SECONDS


@attrs.define
class FullCollections:
    """Makes the full collections, where they cost nothing (see the module docstring)."""

    live_streams: Callable[[], int]
    clock: Callable[[], float] = time.monotonic
    last: float = attrs.field(factory=time.monotonic)
    count: int = 0

    def check(self) -> bool:
        """Make a full collection if one is due; whether it did."""
        now = self.clock()
        if not full_collection_due(
            live_streams=self.live_streams(), promoted=gc.get_count()[2], since_last=now - self.last
        ):
            return False
        started = time.perf_counter()
        gc.collect()
        self.last, self.count = now, self.count + 1
        log.debug("full GC collection in %.1f ms", (time.perf_counter() - started) * 1e3)
        return True

    async def run(self) -> None:
        while True:
            await trio.sleep(CHECK_SECONDS)
            self.check()


@attrs.define
class YoungCollections:
    """A stream observer that collects the young generations (0 and 1) when a stream changes, at most every
    `YOUNG_SECONDS` (see the module docstring): each collection walks what the changes since the last one
    left alive, not what a burst of starts piled up."""

    clock: Callable[[], float] = time.monotonic
    next_at: float = 0.0
    count: int = 0

    def __call__(self, stream: object, what: str) -> None:
        now = self.clock()
        if now < self.next_at:
            return
        gc.collect(1)
        self.next_at = now + YOUNG_SECONDS
        self.count += 1


def manage_gc(nursery: trio.Nursery, broker: StreamBroker) -> None:
    """Everything above, for a daemon that serves the streams of `broker`."""
    tune_gc()
    broker.observers.append(YoungCollections())
    nursery.start_soon(FullCollections(broker.live_count).run)
