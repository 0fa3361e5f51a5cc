"""Running cursord's ASGI app for one request that arrived inside a decrypted tunnel.

Theory of operation. The proxy has parsed the request head itself (it routes per request), so instead
of a second HTTP server this is a minimal ASGI 3 server for exactly one request, answering on a
`ResponseSink` (`H11Response` over the client's `H11Stream`, or `h2_intercept.H2Response` on one HTTP/2
stream): `receive` hands out the body (`http.request` chunks), then blocks until the response is
complete or the client goes away and answers `http.disconnect` (RunSSE learns of disconnects
only this way). `send` writes the response as it comes: the head with the first body
message, every body message as its own write (h11 `Data`, or HTTP/2 DATA; a RunSSE response streams;
cursord already batches pending frames into one send), the end when `more_body` is false. Over
HTTP/1.1 a response without a content-length goes out chunked. Writes after the client went away are
dropped, as Hypercorn does.

`capture` runs the app the same way into memory, for answers the proxy merges with upstream's.

Every scope built here carries `PROXIED_EXTENSION`: these requests came through a TLS tunnel to a
Cursor host, so the app's Host/Origin check for its own listener (`cursord.server.host_policy`) does
not apply to them (their Host is `api2.cursor.sh`, and the editor's renderer may send an Origin).
"""

from __future__ import annotations

import abc
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import attrs
import h11
import trio

from cursord.connect import HttpResponse
from cursord.proxy.forward import send_error
from cursord.proxy.wire import BodySource, H11Stream, PeerGone
from cursord.server import PROXIED_EXTENSION

log = logging.getLogger(__name__)

__all__ = ["ASGIApp", "H11Response", "RequestInfo", "ResponseSink", "capture", "serve_asgi"]

ASGIApp = Callable[[Any, Any, Any], Awaitable[None]]


@attrs.frozen
class RequestInfo:
    """The parts of the request head the scope is built from."""

    method: str
    target: bytes
    headers: list[tuple[bytes, bytes]]  # as received (names in their original case)
    host: str
    port: int
    client: tuple[str, int] | None = None
    scheme: str = "https"
    http_version: str = "1.1"

    def scope(self) -> dict[str, Any]:
        path, _, query = self.target.partition(b"?")
        return {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": self.http_version,
            "method": self.method,
            "scheme": self.scheme,
            "path": path.decode("latin-1"),
            "raw_path": path,
            "query_string": query,
            "root_path": "",
            "headers": [(name.lower(), value) for name, value in self.headers],
            "client": self.client,
            "server": (self.host, self.port),
            "extensions": {PROXIED_EXTENSION: {}},
        }


HeaderList = list[tuple[bytes, bytes]]


class InvalidResponse(Exception):
    """The app's response cannot be sent on this protocol."""


class ResponseSink(abc.ABC):
    """Where one response goes: an HTTP/1.1 connection, or one HTTP/2 stream."""

    #: set once the client went away (or reset the stream).
    gone: trio.Event

    @abc.abstractmethod
    async def write(self, head: tuple[int, HeaderList] | None, chunk: bytes, end: bool) -> None:
        """The head (first time), a body chunk, and the end; PeerGone or InvalidResponse."""

    @abc.abstractmethod
    async def abort(self, head_sent: bool) -> None:
        """The response cannot be completed: a 500 if nothing was sent, else cut it (close or reset)."""

    @abc.abstractmethod
    async def error(self, status: int, message: str) -> None:
        """A plain-text error response from the proxy itself (best effort)."""

    @property
    @abc.abstractmethod
    def reusable(self) -> bool:
        """The connection may carry another request after this response."""

    async def whole(self, status: int, headers: HeaderList, body: bytes) -> None:
        headers = [(n, v) for n, v in headers if n.lower() != b"content-length"]
        await self.write((status, [*headers, (b"content-length", str(len(body)).encode())]), body, True)


class H11Response(ResponseSink):
    def __init__(self, client: H11Stream) -> None:
        self.client = client
        self.gone = client.closed

    async def write(self, head: tuple[int, HeaderList] | None, chunk: bytes, end: bool) -> None:
        events: list[h11.Event] = []
        if head is not None:
            events.append(h11.Response(status_code=head[0], headers=head[1]))
        if chunk:
            events.append(h11.Data(data=chunk))
        if end:
            events.append(h11.EndOfMessage())
        try:
            await self.client.send(*events)
        except h11.LocalProtocolError as exc:
            raise InvalidResponse(str(exc)) from exc

    async def abort(self, head_sent: bool) -> None:
        if not head_sent and not self.client.closed.is_set():
            await _send_500(self.client)
        await self.client.close()

    async def error(self, status: int, message: str) -> None:
        await send_error(self.client, status, message)

    @property
    def reusable(self) -> bool:
        return self.client.reusable


