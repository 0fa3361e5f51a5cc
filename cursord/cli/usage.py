"""`cursord usage`: what the recorded provider passes cost, per model, day, conversation or provider.

It reads the usage ledger in the store of the configured data dir (`--data-dir`, `--config`, defaults
as `cursord serve`); the daemon need not run. A table by default, with a total; `--json` prints one
object per row, for scripts. Costs were computed when each pass ended; a row whose passes were not all
priced shows the known part with a `+` and counts the others (`unpriced_passes` in JSON).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

import attrs

from cursord.config import ConfigError, ServeConfig, add_store_argument, is_postgres_url
from cursord.store import QuickUsage, UsageGroup, UsageRow, current_sqlite, sqlite_path
from cursord.tap import client_config

__all__ = [
    "add_usage_arguments", "format_usage", "parse_since", "quick_usage", "run_usage", "usage_command", "usage_json",
]

_SPAN = re.compile(r"^(\d+)([mhdw])$")
_SECONDS = {"m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def parse_since(text: str, now: float) -> float | None:
    """`7d`, `12h`, `30m`, `2w`, a local date `2026-12-01`, or `all` -> epoch seconds (None: all)."""
    if text == "all":
        return None
    span = _SPAN.match(text)
    if span:
        return now - int(span.group(1)) * _SECONDS[span.group(2)]
    try:
        return datetime.strptime(text, "%Y-%m-%d").timestamp()  # local midnight
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a time span (7d, 12h, 30m, 2w), a date (YYYY-MM-DD) or 'all'"
        ) from None


def add_usage_arguments(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "usage",
        help="tokens, cache hits and cost of the provider passes",
        description="Tokens, cache hits and cost of the recorded provider passes, from the data dir's store.",
    )
    parser.add_argument("--since", default="7d", metavar="WHEN",
                        help="from when: 7d, 12h, 30m, 2w, a date YYYY-MM-DD, or all (default 7d)")
    parser.add_argument("--by", default=UsageGroup.MODEL.value, choices=[g.value for g in UsageGroup],
                        help="one row per model, day, conversation, provider, user or team (default model)")
    parser.add_argument("--json", action="store_true", help="one JSON object per row, one per line")
    parser.add_argument("--config", metavar="PATH", help="the daemon's TOML config file (for its data_dir)")
    parser.add_argument("--data-dir", metavar="PATH",
                        help="the daemon's data directory (default $XDG_DATA_HOME/cursord or ~/.local/share/cursord)")
    add_store_argument(parser)
    return parser


def usage_command(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    """A SQLite store of this build's schema is read at once (`cursord.store.quick_read`); any other through
    the whole store, under trio."""
    code = quick_usage(args, environ, sys.stdout)
    if code is None:
        import trio

        code = trio.run(run_usage, args, environ, sys.stdout)
    return code


@attrs.frozen
class _Asked:
    by: UsageGroup
    since: float | None
    config: ServeConfig

    @property
    def sqlite_file(self) -> Path | None:
        return None if is_postgres_url(self.config.store) else sqlite_path(self.config.data_dir, self.config.store)


def _asked(args: argparse.Namespace, environ: Mapping[str, str]) -> _Asked | int:
    try:
        since = parse_since(args.since, time.time())
        config = client_config(args, environ)
    except (ConfigError, argparse.ArgumentTypeError) as error:
        print(f"cursord usage: {error}", file=sys.stderr)
        return 2
    return _Asked(UsageGroup(args.by), since, config)


def quick_usage(args: argparse.Namespace, environ: Mapping[str, str], out: TextIO) -> int | None:
    """`cursord usage` without trio or the store's threads; None when the store must be opened the full way
    (PostgreSQL, or a schema other than this build's)."""
    asked = _asked(args, environ)
    if isinstance(asked, int):
        return asked
    path = asked.sqlite_file
    if path is None:
        return None
    if not path.exists():
        return _nothing_yet(path, args, asked.by, out)
    with current_sqlite(path) as conn:
        if conn is None:
            return None
        read = QuickUsage(conn)
        rows = read.usage(asked.by, asked.since)
        titles = read.titles(_conversations(rows)) if asked.by is UsageGroup.CONVERSATION else {}
    return _print(rows, asked.by, titles, args, out)


async def run_usage(args: argparse.Namespace, environ: Mapping[str, str], out: TextIO) -> int:
    """`cursord usage` through the whole store (either engine)."""
    asked = _asked(args, environ)
    if isinstance(asked, int):
        return asked
    path = asked.sqlite_file
    if path is not None and not path.exists():
        return _nothing_yet(path, args, asked.by, out)
    from cursord.cli.stores import open_for_command  # the store's threads and trio: not for the quick read

    store = await open_for_command("cursord usage", asked.config)
    if store is None:
        return 1
    try:
        rows = await store.usage(asked.by, asked.since)
        titles = await store.titles(_conversations(rows)) if asked.by is UsageGroup.CONVERSATION else {}
    finally:
        await store.aclose()
    return _print(rows, asked.by, titles, args, out)


def _conversations(rows: Sequence[UsageRow]) -> list[str]:
    return [row.key for row in rows if row.key is not None]


def _nothing_yet(path: Path, args: argparse.Namespace, by: UsageGroup, out: TextIO) -> int:
    print(f"cursord usage: nothing recorded yet ({path} does not exist)", file=sys.stderr)
    return _print([], by, {}, args, out)


def _print(
    rows: Sequence[UsageRow], by: UsageGroup, titles: Mapping[str, str], args: argparse.Namespace, out: TextIO
) -> int:
    if args.json:
        for row in rows:
            print(json.dumps(usage_json(row, by, titles)), file=out)
    else:
        print(format_usage(rows, by, titles), end="", file=out)
    return 0


def usage_json(row: UsageRow, by: UsageGroup, titles: Mapping[str, str] | None = None) -> dict[str, Any]:
    named = {"title": (titles or {}).get(row.key or "")} if by is UsageGroup.CONVERSATION else {}
    return {by.value: row.key, **named, **row.figures()}


# ---- the table -----------------------------------------------------------------------------------------

_HEADERS = ("PASSES", "FAILED", "INPUT", "CACHED", "HIT", "WRITTEN", "OUTPUT", "REASONING", "TTFT", "TIME", "COST")


def _tokens(n: int) -> str:
    if n >= 10_000_000:
        return f"{n / 1_000_000:.0f}M"
    if n >= 1_000_000:
        return f"{n / 1_000_000:.1f}M"
    if n >= 10_000:
        return f"{n / 1000:.0f}k"
    return str(n)


def _cost(row: UsageRow) -> str:
    if row.cost_usd is None:
        return "unknown"
    return f"${row.cost_usd:.4f}" + ("+" if row.unpriced else "")


def _seconds(ms: int | None) -> str:
    return "-" if ms is None else f"{ms / 1000:.1f}s"


def _cells(label: str, row: UsageRow) -> list[str]:
    rate = row.cache_hit_rate
    return [
        label,
        str(row.passes),
        str(row.failed + row.canceled),
        _tokens(row.input_tokens),
        _tokens(row.cache_read_tokens),
        "-" if rate is None else f"{rate:.0%}",
        _tokens(row.cache_write_tokens),
        _tokens(row.output_tokens),
        _tokens(row.reasoning_tokens),
        _seconds(row.first_token_ms),
        _seconds(row.duration_ms),
        _cost(row),
    ]


def total_of(rows: Sequence[UsageRow]) -> UsageRow:
    firsts = [(r.first_token_ms, r.passes) for r in rows if r.first_token_ms is not None]
    costs = [r.cost_usd for r in rows if r.cost_usd is not None]
    return UsageRow(
        key="TOTAL",
        passes=sum(r.passes for r in rows),
        failed=sum(r.failed for r in rows),
        canceled=sum(r.canceled for r in rows),
        input_tokens=sum(r.input_tokens for r in rows),
        output_tokens=sum(r.output_tokens for r in rows),
        reasoning_tokens=sum(r.reasoning_tokens for r in rows),
        cache_read_tokens=sum(r.cache_read_tokens for r in rows),
        cache_write_tokens=sum(r.cache_write_tokens for r in rows),
        first_token_ms=round(sum(ms * n for ms, n in firsts) / sum(n for _, n in firsts)) if firsts else None,
        duration_ms=sum(r.duration_ms for r in rows),
        cost_usd=sum(costs) if costs else None,
        unpriced=sum(r.unpriced for r in rows),
        first_at=min(r.first_at for r in rows),
        last_at=max(r.last_at for r in rows),
    )


def _label(row: UsageRow, titles: Mapping[str, str]) -> str:
    if row.key is None:
        return "(none)"
    title = titles.get(row.key)
    if title is None:
        return row.key
    return f"{row.key[:8]} {title if len(title) <= 40 else title[:39] + '…'}"


def format_usage(rows: Sequence[UsageRow], by: UsageGroup, titles: Mapping[str, str] | None = None) -> str:
    """The rows as a table; with `titles`, a conversation named by the editor shows its id's start and its title."""
    if not rows:
        return "no provider passes recorded in this period\n"
    table = [[by.value.upper(), *_HEADERS]]
    table += [_cells(_label(row, titles or {}), row) for row in rows]
    total = total_of(rows)
    if len(rows) > 1:
        table.append(_cells("TOTAL", total))
    widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
    lines = [
        "  ".join(cell.ljust(widths[0]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(line)).rstrip()
        for line in table
    ]
    if total.unpriced:
        passes = "1 pass has" if total.unpriced == 1 else f"{total.unpriced} passes have"
        lines.append(
            f"+ {passes} no known cost (the model has no price, or the pass was cut short after it streamed"
            " and the provider reported no usage); prices go in the provider spec:"
            " prices=MODEL:IN/OUT/CACHE_READ/CACHE_WRITE, and Tab's in [tab]: price = \"IN/OUT\""
        )
    return "\n".join(lines) + "\n"
