"""Freed send buffers go back to the OS, not to a heap that only grows.

glibc serves blocks of 128 KiB and more with mmap, and unmaps them when freed; but the first such block
freed raises that threshold (up to 32 MiB), after which RunSSE's send batches and Hypercorn's copies of
them come from the heap and stay there. 100 RunSSE readers of a 10 MB run left RSS 124 MB above its
start after they had all closed (HTTP/2); with the threshold fixed, about 30 MB (issue 17 #6,
bench/slow_readers.py). Setting it (here, or with MALLOC_MMAP_THRESHOLD_) turns the moving off.
"""

from __future__ import annotations

import ctypes
import ctypes.util

M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 128 * 1024


def return_freed_blocks_to_the_os() -> bool:
    """Fix glibc's mmap threshold at 128 KiB; False where there is no glibc (nothing to do there)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
