"""The lean transport (`cursord.providers.h11_transport`) against real loopback servers, on trio's mock clock.

Two kinds of server: the scripted fake providers of `cursord.testing.fake_providers` (h11, a reply per
request), and a raw one here whose connections run a script of their own (answer, then close before or in
the middle of an answer), for what a well-behaved fake never does: close an idle keep-alive connection
under a request, cut a chunked body, speak TLS.
"""

from __future__ import annotations

import gzip
import ssl
import struct
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

import attrs
import httpx
import pytest
import trio

from cursord.app.runtime import provider_pool_limits
from cursord.app.upstream import Upstream, provider_client
from cursord.config import Limits
from cursord.providers import errors, h11_transport
from cursord.providers.h11_transport import END_GRACE, H11Transport, _leans, _receive, stream_transport
from cursord.providers.streaming_http import Deadlines, HttpxTransport, Post, stream_post
from cursord.testing.fake_providers import Reply, Send, Stall, chat_text, open_fake_provider
from cursord.tls import CaPaths, CertificateAuthority, UpstreamProxy, client_context

DEADLINES = Deadlines(first_byte=60.0, idle=120.0)
TIMEOUT = httpx.Timeout(10.0, read=None)


@attrs.define
class Body:
    """A `BodyListener` that keeps the chunks; at `last`, it says it has all it wants."""

    chunks: list[bytes] = attrs.field(factory=list)
    ended: bool = False
    on_chunk: Callable[[], Awaitable[None]] | None = None
    #: the chunk that completes the answer (as an SSE stream's last event does)
    last: bytes | None = None

    async def chunk(self, data: bytes) -> bool:
        self.chunks.append(data)
        if self.on_chunk is not None:
            await self.on_chunk()
        return data == self.last

    async def end(self) -> None:
        self.ended = True

    def data(self) -> bytes:
        return b"".join(self.chunks)


def post(url: str, content: bytes = b'{"q":1}') -> Post:
    return Post("fake", url, {"content-type": "application/json", "authorization": "Bearer k"}, content)


def lean(client: httpx.AsyncClient, url: str) -> H11Transport:
    transport = stream_transport(client, url, TIMEOUT)
    assert isinstance(transport, H11Transport)
    return transport


def idle(transport: H11Transport) -> int:
    return transport.pool.idle_count


# --- a raw server whose connections follow a script ----------------------------------------------------

OK = b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncontent-length: 5\r\n\r\nhello"


async def read_request(stream: trio.abc.Stream, buffer: bytearray) -> bytes | None:
    """One request's bytes (head and body by its Content-Length), or None at EOF."""
    while b"\r\n\r\n" not in buffer:
        data = await stream.receive_some(65536)
        if not data:
            return None
        buffer += data
    head, _, _ = bytes(buffer).partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")
    )
    end = len(head) + 4 + length
    while len(buffer) < end:
        buffer += await stream.receive_some(65536)
    request = bytes(buffer[:end])
    del buffer[:end]
    return request


@attrs.define
class RawServer:
    """Connection n runs `scripts[n]` (then is closed), each script reading requests with `read`."""

    scripts: list[Callable[[RawServer, trio.abc.Stream, bytearray], Awaitable[None]]]
    connections: int = 0
    requests: list[bytes] = attrs.field(factory=list)
    port: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1/chat"

    async def read(self, stream: trio.abc.Stream, buffer: bytearray) -> bytes | None:
        request = await read_request(stream, buffer)
        if request is not None:
            self.requests.append(request)
        return request

    async def handle(self, stream: trio.abc.Stream) -> None:
        script = self.scripts[self.connections]
        self.connections += 1
        try:
            await script(self, stream, bytearray())
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass
        finally:
            await trio.aclose_forcefully(stream)


async def answer_once(server: RawServer, stream: trio.abc.Stream, buffer: bytearray) -> None:
    """Answer one request, then take the next one and close without a word."""
    await server.read(stream, buffer)
    await stream.send_all(OK)
    await server.read(stream, buffer)


