"""What each dashboard page shows, as JSON-ready data, read from the tap hub, the store and the config.

One function per page; none of them writes anything. Figures come from the same places as the CLI's
(`cursord status` reads the tap's snapshot, `cursord usage` the store's usage ledger, `cursord doctor`
the provider checks), so the dashboard never shows a number the CLI would not.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Mapping
from typing import Any

from cursord.agent.turn_totals import TurnTotals
from cursord.config import ServeConfig, config_warnings, redacted
from cursord.diagnose import ProviderReport, run_doctor
from cursord.providers.model import Usage
from cursord.server import EditorActivity
from cursord.store import PassRecord, PassStatus, Store, TurnRecord, UsageGroup, UsageRow
from cursord.tap import TapFilter, TapHub

__all__ = [
    "config_view",
    "conversation_view",
    "conversations_view",
    "forwarded_view",
    "overview_view",
    "providers_view",
    "streams_view",
    "usage_view",
]

#: conversations listed at most on the conversations page (the most expensive first)
MAX_CONVERSATIONS = 200
#: the editor counts as using cursord when its latest request is at most this old (seconds)
ACTIVE_WINDOW = 300.0
#: days the usage charts show at most when asked for everything
MAX_CHART_DAYS = 366


def _local_midnight(now: float) -> float:
    day = dt.datetime.fromtimestamp(now).date()
    return dt.datetime.combine(day, dt.time()).timestamp()


def _verdict(activity: dict[str, Any], active_streams: int) -> str:
    ago = activity["last_request_ago_s"]
    if active_streams:
        return f"yes: {active_streams} agent run{'s' if active_streams != 1 else ''} in progress"
    if ago is None:
        return ("not yet: no request from the editor since cursord started (is Cursor's http.proxy set? "
                "cursord editor status)")
    if ago <= ACTIVE_WINDOW:
        return f"yes: the editor's last request came {ago:.0f} s ago"
    return f"not right now: the editor's last request came {ago / 60:.0f} min ago"


async def overview_view(
    hub: TapHub, store: Store, activity: EditorActivity, config: ServeConfig, environ: Mapping[str, str]
) -> dict[str, Any]:
    """Is Cursor using cursord right now: the editor's latest request, runs served here and relayed, tunnels,
    the providers (each key of a pool: its variable, whether it is set, today's passes and failures), Tab (its
    backend, mode and figures since the start, as `cursord status` shows them), today's spend, and the recent
    turns."""
    now = time.time()
    snapshot = hub.snapshot(TapFilter())
    active = [row for row in snapshot["streams"] if not row["ended"]]
    seen = activity.as_dict()
    today = await store.usage(UsageGroup.DAY, _local_midnight(now))
    per_provider = {row.key: row for row in await store.usage(UsageGroup.PROVIDER, _local_midnight(now))}
    providers = []
    for spec in config.providers:
        for index, env in enumerate(spec.key_envs or (None,)):  # each key of a pool: NAME, NAME#2, ...
            name = spec.key_name(index)
            row = per_provider.get(name)
            providers.append({
                "name": name,
                "key_env": env,
                "key_set": env is None or bool(environ.get(env)),
                "passes_today": row.passes if row else 0,
                "failed_today": (row.failed + row.canceled) if row else 0,
                "last_at": row.last_at if row else None,
            })
    return {
        "verdict": _verdict(seen, len(active)),
        "active_streams": len(active),
        "activity": seen,
        "today": _usage_row(today[0], "day") if today else None,
        "providers": providers,
        "models": [entry for spec in config.providers for entry in spec.models],
        "tab": snapshot.get("tab"),
    }


def streams_view(hub: TapHub) -> dict[str, Any]:
    """Every stream the daemon holds (phase, model, tokens so far, pending execs), as the tap's snapshot."""
    return hub.snapshot(TapFilter())


def _usage_row(row: UsageRow, key: str) -> dict[str, Any]:
    return {key: row.key, **row.figures()}


