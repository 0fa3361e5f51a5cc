"""Hypercorn's queue for a request's app is an `AppQueue`, and a RunSSE that follows it needs no task to hear
its client leave: the disconnect cancels its scope, late body chunks are dropped, and a disconnect that was
queued before it started following counts too."""

from __future__ import annotations

from typing import Any

import pytest
import trio
import trio.testing

from cursord.server.asgi import AppQueue, CancelOnDisconnect
from cursord.server.hypercorn_fixes import TaskGroup


async def _forever_until_disconnect(receive: Any) -> bool:
    """Whether the body under `CancelOnDisconnect(receive)` was cut short."""
    done = False
    async with CancelOnDisconnect(receive):
        await trio.sleep_forever()
        done = True
    return not done


async def test_a_disconnect_cancels_the_body_without_a_task(autojump_clock: trio.abc.Clock) -> None:
    queue = AppQueue(10)
    cut: list[bool] = []

    async def handler() -> None:
        cut.append(await _forever_until_disconnect(queue))

    async with trio.open_nursery() as nursery:
        nursery.start_soon(handler)
        await trio.testing.wait_all_tasks_blocked()
        tasks = len(nursery.child_tasks)
        await queue.send({"type": "http.request", "body": b"late", "more_body": False})
        await trio.testing.wait_all_tasks_blocked()
        assert not cut and len(queue) == 0  # a late chunk is dropped, not queued
        await queue.send({"type": "http.disconnect"})
    assert tasks == 1
    assert cut == [True]


async def test_a_disconnect_queued_before_is_heard(autojump_clock: trio.abc.Clock) -> None:
    queue = AppQueue(10)
    queue.send_nowait({"type": "http.disconnect"})
    with trio.fail_after(1):
        assert await _forever_until_disconnect(queue)


async def test_after_the_body_messages_are_queued_again(autojump_clock: trio.abc.Clock) -> None:
    queue = AppQueue(10)
    async with CancelOnDisconnect(queue):
        pass
    queue.send_nowait({"type": "http.disconnect"})
    assert await queue() == {"type": "http.disconnect"}


async def test_any_other_receive_gets_a_watcher_task(autojump_clock: trio.abc.Clock) -> None:
    send, receive = trio.open_memory_channel[Any](1)
    cut: list[bool] = []

    async def handler() -> None:
        cut.append(await _forever_until_disconnect(receive.receive))

    async with trio.open_nursery() as nursery:
        nursery.start_soon(handler)
        await trio.testing.wait_all_tasks_blocked()
        await send.send({"type": "http.disconnect"})
    assert cut == [True]


async def test_an_error_in_the_body_leaves_as_it_came(autojump_clock: trio.abc.Clock) -> None:
    queue = AppQueue(10)
    with pytest.raises(ValueError, match="boom"):
        async with CancelOnDisconnect(queue):
            raise ValueError("boom")


async def test_hypercorn_hands_each_app_an_app_queue(autojump_clock: trio.abc.Clock) -> None:
    got: list[Any] = []

    async def app(scope: Any, receive: Any, send: Any, sync_spawn: Any, call_soon: Any) -> None:
        got.append(receive)
        got.append(await receive())

    sent: list[Any] = []

    async def app_send(message: Any) -> None:
        sent.append(message)

    config = type("Config", (), {"max_app_queue_size": 10})()
    async with TaskGroup() as group:
        put = await group.spawn_app(app, config, {"type": "http"}, app_send)  # type: ignore[arg-type]
        await put({"type": "http.request", "body": b"", "more_body": False})
    assert isinstance(got[0], AppQueue) and got[0].capacity == 10
    assert got[1] == {"type": "http.request", "body": b"", "more_body": False}
    assert sent == [None]