@asynccontextmanager
async def raw_server(
    *scripts: Callable[[RawServer, trio.abc.Stream, bytearray], Awaitable[None]], tls: ssl.SSLContext | None = None
) -> AsyncIterator[RawServer]:
    server = RawServer(list(scripts))
    async with trio.open_nursery() as nursery:
        if tls is None:
            listeners = await nursery.start(partial(trio.serve_tcp, server.handle, 0, host="127.0.0.1"))
            server.port = listeners[0].socket.getsockname()[1]
        else:
            listeners = await nursery.start(partial(trio.serve_ssl_over_tcp, server.handle, 0, tls, host="127.0.0.1"))
            server.port = listeners[0].transport_listener.socket.getsockname()[1]
        yield server
        nursery.cancel_scope.cancel()


# --- keep-alive ----------------------------------------------------------------------------------------


async def test_a_kept_alive_connection_serves_the_next_request(autojump_clock: trio.testing.MockClock) -> None:
    async with (
        open_fake_provider(Reply.sse(chat_text("one")), Reply.sse(chat_text("two"))) as fake,
        httpx.AsyncClient(trust_env=False) as client,
    ):
        url = fake.url("/v1/chat/completions")
        first, second = Body(), Body()
        await stream_post(lean(client, url), post(url), DEADLINES, first)
        transport = lean(client, url)
        assert idle(transport) == 1
        kept = next(iter(transport.pool.idle.values()))[0]
        await stream_post(transport, post(url), DEADLINES, second)
        assert next(iter(transport.pool.idle.values())) == [kept]  # the same connection, back again
    assert b"one" in first.data() and b"two" in second.data() and first.ended and second.ended
    assert len(fake.requests) == 2 and all(r.completed for r in fake.requests)


async def test_a_reused_connection_the_server_closed_is_retried_once_on_a_new_one(
    autojump_clock: trio.testing.MockClock,
) -> None:
    async with httpx.AsyncClient(trust_env=False) as client, raw_server(answer_once, answer_once) as server:
        bodies = [Body(), Body()]
        for body in bodies:
            await stream_post(lean(client, server.url), post(server.url), DEADLINES, body)
    assert [b.data() for b in bodies] == [b"hello", b"hello"]
    assert server.connections == 2 and len(server.requests) == 3


async def test_no_retry_once_the_answer_began(autojump_clock: trio.testing.MockClock) -> None:
    async def half_answer(server: RawServer, stream: trio.abc.Stream, buffer: bytearray) -> None:
        await server.read(stream, buffer)
        await stream.send_all(OK)
        await server.read(stream, buffer)
        await stream.send_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n")  # and closes

    async with httpx.AsyncClient(trust_env=False) as client, raw_server(half_answer, half_answer) as server:
        await stream_post(lean(client, server.url), post(server.url), DEADLINES, Body())
        with pytest.raises(errors.ProviderUnavailable, match="RemoteProtocolError"):
            await stream_post(lean(client, server.url), post(server.url), DEADLINES, Body())
    assert server.connections == 1


async def test_an_idle_connection_closed_by_the_server_is_not_used(autojump_clock: trio.testing.MockClock) -> None:
    async def once(server: RawServer, stream: trio.abc.Stream, buffer: bytearray) -> None:
        await server.read(stream, buffer)
        await stream.send_all(OK)  # and closes: the client sees EOF on its idle connection

    async with httpx.AsyncClient(trust_env=False) as client, raw_server(once, once) as server:
        for _ in range(2):
            body = Body()
            await stream_post(lean(client, server.url), post(server.url), DEADLINES, body)
            assert body.data() == b"hello"
            await trio.sleep(0.1)
    assert server.connections == 2


