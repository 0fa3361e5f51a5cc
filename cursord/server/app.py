"""The ASGI application: routes Connect RPC paths to cursord's handlers.

Every failure a peer can cause is answered here as a Connect error with a precise code and message;
an exception that escapes a handler is our bug, logged with its traceback and answered `internal`,
and it never reaches Hypercorn (which would reset the connection and every other stream on it).

Unknown RPCs are `unimplemented` and logged once per method: cursord answers only what it owns, so an
editor feature that needs Cursor's real backend fails visibly instead of being answered wrongly.

On a team gateway (`cursord.server.gateway`), every HTTP call then needs a user's token.

Before any route (the tap's WebSocket included), `HostPolicy` decides whether the request may be
answered at all: a request for a host that is not loopback or configured, or one from a web page
(`Origin`), is `permission_denied` (`cursord.server.host_policy` says why).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import attrs
import trio
from google.protobuf.message import Message

from cursord.connect import (
    Code,
    Codec,
    ConnectError,
    HttpRejection,
    HttpResponse,
    Limits,
    decode_message,
    decode_unary_body,
    encode_message,
    parse_stream_head,
    parse_unary_head,
    read_server_stream_request,
    render_stream_error,
    render_unary_error,
    render_unary_response,
)
from cursord.core import request_id_problem
from cursord.proto import agent_v1_pb2 as agent
from cursord.server.asgi import (
    ClientDisconnected,
    Receive,
    Scope,
    Send,
    deny_websocket,
    drain_body,
    let_go_of_headers,
    read_body,
    send_response,
)
from cursord.server.counters import ServerCounters
from cursord.server.gateway import GatewayAccess
from cursord.server.host_policy import LOOPBACK_ONLY, HostPolicy
from cursord.server.placement import (
    PLACED_PATHS,
    RUN_PATH,
    RUN_SSE_PATH,
    RequestPlacement,
    peek_request_id,
    replaying,
)
from cursord.server.refusals import stream_reply_type
from cursord.server.runsse import STREAM_CONTENT_TYPE, serve_stream
from cursord.server.side_streams import SIDE_STREAM_PATHS, SideStreams, serve_side_stream
from cursord.streams import ActiveStream, StreamBroker

#: the header in which the editor names its version, on every call
EDITOR_VERSION_HEADER = b"x-cursor-client-version"

log = logging.getLogger(__name__)


#: how much of a refused body is read and dropped so an HTTP/1.1 client gets the error, not a reset.
DRAIN_LIMIT = 64 << 20

UnaryCall = Callable[[Any], Awaitable[Message]]


@attrs.frozen
class UnaryMethod:
    request_type: type[Message]
    call: UnaryCall


@attrs.define
class CursordApp:
    broker: StreamBroker
    limits: Limits
    hosts: HostPolicy = LOOPBACK_ONLY
    unary_methods: dict[str, UnaryMethod] = attrs.field(factory=dict)
    extra_routes: dict[str, Callable[[Scope, Receive, Send], Awaitable[None]]] = attrs.field(factory=dict)
    counters: ServerCounters = attrs.field(factory=ServerCounters)
    #: the editor's non-agent streams (health probe, speech); shared with the BidiAppend handler
    side_streams: SideStreams = attrs.field(factory=SideStreams)
    #: a team gateway: every call needs a user's token, and reaches only that user's runs
    gateway: GatewayAccess | None = None
    #: a gateway of several nodes: which node serves each request id's calls
    placement: RequestPlacement | None = None
    #: told of the path of every editor call (`AppParts.request_observers`)
    request_observers: tuple[Callable[[str], None], ...] = ()
    #: told of the editor's version on each editor call that names it (`AppParts.editor_version_observers`)
    editor_version_observers: tuple[Callable[[str], None], ...] = ()
    _unknown_logged: set[str] = attrs.field(factory=set)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "lifespan":
            await _lifespan(receive, send)
            return
        path: str = scope.get("path", "")
        refusal = self.hosts.refusal(scope) if kind in ("http", "websocket") else None
        if refusal is not None:
            log.debug("%s refused: %s", path, refusal)
            await self._refuse(path, scope, receive, send, ConnectError(Code.PERMISSION_DENIED, refusal))
            return
        if self.gateway is not None and kind == "http":
            try:
                user = await self.gateway.authenticate(scope)
            except ConnectError as error:
                log.debug("%s refused: %s", path, error.message)
                await self._refuse(path, scope, receive, send, error)
                return
            with self.gateway.acting_as(user):
                await self._route(path, scope, receive, send)
            return
        await self._route(path, scope, receive, send)

    async def _route(self, path: str, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "http" and _is_rpc(path):
            for observer in self.request_observers:
                observer(path)
            version = _editor_version(scope) if self.editor_version_observers else None
            if version is not None:
                for version_observer in self.editor_version_observers:
                    version_observer(version)
        if self.placement is not None and kind == "http" and path in PLACED_PATHS:
            try:
                here = await self._placed_here(path, scope, receive, send)
            except ClientDisconnected:
                self.counters.client_disconnects += 1
                return
            if here is None:
                return
            receive = here
        route = self.extra_routes.get(path)
        if route is not None:
            await self._guarded_route(route, path, scope, receive, send)
            return
        if kind != "http":
            return
        try:
            if path == RUN_SSE_PATH:
                # The request's head and body are locals of `_open_run_sse`: gone, not held for the stream's life.
                stream = await self._open_run_sse(scope, receive, send)
                if stream is not None:
                    let_go_of_headers(scope)
                    await serve_stream(stream, receive, send)
            elif path in SIDE_STREAM_PATHS:
                check = self.gateway.check_request if self.gateway is not None else None
                await serve_side_stream(
                    self.side_streams, SIDE_STREAM_PATHS[path], self.limits, scope, receive, send, check
                )
            elif path in self.unary_methods:
                await self._unary(self.unary_methods[path], scope, receive, send)
            else:
                await self._unknown(path, scope, receive, send)
        except ClientDisconnected:
            # A client may do this as often as it likes: counted for `cursord status`, not an error.
            self.counters.client_disconnects += 1
            log.debug("%s: client went away before its request was complete", path)

    async def _guarded_route(
        self, route: Callable[[Scope, Receive, Send], Awaitable[None]], path: str, scope: Scope, receive: Receive,
        send: Send,
    ) -> None:
        """A part's route (Run, Tab's streams, the tap, the dashboard), whose exception is our bug: logged, and
        answered `internal` in the caller's shape if nothing was sent yet, never left to Hypercorn (a bare 500)."""
        tracked = _TrackedSend(send)
        try:
            await route(scope, receive, tracked)
        except ClientDisconnected:
            raise
        except Exception as exc:
            log.exception("%s failed", path)
            if not tracked.started and scope["type"] == "http":
                await self._refuse(path, scope, receive, send, ConnectError.internal(exc))

    async def _placed_here(self, path: str, scope: Scope, receive: Receive, send: Send) -> Receive | None:
        """Hand the call to the node that holds its stream (None: answered there), or the `receive` to
        serve it here with (the body it took to find the request id, replayed)."""
        assert self.placement is not None
        body: bytes | None = None
        if path != RUN_PATH:
            try:
                body = await read_body(receive, self.limits.max_request_bytes)
            except ConnectError as error:
                await self._refuse(path, scope, receive, send, error)
                return None
        request_id = peek_request_id(path, scope, body, self.limits)
        if request_id is not None and await self.placement.serve_elsewhere(request_id, scope, body, receive, send):
            return None
        return receive if body is None else replaying(body, receive)

    async def _unary(self, method: UnaryMethod, scope: Scope, receive: Receive, send: Send) -> None:
        body_read = False
        try:
            head = parse_unary_head(scope["method"], scope["headers"], self.limits)
            body = await read_body(receive, self.limits.max_request_bytes)
            body_read = True
            request = decode_message(head.codec, decode_unary_body(head, body, self.limits), method.request_type)
            if self.gateway is not None:
                await self.gateway.check_message(request)
            reply = await _within_deadline(head.timeout, method.call(request))
            response = render_unary_response(head, encode_message(head.codec, reply))
        except (HttpRejection, ConnectError) as refusal:
            if not body_read:  # refused on its headers or size: read the rest so the client gets the answer
                await drain_body(receive, DRAIN_LIMIT)
            response = refusal.response() if isinstance(refusal, HttpRejection) else render_unary_error(refusal)
        except ClientDisconnected:
            raise  # not our failure: `__call__` counts it
        except Exception as exc:
            log.exception("%s failed", scope.get("path"))
            response = render_unary_error(ConnectError.internal(exc))
        await _send(send, response)

    async def _open_run_sse(self, scope: Scope, receive: Receive, send: Send) -> ActiveStream | None:
        """The stream a RunSSE request reads, or None once its refusal is sent."""
        body_read = False
        try:
            head = parse_stream_head(scope["method"], scope["headers"], self.limits, codecs=(Codec.PROTO,))
            body = await read_body(receive, self.limits.max_request_bytes)
            body_read = True
            payload = read_server_stream_request(head, body, self.limits)
            request = decode_message(Codec.PROTO, payload, agent.BidiRequestId)
            if not request.request_id:
                raise ConnectError(Code.INVALID_ARGUMENT, "RunSSE request has an empty request_id")
            if (problem := request_id_problem(request.request_id)) is not None:
                raise ConnectError(Code.INVALID_ARGUMENT, f"RunSSE request: {problem}")
            if self.gateway is not None:
                await self.gateway.check_request(request.request_id)
            await self.broker.find(request.request_id)  # a stream journalled before a restart comes back
            return self.broker.open(request.request_id, placeholder=True)
        except (HttpRejection, ConnectError) as refusal:
            if not body_read:
                await drain_body(receive, DRAIN_LIMIT)
            if isinstance(refusal, HttpRejection):
                await _send(send, refusal.response())
            else:
                await _send(send, render_stream_error(refusal, content_type=STREAM_CONTENT_TYPE.decode()))
            return None

    async def _unknown(self, path: str, scope: Scope, receive: Receive, send: Send) -> None:
        if path not in self._unknown_logged:
            self._unknown_logged.add(path)
            log.info("unimplemented RPC %s (logged once)", path)
        error = ConnectError(Code.UNIMPLEMENTED, f"cursord does not serve {path.lstrip('/')}")
        await self._refuse(path, scope, receive, send, error)

    async def _refuse(self, path: str, scope: Scope, receive: Receive, send: Send, error: ConnectError) -> None:
        """Answer `error` in the shape the caller reads: a WebSocket refusal, a stream, or a unary error."""
        if scope["type"] == "websocket":
            if (await receive())["type"] == "websocket.connect":
                await deny_websocket(scope, send, 403, error.message)
            return
        if path != RUN_PATH:  # a bidi Run client may hold its body open until it sees the answer
            await drain_body(receive, DRAIN_LIMIT)
        content_type = stream_reply_type(scope)
        if path == RUN_SSE_PATH:
            await _send(send, render_stream_error(error, content_type=STREAM_CONTENT_TYPE.decode()))
        elif content_type is not None:
            await _send(send, render_stream_error(error, content_type=content_type))
        else:
            await _send(send, render_unary_error(error))


