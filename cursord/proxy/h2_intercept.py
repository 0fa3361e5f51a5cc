"""Serving one intercepted HTTP/2 client connection: each stream becomes an `H2Exchange` for the router.

Theory of operation. `serve_h2` runs an `H2Peer` (server side) over the decrypted stream and starts one
task per request stream in the connection's nursery; the task builds an `H2Exchange` (the request head,
its body as a `BodySource`, a `ResponseSink` for the answer) and awaits the injected `handler`, which
routes it exactly as an HTTP/1.1 request is routed. Whatever the handler leaves unfinished is cleaned up
when it returns: a response it never ended is reset (INTERNAL_ERROR), a request body still arriving
after a complete response is stopped with RST_STREAM(NO_ERROR) (RFC 9113 §8.1), and the stream's
unread bytes are handed back to the connection window.

Hostile-client limits (issue 17 on this path): MAX_CONCURRENT_STREAMS is advertised and h2 enforces it
(a client that opens more loses the connection with GOAWAY PROTOCOL_ERROR); a reset stream leaves the
tables at once (`H2Peer`); a connection with no open stream for `idle_timeout` (from its start, or from
its last stream's end) gets GOAWAY and is closed.
"""

from __future__ import annotations

import contextlib
import logging
import math
from collections.abc import Awaitable, Callable

import attrs
import h2.errors
import h2.stream
import trio

from cursord.proxy.asgi_bridge import ResponseSink
from cursord.proxy.h2_peer import Data, End, H2Peer, Head, Inbox, Lost, Reset, StreamGone, Trailers
from cursord.proxy.wire import BodySource, PeerGone

log = logging.getLogger(__name__)

__all__ = ["ClientReset", "H2Body", "H2Exchange", "H2Response", "response_head", "serve_h2"]

HeaderList = list[tuple[bytes, bytes]]

#: connection-specific headers, which HTTP/2 forbids (`te` is allowed only as "trailers", on requests).
HOP_BY_HOP = frozenset(
    {b"connection", b"keep-alive", b"proxy-connection", b"transfer-encoding", b"upgrade", b"host", b"te"}
)
#: how long the streams of a connection that ended get to finish before they are cancelled.
CLOSE_GRACE = 5.0


class ClientReset(PeerGone):
    """The client reset its stream with `code`."""

    def __init__(self, code: int) -> None:
        super().__init__(f"the client reset the stream ({code})")
        self.code = code


def response_head(status: int, headers: HeaderList) -> HeaderList:
    """An HTTP/2 response head: `:status`, then the headers lower-cased, connection-specific ones dropped."""
    head = [(b":status", str(status).encode())]
    for name, value in headers:
        name = name.lower()
        if name not in HOP_BY_HOP:
            head.append((name, value))
    return head


class H2Body(BodySource):
    """A client stream's request body. A chunk is acknowledged (its window handed back) when the next one
    is asked for, so the client sends no faster than the consumer passes the bytes on."""

    def __init__(self, peer: H2Peer, inbox: Inbox, ended: bool = False) -> None:
        self._peer = peer
        self._inbox = inbox
        self._pending = 0
        self.trailers = []
        self.done = ended

    async def next_chunk(self) -> bytes | None:
        if self._pending:
            pending, self._pending = self._pending, 0
            await self._peer.acknowledge(self._inbox, pending)
        while not self.done:
            try:
                item = await self._inbox.receive.receive()
            except (trio.EndOfChannel, trio.ClosedResourceError):
                raise PeerGone("the stream is gone") from None
            if isinstance(item, Data):
                if item.data:
                    self._pending = item.flow_length
                    return item.data
                await self._peer.acknowledge(self._inbox, item.flow_length)
            elif isinstance(item, Trailers):
                self.trailers = item.headers
            elif isinstance(item, End):
                self.done = True
            elif isinstance(item, Reset):
                raise ClientReset(item.code)
            elif isinstance(item, Lost):
                raise PeerGone(item.reason)
        return None