async def test_an_idle_connection_past_its_keepalive_expiry_is_closed(autojump_clock: trio.testing.MockClock) -> None:
    async with (
        open_fake_provider(Reply.sse(chat_text("one")), Reply.sse(chat_text("two"))) as fake,
        httpx.AsyncClient(trust_env=False, limits=httpx.Limits(keepalive_expiry=5.0)) as client,
    ):
        url = fake.url("/v1/chat/completions")
        await stream_post(lean(client, url), post(url), DEADLINES, Body())
        kept = next(iter(lean(client, url).pool.idle.values()))[0]
        await trio.sleep(6.0)
        await stream_post(lean(client, url), post(url), DEADLINES, Body())
        assert next(iter(lean(client, url).pool.idle.values()))[0] is not kept


async def test_the_pool_holds_no_more_connections_than_the_clients_limit(
    autojump_clock: trio.testing.MockClock,
) -> None:
    replies = (Reply.sse(chat_text("one"), then=Stall()), Reply.sse(chat_text("two")))
    async with (
        open_fake_provider(*replies) as fake,
        httpx.AsyncClient(trust_env=False, limits=httpx.Limits(max_connections=1)) as client,
    ):
        url = fake.url("/v1/chat/completions")
        async with trio.open_nursery() as nursery:
            streaming = trio.Event()

            async def opened() -> None:
                streaming.set()

            async def first() -> None:
                await stream_post(lean(client, url), post(url), DEADLINES, Body(on_chunk=opened))

            nursery.start_soon(first)
            await streaming.wait()
            short_wait = stream_transport(client, url, httpx.Timeout(10.0, read=None, pool=1.0))
            with pytest.raises(errors.ProviderTimeout, match="PoolTimeout"):
                await stream_post(short_wait, post(url), DEADLINES, Body())
            nursery.cancel_scope.cancel()  # the first pass ends: its connection closed, its slot free
        body = Body()
        await stream_post(lean(client, url), post(url), DEADLINES, body)
    assert b"two" in body.data()


async def test_a_body_whose_end_came_with_the_last_event_keeps_its_connection(
    autojump_clock: trio.testing.MockClock,
) -> None:
    chunked = b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"

    async def answer(server: RawServer, stream: trio.abc.Stream, buffer: bytearray) -> None:
        await server.read(stream, buffer)
        await stream.send_all(chunked + b"5\r\nhello\r\n0\r\n\r\n")  # the event and the end in one write
        await server.read(stream, buffer)
        await stream.send_all(chunked + b"5\r\nagain\r\n")  # the end is not here when the answer is
        await trio.sleep_forever()

    async with httpx.AsyncClient(trust_env=False) as client, raw_server(answer) as server:
        first, second = Body(last=b"hello"), Body(last=b"again")
        await stream_post(lean(client, server.url), post(server.url), DEADLINES, first)
        assert idle(lean(client, server.url)) == 1
        await stream_post(lean(client, server.url), post(server.url), DEADLINES, second)
        assert idle(lean(client, server.url)) == 0  # closed: nobody waits for the rest
    assert first.data() == b"hello" and second.data() == b"again" and server.connections == 1


async def test_a_body_whose_end_comes_just_after_the_last_event_keeps_its_connection(
    autojump_clock: trio.testing.MockClock,
) -> None:
    """The terminating chunk written a moment after the last event (a server writing the end on its own) is
    read for up to `END_GRACE`: the connection serves the next request, and the server sees its reply
    finished, not the client gone."""
    chunked = b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"

    async def answer(server: RawServer, stream: trio.abc.Stream, buffer: bytearray) -> None:
        for word in (b"hello", b"again"):
            await server.read(stream, buffer)
            await stream.send_all(chunked + b"5\r\n" + word + b"\r\n")
            await trio.sleep(END_GRACE / 5)
            await stream.send_all(b"0\r\n\r\n")
        await server.read(stream, buffer)

    async with httpx.AsyncClient(trust_env=False) as client, raw_server(answer) as server:
        first, second = Body(last=b"hello"), Body(last=b"again")
        await stream_post(lean(client, server.url), post(server.url), DEADLINES, first)
        assert idle(lean(client, server.url)) == 1
        await stream_post(lean(client, server.url), post(server.url), DEADLINES, second)
        assert idle(lean(client, server.url)) == 1
    assert first.data() == b"hello" and second.data() == b"again" and server.connections == 1


