"""One streaming POST: the HTTP seam under every provider and Tab's FIM backend.

Theory of operation.  `stream_post(transport, post, deadlines, listener)` sends one POST and hands each
body chunk to `listener.chunk` as it arrives, then calls `listener.end()` when the body ends.  Nothing else
in cursord opens a streaming model request, so the deadlines, the error body and the error map live here
once.

Deadlines are one trio cancel scope, moved as bytes arrive: until the first body byte the deadline is
`first_byte` seconds after the request started (connect, headers and first byte all count); after each
chunk it is `idle` seconds later.  While the listener takes a chunk the deadline is off, so a slow consumer
never counts as a silent server.  A scope that fires becomes `ProviderTimeout`.  A listener that answers
`True` from `chunk` has all it wants: reading stops at once and `end()` is not called.

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
from collections.abc import AsyncGenerator, AsyncIterable, AsyncIterator, Mapping
from typing import Final, Protocol, cast

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
        """The body's chunks, closed when the block is left (early or not)."""
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
    waiting_for, limit = "first byte", deadlines.first_byte
    got_response = False
    with trio.CancelScope(deadline=trio.current_time() + limit) as scope:
        try:
            async with transport.post(post.url, post.headers, post.content) as response:
                got_response = True
                await _check_response(post, response)
                async with response.chunks() as chunks:
                    async for chunk in chunks:
                        scope.deadline = math.inf
                        if await listener.chunk(chunk):
                            return
                        waiting_for, limit = "data", deadlines.idle
                        scope.deadline = trio.current_time() + limit
                scope.deadline = math.inf
                await listener.end()
        except httpx.HTTPError as exc:
            raise transport_error(post, exc, got_response=got_response) from exc
    if scope.cancelled_caught:
        raise ProviderTimeout(post.peer, f"no {waiting_for} from {post.noun} for {limit:g}s")


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
