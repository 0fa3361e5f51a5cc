"""The turn's log line and the overview's turn (`cursord.app.turn_log`): a turn that moved on shows it."""

from __future__ import annotations

import logging
from typing import Any

import attrs
import pytest

from cursord.agent.turn_totals import TurnTotals
from cursord.app.turn_log import TurnLog, format_turn
from cursord.store import PassRecord, PassStatus
from cursord.streams import StreamEnding


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


@attrs.frozen
class EndedBacklog:
    ending: StreamEnding = attrs.field(factory=lambda: StreamEnding(None))


@attrs.define(eq=False)
class EndedStream:
    """What `TurnLog.observe` reads of a stream that ended well."""

    request_id: str = "r1"
    conversation_id: str | None = "c1"
    model_id: str | None = "gpt-5"
    created_at: float = 0.0
    backlog: EndedBacklog = attrs.field(factory=EndedBacklog)


def test_a_gateway_turn_names_its_user_in_the_line_and_the_overview(caplog: pytest.LogCaptureFixture) -> None:
    """Issue 39 #10: on a team gateway the turn's line said whose turn it was nowhere."""
    turns: list[Any] = []
    log = TurnLog(clock=lambda: 2.0, on_turn=turns.append)
    record = log.recording(lambda rec: None)
    record(attrs.evolve(a_pass("gpt-5", "openai", PassStatus.COMPLETED), user="alice", team="core"))
    with caplog.at_level(logging.INFO, "cursord.turns"):
        log.observe(EndedStream(), "ended")  # type: ignore[arg-type]
        log.observe(EndedStream(request_id="r2"), "ended")  # type: ignore[arg-type]
    alice, nobody = (r.getMessage() for r in caplog.records)
    assert alice.startswith("turn ok: conversation c1, user alice, gpt-5 (openai), 1 pass")
    assert "user" not in nobody
    assert [t["user"] for t in turns] == ["alice", None]


def test_a_pass_of_no_turn_is_recorded_but_not_kept_for_a_turn_that_never_ends() -> None:
    """A title's or Local AI's pass is its own request (its model call id): no stream ends to log it, so
    keeping its totals would keep them for ever."""
    recorded: list[PassRecord] = []
    log = TurnLog(clock=lambda: 2.0)
    record = log.recording(recorded.append)
    title = PassRecord("title-1", "title-1", None, "gpt-5", PassStatus.COMPLETED, 0.0, 10)
    record(title)
    record(attrs.evolve(title, model_call_id="r1:1", request_id="r1"))
    assert recorded == [title, attrs.evolve(title, model_call_id="r1:1", request_id="r1")]
    assert set(log._turns) == {"r1"}