class H2Response(ResponseSink):
    """The response on one client stream."""

    def __init__(self, peer: H2Peer, inbox: Inbox) -> None:
        self.peer = peer
        self.stream_id = inbox.stream_id
        self.gone = inbox.gone
        self.ended = False

    async def write(self, head: tuple[int, HeaderList] | None, chunk: bytes, end: bool) -> None:
        try:
            if head is not None:
                await self.peer.send_headers(self.stream_id, response_head(*head), end_stream=end and not chunk)
            if chunk:
                await self.peer.send_data(self.stream_id, chunk, end_stream=end)
            elif end and head is None:
                await self.peer.end_stream(self.stream_id)
        except StreamGone as exc:
            raise PeerGone(str(exc)) from None
        if end:
            self.ended = True

    async def abort(self, head_sent: bool) -> None:
        if not head_sent and not self.gone.is_set():
            with contextlib.suppress(PeerGone):
                body = b"cursord proxy: the local handler did not answer\n"
                await self.write((500, [(b"content-type", b"text/plain; charset=utf-8")]), body, True)
                return
        await self.peer.reset(self.stream_id, h2.errors.ErrorCodes.INTERNAL_ERROR)

    async def error(self, status: int, message: str) -> None:
        body = f"cursord proxy: {message}\n".encode()
        with contextlib.suppress(PeerGone):
            await self.write((status, [(b"content-type", b"text/plain; charset=utf-8")]), body, True)

    @property
    def reusable(self) -> bool:
        return True


@attrs.define(eq=False)
class H2Exchange:
    """One request stream of the client: its head, body and response."""

    peer: H2Peer
    inbox: Inbox
    headers: HeaderList  # as received, pseudo-headers first
    end_stream: bool
    body: H2Body
    response: H2Response

    def pseudo(self, name: bytes) -> bytes:
        for key, value in self.headers:
            if key == name:
                return value
        return b""

    @property
    def stream_id(self) -> int:
        return self.inbox.stream_id

    def regular_headers(self) -> HeaderList:
        """The headers without pseudo-headers, with `host` from `:authority` first (as Hypercorn does)."""
        headers = [(b"host", self.pseudo(b":authority"))] if self.pseudo(b":authority") else []
        headers.extend((n, v) for n, v in self.headers if not n.startswith(b":"))
        return headers


Handler = Callable[[H2Exchange], Awaitable[None]]


async def serve_h2(
    stream: trio.abc.Stream,
    handler: Handler,
    *,
    max_streams: int,
    idle_timeout: float,
    first_stream_timeout: float | None = None,
    label: str = "",
) -> None:
    """Serve HTTP/2 on `stream` until the client leaves or stays idle for `idle_timeout` (before its first
    stream: `first_stream_timeout`, if given); never raises for what the client does."""
    async with trio.open_nursery() as nursery:
        first = idle_timeout if first_stream_timeout is None else first_stream_timeout
        idle = trio.CancelScope(deadline=trio.current_time() + first)
        active = 0
        finished = trio.Event()

        async def one_stream(inbox: Inbox) -> None:
            nonlocal active, finished
            try:
                await _run_stream(peer, inbox, handler)
            except Exception:
                log.exception("HTTP/2 stream %d of %s failed", inbox.stream_id, label)
                await peer.reset(inbox.stream_id, h2.errors.ErrorCodes.INTERNAL_ERROR)
            finally:
                peer.forget(inbox)
                active -= 1
                if active == 0:
                    idle.deadline = trio.current_time() + idle_timeout
                    finished.set()
                    finished = trio.Event()

        def on_stream(inbox: Inbox) -> None:
            nonlocal active
            active += 1
            idle.deadline = math.inf
            nursery.start_soon(one_stream, inbox)

        peer = H2Peer.server(stream, on_stream, max_streams)
        await nursery.start(peer.run_reader)
        with idle:
            await peer.closed.wait()
        if idle.cancelled_caught:
            log.debug("HTTP/2 connection %s idle for %g s: closing it", label, idle_timeout)
        await peer.goodbye()
        with trio.move_on_after(CLOSE_GRACE):
            while active:
                await finished.wait()
        nursery.cancel_scope.cancel()


async def _run_stream(peer: H2Peer, inbox: Inbox, handler: Handler) -> None:
    first = await inbox.receive.receive()
    if not isinstance(first, Head):
        return
    exchange = H2Exchange(
        peer, inbox, first.headers, first.end_stream, H2Body(peer, inbox, False), H2Response(peer, inbox)
    )
    try:
        await handler(exchange)
    finally:
        await _settle(peer, inbox.stream_id)


async def _settle(peer: H2Peer, stream_id: int) -> None:
    """After the handler: reset a response it left open, stop a body nobody reads any more."""
    stream = peer.conn.streams.get(stream_id)
    if stream is None or peer.closed.is_set():
        return
    state = stream.state_machine.state
    if state in (h2.stream.StreamState.OPEN, h2.stream.StreamState.HALF_CLOSED_REMOTE):
        await peer.reset(stream_id, h2.errors.ErrorCodes.INTERNAL_ERROR)
    elif state is h2.stream.StreamState.HALF_CLOSED_LOCAL:
        await peer.reset(stream_id, h2.errors.ErrorCodes.NO_ERROR)
