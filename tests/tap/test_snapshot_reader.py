"""The standard-library reader of the tap's first message (`cursord.tap.snapshot`), frame by frame: what
trio-websocket's server (wsproto) may send, beyond what one small snapshot over loopback shows
(`tests/cli/test_status.py` reads real daemons with it)."""

from __future__ import annotations

import socket
import struct
import threading

import pytest

from cursord.tap.snapshot import _Closed, _Reader


def frame(opcode: int, payload: bytes, *, fin: bool = True, mask: bytes = b"") -> bytes:
    first = (0x80 if fin else 0) | opcode
    size = len(payload)
    if size < 126:
        head = bytes([first, (0x80 if mask else 0) | size])
    elif size < 1 << 16:
        head = bytes([first, (0x80 if mask else 0) | 126]) + struct.pack("!H", size)
    else:
        head = bytes([first, (0x80 if mask else 0) | 127]) + struct.pack("!Q", size)
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return head + mask + payload


def read_message(wire: bytes) -> str:
    """`wire` written by a thread of its own (a frame larger than the socket's buffer waits for the reader)."""
    ours, theirs = socket.socketpair()

    def write() -> None:
        theirs.sendall(wire)
        theirs.shutdown(socket.SHUT_WR)

    writer = threading.Thread(target=write)
    with ours, theirs:
        writer.start()
        try:
            return _Reader(ours).message()
        finally:
            ours.close()  # a reader that stopped early leaves the writer nothing to block on
            writer.join()


def test_a_message_in_fragments_with_a_ping_between_them_is_joined() -> None:
    wire = frame(0x1, b'{"type": ', fin=False) + frame(0x9, b"ping") + frame(0x0, b'"snapshot"}')
    assert read_message(wire) == '{"type": "snapshot"}'


@pytest.mark.parametrize("size", [125, 126, 65535, 65536, 300_000])
def test_every_length_encoding(size: int) -> None:
    text = "x" * size
    assert read_message(frame(0x1, text.encode())) == text


def test_a_masked_frame_is_unmasked() -> None:
    assert read_message(frame(0x1, "snapshot ✓".encode(), mask=b"\x01\x02\x03\x04")) == "snapshot ✓"


@pytest.mark.parametrize("wire", [frame(0x8, b"\x03\xe8"), frame(0x1, b"cut short")[:-3], b""])
def test_a_close_or_an_ended_connection_before_a_whole_message_is_closed(wire: bytes) -> None:
    with pytest.raises(_Closed):
        read_message(wire)
