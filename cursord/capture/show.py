"""`cursord record show FILE`: a capture as text, one line per event, with each message named.

    capture cursord-capture v1, redacted, cursord 0.1.0, started 2026-12-04T19:20:00Z, Cursor 3.18.9
       0.001  #1 proxy  BidiAppend  -> run_request  request_id=r1 seqno=0  (412 B)
       0.002  #1 proxy  BidiAppend  <- 200
       ...

``--json`` prints each message decoded instead (protobuf JSON; a BidiAppend's upload decoded beside its hex).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from google.protobuf import json_format

from cursord.capture.calls import RecordedCall, append_inner, calls_of, decode, event_fields, message_kind
from cursord.capture.format import FORMAT, CaptureEvent, CaptureHeader
from cursord.core import unknown_numbers
from cursord.proto import aiserver_v1_pb2 as aiserver

__all__ = ["show_lines"]


def _header_line(header: CaptureHeader) -> str:
    parts = [f"capture {FORMAT} v{header.version}", "redacted" if header.redacted else "CONTENT KEPT"]
    parts.append(f"cursord {header.cursord or '?'}")
    if header.started:
        parts.append(f"started {header.started}")
    parts.append(f"Cursor {header.cursor_version}" if header.cursor_version else "Cursor version not sent")
    return ", ".join(parts)


def _message_text(event: CaptureEvent, *, as_json: bool) -> str:
    message = decode(event)
    size = len(event.data)
    if message is None:
        return f"{event.get('type') or 'unknown type'} ({size} B, not decoded)"
    if as_json:
        shown = json_format.MessageToDict(message, preserving_proto_field_name=True)
        if isinstance(message, aiserver.BidiAppendRequest) and (inner := append_inner(message)) is not None:
            shown["message"] = json_format.MessageToDict(inner, preserving_proto_field_name=True)
        return json.dumps(shown, ensure_ascii=False)
    fields = " ".join(f"{key}={value}" for key, value in event_fields(message).items())
    unknown = sorted({f"{name}.{number}" for name, number in unknown_numbers(message)})
    extra = f"  unknown fields: {', '.join(unknown)}" if unknown else ""
    compressed = ", gzip" if event.get("compressed") else ""
    return f"{message_kind(message)}  {fields}  ({size} B{compressed}){extra}".replace("   ", "  ")


def _event_line(call: RecordedCall, event: CaptureEvent, *, as_json: bool) -> str:
    prefix = f"{event.t:10.3f}  #{call.number:<3} {call.listener:<6} {call.method:<22}"
    if event.ev == "request":
        forwarded = "  (forwarded to Cursor)" if call.forwarded else ""
        return f"{prefix} call  HTTP/{call.http or '?'} {call.path}{forwarded}"
    if event.ev == "up":
        return f"{prefix} ->    {_message_text(event, as_json=as_json)}"
    if event.ev == "down":
        return f"{prefix} <-    {_message_text(event, as_json=as_json)}"
    if event.ev == "response":
        return f"{prefix} <-    HTTP {event.get('status')}"
    if event.ev == "gone":
        return f"{prefix} gone  the editor left before the answer was complete"
    error: dict[str, Any] | None = event.get("error")
    end = "ok" if error is None else f"{error.get('code')}: {error.get('message')}"
    return f"{prefix} end   {end}{' (no end-stream)' if event.get('truncated') else ''}"


def show_lines(header: CaptureHeader, events: list[CaptureEvent], *, as_json: bool = False) -> Iterator[str]:
    yield _header_line(header)
    for key, value in header.meta.items():
        yield f"  {key}: {value}"
    calls = {call.number: call for call in calls_of(events)}
    for event in events:
        call = calls.get(event.call)
        if call is not None:
            yield _event_line(call, event, as_json=as_json)
