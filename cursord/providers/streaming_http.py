"""One streaming POST: the HTTP seam under every provider and Tab's FIM backend.

Theory of operation.  `stream_post(transport, post, deadlines, listener)` sends one POST and hands each
body chunk to `listener.chunk` as it arrives, then calls `listener.end()` when the body ends.  Nothing else
in cursord opens a streaming model request, so the deadlines, the error body and the error map live here
once.

Deadlines are trio cancel scopes: until the first body byte the deadline is `first_byte` seconds after the
request started (connect, headers and first byte all count); after each chunk it is `idle` seconds later.
While the listener waits in `chunk` the deadline is off, so a slow consumer never counts as a silent server.
A deadline that passes becomes `ProviderTimeout`.  A listener that answers `True` from `chunk` has all it
wants: reading stops at once and `end()` is not called.  Where a cancel between two reads loses nothing (the
response's `resumable`: the lean transport on a plain socket), the deadline is not moved per chunk: a chunk
notes the time, a deadline that fires early is set again from the last data under a new scope, and it is
turned off only when the listener's coroutine yields to trio (`_read_resuming`); elsewhere it is moved
around each chunk (`_read`).

Errors are translated here and nowhere else: a non-2xx answer through `classify_http_error` (its body read
up to `ERROR_BODY_LIMIT`), a JSON answer where an event stream was expected through
`classify_error_payload`, and transport errors through `transport_error`: `ProviderUnavailable` before the
response headers, `StreamTruncated` after them.  Errors the listener raises pass as they are.

The I/O itself is behind `StreamTransport` (as httpcore's `_backends/base.py` puts its sockets behind one
interface): `H11Transport` (`cursord.providers.h11_transport`, h11 over trio's sockets) where it stands in for
httpx exactly, `HttpxTransport` over a shared `httpx.AsyncClient` elsewhere (`stream_transport` chooses); a
test gives a fake one.
"""

from __future__ import annotations

import contextlib
import json
import math
import types
from collections.abc import AsyncGenerator, AsyncIterable, AsyncIterator, Coroutine, Generator, Mapping
from typing import Any, Final, Protocol, cast

import attrs
import httpx
import trio

from .errors import (
    MalformedResponse,
    ProviderError,
    ProviderTimeout,
    ProviderUnavailable,
    StreamTruncated,
    classify_error_payload,
    classify_http_error,
)

__all__ = [
    "ERROR_BODY_LIMIT",
    "BodyListener",
    "Deadlines",
    "HttpxTransport",
    "Post",
    "StreamResponse",
    "StreamTransport",
    "stream_post",
    "transport_error",
]

#: how much of an error answer's body is read (and quoted in the error)
ERROR_BODY_LIMIT: Final = 64 * 1024


class StreamResponse(Protocol):
    """A response whose headers have come and whose body has not yet been read."""

    @property
    def status_code(self) -> int: ...

    @property
    def headers(self) -> Mapping[str, str]: ...

    def chunks(self) -> contextlib.AbstractAsyncContextManager[AsyncIterator[bytes]]:
        """The body's chunks, closed when the block is left (early or not). A response may also say
        `resumable = True`: a cancel while its chunks' iterator waits for the next read loses nothing, and
        the iterator can be read on after it (read by `stream_post` with `getattr`, False when absent)."""
        ...


class StreamTransport(Protocol):
    """The I/O under `stream_post`: open a POST and give its response once the headers are in. Raises
    `httpx.HTTPError` subclasses for transport failures (a fake raises them too)."""

    def post(
        self, url: str, headers: Mapping[str, str], content: bytes | AsyncIterable[bytes]
    ) -> contextlib.AbstractAsyncContextManager[StreamResponse]: ...


class BodyListener(Protocol):
    """Where the body of a streaming answer goes: a provider's `PassReader`, Tab's `FimReader`."""

    async def chunk(self, data: bytes) -> bool:
        """Take one chunk of the body; True when the answer is complete (reading stops, `end` is not called)."""
        ...

    async def end(self) -> None:
        """The body ended without `chunk` saying it was complete."""
        ...


@attrs.frozen
class Deadlines:
    #: seconds from the request until the first body byte (connect and headers count)
    first_byte: float
    #: seconds between body chunks
    idle: float


