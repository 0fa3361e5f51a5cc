"""GatewayBudgets over a real store: whose a pass is, tokens and cost per UTC day, user before team."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio

from cursord.agent.budgets import GatewayBudgets, PassEstimate, utc_day_start
from cursord.agent.pass_recorder import PassTag
from cursord.core import current_caller
from cursord.providers.errors import BudgetExceeded
from cursord.providers.model import Usage
from cursord.store import Budget, Owned, PassRecord, Scope, SqlPeopleStore, open_store

NOW = datetime(2026, 12, 3, 9, 30, tzinfo=UTC).timestamp()


def passed(n: int, user: str, team: str | None, at: float, tokens: int, cost: float | None) -> PassRecord:
    return PassRecord(model_call_id=f"p{n}", request_id=f"old{n}", conversation_id="c", model="m", status="completed",
                      started_at=at, duration_ms=10, usage=Usage(tokens, 0), cost_usd=cost, user=user, team=team)


def test_the_day_starts_at_midnight_utc() -> None:
    assert utc_day_start(NOW) == datetime(2026, 12, 3, tzinfo=UTC).timestamp()


async def test_cost_and_tokens_of_today_only(tmp_path: Path, autojump_clock: Any) -> None:
    async with open_store(tmp_path, inline=True) as store:
        people = SqlPeopleStore(store)
        await people.add_user("dana", "ops")
        await people.claim(Owned.REQUEST, "r1", "dana")
        budgets = GatewayBudgets(people, wall_clock=lambda: NOW)
        tag = await budgets.admit(PassTag("r1:1", "r1", "c"))
        assert (tag.user, tag.team) == ("dana", "ops")  # no budget: whose it is, nothing refused
        await people.set_budget(Budget(Scope.USER, "dana", cost_per_day_usd=1.0))
        yesterday = utc_day_start(NOW) - 1
        await store.record_pass(passed(1, "dana", "ops", yesterday, 10, 5.0))  # yesterday's: not counted
        await store.record_pass(passed(2, "dana", "ops", NOW - 60, 10, 0.75))
        await store.record_pass(passed(3, "dana", "ops", NOW - 30, 10, None))  # unpriced: adds no cost
        assert (await budgets.admit(PassTag("r1:2", "r1", "c"))).user == "dana"  # $0.75 of $1.00
        await store.record_pass(passed(4, "dana", "ops", NOW - 10, 10, 0.25))
        with pytest.raises(BudgetExceeded) as refused:
            await budgets.admit(PassTag("r1:3", "r1", "c"))
        assert refused.value.connect_code == "resource_exhausted" and refused.value.retryable is False
        assert "daily cost budget of user dana" in str(refused.value)
        assert "limit $1.00" in str(refused.value) and "used $1.0000 today (2026-12-03 UTC)" in str(refused.value)
        # the team's budget applies to every member, checked after the user's
        await people.set_budget(Budget(Scope.USER, "dana"))
        await people.set_budget(Budget(Scope.TEAM, "ops", tokens_per_day=30))
        with pytest.raises(BudgetExceeded, match=r"daily token budget of team ops is spent: limit 30 tokens, used 30"):
            await budgets.admit(PassTag("r1:4", "r1", "c"))
        tomorrow = GatewayBudgets(people, wall_clock=lambda: NOW + 86400)
        assert (await tomorrow.admit(PassTag("r1:5", "r1", "c"))).team == "ops"  # a new day


async def test_a_pass_outside_any_stream_is_the_callers(tmp_path: Path, autojump_clock: Any) -> None:
    async with open_store(tmp_path, inline=True) as store:
        people = SqlPeopleStore(store)
        await people.add_user("erin", None)
        budgets = GatewayBudgets(people, wall_clock=lambda: NOW)
        assert (await budgets.admit(PassTag("t1", "t1"))).user is None  # a single-user daemon's pass
        reset = current_caller.set("erin")
        try:
            assert (await budgets.admit(PassTag("t2", "t2"))).user == "erin"  # a chat title on a gateway
        finally:
            current_caller.reset(reset)


async def test_passes_in_flight_hold_the_budget(tmp_path: Path, store_url: str | None) -> None:
    """Issue 27 #7: the budget was compared with recorded passes only, so 20 turns started at once over two
    gateway nodes on a budget of two passes all ran (10x). Each admitted pass now holds its estimate until
    it is recorded, checked and held in one transaction. Two stores on one database stand for two nodes."""
    async with (
        open_store(tmp_path, url=store_url, inline=True) as store,
        open_store(tmp_path, url=store_url, inline=True) as other_node,
    ):
        people = SqlPeopleStore(store)
        await people.add_user("dana", "ops")
        await people.claim(Owned.REQUEST, "r1", "dana")
        await people.set_budget(Budget(Scope.USER, "dana", tokens_per_day=200))
        budgets = GatewayBudgets(people, wall_clock=lambda: NOW)
        nodes = (budgets, GatewayBudgets(SqlPeopleStore(other_node), wall_clock=lambda: NOW))
        admitted: list[PassTag] = []
        refusals: list[str] = []

        async def turn(n: int) -> None:
            try:
                tag = await nodes[n % 2].admit(PassTag(f"r1:{n}", "r1", "c"), PassEstimate(tokens=100))
                admitted.append(tag)
            except BudgetExceeded as refused:
                refusals.append(str(refused))

        async with trio.open_nursery() as nursery:
            for n in range(20):
                nursery.start_soon(turn, n)
        assert len(admitted) == 2 and len(refusals) == 18
        assert "daily token budget of user dana is spent: limit 200 tokens, used 200" in refusals[0]
        # A recorded pass replaces its hold: what it really used counts from then on, and nothing is held twice.
        for tag in admitted:
            record = passed(0, "dana", "ops", NOW, 60, None)
            await store.record_pass(attrs.evolve(record, model_call_id=tag.model_call_id))
        assert (await budgets.admit(PassTag("r1:next", "r1", "c"), PassEstimate(tokens=100))).user == "dana"
        with pytest.raises(BudgetExceeded, match="used 220"):  # 120 recorded + 100 held by r1:next
            await budgets.admit(PassTag("r1:last", "r1", "c"), PassEstimate(tokens=100))
