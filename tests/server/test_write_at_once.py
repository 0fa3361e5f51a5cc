"""The socket write Hypercorn's sends go through: what a plain socket's buffer takes is written at once,
without trio's `send_all`; a TLS stream (or any other) is never written under its framing. And the read a
plain connection's loop makes once the socket is readable."""

from __future__ import annotations

import socket
import struct

import pytest
import trio
import trio.testing

from cursord.server.hypercorn_fixes import _receive_at_once, _write_at_once


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


async def test_the_read_loop_takes_what_a_plain_socket_holds_without_waiting() -> None:
    """`_receive_at_once`: what is there, None when nothing is yet (the loop then waits), b"" at the client's
    end, and trio's errors for a socket closed here or reset by the client, as `receive_some` raises them."""
    left, right = trio.socket.socketpair()
    stream, peer = trio.SocketStream(left), trio.SocketStream(right)
    assert _receive_at_once(stream) is None
    await peer.send_all(b"request")
    await trio.lowlevel.wait_readable(left)
    assert _receive_at_once(stream) == b"request"
    await peer.send_eof()
    await trio.lowlevel.wait_readable(left)
    assert _receive_at_once(stream) == b""
    await stream.aclose()
    with pytest.raises(trio.ClosedResourceError):
        _receive_at_once(stream)
    await peer.aclose()

    listener = (await trio.open_tcp_listeners(0, host="127.0.0.1"))[0]
    async with listener:
        client = await trio.open_tcp_stream("127.0.0.1", listener.socket.getsockname()[1])
        served = await listener.accept()
        await served.send_all(b"unread")
        await trio.lowlevel.wait_readable(client.socket)
        client.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        await client.aclose()  # with unread data and a zero linger: a reset
        await trio.lowlevel.wait_readable(served.socket)
        with pytest.raises(trio.BrokenResourceError):
            _receive_at_once(served)
        await served.aclose()
