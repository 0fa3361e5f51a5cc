"""Request headers and Connect metadata (response headers and trailers).

Two shapes meet here:

* **Request headers** arrive ASGI-style, as ``(name, value)`` byte pairs. `Headers` is a read-only view that
  looks names up case-insensitively and folds repeated fields into one comma-separated value (RFC 9110 5.3),
  so a duplicated ``content-type`` simply fails to match rather than being silently half-read.
* **Metadata** is what handlers attach to responses and errors: lowercase names mapped to one or more string
  values. It becomes HTTP headers (unary and stream starts), ``trailer-``-prefixed headers (unary trailers) or
  the ``metadata`` object of a stream's end-stream message. Names ending in ``-bin`` carry base64 values; use
  `encode_binary_header` / `decode_binary_header`.

Metadata built by us is validated (`normalize_metadata` raises `ValueError`: a local bug); metadata read from
a peer is filtered (`filter_peer_metadata` drops what is not well-formed) so that a peer can never make us
raise while we are handling its error.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence

__all__ = [
    "Headers",
    "Metadata",
    "NormalizedMetadata",
    "decode_binary_header",
    "encode_binary_header",
    "filter_peer_metadata",
    "is_reserved_header",
    "merge_metadata",
    "metadata_to_headers",
    "normalize_metadata",
]

#: What callers pass: name -> one value or a sequence of values.
Metadata = Mapping[str, str | Sequence[str]]
#: What we store: lowercase name -> tuple of values.
NormalizedMetadata = dict[str, tuple[str, ...]]

_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9a-z]+")
_BAD_VALUE_CHARS = re.compile(r"[\r\n\x00]")

# Headers the protocol layer owns: metadata may not set them (Connect, content framing, hop-by-hop fields).
_RESERVED = frozenset(
    {
        "accept-encoding",
        "accept-post",
        "allow",
        "connection",
        "content-encoding",
        "content-length",
        "content-type",
        "host",
        "keep-alive",
        "proxy-connection",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
    }
)
_RESERVED_PREFIXES = ("connect-", "trailer-", "grpc-", ":")


class Headers:
    """Case-insensitive, read-only view over request headers given as ``(name, value)`` byte pairs."""

    __slots__ = ("_fields", "raw")

    def __init__(self, raw: Iterable[tuple[bytes, bytes]]) -> None:
        self.raw: tuple[tuple[bytes, bytes], ...] = tuple(raw)
        fields: dict[str, list[str]] = {}
        for name, value in self.raw:
            key = name.decode("latin-1").strip().lower()
            fields.setdefault(key, []).append(value.decode("latin-1").strip())
        self._fields = fields

    @classmethod
    def coerce(cls, headers: Headers | Iterable[tuple[bytes, bytes]]) -> Headers:
        return headers if isinstance(headers, Headers) else cls(headers)

    def get(self, name: str) -> str | None:
        """The field's value, repeated fields joined with ``", "``; None when absent."""
        values = self._fields.get(name.lower())
        return None if values is None else ", ".join(values)

    def get_all(self, name: str) -> list[str]:
        return list(self._fields.get(name.lower(), ()))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._fields

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __repr__(self) -> str:
        return f"Headers({self.raw!r})"


def is_reserved_header(name: str) -> bool:
    """True for header names the Connect layer sets itself (metadata may not carry them)."""
    name = name.lower()
    return name in _RESERVED or name.startswith(_RESERVED_PREFIXES)


def _values(name: str, value: str | Sequence[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, bytes | bytearray):
        raise TypeError(f"metadata {name!r}: values must be str, not bytes (base64 them for -bin keys)")
    return tuple(value)


def _check_value(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"metadata {name!r}: value {value!r} is not a str")
    if _BAD_VALUE_CHARS.search(value):
        raise ValueError(f"metadata {name!r}: value contains CR, LF or NUL")
    try:
        value.encode("latin-1")
    except UnicodeEncodeError:
        raise ValueError(f"metadata {name!r}: value is not latin-1 encodable") from None
    return value


def _is_header_safe(value: str) -> bool:
    if _BAD_VALUE_CHARS.search(value):
        return False
    try:
        value.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def normalize_metadata(metadata: Metadata | None) -> NormalizedMetadata:
    """Validate and lowercase metadata we are about to send. Raises ValueError/TypeError on misuse."""
    out: NormalizedMetadata = {}
    if not metadata:
        return out
    for raw_name, raw_value in metadata.items():
        if not isinstance(raw_name, str):
            raise TypeError(f"metadata name {raw_name!r} is not a str")
        name = raw_name.lower()
        if not _TOKEN.fullmatch(name):
            raise ValueError(f"metadata name {raw_name!r} is not a valid HTTP field name")
        values = tuple(_check_value(name, v) for v in _values(name, raw_value))
        out[name] = out.get(name, ()) + values
    return out


def filter_peer_metadata(metadata: object) -> NormalizedMetadata:
    """Keep the well-formed entries of metadata a peer sent (a JSON object of name -> list of strings)."""
    out: NormalizedMetadata = {}
    if not isinstance(metadata, dict):
        return out
    for raw_name, raw_values in metadata.items():
        if not isinstance(raw_name, str) or not isinstance(raw_values, list):
            continue
        name = raw_name.lower()
        if not _TOKEN.fullmatch(name):
            continue
        values = tuple(v for v in raw_values if isinstance(v, str) and _is_header_safe(v))
        if values:
            out[name] = out.get(name, ()) + values
    return out


def merge_metadata(*parts: NormalizedMetadata) -> NormalizedMetadata:
    """Concatenate values name by name, in order."""
    out: NormalizedMetadata = {}
    for part in parts:
        for name, values in part.items():
            out[name] = out.get(name, ()) + values
    return out


def metadata_to_headers(
    metadata: NormalizedMetadata, *, prefix: str = "", strict: bool = True
) -> list[tuple[bytes, bytes]]:
    """Render metadata as header pairs (optionally ``trailer-``-prefixed).

    Reserved names (see `is_reserved_header`) raise ValueError when ``strict`` (metadata we were handed to
    send), or are dropped when not (metadata carried by an error, which must render no matter what).
    """
    out: list[tuple[bytes, bytes]] = []
    for name, values in metadata.items():
        if is_reserved_header(name):
            if strict:
                raise ValueError(f"metadata may not set the protocol header {name!r}")
            continue
        key = (prefix + name).encode("latin-1")
        out.extend((key, value.encode("latin-1")) for value in values)
    return out


def encode_binary_header(value: bytes) -> str:
    """Base64 (standard alphabet, unpadded) for a ``-bin`` metadata value."""
    return base64.b64encode(value).decode("ascii").rstrip("=")


def decode_binary_header(value: str) -> bytes:
    """Decode a ``-bin`` value or an error detail: standard or URL-safe alphabet, padded or not."""
    text = value.strip()
    if "-" in text or "_" in text:
        text = text.replace("-", "+").replace("_", "/")
    text += "=" * (-len(text) % 4)
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise ValueError(f"invalid base64: {exc}") from None
