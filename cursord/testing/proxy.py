"""Test helpers for the proxy: a fake TLS origin ("Cursor's backend") and a client that CONNECTs.

Theory of operation. `FakeOrigin` is a trio TLS server on 127.0.0.1 (an OS-chosen port) with its own,
unconstrained CA, so tests point the proxy at it through `upstream_overrides` and an upstream
`ssl.SSLContext` that trusts only that CA (`FakeOrigin.client_context`). It speaks HTTP/1.1 with h11
directly, so chunking and trailers are under the test's control. Each request is recorded
(`requests`) and answered by the handler for its path (`routes`), else by `echo`: a JSON body naming
the method, target, headers (as received, in order and case), body and trailers, sent chunked with a
trailer. Handlers get the request head, a body reader, and a `Responder`, so they can stream both ways.

`connect_via_proxy` opens a CONNECT tunnel through the proxy and, given a context, runs TLS over it:
the stream it returns is what `cursord.testing.http_client.open_http` or `EditorClient` wants.
"""

from __future__ import annotations

import json
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import attrs
import h11
import trio
import trio.testing

from cursord.proxy import H11Stream, LiveBody, PeerGone
from cursord.tls import CaPaths, CertificateAuthority, LeafCertificates, client_context

__all__ = [
    "FakeOrigin",
    "OriginRequest",
    "ProxyRefused",
    "Responder",
    "connect_via_proxy",
    "echo",
    "open_fake_origin",
]

HeaderList = list[tuple[bytes, bytes]]


@attrs.define
class OriginRequest:
    method: bytes
    target: bytes
    headers: HeaderList  # raw, as received
    body: bytes = b""
    trailers: HeaderList = attrs.Factory(list)

    def header(self, name: bytes) -> bytes | None:
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None


@attrs.define
class Responder:
    peer: H11Stream

    async def start(self, status: int, headers: HeaderList) -> None:
        await self.peer.send(h11.Response(status_code=status, headers=headers))

    async def data(self, chunk: bytes) -> None:
        await self.peer.send(h11.Data(data=chunk))

    async def end(self, trailers: HeaderList | None = None) -> None:
        await self.peer.send(h11.EndOfMessage(headers=trailers or []))

    async def whole(self, status: int, headers: HeaderList, body: bytes) -> None:
        headers = [*headers, (b"content-length", str(len(body)).encode())]
        await self.peer.send(h11.Response(status_code=status, headers=headers), h11.Data(data=body), h11.EndOfMessage())


#: Reads the body itself (from `LiveBody`), fills in `request.body`/`trailers` if it wants them recorded.
Handler = Callable[[OriginRequest, LiveBody, Responder], Awaitable[None]]


async def _read_into(request: OriginRequest, body: LiveBody) -> None:
    chunks = []
    while (chunk := await body.next_chunk()) is not None:
        chunks.append(chunk)
    request.body = b"".join(chunks)
    request.trailers = body.trailers


async def echo(request: OriginRequest, body: LiveBody, responder: Responder) -> None:
    """The request as JSON, chunked, with an `x-origin-trailer` trailer."""
    await _read_into(request, body)
    payload = json.dumps(
        {
            "method": request.method.decode(),
            "target": request.target.decode(),
            "headers": [[n.decode("latin-1"), v.decode("latin-1")] for n, v in request.headers],
            "body": request.body.decode("latin-1"),
            "trailers": [[n.decode("latin-1"), v.decode("latin-1")] for n, v in request.trailers],
        }
    ).encode()
    await responder.start(200, [(b"Content-Type", b"application/json"), (b"Transfer-Encoding", b"chunked"),
                                (b"X-Origin", b"fake")])
    await responder.data(payload)
    await responder.end([(b"X-Origin-Trailer", b"done")])


