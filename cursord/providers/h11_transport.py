"""H11Transport: the lean `StreamTransport`, HTTP/1.1 over trio sockets with h11, beside a shared httpx client.

Theory of operation.  `stream_transport(client, url, timeout)` is the one place that picks the transport
of a streaming POST: this one when the shared `httpx.AsyncClient` would send `url` straight over a plain
HTTP/1.1 connection pool (no proxy from the environment or a mount, no HTTP/2, no auth, hooks, cookies or
socket options), `HttpxTransport` over the client otherwise, or with no shared client.  It asks the client
itself which of its transports `url` goes through, so proxies and `NO_PROXY` are decided by httpx's own
rules, and takes that pool's limits and SSL context (the same trust, the same CA bundle) for its own.  Both
are httpx's and httpcore's private parts (`_transport_for_url`, the pool's settings): anything not found as
expected means httpx, and `tests/providers/test_h11_transport.py` fails if the daemon's client stops getting
this transport.  The lean pool is bounded apart from httpx's, which keeps what goes through a proxy.

One request is one `_Exchange`: the request's head and body written with h11, the response head read, then
the body handed on a piece at a time as h11 reads it (a chunked body's chunks cut out by `ChunkedBody`, with
the same pieces), no chain of async generators; on a plain socket each read of the body waits for it to turn
readable and then reads once (`_receive`), where trio reads first.  Connections are pooled per
origin (`_LeanPool`), at most `max_connections` open and `max_keepalive` idle (httpx's `Limits`), an idle
one dropped after `keepalive_expiry` or when its socket turns readable (the server closed it).  A reused
connection found dead before any response byte is retried once on a fresh one, as httpcore does; after a
byte, never.  A connection goes back to the pool only when its response was read to the end and h11 is
ready for the next cycle (the rest of a body the listener no longer wants is read for its end, for at most
`END_GRACE`); any other exit (an error, a body left early, a cancel) closes it, so a canceled pass closes its
connection and the server stops generating.

Transport failures are raised as httpx's exceptions (`ConnectError`/`ConnectTimeout` while connecting,
`WriteError`/`WriteTimeout` while sending, `ReadError`/`RemoteProtocolError` while reading, `PoolTimeout`,
`DecodingError`), so `streaming_http.transport_error` maps both transports alike.  The request carries what
httpx would send: `Host`, the client's default headers (`accept-encoding: gzip, deflate`, decoded here),
the given headers, `Content-Length`.  Cookies are neither stored nor sent.
"""

from __future__ import annotations

import functools
import math
import os
import re
import ssl
import weakref
import zlib
from collections.abc import AsyncIterable, Iterable, Mapping
from types import TracebackType
from typing import Final
from urllib.parse import urlsplit

import attrs
import h11
import httpcore
import httpx
import trio

from .chunked import ChunkedBody, ChunkedBodyError
from .streaming_http import HttpxTransport, StreamTransport

__all__ = ["H11Transport", "stream_transport"]

#: the most one read takes from the socket (httpcore reads 64 KiB too)
READ_SIZE: Final = 64 * 1024
#: how long the rest of a body the listener no longer wants is read for its end (seconds): the connection is
#: kept for the next request if the end comes in that time, closed if not
END_GRACE: Final = 0.05
#: what this transport can decode, asked for as httpx asks for it
ACCEPT_ENCODING: Final = b"gzip, deflate"

Origin = tuple[str, str, int]


# --- choosing the transport -----------------------------------------------------------------------


def stream_transport(
    client: httpx.AsyncClient | None, url: str, timeout: httpx.Timeout, *, trust_env: bool = True
) -> StreamTransport:
    """The transport for a streaming POST to `url`: this module's over `client`'s pool when that is what httpx
    would do for `url` as well, else httpx (also with no shared `client`: a client of its own per request; and
    with a read timeout of httpx's own, which this transport does not keep)."""
    if client is not None and timeout.read is None:  # reads are timed by `stream_post`'s deadlines alone
        lean = _leans.get(client)
        if lean is None:
            lean = _leans[client] = _ClientLean.of(client)
        pool = lean.pool_for(client, url)
        if pool is not None:
            return H11Transport(pool, timeout)
    return HttpxTransport(client, timeout, trust_env=trust_env)


