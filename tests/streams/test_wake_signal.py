"""The RunSSE doorbell: a ring is never lost, rings merge, and `ring` never blocks."""

from __future__ import annotations

import pytest
import trio
import trio.testing

from cursord.streams.subscribers import WakeSignal


async def test_a_ring_before_the_wait_is_kept(autojump_clock: trio.abc.Clock) -> None:
    signal = WakeSignal()
    signal.ring()
    with trio.fail_after(1):
        await signal.wait()


async def test_rings_merge_into_one_wake(autojump_clock: trio.abc.Clock) -> None:
    signal = WakeSignal()
    for _ in range(3):
        signal.ring()
    await signal.wait()
    with trio.move_on_after(1) as second:
        await signal.wait()
    assert second.cancelled_caught


async def test_a_ring_wakes_a_parked_reader_once(autojump_clock: trio.abc.Clock) -> None:
    signal = WakeSignal()
    woken = 0

    async def reader() -> None:
        nonlocal woken
        while True:
            await signal.wait()
            woken += 1

    async with trio.open_nursery() as nursery:
        nursery.start_soon(reader)
        await trio.testing.wait_all_tasks_blocked()
        signal.ring()
        await trio.testing.wait_all_tasks_blocked()
        assert woken == 1
        await trio.sleep(1)
        assert woken == 1
        nursery.cancel_scope.cancel()


async def test_a_cancelled_wait_leaves_the_next_ring_for_the_next_wait(autojump_clock: trio.abc.Clock) -> None:
    signal = WakeSignal()
    with trio.move_on_after(1):
        await signal.wait()
    signal.ring()
    with trio.fail_after(1):
        await signal.wait()


async def test_a_cleared_ring_does_not_wake_the_next_wait(autojump_clock: trio.abc.Clock) -> None:
    """A reader that has taken everything clears the ring it has not waited for yet: no empty wake."""
    signal = WakeSignal()
    signal.ring()
    signal.clear()
    with trio.move_on_after(1) as waited:
        await signal.wait()
    assert waited.cancelled_caught
    signal.ring()
    with trio.fail_after(1):
        await signal.wait()


async def test_a_second_reader_at_once_is_refused(autojump_clock: trio.abc.Clock) -> None:
    """One reader per doorbell: a second waiting at the same time is a bug, not a second reader woken."""
    signal = WakeSignal()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(signal.wait)
        await trio.testing.wait_all_tasks_blocked()
        with pytest.raises(trio.BusyResourceError):
            await signal.wait()
        signal.ring()
