"""Forwarding one request to the real upstream and streaming its response back, untouched.

Theory of operation. An `Upstreams` belongs to one client connection and keeps at most one idle
HTTP/1.1 connection per upstream (host, port, tls): the editor's keep-alive connection through the proxy
maps onto one keep-alive connection to Cursor. Each upstream connection is an `H11Stream` whose reader
task runs in the client connection's nursery, so an upstream that closes while idle is noticed
(`closed`) and not reused.

`forward` sends the request head exactly as received (header names in their case, `authorization`
and every other header included; the framing headers are kept, so a chunked body stays chunked and its
trailers go along) and then, at the same time, pumps the request body up and the response down:
informational responses, the head, every `Data` as it arrives, the trailers. Statuses are never
rewritten. A 101 switches both connections to a raw byte pipe (WebSocket and friends). If the client
goes away mid-response the upstream connection is dropped, so the upstream sees the cancel too.

Failures before any response byte reached the client become a 502 with a plain-text reason (the
client connection is then closed, since its request body may be half read); after that, the client
connection is closed so the client sees a truncated response, never a wrong one.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable

import attrs
import h11
import trio

from cursord.connect import HttpResponse
from cursord.proxy.observe import CallObserver, Observe, RequestHead
from cursord.proxy.wire import BodySource, H11Stream, PeerGone
from cursord.tls import UpstreamError, open_upstream_stream

log = logging.getLogger(__name__)

__all__ = [
    "Connector",
    "UpstreamError",
    "Upstreams",
    "fetch_whole",
    "forward",
    "open_upstream_stream",
    "send_error",
]

_FRAMING = frozenset({b"content-length", b"transfer-encoding"})

#: (host, port, tls) -> a connected (and, with tls, handshaken) stream.
Connector = Callable[[str, int, bool], Awaitable[trio.abc.Stream]]
Key = tuple[str, int, bool]



@attrs.define
class Upstreams:
    """The upstream connections of one client connection (at most one idle per key)."""

    nursery: trio.Nursery
    connector: Connector
    _idle: dict[Key, H11Stream] = attrs.Factory(dict)

    async def acquire(self, host: str, port: int, tls: bool) -> tuple[H11Stream, bool]:
        """An idle connection to reuse (flag True) or a new one; UpstreamError if none can be made."""
        key = (host.lower(), port, tls)
        peer = self._idle.pop(key, None)
        if peer is not None and peer.reusable:
            peer.conn.start_next_cycle()
            return peer, True
        if peer is not None:
            await peer.close()
        stream = await self.connector(host, port, tls)
        peer = H11Stream.client(stream)
        await self.nursery.start(peer.run_reader)
        return peer, False

    async def release(self, host: str, port: int, tls: bool, peer: H11Stream) -> None:
        key = (host.lower(), port, tls)
        if not peer.reusable or key in self._idle:
            await peer.close()
            return
        self._idle[key] = peer

    async def aclose(self) -> None:
        idle, self._idle = self._idle, {}
        for peer in idle.values():
            await peer.close()


def unreachable_text(host: str) -> str:
    """What a client is told when an upstream cannot be reached: the same words however it failed (refused,
    timed out, TLS), so that the proxy cannot be used to tell closed ports from filtered ones. The cause
    goes to the log."""
    return f"cannot reach {host}"


async def send_error(client: H11Stream, status: int, message: str) -> None:
    """A plain-text error response that closes the connection (best effort)."""
    body = f"cursord proxy: {message}\n".encode()
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    with contextlib.suppress(PeerGone, h11.LocalProtocolError):
        await client.send(h11.Response(status_code=status, headers=headers), h11.Data(data=body), h11.EndOfMessage())
    await client.close()


@attrs.define
class _Progress:
    request_done: trio.Event = attrs.Factory(trio.Event)
    response_started: bool = False
    response_done: bool = False
    switched: bool = False


#: how long a finished response waits for the request body's end to pass through, so that both
#: connections stay reusable (an upstream may answer before the last, empty, chunk went up).
REQUEST_END_GRACE = 1.0


async def forward(
    request: h11.Request,
    body: BodySource,
    client: H11Stream,
    upstreams: Upstreams,
    *,
    host: str,
    port: int,
    tls: bool,
    target: bytes | None = None,
    headers: list[tuple[bytes, bytes]] | None = None,
    unreachable: Callable[[], Awaitable[bool]] | None = None,
    observe: Observe | None = None,
) -> bool:
    """Send `request` (with `body`) upstream and stream the response to `client`.

    `target` and `headers` replace the request's (the plain-HTTP proxy rewrites absolute-form targets).
    `unreachable` answers instead when the upstream cannot be reached at all (nothing of the request was
    read or sent yet); without it the client gets a 502. `observe` watches the exchange once its head went
    upstream (`cursord.proxy.observe`). Returns True if the client connection can carry
    another request.
    """
    outgoing = h11.Request(
        method=request.method,
        target=target if target is not None else request.target,
        headers=headers if headers is not None else list(request.headers.raw_items()),
        http_version="1.1",
    )
    upstream: H11Stream | None = None
    for attempt in range(2):
        try:
            upstream, reused = await upstreams.acquire(host, port, tls)
        except UpstreamError as exc:
            log.info("upstream %s:%d: %s", host, port, exc)
            if unreachable is not None and not attempt:
                return await unreachable()
            await send_error(client, 502, unreachable_text(host))
            return False
        try:
            await upstream.send(outgoing)
            break
        except (PeerGone, h11.LocalProtocolError) as exc:
            await upstream.close()
            if not reused or attempt:  # a pooled connection that went stale gets one fresh retry
                await send_error(client, 502, f"cannot send the request to {host}: {exc}")
                return False
    assert upstream is not None
    observer = None
    if observe is not None:
        observer = observe(RequestHead(host, request.method.decode("ascii", "replace"), outgoing.target, "1.1",
                                       list(request.headers.raw_items())))
    progress = _Progress()
    try:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(_watch_client, client, upstream, progress, nursery.cancel_scope)
            nursery.start_soon(_pump_request, body, upstream, progress, observer)
            await _pump_response(upstream, client, progress, observer)
            if not progress.request_done.is_set():
                with trio.move_on_after(REQUEST_END_GRACE):
                    await progress.request_done.wait()
            if progress.switched:
                await _splice(client, upstream)
            nursery.cancel_scope.cancel()
    except* (PeerGone, h11.LocalProtocolError) as group:
        log.debug("forwarding %s to %s: %s", request.method.decode(), host, group.exceptions[0])
    if progress.switched or not progress.response_done:
        if observer is not None:
            observer.ended_early()
        await upstream.close()
        if not progress.response_started and not client.closed.is_set():
            await send_error(client, 502, f"{host} closed the connection before answering")
        else:
            await client.close()
        return False
    await upstreams.release(host, port, tls, upstream)
    return client.reusable


async def _watch_client(client: H11Stream, upstream: H11Stream, progress: _Progress, scope: trio.CancelScope) -> None:
    """The client went away: drop the upstream connection so the upstream sees it too."""
    await client.closed.wait()
    if not progress.response_done:
        await upstream.close()
        scope.cancel()


async def _pump_request(
    body: BodySource, upstream: H11Stream, progress: _Progress, observer: CallObserver | None
) -> None:
    try:
        while (chunk := await body.next_chunk()) is not None:
            await upstream.send(h11.Data(data=chunk))
            if observer is not None:
                observer.request_body(chunk, end=False)
        await upstream.send(h11.EndOfMessage(headers=body.trailers))
        if observer is not None:
            observer.request_body(b"", end=True)
    except PeerGone:
        # Either side went away mid-body; the response pump or the client watcher ends the exchange.
        if not progress.response_done:
            await upstream.close()
        return
    progress.request_done.set()


async def _pump_response(
    upstream: H11Stream, client: H11Stream, progress: _Progress, observer: CallObserver | None
) -> None:
    while True:
        event = await upstream.next_event()
        if isinstance(event, h11.InformationalResponse):
            progress.response_started = True
            if event.status_code == 101:
                # h11 lets the client side switch only once its request is complete.
                await progress.request_done.wait()
                progress.switched = True
            await client.send(
                h11.InformationalResponse(
                    status_code=event.status_code, headers=list(event.headers.raw_items()), reason=event.reason
                )
            )
            if progress.switched:
                return
        elif isinstance(event, h11.Response):
            progress.response_started = True
            headers = list(event.headers.raw_items())
            await client.send(h11.Response(status_code=event.status_code, headers=headers, reason=event.reason))
            if observer is not None:
                observer.response_head(event.status_code, headers)
        elif isinstance(event, h11.Data):
            data = bytes(event.data)
            await client.send(h11.Data(data=data))
            if observer is not None:
                observer.response_body(data, end=False)
        elif isinstance(event, h11.EndOfMessage):
            await client.send(h11.EndOfMessage(headers=list(event.headers.raw_items())))
            progress.response_done = True
            if observer is not None:
                observer.response_body(b"", end=True)
            return
        elif isinstance(event, h11.ConnectionClosed):
            raise PeerGone("upstream closed the connection mid-response")
        else:  # PAUSED: the upstream sent more than one response
            raise PeerGone("upstream sent an unexpected second response")


async def _splice(client: H11Stream, upstream: H11Stream) -> None:
    """After a 101: raw bytes both ways until either side closes."""

    async def pipe(source: H11Stream, sink: H11Stream) -> None:
        while data := await source.receive_raw():
            await sink.send_raw(data)

    async with trio.open_nursery() as nursery:

        async def one_way(source: H11Stream, sink: H11Stream) -> None:
            with contextlib.suppress(PeerGone):
                await pipe(source, sink)
            nursery.cancel_scope.cancel()

        nursery.start_soon(one_way, client, upstream)
        nursery.start_soon(one_way, upstream, client)


async def fetch_whole(
    upstreams: Upstreams, request: h11.Request, body: bytes, host: str, port: int, limit: int
) -> HttpResponse | None:
    """One whole request/response with the upstream over HTTP/1.1, in memory; None on any failure.
    `request` is sent with a content-length for `body` (whatever framing the client used)."""
    headers = [(n, v) for n, v in request.headers.raw_items() if n.lower() not in _FRAMING]
    request = h11.Request(
        method=request.method, target=request.target, headers=[*headers, (b"content-length", b"%d" % len(body))]
    )
    try:
        peer, _ = await upstreams.acquire(host, port, True)
    except UpstreamError as exc:
        log.debug("model list from %s: %s", host, exc)
        return None
    complete = False
    try:
        await peer.send(request, h11.Data(data=body), h11.EndOfMessage())
        status, headers, chunks, size = 0, [], [], 0
        while True:
            event = await peer.next_event()
            if isinstance(event, h11.Response):
                status, headers = event.status_code, list(event.headers.raw_items())
            elif isinstance(event, h11.Data):
                chunks.append(bytes(event.data))
                size += len(event.data)
                if size > limit:
                    return None
            elif isinstance(event, h11.EndOfMessage):
                complete = True
                return HttpResponse(status, [(n.lower(), v) for n, v in headers], b"".join(chunks))
            elif not isinstance(event, h11.InformationalResponse):
                return None
    except (PeerGone, h11.LocalProtocolError) as exc:
        log.debug("model list from %s: %s", host, exc)
        return None
    finally:
        if complete:
            await upstreams.release(host, port, True, peer)
        else:
            with trio.CancelScope(shield=True):
                await peer.close()