# --- ends other than a whole body ------------------------------------------------------------------------


async def test_a_pass_canceled_mid_body_closes_its_connection(autojump_clock: trio.testing.MockClock) -> None:
    async with (
        open_fake_provider(Reply.sse(chat_text("one"), then=Stall())) as fake,
        httpx.AsyncClient(trust_env=False) as client,
    ):
        url = fake.url("/v1/chat/completions")
        with trio.CancelScope() as scope:

            async def cancel() -> None:
                scope.cancel()

            await stream_post(lean(client, url), post(url), DEADLINES, Body(on_chunk=cancel))
        assert scope.cancelled_caught
        await fake.requests[0].disconnected.wait()
        assert idle(lean(client, url)) == 0
    assert fake.requests[0].client_disconnected


async def test_an_error_answer_read_whole_leaves_its_connection_for_the_next(
    autojump_clock: trio.testing.MockClock,
) -> None:
    busy = {"error": {"message": "slow down", "type": "rate_limit_exceeded"}}
    async with (
        open_fake_provider(Reply.json(429, busy, headers=[("retry-after", "7")]), Reply.sse(chat_text("ok"))) as fake,
        httpx.AsyncClient(trust_env=False) as client,
    ):
        url = fake.url("/v1/chat/completions")
        with pytest.raises(errors.RateLimited) as caught:
            await stream_post(lean(client, url), post(url), DEADLINES, Body())
        assert caught.value.retry_after == 7 and "slow down" in str(caught.value)
        assert idle(lean(client, url)) == 1
        body = Body()
        await stream_post(lean(client, url), post(url), DEADLINES, body)
    assert b"ok" in body.data()


async def test_a_chunked_body_cut_short_is_a_truncated_stream(autojump_clock: trio.testing.MockClock) -> None:
    async def cut(server: RawServer, stream: trio.abc.Stream, buffer: bytearray) -> None:
        await server.read(stream, buffer)
        await stream.send_all(
            b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n"
        )  # and closes without the last chunk

    async with httpx.AsyncClient(trust_env=False) as client, raw_server(cut) as server:
        body = Body()
        with pytest.raises(errors.StreamTruncated, match="RemoteProtocolError"):
            await stream_post(lean(client, server.url), post(server.url), DEADLINES, body)
        assert idle(lean(client, server.url)) == 0
    assert body.data() == b"hello" and not body.ended


@pytest.mark.parametrize(
    "head",
    [
        b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n",
        b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncontent-length: 100\r\n\r\nhello",
    ],
)
async def test_a_body_reset_by_the_peer_is_a_read_error_told_as_trio_tells_it(
    autojump_clock: trio.testing.MockClock, head: bytes
) -> None:
    async def reset(server: RawServer, stream: trio.abc.Stream, buffer: bytearray) -> None:
        await server.read(stream, buffer)
        await stream.send_all(head)
        await trio.sleep(1.0)  # the client waits for more
        assert isinstance(stream, trio.SocketStream)
        stream.setsockopt(trio.socket.SOL_SOCKET, trio.socket.SO_LINGER, struct.pack("ii", 1, 0))
        # closed by the server's `handle`: a reset, with linger 0

    async with httpx.AsyncClient(trust_env=False) as client, raw_server(reset) as server:
        body = Body()
        with pytest.raises(errors.StreamTruncated) as caught:
            await stream_post(lean(client, server.url), post(server.url), DEADLINES, body)
        assert idle(lean(client, server.url)) == 0
    assert str(caught.value) == "fake: connection broke mid-stream (ReadError: [Errno 104] Connection reset by peer)"
    assert body.data() == b"hello" and not body.ended