def _calendar(first: dt.date, last: dt.date) -> list[str]:
    """Every day from `first` to `last` (at most `MAX_CHART_DAYS`, the latest kept), as YYYY-MM-DD."""
    count = min((last - first).days + 1, MAX_CHART_DAYS)
    return [(last - dt.timedelta(days=n)).isoformat() for n in reversed(range(max(count, 0)))]


async def forwarded_view(store: Store, since: float | None) -> dict[str, Any]:
    """What the proxy forwarded to Cursor since `since`, per day (newest first; only days with calls), each
    with its RPCs (the most called first) and the day's totals, and the period's totals (`cursord forwarded`
    reads the same rows, summed over every day)."""
    since_day = None if since is None else dt.datetime.fromtimestamp(since).date().isoformat()
    rows = await store.forwarded(since_day)
    days: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        days.setdefault(row.day, []).append(row.figures())
    return {
        "since": since,
        "days": [{"day": day, **_forwarded_totals(rpcs), "rpcs": rpcs} for day, rpcs in days.items()],
        "totals": _forwarded_totals([row.figures() for row in rows]),
    }


def _forwarded_totals(rpcs: list[dict[str, Any]]) -> dict[str, int]:
    return {
        "calls": sum(rpc["count"] for rpc in rpcs),
        "carrying_code": sum(rpc["count"] for rpc in rpcs if rpc["carries_code"]),
        "failed": sum(rpc["failed"] for rpc in rpcs),
        "bytes_up": sum(rpc["bytes_up"] for rpc in rpcs),
        "bytes_down": sum(rpc["bytes_down"] for rpc in rpcs),
    }


async def usage_view(store: Store, since: float | None) -> dict[str, Any]:
    """Usage since `since` per day (oldest first; every day of the period, those without use as zeros, so
    a chart's axis is continuous) and per model (the most expensive first), with the period's totals."""
    days = await store.usage(UsageGroup.DAY, since)
    models = await store.usage(UsageGroup.MODEL, since)
    used = {row.key: _usage_row(row, "day") for row in days if row.key is not None}
    today = dt.date.today()
    if since is not None:
        first = dt.datetime.fromtimestamp(since).date()
    else:
        first = min((dt.date.fromisoformat(day) for day in used), default=today)
    calendar = _calendar(first, max(today, *(dt.date.fromisoformat(day) for day in used)) if used else today)
    empty = {name: 0 for name in ("passes", "input_tokens", "cache_read_tokens", "output_tokens")}
    series = [used.get(day) or {"day": day, **empty, "cache_hit_rate": None, "cost_usd": None} for day in calendar]
    priced = [row.cost_usd for row in days if row.cost_usd is not None]
    return {
        "since": since,
        "days": series,
        "models": [_usage_row(row, "model") for row in models],
        "totals": {
            "passes": sum(row.passes for row in days),
            "input_tokens": sum(row.input_tokens for row in days),
            "cache_read_tokens": sum(row.cache_read_tokens for row in days),
            "output_tokens": sum(row.output_tokens for row in days),
            "cost_usd": sum(priced) if priced else None,
            "unpriced_passes": sum(row.unpriced for row in days),
        },
    }


async def conversations_view(store: Store, since: float | None) -> dict[str, Any]:
    """The conversations with provider passes since `since`, with their usage and cost."""
    rows = [row for row in await store.usage(UsageGroup.CONVERSATION, since) if row.key is not None]
    titles = await store.titles([row.key for row in rows[:MAX_CONVERSATIONS] if row.key is not None])
    listed = []
    for row in rows[:MAX_CONVERSATIONS]:
        assert row.key is not None
        info = await store.conversation(row.key)
        latest = _by_request(await store.passes(conversation_id=row.key))
        asked = info.model if info else None
        listed.append(
            {
                **_usage_row(row, "conversation_id"),
                "title": titles.get(row.key),
                "model": asked,
                # the model that answered the latest turn (after the one asked, when it fell back)
                "route": TurnTotals.of(latest[-1]).route(asked) if latest else asked,
                # its latest turn got no answer: every pass of it failed (a stop is not a failure)
                "latest_failed": bool(latest) and all(p.status is PassStatus.FAILED for p in latest[-1]),
                "turns": info.last_turn_seq if info else 0,
                "updated_at": info.updated_at if info else row.last_at,
            }
        )
    return {"since": since, "conversations": listed, "more": max(0, len(rows) - MAX_CONVERSATIONS)}