@attrs.define(eq=False, slots=True)
class _ClientLean:
    """What one httpx client lends this transport: its default headers, and a pool for each of its own plain
    connection pools (by id: an `AsyncHTTPTransport` is not hashable by value)."""

    #: the client's default headers (name, value, name in lower case), `accept-encoding` what `_Exchange`
    #: decodes; None: the client has options this transport cannot honour
    headers: list[tuple[bytes, bytes, str]] | None
    pools: dict[int, _LeanPool | None] = attrs.field(factory=dict)
    #: the pool (or None: httpx) each URL went to; a client's routes are fixed when it is built
    routes: dict[str, _LeanPool | None] = attrs.field(factory=dict)

    @classmethod
    def of(cls, client: httpx.AsyncClient) -> _ClientLean:
        plain = (
            client.auth is None
            and not client.cookies
            and not client.params
            and not client.follow_redirects
            and not any(client.event_hooks.values())
        )
        if not plain:
            return cls(None)
        headers = [
            (name, ACCEPT_ENCODING if name.lower() == b"accept-encoding" else value, name.decode("latin-1").lower())
            for name, value in client.headers.raw
        ]
        return cls(headers)

    def pool_for(self, client: httpx.AsyncClient, url: str) -> _LeanPool | None:
        if url in self.routes:
            pool = self.routes[url]
        else:
            if len(self.routes) >= 256:
                self.routes.clear()
            pool = self.routes[url] = self._route(client, url)
        if client.is_closed:  # httpx says so, as it always has; the idle connections go with its own
            for each in self.pools.values():
                if each is not None:
                    each.close_now()
            return None
        return pool

    def _route(self, client: httpx.AsyncClient, url: str) -> _LeanPool | None:
        if self.headers is None or urlsplit(url).scheme not in ("http", "https"):
            return None
        # httpx's own choice for `url` (its mounts: proxies from the environment, NO_PROXY, an upstream proxy)
        route = client._transport_for_url(httpx.URL(url))
        key = id(route)
        if key not in self.pools:
            pool = _LeanPool.of(route, self.headers)
            if pool is not None:
                weakref.finalize(route, pool.close_now)  # the connections go when httpx's pool goes
            self.pools[key] = pool
        return self.pools[key]


_leans: weakref.WeakKeyDictionary[httpx.AsyncClient, _ClientLean] = weakref.WeakKeyDictionary()


# --- the pool -------------------------------------------------------------------------------------


@attrs.define(eq=False, slots=True)
class _Connection:
    origin: Origin
    stream: trio.abc.Stream
    h11: h11.Connection
    #: trio time after which an idle connection is not reused
    expires: float = math.inf