async def test_a_chunked_body_in_any_pieces_is_read_whole_and_keeps_its_connection(
    autojump_clock: trio.testing.MockClock,
) -> None:
    """The body's chunks are read by the transport, the head and the end by h11: a 100 Continue, then the
    head with the first chunk in one write, the rest a byte a write, trailers after the last chunk."""
    head = b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n"
    rest = b"7;ext=1\r\n, world\r\n0\r\nx-trailer: 1\r\n\r\n"

    async def pieces(server: RawServer, stream: trio.abc.Stream, buffer: bytearray) -> None:
        await server.read(stream, buffer)
        await stream.send_all(head)
        for byte in rest:
            await trio.sleep(0.001)
            await stream.send_all(bytes([byte]))
        await server.read(stream, buffer)
        await stream.send_all(OK)
        await server.read(stream, buffer)

    async with httpx.AsyncClient(trust_env=False) as client, raw_server(pieces) as server:
        body = Body()
        await stream_post(lean(client, server.url), post(server.url), DEADLINES, body)
        assert body.data() == b"hello, world" and body.ended
        assert idle(lean(client, server.url)) == 1
        again = Body()
        await stream_post(lean(client, server.url), post(server.url), DEADLINES, again)
    assert again.data() == b"hello" and server.connections == 1


async def test_nothing_listening_is_unavailable(autojump_clock: trio.testing.MockClock) -> None:
    async with httpx.AsyncClient(trust_env=False) as client:
        url = "http://127.0.0.1:1/v1/chat"
        with pytest.raises(errors.ProviderUnavailable, match="ConnectError"):
            await stream_post(lean(client, url), post(url), DEADLINES, Body())


async def test_the_body_is_let_go_once_sent_but_on_a_reused_connection_until_the_answer(
    autojump_clock: trio.testing.MockClock,
) -> None:
    """A stream waiting for its first token keeps no copy of its prompt, but on a kept-alive connection, which
    may turn out closed by the server, until the answer's head has come (it may be sent again until then)."""
    slow = Reply.sse(chat_text("ok"), delay=5.0)
    async with open_fake_provider(slow, slow) as fake, httpx.AsyncClient(trust_env=False) as client:
        url = fake.url("/v1/chat/completions")
        for held in (False, True):
            exchange = lean(client, url).post(url, {"content-type": "application/json"}, b'{"q":1}')
            async with trio.open_nursery() as nursery:

                async def send(exchange: Any = exchange) -> None:
                    async with exchange, exchange.chunks() as chunks:
                        async for _ in chunks:
                            pass

                nursery.start_soon(send)
                await trio.sleep(1.0)  # the request is sent; the answer is 4 s away
                assert (exchange._content is not None) is held
            assert exchange._content is None and idle(lean(client, url)) == 1


# --- what goes on the wire -------------------------------------------------------------------------------


async def test_the_request_carries_what_httpx_sends(autojump_clock: trio.testing.MockClock) -> None:
    async with (
        open_fake_provider(Reply.sse(chat_text("a")), Reply.sse(chat_text("b"))) as fake,
        httpx.AsyncClient(trust_env=False) as client,
    ):
        url = fake.url("/v1/chat/completions?x=1")
        await stream_post(HttpxTransport(client, TIMEOUT), post(url), DEADLINES, Body())
        await stream_post(lean(client, url), post(url), DEADLINES, Body())
    by_httpx, by_h11 = fake.requests
    assert by_h11.headers == by_httpx.headers
    assert (by_h11.method, by_h11.path, by_h11.body) == (by_httpx.method, by_httpx.path, by_httpx.body)
    assert by_h11.headers["accept-encoding"] == "gzip, deflate" and by_h11.headers["content-length"] == "7"


async def test_a_header_no_request_may_carry_fails_as_with_httpx(autojump_clock: trio.testing.MockClock) -> None:
    bad = Post("fake", "", {"authorization": "Bearer k\n"}, b"{}")
    async with open_fake_provider() as fake, httpx.AsyncClient(trust_env=False) as client:
        url = fake.url("/v1/chat/completions")
        caught = []
        for transport in (HttpxTransport(client, TIMEOUT), lean(client, url)):
            with pytest.raises(errors.ProviderUnavailable) as error:
                await stream_post(transport, attrs.evolve(bad, url=url), DEADLINES, Body())
            caught.append(type(error.value.__cause__))
            with pytest.raises(UnicodeEncodeError):  # httpx encodes header values as ASCII
                await stream_post(transport, attrs.evolve(bad, url=url, headers={"x-note": "é"}), DEADLINES, Body())
    assert caught == [httpx.LocalProtocolError, httpx.LocalProtocolError] and not fake.requests


