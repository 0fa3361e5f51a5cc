"""A fake HTTP/2 origin ("Cursor's backend" speaking h2) for proxy tests, and a raw h2 client to drive it.

Theory of operation. `FakeH2Origin` is a trio TLS server on 127.0.0.1 (an OS-chosen port) offering ALPN h2
only, with certificates from a test CA (share the one of a `FakeOrigin` so one upstream context trusts
both). Each connection is served by the proxy's own sans-IO-backed HTTP/2 server (`serve_h2`), so each
request stream arrives as an `H2Exchange`; it is recorded (`requests`: the head exactly as received) and
handed to the handler for its path (`routes`), else `echo_h2`: a JSON body naming the head, body and
trailers, then the trailers `grpc-status: 0` and `grpc-message: ok`. `open_streams` and
`max_open_streams` count streams being handled at once; `connections` counts TLS connections.

`H2TestClient` is an `H2Peer` (client side) over a stream with its reader running: `request` opens a
stream, `collect` reads a response to its end (acknowledging as it reads) and reports how it ended.
"""

from __future__ import annotations

import json
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import attrs
import trio

from cursord.proxy import Data, End, H2Exchange, H2Peer, Head, Inbox, Lost, Reset, Trailers, serve_h2
from cursord.tls import CaPaths, CertificateAuthority, LeafCertificates, client_context

__all__ = [
    "Collected",
    "FakeH2Origin",
    "H2OriginRequest",
    "H2TestClient",
    "echo_h2",
    "open_fake_h2_origin",
    "open_h2_client",
    "read_request",
]

HeaderList = list[tuple[bytes, bytes]]
GRPC_OK: HeaderList = [(b"grpc-status", b"0"), (b"grpc-message", b"ok")]


@attrs.define
class H2OriginRequest:
    headers: HeaderList  # pseudo-headers first, as received
    body: bytes = b""
    trailers: HeaderList = attrs.Factory(list)

    def header(self, name: bytes) -> bytes | None:
        for key, value in self.headers:
            if key == name:
                return value
        return None


#: Handles one stream: read the body (`read_request`) and answer through `exchange.peer`.
H2Handler = Callable[[H2OriginRequest, H2Exchange], Awaitable[None]]


async def read_request(request: H2OriginRequest, exchange: H2Exchange) -> None:
    """The whole request body and trailers, into `request`."""
    chunks = []
    while (chunk := await exchange.body.next_chunk()) is not None:
        chunks.append(chunk)
    request.body = b"".join(chunks)
    request.trailers = list(exchange.body.trailers)


def _text(headers: HeaderList) -> list[list[str]]:
    return [[n.decode("latin-1"), v.decode("latin-1")] for n, v in headers]


async def echo_h2(request: H2OriginRequest, exchange: H2Exchange) -> None:
    await read_request(request, exchange)
    payload = json.dumps(
        {"headers": _text(request.headers), "body": request.body.decode("latin-1"), "trailers": _text(request.trailers)}
    ).encode()
    peer, sid = exchange.peer, exchange.stream_id
    await peer.send_headers(sid, [(b":status", b"200"), (b"content-type", b"application/json"),
                                  (b"x-origin", b"fake-h2"), (b"x-origin", b"twice")])
    await peer.send_data(sid, payload)
    await peer.send_headers(sid, GRPC_OK, end_stream=True)


@attrs.define(eq=False)
class FakeH2Origin:
    ca: CertificateAuthority
    certificates: LeafCertificates
    nursery: trio.Nursery
    routes: dict[str, H2Handler] = attrs.Factory(dict)
    requests: list[H2OriginRequest] = attrs.Factory(list)
    address: tuple[str, int] = ("127.0.0.1", 0)
    connections: int = 0
    open_streams: int = 0
    max_open_streams: int = 0
    max_streams: int = 1000

    def client_context(self) -> ssl.SSLContext:
        """A client context that trusts only this origin's CA and offers h2 and http/1.1."""
        return client_context(self.ca.paths.cert, alpn=("h2", "http/1.1"))

    async def listen(self) -> tuple[str, int]:
        listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
        name = listeners[0].socket.getsockname()
        self.address = (str(name[0]), int(name[1]))
        self.nursery.start_soon(trio.serve_listeners, self.serve_connection, listeners)
        return self.address

    async def serve_connection(self, stream: trio.abc.Stream) -> None:
        self.connections += 1
        tls = trio.SSLStream(stream, self.certificates.context("localhost"), server_side=True, https_compatible=True)
        try:
            await tls.do_handshake()
        except trio.BrokenResourceError:
            await trio.aclose_forcefully(stream)
            return
        await serve_h2(tls, self._handle, max_streams=self.max_streams, idle_timeout=3600, label="fake origin")

    async def _handle(self, exchange: H2Exchange) -> None:
        request = H2OriginRequest(list(exchange.headers))
        self.requests.append(request)
        self.open_streams += 1
        self.max_open_streams = max(self.max_open_streams, self.open_streams)
        try:
            path = exchange.pseudo(b":path").partition(b"?")[0].decode()
            await self.routes.get(path, echo_h2)(request, exchange)
        finally:
            self.open_streams -= 1


