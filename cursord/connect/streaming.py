"""Streaming Connect RPCs: request heads, reading envelope streams, writing response streams.

The server layer's part for a server-streaming RPC (such as RunSSE)::

    try:
        head = parse_stream_head(method, headers, limits)
        body = ...read, calling limits.check_request_body(total)...
        request_message = read_server_stream_request(head, body, limits)
    except HttpRejection as exc:
        send(exc.response())                                    # 405 / 415
    except ConnectError as err:
        send(render_stream_error(err, codec=..., content_type=...))   # 200 + end-stream error
    else:
        out = StreamResponseEncoder.for_request(head, content_type="text/event-stream")
        send_head(out.start())
        send_body(out.message(payload)) ...                     # or out.messages([...]) to batch
        send_body(out.end(error_or_none, trailers))

Streaming responses are always HTTP 200; errors travel in the end-stream message. Each message is compressed
on its own (flag 0x01) with the encoding negotiated from ``connect-accept-encoding`` once it is at least
``compress_min_bytes`` long.

Theory of operation, `StreamReader`: an `EnvelopeDecoder` cuts the byte stream into envelopes; the reader
then decompresses payloads (bounded by ``max_message_bytes``) and turns them into events: `StreamMessage` for
data and `StreamEnd` for the end-stream message. Which envelopes are legal depends on the side: a server
reading a request refuses end-stream envelopes; a client reading a response requires one, last. Framing
errors are ``invalid_argument`` on the server side and ``internal`` on the client side. The first error
poisons the reader.

Theory of operation, `StreamResponseEncoder`: states IDLE -> OPEN -> CLOSED, allowed moves listed in
``_TRANSITIONS``; anything else (a message before `start`, anything after `end`) is a `LocalProtocolError`.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable

import attrs

from cursord.connect.compression import (
    DEFAULT_COMPRESSIONS,
    IDENTITY,
    Compression,
    CompressionRegistry,
)
from cursord.connect.envelope import EnvelopeDecoder, encode_envelope, end_stream_payload, parse_end_stream
from cursord.connect.errors import Code, ConnectError, LocalProtocolError
from cursord.connect.metadata import (
    Headers,
    Metadata,
    NormalizedMetadata,
    metadata_to_headers,
    normalize_metadata,
)
from cursord.connect.request import (
    ALL_CODECS,
    COMPRESS_MIN_BYTES,
    Codec,
    HttpResponse,
    Limits,
    RawHeaders,
    RequestHead,
    ResponseHead,
    parse_request_head,
)

__all__ = [
    "Side",
    "StreamEnd",
    "StreamEvent",
    "StreamMessage",
    "StreamReader",
    "StreamRequestHead",
    "StreamResponseEncoder",
    "StreamState",
    "parse_stream_head",
    "read_server_stream_request",
    "render_stream_error",
]

_DEFAULT_LIMITS = Limits()


class Side(enum.Enum):
    """Which end is reading: a SERVER reads a client's request stream, a CLIENT a server's response stream."""

    SERVER = "server"
    CLIENT = "client"

    @property
    def protocol_error_code(self) -> Code:
        return Code.INVALID_ARGUMENT if self is Side.SERVER else Code.INTERNAL


@attrs.frozen
class StreamRequestHead(RequestHead):
    """A streaming request's validated headers: how messages flagged compressed are compressed from
    ``connect-content-encoding``, the response's from ``connect-accept-encoding``."""


def parse_stream_head(
    method: str,
    headers: Headers | Iterable[tuple[bytes, bytes]],
    limits: Limits = _DEFAULT_LIMITS,
    *,
    codecs: Collection[Codec] = ALL_CODECS,
    compressions: CompressionRegistry = DEFAULT_COMPRESSIONS,
) -> StreamRequestHead:
    """Validate a streaming request's method and headers.

    Raises HttpRejection (405 method, 415 content type) or ConnectError (protocol version, timeout,
    unsupported ``connect-content-encoding``, a ``content-length`` over ``limits.max_request_bytes``).
    """
    return parse_request_head(
        StreamRequestHead, method, headers, limits, streaming=True, codecs=codecs, compressions=compressions
    )


