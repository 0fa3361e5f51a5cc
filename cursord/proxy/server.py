"""The intercepting HTTP proxy: the editor's `http.proxy`, answering cursord's RPCs and passing the rest.

Theory of operation. Every client connection starts as plain HTTP/1.1 (`H11Stream` in direct mode):

- `CONNECT host:port` to an intercepted host (`*.cursor.sh` by default, and only names the CA may sign
  for): reply 200, TLS with a leaf minted for the host (`LeafCertificates`, ALPN h2 and http/1.1), then
  read requests from the decrypted stream (HTTP/1.1: one at a time; HTTP/2: every stream at once,
  `h2_intercept.serve_h2`) and route each on its own (`cursord.proxy.routing`, `_decide`): cursord's ASGI
  app answers its RPCs in-process (`serve_asgi`, streaming), everything else is forwarded to the real
  host over verified TLS (`forward`, byte for byte; an HTTP/2 stream over HTTP/2 when the host offers it,
  `h2_forward`). Each forwarded call is counted in the `ForwardedCalls` (`cursord.proxy.forwarded_calls`); with
  `private`, a path cursord does not own whose request carries the user's code or text is refused
  `permission_denied` instead (with `offline`, every such path is refused `unavailable`).
- `CONNECT` to any other host: reply 200 and splice bytes both ways. Never decrypted.
- a `CONNECT` to a port outside `allowed_ports` (443 by default) is refused 403 before anything is
  dialled, and an upstream that cannot be reached is reported in the same words however it failed, so
  the proxy neither reaches the machine's loopback services nor tells which ports are open.
- an absolute-form request (`GET http://host/...`): forwarded to that origin as plain HTTP, with
  `proxy-connection` and `proxy-authorization` removed; the connection may carry more such requests.
  An origin-form request (`GET /`) is answered 400: this port is a proxy, not a server.

Relayed runs. `RunTable` holds which request ids go upstream; it is decided by the BidiAppend that
carries a run_request (`routing`). A RunSSE for a request id with no decision yet waits up to
`run_decision_wait` seconds (3 by default) for that BidiAppend (the editor opens both at once, and the
RunSSE may win the race); with no decision by then it is cursord's. Waiters are counted per request
id, so any number of RunSSE calls can wait for the same decision.

Tasks. `serve` runs `trio.serve_listeners`; one task per client connection, whose nursery holds the
client's reader task and the reader tasks of its upstream connections. A failure in one connection is
logged and ends that connection only.
"""

from __future__ import annotations

import contextlib
import logging
import ssl
from collections.abc import Awaitable, Callable, Container, Iterator, Mapping
from functools import partial
from urllib.parse import urlsplit

import attrs
import h11
import trio

from cursord.connect import Code, ConnectError, Headers, HttpResponse, Limits, render_stream_error, render_unary_error
from cursord.proxy.asgi_bridge import ASGIApp, H11Response, RequestInfo, ResponseSink, capture, serve_asgi
from cursord.proxy.forward import (
    Connector,
    Upstreams,
    fetch_whole,
    forward,
    open_upstream_stream,
    send_error,
    unreachable_text,
)
from cursord.proxy.forwarded_calls import ForwardedCalls, refusal
from cursord.proxy.h2_forward import H2Connector, H2Upstreams, fetch_stream, forward_stream
from cursord.proxy.h2_intercept import H2Exchange, serve_h2
from cursord.proxy.observe import Observe
from cursord.proxy.routing import (
    CONTROL_PATHS,
    DEFAULT_INTERCEPT_HOSTS,
    DEFAULT_OWNED_PATHS,
    MODEL_LIST_PATHS,
    SIDE_STREAM_PATHS,
    OwnsModel,
    RunTable,
    Verdict,
    host_matches,
    merge_model_responses,
    peek_bidi_append,
    peek_run_sse,
    split_target,
)
from cursord.proxy.wire import BodySource, BodyTooLarge, BufferedBody, H11Stream, LiveBody, PeerGone, read_body
from cursord.server import BIDI_APPEND_PATH, RUN_SSE_PATH, EditorActivity
from cursord.tls import LeafCertificates, UpstreamError, client_context

log = logging.getLogger(__name__)

__all__ = ["InterceptingProxy", "PrefixedStream", "ProxyConfig"]

_HOP_BY_HOP_PROXY_HEADERS = frozenset({b"proxy-connection", b"proxy-authorization"})