@attrs.define(eq=False, slots=True)
class _LeanPool:
    """Keep-alive connections by origin, bounded as httpcore bounds its pool."""

    ssl_context: ssl.SSLContext = attrs.field(repr=False)
    #: the request head's first lines (name, value, name in lower case): `Host` is put before them, the
    #: request's own headers after
    headers: list[tuple[bytes, bytes, str]]
    #: open connections, idle or not (None: no bound)
    slots: trio.Semaphore | None
    max_keepalive: int
    keepalive_expiry: float | None
    idle: dict[Origin, list[_Connection]] = attrs.field(factory=dict)
    idle_count: int = 0

    @classmethod
    def of(cls, route: httpx.AsyncBaseTransport, headers: list[tuple[bytes, bytes, str]]) -> _LeanPool | None:
        """A pool like `route`'s, or None when `route` is not a plain HTTP/1.1 pool this one can stand in for."""
        if type(route) is not httpx.AsyncHTTPTransport:
            return None
        pool = getattr(route, "_pool", None)
        if type(pool) is not httpcore.AsyncConnectionPool:  # a proxy's pool is a subclass
            return None
        settings = {
            name: getattr(pool, name, _MISSING)
            for name in (
                "_ssl_context", "_max_connections", "_max_keepalive_connections", "_keepalive_expiry", "_http1",
                "_http2", "_retries", "_local_address", "_uds", "_socket_options",
            )
        }
        context = settings["_ssl_context"]
        plain = (
            isinstance(context, ssl.SSLContext)
            and settings["_http1"] is True
            and settings["_http2"] is False
            and settings["_retries"] == 0
            and settings["_local_address"] is None
            and settings["_uds"] is None
            and not settings["_socket_options"]
        )
        most, keep, expiry = settings["_max_connections"], settings["_max_keepalive_connections"], settings[
            "_keepalive_expiry"
        ]
        if not plain or not isinstance(most, int | None) or not isinstance(keep, int | None):
            return None
        if not isinstance(expiry, int | float | None):
            return None
        assert isinstance(context, ssl.SSLContext)
        slots = trio.Semaphore(most) if most is not None else None
        return cls(context, headers, slots, keep if keep is not None else 2**31, expiry)

    async def checkout(self, origin: Origin, limits: httpx.Timeout, *, fresh: bool) -> tuple[_Connection, bool]:
        """A connection to `origin` and whether it was reused: an idle one unless `fresh`, else a new one."""
        if not fresh:
            connection = self._take_idle(origin)
            if connection is not None:
                return connection, True
        if self.slots is not None:
            if self.slots.value == 0:
                self._drop_one_idle()
            try:  # a free slot is taken at once: no deadline scope, no scheduler pass (connecting has its own)
                self.slots.acquire_nowait()
            except trio.WouldBlock:
                with trio.move_on_after(_seconds(limits.pool)) as waited:
                    await self.slots.acquire()
                if waited.cancelled_caught:
                    raise httpx.PoolTimeout("no connection came free in the pool") from None
        try:
            stream = await self._connect(origin, limits)
        except BaseException:
            self._free_slot()
            raise
        return _Connection(origin, stream, h11.Connection(h11.CLIENT)), False

    def release(self, connection: _Connection) -> None:
        """Keep a connection whose exchange ended cleanly for the next request, if the pool has room."""
        if self.idle_count >= self.max_keepalive:
            self.discard(connection)
            return
        connection.h11.start_next_cycle()
        if self.keepalive_expiry is not None:
            connection.expires = trio.current_time() + self.keepalive_expiry
        self.idle.setdefault(connection.origin, []).append(connection)
        self.idle_count += 1

    def discard(self, connection: _Connection) -> None:
        _close_now(connection.stream)
        self._free_slot()

    def close_now(self) -> None:
        """Close every idle connection (the client's pool is gone)."""
        for connections in self.idle.values():
            for connection in connections:
                self.discard(connection)
        self.idle.clear()
        self.idle_count = 0

    def _take_idle(self, origin: Origin) -> _Connection | None:
        connections = self.idle.get(origin)
        now = trio.current_time()
        while connections:
            connection = connections.pop()  # the most recently used: the likeliest to be alive
            self.idle_count -= 1
            if connection.expires > now and not _readable(connection.stream):
                return connection
            self.discard(connection)
        return None

    def _drop_one_idle(self) -> None:
        for connections in self.idle.values():
            if connections:
                self.idle_count -= 1
                self.discard(connections.pop(0))
                return

    def _free_slot(self) -> None:
        if self.slots is not None:
            self.slots.release()

    async def _connect(self, origin: Origin, limits: httpx.Timeout) -> trio.abc.Stream:
        scheme, host, port = origin
        stream: trio.abc.Stream | None = None
        try:
            with trio.fail_after(_seconds(limits.connect)):
                stream = await _open_tcp(host, port)
                if scheme == "https":
                    self.ssl_context.set_alpn_protocols(["http/1.1"])  # as httpcore does, on the same context
                    tls = trio.SSLStream(stream, self.ssl_context, server_hostname=host, https_compatible=True)
                    stream = tls
                    await tls.do_handshake()
        except trio.TooSlowError:
            _close_quietly(stream)
            raise httpx.ConnectTimeout(f"no connection to {host}:{port} in time") from None
        except (OSError, trio.BrokenResourceError) as exc:
            _close_quietly(stream)
            raise httpx.ConnectError(_describe(exc)) from exc
        except BaseException:
            _close_quietly(stream)
            raise
        return stream


_MISSING: Final = object()
#: the blank line that ends a head, as h11 finds it (`h11._receivebuffer.blank_line_regex`)
_BLANK_LINE: Final = re.compile(rb"\n\r?\n", re.MULTILINE)
#: h11's message for a chunked body whose connection closed before its last chunk
_CUT_SHORT: Final = "peer closed connection without sending complete message body (incomplete chunked read)"


# --- one request ----------------------------------------------------------------------------------


