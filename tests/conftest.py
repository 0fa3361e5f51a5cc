"""Suite-wide guards: no test may hang.

- On the Trio clock: every async test runs inside `trio.fail_after` one simulated hour; a test that
  would wait forever under `autojump_clock` jumps there and fails with TooSlowError instead.
- On the wall clock: `faulthandler` dumps every thread's stack and ends the run if one test takes more
  than two minutes, so CI shows where a hang is instead of timing out silently.

The user's own configuration stays out: `CURSORD_CONFIG` is set empty for the whole run (and the processes
it starts), so no test reads `~/.config/cursord`; tests of the default config file set their own.

And the PostgreSQL server the store's tests run against (`postgres_cluster`, one per session, and
`postgres_url`, a fresh database per test). Without the server binaries those tests are skipped, with
the reason in the summary; with `CURSORD_REQUIRE_POSTGRES=1` (CI) they fail instead.
"""

from __future__ import annotations

import faulthandler
import functools
import inspect
import os
from collections.abc import Iterator
from typing import Any

import pytest
import trio

from cursord.testing.postgres import PostgresUnavailable, TempCluster

os.environ["CURSORD_CONFIG"] = ""

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


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[TempCluster]:
    try:
        cluster = TempCluster.start()
    except PostgresUnavailable as exc:
        if os.environ.get("CURSORD_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"CURSORD_REQUIRE_POSTGRES=1, but {exc}")
        pytest.skip(f"the PostgreSQL store is NOT tested: {exc}")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: TempCluster) -> str:
    """A URL of a fresh, empty database (with a password in it, which the trust auth ignores)."""
    return postgres_cluster.url(postgres_cluster.new_database(), password="not-a-secret")


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest) -> str | None:
    """The store of a test that runs on both engines (`--store`): None, SQLite in the data dir; or a fresh
    PostgreSQL database."""
    return None if request.param == "sqlite" else str(request.getfixturevalue("postgres_url"))