@attrs.frozen
class ProxyConfig:
    host: str = "127.0.0.1"
    port: int = 8766
    #: CONNECT targets that are decrypted; `*.example` matches every name below example.
    intercept_hosts: tuple[str, ...] = DEFAULT_INTERCEPT_HOSTS
    #: request paths cursord answers (inside intercepted tunnels); asked on every request, so it may change
    #: while the proxy runs (Tab's paths come and go with `[tab]` on a reload).
    owned_paths: Container[str] = DEFAULT_OWNED_PATHS
    #: host -> (address, port) to connect to instead (tests, or a pinned backend address).
    upstream_overrides: Mapping[str, tuple[str, int]] = attrs.field(factory=dict)
    #: send runs for models cursord does not serve to the real backend (False: cursord answers all runs).
    relay_unserved_models: bool = True
    #: answer the model lists with cursord's models followed by the upstream's.
    merge_model_lists: bool = True
    run_decision_wait: float = 3.0
    merge_timeout: float = 5.0
    connect_timeout: float = 15.0
    #: a new connection's first request head, an intercepted CONNECT's TLS handshake, and the first request
    #: inside that tunnel must each arrive within this (seconds); a connection that sends nothing is closed.
    first_request_timeout: float = 5.0
    #: a later request head must arrive within this; an idle keep-alive connection closes after it.
    idle_timeout: float = 300.0
    #: the most of a run RPC body read (and decoded) to route it; a larger one is cursord's, which refuses
    #: it unread. The daemon sets it to its own body limit, so nothing is decoded that cursord would refuse.
    max_inspected_body: int = 4 << 20
    #: ports a CONNECT may reach (intercepted or tunneled); absolute-form HTTP may also reach port 80.
    #: Anything else is refused 403 before any connection is tried, so loopback services stay unreachable.
    allowed_ports: frozenset[int] = frozenset({443})
    #: forward nothing to Cursor: owned paths are cursord's, every other request is refused `unavailable`,
    #: and no tunnel is opened to any host.
    offline: bool = False
    #: forward no RPC whose request carries the user's code or text (`cursord.proxy.forwarded_calls.refusal`): a path
    #: cursord does not own that carries some is refused `permission_denied`; side streams are cursord's, and
    #: so are runs for models cursord does not serve (not relayed, whatever `relay_unserved_models` says).
    private: bool = False
    #: offer HTTP/2 (ALPN h2) inside intercepted tunnels, and to the upstream.
    http2: bool = True
    #: HTTP/2 streams one client connection may have open at once (advertised; more lose the connection).
    max_concurrent_streams: int = 100


class PrefixedStream(trio.abc.Stream):
    """`stream`, with `prefix` delivered before anything it receives (bytes h11 read past a CONNECT)."""

    def __init__(self, stream: trio.abc.Stream, prefix: bytes) -> None:
        self.stream = stream
        self._prefix = prefix

    async def receive_some(self, max_bytes: int | None = None) -> bytes | bytearray:
        if self._prefix:
            await trio.lowlevel.checkpoint()
            size = len(self._prefix) if max_bytes is None else max_bytes
            data, self._prefix = self._prefix[:size], self._prefix[size:]
            return data
        return await self.stream.receive_some(max_bytes)

    async def send_all(self, data: bytes | bytearray | memoryview) -> None:
        await self.stream.send_all(data)

    async def wait_send_all_might_not_block(self) -> None:
        await self.stream.wait_send_all_might_not_block()

    async def aclose(self) -> None:
        await self.stream.aclose()


@attrs.frozen
class _Plan:
    """Where an owned path's request goes, with its body (replaying what was read to decide)."""

    verdict: Verdict
    body: BodySource
    inspected: bytes | None = None


@attrs.define
class _Waiter:
    decided: trio.Event = attrs.Factory(trio.Event)
    count: int = 0