@attrs.frozen
class Post:
    """One request: where, what, and whom to name in errors."""

    #: the name errors carry (a provider's name, `tab:ollama`)
    peer: str
    url: str
    headers: Mapping[str, str]
    content: bytes | AsyncIterable[bytes] = attrs.field(repr=False)
    #: what the peer is called in timeout and transport messages
    noun: str = "the provider"
    #: a 2xx JSON answer is an error (some gateways answer an error, or an unstreamed reply, as JSON with 200)
    expect_stream: bool = True


async def stream_post(transport: StreamTransport, post: Post, deadlines: Deadlines, listener: BodyListener) -> None:
    """Send `post` and feed its body to `listener` under `deadlines`; see the module docstring."""
    silence = _Silence("first byte", deadlines.first_byte, trio.current_time())
    got_response = silent = False
    with trio.CancelScope(deadline=silence.until) as scope:
        try:
            async with transport.post(post.url, post.headers, post.content) as response:
                got_response = True
                await _check_response(post, response)
                async with response.chunks() as chunks:
                    if getattr(response, "resumable", False):
                        scope.deadline = math.inf  # the body's own scopes time it from here
                        complete = await _read_resuming(chunks, listener, deadlines, silence)
                    else:
                        complete = await _read(chunks, listener, deadlines, silence, scope)
                    if complete:
                        return
                scope.deadline = math.inf
                await listener.end()
        except httpx.HTTPError as exc:
            raise transport_error(post, exc, got_response=got_response) from exc
        except _Silent:
            silent = True  # the body's own scope fired
    if silent or scope.cancelled_caught:
        raise ProviderTimeout(post.peer, f"no {silence.waiting_for} from {post.noun} for {silence.limit:g}s")


@attrs.define(eq=False, slots=True)
class _Silence:
    """What the server owes next (its first byte, then data), how long it may take, and since when."""

    waiting_for: str
    limit: float
    since: float

    @property
    def until(self) -> float:
        """When the server's silence becomes a timeout."""
        return self.since + self.limit

    def heard(self, now: float, idle: float) -> None:
        """Data came at `now`: from here the server owes more data within `idle` seconds."""
        self.waiting_for, self.limit, self.since = "data", idle, now


class _Silent(Exception):
    """The body's idle deadline passed (`_read_resuming`)."""


async def _read(
    chunks: AsyncIterator[bytes],
    listener: BodyListener,
    deadlines: Deadlines,
    silence: _Silence,
    scope: trio.CancelScope,
) -> bool:
    """Feed the body to `listener` under `scope`, its deadline off while the listener takes a chunk and
    moved `idle` seconds on after it. True: the listener has all it wants."""
    async for chunk in chunks:
        scope.deadline = math.inf
        if await listener.chunk(chunk):
            return True
        silence.heard(trio.current_time(), deadlines.idle)
        scope.deadline = silence.until
    return False


async def _read_resuming(
    chunks: AsyncIterator[bytes], listener: BodyListener, deadlines: Deadlines, silence: _Silence
) -> bool:
    """`_read` for a body whose read a cancel leaves as it was (`StreamResponse.resumable`), without
    moving a deadline per chunk: a chunk only notes the time (`silence.since`), and the scope's deadline
    stays where it was set. When it fires early (data came since it was set), the read is resumed under a
    new scope set `limit` seconds after the last data; when it fires on time, `_Silent` is raised. The
    deadline is turned off only while the listener waits (seen when its coroutine first yields to trio,
    before trio has it), and a chunk read after the deadline passed (the scope cancelled, its cancel not
    yet delivered) is handed on outside the scope: a listener never waits under a cancelled scope."""
    held: bytes | None = None
    while True:
        deadline = silence.until
        with trio.CancelScope(deadline=deadline) as scope:
            while True:
                if held is None:
                    try:
                        held = await chunks.__anext__()
                    except StopAsyncIteration:
                        return False
                now = trio.current_time()
                if now >= deadline:
                    break  # the deadline passed as the chunk came: hand it on outside this scope
                call = listener.chunk(held)
                held = None
                try:
                    trap = call.send(None)
                except StopIteration as taken:  # taken without waiting: the usual case
                    complete = bool(taken.value)
                else:
                    scope.deadline = math.inf  # the listener waits: not the server's silence
                    complete = await _finish(call, trap)
                    now = trio.current_time()
                    scope.deadline = deadline = now + deadlines.idle
                if complete:
                    return True
                silence.heard(now, deadlines.idle)
                if deadline > now + deadlines.idle:  # a first byte's deadline later than data's: never late
                    scope.deadline = deadline = now + deadlines.idle
        if held is not None:  # came as the deadline passed: early (set before the last data), or on time
            late = now >= silence.until
            if await listener.chunk(held):
                return True
            held = None
            if late:  # as a deadline that fires while a chunk comes does: the chunk is handed on, then time is up
                raise _Silent
            silence.heard(trio.current_time(), deadlines.idle)
        elif scope.cancelled_caught and trio.current_time() >= silence.until:
            raise _Silent


