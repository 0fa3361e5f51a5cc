"""A small HTTP client over any `trio.abc.Stream`, for driving the real Hypercorn server in tests.

Theory of operation. The protocol work is done by the sans-IO libraries (h11 for HTTP/1.1, h2 for HTTP/2
with prior knowledge: the "PRI *" preface, no upgrade); this module only moves bytes between them and a
trio stream, so the same client runs over loopback TCP and over `trio.testing.memory_stream_pair()`.

- HTTP/1.1 (`_H11Connection`) has no background task: the caller's task reads the stream while it reads
  the response. One request at a time; a finished response leaves the connection reusable (keep-alive).
  Closing a response before its end closes the connection, which the server sees as a disconnect.
- HTTP/2 (`_H2Connection`) has one reader task per connection (in the nursery of `open_http`). It feeds
  received bytes to h2 and delivers each stream's events into that stream's memory channel; the channel
  buffer is unbounded but flow control bounds it, because a stream's data is acknowledged (and its window
  handed back to the server) only when `read_chunk` consumes it. Every write to the socket goes through
  `_flush`, which pops h2's outgoing bytes under a lock, so frames leave in the order h2 produced them.
  Closing a response before its end sends RST_STREAM(CANCEL).

Timeouts are not this module's business: tests wrap calls in `trio.fail_after`.
"""

from __future__ import annotations

import abc
import math
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager, suppress
from types import TracebackType

import attrs
import h2.config
import h2.connection
import h2.errors
import h2.events
import h2.exceptions
import h2.settings
import h11
import trio

Headers = list[tuple[bytes, bytes]]
HeaderInput = Iterable[tuple[bytes | str, bytes | str]]

MAX_RECV = 2**16
#: HTTP/2 receive window (per stream and for the connection) that `open_http` announces by default.
DEFAULT_WINDOW = 2**24
_H2_DEFAULT_WINDOW = 65535


class HTTPClientError(Exception):
    """Base of the errors this client raises for what the server or the transport did."""


class ConnectionClosedError(HTTPClientError):
    """The connection ended (EOF, reset, GOAWAY, or closed by us) before the response was complete."""


class StreamResetError(HTTPClientError):
    """The server reset the HTTP/2 stream (RST_STREAM); `error_code` is the HTTP/2 error code."""

    def __init__(self, stream_id: int, error_code: int) -> None:
        self.stream_id = stream_id
        self.error_code = error_code
        try:
            name = h2.errors.ErrorCodes(error_code).name
        except ValueError:
            name = f"error code {error_code:#x}"
        super().__init__(f"stream {stream_id} reset by the server: {name}")


class RemoteProtocolError(HTTPClientError):
    """The server broke the HTTP protocol."""


def _to_bytes(value: bytes | str) -> bytes:
    return value.encode("latin-1") if isinstance(value, str) else bytes(value)


def _normalize(headers: HeaderInput) -> Headers:
    return [(_to_bytes(name).lower(), _to_bytes(value)) for name, value in headers]


class Response(abc.ABC):
    """One response: status and headers at once, the body read chunk by chunk.

    `trailers` holds the trailing headers once the body has been read to its end (HTTP/2 trailers, or
    HTTP/1.1 chunked trailers); it is empty before that or if there were none. Chunk boundaries are
    whatever the transport delivered, not necessarily the server's writes.
    """

    status: int
    headers: Headers
    trailers: Headers

    @abc.abstractmethod
    async def read_chunk(self) -> bytes | None:
        """The next piece of body (never empty), or None once the body has ended (or after `aclose`)."""

    async def read_all(self) -> bytes:
        """The rest of the body."""
        chunks: list[bytes] = []
        while (chunk := await self.read_chunk()) is not None:
            chunks.append(chunk)
        return b"".join(chunks)

    @abc.abstractmethod
    async def aclose(self) -> None:
        """Stop reading. Before the end this abandons the request, as a client that goes away would:
        HTTP/2 resets the stream with CANCEL, HTTP/1.1 closes the connection. Idempotent."""

    def header(self, name: bytes) -> bytes | None:
        """The first value of response header `name` (lower-case), or None."""
        for key, value in self.headers:
            if key == name:
                return value
        return None

    async def __aenter__(self) -> Response:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()


