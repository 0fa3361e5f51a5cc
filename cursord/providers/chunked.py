"""ChunkedBody: the data of an HTTP/1.1 chunked body, up to its last chunk, without h11's event per chunk.

Theory of operation.  The lean transport (`cursord.providers.h11_transport`) lets h11 read a response's head
and its body's end, and reads the chunks in between itself: h11 makes an event object, a reader call and a
state check per chunk (about 10 µs each, one per provider event on a streaming answer), where cutting the
chunks out of a read is a few slices.  `feed(bytes)` cuts out the chunk data the bytes bring and
`next_piece()` hands it on a piece at a time, as h11's `Data` events came (a chunk's data, or the part of it
one read brought), so what a pass publishes is grouped as before.  Once the last chunk's header line (size
0) has come, `rest` holds everything from that line on (the trailer section, and anything after it) for h11
to read, so the trailers and the connection's next cycle stay h11's.  It accepts and refuses what h11
0.16's `ChunkedReader` does, with h11's messages: the chunk header matched by h11's own pattern (a bare size of
at most 20 hex digits, the usual line, is taken without the pattern: it is what the pattern matches), a chunk's
data followed by exactly CRLF, a header line of at most `MAX_LINE` bytes.  No I/O: the transport feeds it
each read.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["ChunkedBody", "ChunkedBodyError"]

#: h11's `chunk_header` (`h11._abnf`): a hexadecimal size, extensions (ignored), optional whitespace, CRLF
_HEADER: Final = re.compile(rb"(?P<chunk_size>([0-9A-Fa-f]){1,20})(?P<chunk_ext>;.*)?[ \t]*\r\n")
#: what a chunk's size is written in
_HEX_DIGITS: Final = b"0123456789abcdefABCDEF"
#: the longest chunk header line kept while its end has not come (h11's `max_incomplete_event_size`)
MAX_LINE: Final = 16 * 1024


class ChunkedBodyError(Exception):
    """The peer broke the chunked framing (h11 raises `RemoteProtocolError` with the same message)."""


class ChunkedBody:
    """The chunk data of one body, cut out of the reads that carry it."""

    __slots__ = ("_footer", "_left", "_ready", "_start", "_unread", "rest")

    def __init__(self, start: bytes = b"") -> None:
        #: what came with the response's head, for the first read (`take_start`)
        self._start = start
        #: bytes of the current chunk's data still to come
        self._left = 0
        #: what is still to come of the CRLF that ends a chunk's data
        self._footer = b""
        #: a header line whose end has not come yet
        self._unread = b""
        #: pieces of chunk data cut out and not handed on yet, in order (a list, not a deque: an empty deque
        #: weighs 0.7 KB, held by every stream waiting for its provider; `pop(0)` over a flood's read of a
        #: thousand pieces costs about 0.07 µs a piece)
        self._ready: list[bytes] = []
        #: once the last chunk's header line has come: the bytes from it on, for h11
        self.rest: bytes | None = None

    def take_start(self) -> bytes:
        """What came with the response's head (once; then b""): to `feed` before reading the socket."""
        start, self._start = self._start, b""
        return start

    def next_piece(self) -> bytes | None:
        """The next piece of chunk data `feed` cut out (None: none left)."""
        return self._ready.pop(0) if self._ready else None

    def feed(self, data: bytes) -> None:
        """Cut the chunk data out of `data`, for `next_piece`; raises `ChunkedBodyError` on broken framing."""
        if self._unread:
            data, self._unread = self._unread + data, b""
        pieces = self._ready
        pos, size = 0, len(data)
        while pos < size:
            if self._left:
                end = min(size, pos + self._left)
                pieces.append(data[pos:end])
                self._left -= end - pos
                pos = end
                if not self._left:
                    self._footer = b"\r\n"
            elif self._footer:
                got = data[pos : pos + len(self._footer)]
                if got != self._footer[: len(got)]:
                    raise ChunkedBodyError(f"malformed chunk footer: {bytearray(got)!r} (expected {self._footer!r})")
                self._footer = self._footer[len(got) :]
                pos += len(got)
            else:
                end = data.find(b"\r\n", pos)
                if end < 0:
                    self._unread = data[pos:]
                    if len(self._unread) > MAX_LINE:
                        raise ChunkedBodyError("Receive buffer too long")
                    break
                digits = data[pos:end]
                if 0 < len(digits) <= 20 and not digits.strip(_HEX_DIGITS):  # a bare size (h11's pattern, quicker)
                    left = int(digits, 16)
                else:
                    match = _HEADER.fullmatch(data, pos, end + 2)
                    if match is None:
                        raise ChunkedBodyError(f"illegal chunk header: {bytearray(data[pos : end + 2])!r}")
                    left = int(match[1], 16)
                if not left:
                    self.rest = data[pos:]
                    break
                pos = end + 2
                stop = pos + left
                if data[stop : stop + 2] == b"\r\n":  # the whole chunk came, and its CRLF (a streamed event: one read)
                    pieces.append(data[pos:stop])
                    pos = stop + 2
                else:
                    self._left = left
