"""`cursord tap`: follow the running daemon's live event tap, one line per event (or `--brief`: one per
answer), until the daemon closes the tap or the user presses Ctrl-C. `--json` prints the tap's own JSON."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Mapping
from typing import Any, TextIO

import attrs

from cursord.cli.status import quiet_on_a_closed_pipe, status_cells
from cursord.core import counted
from cursord.tap import TapClientError, add_tap_client_arguments, tap_target_from_args

__all__ = ["BriefTap", "add_tap_arguments", "format_event", "format_snapshot_lines", "run_tap", "tap_command"]


def add_tap_arguments(subparsers: Any) -> argparse.ArgumentParser:
    """Add `tap` to a `parser.add_subparsers()` object; returns its parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "tap",
        help="follow the running daemon's live event tap",
        description="Follow the running daemon's live event tap: one line per stream event, published "
        "message, upload and provider pass.",
    )
    parser.add_argument("request_id", nargs="?", metavar="REQUEST_ID", help="only this request's events")
    parser.add_argument("--conversation", metavar="ID", help="only this conversation's events")
    add_tap_client_arguments(parser)
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="print each event as JSON (one object per line)")
    shown.add_argument("--brief", action="store_true",
                       help="one line for each run of a request's messages of one kind (120 text deltas: one line)")
    return parser


def tap_command(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    import trio  # only `tap` follows the tap live; `status` and `forwarded` read its snapshot without trio

    return quiet_on_a_closed_pipe(lambda *a: trio.run(run_tap, *a), args, environ)


async def run_tap(args: argparse.Namespace, environ: Mapping[str, str], out: TextIO) -> int:
    try:
        target = tap_target_from_args(
            args, environ, request_id=args.request_id, conversation_id=args.conversation
        )
        from trio_websocket import ConnectionClosed  # neither is needed before a tap is open (`tap --help`)

        from cursord.tap import open_tap

        brief = BriefTap() if args.brief else None
        async with open_tap(target) as connection:
            while True:
                try:
                    text = await connection.get_message()
                except ConnectionClosed as closed:
                    for line in brief.flush() if brief is not None else []:
                        print(line, file=out)
                    reason = closed.reason
                    code = reason.code if reason is not None else 1006
                    why = reason.reason if reason is not None and reason.reason else ""
                    print(f"cursord: the tap closed ({code}{': ' + why if why else ''})", file=sys.stderr)
                    return 0 if code in (1000, 1001) else 1
                if isinstance(text, bytes):
                    text = text.decode("utf-8", "replace")
                if args.json:
                    print(text, file=out, flush=True)
                    continue
                event = json.loads(text)
                if brief is not None:
                    lines = brief.feed(event)
                elif event.get("type") == "snapshot":
                    lines = format_snapshot_lines(event)
                else:
                    lines = [format_event(event)]
                for line in lines:
                    print(line, file=out)
                out.flush()
    except TapClientError as error:
        print(f"cursord: {error}", file=sys.stderr)
        return 1


def format_snapshot_lines(snapshot: Mapping[str, Any]) -> list[str]:
    streams = snapshot.get("streams") or []
    lines = [f"{_clock(snapshot.get('ts'))} snapshot: {counted(len(streams), 'stream')}"]
    for row in streams:
        cells = status_cells(row)
        lines.append(
            f"{_clock(snapshot.get('ts'))} {cells['REQUEST']} {cells['PHASE']} model={cells['MODEL']} "
            f"conversation={cells['CONVERSATION']} title={cells['TITLE']} output={cells['OUTPUT']} "
            f"subscribers={cells['SUBS']} backlog={cells['BACKLOG']} pending={cells['PENDING']} age={cells['AGE']}"
        )
    return lines


def _clock(ts: object) -> str:
    if not isinstance(ts, int | float):
        return "--:--:--.---"
    return time.strftime("%H:%M:%S", time.localtime(ts)) + f".{int(ts * 1000) % 1000:03d}"


_HIDDEN = frozenset({"type", "ts", "request_id", "conversation_id", "kind", "event"})


def _details(event: Mapping[str, Any], skip: frozenset[str] = frozenset()) -> str:
    parts = []
    for key, value in event.items():
        if key in _HIDDEN or key in skip or value is None or value == "":
            continue
        parts.append(f"{key}={json.dumps(value) if isinstance(value, dict | list) else value}")
    return " ".join(parts)


def _describe(event: Mapping[str, Any]) -> str:
    kind = event.get("type")
    if kind == "stream.created":
        return f"created {_details(event)}"
    if kind == "stream.phase":
        return f"phase {event.get('previous')} -> {event.get('phase')}"
    if kind == "stream.subscribers":
        return f"subscribers {event.get('subscribers')}"
    if kind == "stream.ended":
        message, title = event.get("message"), event.get("title")
        return f"ended {event.get('code')}" + (f": {message}" if message else "") + (f" ({title!r})" if title else "")
    if kind == "stream.retired":
        return "retired"
    if kind == "message":
        return f"-> {event.get('kind')} {event.get('bytes')}B #{event.get('seq')} " + _details(
            event, frozenset({"bytes", "seq"})
        )
    if kind == "intent":
        return f"<- {event.get('kind')} " + _details(event)
    if kind == "append.refused":
        return f"<- append refused: seqno={event.get('seqno')} {event.get('code')}: {event.get('error')}"
    if kind == "provider":
        return f"provider {event.get('event')} " + _details(event)
    return f"{kind} {_details(event)}"


@attrs.define
class BriefTap:
    """`tap --brief`: the events as `format_event` shows them, except that a run of one request's messages of
    one kind (an answer's text deltas) is one line, printed once something else comes (or the tap ends)."""

    #: the run being counted: its first message event, how many and how many bytes
    _first: Mapping[str, Any] | None = None
    _count: int = 0
    _bytes: int = 0

    def feed(self, event: Mapping[str, Any]) -> list[str]:
        """The lines this event completes (none while a run of messages goes on)."""
        first = self._first
        if event.get("type") == "message":
            if first is not None and (first.get("request_id"), first.get("kind")) == (
                event.get("request_id"), event.get("kind")
            ):
                self._count += 1
                self._bytes += int(event.get("bytes") or 0)
                return []
            lines = self.flush()
            self._first, self._count, self._bytes = event, 1, int(event.get("bytes") or 0)
            return lines
        if event.get("type") == "snapshot":
            return [*self.flush(), *format_snapshot_lines(event)]
        return [*self.flush(), format_event(event)]

    def flush(self) -> list[str]:
        """The run being counted, as one line (none if there is none)."""
        first, self._first = self._first, None
        if first is None:
            return []
        if self._count == 1:
            return [format_event(first)]
        when, request = _clock(first.get("ts")), first.get("request_id") or "-"
        return [f"{when} {request} -> {first.get('kind')} x{self._count} ({self._bytes:,} B)"]


def format_event(event: Mapping[str, Any]) -> str:
    """One tap event as one human-readable line."""
    kind = event.get("type")
    when = _clock(event.get("ts"))
    if kind == "dropped":
        return f"{when} -- dropped {event.get('count')} events (the tap could not keep up) --"
    if kind == "tap.closing":
        return f"{when} -- cursord is shutting down --"
    if kind == "snapshot":
        return "\n".join(format_snapshot_lines(event))
    request = event.get("request_id") or "-"
    return f"{when} {request} {_describe(event)}".rstrip()