@types.coroutine
def _finish(call: Coroutine[Any, Any, bool], trap: Any) -> Generator[Any, Any, bool]:
    """The rest of `call`, whose first step yielded `trap` to hand to trio, as `await call` would run it."""
    while True:
        try:
            sent = yield trap
        except GeneratorExit:
            call.close()
            raise
        except BaseException as exc:  # thrown in by trio (it sends outcomes; a throw is passed on all the same)
            try:
                trap = call.throw(exc)
            except StopIteration as done:
                return bool(done.value)
        else:
            try:
                trap = call.send(sent)
            except StopIteration as done:
                return bool(done.value)


def transport_error(post: Post, exc: httpx.HTTPError, *, got_response: bool) -> ProviderError:
    """The one map from an httpx error to a provider error."""
    detail = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, httpx.TimeoutException):
        return ProviderTimeout(post.peer, detail)
    if isinstance(exc, httpx.DecodingError):
        return MalformedResponse(post.peer, detail)
    if got_response:
        return StreamTruncated(post.peer, f"connection broke mid-stream ({detail})")
    return ProviderUnavailable(post.peer, f"cannot reach {post.noun} ({detail})")


async def _check_response(post: Post, response: StreamResponse) -> None:
    status = response.status_code
    if not 200 <= status < 300:
        raise classify_http_error(post.peer, status, response.headers, await _read_limited(response))
    content_type = response.headers.get("content-type", "")
    if post.expect_stream and content_type.startswith("application/json"):
        raw = await _read_limited(response)
        try:
            payload = json.loads(raw)
        except ValueError:
            payload = None
        if isinstance(payload, dict) and payload.get("error"):
            raise classify_error_payload(post.peer, payload["error"], status=status)
        raise MalformedResponse(post.peer, f"expected an event stream, got {content_type}", status=status)


async def _read_limited(response: StreamResponse) -> bytes:
    parts: list[bytes] = []
    size = 0
    async with response.chunks() as chunks:
        async for chunk in chunks:
            parts.append(chunk)
            size += len(chunk)
            if size >= ERROR_BODY_LIMIT:
                break
    return b"".join(parts)


# --- the real transport -------------------------------------------------------------------------


@attrs.frozen
class _HttpxResponse:
    response: httpx.Response

    @property
    def status_code(self) -> int:
        return self.response.status_code

    @property
    def headers(self) -> Mapping[str, str]:
        return self.response.headers

    def chunks(self) -> contextlib.aclosing[AsyncGenerator[bytes, None]]:
        """An iterator closed when the block is left, early or not: otherwise httpx's chain of async
        generators, left suspended, is finalised later by a system task of trio's."""
        return contextlib.aclosing(cast("AsyncGenerator[bytes, None]", self.response.aiter_bytes()))


@attrs.define(eq=False)
class HttpxTransport:
    """`StreamTransport` over httpx: the shared `client` (connection reuse; its owner closes it), or with
    none, a client of its own for each request."""

    client: httpx.AsyncClient | None = attrs.field(default=None, repr=False)
    #: httpx's own timeouts (connect, write, pool); reads are timed by `stream_post`'s deadlines
    timeout: httpx.Timeout = attrs.field(factory=lambda: httpx.Timeout(10.0, read=None))
    trust_env: bool = attrs.field(default=True, repr=False)

    @contextlib.asynccontextmanager
    async def post(
        self, url: str, headers: Mapping[str, str], content: bytes | AsyncIterable[bytes]
    ) -> AsyncIterator[StreamResponse]:
        async with (
            self._client() as client,
            client.stream("POST", url, content=content, headers=headers, timeout=self.timeout) as response,
        ):
            yield _HttpxResponse(response)

    def _client(self) -> contextlib.AbstractAsyncContextManager[httpx.AsyncClient]:
        if self.client is not None:
            return contextlib.nullcontext(self.client)
        return httpx.AsyncClient(trust_env=self.trust_env)