class HTTPConnection(abc.ABC):
    """One client connection, made by `open_http`."""

    http2: bool

    @abc.abstractmethod
    async def request(self, method: str, path: str, headers: HeaderInput = (), body: bytes = b"") -> Response:
        """Send a request (the whole body) and wait for the response headers.

        Header names are lower-cased. HTTP/1.1 adds `host` and `content-length` unless given; HTTP/2 sends
        the pseudo-headers. Raises `ConnectionClosedError`, `StreamResetError` or `RemoteProtocolError`."""

    async def open_request(self, method: str, path: str, headers: HeaderInput = ()) -> RequestStream:
        """A request whose body is sent piece by piece while the response is read (HTTP/2 only)."""
        raise NotImplementedError("bidi requests need HTTP/2")


# --- HTTP/1.1 ------------------------------------------------------------------------------------------


class _H11Connection(HTTPConnection):
    http2 = False

    def __init__(self, stream: trio.abc.Stream, authority: str) -> None:
        self._stream = stream
        self._authority = authority.encode("latin-1")
        self._conn = h11.Connection(our_role=h11.CLIENT)
        self._active: _H11Response | None = None
        self._closed = False
        self._saw_eof = False

    async def request(self, method: str, path: str, headers: HeaderInput = (), body: bytes = b"") -> Response:
        if self._active is not None and not self._active.done:
            raise RuntimeError("HTTP/1.1: one request at a time; finish or close the previous response")
        if self._conn.our_state is h11.DONE and self._conn.their_state is h11.DONE:
            self._conn.start_next_cycle()
        if self._closed or self._conn.our_state is not h11.IDLE:
            raise ConnectionClosedError("HTTP/1.1 connection is closed and cannot be reused")
        all_headers = _normalize(headers)
        names = {name for name, _ in all_headers}
        if b"host" not in names:
            all_headers.insert(0, (b"host", self._authority))
        if b"content-length" not in names and b"transfer-encoding" not in names:
            all_headers.append((b"content-length", str(len(body)).encode()))
        data = self._conn.send(h11.Request(method=method, target=path, headers=all_headers))
        if body:
            data += self._conn.send(h11.Data(data=body))
        data += self._conn.send(h11.EndOfMessage())
        try:
            await self._stream.send_all(data)
        except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
            self._closed = True
            raise ConnectionClosedError(f"HTTP/1.1 connection lost while sending: {exc!r}") from exc
        while True:
            event = await self._next_event()
            if isinstance(event, h11.InformationalResponse):
                continue
            if not isinstance(event, h11.Response):
                raise RemoteProtocolError(f"expected a response, got {event!r}")
            self._active = _H11Response(self, event.status_code, [(n, v) for n, v in event.headers])
            return self._active

    async def _next_event(self) -> h11.Event:
        while True:
            try:
                event = self._conn.next_event()
            except h11.RemoteProtocolError as exc:
                self._closed = True
                if self._saw_eof:
                    raise ConnectionClosedError(f"server closed the connection: {exc}") from exc
                raise RemoteProtocolError(str(exc)) from exc
            if isinstance(event, h11.ConnectionClosed):
                self._closed = True
                raise ConnectionClosedError("server closed the connection")
            if isinstance(event, h11.Event):
                return event
            if event is not h11.NEED_DATA:  # PAUSED
                raise RemoteProtocolError("server sent more than one response")
            try:
                data = await self._stream.receive_some(MAX_RECV)
            except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
                self._closed = True
                raise ConnectionClosedError(f"HTTP/1.1 connection lost: {exc!r}") from exc
            self._saw_eof = self._saw_eof or not data
            self._conn.receive_data(bytes(data))

    async def abandon(self) -> None:
        self._closed = True
        await self._stream.aclose()