@asynccontextmanager
async def open_fake_h2_origin(
    directory: Path, routes: dict[str, H2Handler] | None = None, *, ca: CertificateAuthority | None = None
) -> AsyncIterator[FakeH2Origin]:
    """A listening `FakeH2Origin`, with `ca` (or a fresh CA in `directory`) signing its certificates."""
    if ca is None:
        ca = CertificateAuthority.create(CaPaths.in_data_dir(directory), domains=None, common_name="fake Cursor CA")
    async with trio.open_nursery() as nursery:
        certificates = LeafCertificates(ca, accept=lambda host: True, alpn=("h2",))
        origin = FakeH2Origin(ca, certificates, nursery, dict(routes or {}))
        await origin.listen()
        yield origin
        nursery.cancel_scope.cancel()


# --- a raw client -----------------------------------------------------------------------------------------


@attrs.define
class Collected:
    """A response as it ended: `reset` holds the RST_STREAM code, `lost` the reason the connection went."""

    status: int = 0
    headers: HeaderList = attrs.Factory(list)
    body: bytes = b""
    trailers: HeaderList = attrs.Factory(list)
    ended: bool = False
    reset: int | None = None
    lost: str | None = None

    def header(self, name: bytes) -> bytes | None:
        for key, value in self.headers:
            if key == name:
                return value
        return None


@attrs.define(eq=False)
class H2TestClient:
    peer: H2Peer
    authority: bytes

    async def request(
        self, method: str, path: str, headers: HeaderList | None = None, body: bytes | None = None,
        trailers: HeaderList | None = None,
    ) -> Inbox:
        """Open a stream; with `body` (and `trailers`) send it whole, else leave the stream open."""
        head = [(b":method", method.encode()), (b":scheme", b"https"), (b":authority", self.authority),
                (b":path", path.encode()), *(headers or [])]
        empty = body == b"" and not trailers
        inbox = await self.peer.open_stream(head, end_stream=empty)
        if body is not None and not empty:
            if body:
                await self.peer.send_data(inbox.stream_id, body)
            if trailers:
                await self.peer.send_headers(inbox.stream_id, trailers, end_stream=True)
            else:
                await self.peer.end_stream(inbox.stream_id)
        return inbox

    async def collect(self, inbox: Inbox) -> Collected:
        """Read the response to its end, reset or loss; the body's windows handed back as it is read."""
        result = Collected()
        chunks = []
        while True:
            try:
                item = await inbox.receive.receive()
            except trio.EndOfChannel:
                result.lost = "closed"
                break
            if isinstance(item, Head) and not item.informational:
                result.headers = [(n, v) for n, v in item.headers if not n.startswith(b":")]
                result.status = int(dict(item.headers)[b":status"])
            elif isinstance(item, Data):
                chunks.append(item.data)
                await self.peer.acknowledge(inbox, item.flow_length)
            elif isinstance(item, Trailers):
                result.trailers = item.headers
            elif isinstance(item, End):
                result.ended = True
                break
            elif isinstance(item, Reset):
                result.reset = item.code
                break
            elif isinstance(item, Lost):
                result.lost = item.reason
                break
        result.body = b"".join(chunks)
        self.peer.forget(inbox)
        return result


@asynccontextmanager
async def open_h2_client(stream: trio.abc.Stream, authority: str) -> AsyncIterator[H2TestClient]:
    """An `H2TestClient` over `stream` (which it closes on exit)."""
    async with trio.open_nursery() as nursery:
        peer = H2Peer.client(stream)
        await nursery.start(peer.run_reader)
        try:
            yield H2TestClient(peer, authority.encode())
        finally:
            await peer.goodbye()
            nursery.cancel_scope.cancel()