# --- reading ----------------------------------------------------------------------------------------------


@attrs.frozen
class StreamMessage:
    """One message of a stream (decompressed, still serialized)."""

    payload: bytes = attrs.field(repr=lambda p: f"<{len(p)} bytes>")


@attrs.frozen
class StreamEnd:
    """The end-stream message: the RPC's error (None on success) and its trailers."""

    error: ConnectError | None
    metadata: NormalizedMetadata


StreamEvent = StreamMessage | StreamEnd


class StreamReader:
    """Bytes of an envelope stream in, `StreamMessage` / `StreamEnd` events out (see module docstring)."""

    __slots__ = ("_compression", "_decoder", "_ended", "_error", "max_message_bytes", "side")

    def __init__(self, *, side: Side, max_message_bytes: int, compression: Compression = IDENTITY) -> None:
        self.side = side
        self.max_message_bytes = max_message_bytes
        self._compression = compression
        self._decoder = EnvelopeDecoder(max_message_bytes, protocol_error_code=side.protocol_error_code)
        self._ended = False
        self._error: ConnectError | None = None

    @classmethod
    def for_request(cls, head: StreamRequestHead, limits: Limits = _DEFAULT_LIMITS) -> StreamReader:
        """A server's reader for the request stream described by ``head``."""
        return cls(
            side=Side.SERVER, max_message_bytes=limits.max_message_bytes, compression=head.request_compression
        )

    def _fail(self, error: ConnectError) -> ConnectError:
        self._error = error
        return error

    def feed(self, data: bytes | bytearray | memoryview) -> list[StreamEvent]:
        if self._error is not None:
            raise self._error
        try:
            envelopes = self._decoder.feed(data)
        except ConnectError as err:
            raise self._fail(err) from None
        events: list[StreamEvent] = []
        for envelope in envelopes:
            payload = envelope.payload
            if envelope.compressed:
                if self._compression.name == "identity":
                    raise self._fail(
                        ConnectError(
                            self.side.protocol_error_code,
                            "protocol error: received a compressed message but no compression was negotiated",
                        )
                    )
                payload = self._decompress(payload)
            if not envelope.end_stream:
                events.append(StreamMessage(payload))
                continue
            if self.side is Side.SERVER:
                raise self._fail(
                    ConnectError(Code.INVALID_ARGUMENT, "protocol error: client sent an end-stream message")
                )
            try:
                error, metadata = parse_end_stream(payload)
            except ConnectError as err:
                raise self._fail(err) from None
            self._ended = True
            events.append(StreamEnd(error, metadata))
        return events

    def _decompress(self, payload: bytes) -> bytes:
        try:
            return self._compression.decompress(payload, self.max_message_bytes)
        except ConnectError as err:
            if self.side is Side.CLIENT and err.code is Code.INVALID_ARGUMENT:
                err = ConnectError(Code.INTERNAL, err.message)
            raise self._fail(err) from None

    def finish(self) -> None:
        """The body ended. Raises if an envelope was cut short, or (client side) if no end-stream came."""
        if self._error is not None:
            raise self._error
        try:
            self._decoder.finish()
        except ConnectError as err:
            raise self._fail(err) from None
        if self.side is Side.CLIENT and not self._ended:
            raise self._fail(
                ConnectError(Code.INTERNAL, "protocol error: stream ended without an end-stream message")
            )


def read_server_stream_request(
    head: StreamRequestHead, body: bytes, limits: Limits = _DEFAULT_LIMITS
) -> bytes:
    """The one request message of a server-streaming RPC, from the whole request body."""
    limits.check_request_body(len(body))
    reader = StreamReader.for_request(head, limits)
    events = reader.feed(body)
    reader.finish()
    if len(events) != 1:
        raise ConnectError(
            Code.INVALID_ARGUMENT,
            f"a server-streaming request must carry exactly one message, got {len(events)}",
        )
    (event,) = events
    assert isinstance(event, StreamMessage)  # the server side never yields StreamEnd
    return event.payload


# --- writing ----------------------------------------------------------------------------------------------


