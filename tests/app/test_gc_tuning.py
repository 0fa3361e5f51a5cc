"""`runtime.tune_gc`: what `cursord serve` does to the cyclic GC once it listens."""

from __future__ import annotations

import gc

from cursord.app.runtime import GC_THRESHOLD, tune_gc


def test_tune_gc_freezes_what_startup_built_and_raises_the_thresholds() -> None:
    threshold = gc.get_threshold()
    try:
        tune_gc()
        assert gc.get_threshold() == GC_THRESHOLD
        assert gc.get_freeze_count() > 0  # startup's objects are left out of every collection
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
