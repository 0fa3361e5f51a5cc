"""The live debug tap: `GET /debug/tap` over WebSocket, a JSON event for everything streams do.

Theory of operation. A `TapHub` is told what happens and turns it into events (`cursord.tap.events`):

- the broker calls `TapHub.observe` for stream created / phase / subscribers / retired (the hub adds an
  ``stream.ended`` event, with the ending code, the first time it sees a stream's backlog closed);
- `record_publish` is called for each AgentServerMessage a stream publishes, `record_intent` for each
  BidiAppend upload (`tap_parts` asks the BidiAppend handler for it), `record_provider` for a
  provider pass starting, its first byte and its end.

Recording never blocks and never raises into the caller: it appends one encoded event to the bounded
queue of each tap client whose filter matches and rings that client's doorbell. Each client's WebSocket
connection has its own sender task that drains its queue; a client too slow to keep up loses its oldest
events, and is told how many (``{"type": "dropped", "count": N}``) before the next one it gets. So a
stuck tap client costs a fixed amount of memory and never slows a stream. On connect a client first gets
a ``snapshot`` of every stream the daemon holds (taken in the same step it is subscribed, so nothing
falls between the snapshot and the first event).

Access: the tap is refused (403) to a client that is not on a loopback address, and to any request that
carries an ``Origin`` header, ``null`` included (a browser page: cross-site WebSocket hijacking; a
sandboxed frame or a ``file:`` page sends ``null``); the app refuses a non-loopback Host before that. It
needs the token stored in ``<data_dir>/tap-token`` (written 0600 when the daemon starts), sent as
``Authorization: Bearer <token>`` or ``?token=<token>``, else 401.

`TapHub.close` ends every tap connection (close code 1001); call it when shutdown starts, or Hypercorn
waits its graceful timeout for the open WebSockets.
"""

from __future__ import annotations

import hmac
import json
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import parse_qs

import attrs
import trio

from cursord import __version__
from cursord.connect import ConnectError
from cursord.proto import aiserver_v1_pb2 as aiserver
from cursord.server import (
    AppParts,
    Receive,
    Scope,
    Send,
    ServerCounters,
    deny_websocket,
    drain_body,
    is_loopback,
    send_response,
)
from cursord.streams import ActiveStream, WakeSignal
from cursord.tap.events import (
    Event,
    EventQueue,
    StreamTrack,
    TapFilter,
    ending_fields,
    json_safe,
    stream_info,
    summarise_intent,
    summarise_server_message,
    touches_pending_work,
)
from cursord.tap.token import TAP_PATH, TOKEN_FILE, TapTokenError, ensure_tap_token, read_tap_token, token_path

log = logging.getLogger(__name__)

__all__ = [
    "DEFAULT_CLIENT_BUFFER",
    "TAP_PATH",
    "TOKEN_FILE",
    "Refusal",
    "TapEndpoint",
    "TapHub",
    "TapTokenError",
    "check_access",
    "ensure_tap_token",
    "read_tap_token",
    "tap_parts",
    "token_path",
]

#: events one client may have waiting before the oldest are dropped
DEFAULT_CLIENT_BUFFER = 1024


# ---- the hub ------------------------------------------------------------------------------------------


@attrs.define(eq=False)
class TapClient:
    """One connected tap: its filter, its bounded queue of encoded events, and its doorbell."""

    filter: TapFilter
    queue: EventQueue
    signal: WakeSignal = attrs.field(factory=WakeSignal)
    closing: bool = False