async def test_a_gzip_body_is_decoded(autojump_clock: trio.testing.MockClock) -> None:
    packed = gzip.compress(b"data: one\n\n" * 50)
    reply = Reply(
        headers=(("content-type", "text/event-stream"), ("content-encoding", "gzip")),
        body=(Send(packed[:40]), Send(packed[40:])),
    )
    async with open_fake_provider(reply) as fake, httpx.AsyncClient(trust_env=False) as client:
        url = fake.url("/v1/chat/completions")
        body = Body()
        await stream_post(lean(client, url), post(url), DEADLINES, body)
    assert body.data() == b"data: one\n\n" * 50 and body.ended


async def test_tls_with_the_clients_trust(tmp_path: Path, autojump_clock: trio.testing.MockClock) -> None:
    ca, _ = CertificateAuthority.load_or_create(CaPaths.in_data_dir(tmp_path))
    server_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_context.load_cert_chain(ca.write_loopback_leaf())

    async with raw_server(answer_once, answer_once, tls=server_context) as server:
        url = f"https://127.0.0.1:{server.port}/v1/chat"
        async with httpx.AsyncClient(verify=client_context(ca.paths.cert), trust_env=False) as trusting:
            body = Body()
            await stream_post(lean(trusting, url), post(url), DEADLINES, body)
            assert body.data() == b"hello"
        async with httpx.AsyncClient(trust_env=False) as default_trust:  # certifi's bundle, as httpx's
            with pytest.raises(errors.ProviderUnavailable, match="CERTIFICATE_VERIFY_FAILED"):
                await stream_post(lean(default_trust, url), post(url), DEADLINES, Body())


# --- which transport -------------------------------------------------------------------------------------


async def test_a_proxy_from_the_environment_keeps_httpx(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY", "NO_PROXY", "https_proxy", "http_proxy", "all_proxy",
                 "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy.example:3128")
    monkeypatch.setenv("NO_PROXY", "localhost,.internal.example")
    async with httpx.AsyncClient() as client, httpx.AsyncClient(trust_env=False) as untrusting:
        assert isinstance(stream_transport(client, "https://api.openai.com/v1", TIMEOUT), HttpxTransport)
        assert isinstance(stream_transport(client, "https://llm.internal.example/v1", TIMEOUT), H11Transport)
        assert isinstance(stream_transport(client, "http://api.openai.com/v1", TIMEOUT), H11Transport)
        assert isinstance(stream_transport(client, "http://localhost:11434/v1", TIMEOUT), H11Transport)
        assert isinstance(stream_transport(untrusting, "https://api.openai.com/v1", TIMEOUT), H11Transport)
    monkeypatch.setenv("ALL_PROXY", "http://proxy.example:3128")
    async with httpx.AsyncClient() as client:
        assert isinstance(stream_transport(client, "http://api.openai.com/v1", TIMEOUT), HttpxTransport)


async def test_an_upstream_proxy_keeps_httpx_but_for_loopback() -> None:
    upstream = Upstream("http://proxy.example:3128", UpstreamProxy.parse("http://proxy.example:3128", ""), "kept")
    async with provider_client(provider_pool_limits(Limits()), upstream) as client:
        assert isinstance(stream_transport(client, "https://api.anthropic.com", TIMEOUT), HttpxTransport)
        assert isinstance(stream_transport(client, "http://127.0.0.1:11434", TIMEOUT), H11Transport)