class H11Transport:
    """`StreamTransport` over a `_LeanPool` (built by `stream_transport`)."""

    __slots__ = ("pool", "timeout")

    def __init__(self, pool: _LeanPool, timeout: httpx.Timeout) -> None:
        self.pool = pool
        self.timeout = timeout

    def post(self, url: str, headers: Mapping[str, str], content: bytes | AsyncIterable[bytes]) -> _Exchange:
        return _Exchange(self.pool, self.timeout, url, headers, content)


class _Exchange:
    """One POST and its response: its own context manager, the `StreamResponse`, and its body's iterator."""

    __slots__ = (
        "_chunks", "_connection", "_content", "_decoder", "_done", "_headers", "_in_body", "_pool",
        "_request_headers", "_timeout", "_url", "status_code",
    )

    def __init__(
        self,
        pool: _LeanPool,
        timeout: httpx.Timeout,
        url: str,
        headers: Mapping[str, str],
        content: bytes | AsyncIterable[bytes],
    ) -> None:
        self._pool = pool
        self._timeout = timeout
        self._url: str | None = url
        self._request_headers: Mapping[str, str] | None = headers
        self._content: bytes | AsyncIterable[bytes] | None = content
        self._connection: _Connection | None = None
        self._decoder: zlib._Decompress | None = None
        #: a chunked body's reader (None: h11 reads the body, or the rest of it)
        self._chunks: ChunkedBody | None = None
        self._done = False
        self._in_body = False
        self._headers: dict[str, str] = {}
        self.status_code = 0

    # --- StreamResponse --------------------------------------------------------------------------

    @property
    def headers(self) -> Mapping[str, str]:
        return self._headers

    @property
    def resumable(self) -> bool:
        """A cancel while the body waits for its next read loses nothing (`_receive` on a plain socket: the
        wait is all a cancel can stop), so `stream_post` need not move its idle deadline per chunk."""
        return self._connection is not None and type(self._connection.stream) is trio.SocketStream

    def chunks(self) -> _Exchange:
        """The body's chunks: the exchange again, whose `async with` inside its own only marks the block."""
        return self

    # --- sending and the response head -----------------------------------------------------------

    async def __aenter__(self) -> _Exchange:
        if self._connection is not None:  # `async with response.chunks()`, inside the exchange's own block
            self._in_body = True
            return self
        url, headers, content = self._url, self._request_headers, self._content
        assert url is not None and headers is not None and content is not None
        # the request is let go of once sent: a stream waiting for its first token keeps no copy of its prompt
        self._url = self._request_headers = self._content = None
        origin, target, host = _split(url)
        body = content if isinstance(content, bytes) else b"".join([part async for part in content])
        del content
        try:
            head = h11.Request(method="POST", target=target, headers=self._head(host, headers, len(body)))
        except h11.LocalProtocolError as exc:  # a header value httpx would not send either (a newline in a key)
            raise httpx.LocalProtocolError(str(exc)) from exc
        self._content = body  # until sent, or, on a reused connection, until the answer's head has come
        del body
        fresh = False
        while True:
            connection, reused = await self._pool.checkout(origin, self._timeout, fresh=fresh)
            self._connection = connection
            try:
                response, start = await self._send(connection, head, keep_body=reused and not fresh)
            except _DeadBeforeAnswer as dead:
                self._close()
                if reused and not fresh:
                    fresh = True  # the server closed an idle keep-alive connection: once more, on a new one
                    continue
                raise dead.error from None
            except BaseException:
                self._close()
                raise
            self._content = None
            self.status_code = response.status_code
            self._headers = _header_map(response.headers)
            if self.status_code not in (204, 304) and self._headers.get("transfer-encoding", "").lower() == "chunked":
                self._chunks = ChunkedBody(start)  # h11 frames such a body as chunked; its end stays h11's
            elif start:  # (b"" would tell h11 the connection closed)
                connection.h11.receive_data(start)
            encoding = self._headers.get("content-encoding", "").strip().lower()
            if encoding in ("gzip", "deflate"):
                self._decoder = zlib.decompressobj(zlib.MAX_WBITS | 32)  # gzip or zlib, told by the header
            return self

    def _head(self, host: str, headers: Mapping[str, str], length: int) -> list[tuple[bytes, bytes]]:
        given = {name.lower() for name in headers}
        head = [(b"Host", host.encode("ascii"))]
        head += [(name, value) for name, value, lowered in self._pool.headers if lowered not in given]
        # ASCII, as httpx encodes them (a value outside it raises UnicodeEncodeError there too)
        head += [(name.encode("ascii"), value.encode("ascii")) for name, value in headers.items()]
        if "content-length" not in given:
            head.append((b"Content-Length", str(length).encode("ascii")))
        return head

    async def _send(
        self, connection: _Connection, head: h11.Request, *, keep_body: bool
    ) -> tuple[h11.Response, bytes]:
        """Send the request and read the answer's head, and what came after it (h11 is given a head's bytes
        only, so a chunked body can be read without it). The body is let go of once written, unless
        `keep_body` (a reused connection, which may turn out dead and the request be sent again on a new one)."""
        stream, conn = connection.stream, connection.h11
        body = self._content
        assert isinstance(body, bytes)
        wire = conn.send(head) + conn.send(h11.Data(data=body)) + conn.send(h11.EndOfMessage())
        del body
        if not keep_body:
            self._content = None
        try:
            with trio.fail_after(_seconds(self._timeout.write)):
                await stream.send_all(wire)
            del wire
        except trio.TooSlowError:
            raise httpx.WriteTimeout("the request was not sent in time") from None
        except (OSError, trio.BrokenResourceError) as exc:
            raise _DeadBeforeAnswer(httpx.WriteError(_describe(exc))) from exc
        after = b""  # what came after a head h11 was given, not given to it yet
        while True:
            event = _next_event(conn)
            if event is h11.NEED_DATA:
                data: bytes | bytearray = after
                after = b""
                if not data:
                    try:
                        data = await stream.receive_some(READ_SIZE)
                    except (OSError, trio.BrokenResourceError) as exc:
                        if conn.their_state is h11.SEND_RESPONSE and not conn.trailing_data[0]:
                            raise _DeadBeforeAnswer(httpx.ReadError(_describe(exc))) from exc
                        raise httpx.ReadError(_describe(exc)) from exc
                    if not data and conn.their_state is h11.SEND_RESPONSE and not conn.trailing_data[0]:
                        raise _DeadBeforeAnswer(
                            httpx.RemoteProtocolError("Server disconnected without sending a response.")
                        )
                after = _give_head(conn, bytes(data))
            elif isinstance(event, h11.Response):
                return event, after
            elif isinstance(event, h11.ConnectionClosed):
                raise httpx.RemoteProtocolError("Server disconnected without sending a response.")
            # an h11.InformationalResponse (100 Continue): the final answer follows

    # --- the body ------------------------------------------------------------------------------

    def __aiter__(self) -> _Exchange:
        return self

    async def __anext__(self) -> bytes:
        connection = self._connection
        if self._done or connection is None:
            raise StopAsyncIteration
        conn = connection.h11
        body = self._chunks
        while body is not None:  # the chunks read here, h11 given the body's end (see `ChunkedBody`)
            piece = body.next_piece()
            if piece is not None:
                return self._decode(piece)
            if body.rest is not None:
                conn.receive_data(body.rest)
                self._chunks = body = None
                break
            read: bytes | bytearray = body.take_start()
            if not read:
                try:
                    read = await _receive(connection.stream)
                except (OSError, trio.BrokenResourceError) as exc:
                    raise httpx.ReadError(_describe(exc)) from exc
                if not read:
                    raise httpx.RemoteProtocolError(_CUT_SHORT)
            try:
                body.feed(bytes(read))
            except ChunkedBodyError as exc:
                raise httpx.RemoteProtocolError(str(exc)) from exc
        while True:
            event = _next_event(conn)
            if event is h11.NEED_DATA:
                try:
                    data = await _receive(connection.stream)
                except (OSError, trio.BrokenResourceError) as exc:
                    raise httpx.ReadError(_describe(exc)) from exc
                conn.receive_data(bytes(data))
            elif isinstance(event, h11.Data):
                return self._decode(bytes(event.data))
            else:  # EndOfMessage (ConnectionClosed cannot come before it: h11 raises)
                self._done = True
                tail = self._flush()
                if tail:
                    return tail
                raise StopAsyncIteration

    def _decode(self, data: bytes) -> bytes:
        if self._decoder is None:
            return data
        try:
            return self._decoder.decompress(data)
        except zlib.error as exc:
            raise httpx.DecodingError(f"bad {self._headers.get('content-encoding')} body: {exc}") from exc

    def _flush(self) -> bytes:
        if self._decoder is None:
            return b""
        try:
            return self._decoder.flush()
        except zlib.error as exc:
            raise httpx.DecodingError(f"bad {self._headers.get('content-encoding')} body: {exc}") from exc

    # --- the end -------------------------------------------------------------------------------

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        """Leaving the body's block does nothing; leaving the exchange releases or closes its connection."""
        if self._in_body:
            self._in_body = False
            return
        connection, self._connection = self._connection, None
        if connection is None:
            return
        conn = connection.h11
        try:
            if not self._done and exc is None:
                self._done = await _read_to_end(connection, self._chunks)
        finally:
            if self._done and conn.our_state is h11.DONE and conn.their_state is h11.DONE:
                self._pool.release(connection)
            else:
                self._pool.discard(connection)

    def _close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            self._pool.discard(connection)


