"""`collector.tune_gc`, `collector.FullCollections` and `runtime.raise_open_file_limit`: what `cursord serve`
does to the process's GC and its open-file limit."""

from __future__ import annotations

import gc
import resource

from cursord.app.collector import GC_THRESHOLD, MAX_DEFER_SECONDS, FullCollections, full_collection_due, tune_gc
from cursord.app.runtime import raise_open_file_limit


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
