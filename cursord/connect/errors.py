"""Connect error codes, the error value that travels on the wire, and its JSON form.

Two kinds of failure, kept apart as in h11:

* `ConnectError` is a Connect-level error: it has a `Code` and goes on the wire (as a unary error body or in
  a stream's end-stream message). The codec raises it when the *peer* misbehaved (malformed envelope, bad
  header, oversize message) and handlers raise it to fail an RPC.
* `LocalProtocolError` means *we* misused the codec (e.g. sent a message after ending a stream). It is a bug,
  never rendered to the peer.

Wire JSON of an error (the unary error body; the ``error`` member of an end-stream message)::

    {"code": "invalid_argument", "message": "...",
     "details": [{"type": "google.rpc.RetryInfo", "value": "..."}]}

``message`` and ``details`` are omitted when empty; detail values are base64 without padding (both padded and
unpadded, standard and URL-safe, are accepted when parsing).
"""

from __future__ import annotations

import enum
import json
import types
from collections.abc import Iterable, Mapping

import attrs

from cursord.connect.metadata import (
    Metadata,
    NormalizedMetadata,
    decode_binary_header,
    encode_binary_header,
    normalize_metadata,
)

__all__ = [
    "Code",
    "ConnectError",
    "ErrorDetail",
    "LocalProtocolError",
    "code_from_http_status",
    "error_from_http_response",
    "error_from_json",
    "error_from_wire",
    "error_to_json",
    "error_to_wire",
]

_TYPE_URL_PREFIX = "type.googleapis.com/"


class Code(enum.Enum):
    """The sixteen Connect error codes; the value is the string used on the wire."""

    CANCELED = "canceled"
    UNKNOWN = "unknown"
    INVALID_ARGUMENT = "invalid_argument"
    DEADLINE_EXCEEDED = "deadline_exceeded"
    NOT_FOUND = "not_found"
    ALREADY_EXISTS = "already_exists"
    PERMISSION_DENIED = "permission_denied"
    RESOURCE_EXHAUSTED = "resource_exhausted"
    FAILED_PRECONDITION = "failed_precondition"
    ABORTED = "aborted"
    OUT_OF_RANGE = "out_of_range"
    UNIMPLEMENTED = "unimplemented"
    INTERNAL = "internal"
    UNAVAILABLE = "unavailable"
    DATA_LOSS = "data_loss"
    UNAUTHENTICATED = "unauthenticated"

    @property
    def http_status(self) -> int:
        """HTTP status of a unary error response with this code (Connect spec, "Error Codes")."""
        return _CODE_TO_HTTP[self]

    @classmethod
    def from_string(cls, value: str) -> Code | None:
        """The code named ``value`` on the wire, or None if it names none."""
        return _BY_NAME.get(value)


_CODE_TO_HTTP: Mapping[Code, int] = types.MappingProxyType(
    {
        Code.CANCELED: 499,
        Code.UNKNOWN: 500,
        Code.INVALID_ARGUMENT: 400,
        Code.DEADLINE_EXCEEDED: 504,
        Code.NOT_FOUND: 404,
        Code.ALREADY_EXISTS: 409,
        Code.PERMISSION_DENIED: 403,
        Code.RESOURCE_EXHAUSTED: 429,
        Code.FAILED_PRECONDITION: 400,
        Code.ABORTED: 409,
        Code.OUT_OF_RANGE: 400,
        Code.UNIMPLEMENTED: 501,
        Code.INTERNAL: 500,
        Code.UNAVAILABLE: 503,
        Code.DATA_LOSS: 500,
        Code.UNAUTHENTICATED: 401,
    }
)
_BY_NAME: Mapping[str, Code] = types.MappingProxyType({code.value: code for code in Code})

# Connect spec, "HTTP to Error Code": for responses that are not Connect errors (proxies, other servers).
_HTTP_TO_CODE: Mapping[int, Code] = types.MappingProxyType(
    {
        400: Code.INTERNAL,
        401: Code.UNAUTHENTICATED,
        403: Code.PERMISSION_DENIED,
        404: Code.UNIMPLEMENTED,
        429: Code.UNAVAILABLE,
        502: Code.UNAVAILABLE,
        503: Code.UNAVAILABLE,
        504: Code.UNAVAILABLE,
    }
)


def code_from_http_status(status: int) -> Code:
    """The code a client infers from an HTTP status whose body is not a Connect error."""
    return _HTTP_TO_CODE.get(status, Code.UNKNOWN)


@attrs.frozen
class ErrorDetail:
    """A self-describing error detail: a serialized protobuf message and its fully-qualified type name.

    ``type_name`` is the short name ("google.rpc.RetryInfo"), never the ``type.googleapis.com/`` URL.
    """

    type_name: str = attrs.field(validator=attrs.validators.instance_of(str))
    value: bytes = attrs.field(validator=attrs.validators.instance_of(bytes))

    def __attrs_post_init__(self) -> None:
        if not self.type_name or "/" in self.type_name:
            raise ValueError(f"type_name must be a bare message name, got {self.type_name!r}")

    @property
    def type_url(self) -> str:
        return _TYPE_URL_PREFIX + self.type_name


class LocalProtocolError(Exception):
    """We misused the codec (a bug on our side); never sent to the peer."""


#: the most of an exception's text an `internal` error carries
INTERNAL_TEXT_CHARS = 500