@attrs.define(eq=False)
class TapHub:
    """Turns what streams do into tap events and fans them out to the connected tap clients."""

    client_buffer: int = DEFAULT_CLIENT_BUFFER
    clock: Callable[[], float] = trio.current_time
    clients: set[TapClient] = attrs.field(factory=set)
    closed: bool = False
    #: the server's counters (`ServerCounters.as_dict`), for the snapshot
    counters: Callable[[], Mapping[str, int]] | None = None
    #: Tab's backend and figures (`TabService.status`), for the snapshot
    tab: Callable[[], Mapping[str, Any]] | None = None
    #: what the proxy forwarded to Cursor, per RPC (`ForwardedCalls.snapshot`), for the snapshot
    forwarded: Callable[[], Sequence[Mapping[str, Any]]] | None = None
    #: conversation id -> its title (the editor's name for it), when known
    titles: Callable[[str], str | None] = lambda conversation_id: None
    _tracks: dict[ActiveStream, StreamTrack] = attrs.field(factory=dict)
    #: request_id -> the newest stream under it (an ended one may linger while a new run replaced it)
    _current: dict[str, ActiveStream] = attrs.field(factory=dict)

    # ---- what the broker calls ------------------------------------------------------------------

    def observe(self, stream: ActiveStream, what: str) -> None:
        """A `StreamBroker` observer: `what` is "created", "phase", "subscribers", "retired" (or "ended")."""
        if what == "created":
            track = self._tracks[stream] = StreamTrack(stream.request_id, phase=stream.phase.value)
            self._current[stream.request_id] = stream
            self._emit(stream, track, "stream.created", {"model_id": stream.model_id, "phase": stream.phase.value})
        track = self._track(stream)
        if what == "phase":
            previous, track.phase = track.phase, stream.phase.value
            if previous != track.phase:
                self._emit(stream, track, "stream.phase", {"phase": track.phase, "previous": previous})
        elif what == "subscribers":
            self._emit(stream, track, "stream.subscribers", {"subscribers": len(stream.subscribers)})
        self._check_ended(stream, track)
        if what == "retired":
            self._emit(stream, track, "stream.retired", {})
            del self._tracks[stream]
            if self._current.get(stream.request_id) is stream:
                del self._current[stream.request_id]

    def _track(self, stream: ActiveStream) -> StreamTrack:
        track = self._tracks.get(stream)
        if track is None:  # a stream made before the hub was attached
            track = self._tracks[stream] = StreamTrack(stream.request_id, phase=stream.phase.value)
            self._current.setdefault(stream.request_id, stream)
        return track

    def _check_ended(self, stream: ActiveStream, track: StreamTrack) -> None:
        ending = ending_fields(stream)
        if ending is not None and not track.ended_reported:
            track.on_ended()
            conversation = _conversation(stream, track)
            title = self.titles(conversation) if conversation else None
            self._emit(stream, track, "stream.ended", {**ending, "phase": stream.phase.value, "title": title})

    # ---- what the stream, the BidiAppend handler and the agent turn call -------------------------

    def record_publish(self, stream: ActiveStream, payload: bytes) -> None:
        """One AgentServerMessage `stream` just appended to its backlog (call after the append).

        Reporting the same frame twice is harmless: a frame at or before the last reported index is skipped.
        """
        track = self._tracks.get(stream)  # (`_track`'s lookup written out: a call less per frame)
        if track is None:
            track = self._track(stream)
        seq = len(stream.backlog.frames) - 1
        if seq <= track.last_seq:
            return
        track.last_seq = seq
        if track.pass_started_at is not None:
            track.live_bytes += len(payload)  # the running pass's output so far, counted without decoding
        if not self.clients and not touches_pending_work(payload):
            # Nobody watches: only the pending execs and queries (for `cursord status`) are kept, and this
            # message cannot change them; decoding every text delta cost 13% of a flood's throughput.
            track.publishes_seen = True
            return
        summary = summarise_server_message(payload)
        track.on_message(summary, self.clock())
        if self.clients:
            self._emit(
                stream, track, "message", {"kind": summary.kind, "bytes": summary.size, "seq": seq, **summary.fields}
            )

    def record_intent(self, request_id: str, intent: object, *, seqno: int | None = None) -> None:
        """One upload for `request_id`, as `parse_bidi_append` decoded it (before it is admitted)."""
        summary = summarise_intent(intent)
        stream = self._current.get(request_id)
        track = self._tracks.get(stream) if stream is not None else None
        if track is not None:
            track.on_intent(summary)
        if not self.clients:
            return
        fields: dict[str, Any] = {"kind": summary.kind, "seqno": seqno, **summary.fields}
        conversation = summary.conversation_id or _conversation(stream, track)
        self._emit_for(request_id, conversation, "intent", fields)

    def record_append_refused(self, request: aiserver.BidiAppendRequest, error: ConnectError) -> None:
        """The daemon answered a BidiAppend with an error (no stream, out-of-window seqno, shutting down...)."""
        if not self.clients:
            return
        request_id = request.request_id.request_id if request.HasField("request_id") else ""
        stream = self._current.get(request_id)
        self._emit_for(
            request_id,
            _conversation(stream, self._tracks.get(stream) if stream is not None else None),
            "append.refused",
            {"seqno": request.append_seqno, "code": error.code.value, "error": error.message},
        )

    def record_provider(self, request_id: str, event: str, timings: Mapping[str, object] | None = None) -> None:
        """A provider pass event: "pass_start", "first_byte", "fallback" (a pass moved to another key or model:
        `from`, `to`, `error`; see `cursord.agent.fallback`), "pass_end" (or another name, passed through).

        `timings` holds JSON-able details (pass id, provider, model, usage, error ...). The hub adds
        ``elapsed_ms`` since the stream's last "pass_start" to every later event of that pass.
        """
        now = self.clock()
        stream = self._current.get(request_id)
        track = self._tracks.get(stream) if stream is not None else None
        fields: dict[str, Any] = {key: json_safe(value) for key, value in (timings or {}).items()}
        if track is not None:
            if event == "pass_start":
                track.on_pass_start(fields, now)
            elif track.pass_started_at is not None:
                fields.setdefault("elapsed_ms", round((now - track.pass_started_at) * 1000, 1))
            if event == "pass_end":
                track.on_pass_end(fields)
        if self.clients:
            self._emit_for(request_id, _conversation(stream, track), "provider", {"event": event, **fields})

    # ---- clients ----------------------------------------------------------------------------------

    def snapshot(self, tap_filter: TapFilter) -> Event:
        now = self.clock()
        rows = [
            stream_info(stream, track, now)
            for stream, track in sorted(self._tracks.items(), key=lambda item: item[0].created_at)
        ]
        rows = [row for row in rows if tap_filter.matches({"type": "stream", **row})]
        for row in rows:
            row["title"] = self.titles(row["conversation_id"]) if row["conversation_id"] else None
        return {
            "type": "snapshot",
            "ts": time.time(),
            "version": __version__,
            "filter": tap_filter.as_dict(),
            "streams": rows,
            "counters": dict(self.counters()) if self.counters is not None else {},
            "tab": dict(self.tab()) if self.tab is not None else None,
            "forwarded": [dict(row) for row in self.forwarded()] if self.forwarded is not None else None,
        }

    def subscribe(self, tap_filter: TapFilter) -> tuple[TapClient, Event]:
        """A new client and the snapshot it starts from (taken in the same step: nothing falls between)."""
        client = TapClient(tap_filter, EventQueue(self.client_buffer))
        self.clients.add(client)
        if self.closed:  # it got past the endpoint's check just before `close`
            client.closing = True
            client.signal.ring()
        return client, self.snapshot(tap_filter)

    def unsubscribe(self, client: TapClient) -> None:
        self.clients.discard(client)

    def close(self) -> None:
        """End every tap connection (they get ``tap.closing``, then close 1001) and refuse new ones."""
        self.closed = True
        self._broadcast({"type": "tap.closing", "ts": time.time()})
        for client in self.clients:
            client.closing = True
            client.signal.ring()

    # ---- fan-out ----------------------------------------------------------------------------------

    def _emit(self, stream: ActiveStream, track: StreamTrack, kind: str, fields: dict[str, Any]) -> None:
        if track.conversation_id is None and stream.conversation_id is not None:
            track.conversation_id = stream.conversation_id
        self._emit_for(stream.request_id, _conversation(stream, track), kind, fields)

    def _emit_for(self, request_id: str, conversation_id: str | None, kind: str, fields: dict[str, Any]) -> None:
        if not self.clients:
            return
        self._broadcast(
            {"type": kind, "ts": time.time(), "request_id": request_id, "conversation_id": conversation_id, **fields}
        )

    def _broadcast(self, event: Event) -> None:
        text: str | None = None
        for client in self.clients:
            if client.closing or not client.filter.matches(event):
                continue
            if text is None:
                text = json.dumps(event, separators=(",", ":"))
            client.queue.push(text)
            client.signal.ring()


