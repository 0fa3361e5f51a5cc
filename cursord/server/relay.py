"""Relaying a request from the agent listener to Cursor's agent host, over HTTP/2, both ways at once.

The editor's HTTP/2 transport sends everything for the agent host to `agentn_url`, that is to cursord's
agent listener: the agent's Run, and whatever else rides that transport. cursord answers what it owns
(a Run for a model it serves, its own RPCs) and hands the rest to Cursor's agent host as it came:
`AgentListenerApp` sends every path cursord does not own there, and the Run handler sends a Run whose
first upload asks for a model cursord does not serve, with the bytes it has already read replayed first.

Theory of operation. `AgentRelay.relay` makes one TLS connection (ALPN h2) per relayed request (relays
are rare and long: a run on one of Cursor's own models), sends the request head as received (every
header, `authorization` included, but hop-by-hop ones; `:authority` names the upstream), then runs two
pumps at once: the request body up (the replayed prefix, then each chunk `receive` gives, END_STREAM
when the client's body ends) and the response down (status and headers as received, then each DATA chunk
as it comes, acknowledged only once handed to the client, so HTTP/2 flow control carries the client's
pace upstream; trailers when the client takes them). A client that goes away (`http.disconnect`) resets
the upstream stream with CANCEL. An upstream that cannot be reached, or fails before answering, is a
Connect `unavailable` to the client; one that fails or resets after the head was sent ends the client's
response where it is, without an end-stream message (the client sees the stream cut, never a made-up
ending; an ASGI app cannot reset an HTTP/2 stream, and a response left open would hang the client).
With `count`, each relayed call is counted as the proxy counts what it forwards (`RelayTally`: body bytes
up and down, answered whole or not, finished once however it ended; `cursord.proxy.ForwardedCalls.call`).
"""

from __future__ import annotations

import contextlib
import logging
import math
import ssl
from collections.abc import Awaitable, Callable, Container
from typing import Protocol

import attrs
import h2.config
import h2.connection
import h2.errors
import h2.events
import h2.exceptions
import h2.settings
import trio

from cursord.connect import Code, ConnectError
from cursord.server.asgi import Receive, Scope, Send
from cursord.server.host_policy import HostPolicy
from cursord.server.refusals import refuse_call
from cursord.tls import UpstreamError, open_upstream_stream

log = logging.getLogger(__name__)

__all__ = ["CURSOR_AGENT_HOST", "AgentListenerApp", "AgentRelay", "RelayTally", "upstream_context"]

#: Cursor's agent host, where the editor's HTTP/2 agent transport goes when cursord is not in the way.
CURSOR_AGENT_HOST = "agentn.global.api5.cursor.sh"
CONNECT_TIMEOUT = 10.0
RECEIVE_WINDOW = 1 << 24
_HOP_BY_HOP = frozenset(
    {b"connection", b"keep-alive", b"proxy-connection", b"transfer-encoding", b"upgrade", b"host", b"http2-settings"}
)

#: (host, port) -> a TLS stream to it, handshake done, ALPN h2 offered.
Connector = Callable[[str, int], Awaitable[trio.abc.Stream]]


class RelayTally(Protocol):
    """One relayed call, counted: body bytes as they pass, whether the answer came whole, and its end."""

    def sent(self, size: int) -> None: ...

    def received(self, size: int) -> None: ...

    def answered(self) -> None: ...

    def finish(self) -> None: ...


def upstream_context() -> ssl.SSLContext:
    """The system trust store, offering only h2 (the agent host speaks HTTP/2)."""
    context = ssl.create_default_context()
    context.set_alpn_protocols(["h2"])
    return context


class _UpstreamFailed(Exception):
    """The upstream connection broke, or the upstream reset the stream."""


@attrs.define
class _Progress:
    """How far a relayed response got: its head sent, its end sent, whether it carries trailers."""

    started: bool = False
    ended: bool = False
    trailers: bool = False