class _H11Response(Response):
    def __init__(self, connection: _H11Connection, status: int, headers: Headers) -> None:
        self._connection = connection
        self.status = status
        self.headers = headers
        self.trailers = []
        self.done = False

    async def read_chunk(self) -> bytes | None:
        while not self.done:
            event = await self._connection._next_event()
            if isinstance(event, h11.Data):
                if event.data:
                    return bytes(event.data)
            elif isinstance(event, h11.EndOfMessage):
                self.trailers = [(n, v) for n, v in event.headers]
                self.done = True
            else:
                raise RemoteProtocolError(f"unexpected event in a response body: {event!r}")
        return None

    async def aclose(self) -> None:
        if not self.done:
            self.done = True
            await self._connection.abandon()


# --- HTTP/2 --------------------------------------------------------------------------------------------


@attrs.frozen
class _HeadersItem:
    status: int
    headers: Headers


@attrs.frozen
class _DataItem:
    data: bytes
    flow_controlled_length: int


@attrs.frozen
class _TrailersItem:
    headers: Headers


@attrs.frozen
class _EndItem:
    pass


@attrs.frozen
class _FailedItem:
    error: HTTPClientError


_Item = _HeadersItem | _DataItem | _TrailersItem | _EndItem | _FailedItem


@attrs.define(eq=False)
class _H2Stream:
    stream_id: int
    inbox: trio.MemorySendChannel[_Item]
    outbox: trio.MemoryReceiveChannel[_Item]
    #: replaced before each look at the send window; set when a window may have opened.
    window_opened: trio.Event = attrs.Factory(trio.Event)
    #: the server ended or reset it, or the connection failed: nothing more will arrive.
    finished: bool = False

    def deliver(self, item: _Item) -> None:
        with suppress(trio.BrokenResourceError, trio.ClosedResourceError):
            self.inbox.send_nowait(item)
        if isinstance(item, _EndItem | _FailedItem):
            self.finished = True
            self.window_opened.set()


def _split_h2_headers(raw: Iterable[tuple[bytes | str, bytes | str]]) -> tuple[int, Headers]:
    status = 0
    headers: Headers = []
    for name, value in _normalize(raw):
        if name == b":status":
            status = int(value)
        elif not name.startswith(b":"):
            headers.append((name, value))
    return status, headers


