"""HTTP/2 response bodies written by the app's own task (`hypercorn_fixes._write_h2_bodies_directly`).

A body that fits the stream's flow-control window, with nothing queued before it, skips Hypercorn's
per-stream buffer and send task; anything else is queued as before. Both paths must keep the bytes in
order and within the client's window, also when a stream switches between them mid-response.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import pytest
import trio
from hypercorn.protocol.h2 import StreamBuffer

from cursord.server.serve import ListenOptions, hypercorn_config
from cursord.testing.http_client import Client
from cursord.testing.memory_server import serve_in_memory

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
