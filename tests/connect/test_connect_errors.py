"""Error codes, HTTP status tables, ConnectError, and the error JSON."""

from __future__ import annotations

import json

import pytest

from cursord.connect import (
    Code,
    ConnectError,
    ErrorDetail,
    code_from_http_status,
    decode_binary_header,
    encode_binary_header,
    error_from_http_response,
    error_from_json,
    error_to_json,
)

# Connect spec, "Error Codes": wire string -> HTTP status of a unary error.
SPEC_TABLE = {
    "canceled": 499,
    "unknown": 500,
    "invalid_argument": 400,
    "deadline_exceeded": 504,
    "not_found": 404,
    "already_exists": 409,
    "permission_denied": 403,
    "resource_exhausted": 429,
    "failed_precondition": 400,
    "aborted": 409,
    "out_of_range": 400,
    "unimplemented": 501,
    "internal": 500,
    "unavailable": 503,
    "data_loss": 500,
    "unauthenticated": 401,
}


def test_there_are_exactly_sixteen_codes_with_the_spec_names() -> None:
    assert {code.value for code in Code} == set(SPEC_TABLE)


@pytest.mark.parametrize(("name", "status"), sorted(SPEC_TABLE.items()))
def test_code_http_status(name: str, status: int) -> None:
    code = Code.from_string(name)
    assert code is not None
    assert code.value == name
    assert code.http_status == status


def test_from_string_unknown_name() -> None:
    assert Code.from_string("INVALID_ARGUMENT") is None
    assert Code.from_string("") is None


@pytest.mark.parametrize(
    ("status", "code"),
    [
        (400, Code.INTERNAL),
        (401, Code.UNAUTHENTICATED),
        (403, Code.PERMISSION_DENIED),
        (404, Code.UNIMPLEMENTED),
        (429, Code.UNAVAILABLE),
        (502, Code.UNAVAILABLE),
        (503, Code.UNAVAILABLE),
        (504, Code.UNAVAILABLE),
        (500, Code.UNKNOWN),
        (415, Code.UNKNOWN),
        (302, Code.UNKNOWN),
        (200, Code.UNKNOWN),
    ],
)
def test_code_from_http_status(status: int, code: Code) -> None:
    assert code_from_http_status(status) is code


# --- ConnectError -----------------------------------------------------------------------------------------


def test_connect_error_fields_and_str() -> None:
    detail = ErrorDetail("google.rpc.RetryInfo", b"\x01")
    err = ConnectError(Code.NOT_FOUND, "no such thing", details=[detail], metadata={"X-Id": "7"})
    assert err.code is Code.NOT_FOUND
    assert err.message == "no such thing"
    assert err.details == (detail,)
    assert dict(err.metadata) == {"x-id": ("7",)}
    assert str(err) == "[not_found] no such thing"
    assert str(ConnectError(Code.CANCELED)) == "[canceled]"


def test_connect_error_is_read_only() -> None:
    err = ConnectError(Code.INTERNAL, "x", metadata={"a": "1"})
    with pytest.raises(AttributeError):
        err.code = Code.UNKNOWN  # type: ignore[misc]
    with pytest.raises(TypeError):
        err.metadata["b"] = ("2",)  # type: ignore[index]


def test_connect_error_accepts_notes_like_any_exception() -> None:
    err = ConnectError(Code.INTERNAL, "x")
    err.add_note("context")
    assert err.__notes__ == ["context"]


def test_connect_error_validates_its_inputs() -> None:
    with pytest.raises(TypeError):
        ConnectError("internal", "x")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ConnectError(Code.INTERNAL, details=["nope"])  # type: ignore[list-item]
    with pytest.raises(ValueError):
        ConnectError(Code.INTERNAL, metadata={"bad name": "x"})
    with pytest.raises(ValueError):
        ConnectError(Code.INTERNAL, metadata={"k": "a\r\nb"})


def test_with_metadata_appends() -> None:
    err = ConnectError(Code.ABORTED, "x", metadata={"a": "1"}).with_metadata({"A": "2", "b": ["3"]})
    assert dict(err.metadata) == {"a": ("1", "2"), "b": ("3",)}
    assert err.code is Code.ABORTED and err.message == "x"


