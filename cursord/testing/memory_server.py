"""The real Hypercorn protocol stack (its h11 and h2 code, its TCPServer) over in-memory streams or loopback.

Theory of operation. `serve_in_memory` does what `hypercorn.trio.run.worker_serve` does, minus the sockets:
it wraps the app with `hypercorn.utils.wrap_app`, runs the ASGI lifespan startup in its own nursery (an app
that does not speak lifespan gets Hypercorn's warning and runs without it), and then, for each
`MemoryServer.connect()`, makes a `trio.testing.memory_stream_pair()` and runs Hypercorn's `TCPServer` on
the server end in the server nursery. TCPServer wants `stream.socket` (family, peer and local address), so
the server end is wrapped in `_SocketlessStream`, which carries a fake AF_INET socket at 127.0.0.1. On exit
it follows worker_serve: set `context.terminated` (idle connections close), give open requests
`config.graceful_timeout` before cancelling them, then run the lifespan shutdown.

Nothing here touches the OS, so tests can run under `trio.testing.MockClock(autojump_threshold=0)`: the
clock jumps only when every task waits on trio itself. Hypercorn's own timers run on that clock too; set
`config.keep_alive_timeout` high (say 10**6) or idle keep-alive connections close as soon as the test
waits for anything else, and expect `graceful_timeout` to pass instantly at shutdown.

`serve_tcp` is the real `hypercorn.trio.serve` on 127.0.0.1, an OS-assigned port; use it with the real
clock (a MockClock would autojump while the OS delivers bytes).
"""

from __future__ import annotations

import copy
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any, cast

import attrs
import trio
import trio.testing
from hypercorn.config import Config
from hypercorn.trio import serve as hypercorn_serve
from hypercorn.trio.lifespan import Lifespan
from hypercorn.trio.statsd import StatsdLogger
from hypercorn.trio.tcp_server import TCPServer
from hypercorn.trio.worker_context import WorkerContext
from hypercorn.typing import ConnectionState, Framework, LifespanState
from hypercorn.utils import wrap_app

#: Any ASGI 3 application (typed loosely so that cursord's own app type fits).
ASGIApp = Callable[[Any, Any, Any], Awaitable[None]]
MemoryClientStream = trio.StapledStream[trio.testing.MemorySendStream, trio.testing.MemoryReceiveStream]

_LOCALHOST = "127.0.0.1"
_FIRST_CLIENT_PORT = 40000


@attrs.frozen
class _FakeSocket:
    """What TCPServer reads off `stream.socket`."""

    peer: tuple[str, int]
    local: tuple[str, int]
    family: int = socket.AF_INET

    def getpeername(self) -> tuple[str, int]:
        return self.peer

    def getsockname(self) -> tuple[str, int]:
        return self.local


class _SocketlessStream(trio.abc.HalfCloseableStream):
    """The server end of a memory stream pair, with the `socket` attribute TCPServer expects.

    It has no `do_handshake`, which is how TCPServer tells a plain stream from a TLS one."""

    def __init__(self, stream: MemoryClientStream, fake_socket: _FakeSocket) -> None:
        self._stream = stream
        self.socket = fake_socket

    async def send_all(self, data: bytes | bytearray | memoryview) -> None:
        await self._stream.send_all(data)

    async def wait_send_all_might_not_block(self) -> None:
        await self._stream.wait_send_all_might_not_block()

    async def receive_some(self, max_bytes: int | None = None) -> bytes | bytearray:
        return await self._stream.receive_some(max_bytes)

    async def send_eof(self) -> None:
        await self._stream.send_eof()

    async def aclose(self) -> None:
        await self._stream.aclose()


class MemoryServer:
    """A running in-memory Hypercorn; `connect()` opens one more connection to it."""

    def __init__(
        self,
        nursery: trio.Nursery,
        app: Any,
        config: Config,
        context: WorkerContext,
        lifespan_state: LifespanState,
        address: tuple[str, int],
    ) -> None:
        self._nursery = nursery
        self._app = app
        self._config = config
        self._context = context
        self._lifespan_state = lifespan_state
        self.address = address
        self.connections = 0
        self.closed = False

    async def connect(self) -> MemoryClientStream:
        """The client end of a fresh `memory_stream_pair()`; Hypercorn's TCPServer serves the other end."""
        await trio.lowlevel.checkpoint()
        if self.closed:
            raise trio.ClosedResourceError("the in-memory server has shut down")
        client_end, server_end = trio.testing.memory_stream_pair()
        self.connections += 1
        fake_socket = _FakeSocket(peer=(_LOCALHOST, _FIRST_CLIENT_PORT + self.connections), local=self.address)
        handler = TCPServer(
            self._app,
            self._config,
            self._context,
            ConnectionState(self._lifespan_state.copy()),
            cast(Any, _SocketlessStream(server_end, fake_socket)),
        )
        self._nursery.start_soon(handler.run)
        return client_end


@asynccontextmanager
async def serve_in_memory(
    app: ASGIApp, config: Config, *, address: tuple[str, int] = (_LOCALHOST, 8000)
) -> AsyncIterator[MemoryServer]:
    """Serve `app` with Hypercorn's protocol stack over memory streams for the life of the block.

    `address` is what the app sees as `scope["server"]`. Lifespan startup runs before the block and
    shutdown after it; open requests get `config.graceful_timeout` (Trio time) and are then cancelled.
    Under MockClock set `config.keep_alive_timeout` high, or idle connections close at the first jump.
    """
    config.set_statsd_logger_class(StatsdLogger)
    wrapped = wrap_app(cast(Framework, app), config.wsgi_max_body_size, "asgi")
    lifespan_state: LifespanState = {}
    lifespan = Lifespan(wrapped, config, lifespan_state)
    context = WorkerContext(None)
    async with trio.open_nursery() as lifespan_nursery:
        await lifespan_nursery.start(lifespan.handle_lifespan)
        await lifespan.wait_for_startup()
        async with trio.open_nursery() as server_nursery:
            server = MemoryServer(server_nursery, wrapped, config, context, lifespan_state, address)
            try:
                yield server
            finally:
                server.closed = True
                await context.terminated.set()
                server_nursery.cancel_scope.deadline = trio.current_time() + config.graceful_timeout
        await lifespan.wait_for_shutdown()
        lifespan_nursery.cancel_scope.cancel()


@asynccontextmanager
async def serve_tcp(app: ASGIApp, config: Config) -> AsyncIterator[tuple[str, int]]:
    """Run the real `hypercorn.trio.serve` on 127.0.0.1 (port chosen by the OS) for the life of the block.

    Yields `(host, port)`. A copy of `config` is used with `bind` replaced; on exit the shutdown trigger
    fires and this waits for Hypercorn to finish (close your connections first, or wait up to
    `config.graceful_timeout` for open requests).
    """
    config = copy.copy(config)
    config.bind = [f"{_LOCALHOST}:0"]
    shutdown = trio.Event()
    async with trio.open_nursery() as nursery:
        binds: list[str] = await nursery.start(
            partial(hypercorn_serve, cast(Framework, app), config, shutdown_trigger=shutdown.wait, mode="asgi")
        )
        host, _, port = binds[0].removeprefix("http://").removeprefix("https://").rpartition(":")
        try:
            yield host, int(port)
        finally:
            shutdown.set()