def _conversation(stream: ActiveStream | None, track: StreamTrack | None) -> str | None:
    if stream is not None and stream.conversation_id is not None:
        return stream.conversation_id
    return track.conversation_id if track is not None else None


# ---- access -------------------------------------------------------------------------------------------


@attrs.frozen
class Refusal:
    status: int
    message: str


def _headers(scope: Scope, name: bytes) -> list[str]:
    return [bytes(value).decode("latin-1") for key, value in scope.get("headers", []) if bytes(key).lower() == name]


def _given_token(scope: Scope) -> str | None:
    for value in _headers(scope, b"authorization"):
        scheme, _, credentials = value.strip().partition(" ")
        if scheme.lower() == "bearer" and credentials.strip():
            return credentials.strip()
    query = parse_qs(bytes(scope.get("query_string", b"")).decode("latin-1"))
    values = query.get("token")
    return values[-1] if values else None


def check_access(scope: Scope, token: str) -> Refusal | None:
    """Why a tap request is refused (loopback only, no browser origins, the token), or None to accept."""
    client = scope.get("client")
    host = client[0] if client else None
    if host is None or not is_loopback(host):
        return Refusal(403, f"the cursord tap is served to loopback clients only (not {host or 'unknown'})")
    origins = _headers(scope, b"origin")
    if origins:  # `null` too: a sandboxed frame, a file: page or a redirect sends that
        return Refusal(403, f"the cursord tap refuses browser origins (Origin: {origins[0][:200]!r})")
    given = _given_token(scope)
    if given is None:
        return Refusal(401, "the cursord tap needs its token (Authorization: Bearer <data_dir>/tap-token)")
    if not hmac.compare_digest(given.encode("utf-8", "replace"), token.encode()):
        return Refusal(401, "wrong tap token (it is in <data_dir>/tap-token and changes when the file is removed)")
    return None


