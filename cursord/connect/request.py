"""What unary and streaming requests share: codecs and content types, the Connect request headers, size
limits, the validated request head (`RequestHead`, `parse_request_head`) and the two response values the
server layer sends (`HttpResponse`, `ResponseHead`).

Checks run in the order a Connect server applies them, so the first failure is the one reported:

1. method must be POST, else `HttpRejection` 405 (not a Connect error: no Connect client could be talking);
2. ``content-type`` must name one of our codecs for this RPC type, else `HttpRejection` 415;
3. ``connect-protocol-version``, if present, must be ``1`` (absent is accepted: Cursor may omit it);
4. ``connect-timeout-ms``, if present, must be 1-10 ASCII digits and positive;
5. the request's compression must be one we support (``unimplemented`` otherwise).

1 and 2 raise `HttpRejection`; 3-5 raise `ConnectError`.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Collection, Iterable
from typing import Final, TypeVar

import attrs

from cursord.connect.compression import DEFAULT_COMPRESSIONS, Compression, CompressionRegistry
from cursord.connect.errors import Code, ConnectError
from cursord.connect.metadata import Headers

__all__ = [
    "ALL_CODECS",
    "COMPRESS_MIN_BYTES",
    "DEFAULT_MAX_BYTES",
    "Codec",
    "HttpRejection",
    "HttpResponse",
    "Limits",
    "RawHeaders",
    "RequestHead",
    "ResponseHead",
    "check_method",
    "check_protocol_version",
    "parse_content_type",
    "parse_request_head",
    "parse_timeout",
]

#: Response headers as the server layer sends them (ASGI style).
RawHeaders = list[tuple[bytes, bytes]]

DEFAULT_MAX_BYTES = 16 * 1024 * 1024
#: Responses (unary bodies, stream messages) at least this large are compressed when the peer accepts it.
COMPRESS_MIN_BYTES = 1024


class Codec(enum.Enum):
    """How messages are serialized; the value is the codec name in content types."""

    PROTO = "proto"
    JSON = "json"

    @property
    def unary_content_type(self) -> str:
        return f"application/{self.value}"

    @property
    def stream_content_type(self) -> str:
        return f"application/connect+{self.value}"


ALL_CODECS: tuple[Codec, ...] = (Codec.PROTO, Codec.JSON)


@attrs.frozen
class Limits:
    """Size limits for one RPC.

    ``max_request_bytes`` bounds a unary request body as received (possibly compressed);
    ``max_message_bytes`` bounds one message after decompression and, for streams, each envelope's payload.
    """

    max_request_bytes: int = attrs.field(default=DEFAULT_MAX_BYTES, validator=attrs.validators.ge(0))
    max_message_bytes: int = attrs.field(default=DEFAULT_MAX_BYTES, validator=attrs.validators.ge(0))

    def check_request_body(self, size: int) -> None:
        """Raise ConnectError(resource_exhausted) if a request body of ``size`` bytes is over the limit.

        The server layer may call this while it accumulates the body, with the running total.
        """
        if size > self.max_request_bytes:
            raise ConnectError(
                Code.RESOURCE_EXHAUSTED,
                f"request body of {size} bytes exceeds the limit of {self.max_request_bytes} bytes",
            )


@attrs.frozen
class HttpResponse:
    """A complete response: status, headers, body."""

    status: int
    headers: RawHeaders
    body: bytes


@attrs.frozen
class ResponseHead:
    """The start of a streamed response: status and headers; the body follows as envelopes."""

    status: int
    headers: RawHeaders


class HttpRejection(Exception):
    """The request is not one a Connect handler can answer at all (wrong method or content type).

    Not a Connect error: it is rendered as a plain HTTP response (`response`), e.g. 415 with ``accept-post``.
    """

    def __init__(self, status: int, message: str, headers: Iterable[tuple[bytes, bytes]] = ()) -> None:
        super().__init__(status, message)
        self.status = status
        self.message = message
        self.headers: tuple[tuple[bytes, bytes], ...] = tuple(headers)

    def response(self) -> HttpResponse:
        body = (self.message + "\n").encode("utf-8")
        headers: RawHeaders = [
            *self.headers,
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode("ascii")),
        ]
        return HttpResponse(self.status, headers, body)

    def __str__(self) -> str:
        return f"HTTP {self.status}: {self.message}"


def check_method(method: str) -> None:
    """Connect RPCs are POSTs (GET for idempotent unary calls is not supported). Raises HttpRejection(405)."""
    if method.upper() != "POST":
        raise HttpRejection(405, f"method {method} not allowed: Connect RPCs use POST", [(b"allow", b"POST")])


_PARAM = re.compile(r'\s*([!#$%&\'*+\-.^_`|~0-9a-z]+)\s*=\s*("?)([^";]*)\2\s*')


def parse_content_type(
    value: str | None, *, streaming: bool, codecs: Collection[Codec] = ALL_CODECS
) -> Codec:
    """The codec a request's content type names. Raises HttpRejection(415) for anything else.

    Unary takes ``application/proto`` / ``application/json``, streaming ``application/connect+proto`` /
    ``application/connect+json``; names are case-insensitive and the only parameter allowed is
    ``charset=utf-8``.
    """
    prefix = "application/connect+" if streaming else "application/"
    allowed = [c.stream_content_type if streaming else c.unary_content_type for c in codecs]
    if value is not None:
        media, _, params = value.lower().partition(";")
        media = media.strip()
        params_ok = True
        for param in params.split(";") if params.strip() else ():
            match = _PARAM.fullmatch(param)
            if match is None or match.group(1) != "charset" or match.group(3) not in ("utf-8", "utf8"):
                params_ok = False
        if params_ok and media.startswith(prefix):
            for codec in codecs:
                if media == prefix + codec.value:
                    return codec
    raise HttpRejection(
        415,
        f"unsupported content type {value!r}: expected one of {', '.join(allowed)}",
        [(b"accept-post", ", ".join(allowed).encode("ascii"))],
    )


def check_protocol_version(headers: Headers) -> None:
    """``connect-protocol-version`` must be ``1`` when present. Raises ConnectError(invalid_argument)."""
    version = headers.get("connect-protocol-version")
    if version is not None and version != "1":
        raise ConnectError(Code.INVALID_ARGUMENT, f'connect-protocol-version must be "1": got "{version}"')


_TIMEOUT = re.compile(r"[0-9]{1,10}")


def parse_timeout(value: str | None) -> float | None:
    """Seconds from a ``connect-timeout-ms`` value; None when absent.

    Raises ConnectError(invalid_argument) unless it is 1-10 ASCII digits and positive.
    """
    if value is None:
        return None
    if not _TIMEOUT.fullmatch(value):
        raise ConnectError(
            Code.INVALID_ARGUMENT,
            f"invalid connect-timeout-ms {value!r}: want a positive integer of at most 10 digits",
        )
    millis = int(value)
    if millis == 0:
        raise ConnectError(Code.INVALID_ARGUMENT, "invalid connect-timeout-ms '0': want a positive integer")
    return millis / 1000


@attrs.frozen
class RequestHead:
    """A request's validated headers; `UnaryRequestHead` and `StreamRequestHead` say which kind of RPC."""

    codec: Codec
    #: Seconds from ``connect-timeout-ms``; None when the client set no deadline.
    timeout: float | None
    #: How the request body (unary) or request messages flagged compressed (streaming) are compressed.
    request_compression: Compression
    #: How we may compress the response; identity if nothing the client accepts matched.
    response_compression: Compression
    headers: Headers = attrs.field(eq=False)
    compressions: CompressionRegistry = attrs.field(default=DEFAULT_COMPRESSIONS, eq=False, repr=False)