async def test_options_it_cannot_honour_keep_httpx() -> None:
    url = "https://api.openai.com/v1"
    assert isinstance(stream_transport(None, url, TIMEOUT), HttpxTransport)
    async with (
        httpx.AsyncClient(http2=True, trust_env=False) as h2,
        httpx.AsyncClient(auth=("u", "p"), trust_env=False) as auth,
        httpx.AsyncClient(transport=httpx.MockTransport(lambda r: httpx.Response(200))) as mocked,
        httpx.AsyncClient(trust_env=False, follow_redirects=True) as redirecting,
        httpx.AsyncClient(trust_env=False) as plain,
    ):
        for client in (h2, auth, mocked, redirecting):
            assert isinstance(stream_transport(client, url, TIMEOUT), HttpxTransport)
        assert isinstance(stream_transport(plain, url, TIMEOUT), H11Transport)
        assert isinstance(stream_transport(plain, url, httpx.Timeout(10.0)), HttpxTransport)  # a read timeout


async def test_the_daemons_client_gets_the_lean_transport() -> None:
    """The shared client as `cursord serve` builds it (a guard: httpx internals this module reads are still
    there, or every request would quietly go back to httpx)."""
    async with provider_client(provider_pool_limits(Limits()), None) as client:
        transport = lean(client, "https://api.openai.com/v1")
        pool = transport.pool
        assert pool.slots is not None and pool.slots.value == Limits().max_streams and pool.max_keepalive == 32
        assert pool.keepalive_expiry == 5.0
    assert client in _leans
    client_closed = stream_transport(client, "https://api.openai.com/v1", TIMEOUT)
    assert isinstance(client_closed, HttpxTransport)  # which says the client is closed, as before


async def test_an_ip_address_is_connected_to_without_a_name_lookup_and_fails_as_a_name_would(
    autojump_clock: trio.testing.MockClock,
) -> None:
    """A local model server's IP address is connected to at once (no lookup, no task per attempt); a refusal
    reads as `trio.open_tcp_stream` (and httpx) word it."""
    for host in ("127.0.0.1", "::1"):
        with pytest.raises(OSError, match=r"all attempts to connect to .*:1 failed"):
            await h11_transport._open_tcp(host, 1)
    async with httpx.AsyncClient(trust_env=False) as client:
        with pytest.raises(errors.ProviderUnavailable, match=r"all attempts to connect to 127\.0\.0\.1:1 failed"):
            await stream_post(lean(client, "http://127.0.0.1:1/v1"), post("http://127.0.0.1:1/v1"), DEADLINES, Body())
    assert h11_transport._ip_family("localhost") is None and h11_transport._ip_family("fe80::1%eth0") is None


# --- the body's read ---------------------------------------------------------------------------------


async def test_the_body_read_waits_first_and_keeps_trios_checkpoints_and_errors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`_receive` reads a plain socket as `SocketStream.receive_some` does: what is there, what came after a
    wait, a wake with nothing to read waited out, a cancel seen before a read even with data waiting (nothing
    taken), b"" at the peer's close, a closed socket as ClosedResourceError."""
    ours, theirs = trio.socket.socketpair()
    stream = trio.SocketStream(ours)
    with ours, theirs:
        await theirs.send(b"hello")
        assert await _receive(stream) == b"hello"
        async with trio.open_nursery() as nursery:
            nursery.start_soon(partial(theirs.send, b"later"))
            assert await _receive(stream) == b"later"  # waited for it
        real_read, woken = h11_transport.os.read, []

        def spurious(fd: int, size: int) -> bytes:
            if not woken:  # readable, but another reader took it first (as EAGAIN tells it)
                woken.append(fd)
                raise BlockingIOError
            return real_read(fd, size)

        monkeypatch.setattr(h11_transport.os, "read", spurious)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(partial(theirs.send, b"again"))
            assert await _receive(stream) == b"again"
        assert woken == [ours.fileno()]
        monkeypatch.undo()
        await theirs.send(b"waiting")
        with trio.CancelScope() as scope:
            scope.cancel()
            await _receive(stream)
        assert scope.cancelled_caught
        assert await _receive(stream) == b"waiting"  # the canceled read took nothing
        theirs.close()
        assert await _receive(stream) == b""
    with pytest.raises(trio.ClosedResourceError):
        await _receive(stream)