class ConnectError(Exception):
    """A Connect error: code, message, details and metadata (headers/trailers sent along with it).

    Read-only once built. (Not an attrs class: exceptions get attributes such as ``__notes__`` set on them,
    which a frozen attrs class would refuse.)
    """

    __slots__ = ("_code", "_details", "_message", "_metadata")

    def __init__(
        self,
        code: Code,
        message: str = "",
        *,
        details: Iterable[ErrorDetail] = (),
        metadata: Metadata | None = None,
    ) -> None:
        if not isinstance(code, Code):
            raise TypeError(f"code must be a Code, got {code!r}")
        if not isinstance(message, str):
            raise TypeError(f"message must be a str, got {message!r}")
        details = tuple(details)
        for detail in details:
            if not isinstance(detail, ErrorDetail):
                raise TypeError(f"details must be ErrorDetail, got {detail!r}")
        super().__init__(code, message)
        self._code = code
        self._message = message
        self._details = details
        self._metadata: Mapping[str, tuple[str, ...]] = types.MappingProxyType(normalize_metadata(metadata))

    @property
    def code(self) -> Code:
        return self._code

    @property
    def message(self) -> str:
        return self._message

    @property
    def details(self) -> tuple[ErrorDetail, ...]:
        return self._details

    @property
    def metadata(self) -> Mapping[str, tuple[str, ...]]:
        """Lowercase name -> values; sent as headers (unary) or merged into trailers (streams)."""
        return self._metadata

    @classmethod
    def internal(cls, error: BaseException) -> ConnectError:
        """`internal`, for an exception that is our bug: its type and text (at most `INTERNAL_TEXT_CHARS`,
        and only its type if its text cannot even be made)."""
        try:
            text = str(error)[:INTERNAL_TEXT_CHARS]
        except Exception:  # an exception whose __str__ fails is as arbitrary as the one it describes
            text = "(its message could not be read)"
        return cls(Code.INTERNAL, f"cursord internal error: {type(error).__name__}: {text}")

    def with_metadata(self, metadata: Metadata) -> ConnectError:
        """A copy with ``metadata`` appended to this error's metadata."""
        merged: dict[str, tuple[str, ...]] = dict(self._metadata)
        for name, values in normalize_metadata(metadata).items():
            merged[name] = merged.get(name, ()) + values
        return ConnectError(self._code, self._message, details=self._details, metadata=merged)

    def __str__(self) -> str:
        return f"[{self._code.value}] {self._message}" if self._message else f"[{self._code.value}]"

    def __repr__(self) -> str:
        return f"ConnectError({self._code}, {self._message!r}, details={self._details!r})"


# --- JSON -------------------------------------------------------------------------------------------------


def error_to_wire(err: ConnectError) -> dict[str, object]:
    """The JSON-ready dict of an error (without metadata)."""
    wire: dict[str, object] = {"code": err.code.value}
    if err.message:
        wire["message"] = err.message
    if err.details:
        wire["details"] = [{"type": d.type_name, "value": encode_binary_header(d.value)} for d in err.details]
    return wire


def error_to_json(err: ConnectError) -> bytes:
    """The unary error body. ASCII JSON, so no message content can make rendering fail."""
    return json.dumps(error_to_wire(err), separators=(",", ":")).encode("ascii")


def _detail_from_wire(obj: object) -> ErrorDetail:
    if not isinstance(obj, dict):
        raise ValueError(f"error detail is not an object: {obj!r}")
    type_name, value = obj.get("type"), obj.get("value")
    if not isinstance(type_name, str) or not isinstance(value, str):
        raise ValueError("error detail needs string 'type' and 'value'")
    type_name = type_name.rpartition("/")[2]
    if not type_name:
        raise ValueError("error detail has an empty type")
    return ErrorDetail(type_name, decode_binary_header(value))


def error_from_wire(obj: object, *, metadata: NormalizedMetadata | None = None) -> ConnectError:
    """Build an error from its decoded JSON. Raises ValueError if ``obj`` is not a Connect error.

    Unrecognized codes become `Code.UNKNOWN` (spec). ``metadata`` must already be filtered
    (`filter_peer_metadata`).
    """
    if not isinstance(obj, dict):
        raise ValueError("error is not a JSON object")
    code_name = obj.get("code")
    if not isinstance(code_name, str):
        raise ValueError("error has no string 'code'")
    message = obj.get("message", "")
    if message is None:
        message = ""
    if not isinstance(message, str):
        raise ValueError("error 'message' is not a string")
    raw_details = obj.get("details", [])
    if raw_details is None:
        raw_details = []
    if not isinstance(raw_details, list):
        raise ValueError("error 'details' is not a list")
    details = [_detail_from_wire(d) for d in raw_details]
    code = Code.from_string(code_name) or Code.UNKNOWN
    return ConnectError(code, message, details=details, metadata=metadata)


def error_from_json(data: bytes, *, metadata: NormalizedMetadata | None = None) -> ConnectError:
    """Parse a unary error body. Raises ValueError if it is not a Connect error."""
    try:
        obj = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"error body is not JSON: {exc}") from None
    return error_from_wire(obj, metadata=metadata)


def error_from_http_response(
    status: int, body: bytes, *, metadata: NormalizedMetadata | None = None
) -> ConnectError:
    """The error a client sees for a non-200 unary response: the Connect error in the body if there is one,
    else a code inferred from the HTTP status (`code_from_http_status`)."""
    try:
        return error_from_json(body, metadata=metadata)
    except ValueError:
        return ConnectError(code_from_http_status(status), f"HTTP status {status}", metadata=metadata)
