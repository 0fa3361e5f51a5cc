"""The capture file: what `cursord record` writes and `cursord replay` reads (format version 1).

A capture is JSON Lines, UTF-8. The first line is the header; every later line is one event of one call,
in the order the daemon saw them (so an append that overtook another comes first):

    {"format": "cursord-capture", "version": 1, "redacted": true, "cursord": "0.1.0",
     "started": "2026-12-04T19:20:00Z", "editor": {"cursor_version": "3.18.9", ...}, "meta": {...}}
    {"t": 0.0012, "call": 1, "ev": "request", "listener": "proxy", "path": "/aiserver.v1.BidiService/BidiAppend",
     "http": "1.1", "headers": [["content-type", "application/proto"], ...]}
    {"t": 0.0013, "call": 1, "ev": "up", "type": "aiserver.v1.BidiAppendRequest", "data": "<hex>"}
    {"t": 0.0019, "call": 1, "ev": "response", "status": 200, "headers": [...]}
    {"t": 0.0019, "call": 1, "ev": "down", "type": "aiserver.v1.BidiAppendResponse", "data": ""}
    {"t": 0.0020, "call": 1, "ev": "end", "error": null}

- ``t``: seconds since the capture started (the daemon's trio clock); ``call``: numbers the calls from 1.
- ``request``: which listener took the call (``proxy``, ``agent``, ``editor``), the path, the HTTP version and
  the request headers (only the ones that matter kept verbatim, the rest replaced: `cursord.capture.redact`);
  ``"forwarded": true`` when the proxy passed the call to Cursor untouched (a relayed run, Cursor's own RPCs):
  its messages are then Cursor's answers, and a replay leaves the call out.
- ``up`` / ``down``: one message the editor sent / got: a unary body or one Connect envelope, decompressed,
  as hex of its protobuf bytes; ``type`` is its protobuf type (``null`` for a path whose schema cursord does
  not know: its bytes are then replaced whole); ``compressed`` when it travelled compressed.
- ``response``: the status and response headers; ``end``: how the call ended (``error``: a Connect code and
  message, from an end-stream or an error body, else ``null``); ``gone``: the editor left before the answer
  was complete (an append it gave up on).

``meta`` is free for fixtures: ``provenance`` (where the shape comes from), ``known_broken`` (what does not work
with that editor version, one line each). Readers accept any version they know and refuse newer ones.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, Final, TextIO

import attrs

__all__ = [
    "FORMAT",
    "VERSION",
    "CaptureError",
    "CaptureEvent",
    "CaptureHeader",
    "dump_capture",
    "read_capture",
    "write_line",
]

FORMAT: Final = "cursord-capture"
VERSION: Final = 1

EVENT_KINDS: Final = frozenset({"request", "up", "response", "down", "end", "gone"})


class CaptureError(Exception):
    """A capture file cannot be read: the message names the file, the line and what is wrong."""


@attrs.frozen
class CaptureHeader:
    redacted: bool
    cursord: str
    started: str
    editor: Mapping[str, str] = attrs.field(factory=dict)
    meta: Mapping[str, Any] = attrs.field(factory=dict)
    version: int = VERSION

    def as_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": self.version,
            "redacted": self.redacted,
            "cursord": self.cursord,
            "started": self.started,
            "editor": dict(self.editor),
            "meta": dict(self.meta),
        }

    @property
    def cursor_version(self) -> str | None:
        return self.editor.get("cursor_version")


@attrs.frozen
class CaptureEvent:
    t: float
    call: int
    ev: str = attrs.field(validator=attrs.validators.in_(EVENT_KINDS))
    fields: Mapping[str, Any] = attrs.field(factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"t": round(self.t, 6), "call": self.call, "ev": self.ev, **self.fields}

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)

    @property
    def data(self) -> bytes:
        """The message bytes of an ``up`` / ``down`` event."""
        return bytes.fromhex(self.fields.get("data") or "")


def write_line(file: TextIO, record: Mapping[str, Any]) -> None:
    file.write(json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n")


def _header(path: Path, record: Any) -> CaptureHeader:
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise CaptureError(f"{path}:1: not a cursord capture (the first line has no \"format\": \"{FORMAT}\")")
    version = record.get("version")
    if not isinstance(version, int) or version < 1:
        raise CaptureError(f"{path}:1: the capture's \"version\" must be a positive integer, got {version!r}")
    if version > VERSION:
        raise CaptureError(f"{path}:1: capture format version {version} is newer than this cursord reads ({VERSION})")
    return CaptureHeader(
        redacted=bool(record.get("redacted", True)),
        cursord=str(record.get("cursord", "")),
        started=str(record.get("started", "")),
        editor={str(k): str(v) for k, v in (record.get("editor") or {}).items()},
        meta=dict(record.get("meta") or {}),
        version=version,
    )


def _event(path: Path, number: int, record: Any) -> CaptureEvent:
    if not isinstance(record, dict):
        raise CaptureError(f"{path}:{number}: an event must be a JSON object")
    try:
        t, call, ev = float(record.pop("t")), int(record.pop("call")), str(record.pop("ev"))
    except (KeyError, TypeError, ValueError) as exc:
        raise CaptureError(f"{path}:{number}: an event needs \"t\", \"call\" and \"ev\" ({exc!r})") from None
    if ev not in EVENT_KINDS:
        raise CaptureError(f"{path}:{number}: unknown event {ev!r} (one of {', '.join(sorted(EVENT_KINDS))})")
    data = record.get("data")
    if data is not None:
        try:
            bytes.fromhex(data)
        except (TypeError, ValueError):
            raise CaptureError(f"{path}:{number}: \"data\" must be hex") from None
    return CaptureEvent(t, call, ev, record)


def _lines(path: Path) -> Iterator[tuple[int, Any]]:
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CaptureError(f"cannot read the capture {path}: {exc}") from None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as exc:
            raise CaptureError(f"{path}:{number}: not JSON ({exc.msg})") from None


def read_capture(path: Path) -> tuple[CaptureHeader, list[CaptureEvent]]:
    """The header and the events of the capture at `path`; raises CaptureError."""
    lines = _lines(path)
    first = next(lines, None)
    if first is None:
        raise CaptureError(f"{path}: empty file, not a cursord capture")
    header = _header(path, first[1])
    return header, [_event(path, number, record) for number, record in lines]


def dump_capture(header: CaptureHeader, events: Iterable[CaptureEvent], file: TextIO) -> None:
    """Write a whole capture (a fixture edited in a test, a capture rewritten)."""
    write_line(file, header.as_json())
    for event in events:
        write_line(file, event.as_json())
