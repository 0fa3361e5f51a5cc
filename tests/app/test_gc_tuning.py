"""`runtime.tune_gc` and `runtime.raise_open_file_limit`: what `cursord serve` does to the process's GC and
its open-file limit."""

from __future__ import annotations

import gc
import resource

from cursord.app.runtime import GC_THRESHOLD, raise_open_file_limit, tune_gc


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
