"""What the proxy forwarded to Cursor, per day and RPC, on both engines: increments add up into one row per
(day, RPC), read back newest day first, and a day bound drops the older ones."""

from __future__ import annotations

from cursord.store import ForwardedRow
from tests.store.conftest import StoreTarget

BUG_BOT = "aiserver.v1.AiService/StreamBugBot"
TEAMS = "aiserver.v1.DashboardService/GetTeams"


def one_call(
    day: str, method: str, carries: bool | None, *, failed: int = 0, up: int = 10, down: int = 20
) -> ForwardedRow:
    return ForwardedRow(day, method, carries, 1, failed, up, down)


async def test_calls_add_up_per_day_and_rpc(db: StoreTarget) -> None:
    async with db.open() as store:
        store.record_forwarded_nowait(one_call("2026-06-01", TEAMS, False))
        store.record_forwarded_nowait(one_call("2026-06-02", TEAMS, False, up=5, down=7))
        store.record_forwarded_nowait(one_call("2026-06-02", TEAMS, False, failed=1, up=0, down=0))
        store.record_forwarded_nowait(one_call("2026-06-02", BUG_BOT, True, up=900, down=40))
        store.record_forwarded_nowait(one_call("2026-06-02", "/auth/...", None, up=0, down=3))
        await store.flush()
        assert await store.forwarded() == [
            ForwardedRow("2026-06-02", TEAMS, False, 2, 1, 5, 7),
            ForwardedRow("2026-06-02", "/auth/...", None, 1, 0, 0, 3),
            ForwardedRow("2026-06-02", BUG_BOT, True, 1, 0, 900, 40),
            ForwardedRow("2026-06-01", TEAMS, False, 1, 0, 10, 20),
        ]
        assert [row.day for row in await store.forwarded(since_day="2026-06-02")] == ["2026-06-02"] * 3
    async with db.open() as store:  # kept across a restart
        assert sum(row.calls for row in await store.forwarded()) == 5
