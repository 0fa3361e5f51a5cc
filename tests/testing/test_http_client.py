"""cursord.testing's transport half: the HTTP client against the real Hypercorn, in memory and over TCP.

Memory-transport tests run under an autojump MockClock (the `clock` fixture), TCP ones on the real clock
with an app that never sleeps for real: nothing here waits on the wall clock.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

import attrs
import h2.errors
import pytest
import trio
import trio.testing
from hypercorn.config import Config

from cursord.server import hypercorn_fixes  # noqa: F401 - the server under test is cursord's Hypercorn
from cursord.testing.http_client import (
    Client,
    ConnectionClosedError,
    Response,
    StreamResetError,
    connect_tcp,
    open_http,
)
from cursord.testing.memory_server import MemoryServer, serve_in_memory, serve_tcp

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


def _chunk(index: int) -> bytes:
    return f"chunk-{index};".encode()


@attrs.define(eq=False)
class ScriptedApp:
    """Raw ASGI: /echo, /stream?n=&delay=&trailers=, /endless?interval=, /blob?size=, /fail."""

    lifespan: list[str] = attrs.Factory(list)
    #: (path, client address) of every HTTP request, in arrival order.
    requests: list[tuple[str, Any]] = attrs.Factory(list)
    #: paths whose handler saw `http.disconnect` while still streaming.
    disconnects: list[str] = attrs.Factory(list)
    disconnected: trio.Event = attrs.Factory(trio.Event)
    endless_sent: int = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                kind = message["type"].removeprefix("lifespan.")
                self.lifespan.append(kind)
                await send({"type": f"lifespan.{kind}.complete"})
                if kind == "shutdown":
                    return
        path = scope["path"]
        self.requests.append((path, scope["client"]))
        query = {k: v[0] for k, v in parse_qs(scope["query_string"].decode()).items()}
        if path == "/echo":
            await self._echo(scope, receive, send)
        elif path == "/stream":
            await self._stream(scope, send, int(query["n"]), float(query.get("delay", 0)), "trailers" in query)
        elif path == "/endless":
            await self._endless(receive, send, float(query.get("interval", "inf")))
        elif path == "/blob":
            await self._blob(send, int(query["size"]))
        elif path == "/fail":
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"first", "more_body": True})
            raise RuntimeError("the app fails mid-stream")
        else:
            await send({"type": "http.response.start", "status": 404, "headers": []})
            await send({"type": "http.response.body", "body": b""})

    async def _echo(self, scope: Scope, receive: Receive, send: Send) -> None:
        chunks = []
        while True:
            message = await receive()
            assert message["type"] == "http.request"
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        headers = [
            (b"x-method", scope["method"].encode()),
            (b"x-http-version", scope["http_version"].encode()),
            *[(b"x-echo-" + name, value) for name, value in scope["headers"] if name.startswith(b"x-")],
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"".join(chunks)})

    async def _stream(self, scope: Scope, send: Send, n: int, delay: float, trailers: bool) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": [], "trailers": trailers})
        for index in range(n):
            if index:
                await trio.sleep(delay)
            await send({"type": "http.response.body", "body": _chunk(index), "more_body": True})
        await send({"type": "http.response.body", "body": b"", "more_body": False})
        if trailers:
            await send({"type": "http.response.trailers", "headers": [(b"x-trailer", b"done")]})

    async def _endless(self, receive: Receive, send: Send, interval: float) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        async with trio.open_nursery() as nursery:

            async def watch_disconnect() -> None:
                while (await receive())["type"] != "http.disconnect":
                    pass
                self.disconnects.append("/endless")
                self.disconnected.set()
                nursery.cancel_scope.cancel()

            nursery.start_soon(watch_disconnect)
            while True:
                await send({"type": "http.response.body", "body": _chunk(self.endless_sent), "more_body": True})
                self.endless_sent += 1
                await trio.sleep(interval)

    async def _blob(self, send: Send, size: int) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        for offset in range(0, size, 50_000):
            piece = bytes((offset + i) % 251 for i in range(min(50_000, size - offset)))
            await send({"type": "http.response.body", "body": piece, "more_body": True})
        await send({"type": "http.response.body", "body": b""})


def _blob_bytes(size: int) -> bytes:
    return bytes(i % 251 for i in range(size))


def _config() -> Config:
    config = Config()
    config.keep_alive_timeout = 10**6  # under MockClock an idle connection would otherwise close at once
    config.accesslog = None
    return config


@pytest.fixture(params=["memory", "tcp"])
def transport(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(params=[False, True], ids=["http1", "h2"])
def http2(request: pytest.FixtureRequest) -> bool:
    return bool(request.param)


@pytest.fixture
def clock(transport: str) -> trio.testing.MockClock | None:
    """Autojump for the memory transport (pytest-trio runs the test with it); real clock for TCP."""
    return trio.testing.MockClock(autojump_threshold=0) if transport == "memory" else None


@pytest.fixture
def app() -> ScriptedApp:
    return ScriptedApp()


@pytest.fixture
async def connect(transport: str, app: ScriptedApp) -> AsyncIterator[Callable[[], Awaitable[trio.abc.Stream]]]:
    if transport == "memory":
        async with serve_in_memory(app, _config()) as server:
            yield server.connect
    else:
        async with serve_tcp(app, _config()) as (host, port):
            yield lambda: connect_tcp(host, port)


async def test_echo_request_and_response(
    clock: trio.testing.MockClock | None, connect: Callable[[], Awaitable[trio.abc.Stream]], http2: bool
) -> None:
    client = Client(connect, http2)
    with trio.fail_after(10):
        async with client.request("POST", "/echo", [(b"X-Probe", b"abc")], b"hello body") as response:
            assert response.status == 200
            assert response.header(b"x-method") == b"POST"
            assert response.header(b"x-http-version") == (b"2" if http2 else b"1.1")
            assert response.header(b"x-echo-x-probe") == b"abc"
            assert await response.read_all() == b"hello body"
            assert await response.read_chunk() is None


async def test_large_bodies_respect_flow_control(
    clock: trio.testing.MockClock | None, connect: Callable[[], Awaitable[trio.abc.Stream]], http2: bool
) -> None:
    # A 64 KiB client window and Hypercorn's 64 KiB default: both directions must wait for WINDOW_UPDATEs.
    client = Client(connect, http2, window=65535)
    body = bytes(range(256)) * 1200  # 307 200 bytes
    with trio.fail_after(30):
        async with client.connection() as conn:
            echo = await conn.request("PUT", "/echo", body=body)
            assert await echo.read_all() == body
            blob = await conn.request("GET", "/blob?size=1000000")
            assert await blob.read_all() == _blob_bytes(1_000_000)


async def test_streaming_chunks_arrive_in_order(
    clock: trio.testing.MockClock | None, connect: Callable[[], Awaitable[trio.abc.Stream]], http2: bool
) -> None:
    client = Client(connect, http2)
    with trio.fail_after(10):
        async with client.request("GET", "/stream?n=20") as response:
            chunks = []
            while (chunk := await response.read_chunk()) is not None:
                assert chunk
                chunks.append(chunk)
    assert b"".join(chunks) == b"".join(_chunk(i) for i in range(20))


async def test_h2_trailers(
    clock: trio.testing.MockClock | None, connect: Callable[[], Awaitable[trio.abc.Stream]]
) -> None:
    client = Client(connect, http2=True)
    with trio.fail_after(10):
        async with client.request("GET", "/stream?n=2&trailers=1", [(b"te", b"trailers")]) as response:
            assert response.trailers == []
            assert await response.read_all() == _chunk(0) + _chunk(1)
            assert response.trailers == [(b"x-trailer", b"done")]


async def test_two_concurrent_h2_requests_on_one_connection(
    clock: trio.testing.MockClock | None, connect: Callable[[], Awaitable[trio.abc.Stream]], app: ScriptedApp
) -> None:
    client = Client(connect, http2=True)
    with trio.fail_after(10):
        async with client.connection() as conn:
            endless = await conn.request("GET", "/endless")
            assert await endless.read_chunk() == _chunk(0)
            results: dict[str, bytes] = {}

            async def fetch(name: str, path: str, body: bytes) -> None:
                async with await conn.request("POST", path, body=body) as response:
                    results[name] = await response.read_all()

            async with trio.open_nursery() as nursery:
                nursery.start_soon(fetch, "echo", "/echo", b"while the endless stream is open")
                nursery.start_soon(fetch, "stream", "/stream?n=3", b"")
            assert results == {
                "echo": b"while the endless stream is open",
                "stream": _chunk(0) + _chunk(1) + _chunk(2),
            }
            await endless.aclose()
    paths = [path for path, _ in app.requests]
    assert paths[0] == "/endless" and sorted(paths[1:]) == ["/echo", "/stream"]
    assert len({address for _, address in app.requests}) == 1  # one connection


async def test_http1_keep_alive_one_request_at_a_time(
    clock: trio.testing.MockClock | None, connect: Callable[[], Awaitable[trio.abc.Stream]], app: ScriptedApp
) -> None:
    client = Client(connect, http2=False)
    with trio.fail_after(10):
        async with client.connection() as conn:
            first = await conn.request("POST", "/echo", body=b"one")
            with pytest.raises(RuntimeError, match="one request at a time"):
                await conn.request("POST", "/echo", body=b"two")
            assert await first.read_all() == b"one"
            second = await conn.request("POST", "/echo", body=b"two")
            assert await second.read_all() == b"two"
    assert len(app.requests) == 2
    assert app.requests[0][1] == app.requests[1][1]  # the same connection, reused


async def _read_first_then_cancel(response: Response, app: ScriptedApp) -> None:
    assert response.status == 200
    assert await response.read_chunk() == _chunk(0)
    await trio.testing.wait_all_tasks_blocked()
    assert not app.disconnected.is_set()
    await response.aclose()
    await app.disconnected.wait()
    assert app.disconnects == ["/endless"]
    assert await response.read_chunk() is None


async def test_client_cancel_mid_stream_is_http_disconnect(
    clock: trio.testing.MockClock | None,
    connect: Callable[[], Awaitable[trio.abc.Stream]],
    http2: bool,
    app: ScriptedApp,
) -> None:
    client = Client(connect, http2)
    with trio.fail_after(10):
        async with client.connection() as conn:
            await _read_first_then_cancel(await conn.request("GET", "/endless"), app)
            if http2:  # only the stream was reset: the connection goes on
                async with await conn.request("POST", "/echo", body=b"still here") as response:
                    assert await response.read_all() == b"still here"
            else:  # HTTP/1.1 had to close the connection
                with pytest.raises(ConnectionClosedError):
                    await conn.request("POST", "/echo", body=b"gone")


# --- memory transport under the autojump clock ----------------------------------------------------------


async def test_autojump_five_seconds_between_chunks(autojump_clock: trio.testing.MockClock, http2: bool) -> None:
    app = ScriptedApp()
    jumped: list[float] = []
    jump = autojump_clock.jump
    autojump_clock.jump = lambda seconds: (jumped.append(seconds), jump(seconds))[1]  # type: ignore[method-assign]
    async with serve_in_memory(app, _config()) as server:
        client = Client(server.connect, http2)
        with trio.fail_after(100):
            async with client.request("GET", "/stream?n=4&delay=5") as response:
                start = trio.current_time()
                arrivals = []
                while (chunk := await response.read_chunk()) is not None:
                    arrivals.append((chunk, trio.current_time() - start))
    assert arrivals == [(_chunk(0), 0.0), (_chunk(1), 5.0), (_chunk(2), 10.0), (_chunk(3), 15.0)]
    assert sum(jumped) >= 15  # the 15 s of Trio time were jumped over, not waited for


async def test_autojump_cancel_endless_stream_stops_the_app(
    autojump_clock: trio.testing.MockClock, http2: bool
) -> None:
    app = ScriptedApp()
    async with serve_in_memory(app, _config()) as server:
        client = Client(server.connect, http2)
        with trio.fail_after(100):
            async with client.connection() as conn:
                response = await conn.request("GET", "/endless?interval=1")
                start = trio.current_time()
                for index in range(3):
                    assert await response.read_chunk() == _chunk(index)
                    assert trio.current_time() - start == index
                await response.aclose()
                await app.disconnected.wait()
                sent = app.endless_sent
                await trio.sleep(10)
                assert app.endless_sent == sent  # the handler stopped on http.disconnect
    assert app.disconnects == ["/endless"]


async def test_app_failing_mid_stream(autojump_clock: trio.testing.MockClock, http2: bool) -> None:
    """An app that raises mid-stream closes an HTTP/1.1 connection before the chunked body's end, and
    resets the HTTP/2 stream with INTERNAL_ERROR (Hypercorn 0.18 alone left it open, neither ended nor
    reset: `cursord.server.hypercorn_fixes`); the connection serves on."""
    async with (
        serve_in_memory(ScriptedApp(), _config()) as server,
        open_http(await server.connect(), http2) as conn,
    ):
        response = await conn.request("GET", "/fail")
        if not http2:
            assert await response.read_chunk() == b"first"
            with pytest.raises(ConnectionClosedError):
                await response.read_all()
            return
        # The reset drops what the stream had not sent yet, so "first" may or may not come before it.
        with pytest.raises(StreamResetError) as reset:
            await response.read_all()
        assert reset.value.error_code == h2.errors.ErrorCodes.INTERNAL_ERROR
        await response.aclose()
        async with await conn.request("POST", "/echo", body=b"after") as echo:
            assert await echo.read_all() == b"after"


async def test_memory_server_lifespan_and_addresses(autojump_clock: trio.testing.MockClock) -> None:
    app = ScriptedApp()
    server: MemoryServer
    async with serve_in_memory(app, _config(), address=("127.0.0.1", 8765)) as server:
        assert app.lifespan == ["startup"]
        for http2 in (False, True):
            async with (
                open_http(await server.connect(), http2) as conn,
                await conn.request("POST", "/echo", body=b"x") as response,
            ):
                assert await response.read_all() == b"x"
        assert server.connections == 2
    assert app.lifespan == ["startup", "shutdown"]
    clients = [address for _, address in app.requests]
    assert len(set(clients)) == 2
    assert all(host == "127.0.0.1" for host, _ in clients)
    with pytest.raises(trio.ClosedResourceError):
        await server.connect()


async def test_server_shutdown_closes_the_connection_after_graceful_timeout(
    autojump_clock: trio.testing.MockClock, http2: bool
) -> None:
    """Hypercorn 0.18 behaviour (same over TCP): a request still open at shutdown runs for
    `graceful_timeout`, then its connection is closed (EOF; no RST_STREAM, no GOAWAY, no body end)."""
    app = ScriptedApp()
    config = _config()
    config.graceful_timeout = 3
    stop = trio.Event()

    async def serve(task_status: trio.TaskStatus[MemoryServer]) -> None:
        async with serve_in_memory(app, config) as server:
            task_status.started(server)
            await stop.wait()
        assert app.lifespan == ["startup", "shutdown"]

    async with trio.open_nursery() as nursery:
        server = await nursery.start(serve)
        async with open_http(await server.connect(), http2) as conn:
            response = await conn.request("GET", "/endless")
            assert await response.read_chunk() == _chunk(0)
            stop.set()
            start = trio.current_time()
            with pytest.raises(ConnectionClosedError):
                await response.read_all()
            assert trio.current_time() - start == 3