class InterceptingProxy:
    def __init__(
        self,
        config: ProxyConfig,
        app: ASGIApp,
        certificates: LeafCertificates,
        *,
        owns_model: OwnsModel | None = None,
        upstream_ssl: ssl.SSLContext | None = None,
        upstream_h2_ssl: ssl.SSLContext | None = None,
        connector: Connector | None = None,
        h2_connector: H2Connector | None = None,
        activity: EditorActivity | None = None,
        observe: Observe | None = None,
        ledger: ForwardedCalls | None = None,
    ) -> None:
        self.config = config
        self.observe = observe  # watches what is forwarded untouched (`cursord record`)
        self.ledger = ledger or ForwardedCalls()  # counts every call forwarded to Cursor
        self.activity = activity or EditorActivity()
        self.app = app
        self.certificates = certificates
        self.owns_model: OwnsModel = owns_model or (lambda model: True)
        self.upstream_ssl = upstream_ssl or client_context()
        self.connector: Connector = connector or partial(
            _connect_upstream, self.upstream_ssl, dict(config.upstream_overrides), config.connect_timeout
        )
        # HTTP/2 clients are forwarded over a context that offers h2 too; `upstream_ssl` alone (tests) is used
        # as it is, so an upstream it offers only http/1.1 to is reached over HTTP/1.1.
        if upstream_h2_ssl is None:
            upstream_h2_ssl = upstream_ssl or client_context(alpn=("h2", "http/1.1"))
        self.h2_connector: H2Connector = h2_connector or partial(
            _connect_upstream, upstream_h2_ssl, dict(config.upstream_overrides), config.connect_timeout, tls=True
        )
        self.runs = RunTable()
        inspected = config.max_inspected_body
        self._peek_limits = Limits(max_request_bytes=inspected, max_message_bytes=inspected)
        self._waiters: dict[str, _Waiter] = {}
        self._warned_hosts: set[str] = set()
        for pattern in config.intercept_hosts:
            example = pattern.removeprefix("*.")
            if not certificates.ca.covers(example):
                log.warning(
                    "intercept pattern %r is outside what the CA may sign for (%s): those hosts are tunneled",
                    pattern, ", ".join(certificates.ca.domains or ()),
                )

    def waiting(self, request_id: str) -> int:
        """How many RunSSE calls for `request_id` are waiting for its run to be decided."""
        waiter = self._waiters.get(request_id)
        return waiter.count if waiter is not None else 0

    # --- listening -----------------------------------------------------------------------------------

    async def serve(self, *, task_status: trio.TaskStatus[list[tuple[str, int]]] = trio.TASK_STATUS_IGNORED) -> None:
        """Listen on `config.host:config.port` until cancelled; reports the bound addresses."""
        listeners = await trio.open_tcp_listeners(self.config.port, host=self.config.host)
        addresses = []
        for listener in listeners:
            name = listener.socket.getsockname()
            addresses.append((str(name[0]), int(name[1])))
        log.debug("proxy listening on %s", ", ".join(f"{h}:{p}" for h, p in addresses))
        task_status.started(addresses)
        await trio.serve_listeners(self._on_tcp, listeners)

    async def _on_tcp(self, stream: trio.SocketStream) -> None:
        try:
            name = stream.socket.getpeername()
            peer = (str(name[0]), int(name[1]))
        except OSError:
            peer = None
        await self.handle(stream, peer)

    async def handle(self, stream: trio.abc.Stream, peer: tuple[str, int] | None = None) -> None:
        """Serve one client connection until it ends; never raises (failures are logged)."""
        client = H11Stream.server(stream)
        event: h11.Event | type[h11.PAUSED] | None = None
        try:
            with trio.move_on_after(self.config.first_request_timeout):
                event = await client.next_event()
            if not isinstance(event, h11.Request):
                return
            if event.method == b"CONNECT":
                await self._connect(client, event, peer)
            else:
                await self._plain(client, event)
        except PeerGone as exc:
            log.debug("proxy client %s: %s", peer, exc)
        except Exception:
            log.exception("proxy connection from %s failed", peer)
        finally:
            await client.close()

    # --- CONNECT -------------------------------------------------------------------------------------

    async def _connect(self, client: H11Stream, request: h11.Request, peer: tuple[str, int] | None) -> None:
        authority = _parse_authority(request.target.decode("latin-1"))
        if authority is None:
            await send_error(client, 400, f"CONNECT needs host:port, got {request.target[:200]!r}")
            return
        host, port = authority
        while not isinstance(event := await client.next_event(), h11.EndOfMessage):
            if not isinstance(event, h11.Data):
                return
        if port not in self.config.allowed_ports:
            await send_error(client, 403, _port_refused(port, self.config.allowed_ports))
            return
        if self._intercepts(host):
            await client.send(h11.Response(status_code=200, headers=[], reason=b"Connection established"))
            leftover, _ = client.conn.trailing_data
            raw = PrefixedStream(client.stream, bytes(leftover)) if leftover else client.stream
            await self._intercept(raw, host, port, peer)
            return
        if self.config.offline:
            await send_error(client, 403, "cursord is offline: it opens no tunnel to any host")
            return
        self.activity.tunnel(host, port)
        try:
            upstream = await open_upstream_stream(
                host, port, False, ssl_context=self.upstream_ssl, overrides=self.config.upstream_overrides,
                connect_timeout=self.config.connect_timeout,
            )
        except UpstreamError as exc:
            log.info("tunnel to %s:%d: %s", host, port, exc)
            await send_error(client, 502, unreachable_text(host))
            return
        try:
            await client.send(h11.Response(status_code=200, headers=[], reason=b"Connection established"))
            leftover, _ = client.conn.trailing_data
            log.debug("tunnel %s -> %s:%d", peer, host, port)
            await _tunnel(client.stream, upstream, bytes(leftover))
        finally:
            await trio.aclose_forcefully(upstream)

    def _intercepts(self, host: str) -> bool:
        return host_matches(host, self.config.intercept_hosts) and self.certificates.ca.covers(host)

    async def _intercept(self, raw: trio.abc.Stream, host: str, port: int, peer: tuple[str, int] | None) -> None:
        context = self.certificates.context(host)
        tls = trio.SSLStream(raw, context, server_side=True, https_compatible=True)
        try:
            with trio.fail_after(self.config.first_request_timeout):
                await tls.do_handshake()
        except (trio.BrokenResourceError, trio.TooSlowError) as exc:
            self._handshake_failed(host, exc)
            return
        if tls.selected_alpn_protocol() == "h2":
            await self._intercept_h2(tls, host, port, peer)
            return
        client = H11Stream.server(tls)
        async with trio.open_nursery() as nursery:
            await nursery.start(client.run_reader)
            upstreams = Upstreams(nursery, self.connector)
            try:
                await self._requests(client, upstreams, host, port, peer)
            finally:
                await upstreams.aclose()
                await client.close()
                nursery.cancel_scope.cancel()

    async def _intercept_h2(self, tls: trio.SSLStream[trio.abc.Stream], host: str, port: int,
                            peer: tuple[str, int] | None) -> None:
        async with trio.open_nursery() as nursery:
            upstreams = H2Upstreams(nursery, self.h2_connector, Upstreams(nursery, self.connector))
            try:
                await serve_h2(
                    tls,
                    partial(self._route_h2, upstreams=upstreams, host=host, port=port, peer=peer),
                    max_streams=self.config.max_concurrent_streams,
                    idle_timeout=self.config.idle_timeout,
                    first_stream_timeout=self.config.first_request_timeout,
                    label=f"{peer} -> {host}",
                )
            finally:
                await upstreams.aclose()
                await trio.aclose_forcefully(tls)
                nursery.cancel_scope.cancel()

    def _handshake_failed(self, host: str, exc: BaseException) -> None:
        cause = exc.__cause__ or exc
        if host not in self._warned_hosts and isinstance(cause, ssl.SSLError):
            self._warned_hosts.add(host)
            log.warning(
                "TLS handshake for %s failed (%s): does the editor trust cursord's CA? See `cursord ca show`",
                host, cause,
            )
        else:
            log.debug("TLS handshake for %s failed: %s", host, cause)

    async def _requests(
        self, client: H11Stream, upstreams: Upstreams, host: str, port: int, peer: tuple[str, int] | None
    ) -> None:
        wait = self.config.first_request_timeout
        while True:
            event: h11.Event | type[h11.PAUSED] | None = None
            with trio.move_on_after(wait):
                try:
                    event = await client.next_event()
                except PeerGone as exc:
                    if not client.closed.is_set():
                        await send_error(client, 400, str(exc))
                    return
            if not isinstance(event, h11.Request):
                return
            if not await self._route(client, event, upstreams, host, port, peer):
                return
            client.conn.start_next_cycle()
            wait = self.config.idle_timeout

    async def _route(
        self,
        client: H11Stream,
        request: h11.Request,
        upstreams: Upstreams,
        host: str,
        port: int,
        peer: tuple[str, int] | None,
    ) -> bool:
        path, _ = split_target(request.target)
        self.activity.request(f"{host}{path}")
        live = LiveBody(client)
        info = RequestInfo(
            request.method.decode("ascii"), request.target, list(request.headers.raw_items()), host, port, peer
        )
        sink = H11Response(client)
        if path not in self.config.owned_paths:
            refused = self._refusal(path)
            if refused is not None:
                return await self._refuse(sink, info, live, refused)
            with self._counted(path) as observe:
                return await forward(request, live, client, upstreams, host=host, port=port, tls=True,
                                     observe=observe)
        plan = await self._decide(info, live, path)
        if plan.verdict is Verdict.MERGE_MODELS:
            data = plan.inspected or b""
            fetch = partial(fetch_whole, upstreams, request, data, host, port, self.config.max_inspected_body)
            return await self._merge(sink, info, data, fetch)
        if plan.verdict is Verdict.UPSTREAM:
            local = partial(self._local_when_unreachable, info, plan.body, plan.inspected, sink, path)
            with self._counted(path) as observe:
                return await forward(
                    request, plan.body, client, upstreams, host=host, port=port, tls=True, unreachable=local,
                    observe=observe,
                )
        return await serve_asgi(self.app, info, plan.body, sink)

    async def _route_h2(
        self,
        exchange: H2Exchange,
        upstreams: H2Upstreams,
        host: str,
        port: int,
        peer: tuple[str, int] | None,
    ) -> None:
        """One request stream of an HTTP/2 client connection, routed as `_route` routes an HTTP/1.1 request."""
        target = exchange.pseudo(b":path")
        path, _ = split_target(target)
        self.activity.request(f"{host}{path}")
        method = exchange.pseudo(b":method").decode("ascii", "replace")
        info = RequestInfo(method, target, exchange.regular_headers(), host, port, peer, http_version="2")
        sink = exchange.response
        if path not in self.config.owned_paths:
            refused = self._refusal(path)
            if refused is not None:
                await self._refuse(sink, info, exchange.body, refused)
                return
            with self._counted(path) as observe:
                await forward_stream(exchange, exchange.body, upstreams, host=host, port=port, observe=observe)
            return
        plan = await self._decide(info, exchange.body, path)
        if plan.verdict is Verdict.MERGE_MODELS:
            data = plan.inspected or b""
            fetch = partial(
                fetch_stream, upstreams, exchange.headers, data, host=host, port=port,
                limit=self.config.max_inspected_body,
            )
            await self._merge(sink, info, data, fetch)
        elif plan.verdict is Verdict.UPSTREAM:
            local = partial(self._local_when_unreachable, info, plan.body, plan.inspected, sink, path)
            with self._counted(path) as observe:
                await forward_stream(
                    exchange, plan.body, upstreams, host=host, port=port, unreachable=local, observe=observe
                )
        else:
            await serve_asgi(self.app, info, plan.body, sink)

    async def _decide(self, info: RequestInfo, live: BodySource, path: str) -> _Plan:
        """Where an owned path's request goes; reads (and keeps, for replay) the body of the run RPCs,
        the model lists and the side streams, up to `max_inspected_body`."""
        online = not self.config.offline
        relay = online and self.config.relay_unserved_models and not self.config.private
        inspect_runs = relay and path in (BIDI_APPEND_PATH, RUN_SSE_PATH)
        merge = online and self.config.merge_model_lists and path in MODEL_LIST_PATHS
        side_stream = online and not self.config.private and path in SIDE_STREAM_PATHS
        if inspect_runs or merge or side_stream:
            try:
                data, trailers = await read_body(live, self.config.max_inspected_body)
            except BodyTooLarge as too_large:
                return _Plan(Verdict.LOCAL, BufferedBody(too_large.chunks, rest=live))
            body = BufferedBody([data], trailers)
            if merge:
                verdict = Verdict.MERGE_MODELS
            elif side_stream:
                verdict = self._side_stream_verdict(info, data)
            elif path == BIDI_APPEND_PATH:
                verdict = self._append_verdict(info, data)
            else:
                verdict = await self._stream_verdict(info, data)
            log.debug("%s %s -> %s", info.method, path, verdict.value)
            return _Plan(verdict, body, data)
        verdict = Verdict.UPSTREAM if online and path in CONTROL_PATHS else Verdict.LOCAL
        log.debug("%s %s -> %s", info.method, path, verdict.value)
        return _Plan(verdict, live)

    async def _local_when_unreachable(
        self, info: RequestInfo, body: BodySource, inspected: bytes | None, sink: ResponseSink, path: str
    ) -> bool:
        """Cursor cannot be reached: cursord answers what it can (a relayed request id becomes cursord's)."""
        log.info("%s: %s is unreachable; cursord answers", path, info.host)
        request_id = self._relayed_id(path, info, inspected) if inspected is not None else None
        if request_id is not None:
            self.runs.record(request_id, False)
        return await serve_asgi(self.app, info, body, sink)

    def _relayed_id(self, path: str, info: RequestInfo, data: bytes) -> str | None:
        if path == BIDI_APPEND_PATH:
            return peek_bidi_append(info.method, info.headers, data).request_id
        if path == RUN_SSE_PATH or path in SIDE_STREAM_PATHS:
            return peek_run_sse(info.method, info.headers, data)
        return None

    def _refusal(self, path: str) -> ConnectError | None:
        """Why a request for a path cursord does not own is not forwarded (offline, or `private` and its
        request carries code or text); None: it is forwarded."""
        if self.config.offline:
            return ConnectError(
                Code.UNAVAILABLE, f"cursord is offline: {path.lstrip('/')} is Cursor's and not forwarded"
            )
        return refusal(path) if self.config.private else None

    @contextlib.contextmanager
    def _counted(self, path: str) -> Iterator[Observe]:
        """The `observe` for one call forwarded to Cursor: the ledger counts it (once the exchange is over,
        however it ended) and `self.observe` watches it."""
        call = self.ledger.call(path)
        try:
            yield call.observing(self.observe)
        finally:
            call.finish()

    async def _refuse(self, sink: ResponseSink, info: RequestInfo, live: BodySource, error: ConnectError) -> bool:
        """A request that must not leave: its body read and dropped, `error` in the request's protocol."""
        try:
            await read_body(live, self.config.max_inspected_body)
        except BodyTooLarge:
            await sink.error(413, "request body too large")
            return False
        except PeerGone:
            return False
        content_type = Headers.coerce(info.headers).get("content-type") or ""
        if content_type.startswith("application/connect+") or content_type == "text/event-stream":
            response = render_stream_error(error, content_type=content_type)
        else:
            response = render_unary_error(error)
        try:
            await sink.whole(response.status, list(response.headers), response.body)
        except PeerGone:
            return False
        return sink.reusable

    def _side_stream_verdict(self, info: RequestInfo, body: bytes) -> Verdict:
        """A non-agent stream call goes upstream, and its request id's BidiAppends with it."""
        request_id = peek_run_sse(info.method, info.headers, body)
        if request_id is not None:
            self.runs.record(request_id, True)
        return Verdict.UPSTREAM

    # --- relayed runs --------------------------------------------------------------------------------

    def _append_verdict(self, info: RequestInfo, body: bytes) -> Verdict:
        peek = peek_bidi_append(info.method, info.headers, body, self._peek_limits)
        if peek.request_id is None:
            return Verdict.LOCAL
        if peek.starts_run:
            relayed = not self.owns_model(peek.model_id)
            if relayed:
                self.activity.run(relayed=True)
            previous = self.runs.get(peek.request_id)
            self.runs.record(peek.request_id, relayed)
            waiter = self._waiters.get(peek.request_id)
            if waiter is not None:
                waiter.decided.set()
            if relayed and previous is not True:
                log.info("request %s: model %r is not cursord's; relaying the run to %s",
                         peek.request_id, peek.model_id, info.host)
        return Verdict.UPSTREAM if self.runs.get(peek.request_id) else Verdict.LOCAL

    async def _stream_verdict(self, info: RequestInfo, body: bytes) -> Verdict:
        request_id = peek_run_sse(info.method, info.headers, body, self._peek_limits)
        if request_id is None:
            return Verdict.LOCAL
        if self.runs.get(request_id) is None:
            waiter = self._waiters.setdefault(request_id, _Waiter())
            waiter.count += 1
            try:
                with trio.move_on_after(self.config.run_decision_wait):
                    await waiter.decided.wait()
            finally:
                waiter.count -= 1
                if waiter.count == 0 and self._waiters.get(request_id) is waiter:
                    del self._waiters[request_id]
        return Verdict.UPSTREAM if self.runs.get(request_id) else Verdict.LOCAL

    # --- model lists ---------------------------------------------------------------------------------

    async def _merge(
        self, sink: ResponseSink, info: RequestInfo, body: bytes, fetch: Callable[[], Awaitable[HttpResponse | None]]
    ) -> bool:
        """cursord's model list merged with the upstream's (`fetch`: the same request, whole, upstream)."""
        ours = await capture(self.app, info, body)
        theirs: HttpResponse | None = None
        path, _ = split_target(info.target)
        call = self.ledger.call(path)
        try:
            with trio.move_on_after(self.config.merge_timeout):
                theirs = await fetch()
            if theirs is not None:
                call.whole(len(body), len(theirs.body))
        finally:
            call.finish()
        if theirs is None:
            log.debug("%s: upstream gave no model list; answering cursord's alone", info.target)
        merged = merge_model_responses(path, info.method, info.headers, ours, theirs)
        try:
            await sink.whole(merged.status, list(merged.headers), merged.body)
        except PeerGone:
            return False
        return sink.reusable

    # --- plain HTTP ----------------------------------------------------------------------------------

    async def _plain(self, client: H11Stream, first: h11.Request) -> None:
        async with trio.open_nursery() as nursery:
            await nursery.start(client.run_reader)
            upstreams = Upstreams(nursery, self.connector)
            try:
                request: h11.Request = first
                while True:
                    if not await self._plain_one(client, request, upstreams):
                        return
                    client.conn.start_next_cycle()
                    event: h11.Event | type[h11.PAUSED] | None = None
                    with trio.move_on_after(self.config.idle_timeout):
                        event = await client.next_event()
                    if not isinstance(event, h11.Request):
                        return
                    request = event
            finally:
                await upstreams.aclose()
                await client.close()
                nursery.cancel_scope.cancel()

    async def _plain_one(self, client: H11Stream, request: h11.Request, upstreams: Upstreams) -> bool:
        if self.config.offline:
            await send_error(client, 403, "cursord is offline: it forwards nothing")
            return False
        if request.method == b"CONNECT":
            await send_error(client, 400, "CONNECT must be the first request on a proxy connection")
            return False
        url = urlsplit(request.target.decode("latin-1"))
        if url.scheme.lower() != "http" or not url.hostname:
            await send_error(
                client, 400, "this is an HTTP proxy: send CONNECT for https, or an absolute http:// URL"
            )
            return False
        port = url.port or 80
        if port != 80 and port not in self.config.allowed_ports:
            await send_error(client, 403, _port_refused(port, self.config.allowed_ports | {80}))
            return False
        target = (url.path or "/") + (f"?{url.query}" if url.query else "")
        headers = [
            (name, value)
            for name, value in request.headers.raw_items()
            if name.lower() not in _HOP_BY_HOP_PROXY_HEADERS
        ]
        return await forward(
            request, LiveBody(client), client, upstreams,
            host=url.hostname, port=port, tls=False, target=target.encode("latin-1"), headers=headers,
            observe=self.observe,
        )


