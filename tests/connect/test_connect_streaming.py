"""Streaming requests and responses: heads, StreamReader, StreamResponseEncoder, render_stream_error."""

from __future__ import annotations

import gzip
from collections.abc import Callable

import pytest

from cursord.connect import (
    GZIP,
    IDENTITY,
    Code,
    Codec,
    ConnectError,
    EnvelopeDecoder,
    HttpRejection,
    Limits,
    LocalProtocolError,
    Side,
    StreamEnd,
    StreamEvent,
    StreamMessage,
    StreamReader,
    StreamResponseEncoder,
    StreamState,
    encode_envelope,
    end_stream_payload,
    parse_end_stream,
    parse_stream_head,
    read_server_stream_request,
    render_stream_error,
)

STREAM = [(b"content-type", b"application/connect+proto")]


def hdrs(*pairs: tuple[str, str]) -> list[tuple[bytes, bytes]]:
    return [(k.encode(), v.encode()) for k, v in pairs]


def state_of(encoder: StreamResponseEncoder) -> StreamState:
    return encoder.state


def header(headers: list[tuple[bytes, bytes]], name: bytes) -> list[bytes]:
    return [v for k, v in headers if k == name]


# --- request head -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content_type", "codec"),
    [
        ("application/connect+proto", Codec.PROTO),
        ("application/connect+json", Codec.JSON),
        ("application/connect+json; charset=utf-8", Codec.JSON),
    ],
)
def test_stream_content_types(content_type: str, codec: Codec) -> None:
    assert parse_stream_head("POST", hdrs(("content-type", content_type))).codec is codec


@pytest.mark.parametrize(
    "content_type", ["application/proto", "application/json", "text/event-stream", "application/connect+"]
)
def test_stream_wrong_content_type_is_415(content_type: str) -> None:
    with pytest.raises(HttpRejection) as info:
        parse_stream_head("POST", hdrs(("content-type", content_type)))
    assert info.value.status == 415
    assert header(info.value.response().headers, b"accept-post") == [
        b"application/connect+proto, application/connect+json"
    ]


def test_stream_head_uses_the_connect_encoding_headers() -> None:
    head = parse_stream_head(
        "POST", STREAM + hdrs(("connect-content-encoding", "gzip"), ("connect-timeout-ms", "60000"))
    )
    assert (head.request_compression, head.response_compression, head.timeout) == (GZIP, GZIP, 60.0)
    # plain HTTP content/accept-encoding do not select message compression for streams
    head = parse_stream_head("POST", STREAM + hdrs(("accept-encoding", "gzip"), ("content-encoding", "br")))
    assert (head.request_compression, head.response_compression) == (IDENTITY, IDENTITY)
    head = parse_stream_head("POST", STREAM + hdrs(("connect-accept-encoding", "gzip")))
    assert (head.request_compression, head.response_compression) == (IDENTITY, GZIP)


def test_stream_head_errors() -> None:
    with pytest.raises(ConnectError) as info:
        parse_stream_head("POST", STREAM + hdrs(("connect-content-encoding", "zstd")))
    assert info.value.code is Code.UNIMPLEMENTED
    with pytest.raises(ConnectError) as info:
        parse_stream_head("POST", STREAM + hdrs(("connect-protocol-version", "2")))
    assert info.value.code is Code.INVALID_ARGUMENT
    with pytest.raises(HttpRejection):
        parse_stream_head("GET", STREAM)


# --- reading a server-streaming request -------------------------------------------------------------------


def test_read_server_stream_request() -> None:
    head = parse_stream_head("POST", STREAM)
    assert read_server_stream_request(head, encode_envelope(b"\x0a\x03abc")) == b"\x0a\x03abc"
    assert read_server_stream_request(head, encode_envelope(b"")) == b""


