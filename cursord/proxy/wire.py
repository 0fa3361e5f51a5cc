"""HTTP/1.1 over a trio stream for the proxy: one h11 connection, one reader task, request bodies.

Theory of operation. `H11Stream` pairs an `h11.Connection` with a stream. While it is *direct* (the
first request on a proxy connection, which may be a CONNECT that hands the raw stream to TLS or a
tunnel) `next_event` reads the stream itself, so nothing is read past what h11 needs. After `start`
a reader task owns `receive_some` for good: it appends to a buffer (at most `READ_AHEAD` bytes ahead of
the consumer, which is the backpressure) and sets `closed` at EOF or on a transport error. One reader
means the stream is never read from two tasks and a pending read is never cancelled mid-record; the
`closed` event is how a response in progress learns that its client went away. After a protocol
switch (101) `receive_raw` hands out what h11 left unparsed, then the reader's bytes.

Bodies are `BodySource`s: `LiveBody` pulls h11 `Data` from a peer as it arrives; `BufferedBody`
replays chunks already read (the proxy reads a small run RPC body whole to route it), optionally
followed by the rest of a live body.
"""

from __future__ import annotations

import abc

import attrs
import h11
import trio

__all__ = [
    "MAX_INCOMPLETE_EVENT",
    "READ_AHEAD",
    "BodySource",
    "BodyTooLarge",
    "BufferedBody",
    "H11Stream",
    "LiveBody",
    "PeerGone",
    "read_body",
]

MAX_RECV = 1 << 16
#: how far the reader task may read ahead of the consumer.
READ_AHEAD = 1 << 18
#: the largest request or response head accepted (Cursor's requests carry long JWTs and x-cursor-* headers).
MAX_INCOMPLETE_EVENT = 1 << 16

HeaderList = list[tuple[bytes, bytes]]


class PeerGone(Exception):
    """The peer closed the connection, reset it, or broke HTTP/1.1."""


class BodyTooLarge(Exception):
    """`read_body` passed its limit; `chunks` holds what was read, for replay."""

    def __init__(self, chunks: list[bytes]) -> None:
        super().__init__(f"body larger than {sum(map(len, chunks))} bytes")
        self.chunks = chunks


