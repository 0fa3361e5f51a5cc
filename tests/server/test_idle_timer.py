"""A Hypercorn connection's idle timer (`hypercorn_fixes._IdleTask`): restarted without waiting for its task,
with `TrioSingleTask`'s behaviour: one timer at a time, a restart or a stop cancels the running one."""

from __future__ import annotations

from typing import Any

import trio
import trio.testing
from hypercorn.trio.task_group import TaskGroup

from cursord.server.hypercorn_fixes import _IdleTask


def timer(fired: list[str], name: str) -> Any:
    async def action() -> None:
        await trio.sleep(10)
        fired.append(name)

    return action


async def test_a_restart_does_not_wait_for_the_timer_task_and_it_fires(autojump_clock: Any) -> None:
    fired: list[str] = []
    idle = _IdleTask()
    async with TaskGroup() as group:
        with trio.testing.assert_no_checkpoints():
            await idle.restart(group, timer(fired, "first"))
    assert fired == ["first"]


async def test_a_restart_replaces_the_running_timer(autojump_clock: Any) -> None:
    fired: list[str] = []
    idle = _IdleTask()
    async with TaskGroup() as group:
        await idle.restart(group, timer(fired, "first"))
        await trio.sleep(5)
        await idle.restart(group, timer(fired, "second"))
    assert fired == ["second"]
    assert trio.current_time() >= 15  # the second ran its whole 10 s from the restart


async def test_a_timer_stopped_before_its_task_ran_never_fires(autojump_clock: Any) -> None:
    fired: list[str] = []
    idle = _IdleTask()
    async with TaskGroup() as group:
        with trio.testing.assert_no_checkpoints():
            await idle.restart(group, timer(fired, "first"))
            await idle.stop()
    assert fired == []
    assert trio.current_time() == 0


async def test_stop_without_a_timer_is_harmless() -> None:
    idle = _IdleTask()
    await idle.stop()
    await idle.stop()