@attrs.define(eq=False)
class _Upstream:
    """One HTTP/2 client connection carrying one stream (id 1): the sans-IO `h2` state and its socket."""

    stream: trio.abc.Stream
    conn: h2.connection.H2Connection = attrs.field(
        factory=lambda: h2.connection.H2Connection(h2.config.H2Configuration(client_side=True, header_encoding=None))
    )
    events: tuple[trio.MemorySendChannel[h2.events.Event], trio.MemoryReceiveChannel[h2.events.Event]] = (
        attrs.field(factory=lambda: trio.open_memory_channel[h2.events.Event](math.inf))
    )
    window_opened: trio.Event = attrs.field(factory=trio.Event)
    send_lock: trio.Lock = attrs.field(factory=trio.Lock)
    finished: bool = False
    stream_id: int = 1

    async def flush(self) -> None:
        async with self.send_lock:
            data = self.conn.data_to_send()
            if data:
                try:
                    await self.stream.send_all(data)
                except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
                    raise _UpstreamFailed(f"the connection to the agent host broke: {exc!r}") from None

    async def start(self, headers: list[tuple[bytes, bytes]]) -> None:
        self.conn.local_settings = h2.settings.Settings(
            client=True,
            initial_values={
                h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: RECEIVE_WINDOW,
                h2.settings.SettingCodes.ENABLE_PUSH: 0,
            },
        )
        self.conn.initiate_connection()
        self.conn.increment_flow_control_window(RECEIVE_WINDOW - 65535)
        self.stream_id = self.conn.get_next_available_stream_id()
        self.conn.send_headers(self.stream_id, headers, end_stream=False)
        await self.flush()

    async def read_loop(self) -> None:
        """Bytes from the socket into h2; this stream's events into the channel (ends it on failure)."""
        send_events, _ = self.events
        try:
            while True:
                try:
                    data = await self.stream.receive_some(1 << 16)
                except (trio.BrokenResourceError, trio.ClosedResourceError):
                    data = b""
                if not data:
                    send_events.send_nowait(h2.events.ConnectionTerminated())
                    return
                try:
                    events = self.conn.receive_data(data)
                except h2.exceptions.ProtocolError as exc:
                    log.warning("the agent host broke HTTP/2: %r", exc)
                    send_events.send_nowait(h2.events.ConnectionTerminated())
                    return
                for event in events:
                    if isinstance(event, h2.events.WindowUpdated | h2.events.RemoteSettingsChanged):
                        self.window_opened.set()
                    send_events.send_nowait(event)  # one stream on this connection: all of them are its
                await self.flush()
        finally:
            self.window_opened.set()

    async def send_body(self, data: bytes) -> None:
        offset = 0
        while offset < len(data) and not self.finished:
            self.window_opened = trio.Event()
            try:
                window = self.conn.local_flow_control_window(self.stream_id)
            except h2.exceptions.StreamClosedError:
                return
            size = min(window, self.conn.max_outbound_frame_size, len(data) - offset)
            if size <= 0:
                await self.window_opened.wait()
                continue
            self.conn.send_data(self.stream_id, data[offset : offset + size])
            offset += size
            await self.flush()

    async def end_body(self) -> None:
        if not self.finished:
            try:
                self.conn.end_stream(self.stream_id)
            except h2.exceptions.StreamClosedError:
                return
            await self.flush()

    async def reset(self) -> None:
        if not self.finished:
            self.finished = True
            try:
                self.conn.reset_stream(self.stream_id, h2.errors.ErrorCodes.CANCEL)
            except h2.exceptions.StreamClosedError:
                return
            with trio.CancelScope(shield=True), contextlib.suppress(_UpstreamFailed):
                await self.flush()


