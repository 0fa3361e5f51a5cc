"""Hostile inputs a local client controls, end to end (issue 17): each refused with a precise Connect code,
with bounded memory and without stalling the event loop."""

from __future__ import annotations

import time
import zlib
from collections.abc import Awaitable, Callable
from typing import Any

import trio

from cursord.connect.errors import Code, error_from_json
from cursord.testing.behaviours import Echo
from cursord.testing.editor import BIDI_APPEND, UNARY_HEADERS, bidi_request, heartbeat
from cursord.testing.harness import running_daemon

GZIP_HEADERS = [*UNARY_HEADERS, (b"content-encoding", b"gzip")]


def gzip_members(first: bytes, empty_members: int) -> bytes:
    """`first` as one gzip member followed by `empty_members` empty ones (about 20 bytes each)."""

    def member(data: bytes) -> bytes:
        compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        return compressor.compress(data) + compressor.flush()

    return member(first) + member(b"") * empty_members


async def worst_stall(work: Callable[[], Awaitable[Any]]) -> tuple[Any, float]:
    """Run `work` beside a ticker; return its result and the longest the ticker waited (real seconds)."""
    worst = 0.0
    result: list[Any] = []

    async def tick() -> None:
        nonlocal worst
        last = time.perf_counter()
        while True:
            await trio.sleep(0.001)
            now = time.perf_counter()
            worst = max(worst, now - last)
            last = now

    async with trio.open_nursery() as nursery:
        nursery.start_soon(tick)
        await trio.sleep(0.01)
        with trio.fail_after(30):
            result.append(await work())
        nursery.cancel_scope.cancel()
    return result[0], worst


async def test_a_body_of_many_gzip_members_is_refused_without_stalling_the_loop() -> None:
    body = gzip_members(bidi_request("gz", 1, heartbeat()), 200_000)  # ~4 MB, under the body limit
    async with running_daemon(Echo) as daemon, daemon.editor(http2=True) as editor:
        (status, answer), stall = await worst_stall(lambda: editor.post(BIDI_APPEND, body, GZIP_HEADERS))
        assert stall < 0.1, f"the event loop stalled {stall * 1000:.0f} ms"
        assert status != 200
        error = error_from_json(answer)
        assert error.code is Code.RESOURCE_EXHAUSTED
        assert "gzip data has more than 64 members" in error.message
        # a few members are still fine
        status, _ = await editor.post(BIDI_APPEND, gzip_members(bidi_request("gz", 1, heartbeat()), 10), GZIP_HEADERS)
        assert status == 200