_Head = TypeVar("_Head", bound=RequestHead)

#: (the request's compression, the compressions the client accepts): unary RPCs use the HTTP headers,
#: streaming ones Connect's own (their messages are compressed one by one, not the body).
_COMPRESSION_HEADERS: Final = {
    False: ("content-encoding", "accept-encoding"),
    True: ("connect-content-encoding", "connect-accept-encoding"),
}


def parse_request_head(
    kind: type[_Head],
    method: str,
    headers: Headers | Iterable[tuple[bytes, bytes]],
    limits: Limits,
    *,
    streaming: bool,
    codecs: Collection[Codec],
    compressions: CompressionRegistry,
) -> _Head:
    """Validate a request's method and headers in the order of the module docstring, plus a
    ``content-length`` over ``limits.max_request_bytes``; `kind` is the head to build."""
    check_method(method)
    view = Headers.coerce(headers)
    codec = parse_content_type(view.get("content-type"), streaming=streaming, codecs=codecs)
    check_protocol_version(view)
    timeout = parse_timeout(view.get("connect-timeout-ms"))
    sent, accepted = _COMPRESSION_HEADERS[streaming]
    negotiated = compressions.negotiate(view.get(sent), view.get(accepted))
    content_length = view.get("content-length")
    if content_length is not None and content_length.isascii() and content_length.isdigit():
        limits.check_request_body(int(content_length))
    return kind(
        codec=codec,
        timeout=timeout,
        request_compression=negotiated.request,
        response_compression=negotiated.response,
        headers=view,
        compressions=compressions,
    )
