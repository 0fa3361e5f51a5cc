"""HTTP/2 response bodies written by the app's own task (`hypercorn_fixes._write_h2_bodies_directly`).

A body that fits the stream's flow-control window, with nothing queued before it, skips Hypercorn's
per-stream buffer and send task; anything else is queued as before. Both paths must keep the bytes in
order and within the client's window, also when a stream switches between them mid-response.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import h2.errors
import pytest
import trio
from hypercorn.protocol.h2 import H2Protocol, StreamBuffer

from cursord.server.serve import ListenOptions, hypercorn_config
from cursord.testing.http_client import Client
from cursord.testing.memory_server import serve_in_memory
from cursord.testing.raw_h2 import RawH2Client

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
PIECES = 400


def _piece(index: int) -> bytes:
    return f"{index:05d}:".encode() + b"x" * (index % 7 * 50)  # 6 to 306 bytes


async def _streaming_app(scope: Message, receive: Receive, send: Send) -> None:
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            await send({"type": f"{message['type']}.complete"})
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    for index in range(PIECES):
        await send({"type": "http.response.body", "body": _piece(index), "more_body": True})
    await send({"type": "http.response.body", "body": b"", "more_body": False})


@pytest.fixture
def queued_bodies(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes of the response bodies that went through Hypercorn's per-stream buffer."""
    sizes: list[int] = []
    original = StreamBuffer.push

    async def push(self: StreamBuffer, data: bytes) -> None:
        sizes.append(len(data))
        await original(self, data)

    monkeypatch.setattr(StreamBuffer, "push", push)
    return sizes


async def _read_all(window: int) -> bytes:
    config = hypercorn_config(ListenOptions(), 1 << 20)
    async with serve_in_memory(_streaming_app, config) as server:
        client = Client(server.connect, http2=True, window=window)
        async with client.request("GET", "/") as response:
            return await response.read_all()


async def test_bodies_that_fit_the_window_are_written_without_the_send_task(
    autojump_clock: trio.abc.Clock, queued_bodies: list[int]
) -> None:
    body = await _read_all(window=1 << 20)
    assert body == b"".join(_piece(index) for index in range(PIECES))
    assert queued_bodies == []


async def test_a_stream_that_outruns_a_small_window_keeps_its_order(
    autojump_clock: trio.abc.Clock, queued_bodies: list[int]
) -> None:
    # 4 KiB of window against 62 KiB of body: the app runs out of window many times, queues, and goes back
    # to writing directly once the client's WINDOW_UPDATEs have emptied the queue.
    body = await _read_all(window=4096)
    assert body == b"".join(_piece(index) for index in range(PIECES))
    assert 0 < len(queued_bodies) < PIECES


async def _busy_app(scope: Message, receive: Receive, send: Send) -> None:
    """Streams small bodies as fast as it can: always runnable, so it sends while a reset is handled."""
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            await send({"type": f"{message['type']}.complete"})
    await send({"type": "http.response.start", "status": 200, "headers": []})
    for _ in range(2000):
        await send({"type": "http.response.body", "body": b"x" * 100, "more_body": True})
        await trio.lowlevel.checkpoint()
    await send({"type": "http.response.body", "body": b"", "more_body": False})


async def test_sends_to_streams_the_client_reset_are_dropped_quietly(
    autojump_clock: trio.abc.Clock, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 27 #3: a send to a stream the client had just reset read its window outside the `try` and
    raised `StreamClosedError` out of the app (a 2.6 KB ERROR traceback per reset, and a priority-tree
    entry left behind)."""
    config = hypercorn_config(ListenOptions(port=0), 1 << 20)
    config.keep_alive_timeout = 10**6
    caplog.set_level(logging.INFO)
    async with serve_in_memory(_busy_app, config) as server, trio.open_nursery() as nursery:
        client = RawH2Client(await server.connect())
        await client.start(nursery)
        # Each reset goes in one write with the next request: h2 has closed the stream by the time the
        # server starts the new request, during which the reset stream's app sends again.
        previous = client.open("/busy", None)
        for _ in range(50):
            for _ in range(20):
                await trio.lowlevel.checkpoint()
            client.conn.reset_stream(previous, h2.errors.ErrorCodes.CANCEL)
            previous = client.open("/busy", None)
            await client.flush()
        client.conn.reset_stream(previous, h2.errors.ErrorCodes.CANCEL)
        await client.flush()
        await trio.sleep(1)
        assert client.terminated is None and not client.eof
        assert not [r for r in caplog.records if r.levelno > logging.DEBUG], caplog.records[:1]
        protocol = next(o for o in gc.get_objects() if isinstance(o, H2Protocol) and not o.closed)
        assert not protocol.stream_buffers and set(protocol.priority._streams) <= {0}
        nursery.cancel_scope.cancel()
