"""HttpProvider: the real provider, over httpx on trio.

Theory of operation.  `stream()` makes up to `RetryPolicy.max_attempts` attempts, each building
and serialising the body afresh.  One attempt: POST with `stream: true`, and
`response.aiter_bytes()` -> `SSEDecoder` -> the kind's stream decoder -> `coalesce` -> `on_delta`:
the deltas of everything one read brought are handed on together, runs of text merged (a flood of
small deltas costs the turn, the backlog and every subscriber one delta per read, not hundreds;
lone deltas, one per read, pass as they are).  Errors are
translated here and nowhere else: a non-2xx answer through `classify_http_error`, in-stream
error events by the decoders, httpx transport errors into `ProviderUnavailable` (before the
response headers) or `StreamTruncated` (after them).

Deadlines are one trio cancel scope per attempt, moved as bytes arrive: until the first body
byte the deadline is `first_byte` seconds after the request started (connect, headers and
first byte all count); after each chunk it is `idle` seconds later.  While a chunk's deltas are
being delivered the deadline is off, so a slow consumer never counts as a silent provider.  A
scope that fires becomes `ProviderTimeout`.  After `PassEnd` the attempt stops reading at once.

Retries: only for errors whose `retryable` is true (`errors.ERROR_TRAITS`: rate limits,
overload, unreachable), and only while no delta has reached `on_delta`.  The wait honours the
provider's `retry-after` (up to `max_retry_after`; longer means give up now), else grows
exponentially from `base_delay` up to `max_delay`.  Spend limits, auth, context-too-long and bad
requests are never retried.

The API key goes into one header and nowhere else: `repr()` redacts it and nothing logs headers.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
from collections.abc import AsyncGenerator, Iterable, Mapping
from typing import cast

import attrs
import httpx
import trio

from .assemble import coalesce
from .base import DeltaSink, VendorOptions, auth_headers, build_request, make_decoder
from .errors import (
    MalformedResponse,
    ProviderError,
    ProviderTimeout,
    ProviderUnavailable,
    RateLimited,
    StreamTruncated,
    classify_error_payload,
    classify_http_error,
)
from .model import Delta, PassEnd, PassRequest, ProviderKind
from .sse import SSEDecoder, SSEEvent

log = logging.getLogger(__name__)

_ERROR_BODY_LIMIT = 64 * 1024


@attrs.frozen
class Timeouts:
    connect: float = 10.0
    first_byte: float = 60.0
    idle: float = 120.0
    write: float = 30.0


@attrs.frozen
class RetryPolicy:
    max_attempts: int = 3
    base_delay: float = 1.0
    max_delay: float = 30.0
    max_retry_after: float = 60.0

    def delay(self, attempt: int, error: ProviderError) -> float | None:
        """Seconds to wait before attempt `attempt + 1`, or None to give up and raise."""
        if not error.retryable or attempt >= self.max_attempts:
            return None
        retry_after = error.retry_after if isinstance(error, RateLimited) else None
        if retry_after is not None:
            return None if retry_after > self.max_retry_after else retry_after
        return min(self.max_delay, self.base_delay * 2.0 ** (attempt - 1))


def _kind(value: object) -> ProviderKind:
    return ProviderKind(str(value))


def _models(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _redact(value: object) -> str:
    return "'<redacted>'" if value else repr(value)


def _redact_headers(value: Mapping[str, str]) -> str:
    return repr({k: "<redacted>" for k in value})


@attrs.define
class HttpProvider:
    kind: ProviderKind = attrs.field(converter=_kind)
    name: str
    base_url: str
    api_key: str | None = attrs.field(repr=_redact)
    models: tuple[str, ...] = attrs.field(default=(), converter=_models)
    timeouts: Timeouts = Timeouts()
    retry: RetryPolicy = RetryPolicy()
    options: VendorOptions | None = None
    extra_headers: Mapping[str, str] = attrs.field(factory=dict, repr=_redact_headers)
    # A shared client (connection reuse); the owner closes it.  None: one client per pass.
    client: httpx.AsyncClient | None = attrs.field(default=None, repr=False)
    trust_env: bool = attrs.field(default=True, repr=False)

    def serves(self, model: str) -> bool:
        return not self.models or model in self.models

    async def stream(self, request: PassRequest, on_delta: DeltaSink) -> None:
        emitted = False

        async def sink(delta: Delta) -> None:
            nonlocal emitted
            emitted = True
            await on_delta(delta)

        attempt = 0
        while True:
            attempt += 1
            try:
                await self._attempt(request, sink)
                return
            except ProviderError as exc:
                wait = None if emitted else self.retry.delay(attempt, exc)
                if wait is None:
                    raise
                log.warning(
                    "provider %s: %s (attempt %d of %d), retrying in %.1fs",
                    self.name,
                    type(exc).__name__,
                    attempt,
                    self.retry.max_attempts,
                    wait,
                )
            await trio.sleep(wait)

    # --- one attempt ------------------------------------------------------------------------

    def _request_parts(self, request: PassRequest) -> tuple[str, dict[str, str], _SentOnce]:
        """URL, headers and body of one attempt. The body is built afresh for each attempt (retries are
        rare) and serialised at once, so no attempt keeps the JSON tree; httpx lets go of the bytes once
        they are sent, so a stream waiting for its first token holds no copy of its prompt."""
        path, body, vendor_headers = build_request(self.kind, request, self.options)
        content = json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()
        headers = {
            **vendor_headers,
            **self.extra_headers,
            **auth_headers(self.kind, self.api_key),
            "content-length": str(len(content)),
        }
        return self.base_url.rstrip("/") + path, headers, _SentOnce(content)

    async def _attempt(self, request: PassRequest, sink: DeltaSink) -> None:
        url, headers, content = self._request_parts(request)
        decoder = make_decoder(self.kind, self.name)
        sse = SSEDecoder(self.name)
        timeout = httpx.Timeout(
            connect=self.timeouts.connect, read=None, write=self.timeouts.write, pool=self.timeouts.connect
        )
        waiting_for = "first byte"
        limit = self.timeouts.first_byte
        got_response = False
        ended = False

        async def deliver(events: list[SSEEvent], *, final: bool = False) -> None:
            """Decode the events one read brought and hand their deltas on, adjacent text merged
            (`coalesce`). A decoder error still hands on the deltas before it, then raises."""
            nonlocal ended
            deltas: list[Delta] = []
            error: ProviderError | None = None
            try:
                for event in events:
                    deltas += decoder.feed(event)
                    if deltas and isinstance(deltas[-1], PassEnd):
                        break
                else:
                    if final:
                        deltas += decoder.finish()
            except ProviderError as exc:
                error = exc
            for delta in coalesce(deltas):
                await sink(delta)
                if isinstance(delta, PassEnd):
                    ended = True
                    return
            if error is not None:
                raise error

        with trio.CancelScope(deadline=trio.current_time() + limit) as scope:
            try:
                async with (
                    self._client() as client,
                    client.stream("POST", url, content=content, headers=headers, timeout=timeout) as response,
                ):
                    got_response = True
                    await self._check_response(response)
                    async with _chunks(response) as chunks:
                        async for chunk in chunks:
                            scope.deadline = math.inf
                            await deliver(sse.feed(chunk))
                            if ended:
                                return
                            waiting_for, limit = "data", self.timeouts.idle
                            scope.deadline = trio.current_time() + limit
                    scope.deadline = math.inf
                    await deliver(sse.finish(), final=True)
            except httpx.HTTPError as exc:
                raise self._transport_error(exc, got_response) from exc
        if scope.cancelled_caught:
            raise ProviderTimeout(self.name, f"no {waiting_for} from the provider for {limit:g}s")

    def _client(self) -> contextlib.AbstractAsyncContextManager[httpx.AsyncClient]:
        if self.client is not None:
            return contextlib.nullcontext(self.client)
        return httpx.AsyncClient(trust_env=self.trust_env)

    async def _check_response(self, response: httpx.Response) -> None:
        status = response.status_code
        if not 200 <= status < 300:
            raw = await _read_limited(response)
            raise classify_http_error(self.name, status, response.headers, raw)
        content_type = response.headers.get("content-type", "")
        if content_type.startswith("application/json"):
            # Some gateways answer an error (or an unstreamed reply) as JSON with 200.
            raw = await _read_limited(response)
            try:
                payload = json.loads(raw)
            except ValueError:
                payload = None
            if isinstance(payload, dict) and payload.get("error"):
                raise classify_error_payload(self.name, payload["error"], status=status)
            raise MalformedResponse(self.name, f"expected an event stream, got {content_type}", status=status)

    def _transport_error(self, exc: httpx.HTTPError, got_response: bool) -> ProviderError:
        detail = f"{type(exc).__name__}: {exc}"
        if isinstance(exc, httpx.TimeoutException):
            return ProviderTimeout(self.name, detail)
        if isinstance(exc, httpx.DecodingError):
            return MalformedResponse(self.name, detail)
        if got_response:
            return StreamTruncated(self.name, f"connection broke mid-stream ({detail})")
        return ProviderUnavailable(self.name, f"cannot reach the provider ({detail})")


class _SentOnce:
    """A request body that is let go of once httpx has taken it (an async iterable of one chunk)."""

    def __init__(self, data: bytes) -> None:
        self._data: bytes | None = data

    def __aiter__(self) -> _SentOnce:
        return self

    async def __anext__(self) -> bytes:
        if self._data is None:
            raise StopAsyncIteration
        data, self._data = self._data, None
        return data


def _chunks(response: httpx.Response) -> contextlib.aclosing[AsyncGenerator[bytes, None]]:
    """The response body's chunks, as an iterator closed when the block is left, early or not: otherwise
    httpx's chain of async generators, left suspended, is finalised later by a system task of trio's."""
    return contextlib.aclosing(cast("AsyncGenerator[bytes, None]", response.aiter_bytes()))


async def _read_limited(response: httpx.Response) -> bytes:
    parts: list[bytes] = []
    size = 0
    async with _chunks(response) as chunks:
        async for chunk in chunks:
            parts.append(chunk)
            size += len(chunk)
            if size >= _ERROR_BODY_LIMIT:
                break
    return b"".join(parts)