class StreamState(enum.Enum):
    IDLE = "idle"
    OPEN = "open"
    CLOSED = "closed"


_TRANSITIONS: dict[tuple[StreamState, str], StreamState] = {
    (StreamState.IDLE, "start"): StreamState.OPEN,
    (StreamState.OPEN, "message"): StreamState.OPEN,
    (StreamState.OPEN, "end"): StreamState.CLOSED,
}


def _stream_headers(
    content_type: str, compressions: CompressionRegistry, compression: Compression
) -> RawHeaders:
    raw: RawHeaders = [(b"content-type", content_type.encode("latin-1"))]
    if compression.name != "identity":
        raw.append((b"connect-content-encoding", compression.name.encode("ascii")))
    raw.append((b"connect-accept-encoding", compressions.accept_header.encode("ascii")))
    return raw


@attrs.define
class StreamResponseEncoder:
    """Renders one streaming response: `start` (head), `message` (envelopes), `end` (end-stream envelope)."""

    codec: Codec
    #: How large messages are compressed; identity to never compress.
    compression: Compression = IDENTITY
    #: The advertised ``connect-accept-encoding``.
    compressions: CompressionRegistry = DEFAULT_COMPRESSIONS
    #: Response content type; None means ``application/connect+<codec>`` (RunSSE passes text/event-stream).
    content_type: str | None = None
    compress_min_bytes: int = COMPRESS_MIN_BYTES
    state: StreamState = attrs.field(default=StreamState.IDLE, init=False)

    @classmethod
    def for_request(
        cls,
        head: StreamRequestHead,
        *,
        content_type: str | None = None,
        compress_min_bytes: int = COMPRESS_MIN_BYTES,
    ) -> StreamResponseEncoder:
        return cls(
            codec=head.codec,
            compression=head.response_compression,
            compressions=head.compressions,
            content_type=content_type,
            compress_min_bytes=compress_min_bytes,
        )

    def _move(self, event: str) -> None:
        next_state = _TRANSITIONS.get((self.state, event))
        if next_state is None:
            raise LocalProtocolError(f"cannot {event} a stream response that is {self.state.value}")
        self.state = next_state

    def start(self, headers: Metadata | None = None) -> ResponseHead:
        """Status 200 and headers. ``headers`` is metadata (ValueError if it names a protocol header)."""
        extra = metadata_to_headers(normalize_metadata(headers))
        self._move("start")
        content_type = self.content_type or self.codec.stream_content_type
        raw = _stream_headers(content_type, self.compressions, self.compression)
        return ResponseHead(200, raw + extra)

    def message(self, payload: bytes) -> bytes:
        """One message envelope (compressed if negotiated and ``payload`` is large enough)."""
        self._move("message")
        return self._envelope(payload)

    def messages(self, payloads: Iterable[bytes]) -> bytes:
        """Several envelopes in one buffer, for a single send (HTTP/1.1 costs one write per send)."""
        self._move("message")
        return b"".join(self._envelope(payload) for payload in payloads)

    def _envelope(self, payload: bytes) -> bytes:
        if self.compression.name != "identity" and len(payload) >= self.compress_min_bytes:
            return encode_envelope(self.compression.compress(payload), compressed=True)
        return encode_envelope(payload)

    def end(self, error: ConnectError | None = None, trailers: Metadata | None = None) -> bytes:
        """The end-stream envelope: ``error`` (None for success), ``trailers`` plus the error's metadata."""
        payload = end_stream_payload(error, trailers)
        self._move("end")
        return encode_envelope(payload, end_stream=True)


def render_stream_error(
    err: ConnectError,
    *,
    codec: Codec = Codec.PROTO,
    content_type: str | None = None,
    compressions: CompressionRegistry = DEFAULT_COMPRESSIONS,
) -> HttpResponse:
    """A whole streaming response that is only an error (for failures before the stream started):
    200, stream headers, and one end-stream envelope carrying ``err`` and its metadata."""
    raw = _stream_headers(content_type or codec.stream_content_type, compressions, IDENTITY)
    return HttpResponse(200, raw, encode_envelope(end_stream_payload(err), end_stream=True))
