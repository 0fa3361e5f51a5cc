"""Suite-wide guards: no test may hang.

- On the Trio clock: every async test runs inside `trio.fail_after` one simulated hour; a test that
  would wait forever under `autojump_clock` jumps there and fails with TooSlowError instead.
- On the wall clock: `faulthandler` dumps every thread's stack and ends the run if one test takes more
  than two minutes, so CI shows where a hang is instead of timing out silently.
"""

from __future__ import annotations

import faulthandler
import functools
import inspect
from collections.abc import Iterator
from typing import Any

import pytest
import trio

TRIO_DEADLINE_SECONDS = 3600.0
WALL_DEADLINE_SECONDS = 120.0


@pytest.fixture(autouse=True)
def wall_clock_guard() -> Iterator[None]:
    faulthandler.dump_traceback_later(WALL_DEADLINE_SECONDS, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


def _with_trio_deadline(test: Any) -> Any:
    @functools.wraps(test)
    async def guarded(*args: Any, **kwargs: Any) -> Any:
        with trio.fail_after(TRIO_DEADLINE_SECONDS):
            return await test(*args, **kwargs)

    return guarded


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if isinstance(item, pytest.Function) and inspect.iscoroutinefunction(item.obj):
            item.obj = _with_trio_deadline(item.obj)
