"""The socket write Hypercorn's sends go through: what a plain socket's buffer takes is written at once,
without trio's `send_all`; a TLS stream (or any other) is never written under its framing."""

from __future__ import annotations

import socket

import trio
import trio.testing

from cursord.server.hypercorn_fixes import _write_at_once


async def test_a_plain_socket_takes_a_small_write_at_once() -> None:
    left, right = trio.socket.socketpair()
    stream, peer = trio.SocketStream(left), trio.SocketStream(right)
    async with stream, peer:
        assert _write_at_once(stream, b"event") == 5
        assert await peer.receive_some(100) == b"event"


async def test_a_full_socket_takes_part_or_none_and_send_all_writes_the_rest() -> None:
    left, right = trio.socket.socketpair()
    left.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    stream, peer = trio.SocketStream(left), trio.SocketStream(right)
    data = bytes(range(256)) * 4096  # 1 MiB: more than both buffers hold
    async with stream, peer:
        sent = _write_at_once(stream, data)
        assert 0 < sent < len(data)
        received = bytearray()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(stream.send_all, data[sent:])
            while len(received) < len(data):
                received += await peer.receive_some(1 << 16)
        assert bytes(received) == data
        assert _write_at_once(stream, b"") == 0


async def test_a_closed_socket_or_another_stream_is_left_to_send_all() -> None:
    left, right = trio.socket.socketpair()
    stream = trio.SocketStream(left)
    right.close()
    await stream.aclose()
    assert _write_at_once(stream, b"event") == 0
    memory, _ = trio.testing.memory_stream_pair()
    assert _write_at_once(memory, b"event") == 0