def test_read_server_stream_request_compressed() -> None:
    head = parse_stream_head("POST", STREAM + hdrs(("connect-content-encoding", "gzip")))
    body = encode_envelope(gzip.compress(b"m" * 500), compressed=True)
    assert read_server_stream_request(head, body) == b"m" * 500
    # compression is per message: an uncompressed envelope is fine too
    assert read_server_stream_request(head, encode_envelope(b"plain")) == b"plain"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"", "a server-streaming request must carry exactly one message, got 0"),
        (
            encode_envelope(b"a") + encode_envelope(b"b"),
            "a server-streaming request must carry exactly one message, got 2",
        ),
        (encode_envelope(b"a")[:-1], "stream ended mid-envelope: got 5 of 6 bytes"),
        (encode_envelope(b"{}", end_stream=True), "protocol error: client sent an end-stream message"),
        (
            encode_envelope(b"x", compressed=True),
            "protocol error: received a compressed message but no compression was negotiated",
        ),
        (b"\x40\x00\x00\x00\x00", "protocol error: envelope flags 0x40 set reserved bits 0x40"),
    ],
)
def test_read_server_stream_request_rejects(body: bytes, message: str) -> None:
    head = parse_stream_head("POST", STREAM)
    with pytest.raises(ConnectError) as info:
        read_server_stream_request(head, body)
    assert info.value.code is Code.INVALID_ARGUMENT
    assert info.value.message == message


def test_read_server_stream_request_limits() -> None:
    head = parse_stream_head("POST", STREAM + hdrs(("connect-content-encoding", "gzip")))
    with pytest.raises(ConnectError) as info:
        read_server_stream_request(head, encode_envelope(b"x" * 100), Limits(max_message_bytes=99))
    assert info.value.message == "message of 100 bytes exceeds the limit of 99 bytes"
    with pytest.raises(ConnectError) as info:
        read_server_stream_request(head, encode_envelope(b"x" * 100), Limits(max_request_bytes=104))
    assert info.value.message == "request body of 105 bytes exceeds the limit of 104 bytes"
    bomb = encode_envelope(gzip.compress(bytes(1 << 20)), compressed=True)
    with pytest.raises(ConnectError) as info:
        read_server_stream_request(head, bomb, Limits(max_message_bytes=64 * 1024))
    assert info.value.code is Code.RESOURCE_EXHAUSTED
    assert info.value.message == "decompressed message exceeds the limit of 65536 bytes"


# --- writing a response -----------------------------------------------------------------------------------


def test_encoder_start_headers() -> None:
    head = parse_stream_head("POST", STREAM)
    start = StreamResponseEncoder.for_request(head).start(headers={"X-Trace": "t1"})
    assert start.status == 200
    assert start.headers == [
        (b"content-type", b"application/connect+proto"),
        (b"connect-accept-encoding", b"gzip"),
        (b"x-trace", b"t1"),
    ]


def test_encoder_content_type_override_and_compression_header() -> None:
    head = parse_stream_head("POST", STREAM + hdrs(("connect-accept-encoding", "gzip")))
    start = StreamResponseEncoder.for_request(head, content_type="text/event-stream").start()
    assert header(start.headers, b"content-type") == [b"text/event-stream"]
    assert header(start.headers, b"connect-content-encoding") == [b"gzip"]


def test_encoder_refuses_protocol_headers_without_changing_state() -> None:
    encoder = StreamResponseEncoder(Codec.PROTO)
    with pytest.raises(ValueError):
        encoder.start(headers={"connect-content-encoding": "br"})
    assert state_of(encoder) is StreamState.IDLE
    encoder.start()
    assert state_of(encoder) is StreamState.OPEN


def test_encoder_per_message_compression() -> None:
    encoder = StreamResponseEncoder(Codec.PROTO, compression=GZIP, compress_min_bytes=100)
    encoder.start()
    small, large = encoder.message(b"s" * 99), encoder.message(b"L" * 100)
    decoder = EnvelopeDecoder(1 << 20)
    (e_small,) = decoder.feed(small)
    (e_large,) = decoder.feed(large)
    assert (e_small.flags, e_small.payload) == (0x00, b"s" * 99)
    assert e_large.flags == 0x01 and gzip.decompress(e_large.payload) == b"L" * 100


def test_encoder_without_compression_never_compresses() -> None:
    encoder = StreamResponseEncoder(Codec.JSON)
    encoder.start()
    assert encoder.message(b"{}" * 10000) == encode_envelope(b"{}" * 10000)


def test_encoder_messages_batch_equals_concatenation() -> None:
    payloads = [b"a", b"b" * 2000, b""]
    one, many = (
        StreamResponseEncoder(Codec.PROTO, compression=GZIP),
        StreamResponseEncoder(Codec.PROTO, compression=GZIP),
    )
    one.start()
    many.start()
    assert many.messages(payloads) == b"".join(one.message(p) for p in payloads)


