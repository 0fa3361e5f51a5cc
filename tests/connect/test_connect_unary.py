"""Unary requests: header validation, body limits and compression, response and error rendering."""

from __future__ import annotations

import gzip
import json
import zlib

import pytest
from google.protobuf import descriptor_pb2, duration_pb2

from cursord.connect import (
    GZIP,
    IDENTITY,
    Code,
    Codec,
    CompressionRegistry,
    ConnectError,
    ErrorDetail,
    HttpRejection,
    Limits,
    UnaryRequest,
    decode_message,
    decode_unary_body,
    detail_from_message,
    encode_message,
    parse_timeout,
    parse_unary_head,
    parse_unary_request,
    render_unary_error,
    render_unary_response,
)

PROTO = [(b"content-type", b"application/proto")]


def hdrs(*pairs: tuple[str, str]) -> list[tuple[bytes, bytes]]:
    return [(k.encode(), v.encode()) for k, v in pairs]


def header(response_headers: list[tuple[bytes, bytes]], name: bytes) -> list[bytes]:
    return [v for k, v in response_headers if k == name]


# --- content type, method, version ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content_type", "codec"),
    [
        ("application/proto", Codec.PROTO),
        ("application/json", Codec.JSON),
        ("application/json; charset=utf-8", Codec.JSON),
        ("application/json;charset=UTF-8", Codec.JSON),
        ('application/json; charset="utf-8"', Codec.JSON),
        ("Application/Proto", Codec.PROTO),
        ("application/proto;charset=utf-8", Codec.PROTO),
    ],
)
def test_unary_content_types_accepted(content_type: str, codec: Codec) -> None:
    assert parse_unary_head("POST", hdrs(("content-type", content_type))).codec is codec


@pytest.mark.parametrize(
    "content_type",
    [
        None,
        "",
        "application/connect+proto",
        "application/connect+json",
        "application/grpc",
        "application/protobuf",
        "text/plain",
        "application/json; charset=latin-1",
        "application/json; boundary=x",
        "application/jsonx",
    ],
)
def test_unary_wrong_content_type_is_415(content_type: str | None) -> None:
    headers = [] if content_type is None else hdrs(("content-type", content_type))
    with pytest.raises(HttpRejection) as info:
        parse_unary_head("POST", headers)
    response = info.value.response()
    assert response.status == 415
    assert header(response.headers, b"accept-post") == [b"application/proto, application/json"]
    assert int(header(response.headers, b"content-length")[0]) == len(response.body)


def test_duplicate_content_type_headers_do_not_half_match() -> None:
    with pytest.raises(HttpRejection):
        parse_unary_head("POST", PROTO + hdrs(("content-type", "application/json")))


def test_codec_set_can_be_restricted() -> None:
    with pytest.raises(HttpRejection) as info:
        parse_unary_head("POST", hdrs(("content-type", "application/json")), codecs=[Codec.PROTO])
    assert header(info.value.response().headers, b"accept-post") == [b"application/proto"]


@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE"])
def test_non_post_is_405(method: str) -> None:
    with pytest.raises(HttpRejection) as info:
        parse_unary_head(method, PROTO)
    assert info.value.status == 405
    assert (b"allow", b"POST") in info.value.response().headers


def test_protocol_version_absent_or_1_is_accepted() -> None:
    parse_unary_head("POST", PROTO)
    parse_unary_head("POST", PROTO + hdrs(("Connect-Protocol-Version", "1")))


@pytest.mark.parametrize("version", ["2", "0", "", "1, 1", "v1"])
def test_protocol_version_other_than_1_is_invalid_argument(version: str) -> None:
    with pytest.raises(ConnectError) as info:
        parse_unary_head("POST", PROTO + hdrs(("connect-protocol-version", version)))
    assert info.value.code is Code.INVALID_ARGUMENT
    assert info.value.message == f'connect-protocol-version must be "1": got "{version}"'


def test_content_type_is_checked_before_the_protocol_version() -> None:
    with pytest.raises(HttpRejection):
        parse_unary_head("POST", hdrs(("content-type", "text/html"), ("connect-protocol-version", "9")))


# --- timeout ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "seconds"),
    [(None, None), ("1", 0.001), ("1500", 1.5), ("0030000", 30.0), ("9999999999", 9999999.999)],
)
def test_timeout_parsing(value: str | None, seconds: float | None) -> None:
    assert parse_timeout(value) == seconds


@pytest.mark.parametrize("value", ["0", "", "-5", "+5", "1.5", "abc", "12345678901", "1e3", "١٢", "5 ms"])
def test_invalid_timeout_is_invalid_argument(value: str) -> None:
    with pytest.raises(ConnectError) as info:
        parse_timeout(value)
    assert info.value.code is Code.INVALID_ARGUMENT
    assert "connect-timeout-ms" in info.value.message