@attrs.define(eq=False)
class FakeOrigin:
    ca: CertificateAuthority
    certificates: LeafCertificates
    nursery: trio.Nursery
    routes: dict[str, Handler] = attrs.Factory(dict)
    tls: bool = True
    requests: list[OriginRequest] = attrs.Factory(list)
    address: tuple[str, int] = ("127.0.0.1", 0)
    connections: int = 0

    def client_context(self) -> ssl.SSLContext:
        """A client context that trusts only this origin's CA."""
        return client_context(self.ca.paths.cert)

    async def listen(self) -> tuple[str, int]:
        """Serve on 127.0.0.1 (an OS-chosen port) in the origin's nursery."""
        listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
        name = listeners[0].socket.getsockname()
        self.address = (str(name[0]), int(name[1]))
        self.nursery.start_soon(trio.serve_listeners, self.serve_connection, listeners)
        return self.address

    async def connect_memory(self) -> trio.abc.Stream:
        """A new in-memory connection (plain bytes; TLS, if any, is the caller's to run)."""
        await trio.lowlevel.checkpoint()
        client_end, server_end = trio.testing.memory_stream_pair()
        self.nursery.start_soon(self.serve_connection, server_end)
        return client_end

    async def connect_upstream(self, host: str, port: int, tls: bool) -> trio.abc.Stream:
        """A `cursord.proxy.forward.Connector` that reaches this origin in memory (verifying its CA)."""
        stream = await self.connect_memory()
        if not tls:
            return stream
        tls_stream = trio.SSLStream(stream, self.client_context(), server_hostname=host, https_compatible=True)
        await tls_stream.do_handshake()
        return tls_stream

    async def serve_connection(self, stream: trio.abc.Stream) -> None:
        self.connections += 1
        if self.tls:
            tls = trio.SSLStream(
                stream, self.certificates.context("localhost"), server_side=True, https_compatible=True
            )
            try:
                await tls.do_handshake()
            except trio.BrokenResourceError:
                await trio.aclose_forcefully(stream)
                return
            stream = tls
        peer = H11Stream.server(stream)
        async with trio.open_nursery() as nursery:
            await nursery.start(peer.run_reader)
            try:
                while True:
                    event = await peer.next_event()
                    if not isinstance(event, h11.Request):
                        break
                    request = OriginRequest(event.method, event.target, list(event.headers.raw_items()))
                    self.requests.append(request)
                    path = event.target.partition(b"?")[0].decode()
                    await self.routes.get(path, echo)(request, LiveBody(peer), Responder(peer))
                    if not peer.reusable:
                        break
                    peer.conn.start_next_cycle()
            except (PeerGone, h11.LocalProtocolError):
                pass
            finally:
                await peer.close()
                nursery.cancel_scope.cancel()


@asynccontextmanager
async def open_fake_origin(
    directory: Path, routes: dict[str, Handler] | None = None, *, tls: bool = True, listen: bool = True
) -> AsyncIterator[FakeOrigin]:
    """A `FakeOrigin` with a fresh CA in `directory` (certificates for any name), listening on
    loopback if `listen` (else reachable only through `connect_memory`/`connect_upstream`)."""
    ca = CertificateAuthority.create(CaPaths.in_data_dir(directory), domains=None, common_name="fake Cursor CA")
    async with trio.open_nursery() as nursery:
        origin = FakeOrigin(ca, LeafCertificates(ca, accept=lambda host: True), nursery, dict(routes or {}), tls)
        if listen:
            await origin.listen()
        yield origin
        nursery.cancel_scope.cancel()


class ProxyRefused(Exception):
    def __init__(self, status: int, body: bytes) -> None:
        super().__init__(f"proxy answered CONNECT with {status}: {body[:200]!r}")
        self.status = status
        self.body = body


async def connect_via_proxy(
    proxy: tuple[str, int] | Callable[[], Awaitable[trio.abc.Stream]],
    host: str,
    port: int = 443,
    *,
    ssl_context: ssl.SSLContext | None = None,
    early_data: bytes = b"",
) -> trio.abc.Stream:
    """A CONNECT tunnel to `host:port` through `proxy` (an address, or a function that opens a stream
    to it); with `ssl_context`, TLS (SNI `host`) over the tunnel.

    `early_data` is written right after the CONNECT head, before the proxy's answer (as some clients do).
    """
    stream = await trio.open_tcp_stream(*proxy) if isinstance(proxy, tuple) else await proxy()
    conn = h11.Connection(h11.CLIENT)
    authority = f"{host}:{port}".encode()
    await stream.send_all(
        conn.send(h11.Request(method=b"CONNECT", target=authority, headers=[(b"host", authority)]))
        + conn.send(h11.EndOfMessage())
        + early_data
    )
    while True:
        event = conn.next_event()
        if event is h11.NEED_DATA:
            data = await stream.receive_some(1 << 16)
            conn.receive_data(bytes(data))
            continue
        if isinstance(event, h11.Response):
            break
        if isinstance(event, h11.ConnectionClosed):
            await stream.aclose()
            raise ProxyRefused(0, b"connection closed")
    if event.status_code != 200:
        body = b""
        while isinstance(more := conn.next_event(), h11.Data):
            body += bytes(more.data)
        await stream.aclose()
        raise ProxyRefused(event.status_code, body)
    leftover, _ = conn.trailing_data
    assert not leftover, "the proxy sent bytes after its CONNECT answer"
    if ssl_context is None:
        return stream
    tls = trio.SSLStream(stream, ssl_context, server_hostname=host, https_compatible=True)
    await tls.do_handshake()
    return tls