# ---- the WebSocket endpoint ---------------------------------------------------------------------------


@attrs.define
class TapEndpoint:
    """The ASGI handler for `TAP_PATH` (WebSocket scope; a plain HTTP request gets 426)."""

    hub: TapHub
    token: str

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await drain_body(receive, 1 << 16)
            body = b"the cursord tap is a WebSocket: use `cursord tap` or `cursord status`\n"
            headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"upgrade", b"websocket")]
            await send_response(send, 426, headers, body)
            return
        if scope["type"] != "websocket":
            return
        if (await receive())["type"] != "websocket.connect":
            return
        refusal = check_access(scope, self.token)
        if refusal is None and self.hub.closed:
            refusal = Refusal(503, "cursord is shutting down")
        if refusal is not None:
            client = scope.get("client")
            log.warning("tap connection from %s refused: %s", client[0] if client else "?", refusal.message)
            await _deny(scope, send, refusal)
            return
        await send({"type": "websocket.accept"})
        client, snapshot = self.hub.subscribe(TapFilter.from_query(bytes(scope.get("query_string", b""))))
        try:
            await _send_text(send, json.dumps(snapshot, separators=(",", ":")))
            closing = False
            async with trio.open_nursery() as nursery:
                nursery.start_soon(_watch_disconnect, receive, nursery.cancel_scope)
                await _pump(client, send)
                closing = True
                nursery.cancel_scope.cancel()
            if closing:
                await send({"type": "websocket.close", "code": 1001, "reason": "cursord is shutting down"})
        finally:
            self.hub.unsubscribe(client)


async def _deny(scope: Scope, send: Send, refusal: Refusal) -> None:
    challenge = [(b"www-authenticate", b'Bearer realm="cursord tap"')] if refusal.status == 401 else []
    await deny_websocket(scope, send, refusal.status, refusal.message, challenge)


async def _send_text(send: Send, text: str) -> None:
    await send({"type": "websocket.send", "text": text})


async def _pump(client: TapClient, send: Send) -> None:
    """Send the client's events as they come; returns (after sending what is left) once it is closing."""
    while True:
        await client.signal.wait()
        dropped, items = client.queue.take()
        if dropped:
            notice = {"type": "dropped", "ts": time.time(), "count": dropped}
            await _send_text(send, json.dumps(notice, separators=(",", ":")))
        for text in items:
            await _send_text(send, text)
        if client.closing:
            return


async def _watch_disconnect(receive: Receive, scope: trio.CancelScope) -> None:
    while True:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            scope.cancel()
            return
        # anything the client sends is ignored


# ---- wiring -------------------------------------------------------------------------------------------


def tap_parts(token: str, hub: TapHub | None = None, *, path: str = TAP_PATH) -> AppParts:
    """Serve the tap at `path` with `token`: the route, the broker observers, BidiAppend recording, and the
    server's counters for the snapshot.

    Give your own `hub` to reach it from the agent turn (`record_provider`) and for `hub.close()`.
    """
    tap_hub = hub if hub is not None else TapHub()
    counters = ServerCounters()
    tap_hub.counters = counters.as_dict
    return AppParts(
        routes={path: TapEndpoint(tap_hub, token)},
        stream_observers=(tap_hub.observe,),
        publish_observers=(tap_hub.record_publish,),
        upload_observers=(lambda upload: tap_hub.record_intent(upload.request_id, upload.intent, seqno=upload.seqno),),
        append_refusals=(tap_hub.record_append_refused,),
        counters=counters,
    )
