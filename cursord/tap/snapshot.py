"""The tap's first message, read with the standard library alone: `cursord status` and `cursord forwarded`.

Theory of operation. The tap (`cursord.tap.hub`) is a WebSocket endpoint that sends a snapshot first, then one
message per event. Reading the snapshot is one HTTP/1.1 Upgrade (RFC 6455 section 4), one message and a close,
so these commands do it over a plain blocking socket instead of importing trio and trio-websocket (a third of
a second before the first byte, on every call). The client sends no extensions, so the server's frames are
plain: text or continuation frames, unmasked, with pings and pongs between them that need no answer for a read
this short.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import socket
import struct
from typing import Any
from urllib.parse import urlsplit

from cursord.tap.target import CONNECT_TIMEOUT, MAX_MESSAGE_BYTES, TapClientError, TapTarget, refusal_message

__all__ = ["read_snapshot"]

_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
_TEXT, _CONTINUATION, _CLOSE = 0x1, 0x0, 0x8
_MAX_HEAD_BYTES = 64 << 10


class _Closed(Exception):
    """The connection ended before a whole message came."""


def read_snapshot(target: TapTarget, timeout: float = CONNECT_TIMEOUT) -> dict[str, Any]:
    """Connect, read the snapshot the tap sends first, disconnect. Raises TapClientError."""
    try:
        with _connect(target, timeout) as sock:
            reader = _Reader(sock)
            _handshake(sock, reader, target)
            message = reader.message()
            _send_close(sock)
    except _Closed:
        raise TapClientError(f"cursord at {target.address} closed the tap before its snapshot") from None
    except OSError as error:
        raise TapClientError(
            f"cannot reach cursord at {target.address} ({type(error).__name__}: {error}); is it running?"
        ) from None
    event = json.loads(message)
    if not isinstance(event, dict) or event.get("type") != "snapshot":
        raise TapClientError(f"cursord at {target.address} sent no snapshot first")
    return event


def _connect(target: TapTarget, timeout: float) -> socket.socket:
    url = urlsplit(target.url)
    assert url.hostname is not None and url.port is not None
    sock = socket.create_connection((url.hostname, url.port), timeout=timeout)
    if target.ssl_context is None:
        return sock
    try:
        wrapped: socket.socket = target.ssl_context.wrap_socket(sock, server_hostname=url.hostname)
        return wrapped
    except BaseException:
        sock.close()
        raise


class _Reader:
    """Bytes from the socket, buffered: a response head, then frames."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._buffer = bytearray()

    def _fill(self) -> None:
        chunk = self._sock.recv(65536)
        if not chunk:
            raise _Closed
        self._buffer += chunk

    def until(self, marker: bytes, limit: int) -> bytes:
        while (end := self._buffer.find(marker)) < 0:
            if len(self._buffer) > limit:
                raise _Closed
            self._fill()
        taken = bytes(self._buffer[: end + len(marker)])
        del self._buffer[: end + len(marker)]
        return taken

    def exactly(self, size: int) -> bytes:
        while len(self._buffer) < size:
            self._fill()
        taken = bytes(self._buffer[:size])
        del self._buffer[:size]
        return taken

    def available(self, limit: int) -> bytes:
        """What is buffered or arrives next (at most `limit` bytes): the body of a refusal."""
        if not self._buffer:
            try:
                self._fill()
            except _Closed:
                return b""
        return bytes(self._buffer[:limit])

    def message(self) -> str:
        """The next whole text message (its frames joined); control frames other than close are skipped."""
        parts: list[bytes] = []
        size = 0
        while True:
            first, second = self.exactly(2)
            fin, opcode = first & 0x80, first & 0x0F
            length = second & 0x7F
            if length == 126:
                (length,) = struct.unpack("!H", self.exactly(2))
            elif length == 127:
                (length,) = struct.unpack("!Q", self.exactly(8))
            mask = self.exactly(4) if second & 0x80 else b""
            size += length
            if size > MAX_MESSAGE_BYTES:
                raise _Closed
            payload = self.exactly(length)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == _CLOSE:
                raise _Closed
            if opcode in (_TEXT, _CONTINUATION):
                parts.append(payload)
                if fin:
                    return b"".join(parts).decode("utf-8")


def _handshake(sock: socket.socket, reader: _Reader, target: TapTarget) -> None:
    url = urlsplit(target.url)
    path = url.path + (f"?{url.query}" if url.query else "")
    key = base64.b64encode(os.urandom(16))
    request = (
        f"GET {path} HTTP/1.1\r\nHost: {target.address}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key.decode()}\r\nSec-WebSocket-Version: 13\r\n"
        f"Authorization: Bearer {target.token}\r\n\r\n"
    )
    sock.sendall(request.encode("latin-1"))
    head = reader.until(b"\r\n\r\n", _MAX_HEAD_BYTES).decode("latin-1")
    status_line, *header_lines = head.split("\r\n")
    parts = status_line.split(" ", 2)
    status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    headers = {
        name.strip().lower(): value.strip()
        for name, _, value in (line.partition(":") for line in header_lines if line)
    }
    if status != 101:
        body = reader.available(4096).decode("utf-8", "replace").strip()
        raise TapClientError(refusal_message(target, status, body))
    expected = base64.b64encode(hashlib.sha1(key + _GUID).digest()).decode()
    if headers.get("sec-websocket-accept") != expected:
        raise TapClientError(f"cursord at {target.address} answered the tap with a bad WebSocket handshake")


def _send_close(sock: socket.socket) -> None:
    """A masked close frame with no status (clients mask every frame); the socket closes right after."""
    mask = os.urandom(4)
    with contextlib.suppress(OSError):
        sock.sendall(bytes([0x80 | _CLOSE, 0x80]) + mask)