def _usage(usage: Usage) -> dict[str, int]:
    return {
        "input_tokens": usage.input,
        "output_tokens": usage.output,
        "reasoning_tokens": usage.reasoning,
        "cache_read_tokens": usage.cache_read,
        "cache_write_tokens": usage.cache_write,
    }


def _by_request(passes: list[PassRecord]) -> list[list[PassRecord]]:
    """The passes of each turn (request id), the earliest turn first."""
    turns: dict[str, list[PassRecord]] = {}
    for record in sorted(passes, key=lambda r: r.started_at):
        turns.setdefault(record.request_id, []).append(record)
    return list(turns.values())


def _turn(turn: TurnRecord, passes: list[PassRecord]) -> dict[str, Any]:
    return {
        "turn_seq": turn.turn_seq,
        "request_id": turn.request_id,
        "status": turn.status.value,
        "model": turn.model,
        "route": TurnTotals.of(passes).route(turn.model),
        "error": turn.error,
        "started_at": turn.started_at,
        "committed_at": turn.committed_at,
        "messages": turn.message_count,
        **_usage(turn.usage),
    }


def _pass(record: PassRecord) -> dict[str, Any]:
    return {
        "model_call_id": record.model_call_id,
        "request_id": record.request_id,
        "turn_seq": record.turn_seq,
        "provider": record.provider,
        "model": record.model,
        "status": record.status.value,
        "stop_reason": record.stop_reason,
        "error": record.error,
        "started_at": record.started_at,
        "first_token_ms": record.first_token_ms,
        "duration_ms": record.duration_ms,
        "cost_usd": record.cost_usd,
        **_usage(record.usage),
    }


async def conversation_view(store: Store, conversation_id: str) -> dict[str, Any] | None:
    """One conversation: its turns and its provider passes (None if the store has never seen it)."""
    info = await store.conversation(conversation_id)
    if info is None:
        return None
    turns = await store.turns(conversation_id)
    passes = await store.passes(conversation_id=conversation_id)
    priced = [p.cost_usd for p in passes if p.cost_usd is not None]
    return {
        "conversation_id": conversation_id,
        "title": (await store.titles([conversation_id])).get(conversation_id),
        "model": info.model,
        "created_at": info.created_at,
        "updated_at": info.updated_at,
        "summarised_up_to_turn": info.summary_up_to_turn,
        "cost_usd": sum(priced) if priced else None,
        "unpriced_passes": len(passes) - len(priced),
        "turns": [_turn(turn, [p for p in passes if p.request_id == turn.request_id]) for turn in turns],
        "passes": [_pass(record) for record in passes],
    }


def _report(report: ProviderReport) -> dict[str, Any]:
    return {
        "name": report.name,
        "key_env": report.key_env,
        "kind": report.spec.kind.value,
        "base_url": report.spec.base_url,
        "models": list(report.spec.models),
        "failed": report.failed,
        "checks": {
            name: {"status": check.status.name.lower(), "summary": check.summary, "detail": check.detail}
            for name, check in report.checks
        },
    }


async def providers_view(config: ServeConfig, environ: Mapping[str, str], *, probe: bool) -> dict[str, Any]:
    """`cursord doctor`'s checks of every provider; the one-token probe only when `probe` (it costs a request)."""
    reports = await run_doctor(config, environ, probe=probe)
    return {"probed": probe, "providers": [_report(report) for report in reports]}


def config_view(config: ServeConfig, environ: Mapping[str, str]) -> dict[str, Any]:
    """The effective configuration as `cursord config check` prints it (no key values: only whether each is set)."""
    return {"config": redacted(config, environ), "warnings": list(config_warnings(config, environ))}
