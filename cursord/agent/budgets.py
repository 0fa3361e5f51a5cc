"""Daily budgets on a team gateway, checked before each provider pass; and whose each pass is.

Theory of operation. `ProviderRouter.run_pass` asks its `PassGuard` before a pass starts. On a gateway
that is `GatewayBudgets`: the pass belongs to the owner of its request id (the user whose token first
touched it, `cursord.store.people`), or for a pass outside any stream (a chat title) to the caller of
the request being served (`cursord.core.current_caller`). The user's budget, then its team's, is compared
with what the ledger holds for them since 00:00 UTC today:

    tokens  input + output tokens of every pass (cache reads included: they are prompt tokens)
    cost    the USD of every priced pass (a pass without a price adds nothing)

plus what the passes in flight hold: each pass admitted holds its estimated size (its prompt's tokens, and
their price) until its ledger row replaces the hold (`cursord.store.people.hold_pass`). The check and the
hold are one transaction, so turns run in parallel, on one node or several, cannot each spend the same
remainder (issue 27 #7: 20 simultaneous turns on a 2-pass budget all ran).

Whichever limit is reached refuses the pass with `BudgetExceeded` (`resource_exhausted`, never
retried), naming the budget, its limit and today's use; the turn fails, so nothing of it becomes
history, and a new day (or a higher budget) lets the next turn through. A pass that starts under the
limit runs to its end even if it crosses it: the limit is checked, not metered.

The tag comes back with the user and team, so the ledger records the pass as theirs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Protocol

import attrs

from cursord.agent.pass_recorder import PassTag
from cursord.core import current_caller
from cursord.providers.errors import BudgetExceeded
from cursord.store import Budget, Owned, PassHold, PeopleStore, Scope, Spend


@attrs.frozen
class PassEstimate:
    """What a pass is expected to spend before it runs: its prompt's tokens and their price."""

    tokens: int = 0
    cost_usd: float = 0.0


class PassGuard(Protocol):
    async def admit(self, tag: PassTag, estimate: PassEstimate = PassEstimate()) -> PassTag:
        """The tag with whose the pass is; raises `BudgetExceeded` to refuse it."""
        ...


def utc_day_start(now: float) -> float:
    day = datetime.fromtimestamp(now, UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return day.timestamp()


def refusal(budget: Budget, spend: Spend, day: str) -> str | None:
    """Why `spend` may not grow under `budget` (None: it may)."""
    who = f"{budget.scope.value} {budget.name}"
    if budget.tokens_per_day is not None and spend.tokens >= budget.tokens_per_day:
        return (f"the daily token budget of {who} is spent: limit {budget.tokens_per_day:,} tokens, "
                f"used {spend.tokens:,} today ({day} UTC); it renews at 00:00 UTC")
    if budget.cost_per_day_usd is not None and spend.cost_usd >= budget.cost_per_day_usd:
        return (f"the daily cost budget of {who} is spent: limit ${budget.cost_per_day_usd:,.2f}, "
                f"used ${spend.cost_usd:,.4f} today ({day} UTC); it renews at 00:00 UTC")
    return None


@attrs.define(eq=False)
class GatewayBudgets:
    people: PeopleStore
    wall_clock: Callable[[], float] = time.time

    async def admit(self, tag: PassTag, estimate: PassEstimate = PassEstimate()) -> PassTag:
        name = await self.people.owner(Owned.REQUEST, tag.request_id) or current_caller.get()
        if name is None:
            return tag
        user = await self.people.user(name)
        team = user.team if user is not None else None
        now = self.wall_clock()
        day = datetime.fromtimestamp(now, UTC).strftime("%Y-%m-%d")
        budgets = []
        for scope, who in ((Scope.USER, name), (Scope.TEAM, team)):
            if who is None:
                continue
            budget = await self.people.budget(scope, who)
            if budget is not None and (budget.tokens_per_day is not None or budget.cost_per_day_usd is not None):
                budgets.append(budget)
        if budgets:
            hold = PassHold(tag.model_call_id, name, team, estimate.tokens, estimate.cost_usd)
            why = await self.people.hold_pass(
                hold, budgets, utc_day_start(now), lambda budget, spend: refusal(budget, spend, day)
            )
            if why is not None:
                raise BudgetExceeded("cursord gateway", why)
        return attrs.evolve(tag, user=name, team=team)