@attrs.define(eq=False)
class H11Stream:
    stream: trio.abc.Stream
    conn: h11.Connection
    #: set once the peer is gone: EOF, a transport error, or `close`.
    closed: trio.Event = attrs.Factory(trio.Event)
    _buffer: bytearray = attrs.Factory(bytearray)
    _data: trio.Event = attrs.Factory(trio.Event)
    _space: trio.Event = attrs.Factory(trio.Event)
    _started: bool = False
    _eof: bool = False
    _fed_eof: bool = False
    _switched: bool = False

    @classmethod
    def server(cls, stream: trio.abc.Stream) -> H11Stream:
        return cls(stream, h11.Connection(h11.SERVER, max_incomplete_event_size=MAX_INCOMPLETE_EVENT))

    @classmethod
    def client(cls, stream: trio.abc.Stream) -> H11Stream:
        return cls(stream, h11.Connection(h11.CLIENT, max_incomplete_event_size=MAX_INCOMPLETE_EVENT))

    # --- reading -------------------------------------------------------------------------------------

    async def run_reader(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """The reader task (start it in the connection's nursery); returns at EOF or on an error."""
        self._started = True
        task_status.started()
        try:
            while True:
                while len(self._buffer) >= READ_AHEAD:
                    self._space = trio.Event()
                    await self._space.wait()
                try:
                    data = await self.stream.receive_some(MAX_RECV)
                except (trio.BrokenResourceError, trio.ClosedResourceError):
                    data = b""
                if not data:
                    return
                self._buffer += data
                self._data.set()
        finally:
            self._eof = True
            self._data.set()
            self.closed.set()

    async def _more(self) -> bytes:
        """The next bytes from the peer: b"" at EOF."""
        if not self._started:
            try:
                data = await self.stream.receive_some(MAX_RECV)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                data = b""
            if not data:
                self._eof = True
                self.closed.set()
            return bytes(data)
        while not self._buffer and not self._eof:
            self._data = trio.Event()
            await self._data.wait()
        data = bytes(self._buffer)
        self._buffer.clear()
        self._space.set()
        return data

    async def next_event(self) -> h11.Event | type[h11.PAUSED]:
        """The next h11 event; PeerGone if the peer broke the protocol (ConnectionClosed is an event)."""
        while True:
            try:
                event = self.conn.next_event()
            except h11.RemoteProtocolError as exc:
                raise PeerGone(f"HTTP/1.1 protocol error: {exc}") from exc
            if event is not h11.NEED_DATA:
                return event  # type: ignore[return-value]  # mypy cannot narrow a sentinel class
            if self._fed_eof:
                raise PeerGone("connection closed")
            data = await self._more()
            if not data:
                self._fed_eof = True
            self.conn.receive_data(data)

    async def receive_raw(self) -> bytes:
        """After a protocol switch: h11's unparsed bytes first, then whatever the peer sends (b"" at EOF)."""
        if not self._switched:
            self._switched = True  # h11 is done with this connection; its buffer is handed out once
            leftover, _ = self.conn.trailing_data
            if leftover:
                return bytes(leftover)
        if self._eof and not self._buffer:
            await trio.lowlevel.checkpoint()
            return b""
        return await self._more()

    # --- writing -------------------------------------------------------------------------------------

    async def send(self, *events: h11.Event) -> None:
        """Serialize `events` and write them in one `send_all`; PeerGone if the transport is gone."""
        data = b"".join(self.conn.send(event) or b"" for event in events)
        await self.send_raw(data)

    async def send_raw(self, data: bytes) -> None:
        if not data:
            return
        try:
            await self.stream.send_all(data)
        except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
            self.closed.set()
            raise PeerGone(f"connection lost while sending: {exc!r}") from exc

    @property
    def reusable(self) -> bool:
        """Both sides finished a request cycle cleanly and the connection may carry another."""
        return self.conn.our_state is h11.DONE and self.conn.their_state is h11.DONE and not self.closed.is_set()

    async def close(self) -> None:
        """Close the stream at once (no TLS close_notify wait); idempotent."""
        self.closed.set()
        await trio.aclose_forcefully(self.stream)


# --- bodies ---------------------------------------------------------------------------------------------


class BodySource(abc.ABC):
    """A request body, chunk by chunk; `trailers` is filled once `next_chunk` has returned None."""

    trailers: HeaderList

    @abc.abstractmethod
    async def next_chunk(self) -> bytes | None:
        """The next non-empty chunk, or None at the end. PeerGone if the client went away."""


class LiveBody(BodySource):
    """The body of the request `peer` is receiving, as it arrives."""

    def __init__(self, peer: H11Stream) -> None:
        self._peer = peer
        self.trailers = []
        self.done = False

    async def next_chunk(self) -> bytes | None:
        while not self.done:
            event = await self._peer.next_event()
            if isinstance(event, h11.Data):
                if event.data:
                    return bytes(event.data)
            elif isinstance(event, h11.EndOfMessage):
                self.trailers = list(event.headers.raw_items())
                self.done = True
            else:
                raise PeerGone(f"unexpected {event!r} in a request body")
        return None


class BufferedBody(BodySource):
    """Chunks already read, then (if given) the rest of a live body; else `trailers` at the end."""

    def __init__(self, chunks: list[bytes], trailers: HeaderList | None = None, rest: BodySource | None = None) -> None:
        self._chunks = [chunk for chunk in chunks if chunk]
        self._rest = rest
        self.trailers = list(trailers or [])

    async def next_chunk(self) -> bytes | None:
        if self._chunks:
            await trio.lowlevel.checkpoint()
            return self._chunks.pop(0)
        if self._rest is None:
            await trio.lowlevel.checkpoint()
            return None
        chunk = await self._rest.next_chunk()
        if chunk is None:
            self.trailers = self._rest.trailers
        return chunk


async def read_body(source: BodySource, limit: int) -> tuple[bytes, HeaderList]:
    """The whole body and its trailers; BodyTooLarge (with the chunks read) once it passes `limit`."""
    chunks: list[bytes] = []
    size = 0
    while (chunk := await source.next_chunk()) is not None:
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge(chunks)
    return b"".join(chunks), source.trailers
