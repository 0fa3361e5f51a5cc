"""The usage ledger, read back: recorded passes summed per model, day, conversation, provider, user or team.

Each provider pass is one `passes` row (written by `cursord.agent.pass_recorder` when the pass ends; on a team
gateway, with its user and team). A
summary row adds up tokens, times and cost over the passes of one group. Costs add up only where
known: `cost_usd` is the sum over the priced passes (None when none was priced) and `unpriced`
counts the others, so a partial sum is never shown as the whole.

Days are local calendar days: SQLite's `localtime` (the TZ of the process that reads); on PostgreSQL the
session's time zone, which the store sets to the reading process's (`cursord.store.postgres`). The one
expression that differs comes in as `day` (`Dialect.day_of_started_at`). PostgreSQL sums integers as
`numeric`, so the sums are made `int` here.
"""

from __future__ import annotations

import enum

import attrs

from cursord.store.sql import Connection


class UsageGroup(enum.StrEnum):
    MODEL = "model"
    DAY = "day"
    CONVERSATION = "conversation"
    PROVIDER = "provider"
    USER = "user"  # a team gateway's user (None: a pass of a single-user daemon)
    TEAM = "team"


_KEYS = {
    UsageGroup.MODEL: "model",
    UsageGroup.CONVERSATION: "conversation_id",
    UsageGroup.PROVIDER: "provider",
    UsageGroup.USER: "user_name",
    UsageGroup.TEAM: "team",
}


@attrs.frozen
class UsageRow:
    key: str | None  # the model, day (YYYY-MM-DD), conversation id or provider; None: not recorded
    passes: int
    failed: int
    canceled: int
    input_tokens: int  # the whole prompt, cache reads and writes included
    output_tokens: int  # reasoning included
    reasoning_tokens: int
    cache_read_tokens: int
    cache_write_tokens: int
    first_token_ms: int | None  # mean over passes that produced a first token
    duration_ms: int  # total
    cost_usd: float | None  # sum over priced passes; None when none was priced
    unpriced: int  # passes whose cost is unknown
    first_at: float
    last_at: float

    @property
    def cache_hit_rate(self) -> float | None:
        """The share of prompt tokens read from the cache."""
        return self.cache_read_tokens / self.input_tokens if self.input_tokens else None

    def figures(self) -> dict[str, int | float | None]:
        """Every figure of the row by name (not its key), JSON-ready: for `cursord usage --json` and the dashboard."""
        return {
            "passes": self.passes,
            "failed": self.failed,
            "canceled": self.canceled,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "reasoning_tokens": self.reasoning_tokens,
            "cache_read_tokens": self.cache_read_tokens,
            "cache_write_tokens": self.cache_write_tokens,
            "cache_hit_rate": self.cache_hit_rate,
            "first_token_ms": self.first_token_ms,
            "duration_ms": self.duration_ms,
            "cost_usd": self.cost_usd,
            "unpriced_passes": self.unpriced,
            "first_at": self.first_at,
            "last_at": self.last_at,
        }


def usage_rows(conn: Connection, by: UsageGroup, since: float | None, day: str) -> list[UsageRow]:
    key = day if by is UsageGroup.DAY else _KEYS[by]
    order = "key" if by is UsageGroup.DAY else "SUM(cost_usd) DESC NULLS LAST, SUM(input_tokens) DESC, key"
    rows = conn.execute(
        f"""SELECT {key} AS key, COUNT(*),
                SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END),
                SUM(CASE WHEN status = 'canceled' THEN 1 ELSE 0 END),
                SUM(input_tokens), SUM(output_tokens), SUM(reasoning_tokens),
                SUM(cache_read_tokens), SUM(cache_write_tokens),
                AVG(first_token_ms), SUM(duration_ms),
                SUM(cost_usd), SUM(CASE WHEN cost_usd IS NULL THEN 1 ELSE 0 END),
                MIN(started_at), MAX(started_at)
            FROM passes WHERE started_at >= ? GROUP BY key ORDER BY {order}""",
        (since if since is not None else float("-inf"),),
    )
    return [
        UsageRow(
            key=None if k is None else str(k),
            passes=int(n),
            failed=int(failed),
            canceled=int(canceled),
            input_tokens=int(i),
            output_tokens=int(o),
            reasoning_tokens=int(r),
            cache_read_tokens=int(cr),
            cache_write_tokens=int(cw),
            first_token_ms=None if first is None else round(first),
            duration_ms=int(duration),
            cost_usd=cost,
            unpriced=int(unpriced),
            first_at=first_at,
            last_at=last_at,
        )
        for k, n, failed, canceled, i, o, r, cr, cw, first, duration, cost, unpriced, first_at, last_at in rows
    ]