def test_timeout_reaches_the_request_head() -> None:
    assert parse_unary_head("POST", PROTO + hdrs(("connect-timeout-ms", "250"))).timeout == 0.25
    assert parse_unary_head("POST", PROTO).timeout is None
    with pytest.raises(ConnectError):
        parse_unary_head("POST", PROTO + hdrs(("connect-timeout-ms", "soon")))


# --- body: size and compression ---------------------------------------------------------------------------


def test_plain_body() -> None:
    req = parse_unary_request("POST", PROTO, b"\x08\x01")
    assert isinstance(req, UnaryRequest)
    assert (req.codec, req.message, req.timeout) == (Codec.PROTO, b"\x08\x01", None)
    assert req.headers.get("Content-Type") == "application/proto"


def test_body_over_the_limit_is_resource_exhausted() -> None:
    limits = Limits(max_request_bytes=10)
    assert parse_unary_request("POST", PROTO, b"x" * 10, limits).message == b"x" * 10
    with pytest.raises(ConnectError) as info:
        parse_unary_request("POST", PROTO, b"x" * 11, limits)
    assert info.value.code is Code.RESOURCE_EXHAUSTED
    assert info.value.message == "request body of 11 bytes exceeds the limit of 10 bytes"


def test_content_length_over_the_limit_fails_before_the_body_is_read() -> None:
    with pytest.raises(ConnectError) as info:
        parse_unary_head("POST", PROTO + hdrs(("content-length", "5000")), Limits(max_request_bytes=4096))
    assert info.value.message == "request body of 5000 bytes exceeds the limit of 4096 bytes"


def test_incremental_body_check() -> None:
    limits = Limits(max_request_bytes=100)
    limits.check_request_body(100)
    with pytest.raises(ConnectError, match="request body of 101 bytes exceeds the limit of 100 bytes"):
        limits.check_request_body(101)


def test_gzip_request_body_is_decompressed() -> None:
    message = b"hello " * 1000
    req = parse_unary_request("POST", PROTO + hdrs(("content-encoding", "gzip")), gzip.compress(message))
    assert req.message == message
    assert req.head.request_compression is GZIP


def test_decompressed_size_is_bounded_by_max_message_bytes() -> None:
    bomb = zlib.compress(bytes(10 * 1024 * 1024), 9, wbits=31)
    limits = Limits(max_request_bytes=1024 * 1024, max_message_bytes=64 * 1024)
    with pytest.raises(ConnectError) as info:
        parse_unary_request("POST", PROTO + hdrs(("content-encoding", "gzip")), bomb, limits)
    assert info.value.code is Code.RESOURCE_EXHAUSTED
    assert info.value.message == "decompressed message exceeds the limit of 65536 bytes"


def test_uncompressed_message_is_bounded_by_max_message_bytes_too() -> None:
    with pytest.raises(ConnectError) as info:
        parse_unary_request("POST", PROTO, b"x" * 11, Limits(max_message_bytes=10))
    assert info.value.code is Code.RESOURCE_EXHAUSTED


def test_corrupt_gzip_body_is_invalid_argument() -> None:
    with pytest.raises(ConnectError) as info:
        parse_unary_request("POST", PROTO + hdrs(("content-encoding", "gzip")), b"\x1f\x8bnope")
    assert info.value.code is Code.INVALID_ARGUMENT


def test_unsupported_content_encoding_is_unimplemented_and_the_error_advertises_ours() -> None:
    with pytest.raises(ConnectError) as info:
        parse_unary_head("POST", PROTO + hdrs(("content-encoding", "br")))
    err = info.value
    assert err.code is Code.UNIMPLEMENTED
    assert err.message == 'unknown compression "br": supported encodings are gzip, identity'
    response = render_unary_error(err)
    assert response.status == 501
    assert header(response.headers, b"accept-encoding") == [b"gzip"]


def test_two_phase_api_matches_one_shot() -> None:
    headers = PROTO + hdrs(("content-encoding", "gzip"), ("accept-encoding", "gzip"))
    body = gzip.compress(b"payload")
    head = parse_unary_head("POST", headers)
    assert UnaryRequest(head, decode_unary_body(head, body)) == parse_unary_request("POST", headers, body)


# --- rendering --------------------------------------------------------------------------------------------


def test_render_small_response_is_not_compressed() -> None:
    head = parse_unary_head("POST", PROTO + hdrs(("accept-encoding", "gzip, deflate, br")))
    response = render_unary_response(head, b"tiny")
    assert response.status == 200
    assert response.body == b"tiny"
    assert header(response.headers, b"content-type") == [b"application/proto"]
    assert header(response.headers, b"content-encoding") == []
    assert header(response.headers, b"content-length") == [b"4"]
    assert header(response.headers, b"accept-encoding") == [b"gzip"]