def test_error_detail_type_name_is_bare() -> None:
    assert ErrorDetail("a.B", b"").type_url == "type.googleapis.com/a.B"
    with pytest.raises(ValueError):
        ErrorDetail("type.googleapis.com/a.B", b"")
    with pytest.raises(ValueError):
        ErrorDetail("", b"")


# --- JSON -------------------------------------------------------------------------------------------------


def test_error_to_json_exact() -> None:
    err = ConnectError(
        Code.INVALID_ARGUMENT,
        "bad request",
        details=[ErrorDetail("google.rpc.BadRequest", b"\xfb\xff"), ErrorDetail("x.Y", b"abcd")],
    )
    assert error_to_json(err) == (
        b'{"code":"invalid_argument","message":"bad request",'
        b'"details":[{"type":"google.rpc.BadRequest","value":"+/8"},{"type":"x.Y","value":"YWJjZA"}]}'
    )


def test_error_to_json_omits_empty_parts_and_metadata() -> None:
    assert error_to_json(ConnectError(Code.UNKNOWN, metadata={"a": "1"})) == b'{"code":"unknown"}'


def test_error_json_round_trip() -> None:
    err = ConnectError(Code.DATA_LOSS, "lost ☃", details=[ErrorDetail("a.b.C", bytes(range(40)))])
    back = error_from_json(error_to_json(err))
    assert (back.code, back.message, back.details) == (err.code, err.message, err.details)


def test_error_from_json_is_lenient_where_the_spec_allows() -> None:
    body = json.dumps(
        {
            "code": "some_future_code",
            "message": None,
            "details": [
                {"type": "type.googleapis.com/google.rpc.RetryInfo", "value": "+/8=", "debug": {}},
                {"type": "custom.example/x.Y", "value": "-_8"},
            ],
        }
    ).encode()
    err = error_from_json(body, metadata={"k": ("v",)})
    assert err.code is Code.UNKNOWN
    assert err.message == ""
    assert err.details == (ErrorDetail("google.rpc.RetryInfo", b"\xfb\xff"), ErrorDetail("x.Y", b"\xfb\xff"))
    assert dict(err.metadata) == {"k": ("v",)}


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b"<html>502</html>",
        b"[]",
        b"{}",
        b'{"code": 3}',
        b'{"code": "internal", "message": 5}',
        b'{"code": "internal", "details": {}}',
        b'{"code": "internal", "details": [{"type": "a.B"}]}',
        b'{"code": "internal", "details": [{"type": "a.B", "value": "!!"}]}',
        b"\xff\xfe",
    ],
)
def test_error_from_json_rejects_non_connect_bodies(body: bytes) -> None:
    with pytest.raises(ValueError):
        error_from_json(body)


def test_error_from_http_response_prefers_the_body() -> None:
    err = error_from_http_response(400, b'{"code":"failed_precondition","message":"m"}')
    assert (err.code, err.message) == (Code.FAILED_PRECONDITION, "m")


@pytest.mark.parametrize(
    ("status", "code"),
    [(400, Code.INTERNAL), (404, Code.UNIMPLEMENTED), (503, Code.UNAVAILABLE), (418, Code.UNKNOWN)],
)
def test_error_from_http_response_falls_back_to_the_status(status: int, code: Code) -> None:
    err = error_from_http_response(status, b"<html>oops</html>")
    assert err.code is code
    assert err.message == f"HTTP status {status}"


def test_binary_header_encoding() -> None:
    assert encode_binary_header(b"\x00\x01\x02\x03") == "AAECAw"
    for text in ("AAECAw", "AAECAw==", " AAECAw "):
        assert decode_binary_header(text) == b"\x00\x01\x02\x03"
    with pytest.raises(ValueError):
        decode_binary_header("A")


class Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no text")


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (TypeError("url strings may not include unicode characters"),
         "cursord internal error: TypeError: url strings may not include unicode characters"),
        (Unprintable(), "cursord internal error: Unprintable: (its message could not be read)"),
        (KeyError("x" * 10_000), "cursord internal error: KeyError: '" + "x" * 499),
    ],
)
def test_an_internal_error_names_the_exception_whatever_it_is(error: Exception, said: str) -> None:
    internal = ConnectError.internal(error)
    assert internal.code is Code.INTERNAL and internal.message == said
