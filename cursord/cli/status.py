"""`cursord status` (a table of the daemon's streams) and `cursord forwarded` (what its proxy sent to Cursor);
`cursord tap` (follow the live event tap) is `cursord.cli.tap`.

All three are clients of the daemon's debug tap (`cursord.tap.hub`): `status` and `forwarded` read the
snapshot the tap sends first and print it (`forwarded`: its `forwarded` rows, one per RPC, summed over every
day the store holds); `tap` prints the snapshot and then one line per event until the daemon closes the
tap or the user presses Ctrl-C. `--json` prints the tap's own JSON instead (one object per line).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from cursord.core import counted
from cursord.store import EditorSeen, read_editor_seen
from cursord.tap import TapClientError, add_tap_client_arguments, read_snapshot, tap_target_from_args

__all__ = [
    "add_forwarded_arguments",
    "add_status_arguments",
    "editor_seen_text",
    "format_counters",
    "format_forwarded",
    "format_forwarded_total",
    "format_status",
    "format_tab_status",
    "forwarded_command",
    "quiet_on_a_closed_pipe",
    "run_forwarded",
    "run_status",
    "status_cells",
    "status_command",
    "status_row",
]

_COLUMNS = ("REQUEST", "CONVERSATION", "TITLE", "MODEL", "PHASE", "OUTPUT", "SUBS", "BACKLOG", "PENDING", "AGE")
#: a title longer than this is cut in the status table
_TITLE_WIDTH = 32


# ---- arguments ----------------------------------------------------------------------------------------


def add_status_arguments(subparsers: Any) -> argparse.ArgumentParser:
    """Add `status` to a `parser.add_subparsers()` object; returns its parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "status", help="show the running daemon's streams", description="Show the running daemon's streams."
    )
    add_tap_client_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the tap's snapshot as JSON")
    return parser


def add_forwarded_arguments(subparsers: Any) -> argparse.ArgumentParser:
    """Add `forwarded` to a `parser.add_subparsers()` object; returns its parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "forwarded",
        help="show what the running daemon's proxy sent to Cursor",
        description="Show every RPC the running daemon's proxy forwarded to Cursor: calls, failed calls, bytes "
        "up and down, and whether its request carries your code or text (by the wire schema).",
    )
    add_tap_client_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print a JSON list, one object per RPC")
    return parser


# ---- commands -----------------------------------------------------------------------------------------


def status_command(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    return quiet_on_a_closed_pipe(run_status, args, environ)


def forwarded_command(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    return quiet_on_a_closed_pipe(run_forwarded, args, environ)


def quiet_on_a_closed_pipe(command: Any, args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    try:
        code: int = command(args, environ, sys.stdout)
    except KeyboardInterrupt:
        return 0
    except BrokenPipeError:  # `cursord tap | head`
        return 0
    return code


def run_status(args: argparse.Namespace, environ: Mapping[str, str], out: TextIO) -> int:
    """Print the running daemon's streams (a blocking read of the tap's snapshot: `cursord.tap.snapshot`)."""
    try:
        target = tap_target_from_args(args, environ)
        snapshot = read_snapshot(target)
    except TapClientError as error:
        print(f"cursord: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(snapshot, indent=2), file=out)
    else:
        print(f"cursord {snapshot.get('version', '?')} at {target.address}", file=out)
        seen = read_editor_seen(target.data_dir) if target.data_dir is not None else None
        if seen is not None:
            print(f"editor: {editor_seen_text(seen)}", file=out)
        print(format_status(snapshot), file=out)
        counters = format_counters(snapshot)
        if counters:
            print(counters, file=out)
        tab = format_tab_status(snapshot)
        if tab:
            print(tab, file=out)
        forwarded = format_forwarded_total(snapshot)
        if forwarded:
            print(forwarded, file=out)
    return 0


def run_forwarded(args: argparse.Namespace, environ: Mapping[str, str], out: TextIO) -> int:
    try:
        snapshot = read_snapshot(tap_target_from_args(args, environ))
    except TapClientError as error:
        print(f"cursord: {error}", file=sys.stderr)
        return 1
    rows = snapshot.get("forwarded") or []
    if args.json:
        print(json.dumps(rows, indent=2), file=out)
    else:
        print(format_forwarded(rows), file=out)
    return 0


# ---- rendering ----------------------------------------------------------------------------------------


def editor_seen_text(seen: EditorSeen) -> str:
    """`Cursor 3.18.9 (last seen 2026-12-06 14:00 UTC)`: the daemon writes the time again at most hourly
    (`cursord.store.editor_seen`)."""
    when = datetime.datetime.fromtimestamp(seen.seen_at, datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    return f"Cursor {seen.version} (last seen {when})"


def _age(seconds: object) -> str:
    if not isinstance(seconds, int | float):
        return "-"
    total = int(seconds)
    if total < 60:
        return f"{seconds:.0f}s" if seconds >= 10 else f"{seconds:.1f}s"
    if total < 3600:
        return f"{total // 60}m{total % 60:02d}s"
    return f"{total // 3600}h{total % 3600 // 60:02d}m"


def _size(count: object) -> str:
    if not isinstance(count, int):
        return "?"
    size = float(count)
    for unit in ("B", "KiB", "MiB"):
        if size < 1024 or unit == "MiB":
            return f"{size:.0f}{unit}" if unit == "B" else f"{size:.1f}{unit}"
        size /= 1024
    raise AssertionError


def _pending(row: Mapping[str, Any]) -> str:
    execs = row.get("pending_execs")
    if execs is None:
        return "-"
    queries = row.get("pending_queries") or []
    text = str(len(execs))
    if execs:
        text += " (" + ",".join(f"{e.get('kind', '?').removesuffix('_args')}#{e.get('id')}" for e in execs) + ")"
    if queries:
        text += f" +{len(queries)}q"
    return text


def _title(title: object) -> str:
    if not isinstance(title, str) or not title:
        return "-"
    return title if len(title) <= _TITLE_WIDTH else title[: _TITLE_WIDTH - 1] + "…"


def _output(row: Mapping[str, Any]) -> str:
    """Output tokens so far; `~` while the running pass's count is an estimate."""
    tokens = row.get("output_tokens")
    if not isinstance(tokens, int):
        return "-"
    return ("~" if row.get("output_estimated") else "") + str(tokens)


