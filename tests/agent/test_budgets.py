"""GatewayBudgets over a real store: whose a pass is, tokens and cost per UTC day, user before team."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from cursord.agent.budgets import GatewayBudgets, utc_day_start
from cursord.agent.ledger import PassTag
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