def test_render_large_response_is_gzipped_when_accepted() -> None:
    head = parse_unary_head("POST", hdrs(("content-type", "application/json"), ("accept-encoding", "gzip")))
    message = json.dumps({"text": "abc " * 1000}).encode()
    response = render_unary_response(head, message)
    assert header(response.headers, b"content-type") == [b"application/json"]
    assert header(response.headers, b"content-encoding") == [b"gzip"]
    assert gzip.decompress(response.body) == message
    assert len(response.body) < len(message)
    assert header(response.headers, b"content-length") == [str(len(response.body)).encode()]


def test_render_compression_threshold() -> None:
    head = parse_unary_head("POST", PROTO + hdrs(("accept-encoding", "gzip")))
    assert (
        header(render_unary_response(head, b"x" * 99, compress_min_bytes=100).headers, b"content-encoding")
        == []
    )
    at = render_unary_response(head, b"x" * 100, compress_min_bytes=100)
    assert header(at.headers, b"content-encoding") == [b"gzip"]


def test_render_large_response_uncompressed_without_accept_encoding() -> None:
    head = parse_unary_head("POST", PROTO)
    assert head.response_compression is IDENTITY
    response = render_unary_response(head, b"y" * 5000)
    assert response.body == b"y" * 5000
    assert header(response.headers, b"content-encoding") == []


def test_render_response_metadata_and_trailers() -> None:
    head = parse_unary_head("POST", PROTO)
    response = render_unary_response(
        head, b"", headers={"X-Request-Id": "abc"}, trailers={"x-cost": ["1", "2"], "x-bin": "AAE"}
    )
    assert header(response.headers, b"x-request-id") == [b"abc"]
    assert header(response.headers, b"trailer-x-cost") == [b"1", b"2"]
    assert header(response.headers, b"trailer-x-bin") == [b"AAE"]


@pytest.mark.parametrize(
    "name", ["content-type", "Content-Length", "connect-timeout-ms", "transfer-encoding"]
)
def test_render_response_refuses_protocol_headers_in_metadata(name: str) -> None:
    head = parse_unary_head("POST", PROTO)
    with pytest.raises(ValueError):
        render_unary_response(head, b"", headers={name: "x"})


@pytest.mark.parametrize("code", list(Code))
def test_render_unary_error_status_and_body(code: Code) -> None:
    err = ConnectError(code, "went wrong", details=[ErrorDetail("x.Y", b"\x01\x02\x03")])
    response = render_unary_error(err)
    assert response.status == code.http_status
    assert header(response.headers, b"content-type") == [b"application/json"]
    assert json.loads(response.body) == {
        "code": code.value,
        "message": "went wrong",
        "details": [{"type": "x.Y", "value": "AQID"}],
    }
    assert header(response.headers, b"content-length") == [str(len(response.body)).encode()]


def test_render_unary_error_metadata_becomes_headers_and_protocol_names_are_dropped() -> None:
    err = ConnectError(Code.UNAVAILABLE, "busy", metadata={"retry-after": "3", "content-type": "text/html"})
    response = render_unary_error(err)
    assert header(response.headers, b"retry-after") == [b"3"]
    assert header(response.headers, b"content-type") == [b"application/json"]


def test_render_unary_error_with_custom_registry() -> None:
    response = render_unary_error(ConnectError(Code.INTERNAL), compressions=CompressionRegistry([]))
    assert header(response.headers, b"accept-encoding") == [b"identity"]


# --- protobuf message helpers -----------------------------------------------------------------------------


def test_message_helpers_round_trip_both_codecs() -> None:
    value = duration_pb2.Duration(seconds=3, nanos=500)
    for codec in Codec:
        assert decode_message(codec, encode_message(codec, value), duration_pb2.Duration) == value
    assert encode_message(Codec.JSON, value) == b'"3.000000500s"'
    parsed = decode_message(
        Codec.JSON, b'{"name": "a.proto", "notAField": 1}', descriptor_pb2.FileDescriptorProto
    )
    assert parsed == descriptor_pb2.FileDescriptorProto(name="a.proto")  # unknown JSON fields are ignored


def test_message_helpers_map_parse_failures_to_invalid_argument() -> None:
    for codec, data in [(Codec.PROTO, b"\xff\xff\xff"), (Codec.JSON, b"{not json"), (Codec.JSON, b"\xff")]:
        with pytest.raises(ConnectError) as info:
            decode_message(codec, data, duration_pb2.Duration)
        assert info.value.code is Code.INVALID_ARGUMENT
        assert info.value.message.startswith("unmarshal into google.protobuf.Duration:")


def test_detail_from_message() -> None:
    detail = detail_from_message(duration_pb2.Duration(seconds=1))
    assert detail == ErrorDetail("google.protobuf.Duration", b"\x08\x01")