# --- helpers ---------------------------------------------------------------------------------------------


async def _connect_upstream(
    context: ssl.SSLContext,
    overrides: Mapping[str, tuple[str, int]],
    connect_timeout: float,
    host: str,
    port: int,
    tls: bool,
) -> trio.abc.Stream:
    return await open_upstream_stream(
        host, port, tls, ssl_context=context, overrides=overrides, connect_timeout=connect_timeout
    )


def _port_refused(port: int, allowed: frozenset[int]) -> str:
    ports = ", ".join(str(p) for p in sorted(allowed))
    return f"port {port} is not one this proxy connects to ({ports}; see the proxy_ports setting)"


def _parse_authority(text: str) -> tuple[str, int] | None:
    host, sep, port_text = text.rpartition(":")
    if not sep or not (port_text.isascii() and port_text.isdigit()) or not host:
        return None
    port = int(port_text)
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not 0 < port < 65536 or not host:
        return None
    return host, port


async def _tunnel(client: trio.abc.Stream, upstream: trio.abc.Stream, leftover: bytes) -> None:
    """Bytes both ways until both directions end (EOF is passed on as a half-close where possible)."""

    async def one_way(source: trio.abc.Stream, sink: trio.abc.Stream, first: bytes) -> None:
        try:
            if first:
                await sink.send_all(first)
            while data := await source.receive_some(1 << 16):
                await sink.send_all(data)
            if isinstance(sink, trio.abc.HalfCloseableStream):
                await sink.send_eof()
                return
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass
        nursery.cancel_scope.cancel()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(one_way, client, upstream, leftover)
        nursery.start_soon(one_way, upstream, client, b"")
