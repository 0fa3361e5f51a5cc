"""The lock every Hypercorn connection holds (its send lock) and the events its protocols hold: `trio.Lock`'s and
Hypercorn's `EventWrapper`'s behaviour, their waiters' structures made only when a task waits."""

from __future__ import annotations

from typing import Any

import pytest
import trio
import trio.testing

from cursord.server.lazy_sync import LazyEvent, LazyLock


async def test_a_free_lock_is_taken_at_once_and_makes_no_line() -> None:
    lock = LazyLock()
    lock.acquire_nowait()
    assert lock.locked()
    lock.release()
    async with lock:
        assert lock.locked()
    assert not lock.locked()
    assert lock._lot is None


async def test_a_lock_handed_over_is_held_until_the_task_that_adopts_it_releases_it(autojump_clock: Any) -> None:
    """A write begun without waiting and finished by another task (`hypercorn_fixes.body_writer`): from the hand-over
    on, a task that wants the lock waits, and gets it only after the adopting task's release."""
    lock = LazyLock()
    order: list[str] = []

    async def finish() -> None:
        lock.adopt()
        order.append("finished")
        await trio.sleep(1)
        lock.release()

    async def other() -> None:
        async with lock:
            order.append("other")

    assert lock.is_free() and lock.hand_over()
    assert not lock.is_free() and not lock.hand_over()
    with pytest.raises(trio.WouldBlock):
        lock.acquire_nowait()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(other)
        await trio.testing.wait_all_tasks_blocked()
        nursery.start_soon(finish)
    assert order == ["finished", "other"] and lock.is_free()
    with pytest.raises(RuntimeError):
        lock.adopt()


async def test_a_held_lock_passes_to_its_waiters_in_order(autojump_clock: Any) -> None:
    lock = LazyLock()
    order: list[int] = []

    async def take(index: int) -> None:
        async with lock:
            order.append(index)
            await trio.sleep(1)

    async with trio.open_nursery() as nursery:
        await lock.acquire()
        for index in range(3):
            nursery.start_soon(take, index)
            await trio.testing.wait_all_tasks_blocked()
        lock.release()
        with pytest.raises(trio.WouldBlock):  # handed to the first waiter, not free for whoever asks first
            lock.acquire_nowait()
    assert order == [0, 1, 2]
    assert not lock.locked()


async def test_a_canceled_waiter_leaves_the_line(autojump_clock: Any) -> None:
    lock = LazyLock()
    waited = trio.CancelScope()

    async def wait_in_line() -> None:
        with waited:
            await lock.acquire()

    await lock.acquire()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(wait_in_line)
        await trio.testing.wait_all_tasks_blocked()
        waited.cancel()
    assert waited.cancelled_caught
    lock.release()
    assert not lock.locked()
    lock.acquire_nowait()
    lock.release()


async def test_misuse_is_refused_as_trio_refuses_it() -> None:
    lock = LazyLock()
    with pytest.raises(RuntimeError):
        lock.release()
    await lock.acquire()
    with pytest.raises(RuntimeError):
        lock.acquire_nowait()

    async def release_elsewhere() -> None:
        with pytest.raises(RuntimeError):
            lock.release()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(release_elsewhere)
    lock.release()


async def test_an_event_wakes_its_waiters_and_clear_starts_a_new_one_as_hypercorns_does(autojump_clock: Any) -> None:
    event = LazyEvent()
    assert not event.is_set() and event._event is None
    await event.set()
    assert event.is_set() and event._event is None  # nobody waited: no trio.Event made
    await event.wait()
    await event.clear()
    woken: list[int] = []

    async def waiter(index: int) -> None:
        await event.wait()
        woken.append(index)

    async with trio.open_nursery() as nursery:
        for index in range(2):
            nursery.start_soon(waiter, index)
        await trio.testing.wait_all_tasks_blocked()
        await event.set()
    assert sorted(woken) == [0, 1]

    await event.clear()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(waiter, 2)
        await trio.testing.wait_all_tasks_blocked()
        await event.clear()  # as EventWrapper's: a new event, the task waiting on the old one is left waiting
        await event.set()
        await trio.sleep(1)
        nursery.cancel_scope.cancel()
    assert 2 not in woken