@attrs.define
class AgentRelay:
    """Relays requests to `host:port` (Cursor's agent host unless told otherwise)."""

    host: str = CURSOR_AGENT_HOST
    port: int = 443
    ssl_context: ssl.SSLContext = attrs.field(factory=upstream_context)
    connector: Connector | None = None
    #: False: HTTP/2 in the clear, with prior knowledge (a team gateway at an http:// URL)
    tls: bool = True
    #: headers sent instead of the client's of the same name (a team gateway's `authorization`)
    replace_headers: tuple[tuple[bytes, bytes], ...] = ()
    #: path -> the tally of one call relayed (what left the machine); None: not counted
    count: Callable[[str], RelayTally] | None = None

    async def _connect(self) -> trio.abc.Stream:
        if self.connector is not None:
            return await self.connector(self.host, self.port)
        return await open_upstream_stream(
            self.host, self.port, self.tls, ssl_context=self.ssl_context, overrides={}, connect_timeout=CONNECT_TIMEOUT
        )

    def _request_head(self, scope: Scope) -> list[tuple[bytes, bytes]]:
        default_port = 443 if self.tls else 80
        authority = self.host if self.port == default_port else f"{self.host}:{self.port}"
        path = scope.get("raw_path") or scope["path"].encode()
        if scope.get("query_string"):
            path += b"?" + scope["query_string"]
        head = [
            (b":method", scope["method"].encode()),
            (b":scheme", b"https" if self.tls else b"http"),
            (b":authority", authority.encode()),
            (b":path", bytes(path)),
        ]
        replaced = {name for name, _ in self.replace_headers}
        for name, value in scope["headers"]:
            name = bytes(name).lower()
            if name in _HOP_BY_HOP or name in replaced or (name == b"te" and bytes(value).lower() != b"trailers"):
                continue
            head.append((name, bytes(value)))
        head.extend(self.replace_headers)
        return head

    async def relay(
        self, scope: Scope, receive: Receive, send: Send, *, prefix: bytes = b"", body_ended: bool = False
    ) -> None:
        """Relay this request: `prefix` is request body already read (replayed first); `body_ended` says
        the client's body ended with it. Nothing of the response may have been sent yet."""
        unreachable = await self.forward(scope, receive, send, prefix=prefix, body_ended=body_ended)
        if unreachable is not None:
            error = ConnectError(Code.UNAVAILABLE, f"cursord cannot reach {self.host}: {unreachable}")
            await refuse_call(scope, send, error)

    async def forward(
        self, scope: Scope, receive: Receive, send: Send, *, prefix: bytes = b"", body_ended: bool = False
    ) -> str | None:
        """`relay`, but if `host` cannot be reached it sends nothing and returns why (the caller answers, or
        tries elsewhere); None once the call was relayed."""
        what = scope.get("path", "")
        tally = self.count(what) if self.count is not None else None
        try:
            return await self._forward(scope, receive, send, prefix, body_ended, tally)
        finally:
            if tally is not None:
                tally.finish()

    async def _forward(
        self, scope: Scope, receive: Receive, send: Send, prefix: bytes, body_ended: bool, tally: RelayTally | None
    ) -> str | None:
        what = scope.get("path", "")
        try:
            stream = await self._connect()
        except (UpstreamError, OSError, trio.BrokenResourceError) as exc:
            log.warning("cannot relay %s to %s: %s", what, self.host, exc)
            return str(exc)
        upstream = _Upstream(stream)
        progress = _Progress()
        try:
            async with trio.open_nursery() as nursery:
                await upstream.start(self._request_head(scope))
                nursery.start_soon(upstream.read_loop)
                nursery.start_soon(self._upload, upstream, receive, prefix, body_ended, nursery.cancel_scope, tally)
                await self._download(upstream, scope, send, progress, tally)
                nursery.cancel_scope.cancel()
        except* _UpstreamFailed as group:
            log.warning("relaying %s to %s failed: %s", what, self.host, group.exceptions[0])
            if not progress.started:
                error = ConnectError(Code.UNAVAILABLE, f"{self.host} failed: {group.exceptions[0]}")
                await refuse_call(scope, send, error)
            elif not progress.ended:  # cut where it is: the end of the body, no end-stream message
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                if progress.trailers:
                    await send({"type": "http.response.trailers", "headers": [], "more_trailers": False})
        finally:
            with trio.CancelScope(shield=True):
                await trio.aclose_forcefully(stream)
        return None

    async def _upload(
        self,
        upstream: _Upstream,
        receive: Receive,
        prefix: bytes,
        body_ended: bool,
        whole: trio.CancelScope,
        tally: RelayTally | None,
    ) -> None:
        if prefix:
            await upstream.send_body(prefix)
            if tally is not None:
                tally.sent(len(prefix))
        if body_ended:
            await upstream.end_body()
            return
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                await upstream.reset()
                whole.cancel()
                return
            body = message.get("body", b"")
            await upstream.send_body(body)
            if tally is not None:
                tally.sent(len(body))
            if not message.get("more_body", False):
                await upstream.end_body()
                return

    async def _download(
        self, upstream: _Upstream, scope: Scope, send: Send, progress: _Progress, tally: RelayTally | None
    ) -> None:
        """The response, down to the client (raises _UpstreamFailed; `progress` says how far it got)."""
        _, events = upstream.events
        takes_trailers = progress.trailers = "http.response.trailers" in scope.get("extensions", {})
        trailers: list[tuple[bytes, bytes]] = []
        while True:
            event = await events.receive()
            if isinstance(event, h2.events.ResponseReceived):
                status = 0
                headers = []
                for name, value in event.headers:
                    if name == b":status":
                        status = int(value)
                    elif not name.startswith(b":"):
                        headers.append((name, value))
                await send({"type": "http.response.start", "status": status, "headers": headers,
                            "trailers": takes_trailers})
                progress.started = True
            elif isinstance(event, h2.events.DataReceived):
                if progress.started and event.data:
                    await send({"type": "http.response.body", "body": bytes(event.data), "more_body": True})
                    if tally is not None:
                        tally.received(len(event.data))
                if event.flow_controlled_length:
                    upstream.conn.acknowledge_received_data(event.flow_controlled_length, upstream.stream_id)
                    await upstream.flush()
            elif isinstance(event, h2.events.TrailersReceived):
                trailers = [(n, v) for n, v in event.headers if not n.startswith(b":")]
            elif isinstance(event, h2.events.StreamEnded):
                upstream.finished = True
                if not progress.started:
                    raise _UpstreamFailed("the stream ended before a response head")
                progress.ended = True
                if tally is not None:
                    tally.answered()
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                if takes_trailers:
                    await send({"type": "http.response.trailers", "headers": trailers, "more_trailers": False})
                return
            elif isinstance(event, h2.events.StreamReset):
                upstream.finished = True
                raise _UpstreamFailed(f"the agent host reset the stream ({event.error_code!s})")
            elif isinstance(event, h2.events.ConnectionTerminated):
                upstream.finished = True
                raise _UpstreamFailed("the agent host closed the connection")


@attrs.define
class AgentListenerApp:
    """The agent listener's ASGI app: cursord's own paths to `app`, every other path relayed, if `hosts`
    lets the request in at all; `app` answers the refusal of one it does not (issue 27 #6: a foreign Host
    or an Origin was relayed before any check)."""

    app: Callable[[Scope, Receive, Send], Awaitable[None]]
    owned: Container[str]
    relay: AgentRelay
    hosts: HostPolicy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("path", "") in self.owned or self.hosts.refusal(scope) is not None:
            await self.app(scope, receive, send)
            return
        await self.relay.relay(scope, receive, send)
