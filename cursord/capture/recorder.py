"""Recording the editor's calls: an ASGI layer around the app each listener serves, writing a capture.

Theory of operation. `Recorder.wrap(app, listener)` gives the app a listener serves (the proxy's decrypted
requests, the agent listener, the editor's own port) wrapped so that every call is numbered and its events go
to the capture (`cursord.capture.format`) as they pass: the request head when the call starts, each message
the editor sends as `receive` hands it to the app (a unary body once complete, each Connect envelope of a
stream), the response head and each message the app sends, the end (an end-stream's error or a unary error
body), or ``gone`` when the editor leaves before its answer was complete. Messages are decompressed, typed from
the schema by the call's path (`agent.v1.AgentService/RunSSE` takes a `BidiRequestId` and streams
`AgentServerMessage`s ...), and redacted unless `keep_content` (`cursord.capture.redact`).

Only RPCs are recorded (a path of the form ``/package.Service/Method``): the dashboard's pages, the tap and
the health endpoints on the same port are not the editor's. Each event is one line, written and flushed at
once by the task that saw it (a local file: small writes, no thread), so a capture is whole up to the moment
the daemon stopped. Redacting a message costs time in proportion to its size (about 0.1 s a MiB): a served
call's messages of `OFF_LOOP_BYTES` or more are decoded and redacted in a worker thread (one at a time), and
its events are written in order once they are ready. An end-stream's or an error body's message is redacted
like content: it can quote what the user wrote.

The calls the proxy forwards to Cursor untouched (a relayed run, Cursor's own RPCs) never reach an app:
`Recorder.observe_forwarded` is the proxy's observer (`cursord.proxy.observe`), and turns what it is shown
(the request head, each body chunk, the response head) into the ASGI messages the wrapped app would have seen,
so such a call becomes the same events, redacted the same way, its ``request`` marked ``forwarded``.

Recording never changes what the app sees or sends, and never fails a call: a message it cannot decode is
written as undecodable (its bytes replaced), and a write that fails stops the recording (logged once) while the
daemon goes on; so does any other failure of the recorder itself (`_observing`: our bug, logged with its
traceback), which never reaches the call it was watching. The header line is written with the first call,
whose headers name the editor's version.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import os
import re
from collections.abc import Awaitable, Callable, Iterator, Mapping, MutableMapping
from pathlib import Path
from typing import Any, Final, TextIO

import attrs
import trio
from google.protobuf import descriptor_pool

from cursord import __version__
from cursord.capture.format import CaptureHeader, write_line
from cursord.capture.redact import Placeholders, header_value, redact_headers, redact_payload
from cursord.connect import (
    GZIP,
    ConnectError,
    EnvelopeDecoder,
    code_from_http_status,
    error_from_json,
    parse_end_stream,
)
from cursord.proxy import RequestHead, split_target
from cursord.server import Receive, Scope, Send

log = logging.getLogger(__name__)

__all__ = ["CAPTURE_DIR", "Recorder", "capture_path", "method_types"]

ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
AsgiMessage = MutableMapping[str, Any]

CAPTURE_DIR: Final = "captures"
#: what an RPC's path looks like (Connect and gRPC: ``/package.Service/Method``)
RPC_PATH: Final = re.compile(r"^/[A-Za-z_][\w]*(\.[A-Za-z_]\w*)+/[A-Za-z_]\w*$")
#: the largest message decoded for the capture (a bigger one is written as its size only)
MAX_MESSAGE: Final = 64 << 20
#: a served call's message this big or bigger is redacted in a worker thread, not on the event loop
OFF_LOOP_BYTES: Final = 128 << 10
#: headers that name the editor build, copied into the capture's header
_EDITOR_HEADERS: Final = {"x-cursor-client-version": "cursor_version", "x-cursor-client-type": "client_type"}


def capture_path(data_dir: Path, now: datetime.datetime | None = None) -> Path:
    stamp = (now or datetime.datetime.now(datetime.UTC)).strftime("%Y%m%dT%H%M%SZ")
    return data_dir / CAPTURE_DIR / f"capture-{stamp}.jsonl"


def method_types(path: str) -> tuple[str | None, str | None]:
    """(request type, response type) of the RPC at `path` (``/pkg.Service/Method``), None where unknown."""
    service, _, method = path.lstrip("/").partition("/")
    try:
        found = descriptor_pool.Default().FindServiceByName(service).methods_by_name[method]
    except KeyError:
        return None, None
    return found.input_type.full_name, found.output_type.full_name


@attrs.define(eq=False)
class _Call:
    """One call being recorded: its number, its message types and the framing state of both directions."""

    number: int
    streaming: bool
    up_type: str | None
    down_type: str | None
    up_compressed: bool
    up_frames: EnvelopeDecoder = attrs.field(factory=lambda: EnvelopeDecoder(MAX_MESSAGE))
    down_frames: EnvelopeDecoder = attrs.field(factory=lambda: EnvelopeDecoder(MAX_MESSAGE))
    up_body: bytearray = attrs.field(factory=bytearray)
    down_body: bytearray = attrs.field(factory=bytearray)
    status: int = 0
    down_compressed: bool = False
    finished: bool = False


@attrs.frozen
class _Entry:
    """One event of a call to write: its fields, or (`payload` not None) a message still to decode and redact."""

    call: _Call
    ev: str
    fields: dict[str, Any] = attrs.field(factory=dict)
    payload: bytes | None = None
    type_name: str | None = None
    compressed: bool = False


@attrs.define(eq=False)
class Recorder:
    """Writes every call of the wrapped apps to one capture file."""

    path: Path
    keep_content: bool = False
    clock: Callable[[], float] = trio.current_time
    _file: TextIO | None = None
    _places: Placeholders = attrs.field(factory=Placeholders)
    _calls: int = 0
    _started: float | None = None
    _failed: bool = False
    _redacting: trio.CapacityLimiter = attrs.field(factory=lambda: trio.CapacityLimiter(1))

    def wrap(self, app: Any, listener: str) -> ASGIApp:
        """`app` as `listener` serves it, recorded."""

        async def recorded(scope: Scope, receive: Receive, send: Send) -> None:
            if scope.get("type") != "http" or self._failed or not RPC_PATH.match(str(scope.get("path", ""))):
                await app(scope, receive, send)
                return
            call: _Call | None = None
            with self._observing():
                call = self._open(scope, listener)
            if call is None or self._failed:  # the recorder failed on this call: it goes on unrecorded
                await app(scope, receive, send)
                return
            await app(scope, self._receiving(call, receive), self._sending(call, send))

        return recorded

    def observe_forwarded(self, head: RequestHead) -> _Forwarded | None:
        """The observer of one call the proxy forwards to `head.host` untouched (None: not an RPC)."""
        path, _ = split_target(head.target)
        if self._failed or not RPC_PATH.match(path):
            return None
        headers = [(bytes(name).lower(), bytes(value)) for name, value in head.headers]
        scope = {"type": "http", "path": path, "headers": headers, "http_version": head.http_version,
                 "method": head.method}
        with self._observing():
            return _Forwarded(self, self._open(scope, "proxy", forwarded=True))
        return None

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    @contextlib.contextmanager
    def _observing(self) -> Iterator[None]:
        """Around everything the recorder does with a call's messages: bad framing is the app's to answer (the
        capture keeps the rest); any other failure is the recorder's own, and stops the recording."""
        try:
            yield
        except ConnectError:
            pass
        except Exception:
            self._failed = True
            log.exception("recording stopped: the recorder failed (the daemon goes on, unrecorded)")

    # ---- writing --------------------------------------------------------------------------------------

    def _now(self) -> float:
        now = self.clock()
        if self._started is None:
            self._started = now
        return now - self._started

    def _write(self, record: dict[str, Any]) -> None:
        if self._failed:
            return
        try:
            if self._file is None:
                self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # never into another capture
                self._file = os.fdopen(fd, "w", encoding="utf-8")
            write_line(self._file, record)
            self._file.flush()
        except OSError as exc:
            self._failed = True
            log.error("recording stopped: cannot write the capture %s: %s", self.path, exc)

    def _event(self, call: _Call, ev: str, **fields: Any) -> None:
        self._write({"t": round(self._now(), 6), "call": call.number, "ev": ev, **fields})

    def _open(self, scope: Scope, listener: str, *, forwarded: bool = False) -> _Call:
        path = str(scope.get("path", ""))
        headers = redact_headers(scope.get("headers", []), None if self.keep_content else self._places)
        if self._calls == 0:
            editor = {key: value for name, key in _EDITOR_HEADERS.items()
                      if (value := header_value(headers, name)) is not None}
            started = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            self._write(CaptureHeader(not self.keep_content, __version__, started, editor).as_json())
        self._calls += 1
        content_type = header_value(headers, "content-type") or ""
        up_type, down_type = method_types(path)
        call = _Call(
            self._calls,
            streaming=content_type.startswith("application/connect+"),
            up_type=up_type,
            down_type=down_type,
            up_compressed=(header_value(headers, "content-encoding") or "identity") == "gzip",
        )
        mark = {"forwarded": True} if forwarded else {}
        self._event(call, "request", listener=listener, path=path, http=str(scope.get("http_version", "")),
                    method=str(scope.get("method", "")), headers=headers, **mark)
        return call

    def _fields(self, entry: _Entry) -> dict[str, Any]:
        """The fields `entry` is written with: a message decompressed and redacted (thread-safe: it reads only
        the placeholder key)."""
        if entry.payload is None:
            return entry.fields
        payload, type_name = entry.payload, entry.type_name
        if entry.compressed:
            try:
                payload = GZIP.decompress(payload, MAX_MESSAGE)
            except ConnectError:
                type_name = None  # undecodable: its bytes are replaced whole below
        if not self.keep_content:
            payload = redact_payload(type_name, payload, self._places)
        fields: dict[str, Any] = {"type": type_name, "data": payload.hex()}
        if entry.compressed:
            fields["compressed"] = True
        return fields

    def _record(self, entries: list[_Entry]) -> None:
        for entry in entries:
            self._event(entry.call, entry.ev, **self._fields(entry))

    async def _record_off_loop(self, entries: list[_Entry]) -> None:
        """`_record`, with big messages redacted in a worker thread."""
        for entry in entries:
            if entry.payload is not None and len(entry.payload) >= OFF_LOOP_BYTES:
                fields = await trio.to_thread.run_sync(self._fields, entry, limiter=self._redacting)
            else:
                fields = self._fields(entry)
            self._event(entry.call, entry.ev, **fields)

    # ---- the editor's side ----------------------------------------------------------------------------

    def _receiving(self, call: _Call, receive: Receive) -> Receive:
        async def recorded_receive() -> AsgiMessage:
            message = await receive()
            with self._observing():
                await self._record_off_loop(self._on_request_message(call, message))
            return message

        return recorded_receive

    def _on_request_message(self, call: _Call, message: Mapping[str, Any]) -> list[_Entry]:
        if message["type"] == "http.disconnect":
            if call.finished:
                return []
            call.finished = True
            return [_Entry(call, "gone")]
        if message["type"] != "http.request":
            return []
        chunk = bytes(message.get("body", b""))
        if call.streaming:
            try:
                envelopes = call.up_frames.feed(chunk)
            except ConnectError:  # bad framing: the app answers it; the capture keeps the rest
                return []
            return [_Entry(call, "up", payload=envelope.payload, type_name=call.up_type,
                           compressed=envelope.compressed) for envelope in envelopes]
        call.up_body += chunk
        if message.get("more_body", False):
            return []
        body = bytes(call.up_body)
        call.up_body.clear()
        return [_Entry(call, "up", payload=body, type_name=call.up_type, compressed=call.up_compressed)]

    # ---- the daemon's side ----------------------------------------------------------------------------

    def _sending(self, call: _Call, send: Send) -> Send:
        async def recorded_send(message: AsgiMessage) -> None:
            with self._observing():
                await self._record_off_loop(self._on_response_message(call, message))
            await send(message)

        return recorded_send

    def _on_response_message(self, call: _Call, message: Mapping[str, Any]) -> list[_Entry]:
        if call.finished:
            return []
        if message["type"] == "http.response.start":
            call.status = int(message["status"])
            headers = redact_headers(message.get("headers", []), None if self.keep_content else self._places)
            call.down_compressed = (header_value(headers, "content-encoding") or "identity") == "gzip"
            return [_Entry(call, "response", {"status": call.status, "headers": headers})]
        if message["type"] != "http.response.body":
            return []
        chunk = bytes(message.get("body", b""))
        more = bool(message.get("more_body", False))
        if call.streaming:
            return self._streamed_down(call, chunk, more)
        call.down_body += chunk
        if more:
            return []
        body = bytes(call.down_body)
        if call.status == 200:
            return [_Entry(call, "down", payload=body, type_name=call.down_type, compressed=call.down_compressed),
                    self._end(call, None)]
        try:
            error = error_from_json(body)
        except ValueError:
            error = ConnectError(code_from_http_status(call.status), f"HTTP {call.status}")
        return [self._end(call, error)]

    def _streamed_down(self, call: _Call, chunk: bytes, more: bool) -> list[_Entry]:
        entries: list[_Entry] = []
        with contextlib.suppress(ConnectError):  # bad framing: the capture keeps what came before it
            for envelope in call.down_frames.feed(chunk):
                if envelope.end_stream:
                    error, _ = parse_end_stream(envelope.payload)
                    entries.append(self._end(call, error))
                else:
                    entries.append(_Entry(call, "down", payload=envelope.payload, type_name=call.down_type,
                                          compressed=envelope.compressed))
        if not more and not call.finished:
            entries.append(self._end(call, None, truncated=True))
        return entries

    def _end(self, call: _Call, error: ConnectError | None, *, truncated: bool = False) -> _Entry:
        call.finished = True
        if error is None:
            fields: dict[str, Any] = {"error": None}
        else:
            text = error.message if self.keep_content else self._places.text(error.message)
            fields = {"error": {"code": error.code.value, "message": text}}
        if truncated:
            fields["truncated"] = True
        return _Entry(call, "end", fields)


@attrs.define(eq=False)
class _Forwarded:
    """One forwarded call as the recorder sees it: what the proxy shows it, as the ASGI messages of `wrap`."""

    recorder: Recorder
    call: _Call

    def request_body(self, chunk: bytes, *, end: bool) -> None:
        with self.recorder._observing():
            message = {"type": "http.request", "body": chunk, "more_body": not end}
            self.recorder._record(self.recorder._on_request_message(self.call, message))

    def response_head(self, status: int, headers: list[tuple[bytes, bytes]]) -> None:
        message = {"type": "http.response.start", "status": status,
                   "headers": [(bytes(name).lower(), bytes(value)) for name, value in headers]}
        with self.recorder._observing():
            self.recorder._record(self.recorder._on_response_message(self.call, message))

    def response_body(self, chunk: bytes, *, end: bool) -> None:
        message = {"type": "http.response.body", "body": chunk, "more_body": not end}
        with self.recorder._observing():
            self.recorder._record(self.recorder._on_response_message(self.call, message))

    def ended_early(self) -> None:
        with self.recorder._observing():
            self.recorder._record(self.recorder._on_request_message(self.call, {"type": "http.disconnect"}))
