"""A turn's provider passes summed, for the turn's log line, the overview and the Conversations page.

`route` names the model that answered and, when a pass moved to another key or model, the one asked first
and why: `gpt-5 → claude-sonnet-4-5 (anthropic) (fallback: openai RateLimited)`.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from cursord.store import PassRecord, PassStatus

__all__ = ["TurnTotals"]


@attrs.define
class TurnTotals:
    """A request's passes so far."""

    passes: int = 0
    input_tokens: int = 0
    cached_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = None
    cost_known: bool = True
    first_token_ms: int | None = None
    model: str | None = None
    provider: str | None = None
    #: the first pass's model and provider, and what made the turn move on (the first failed pass's
    #: provider and error kind)
    first: tuple[str, str | None] | None = None
    moved_after: str | None = None

    def add(self, record: PassRecord) -> None:
        if self.first is None:
            self.first = (record.model, record.provider)
        if record.status is PassStatus.FAILED and self.moved_after is None:
            self.moved_after = f"{record.provider} {(record.error or 'failed').split(':')[0]}"
        self.passes += 1
        self.input_tokens += record.usage.input
        self.cached_tokens += record.usage.cache_read
        self.output_tokens += record.usage.output
        if record.cost_usd is None:
            self.cost_known = False
        else:
            self.cost_usd = (self.cost_usd or 0.0) + record.cost_usd
        if self.first_token_ms is None:
            self.first_token_ms = record.first_token_ms
        self.model, self.provider = record.model, record.provider

    def route(self, asked: str | None) -> str | None:
        """The model that answered, with its provider, after the one asked first when a pass moved on."""
        model = self.model or asked
        if model is None:
            return None
        served = f"{model} ({self.provider})" if self.provider else model
        if self.first is None or self.moved_after is None or self.first == (self.model, self.provider):
            return served
        return f"{self.first[0]} → {served} (fallback: {self.moved_after})"

    @classmethod
    def of(cls, records: Iterable[PassRecord]) -> TurnTotals:
        totals = cls()
        for record in sorted(records, key=lambda r: r.started_at):
            totals.add(record)
        return totals