def status_row(row: Mapping[str, Any]) -> tuple[str, ...]:
    phase = str(row.get("phase", "?"))
    ended = row.get("ended")
    if isinstance(ended, Mapping) and ended.get("code") not in (None, "ok"):
        phase = f"{phase}({ended['code']})"
    return (
        str(row.get("request_id", "?")),
        str(row.get("conversation_id") or "-"),
        _title(row.get("title")),
        str(row.get("model_id") or "-"),
        phase,
        _output(row),
        str(row.get("subscribers", "?")),
        f"{row.get('backlog_frames', '?')} ({_size(row.get('backlog_bytes'))})",
        _pending(row),
        _age(row.get("age_s")),
    )


def status_cells(row: Mapping[str, Any]) -> dict[str, str]:
    """`status_row` by column name (`REQUEST`, `PHASE`, ...), for a reader that picks columns: the tap's
    snapshot lines, which read the wrong cells when the table gained columns."""
    return dict(zip(_COLUMNS, status_row(row), strict=True))


def format_status(snapshot: Mapping[str, Any]) -> str:
    """The snapshot's streams as an aligned table (or a line saying there are none)."""
    streams = snapshot.get("streams") or []
    if not streams:
        return "no streams"
    rows = [_COLUMNS, *(status_row(row) for row in streams)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows]
    active = sum(1 for row in streams if not row.get("ended"))
    lines.append(f"{counted(len(streams), 'stream')}, {active} running")
    return "\n".join(lines)


_COUNTER_LABELS = {
    "client_disconnects": "clients gone mid-request",
    "stalled_connections_cut": "stalled readers cut",
}


def format_counters(snapshot: Mapping[str, Any]) -> str:
    """The server's counters on one line (empty if the daemon sent none)."""
    counters = snapshot.get("counters") or {}
    return ", ".join(f"{_COUNTER_LABELS.get(name, name)}: {value}" for name, value in counters.items())


def format_tab_status(snapshot: Mapping[str, Any]) -> str:
    """Tab's backend and figures on one line (empty if the daemon sent none)."""
    tab = snapshot.get("tab")
    if not isinstance(tab, Mapping):
        return ""
    if not tab.get("configured"):
        return "tab: not configured (the editor's Tab goes to Cursor)"
    model = tab.get("model") or "the server's model"
    line = (f"tab: {tab.get('backend')} {model} ({tab.get('mode')}) at {tab.get('base_url')}: "
            f"{tab.get('requests', 0)} requests, {tab.get('completed', 0)} completed, "
            f"{tab.get('superseded', 0)} superseded, {tab.get('failed', 0)} failed")
    if tab.get("timeouts"):
        line += f", {tab['timeouts']} cut at the time limit"
    if tab.get("refused"):
        line += f", {tab['refused']} refused"
    if tab.get("cached"):
        line += f", {tab['cached']} from the cache"
    if tab.get("predictions"):
        line += f", {tab['predictions']} cursor predictions"
    if isinstance(tab.get("last_latency_ms"), int):
        line += f"; last {tab['last_latency_ms']} ms"
    if tab.get("last_error"):
        line += f"; last error: {tab['last_error']}"
    return line


_FORWARDED_COLUMNS = ("RPC", "CALLS", "FAILED", "UP", "DOWN", "CARRIES CODE")


def _carries(value: object) -> str:
    if value is None:
        return "unknown"
    return ("yes" if value else "no") if isinstance(value, bool) else "?"


def format_forwarded(rows: Sequence[Mapping[str, Any]]) -> str:
    """What the proxy forwarded to Cursor, one RPC a line (or a line saying nothing was)."""
    if not rows:
        return "nothing forwarded to Cursor"
    table = [_FORWARDED_COLUMNS] + [
        (str(row.get("method")), str(row.get("count", 0)), str(row.get("failed", 0)), _size(row.get("bytes_up")),
         _size(row.get("bytes_down")), _carries(row.get("carries_code")))
        for row in rows
    ]
    widths = [max(len(line[i]) for line in table) for i in range(len(_FORWARDED_COLUMNS))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip() for line in table
    )


def format_forwarded_total(snapshot: Mapping[str, Any]) -> str:
    """One line: how many calls the proxy forwarded to Cursor, how many carried code, and the bytes (empty if
    the daemon has no proxy)."""
    rows = snapshot.get("forwarded")
    if not isinstance(rows, list):
        return ""
    calls = sum(int(row.get("count", 0)) for row in rows)
    code = sum(int(row.get("count", 0)) for row in rows if row.get("carries_code"))
    up = sum(int(row.get("bytes_up", 0)) for row in rows)
    down = sum(int(row.get("bytes_down", 0)) for row in rows)
    return (f"forwarded to Cursor: {calls} calls ({code} carrying code or text), {_size(up)} up, {_size(down)} "
            "down (cursord forwarded)")
