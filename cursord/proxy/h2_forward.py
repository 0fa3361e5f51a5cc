"""Forwarding one HTTP/2 client stream to the real upstream: over HTTP/2 when it speaks it, else HTTP/1.1.

Theory of operation. `H2Upstreams` belongs to one client connection. It dials with ALPN h2 + http/1.1;
an upstream that picks h2 gets one multiplexed `H2Peer` (client side, reader task in the client
connection's nursery) carrying every stream of the client connection (a second one only when the
upstream's MAX_CONCURRENT_STREAMS is reached, or the first one got a GOAWAY). An upstream that picks
http/1.1 is remembered, and its streams go over the HTTP/1.1 pool (`forward.Upstreams`), one request
per connection at a time.

`forward_stream` over HTTP/2 passes the stream through: the request head exactly as received
(pseudo-headers, `te: trailers`, `authorization`, every header in order; h2 already refused any
connection-specific header), body chunks as they come, request trailers; the response head, DATA, and
trailers (gRPC's `grpc-status`) back. Each direction is paced by flow control: a chunk is acknowledged
to its sender only once the other side took it, so nothing is buffered whole. Resets pass with their
code both ways (a client RST_STREAM resets the upstream stream, an upstream one the client's). A lost
upstream resets the affected client streams: REFUSED_STREAM for those its GOAWAY says it never
processed, INTERNAL_ERROR for the rest; the client never hangs.

Over HTTP/1.1 the same request is sent as h11 (`host` from `:authority`, chunked when the length is not
known, trailers kept), and the response comes back with the connection-specific headers dropped. A failure
before a response head reached the client is a 502; after that, a reset.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable

import attrs
import h2.errors
import h11
import trio

from cursord.connect import HttpResponse
from cursord.proxy.forward import Upstreams, fetch_whole, unreachable_text
from cursord.proxy.h2_intercept import ClientReset, H2Exchange, response_head
from cursord.proxy.h2_peer import Data, End, H2Peer, Head, Inbox, Lost, Reset, StreamGone, Trailers
from cursord.proxy.observe import CallObserver, Observe, RequestHead
from cursord.proxy.wire import BodySource, H11Stream, PeerGone
from cursord.tls import UpstreamError

log = logging.getLogger(__name__)

__all__ = ["H2Connector", "H2Upstreams", "fetch_stream", "forward_stream"]

#: (host, port) -> a TLS stream to it, handshake done, ALPN h2 and http/1.1 offered.
H2Connector = Callable[[str, int], Awaitable[trio.abc.Stream]]
Key = tuple[str, int]
HeaderList = list[tuple[bytes, bytes]]
Codes = h2.errors.ErrorCodes


@attrs.define
class H2Upstreams:
    """The upstream connections of one HTTP/2 client connection."""

    nursery: trio.Nursery
    connector: H2Connector
    h1: Upstreams
    _peers: dict[Key, list[H2Peer]] = attrs.Factory(dict)
    _h1_only: set[Key] = attrs.Factory(set)
    _locks: dict[Key, trio.Lock] = attrs.Factory(dict)

    async def acquire(self, host: str, port: int) -> H2Peer | H11Stream:
        """An HTTP/2 connection with room for a stream, or an HTTP/1.1 one; UpstreamError if none."""
        key = (host.lower(), port)
        if key in self._h1_only:
            peer, _ = await self.h1.acquire(host, port, True)
            return peer
        async with self._locks.setdefault(key, trio.Lock()):
            peers = self._peers.setdefault(key, [])
            peers[:] = [p for p in peers if not p.closed.is_set()]
            for existing in peers:
                if existing.can_open():
                    return existing
            stream = await self.connector(host, port)
            if isinstance(stream, trio.SSLStream) and stream.selected_alpn_protocol() != "h2":
                log.debug("upstream %s:%d speaks HTTP/1.1 only", host, port)
                self._h1_only.add(key)
                h1 = H11Stream.client(stream)
                await self.nursery.start(h1.run_reader)
                return h1
            h2_peer = H2Peer.client(stream)
            await self.nursery.start(h2_peer.run_reader)
            peers.append(h2_peer)
            return h2_peer

    async def aclose(self) -> None:
        peers, self._peers = self._peers, {}
        for group in peers.values():
            for peer in group:
                await peer.goodbye()
        await self.h1.aclose()


async def forward_stream(
    exchange: H2Exchange,
    body: BodySource,
    upstreams: H2Upstreams,
    *,
    host: str,
    port: int,
    unreachable: Callable[[], Awaitable[bool]] | None = None,
    observe: Observe | None = None,
) -> None:
    """Forward `exchange` (its head, then `body`) to `host:port` and its answer back; `observe` watches it
    once its head went upstream (`cursord.proxy.observe`)."""
    for attempt in range(2):
        try:
            upstream = await _acquire_unless_gone(exchange, upstreams, host, port)
        except UpstreamError as exc:
            log.info("upstream %s:%d: %s", host, port, exc)
            if unreachable is not None and not attempt:
                await unreachable()
            else:
                await exchange.response.error(502, unreachable_text(host))
            return
        if upstream is None:
            return  # the client reset the stream (or left) while the connection was being made
        if not isinstance(upstream, H2Peer):
            await _over_h11(exchange, body, upstream, upstreams.h1, host, port, observe)
            return
        try:
            inbox = await upstream.open_stream(list(exchange.headers), end_stream=exchange.end_stream)
        except StreamGone as exc:  # the connection went, or filled up, since it was picked: one more try
            log.info("cannot open a stream to %s: %s", host, exc)
            continue
        observer = None if observe is None else observe(_request_head(exchange, host))
        await _over_h2(exchange, body, upstream, inbox, observer)
        return
    await exchange.response.error(502, f"{host} closed the connection before answering")


def _request_head(exchange: H2Exchange, host: str) -> RequestHead:
    method = exchange.pseudo(b":method").decode("ascii", "replace")
    return RequestHead(host, method, exchange.pseudo(b":path"), "2", exchange.regular_headers())


def _regular(headers: HeaderList) -> HeaderList:
    return [(name, value) for name, value in headers if not name.startswith(b":")]


async def _acquire_unless_gone(
    exchange: H2Exchange, upstreams: H2Upstreams, host: str, port: int
) -> H2Peer | H11Stream | None:
    """An upstream connection, or None if the client's stream went away first (a reset flood must not
    wait on connects)."""
    result: H2Peer | H11Stream | None = None
    failure: UpstreamError | None = None
    async with trio.open_nursery() as nursery:
        nursery.start_soon(_cancel_when, exchange.inbox.gone, nursery.cancel_scope)
        try:
            result = await upstreams.acquire(host, port)
        except UpstreamError as exc:  # raised from here, not from inside the nursery's exception group
            failure = exc
        nursery.cancel_scope.cancel()
    if failure is not None:
        raise failure
    if exchange.inbox.gone.is_set() and isinstance(result, H11Stream):
        await upstreams.h1.release(host, port, True, result)
    return None if exchange.inbox.gone.is_set() else result


async def fetch_stream(
    upstreams: H2Upstreams, headers: HeaderList, body: bytes, *, host: str, port: int, limit: int
) -> HttpResponse | None:
    """One whole request/response with the upstream (the head of an HTTP/2 request, `body` with a
    content-length), in memory; None on any failure or past `limit` bytes."""
    head = [(n, v) for n, v in headers if n != b"content-length"] + [(b"content-length", b"%d" % len(body))]
    try:
        upstream = await upstreams.acquire(host, port)
    except UpstreamError as exc:
        log.debug("%s from %s: %s", dict(head).get(b":path"), host, exc)
        return None
    if isinstance(upstream, H11Stream):
        await upstream.close()
        request = h11.Request(
            method=dict(head)[b":method"], target=dict(head)[b":path"],
            headers=[(b"host", dict(head).get(b":authority", host.encode()))]
            + [(n, v) for n, v in head if not n.startswith(b":")],
        )
        return await fetch_whole(upstreams.h1, request, body, host, port, limit)
    try:
        inbox = await upstream.open_stream(head, end_stream=not body)
    except StreamGone:
        return None
    status, response_headers, chunks, size = 0, [], [], 0
    try:
        if body:
            await upstream.send_data(inbox.stream_id, body, end_stream=True)
        while True:
            item = await inbox.receive.receive()
            if isinstance(item, Head) and not item.informational:
                status = int(dict(item.headers).get(b":status", b"0"))
                response_headers = [(n, v) for n, v in item.headers if not n.startswith(b":")]
            elif isinstance(item, Data):
                chunks.append(item.data)
                size += len(item.data)
                await upstream.acknowledge(inbox, item.flow_length)
                if size > limit:
                    return None
            elif isinstance(item, End):
                return HttpResponse(status, response_headers, b"".join(chunks))
            elif isinstance(item, Reset | Lost):
                return None
    except (StreamGone, trio.EndOfChannel):
        return None
    finally:
        upstream.forget(inbox)
        await _reset_if_open(upstream, inbox.stream_id)


async def _reset_if_open(upstream: H2Peer, stream_id: int) -> None:
    stream = upstream.conn.streams.get(stream_id)
    if stream is not None and not stream.closed and not upstream.closed.is_set():
        await upstream.reset(stream_id, Codes.CANCEL)


# --- HTTP/2 to HTTP/2 --------------------------------------------------------------------------------


@attrs.define
class _Pass:
    exchange: H2Exchange
    body: BodySource
    upstream: H2Peer
    inbox: Inbox  # the upstream stream's
    scope: trio.CancelScope
    observer: CallObserver | None
    uploaded: trio.Event = attrs.Factory(trio.Event)  # the upload is over, whole or not
    body_sent: bool = False

    @property
    def client(self) -> H2Peer:
        return self.exchange.peer

    async def upload(self) -> None:
        up = self.inbox.stream_id
        try:
            if not self.exchange.end_stream:
                while (chunk := await self.body.next_chunk()) is not None:
                    await self.upstream.send_data(up, chunk)
                    if self.observer is not None:
                        self.observer.request_body(chunk, end=False)
                if self.body.trailers:
                    await self.upstream.send_headers(up, list(self.body.trailers), end_stream=True)
                else:
                    await self.upstream.end_stream(up)
            self.body_sent = True
            if self.observer is not None:
                self.observer.request_body(b"", end=True)
        except ClientReset as reset:
            await self.upstream.reset(up, reset.code)
            self.scope.cancel()
        except PeerGone:
            await self.upstream.reset(up, Codes.CANCEL)
            self.scope.cancel()
        except StreamGone:
            pass  # the upstream stream ended or was reset: the download passes that on
        self.uploaded.set()

    async def watch_client(self) -> None:
        """The client reset its stream or went away: reset the upstream stream with the same code."""
        await self.exchange.inbox.gone.wait()
        code = self.exchange.inbox.reset_code
        await self.upstream.reset(self.inbox.stream_id, Codes.CANCEL if code is None else code)
        self.scope.cancel()

    async def download(self) -> bool:
        """The response, down to the client; True if it ended normally (an upload may still be going)."""
        sid = self.exchange.stream_id
        ended = False
        while True:
            try:
                item = await self.inbox.receive.receive()
            except (trio.EndOfChannel, trio.ClosedResourceError):
                item = Lost("the upstream stream is gone")
            if isinstance(item, Head):
                await self.client.send_headers(sid, item.headers, end_stream=item.end_stream)
                ended = ended or item.end_stream
                if self.observer is not None and not item.informational:
                    self._observe_head(item)
            elif isinstance(item, Data):
                if item.data:
                    await self.client.send_data(sid, item.data)
                    if self.observer is not None:
                        self.observer.response_body(item.data, end=False)
                await self.upstream.acknowledge(self.inbox, item.flow_length)
            elif isinstance(item, Trailers):
                await self.client.send_headers(sid, item.headers, end_stream=True)
                ended = True
                if self.observer is not None:
                    self.observer.response_body(b"", end=True)
            elif isinstance(item, End):
                if not ended:
                    await self.client.end_stream(sid)
                    if self.observer is not None:
                        self.observer.response_body(b"", end=True)
                return True
            elif isinstance(item, Reset):
                await self.client.reset(sid, item.code)
                if self.observer is not None:
                    self.observer.ended_early()
                return False
            else:
                code = Codes.REFUSED_STREAM if item.unprocessed else Codes.INTERNAL_ERROR
                log.info("upstream stream for %s lost (%s): resetting the client's", sid, item.reason)
                await self.client.reset(sid, code)
                if self.observer is not None:
                    self.observer.ended_early()
                return False

    def _observe_head(self, head: Head) -> None:
        assert self.observer is not None
        status = int(dict(head.headers).get(b":status", b"0"))
        self.observer.response_head(status, _regular(head.headers))
        if head.end_stream:
            self.observer.response_body(b"", end=True)

    async def after_response(self) -> None:
        """The response is complete and a bidi upload may go on: until it ends, an upstream reset (NO_ERROR
        is "stop sending") or loss still reaches the client, so the client is never left uploading into
        nothing."""
        async with trio.open_nursery() as nursery:
            nursery.start_soon(_cancel_when, self.uploaded, nursery.cancel_scope)
            nursery.start_soon(_cancel_when, self.inbox.gone, nursery.cancel_scope)
        if not self.body_sent:
            code = self.inbox.reset_code
            await self.client.reset(self.exchange.stream_id, Codes.INTERNAL_ERROR if code is None else code)


async def _over_h2(
    exchange: H2Exchange, body: BodySource, upstream: H2Peer, inbox: Inbox, observer: CallObserver | None
) -> None:
    try:
        async with trio.open_nursery() as nursery:
            flow = _Pass(exchange, body, upstream, inbox, nursery.cancel_scope, observer)
            nursery.start_soon(flow.watch_client)
            nursery.start_soon(flow.upload)
            try:
                completed = await flow.download()
            except StreamGone:  # the client's stream: the watcher resets the upstream one
                if observer is not None:
                    observer.ended_early()
                await exchange.inbox.gone.wait()
                completed = False
            if completed:
                await flow.after_response()
            nursery.cancel_scope.cancel()  # a reset either way ends the upload where it is
    finally:
        upstream.forget(inbox)
        await _reset_if_open(upstream, inbox.stream_id)


# --- HTTP/2 to HTTP/1.1 ------------------------------------------------------------------------------

_H1_DROPPED = frozenset({b"connection", b"keep-alive", b"proxy-connection", b"transfer-encoding", b"upgrade"})


def _h11_request(exchange: H2Exchange) -> h11.Request:
    headers = exchange.regular_headers()
    names = {name for name, _ in headers}
    if not exchange.end_stream and b"content-length" not in names:
        headers.append((b"transfer-encoding", b"chunked"))
    return h11.Request(method=exchange.pseudo(b":method"), target=exchange.pseudo(b":path"), headers=headers)


@attrs.define
class _H11Relay:
    """One HTTP/2 stream's exchange with an HTTP/1.1 upstream: the request body up, the response events down,
    and what the observer is told of each."""

    exchange: H2Exchange
    upstream: H11Stream
    observer: CallObserver | None = None
    started: bool = False  # the response head went to the client
    done: bool = False  # the whole response went to the client

    async def upload(self, body: BodySource) -> None:
        with contextlib.suppress(PeerGone, h11.LocalProtocolError):
            while (chunk := await body.next_chunk()) is not None:
                await self.upstream.send(h11.Data(data=chunk))
                if self.observer is not None:
                    self.observer.request_body(chunk, end=False)
            await self.upstream.send(h11.EndOfMessage(headers=list(body.trailers)))
            if self.observer is not None:
                self.observer.request_body(b"", end=True)

    async def relay(self, event: object) -> None:
        """Send one upstream event on to the client."""
        client, sid = self.exchange.peer, self.exchange.stream_id
        if isinstance(event, h11.InformationalResponse):
            return  # 1xx over HTTP/1.1 (never a 101 here: h2 has no Upgrade)
        if isinstance(event, h11.Response):
            head = response_head(event.status_code, list(event.headers.raw_items()))
            await client.send_headers(sid, head)
            self.started = True
            if self.observer is not None:
                self.observer.response_head(event.status_code, _regular(head))
        elif isinstance(event, h11.Data):
            data = bytes(event.data)
            await client.send_data(sid, data)
            if self.observer is not None:
                self.observer.response_body(data, end=False)
        elif isinstance(event, h11.EndOfMessage):
            trailers = [(n.lower(), v) for n, v in event.headers.raw_items() if n.lower() not in _H1_DROPPED]
            if trailers:
                await client.send_headers(sid, trailers, end_stream=True)
            else:
                await client.end_stream(sid)
            self.done = True
            if self.observer is not None:
                self.observer.response_body(b"", end=True)
        else:
            raise PeerGone("upstream closed the connection mid-response")


async def _over_h11(
    exchange: H2Exchange,
    body: BodySource,
    upstream: H11Stream,
    pool: Upstreams,
    host: str,
    port: int,
    observe: Observe | None,
) -> None:
    relay = _H11Relay(exchange, upstream)
    try:
        await upstream.send(_h11_request(exchange))
        if observe is not None:
            relay.observer = observe(_request_head(exchange, host))
            if relay.observer is not None and exchange.end_stream:
                relay.observer.request_body(b"", end=True)
        async with trio.open_nursery() as nursery:
            if not exchange.end_stream:
                nursery.start_soon(relay.upload, body)
            nursery.start_soon(_cancel_when, exchange.inbox.gone, nursery.cancel_scope)
            while not relay.done:
                await relay.relay(await upstream.next_event())
            nursery.cancel_scope.cancel()
    except (PeerGone, h11.LocalProtocolError, StreamGone) as exc:
        log.debug("forwarding stream %d to %s over HTTP/1.1: %s", exchange.stream_id, host, exc)
    if relay.done and not exchange.inbox.gone.is_set():
        await pool.release(host, port, True, upstream)
        return
    if relay.observer is not None and not relay.done:
        relay.observer.ended_early()
    await upstream.close()
    if not relay.started and not exchange.inbox.gone.is_set():
        await exchange.response.error(502, f"{host} closed the connection before answering")
    elif not exchange.inbox.gone.is_set():
        await exchange.peer.reset(exchange.stream_id, Codes.INTERNAL_ERROR)


async def _cancel_when(event: trio.Event, scope: trio.CancelScope) -> None:
    await event.wait()
    scope.cancel()