class _DeadBeforeAnswer(Exception):
    """The connection died before any byte of the answer: a reused one may be tried once more."""

    def __init__(self, error: httpx.TransportError) -> None:
        super().__init__(str(error))
        self.error = error


# --- helpers -------------------------------------------------------------------------------------


def _next_event(conn: h11.Connection) -> h11.Event | type[h11.NEED_DATA] | type[h11.PAUSED]:
    """h11's next event, its protocol error raised as httpx's."""
    try:
        return conn.next_event()
    except h11.RemoteProtocolError as exc:
        raise httpx.RemoteProtocolError(str(exc)) from exc


async def _read_to_end(connection: _Connection, chunks: ChunkedBody | None) -> bool:
    """Whether the rest of a body the listener no longer wants (it had its answer: an SSE stream's last event)
    ends within `END_GRACE` seconds and `READ_SIZE` bytes, so the connection can serve the next request. The
    terminating chunk nearly always follows the last event at once (often in the same read); a server that
    does not end the body there has its connection closed, and the server sees the client go. `chunks`: the
    body's chunks are read there until its last one, whose rest h11 reads."""
    conn = connection.h11
    left = READ_SIZE
    if chunks is not None:
        try:
            chunks.feed(chunks.take_start())
        except ChunkedBodyError:
            return False
    with trio.move_on_after(END_GRACE):
        while left > 0:
            if chunks is not None and chunks.rest is not None:
                conn.receive_data(chunks.rest)
                chunks = None
            ended = _ended_in_buffer(conn) if chunks is None else None
            if ended is not None:
                return ended
            try:
                data = await connection.stream.receive_some(left)
            except (OSError, trio.BrokenResourceError, trio.ClosedResourceError):
                return False
            if not data:
                return False
            left -= len(data)
            if chunks is None:
                conn.receive_data(bytes(data))
                continue
            try:
                chunks.feed(bytes(data))
            except ChunkedBodyError:
                return False
    return False


