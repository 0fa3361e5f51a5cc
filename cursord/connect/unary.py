"""Unary Connect RPCs, server side: parse the request, render the response or the error.

The server layer's part::

    try:
        head = parse_unary_head(method, headers, limits)      # before reading the body
        body = ...read, calling limits.check_request_body(total) as chunks arrive...
        req = UnaryRequest(head, decode_unary_body(head, body, limits))
        # or, in one go: req = parse_unary_request(method, headers, body, limits)
    except HttpRejection as exc:
        response = exc.response()                             # 405 / 415, not a Connect error
    except ConnectError as err:
        response = render_unary_error(err)
    else:
        message_bytes = ...handler(req.codec, req.message)...
        response = render_unary_response(head, message_bytes)

A unary response body is the bare message (no envelope), compressed with the negotiated ``content-encoding``
when it is at least ``compress_min_bytes`` long. Response trailers travel as ``trailer-``-prefixed headers.
Errors are always ``application/json`` with the HTTP status of their code.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

import attrs

from cursord.connect.compression import DEFAULT_COMPRESSIONS, CompressionRegistry
from cursord.connect.errors import ConnectError, error_to_json
from cursord.connect.metadata import Headers, Metadata, metadata_to_headers, normalize_metadata
from cursord.connect.request import (
    ALL_CODECS,
    COMPRESS_MIN_BYTES,
    Codec,
    HttpResponse,
    Limits,
    RawHeaders,
    RequestHead,
    parse_request_head,
)

__all__ = [
    "UnaryRequest",
    "UnaryRequestHead",
    "decode_unary_body",
    "parse_unary_head",
    "parse_unary_request",
    "render_unary_error",
    "render_unary_response",
]

_DEFAULT_LIMITS = Limits()


@attrs.frozen
class UnaryRequestHead(RequestHead):
    """A unary request's validated headers: its compression from ``content-encoding``, the response's from
    ``accept-encoding``."""


@attrs.frozen
class UnaryRequest:
    """A parsed unary request: its head and the message bytes (decompressed, still serialized)."""

    head: UnaryRequestHead
    message: bytes = attrs.field(repr=lambda m: f"<{len(m)} bytes>")

    @property
    def codec(self) -> Codec:
        return self.head.codec

    @property
    def timeout(self) -> float | None:
        return self.head.timeout

    @property
    def headers(self) -> Headers:
        return self.head.headers


def parse_unary_head(
    method: str,
    headers: Headers | Iterable[tuple[bytes, bytes]],
    limits: Limits = _DEFAULT_LIMITS,
    *,
    codecs: Collection[Codec] = ALL_CODECS,
    compressions: CompressionRegistry = DEFAULT_COMPRESSIONS,
) -> UnaryRequestHead:
    """Validate a unary request's method and headers.

    Raises HttpRejection (405 method, 415 content type) or ConnectError (protocol version, timeout,
    unsupported ``content-encoding``, a ``content-length`` over ``limits.max_request_bytes``).
    """
    return parse_request_head(
        UnaryRequestHead, method, headers, limits, streaming=False, codecs=codecs, compressions=compressions
    )


def decode_unary_body(head: UnaryRequestHead, body: bytes, limits: Limits = _DEFAULT_LIMITS) -> bytes:
    """The request message: the body checked against the limits and decompressed (bounded)."""
    limits.check_request_body(len(body))
    return head.request_compression.decompress(body, limits.max_message_bytes)


def parse_unary_request(
    method: str,
    headers: Headers | Iterable[tuple[bytes, bytes]],
    body: bytes,
    limits: Limits = _DEFAULT_LIMITS,
    *,
    codecs: Collection[Codec] = ALL_CODECS,
    compressions: CompressionRegistry = DEFAULT_COMPRESSIONS,
) -> UnaryRequest:
    """`parse_unary_head` and `decode_unary_body` in one call."""
    head = parse_unary_head(method, headers, limits, codecs=codecs, compressions=compressions)
    return UnaryRequest(head, decode_unary_body(head, body, limits))


def render_unary_response(
    head: UnaryRequestHead,
    message: bytes,
    *,
    headers: Metadata | None = None,
    trailers: Metadata | None = None,
    compress_min_bytes: int = COMPRESS_MIN_BYTES,
) -> HttpResponse:
    """200 with the serialized ``message``; gzip'd if the client accepts it and it is large enough.

    ``headers``/``trailers`` are metadata (ValueError if they name a protocol header).
    """
    raw: RawHeaders = [
        (b"content-type", head.codec.unary_content_type.encode("ascii")),
        (b"accept-encoding", head.compressions.accept_header.encode("ascii")),
    ]
    body = bytes(message)
    if head.response_compression.name != "identity" and len(body) >= compress_min_bytes:
        body = head.response_compression.compress(body)
        raw.append((b"content-encoding", head.response_compression.name.encode("ascii")))
    raw.append((b"content-length", str(len(body)).encode("ascii")))
    raw += metadata_to_headers(normalize_metadata(headers))
    raw += metadata_to_headers(normalize_metadata(trailers), prefix="trailer-")
    return HttpResponse(200, raw, body)


def render_unary_error(
    err: ConnectError, *, compressions: CompressionRegistry = DEFAULT_COMPRESSIONS
) -> HttpResponse:
    """The error as a unary response: the code's HTTP status, ``application/json`` body, the error's
    metadata as headers (protocol headers among it are dropped, so this never raises)."""
    body = error_to_json(err)
    raw: RawHeaders = [
        (b"content-type", b"application/json"),
        (b"accept-encoding", compressions.accept_header.encode("ascii")),
        (b"content-length", str(len(body)).encode("ascii")),
    ]
    raw += metadata_to_headers(dict(err.metadata), strict=False)
    return HttpResponse(err.code.http_status, raw, body)
