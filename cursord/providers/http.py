"""HttpProvider: the real provider, over HTTP on trio (h11 or httpx: `h11_transport.stream_transport`).

Theory of operation.  `stream()` makes up to `RetryPolicy.max_attempts` attempts, each building
and serialising the body afresh.  One attempt is one `stream_post` (`cursord.providers.streaming_http`,
the seam that holds the first-byte and idle deadlines, the capped error body and the one map from HTTP
and transport errors to `ProviderError`s) whose body goes to a `PassReader`
(`cursord.providers.pass_reader`): SSE bytes -> `SSEDecoder` -> the kind's stream decoder -> `coalesce`
-> `on_delta`.  In-stream error events are translated by the decoders.

Retries: only for errors whose `retryable` is true (`errors.ERROR_TRAITS`: rate limits,
overload, unreachable), and only while no delta has reached `on_delta`.  The wait honours the
provider's `retry-after` (up to `max_retry_after`; longer means give up now), else grows
exponentially from `base_delay` up to `max_delay`.  Spend limits, auth, context-too-long and bad
requests are never retried.

The API key goes into one header and nowhere else: `repr()` redacts it and nothing logs headers.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping

import attrs
import httpx
import trio

from .base import DeltaSink, VendorOptions, auth_headers, build_request, make_decoder
from .catalogue import encode_body
from .errors import ProviderError, RateLimited
from .h11_transport import stream_transport
from .model import PassRequest, ProviderKind
from .pass_reader import PassReader
from .sse import SSEDecoder
from .streaming_http import Deadlines, Post, StreamTransport, stream_post

log = logging.getLogger(__name__)


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
    #: the I/O under every attempt (a test gives a fake); None: `stream_transport`'s choice for `client`
    transport: StreamTransport | None = attrs.field(default=None, repr=False)

    def serves(self, model: str) -> bool:
        return not self.models or model in self.models

    async def stream(self, request: PassRequest, on_delta: DeltaSink) -> None:
        transport = self.transport or stream_transport(
            self.client, self.base_url, self._httpx_timeout(), trust_env=self.trust_env
        )
        deadlines = Deadlines(first_byte=self.timeouts.first_byte, idle=self.timeouts.idle)
        attempt = 0
        while True:
            attempt += 1
            reader = PassReader(SSEDecoder(self.name), make_decoder(self.kind, self.name), on_delta)
            try:
                await stream_post(transport, self._post(request), deadlines, reader)
                return
            except ProviderError as exc:
                # An attempt that delivered a delta is never retried, so only this one's can have.
                wait = None if reader.delivered else self.retry.delay(attempt, exc)
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

    def _post(self, request: PassRequest) -> Post:
        url, headers, content = self._request_parts(request)
        return Post(self.name, url, headers, content)

    def _request_parts(self, request: PassRequest) -> tuple[str, dict[str, str], _SentOnce]:
        """URL, headers and body of one attempt. The body is built afresh for each attempt (retries are
        rare) and serialised at once, so no attempt keeps the JSON tree; the transport lets go of the bytes
        once they are sent (the lean one once the answer's head has come, as it may send them again on a new
        connection until then), so a stream waiting for its first token holds no copy of its prompt."""
        path, body, vendor_headers = build_request(self.kind, request, self.options)
        content = encode_body(body)
        headers = {
            **vendor_headers,
            **self.extra_headers,
            **auth_headers(self.kind, self.api_key),
            "content-length": str(len(content)),
        }
        return self.base_url.rstrip("/") + path, headers, _SentOnce(content)

    def _httpx_timeout(self) -> httpx.Timeout:
        """httpx's own timeouts; reads are timed by the first-byte and idle deadlines."""
        return httpx.Timeout(
            connect=self.timeouts.connect, read=None, write=self.timeouts.write, pool=self.timeouts.connect
        )


class _SentOnce:
    """A request body that is let go of once the transport has taken it (an async iterable of one chunk)."""

    def __init__(self, data: bytes) -> None:
        self._data: bytes | None = data

    def __aiter__(self) -> _SentOnce:
        return self

    async def __anext__(self) -> bytes:
        if self._data is None:
            raise StopAsyncIteration
        data, self._data = self._data, None
        return data