class _H2Connection(HTTPConnection):
    http2 = True

    def __init__(self, stream: trio.abc.Stream, authority: str, window: int) -> None:
        self._stream = stream
        self._authority = authority.encode("latin-1")
        self._conn = h2.connection.H2Connection(
            config=h2.config.H2Configuration(client_side=True, header_encoding=None)
        )
        self._conn.local_settings = h2.settings.Settings(
            client=True,
            initial_values={
                h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: window,
                h2.settings.SettingCodes.ENABLE_PUSH: 0,
            },
        )
        self._window = window
        self._scheme = b"https" if isinstance(stream, trio.SSLStream) else b"http"
        self._send_lock = trio.Lock()
        self._streams: dict[int, _H2Stream] = {}
        self._closed_reason: str | None = None

    async def start(self) -> None:
        self._conn.initiate_connection()
        if self._window > _H2_DEFAULT_WINDOW:
            self._conn.increment_flow_control_window(self._window - _H2_DEFAULT_WINDOW)
        await self._flush()

    async def _flush(self) -> None:
        async with self._send_lock:
            data = self._conn.data_to_send()
            if not data:
                return
            try:
                await self._stream.send_all(data)
            except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
                self._fail(f"connection lost while sending: {exc!r}")
                raise ConnectionClosedError(self._closed_reason) from exc

    def _fail(self, reason: str) -> None:
        if self._closed_reason is None:
            self._closed_reason = reason
        streams, self._streams = self._streams, {}
        for stream in streams.values():
            stream.deliver(_FailedItem(ConnectionClosedError(reason)))

    async def request(self, method: str, path: str, headers: HeaderInput = (), body: bytes = b"") -> Response:
        if self._closed_reason is not None:
            raise ConnectionClosedError(self._closed_reason)
        stream_id = self._conn.get_next_available_stream_id()
        request_headers: Headers = [
            (b":method", method.encode("ascii")),
            (b":scheme", self._scheme),
            (b":authority", self._authority),
            (b":path", path.encode("ascii")),
            *_normalize(headers),
        ]
        self._conn.send_headers(stream_id, request_headers, end_stream=not body)
        inbox, outbox = trio.open_memory_channel[_Item](math.inf)
        stream = _H2Stream(stream_id, inbox, outbox)
        self._streams[stream_id] = stream
        try:
            await self._flush()
            await self._send_body(stream, body)
            while True:
                item = await outbox.receive()
                if isinstance(item, _HeadersItem):
                    return _H2Response(self, stream, item.status, item.headers)
                if isinstance(item, _FailedItem):
                    raise item.error
                raise RemoteProtocolError(f"stream {stream_id}: {item!r} before the response headers")
        except BaseException:
            await self.abandon(stream)
            raise

    async def open_request(self, method: str, path: str, headers: HeaderInput = ()) -> RequestStream:
        """Start a request whose body is sent piece by piece (`RequestStream.send`) while its response
        is read: a bidi stream. Nothing waits for the response headers here (`RequestStream.response`)."""
        if self._closed_reason is not None:
            raise ConnectionClosedError(self._closed_reason)
        stream_id = self._conn.get_next_available_stream_id()
        request_headers: Headers = [
            (b":method", method.encode("ascii")),
            (b":scheme", self._scheme),
            (b":authority", self._authority),
            (b":path", path.encode("ascii")),
            *_normalize(headers),
        ]
        self._conn.send_headers(stream_id, request_headers, end_stream=False)
        inbox, outbox = trio.open_memory_channel[_Item](math.inf)
        stream = _H2Stream(stream_id, inbox, outbox)
        self._streams[stream_id] = stream
        await self._flush()
        return RequestStream(self, stream)

    async def end_body(self, stream: _H2Stream) -> None:
        if stream.finished or self._closed_reason is not None:
            return
        with suppress(h2.exceptions.StreamClosedError):
            self._conn.end_stream(stream.stream_id)
        await self._flush()

    async def _send_body(self, stream: _H2Stream, body: bytes, *, end: bool = True) -> None:
        offset = 0
        while offset < len(body):
            if stream.finished:
                return  # the server answered or reset already; the outcome is in the stream's channel
            stream.window_opened = trio.Event()
            try:
                window = self._conn.local_flow_control_window(stream.stream_id)
            except h2.exceptions.StreamClosedError:
                return
            size = min(window, self._conn.max_outbound_frame_size, len(body) - offset)
            if size <= 0:
                await stream.window_opened.wait()
                continue
            chunk = body[offset : offset + size]
            offset += size
            self._conn.send_data(stream.stream_id, chunk, end_stream=end and offset >= len(body))
            await self._flush()

    async def acknowledge(self, stream: _H2Stream, size: int) -> None:
        if size and self._closed_reason is None:
            self._conn.acknowledge_received_data(size, stream.stream_id)
            await self._flush()

    async def abandon(self, stream: _H2Stream) -> None:
        """Reset `stream` (unless it is over) and hand back the window its unread data holds."""
        self._streams.pop(stream.stream_id, None)
        unread = 0
        while True:
            try:
                item = stream.outbox.receive_nowait()
            except (trio.WouldBlock, trio.EndOfChannel, trio.ClosedResourceError):
                break
            if isinstance(item, _DataItem):
                unread += item.flow_controlled_length
        stream.outbox.close()
        if self._closed_reason is not None:
            return
        if not stream.finished:
            stream.finished = True
            with suppress(h2.exceptions.StreamClosedError):
                self._conn.reset_stream(stream.stream_id, h2.errors.ErrorCodes.CANCEL)
        if unread:
            self._conn.acknowledge_received_data(unread, stream.stream_id)
        # The last send for this stream, shielded so that a cancelled reader still resets it.
        with trio.CancelScope(shield=True), suppress(ConnectionClosedError):
            await self._flush()

    async def read_loop(self) -> None:
        """The reader task: bytes from the stream into h2, h2's events into the streams' channels."""
        try:
            while True:
                try:
                    data = await self._stream.receive_some(MAX_RECV)
                except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
                    self._fail(f"connection lost: {exc!r}")
                    return
                if not data:
                    self._fail("server closed the connection")
                    return
                try:
                    events = self._conn.receive_data(bytes(data))
                except h2.exceptions.ProtocolError as exc:
                    self._fail(f"HTTP/2 protocol error from the server: {exc!r}")
                    return
                for event in events:
                    self._dispatch(event)
                try:
                    await self._flush()
                except ConnectionClosedError:
                    return
        finally:
            self._fail("connection closed")

    def _dispatch(self, event: h2.events.Event) -> None:
        if isinstance(event, h2.events.DataReceived):
            stream = self._streams.get(event.stream_id)
            if stream is None:  # abandoned: give its connection window straight back
                if event.flow_controlled_length and self._closed_reason is None:
                    self._conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            elif event.data or event.flow_controlled_length:
                stream.deliver(_DataItem(bytes(event.data), event.flow_controlled_length))
        elif isinstance(event, h2.events.ResponseReceived):
            status, headers = _split_h2_headers(event.headers)
            self._deliver(event.stream_id, _HeadersItem(status, headers))
        elif isinstance(event, h2.events.TrailersReceived):
            self._deliver(event.stream_id, _TrailersItem(_split_h2_headers(event.headers)[1]))
        elif isinstance(event, h2.events.StreamEnded):
            self._deliver(event.stream_id, _EndItem())
            self._streams.pop(event.stream_id, None)
        elif isinstance(event, h2.events.StreamReset):
            self._deliver(event.stream_id, _FailedItem(StreamResetError(event.stream_id, event.error_code)))
            self._streams.pop(event.stream_id, None)
        elif isinstance(event, h2.events.WindowUpdated | h2.events.RemoteSettingsChanged):
            for stream in self._streams.values():
                stream.window_opened.set()
        elif isinstance(event, h2.events.ConnectionTerminated):
            # h2 accepts no frame after a GOAWAY, so the connection is over for every stream.
            self._fail(f"server sent GOAWAY ({event.error_code!s}, last stream {event.last_stream_id})")

    def _deliver(self, stream_id: int, item: _Item) -> None:
        stream = self._streams.get(stream_id)
        if stream is not None:
            stream.deliver(item)

    async def goodbye(self) -> None:
        """GOAWAY (best effort), then close the stream."""
        try:
            if self._closed_reason is None:
                self._conn.close_connection()
                self._fail("connection closed by the client")
                await self._flush()
        except (ConnectionClosedError, h2.exceptions.ProtocolError):
            pass
        finally:
            await self._stream.aclose()