async def _within_deadline(seconds: float | None, call: Awaitable[Message]) -> Message:
    """The call's result, or `deadline_exceeded` once the client's `connect-timeout-ms` has passed."""
    if seconds is None:
        return await call
    with trio.move_on_after(seconds):
        return await call
    raise ConnectError(Code.DEADLINE_EXCEEDED, f"the call did not finish within its {seconds * 1000:g} ms deadline")


@attrs.define(eq=False)
class _TrackedSend:
    """A part's `send` that notes whether its response has started (`_guarded_route` answers `internal` only
    if not). Once it has, it passes every message on as it is, so a body writer may go around it
    (`hypercorn_fixes.body_writer`: a Run's frames written by their publisher)."""

    send: Send
    started: bool = False

    async def __call__(self, message: MutableMapping[str, Any]) -> None:
        self.started = True
        await self.send(message)

    @property
    def passes_bodies_to(self) -> Send | None:
        return self.send if self.started else None


async def _send(send: Send, response: HttpResponse) -> None:
    await send_response(send, response.status, response.headers, response.body)


def _editor_version(scope: Scope) -> str | None:
    """The `x-cursor-client-version` header's value (the editor's version), None without one."""
    for name, value in scope.get("headers", ()):
        if name == EDITOR_VERSION_HEADER:
            return bytes(value).decode("latin-1")
    return None


def _is_rpc(path: str) -> bool:
    """A Connect RPC's path, `/package.Service/Method` (not the dashboard's or the tap's)."""
    service, _, method = path[1:].partition("/")
    return "." in service and bool(method) and "/" not in method


async def _lifespan(receive: Receive, send: Send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
