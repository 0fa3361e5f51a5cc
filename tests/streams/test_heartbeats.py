"""The heartbeat timer: a reader is rung once it has been quiet (parked, nothing written) for its period, never
earlier, whatever happened to it since it was filed."""

from __future__ import annotations

from typing import Any

import trio

from cursord.streams import Subscriber, heartbeat_timer


async def _follow(subscriber: Subscriber, rings: list[tuple[float, bool]], start: float, busy: float = 0.0) -> None:
    """A reader: waits, notes when it was rung and why, stays `busy` seconds (a slow send), falls quiet."""
    while True:
        subscriber.quiet_since = trio.current_time()
        await subscriber.signal.wait()
        rings.append((round(trio.current_time() - start, 6), subscriber.heartbeat_due))
        subscriber.heartbeat_due = False
        await trio.sleep(busy)


async def test_a_reader_written_for_while_parked_is_rung_a_period_after_the_write(autojump_clock: Any) -> None:
    subscriber, rings = Subscriber(), list[tuple[float, bool]]()
    start = subscriber.quiet_since = trio.current_time()
    heartbeat_timer().file(subscriber, 5.0)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(_follow, subscriber, rings, start)
        await trio.sleep(3)
        subscriber.quiet_since = trio.current_time()  # what a publisher's direct write does: still parked
        await trio.sleep(9.5)
        nursery.cancel_scope.cancel()
    assert rings == [(8.0, True)]


async def test_a_busy_reader_is_rung_a_period_after_it_falls_quiet(autojump_clock: Any) -> None:
    subscriber, rings = Subscriber(), list[tuple[float, bool]]()
    start = subscriber.quiet_since = trio.current_time()
    heartbeat_timer().file(subscriber, 5.0)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(_follow, subscriber, rings, start, 7.0)
        await trio.sleep(1)
        subscriber.signal.ring()  # a frame: busy from 1 s to 8 s, quiet from 8 s
        await trio.sleep(13.5)
        nursery.cancel_scope.cancel()
    assert rings == [(1.0, False), (13.0, True)]


async def test_a_detached_reader_is_dropped(autojump_clock: Any) -> None:
    subscriber, rings = Subscriber(), list[tuple[float, bool]]()
    start = subscriber.quiet_since = trio.current_time()
    timer = heartbeat_timer()
    timer.file(subscriber, 5.0)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(_follow, subscriber, rings, start)
        await trio.sleep(6)
        subscriber.detached = True
        await trio.sleep(20)
        nursery.cancel_scope.cancel()
    assert rings == [(5.0, True)]
    assert not timer._due