def test_encoder_end() -> None:
    encoder = StreamResponseEncoder(Codec.PROTO)
    encoder.start()
    err = ConnectError(Code.DEADLINE_EXCEEDED, "too slow", metadata={"x-e": "1"})
    data = encoder.end(err, {"x-t": "2"})
    assert encoder.state is StreamState.CLOSED
    assert data == encode_envelope(end_stream_payload(err, {"x-t": "2"}), end_stream=True)
    error, metadata = parse_end_stream(data[5:])
    assert error is not None and error.code is Code.DEADLINE_EXCEEDED
    assert metadata == {"x-t": ("2",), "x-e": ("1",)}


@pytest.mark.parametrize(
    "script",
    [["message"], ["end"], ["start", "start"], ["start", "end", "message"], ["start", "end", "end"]],
)
def test_encoder_illegal_transitions(script: list[str]) -> None:
    encoder = StreamResponseEncoder(Codec.PROTO)
    calls: dict[str, Callable[[], object]] = {
        "start": encoder.start,
        "message": lambda: encoder.message(b"x"),
        "end": encoder.end,
    }
    for step in script[:-1]:
        calls[step]()
    with pytest.raises(LocalProtocolError):
        calls[script[-1]]()


def test_render_stream_error() -> None:
    err = ConnectError(Code.UNAUTHENTICATED, "who are you", metadata={"www-authenticate": "Bearer"})
    response = render_stream_error(err, codec=Codec.JSON)
    assert response.status == 200
    assert header(response.headers, b"content-type") == [b"application/connect+json"]
    decoder = EnvelopeDecoder(1 << 20, protocol_error_code=Code.INTERNAL)
    (envelope,) = decoder.feed(response.body)
    decoder.finish()
    assert envelope.end_stream
    error, metadata = parse_end_stream(envelope.payload)
    assert error is not None and (error.code, error.message) == (Code.UNAUTHENTICATED, "who are you")
    assert metadata == {"www-authenticate": ("Bearer",)}
    sse = render_stream_error(err, content_type="text/event-stream")
    assert header(sse.headers, b"content-type") == [b"text/event-stream"]


# --- reading a response (client side) ---------------------------------------------------------------------


def full_response(compression_min: int = 10) -> tuple[bytes, list[bytes], ConnectError]:
    encoder = StreamResponseEncoder(Codec.PROTO, compression=GZIP, compress_min_bytes=compression_min)
    encoder.start()
    payloads = [b"hi", b"z" * 50, b"", b"q" * 9]
    err = ConnectError(Code.ABORTED, "stop")
    return b"".join(encoder.message(p) for p in payloads) + encoder.end(err, {"t": "1"}), payloads, err


def test_client_reader_at_every_split() -> None:
    data, payloads, err = full_response()
    for cut in range(len(data) + 1):
        reader = StreamReader(side=Side.CLIENT, max_message_bytes=1000, compression=GZIP)
        events: list[StreamEvent] = reader.feed(data[:cut]) + reader.feed(data[cut:])
        reader.finish()
        assert [e.payload for e in events if isinstance(e, StreamMessage)] == payloads
        end = events[-1]
        assert isinstance(end, StreamEnd) and end.error is not None
        assert (end.error.code, end.error.message, end.metadata) == (err.code, err.message, {"t": ("1",)})


def test_client_reader_requires_end_stream() -> None:
    reader = StreamReader(side=Side.CLIENT, max_message_bytes=100)
    reader.feed(encode_envelope(b"only data"))
    with pytest.raises(ConnectError) as info:
        reader.finish()
    assert info.value.code is Code.INTERNAL
    assert info.value.message == "protocol error: stream ended without an end-stream message"


def test_client_reader_protocol_errors_are_internal() -> None:
    reader = StreamReader(side=Side.CLIENT, max_message_bytes=100, compression=GZIP)
    with pytest.raises(ConnectError) as info:
        reader.feed(encode_envelope(b"not gzip", compressed=True))
    assert info.value.code is Code.INTERNAL
    with pytest.raises(ConnectError) as again:  # poisoned
        reader.feed(encode_envelope(b"fine"))
    assert again.value is info.value
    reader = StreamReader(side=Side.CLIENT, max_message_bytes=100)
    with pytest.raises(ConnectError) as info:
        reader.feed(encode_envelope(b"{}", end_stream=True) + encode_envelope(b"after"))
    assert info.value.code is Code.INTERNAL


def test_client_reader_success_end() -> None:
    reader = StreamReader(side=Side.CLIENT, max_message_bytes=100)
    assert reader.feed(encode_envelope(b"{}", end_stream=True)) == [StreamEnd(None, {})]
    reader.finish()