class _H2Response(Response):
    def __init__(self, connection: _H2Connection, stream: _H2Stream, status: int, headers: Headers) -> None:
        self._connection = connection
        self._stream = stream
        self.status = status
        self.headers = headers
        self.trailers = []
        self._done = False

    async def read_chunk(self) -> bytes | None:
        while not self._done:
            try:
                item = await self._stream.outbox.receive()
            except (trio.EndOfChannel, trio.ClosedResourceError):
                self._done = True
                raise ConnectionClosedError("response was closed") from None
            if isinstance(item, _DataItem):
                await self._connection.acknowledge(self._stream, item.flow_controlled_length)
                if item.data:
                    return item.data
            elif isinstance(item, _TrailersItem):
                self.trailers = item.headers
            elif isinstance(item, _EndItem):
                self._done = True
            elif isinstance(item, _FailedItem):
                self._done = True
                raise item.error
            else:
                raise RemoteProtocolError(f"stream {self._stream.stream_id}: unexpected {item!r}")
        return None

    async def aclose(self) -> None:
        self._done = True
        await self._connection.abandon(self._stream)


class RequestStream:
    """One HTTP/2 request sent piece by piece while its response is read (`_H2Connection.open_request`)."""

    def __init__(self, connection: _H2Connection, stream: _H2Stream) -> None:
        self._connection = connection
        self._stream = stream
        self._response: _H2Response | None = None

    @property
    def stream_id(self) -> int:
        return self._stream.stream_id

    async def send(self, data: bytes) -> None:
        """More request body (flow-controlled); dropped if the server already ended or reset the stream."""
        await self._connection._send_body(self._stream, data, end=False)

    async def end(self) -> None:
        """End the request body (END_STREAM); the response goes on."""
        await self._connection.end_body(self._stream)

    async def response(self) -> Response:
        """The response, once its headers have come."""
        if self._response is None:
            while True:
                try:
                    item = await self._stream.outbox.receive()
                except (trio.EndOfChannel, trio.ClosedResourceError):
                    raise ConnectionClosedError("request was closed") from None
                if isinstance(item, _HeadersItem):
                    self._response = _H2Response(self._connection, self._stream, item.status, item.headers)
                    break
                if isinstance(item, _FailedItem):
                    raise item.error
                raise RemoteProtocolError(f"stream {self.stream_id}: {item!r} before the response headers")
        return self._response

    async def reset(self) -> None:
        """Abandon the request: RST_STREAM(CANCEL) unless the stream is over. Idempotent."""
        await self._connection.abandon(self._stream)


