"""`collector.tune_gc`, `collector.FullCollections`, `collector.YoungCollections` and
`runtime.raise_open_file_limit`: what `cursord serve` does to the process's GC and its open-file limit."""

from __future__ import annotations

import gc
import resource
from collections.abc import Iterator

import pytest
import trio

from cursord.app.collector import (
    GC_THRESHOLD,
    MAX_DEFER_SECONDS,
    YOUNG_SECONDS,
    FullCollections,
    YoungCollections,
    full_collection_due,
    manage_gc,
    tune_gc,
)
from cursord.app.runtime import raise_open_file_limit
from cursord.streams import StreamBehaviour, StreamBroker


def test_tune_gc_freezes_what_startup_built_and_raises_the_thresholds() -> None:
    threshold = gc.get_threshold()
    try:
        tune_gc()
        assert gc.get_threshold() == GC_THRESHOLD
        assert gc.get_freeze_count() > 0  # startup's objects are left out of every collection
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def test_the_open_file_limit_is_raised_to_the_hard_limit() -> None:
    """Issue 27 #5: a shell's soft limit of 1,024 let idle proxy connections starve every turn of sockets."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    lowered = min(soft, 256)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (lowered, hard))
        raised = raise_open_file_limit()
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == raised
        assert raised == hard or hard == resource.RLIM_INFINITY
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_full_collections_wait_for_a_moment_without_live_streams() -> None:
    """Issue 27 #17: at 500 live streams one automatic full collection stalled every stream for 596 ms."""
    assert GC_THRESHOLD[2] >= 2**31 - 1  # Python never starts one by itself
    assert not full_collection_due(live_streams=500, promoted=40, since_last=120.0)
    assert full_collection_due(live_streams=0, promoted=1, since_last=1.0)
    assert not full_collection_due(live_streams=0, promoted=0, since_last=1e6)  # nothing new to look at
    assert full_collection_due(live_streams=500, promoted=1, since_last=MAX_DEFER_SECONDS)  # memory first


def test_full_collections_are_made_when_due() -> None:
    live = [3]
    now = [1000.0]
    full: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            full.append(1)

    collector = FullCollections(lambda: live[0], clock=lambda: now[0], last=now[0])
    gc.callbacks.append(seen)
    try:
        gc.collect(1)  # something reaches the oldest generation
        assert gc.get_count()[2] > 0
        assert not collector.check() and not full
        live[0] = 0
        assert collector.check() and full and collector.count == 1
    finally:
        gc.callbacks.remove(seen)


@pytest.fixture
def collections_seen() -> Iterator[list[int]]:
    """The generation of every collection that ends while the test runs."""
    seen: list[int] = []

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            seen.append(info["generation"])

    gc.callbacks.append(on_gc)
    try:
        yield seen
    finally:
        gc.callbacks.remove(on_gc)


def test_young_collections_follow_stream_changes_at_most_every_young_seconds(collections_seen: list[int]) -> None:
    """Issue 40: CPython 3.11 counts allocations minus deallocations, so while ended streams are freed as new
    ones start the young generations grew to 74,000 objects between two automatic collections (a 25-30 ms
    pause at 500 streams). A collection at each stream change walks only what the changes since the last left."""
    now = [50.0]
    young = YoungCollections(clock=lambda: now[0])
    young(object(), "created")
    assert collections_seen == [1] and young.count == 1  # generations 0 and 1 at once
    now[0] += YOUNG_SECONDS / 2
    young(object(), "uploaded")
    assert collections_seen == [1]  # too soon: a burst of changes pays for one collection
    now[0] += YOUNG_SECONDS / 2
    young(object(), "ended")
    assert collections_seen == [1, 1] and young.count == 2


def test_a_young_collection_leaves_the_young_generations_empty() -> None:
    gc.disable()  # no automatic collection in between
    try:
        kept = [[index] for index in range(5_000)]  # lists: tracked by the GC, alive past the collection
        assert len(gc.get_objects(0)) + len(gc.get_objects(1)) >= len(kept)
        YoungCollections()(object(), "created")
        assert len(gc.get_objects(0)) + len(gc.get_objects(1)) < len(kept)
        assert kept[-1] == [4_999]
    finally:
        gc.enable()


async def test_manage_gc_tunes_the_process_and_observes_stream_changes() -> None:
    threshold = gc.get_threshold()
    try:
        async with trio.open_nursery() as nursery:
            broker = StreamBroker(nursery=nursery, behaviour_factory=StreamBehaviour)
            manage_gc(nursery, broker)
            assert gc.get_threshold() == GC_THRESHOLD and gc.get_freeze_count() > 0
            assert [type(observer) for observer in broker.observers] == [YoungCollections]
            assert len(nursery.child_tasks) == 1  # FullCollections.run
            nursery.cancel_scope.cancel()
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
