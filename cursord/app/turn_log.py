"""One line per turn: what a daily user wants from the log, in place of httpx's line per request. A turn
that failed is a WARNING (a user's stop is not a failure); the others are INFO.

Theory of operation. `TurnLog` sees every provider pass as the usage ledger records it (`recording` wraps
the ledger's sink) and every stream as the broker reports it (`observe`). It sums a request's passes
(tokens, cache reads, cost, the first pass's first-token time) and, the first time it sees the stream
ended, logs them with the conversation (and its title, when the editor named it), the model and provider,
how long the turn took and how it ended; then it forgets the request. A stream that ends without a pass
(refused, canceled before the provider) still gets its line. On a team gateway a turn's passes name their
user, and so does its line.

    turn ok: conversation 0f3c9a1e "Fix the login bug", gpt-5 (openai), 2 passes, 12,345 in (10,240
    cached) / 456 out, $0.0123, first token 0.84 s, 5.20 s

A turn whose pass moved to another key or model names both ends and why (`TurnTotals.route`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from cursord.agent.turn_totals import TurnTotals
from cursord.core import Phase, counted
from cursord.store import PassRecord, PassStatus, StoredTurn, TurnStatus
from cursord.streams import ActiveStream

log = logging.getLogger("cursord.turns")

__all__ = ["TurnLog", "format_turn", "stored_turn_entry", "turn_entry"]


def format_turn(
    outcome: str, conversation_id: str | None, title: str | None, model: str | None, totals: TurnTotals,
    seconds: float, user: str | None = None,
) -> str:
    """The turn's line (see the module docstring)."""
    parts = [f"turn {outcome}: conversation {(conversation_id or '-')[:8]}" + (f" {title!r}" if title else "")]
    if user:
        parts.append(f"user {user}")
    route = totals.route(model)
    if route:
        parts.append(route)
    parts.append(counted(totals.passes, "pass", "passes"))
    if totals.passes:
        parts.append(f"{totals.input_tokens:,} in ({totals.cached_tokens:,} cached) / {totals.output_tokens:,} out")
        if totals.cost_usd is not None:
            parts.append(f"${totals.cost_usd:.4f}" + ("" if totals.cost_known else " (some passes unpriced)"))
        if totals.first_token_ms is not None:
            parts.append(f"first token {totals.first_token_ms / 1000:.2f} s")
    parts.append(f"{seconds:.2f} s")
    return ", ".join(parts)


@attrs.define
class TurnLog:
    clock: Callable[[], float]
    #: conversation id -> its title, when known (the editor's names)
    titles: Callable[[str], str | None] = lambda conversation_id: None
    #: told of each turn as it is logged, as JSON-ready data (the dashboard's recent turns)
    on_turn: Callable[[Mapping[str, Any]], None] = lambda turn: None
    _turns: dict[str, TurnTotals] = attrs.field(factory=dict)
    #: request id -> the gateway user its passes ran for
    _users: dict[str, str] = attrs.field(factory=dict)
    _logged: set[ActiveStream] = attrs.field(factory=set)

    def recording(self, sink: Callable[[PassRecord], None]) -> Callable[[PassRecord], None]:
        """`sink`, which also tells this log of each pass."""

        def record(rec: PassRecord) -> None:
            sink(rec)
            if rec.model_call_id == rec.request_id:
                return  # a pass of no turn (a title, Local AI): no stream will end to log and forget it
            self._turns.setdefault(rec.request_id, TurnTotals()).add(rec)
            if rec.user:
                self._users.setdefault(rec.request_id, rec.user)

        return record

    def observe(self, stream: ActiveStream, what: str) -> None:
        """A broker observer: logs the turn the first time its stream is seen ended."""
        if what == "retired":
            self._logged.discard(stream)
            return
        ending = stream.backlog.ending
        if ending is None or stream in self._logged:
            return
        self._logged.add(stream)
        totals = self._turns.pop(stream.request_id, TurnTotals())
        user = self._users.pop(stream.request_id, None)
        outcome = "ok" if ending.error is None else f"{ending.error.code.value} ({ending.error.message})"
        conversation = stream.conversation_id
        title = self.titles(conversation) if conversation else None
        seconds = self.clock() - stream.created_at
        level = logging.WARNING if ending.phase is Phase.FAILED else logging.INFO
        log.log(level, "%s", format_turn(outcome, conversation, title, stream.model_id, totals, seconds, user))
        self.on_turn(turn_entry(
            stream.request_id, conversation, title, user, stream.model_id, totals,
            "ok" if ending.error is None else ending.error.code.value,
            None if ending.error is None else ending.error.message,
            seconds,
        ))


def turn_entry(
    request_id: str, conversation_id: str | None, title: str | None, user: str | None, asked: str | None,
    totals: TurnTotals, outcome: str, error: str | None, seconds: float,
) -> dict[str, Any]:
    """A turn as the overview lists it (JSON-ready)."""
    return {
        "request_id": request_id,
        "conversation_id": conversation_id,
        "title": title,
        "user": user,
        "model": totals.model or asked,
        "provider": totals.provider,
        "route": totals.route(asked),
        "outcome": outcome,
        "error": error,
        "passes": totals.passes,
        "input_tokens": totals.input_tokens,
        "cache_read_tokens": totals.cached_tokens,
        "output_tokens": totals.output_tokens,
        "cost_usd": totals.cost_usd,
        "first_token_ms": totals.first_token_ms,
        "duration_s": round(seconds, 2),
    }


#: a stored turn's outcome as the overview names it (a live turn's is "ok" or its Connect code)
_STORED_OUTCOME = {TurnStatus.COMPLETED: "ok", TurnStatus.FAILED: "failed", TurnStatus.CANCELED: "canceled"}
_PASS_OUTCOME = {PassStatus.COMPLETED: "ok", PassStatus.FAILED: "failed", PassStatus.CANCELED: "canceled"}


def stored_turn_entry(stored: StoredTurn, titles: Callable[[str], str | None]) -> dict[str, Any]:
    """A turn read back from the store, as `turn_entry` lists a live one, with the time it ended: what the
    store holds of it (its passes; its outcome when the turn was recorded, else its last pass's)."""
    first, last, turn = stored.passes[0], stored.passes[-1], stored.turn
    ended_at = max(p.started_at + p.duration_ms / 1000 for p in stored.passes)
    if turn is not None:
        outcome, error, ended_at = _STORED_OUTCOME[turn.status], turn.error, max(ended_at, turn.committed_at)
    else:
        outcome, error = _PASS_OUTCOME[last.status], last.error
    conversation = first.conversation_id
    return {
        **turn_entry(
            stored.request_id,
            conversation,
            titles(conversation) if conversation else None,
            next((p.user for p in stored.passes if p.user), None),
            (turn.model if turn is not None else None) or first.model,
            TurnTotals.of(stored.passes),
            outcome,
            error,
            ended_at - first.started_at,
        ),
        "ended_at": ended_at,
    }