# --- opening connections -------------------------------------------------------------------------------


@asynccontextmanager
async def open_http(
    stream: trio.abc.Stream,
    http2: bool,
    *,
    authority: str = "localhost",
    window: int = DEFAULT_WINDOW,
) -> AsyncIterator[HTTPConnection]:
    """An HTTP connection over `stream`, which it owns and closes on exit.

    HTTP/2 runs a reader task for the life of the block and announces a receive window of `window`
    bytes (per stream and for the connection); on exit it sends GOAWAY. `authority` is the `host` /
    `:authority` sent with every request.
    """
    if not http2:
        h11_connection = _H11Connection(stream, authority)
        try:
            yield h11_connection
        finally:
            await stream.aclose()
        return
    h2_connection = _H2Connection(stream, authority, window)
    async with trio.open_nursery() as nursery:
        try:
            nursery.start_soon(h2_connection.read_loop)
            await h2_connection.start()
            yield h2_connection
        finally:
            try:
                await h2_connection.goodbye()
            finally:
                nursery.cancel_scope.cancel()


async def connect_tcp(host: str, port: int) -> trio.SocketStream:
    """A TCP connection to `host:port` (what `Client` wants as `connect`, through a lambda or partial)."""
    return await trio.open_tcp_stream(host, port)


async def connect_tls(
    host: str, port: int, context: ssl.SSLContext, *, server_hostname: str | None = None
) -> trio.SSLStream[trio.SocketStream]:
    """A TLS connection to `host:port`, verified by `context` (offer ALPN h2 in it for HTTP/2), handshake
    done; the server is checked against `server_hostname` (default: `host`)."""
    stream = trio.SSLStream(await trio.open_tcp_stream(host, port), context, server_hostname=server_hostname or host)
    try:
        await stream.do_handshake()
    except BaseException:
        await trio.aclose_forcefully(stream)
        raise
    return stream


@attrs.frozen
class Client:
    """Opens a fresh connection per use: `connect` makes the transport stream, `http2` picks the protocol.

    `async with client.connection() as conn:` for several requests on one connection, or
    `async with client.request(...) as response:` for one request on its own connection.
    """

    connect: Callable[[], Awaitable[trio.abc.Stream]]
    http2: bool
    authority: str = "localhost"
    window: int = DEFAULT_WINDOW

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[HTTPConnection]:
        stream = await self.connect()
        async with open_http(stream, self.http2, authority=self.authority, window=self.window) as conn:
            yield conn

    @asynccontextmanager
    async def request(
        self, method: str, path: str, headers: HeaderInput = (), body: bytes = b""
    ) -> AsyncIterator[Response]:
        async with self.connection() as conn:
            response = await conn.request(method, path, headers, body)
            async with response:
                yield response
