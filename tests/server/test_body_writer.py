"""Response bodies written without awaiting, from outside the app's send (`hypercorn_fixes.body_writer`).

What a RunSSE's publisher uses to write a frame for a parked connection: all of a chunk or nothing, in order
with the app's own sends, over HTTP/2 and HTTP/1.1 alike; a chunk the socket takes only in part is finished
by a task of the connection's before any other write. Over real sockets (the writer is for plain sockets only),
so on the real clock.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import attrs
import pytest
import trio
import trio.testing

from cursord.server import hypercorn_fixes
from cursord.server.app import _TrackedSend
from cursord.server.hypercorn_fixes import BodyWriter, body_writer
from cursord.server.run import _LazyStart
from cursord.server.serve import ListenOptions, hypercorn_config
from cursord.testing.http_client import Client, connect_tcp
from cursord.testing.memory_server import serve_in_memory, serve_tcp

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


def _piece(index: int) -> bytes:
    return f"{index:05d}:".encode() + b"x" * (index % 7 * 50)


async def _lifespan(receive: Receive, send: Send) -> None:
    while True:
        message = await receive()
        await send({"type": f"{message['type']}.complete"})


async def _start_body(scope: Message, receive: Receive, send: Send) -> BodyWriter:
    """An app's response head sent (the lifespan served first), and the body writer for its `send`."""
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
    await send({"type": "http.response.start", "status": 200, "headers": []})
    write = body_writer(send)
    assert write is not None
    return write


@attrs.define(eq=False)
class MixedApp:
    """Streams pieces, every third by its own `send` and the others by the body writer."""

    written: int = 0

    async def __call__(self, scope: Message, receive: Receive, send: Send) -> None:
        write = await _start_body(scope, receive, send)
        for index in range(300):
            piece = _piece(index)
            if index % 3 and write(piece):
                self.written += 1
            else:
                await send({"type": "http.response.body", "body": piece, "more_body": True})
            if index % 10 == 0:
                await trio.lowlevel.checkpoint()
        await send({"type": "http.response.body", "body": b"", "more_body": False})


@pytest.mark.parametrize("http2", [True, False])
async def test_written_pieces_keep_their_order_with_the_apps_sends(http2: bool) -> None:
    app = MixedApp()
    async with serve_tcp(app, hypercorn_config(ListenOptions(), 1 << 20)) as (host, port):
        client = Client(lambda: connect_tcp(host, port), http2, window=1 << 24)
        with trio.fail_after(30):
            async with client.request("GET", "/") as response:
                body = await response.read_all()
    assert body == b"".join(_piece(index) for index in range(300))
    assert app.written == 200


@attrs.define(eq=False)
class FillingApp:
    """Writes chunks by the body writer until it refuses one (the socket is full: the last went in part, and
    the connection's lock is held until it is finished), then ends by its own send."""

    chunk: int
    full: trio.Event = attrs.Factory(trio.Event)
    written: int = 0

    async def __call__(self, scope: Message, receive: Receive, send: Send) -> None:
        write = await _start_body(scope, receive, send)
        while write(self._data(self.written)):
            self.written += 1
        self.full.set()
        await send({"type": "http.response.body", "body": b"end", "more_body": False})

    def _data(self, index: int) -> bytes:
        return bytes([index % 251]) * self.chunk


@pytest.mark.parametrize(("http2", "chunk"), [(True, 16_000), (False, 1 << 16)])
async def test_a_chunk_the_socket_takes_in_part_is_finished_before_any_other_write(
    http2: bool, chunk: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished: list[int] = []
    real_finish = hypercorn_fixes._finish_write

    async def finish_write(server: Any, view: memoryview, sent: int) -> None:
        finished.append(len(view) - sent)
        await real_finish(server, view, sent)

    monkeypatch.setattr(hypercorn_fixes, "_finish_write", finish_write)
    app = FillingApp(chunk)
    async with serve_tcp(app, hypercorn_config(ListenOptions(), 1 << 20)) as (host, port):
        client = Client(lambda: connect_tcp(host, port), http2, window=(1 << 31) - 1)
        with trio.fail_after(30):
            async with client.request("GET", "/") as response:
                await app.full.wait()  # nothing read until the writer has filled the socket
                body = await response.read_all()
    assert app.written > 0 and len(finished) == 1 and finished[0] > 0
    assert body == b"".join(app._data(index) for index in range(app.written)) + b"end"


async def test_no_writer_for_a_wrapped_send_or_a_socketless_stream() -> None:
    """The recorder wraps `send` (and must see every message); an in-memory stream has no socket to write."""
    writers: list[BodyWriter | None] = []

    async def app(scope: Message, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send)

        async def wrapped(message: Message) -> None:
            await send(message)

        await send({"type": "http.response.start", "status": 200, "headers": []})
        writers.extend([body_writer(wrapped), body_writer(send)])
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    async with serve_in_memory(app, hypercorn_config(ListenOptions(), 1 << 20)) as server:
        client = Client(server.connect, True)
        async with client.request("GET", "/") as response:
            await response.read_all()
    assert writers == [None, None]


async def test_a_runs_wrappers_are_gone_around_once_its_head_is_sent() -> None:
    """A Run's `send` is `_LazyStart` (its head sent with the first body) inside the app's `_TrackedSend`:
    both pass bodies on unchanged once the head is out, and not before."""
    writers: list[bool] = []

    async def app(scope: Message, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send)
        run_send = _TrackedSend(_LazyStart(send, []))
        writers.append(body_writer(run_send) is not None)
        await run_send({"type": "http.response.body", "body": b"first", "more_body": True})
        write = body_writer(run_send)
        writers.append(write is not None and write(b"second"))
        await run_send({"type": "http.response.body", "body": b"", "more_body": False})

    async with serve_tcp(app, hypercorn_config(ListenOptions(), 1 << 20)) as (host, port):
        client = Client(lambda: connect_tcp(host, port), True)
        with trio.fail_after(30):
            async with client.request("GET", "/") as response:
                body = await response.read_all()
    assert writers == [False, True]
    assert body == b"firstsecond"


async def test_a_part_left_unwritten_on_a_connection_whose_tasks_have_ended_is_dropped_with_it() -> None:
    """The connection closed between the publish and its write (its task group has no nursery any more): the
    publisher is not failed, and the send lock is left as it was, free."""
    from hypercorn.trio.task_group import TaskGroup

    from cursord.server.lazy_sync import LazyLock

    left, right = trio.testing.memory_stream_pair()  # no socket: the write takes nothing, a task must finish it
    server = attrs.make_class("Server", ["stream", "send_lock", "_task_group"])(left, LazyLock(), TaskGroup())
    hypercorn_fixes._write_now(server, b"a frame")
    assert server.send_lock.is_free()
    await right.aclose()