async def _receive(stream: trio.abc.Stream) -> bytes | bytearray:
    """The body's next read: on a plain socket, a wait until it turns readable, then one `os.read` of up to
    `READ_SIZE` bytes (b"" at the peer's close). `SocketStream.receive_some` reads first and waits only when
    that fails, but a streamed body's next chunk is nearly never there yet when the last one has been taken:
    its first read costs a syscall and a `BlockingIOError` per chunk, around two generator-based context
    managers. The wait is the read's checkpoint (a cancel seen there reads nothing); a wake with nothing to
    read waits again; an OSError is raised as it is (the caller tells it as `receive_some`'s
    `BrokenResourceError` was told), a closed socket as trio's ClosedResourceError. TLS reads through trio."""
    if type(stream) is not trio.SocketStream:
        return await stream.receive_some(READ_SIZE)
    fd = stream.socket.fileno()
    if fd < 0:
        await trio.lowlevel.checkpoint()
        raise trio.ClosedResourceError("this socket was already closed")
    while True:
        await trio.lowlevel.wait_readable(fd)
        try:
            return os.read(fd, READ_SIZE)
        except BlockingIOError:
            continue


def _give_head(conn: h11.Connection, data: bytes) -> bytes:
    """Give h11 `data` up to the end of the head it is reading (the blank line, found as h11 finds it), and
    return what comes after it; all of it, and b"", when no head ends in it."""
    held = conn.trailing_data[0]  # a head's start, from an earlier read (rarely any)
    whole = held + data if held else data
    if whole[:1] == b"\n":
        end = 1
    elif whole[:2] == b"\r\n":
        end = 2
    else:
        blank = _BLANK_LINE.search(whole)
        if blank is None:
            conn.receive_data(data)
            return b""
        end = blank.end()
    conn.receive_data(whole[len(held) : end])
    return whole[end:]