@attrs.define
class _Exchange:
    body: BodySource
    gone: trio.Event  # the client went away
    finished: trio.Event = attrs.Factory(trio.Event)  # the response is complete
    body_done: bool = False
    status: int | None = None
    headers: list[tuple[bytes, bytes]] = attrs.Factory(list)
    head_sent: bool = False
    broken: bool = False

    async def receive(self) -> dict[str, Any]:
        if not self.body_done and not self.gone.is_set():
            try:
                chunk = await self.body.next_chunk()
            except PeerGone:
                self.gone.set()
            else:
                if chunk is None:
                    self.body_done = True
                    return {"type": "http.request", "body": b"", "more_body": False}
                return {"type": "http.request", "body": chunk, "more_body": True}
        while not (self.gone.is_set() or self.finished.is_set()):
            async with trio.open_nursery() as nursery:
                for event in (self.gone, self.finished):
                    nursery.start_soon(_wait_then_cancel, event, nursery.cancel_scope)
        return {"type": "http.disconnect"}


async def _wait_then_cancel(event: trio.Event, scope: trio.CancelScope) -> None:
    await event.wait()
    scope.cancel()


async def serve_asgi(app: ASGIApp, info: RequestInfo, body: BodySource, client: H11Stream | ResponseSink) -> bool:
    """Run `app` for one request, answering on `client`. True if the connection can carry another."""
    sink = H11Response(client) if isinstance(client, H11Stream) else client
    exchange = _Exchange(body, sink.gone)

    async def send(message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "http.response.start":
            if exchange.status is not None:
                raise RuntimeError("ASGI app sent http.response.start twice")
            exchange.status = int(message["status"])
            exchange.headers = [(bytes(n), bytes(v)) for n, v in message.get("headers", [])]
            return
        if kind != "http.response.body" or exchange.finished.is_set() or exchange.broken:
            return
        if exchange.status is None:
            raise RuntimeError("ASGI app sent a body before http.response.start")
        more = bool(message.get("more_body", False))
        head = None
        if not exchange.head_sent:
            exchange.head_sent = True
            head = (exchange.status, exchange.headers)
        try:
            if not sink.gone.is_set():
                await sink.write(head, bytes(message.get("body", b"")), not more)
        except PeerGone:
            log.debug("%s: client went away during the response", info.target)
        except InvalidResponse:
            log.exception("%s: the app's response cannot be sent", info.target)
            exchange.broken = True
        except BaseException:
            exchange.broken = True  # cancelled mid-write: the stream's state is unknown, never reuse it
            raise
        finally:
            # Only now: `http.disconnect` wakes the app's disconnect watcher, which may cancel this very send.
            if not more:
                exchange.finished.set()

    try:
        await app(info.scope(), exchange.receive, send)
    except Exception:
        log.exception("%s: the app failed", info.target)
    if not exchange.finished.is_set() or exchange.broken:
        await sink.abort(exchange.head_sent)
        return False
    return sink.reusable


async def _send_500(client: H11Stream) -> None:
    body = b"cursord proxy: the local handler did not answer\n"
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    with contextlib.suppress(PeerGone, h11.LocalProtocolError):
        await client.send(h11.Response(status_code=500, headers=headers), h11.Data(data=body), h11.EndOfMessage())


async def capture(app: ASGIApp, info: RequestInfo, body: bytes) -> HttpResponse:
    """Run `app` for one request with a body already read; its whole response, in memory."""
    sent_body = False
    finished = trio.Event()
    status = 500
    headers: list[tuple[bytes, bytes]] = []
    chunks: list[bytes] = []

    async def receive() -> dict[str, Any]:
        nonlocal sent_body
        if not sent_body:
            sent_body = True
            return {"type": "http.request", "body": body, "more_body": False}
        await finished.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status, headers
        if message["type"] == "http.response.start":
            status = int(message["status"])
            headers = [(bytes(n), bytes(v)) for n, v in message.get("headers", [])]
        elif message["type"] == "http.response.body":
            chunks.append(bytes(message.get("body", b"")))
            if not message.get("more_body", False):
                finished.set()

    await app(info.scope(), receive, send)
    finished.set()
    return HttpResponse(status, headers, b"".join(chunks))
