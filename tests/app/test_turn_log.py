"""The turn's log line and the overview's turn (`cursord.app.turn_log`): a turn that moved on shows it."""

from __future__ import annotations

from cursord.agent.turn_totals import TurnTotals
from cursord.app.turn_log import format_turn
from cursord.store import PassRecord, PassStatus


def a_pass(model: str, provider: str, status: PassStatus, error: str | None = None) -> PassRecord:
    return PassRecord("call", "r1", "c1", model, status, 0.0, 10, provider=provider, error=error)


def test_a_turn_that_fell_back_names_the_model_asked_the_one_that_answered_and_why() -> None:
    """Issue 39 #7: the line named only the model that answered."""
    totals = TurnTotals()
    totals.add(a_pass("gpt-5", "down", PassStatus.FAILED, "RateLimited: down: slow down"))
    totals.add(a_pass("claude-sonnet-4-5", "anthropic", PassStatus.COMPLETED))
    line = format_turn("ok", "c1", None, "gpt-5", totals, 1.0)
    assert "gpt-5 → claude-sonnet-4-5 (anthropic) (fallback: down RateLimited)" in line
    assert totals.route("gpt-5") == "gpt-5 → claude-sonnet-4-5 (anthropic) (fallback: down RateLimited)"


def test_a_turn_served_where_it_was_asked_shows_just_its_model() -> None:
    totals = TurnTotals()
    totals.add(a_pass("gpt-5", "openai", PassStatus.FAILED, "Overloaded: openai: busy"))
    totals.add(a_pass("gpt-5", "openai", PassStatus.COMPLETED))
    assert totals.route("gpt-5") == "gpt-5 (openai)"
    assert TurnTotals().route("gpt-5") == "gpt-5"