def _ended_in_buffer(conn: h11.Connection) -> bool | None:
    """Whether what h11 holds of a body nobody reads any more ends it: True at its end, False at anything that
    rules the connection out, None when h11 needs more bytes to say."""
    while True:
        try:
            event = conn.next_event()
        except h11.RemoteProtocolError:
            return False
        if isinstance(event, h11.EndOfMessage):
            return True
        if event is h11.NEED_DATA:
            return None
        if not isinstance(event, h11.Data):
            return False


@functools.lru_cache(maxsize=256)
def _split(url: str) -> tuple[Origin, bytes, str]:
    """The origin, the request target and the `Host` header of `url` (as httpx writes them); kept, as a
    provider posts to the same few URLs all its life."""
    parts = httpx.URL(url)
    scheme, host = parts.scheme, parts.host
    port = parts.port or (443 if scheme == "https" else 80)
    target = parts.raw_path
    return (scheme, host, port), target, parts.netloc.decode("ascii")


def _header_map(headers: Iterable[tuple[bytes, bytes]]) -> dict[str, str]:
    """h11's headers (names lowercased) as a mapping, a repeated header's values joined as httpx joins them."""
    mapped: dict[str, str] = {}
    for raw_name, raw_value in headers:
        name, value = raw_name.decode("latin-1"), raw_value.decode("latin-1")
        mapped[name] = f"{mapped[name]}, {value}" if name in mapped else value
    return mapped


def _seconds(value: float | None) -> float:
    return math.inf if value is None else value


async def _open_tcp(host: str, port: int) -> trio.SocketStream:
    """A TCP connection to `host`: an IP address (a local model server's, often) is connected to at once,
    without `trio.open_tcp_stream`'s name lookup, nursery and task per attempt (one address: nothing to race)."""
    family = _ip_family(host)
    if family is None:
        return await trio.open_tcp_stream(host, port)
    sock = trio.socket.socket(family, trio.socket.SOCK_STREAM)
    try:
        await sock.connect((host, port))
    except OSError as exc:  # told as `open_tcp_stream` tells it (and httpx after it)
        sock.close()
        message = f"all attempts to connect to {f'[{host}]' if ':' in host else host}:{port} failed"
        raise OSError(message) from ExceptionGroup(message, [exc])
    except BaseException:
        sock.close()
        raise
    return trio.SocketStream(sock)


def _ip_family(host: str) -> int | None:
    """AF_INET or AF_INET6 for an IP address (without a zone), None for a name."""
    for family in (trio.socket.AF_INET, trio.socket.AF_INET6):
        try:
            trio.socket.inet_pton(family, host)
        except (OSError, ValueError):
            continue
        return family
    return None


def _describe(exc: BaseException) -> str:
    cause = exc.__cause__ or exc.__context__
    return str(cause) if isinstance(exc, trio.BrokenResourceError) and cause is not None else str(exc)


def _socket(stream: trio.abc.Stream) -> trio.socket.SocketType | None:
    while isinstance(stream, trio.SSLStream):
        stream = stream.transport_stream
    return stream.socket if isinstance(stream, trio.SocketStream) else None


def _readable(stream: trio.abc.Stream) -> bool:
    """An idle connection's socket with something to read: the server closed it (or broke the protocol)."""
    sock = _socket(stream)
    return sock is None or sock.fileno() < 0 or sock.is_readable()


def _close_now(stream: trio.abc.Stream) -> None:
    """Close without waiting (no TLS close_notify): what a canceled or broken exchange needs."""
    sock = _socket(stream)
    if sock is None:
        return
    try:
        sock.close()
    except RuntimeError:  # outside trio (the finalizer of a client collected after its run): the bare socket
        fd = sock.detach()
        if fd >= 0:
            os.close(fd)


def _close_quietly(stream: trio.abc.Stream | None) -> None:
    if stream is not None:
        _close_now(stream)
